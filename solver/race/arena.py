"""MY WORD! for the arena: its ``Rules`` (``solver.arena.protocol``) and a new game from a
seed, so that the generic loop (``solver.arena.loop``), a tournament's workers and the
engine protocol (``solver.arena.engine``) all play the race one way.

A seat is a built-in level (``hard``, ``medium:wait``...), a bot of one's own
(``plugins``: an entry point, ``module:attr`` or ``path/to/file.py:attr``), or, through
``solver.arena.seats.named``, ``engine:COMMAND ARGS``. Its move is a ``Call`` or a
``Wait``, on JSON ``{"kind": "call", "word": "cats", "after": 1.5}`` or
``{"kind": "wait"}``; its view is ``RaceView`` (the table, the cards to deal, the cards
won this round, the race's time, the language).
"""

from __future__ import annotations

from typing import Any

from solver.arena.seats import InProcess
from solver.race.calls import Move, RaceView, move_from_json
from solver.race.deck import Deck, load_deck
from solver.race.seats import seated
from solver.race.state import DEFAULT_PACE, Event, RaceState, event_from_json


class RaceRules:
    """MY WORD!'s ``Rules``."""

    name = "race"

    def view_from_json(self, document: dict[str, Any]) -> RaceView:
        return RaceView.from_json(document)

    def move_from_json(self, document: dict[str, Any]) -> Move:
        return move_from_json(document)

    def event_from_json(self, document: dict[str, Any]) -> Event:
        return event_from_json(document)

    def seat(self, name: str) -> InProcess:
        return seated(name)


RULES = RaceRules()


def new_state(
    seed: int,
    players: int = 2,
    deck: Deck | str | None = None,
    lang: str | None = None,
    pace: float = DEFAULT_PACE,
) -> RaceState:
    """A new game of ``players`` seats, its packs shuffled from ``seed``; ``deck`` and
    ``lang`` meet in ``load_deck`` (no deck: the language's own; no language: the
    deck's)."""
    return RaceState(players, load_deck(deck, lang), seed, pace)
