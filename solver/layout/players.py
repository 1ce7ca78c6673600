"""My Word (1980) players. ``random`` and ``greedy`` live in ``game.py`` beside the loop;
this module holds ``beam``: a short search over the player's own next turn.

For each of the ``WIDTH`` plays that score most now, the beam player samples ``SAMPLES``
draws from the cards it has not seen (the deck less the layout and its own hand: it never
looks at the pack or at other hands) and scores its best play on the next turn with the
sampled hand. A play is worth its points now plus the mean of those next-turn points. In a
game with others it also samples the next player's hand from the unseen cards and takes
off ``OPPONENT_WEIGHT`` times the best points that hand could score on the new layout:
a move that opens a rich spot for the next player is worth less.
"""

from __future__ import annotations

import random

from solver.layout.board import Placement, placements
from solver.layout.game import GameState, legal_plays

WIDTH = 6
SAMPLES = 4
OPPONENT_WEIGHT = 0.5


def _unseen(state: GameState, player: int) -> list[int]:
    on_table = {number for _, stack in state.layout.stacks for number in stack}
    mine = set(state.hands[player])
    return [c.number for c in state.deck.cards if c.number not in on_table and c.number not in mine]


def _best_points(state: GameState, layout, hand: list[int]) -> int:
    best = 0
    for number in hand:
        for spot in placements(layout, state.deck, state.card(number), state.easy):
            best = max(best, spot.points)
    return best


def beam_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    plays = legal_plays(state, player)
    if not plays:
        return "knock", state.hands[player][0], None
    ranked = sorted(plays, key=lambda item: -item[1].points)[:WIDTH]
    unseen = _unseen(state, player)
    others = len(state.hands) > 1
    best_value, best_play = None, ranked[0]
    for number, spot in ranked:
        layout = state.layout.place(spot.position, number)
        hand = [n for n in state.hands[player] if n != number]
        future = 0.0
        for _ in range(SAMPLES):
            draw = [rng.choice(unseen)] if unseen and state.pack else []
            future += _best_points(state, layout, hand + draw)
            if others and unseen:
                theirs = rng.sample(
                    unseen, min(len(unseen), len(state.hands[(player + 1) % len(state.hands)]))
                )
                future -= OPPONENT_WEIGHT * _best_points(state, layout, theirs)
        value = spot.points + future / SAMPLES
        if best_value is None or value > best_value:
            best_value, best_play = value, (number, spot)
    return "play", best_play[0], best_play[1]
