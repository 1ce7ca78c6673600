"""A MY WORD! bot of one's own: the claim with the most cards, called after a steady 2 s.

The built-in bots think longer the more cards are on the table; this one takes 2 seconds
whatever the table, and never calls a wrong word. Benchmark it against the built-ins with
one command:

    myword race bench --players hard,medium,examples/race_steady.py:look --games 40
"""

import random

from solver.race.index import claims
from solver.race.seats import Call, RaceView

THINKING = 2.0  # seconds after each change of the table


def look(view: RaceView, rng: random.Random) -> Call | None:
    best = claims(list(view.table), "all", view.lang, top=1)
    return Call(best[0].word, THINKING) if best else None
