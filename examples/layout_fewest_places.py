"""A My Word (1980) player of one's own: play the card with the fewest places first.

A card that fits few places now may fit none later, so it goes first; among its places,
the one that scores most. Without a play, it knocks the card that fits nowhere. Benchmark
it against the built-ins with one command:

    myword layout bench --players greedy,examples/layout_fewest_places.py:move --games 40
"""

import random

from solver.layout.seats import Knock, LayoutView, Play, legal_plays


def move(view: LayoutView, rng: random.Random) -> Play | Knock:
    plays = legal_plays(view)
    if not plays:
        return Knock(view.hand[0])
    places: dict[int, int] = {}
    for play in plays:
        places[play.card] = places.get(play.card, 0) + 1
    return min(plays, key=lambda play: (places[play.card], -play.placement.points))
