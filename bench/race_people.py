"""Simulated people for MY WORD!: the person model of ``solver/race/people.py`` with a
person's parameters (``docs/race-people.md`` says where each comes from), seated as bots
of one's own, so that anyone can race them against the levels::

    myword race bench --players bench/race_people.py:casual,easy --games 400

- ``casual``: spots a common short word in 3 s (the issue's scripted newcomer), knows the
  familiar words, types 35 words a minute, 3% wrong calls.
- ``average``: 2.2 s, familiar words and some rarer ones, 50 words a minute (the mean
  of Dhakal et al. 2018), 2% wrong calls.
- ``strong``: 1.5 s (the issue's fast strong player), the common dictionary, 80 words a
  minute, 1% wrong calls.

Each is a ``Person``: ``look(view, rng)`` plays the level's move (``bots.move``: its call,
or a misread in its stead), so a simulated person makes mistakes as a level does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solver.race.bots import RaceBot, move
from solver.race.calls import Call, RaceView, Wait
from solver.race.people import typing_seconds

_SHAPE = {"look_noise": 0.3, "word_noise": 0.5, "patience": 0.4}


@dataclass(frozen=True)
class Person:
    """A simulated person: the model's parameters, played as a bot of one's own."""

    model: RaceBot

    def look(self, view: RaceView, rng: random.Random) -> Call | None:
        chosen = move(self.model, view, rng)
        return None if isinstance(chosen, Wait) else chosen


PEOPLE = {
    "casual": RaceBot(
        "casual", "familiar", 3.0, 0.05, 0.03, rarity=0.55, length=0.28, known_zipf=3.0,
        per_key=typing_seconds(35), **_SHAPE,
    ),
    "average": RaceBot(
        "average", "core", 2.2, 0.05, 0.02, rarity=0.5, length=0.25, known_zipf=2.7,
        per_key=typing_seconds(50), **_SHAPE,
    ),
    "strong": RaceBot(
        "strong", "core", 1.5, 0.04, 0.01, rarity=0.4, length=0.2, known_zipf=2.0,
        per_key=typing_seconds(80), **_SHAPE,
    ),
}  # fmt: skip

casual = Person(PEOPLE["casual"])
average = Person(PEOPLE["average"])
strong = Person(PEOPLE["strong"])
