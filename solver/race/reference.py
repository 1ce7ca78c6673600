"""Plain-Python twins straight from the rules in ``claims.py``: of ``kernels.claimable``
(the most cards of every word) and of ``claims.most_cards_spelling`` (the best spelling of
one word). Slow on purpose: they try every spelling, so that tests can hold the fast paths
to them."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np

from solver.race.claims import MIN_CARDS
from solver.race.deck import DOUBLE_WILD, WILD, is_wild


def claimable(words: tuple[str, ...], table_cards: list[str]) -> np.ndarray:
    """The most cards that spell each word in a claim (0: no claim of 3 cards or more)."""
    table = tuple(sorted(Counter(card.lower() for card in table_cards).items()))
    most = [len(most_cards_spelling(word, table) or ()) for word in words]
    return np.array([n if n >= MIN_CARDS else 0 for n in most], dtype=np.int8)


@cache
def most_cards_spelling(word: str, table: tuple[tuple[str, int], ...]) -> tuple[str, ...] | None:
    """Best card sequence for ``word`` from a table (as sorted (card, count) pairs): every
    spelling is tried, each card in turn at each letter (its single card, a double, ``?``,
    ``??``), and the best kept: the most cards, then the fewest wilds, then the first."""
    counts = dict(table)

    @cache
    def best_from(position: int, used: tuple[tuple[str, int], ...]) -> tuple[str, ...] | None:
        if position == len(word):
            return ()
        taken = dict(used)
        options = [
            (word[position], 1),
            (word[position : position + 2], 2),
            (WILD, 1),
            (DOUBLE_WILD, 2),
        ]
        best: tuple[str, ...] | None = None
        for card, width in options:
            if position + width > len(word) or counts.get(card, 0) - taken.get(card, 0) <= 0:
                continue
            if width == 2 and not is_wild(card) and len(card) != 2:
                continue
            now = dict(taken)
            now[card] = now.get(card, 0) + 1
            rest = best_from(position + width, tuple(sorted(now.items())))
            if rest is None:
                continue
            candidate = (card, *rest)
            if best is None or _better(candidate, best):
                best = candidate
        return best

    return best_from(0, ())


def _better(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """More cards, then fewer wilds; the first found wins a full tie."""
    wilds_one = sum(is_wild(c) for c in one)
    wilds_other = sum(is_wild(c) for c in other)
    return (len(one), -wilds_one) > (len(other), -wilds_other)
