"""How a play tells what the hand that made it held: the reader's likelihood of a play,
measured on beam's own games (``solver/layout/data/play-likelihood.json``).

The reader's belief (``solver/layout/belief.py``) weighs each card a seat has not seen by
how well "that card was in the mover's hand" explains the play the mover chose. Its first
model was a guess: a card that could have scored ``d`` points more than the play chosen
makes the hand exp(-0.25 d) as likely. This measures the factor instead. Beam plays beam
(seats rotated); at every play, for every card the other seat has not seen (the mover's
hand, the pack, any third hand; never the card just played), it records ``d``, the most
that card could score on the layout then less the points of the play chosen, and whether
the mover held it. The factor of a ``d`` is the odds of being held at that ``d`` over the
odds of all the cards seen at plays (only ratios between cards matter): the
posterior of a hand of fixed size is the prior times these odds ratios, card by card (the
cards' evidence taken as independent, as the belief's kernel takes it).

    python bench/layout_beam_likelihood.py --games 600 --seed 50000 --write
    python bench/layout_beam_likelihood.py --games 300 --players 4 --seed 60000

Without ``--write`` it prints the table; with it, it writes the data file the belief reads.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from pathlib import Path

import numpy as np

from solver.layout import kernels
from solver.layout.arrays import deck_arrays, grid_of
from solver.layout.belief import PlayLikelihoodDocument
from solver.layout.moves import Play
from solver.layout.players import beam_move
from solver.layout.state import deal

TABLE = Path(__file__).resolve().parent.parent / "solver" / "layout" / "data"
TABLE = TABLE / "play-likelihood.json"
SPAN = 30  # d is clipped to [-SPAN, SPAN]: beyond, too few cards to measure
PRIOR = 4.0  # pseudo-counts a bucket's odds are pulled toward the reference with


def observe(games: int, players: int, seed: int) -> tuple[Counter, Counter]:
    """Counts by ``d`` (None: the card could not be played) of cards held and not held by
    the mover, over every play of ``games`` games of beam against beam."""
    held: Counter = Counter()
    free: Counter = Counter()
    for g in range(games):
        state = deal(players, seed + g)
        move = 0
        while not state.over:
            seat = state.turn()
            view = state.view(seat)
            chosen = beam_move(view, random.Random((seed + g) * 1000 + move))
            if isinstance(chosen, Play):
                arrays = deck_arrays(view.deck)
                numbers = np.arange(arrays.edges.shape[0], dtype=np.int16)
                grid = grid_of(view.layout)
                bests = kernels.card_bests(
                    grid.cells, arrays.edges, arrays.points, numbers, not view.easy
                )
                hand = set(view.hand)
                laid = {c for _, stack in view.layout.stacks for c in stack}
                for observer in range(players):
                    if observer == seat:
                        continue
                    seen = laid | set(state.hands[observer])
                    for card in view.deck.cards:
                        number = card.number
                        if number in seen or number == chosen.card:
                            continue
                        best = int(bests[number])
                        d = (
                            None
                            if best < 0
                            else max(-SPAN, min(SPAN, best - chosen.placement.points))
                        )
                        (held if number in hand else free)[d] += 1
            state.apply(seat, chosen)
            move += 1
    return held, free


def factors(held: Counter, free: Counter) -> tuple[list[float], float]:
    """The log odds ratio of being held, for d = -SPAN..SPAN, against all the cards seen
    at plays, and the same for a card that could not be played at all (rare: nearly every
    card fits somewhere). Each bucket is pulled toward the overall odds by ``PRIOR``
    pseudo-counts, then the factors of d >= 0 made non-increasing (a card that could have
    scored more never makes the hand likelier than one that could have scored less: the
    measured odds are noisy where few cards are). Only ratios between cards matter (every
    hand of a seat has one size), so the reference is a choice."""
    all_held, all_free = sum(held.values()), sum(free.values())
    base = math.log(all_held / all_free)
    rate = all_held / (all_held + all_free)

    def odds(d: int | None) -> float:
        h = held[d] + PRIOR * rate
        f = free[d] + PRIOR * (1 - rate)
        return math.log(h / f) - base

    table = [odds(d) for d in range(-SPAN, SPAN + 1)]
    weights = [held[d] + free[d] + PRIOR for d in range(-SPAN, SPAN + 1)]
    table[SPAN:] = non_increasing(table[SPAN:], weights[SPAN:])
    return table, odds(None)


def non_increasing(values: list[float], weights: list[float]) -> list[float]:
    """The non-increasing sequence nearest ``values`` in weighted least squares (pool
    adjacent violators): a noisy bucket of few cards is pooled with its neighbours, not
    carried down the rest of the table as a running minimum would."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for value, weight in zip(values, weights, strict=True):
        blocks.append([value, weight, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            mean, weight, length = blocks.pop()
            last = blocks[-1]
            total = last[1] + weight
            last[0] = (last[0] * last[1] + mean * weight) / total
            last[1], last[2] = total, last[2] + length
    return [mean for mean, _, length in blocks for _ in range(int(length))]


def document(
    held: Counter, free: Counter, games: int, players: int, seed: int
) -> PlayLikelihoodDocument:
    """The data file's document (``belief.parse_play_likelihood`` reads it)."""
    table, unplayable = factors(held, free)
    return {
        "why": "the reader's likelihood of a play: bench/layout_beam_likelihood.py",
        "games": games,
        "players": players,
        "seed": seed,
        "span": SPAN,
        "log_factors": [round(v, 4) for v in table],
        "unplayable": round(unplayable, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument("--write", action="store_true", help="write the belief's data file")
    parser.add_argument("--out", type=Path, default=TABLE, help="where --write writes")
    args = parser.parse_args()
    held, free = observe(args.games, args.players, args.seed)
    written = document(held, free, args.games, args.players, args.seed)
    table = written["log_factors"]
    print(
        f"unplayable: held {held[None]}, not {free[None]}, log factor {written['unplayable']:+.2f}"
    )
    for d in range(-SPAN, SPAN + 1):
        if held[d] + free[d]:
            print(
                f"d {d:+3d}: held {held[d]:6d} of {held[d] + free[d]:7d}, log factor "
                f"{table[d + SPAN]:+.2f} (guess {-0.25 * max(d, 0):+.2f})"
            )
    if args.write:
        args.out.write_text(json.dumps(written, indent=1) + "\n")
        print(f"written {args.out}")


if __name__ == "__main__":
    main()
