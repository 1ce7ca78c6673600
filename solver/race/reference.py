"""Plain-Python twin of ``kernels.claimable``, straight from the rules in ``claims.py``."""

from __future__ import annotations

from collections import Counter

import numpy as np

from solver.race.claims import MIN_CARDS, most_cards_spelling


def claimable(words: tuple[str, ...], table_cards: list[str]) -> np.ndarray:
    """The most cards that spell each word in a claim (0: no claim of 3 cards or more)."""
    table = tuple(sorted(Counter(table_cards).items()))
    most = [len(most_cards_spelling(word, table) or ()) for word in words]
    return np.array([n if n >= MIN_CARDS else 0 for n in most], dtype=np.int8)
