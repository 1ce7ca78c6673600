"""Plain-Python twin of ``kernels.claimable``, straight from the rules in ``claims.py``."""

from __future__ import annotations

from collections import Counter

import numpy as np

from solver.race.claims import _spell
from solver.race.deck import is_wild


def claimable(words: tuple[str, ...], table_cards: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Most cards (0: none) and fewest wilds at that, for every word, by the rules."""
    table = tuple(sorted(Counter(table_cards).items()))
    best = np.zeros(len(words), dtype=np.int8)
    wilds = np.zeros(len(words), dtype=np.int8)
    for i, word in enumerate(words):
        cards = _spell(word, table)
        if cards:
            best[i] = len(cards)
            wilds[i] = sum(is_wild(c) for c in cards)
    return best, wilds
