"""Plain-Python twin of ``kernels.claimable``, straight from the rules in ``claims.py``."""

from __future__ import annotations

from collections import Counter

import numpy as np

from solver.race.claims import _spell


def claimable(words: tuple[str, ...], table_cards: list[str]) -> np.ndarray:
    """The most cards (0: none) that spell each word, by the rules."""
    table = tuple(sorted(Counter(table_cards).items()))
    return np.array([len(_spell(word, table) or ()) for word in words], dtype=np.int8)
