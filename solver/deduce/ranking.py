"""Ranking guesses by value, the same way everywhere: best first, ties to the lower index.

Vocabularies run to 15,000 words and only a handful of the best are wanted, so the best
are picked with a partial sort; the order is the one a stable full sort would give, so
that the same position always gives the same Guessword.
"""

from __future__ import annotations

import numpy as np


def top_indices(values: np.ndarray, count: int) -> np.ndarray:
    """Indices of the ``count`` largest values, largest first, ties by lower index: the
    same order as a stable sort, without sorting the whole vocabulary."""
    if count >= len(values):
        return np.lexsort((np.arange(len(values)), -values))
    threshold = np.partition(values, len(values) - count)[len(values) - count]
    candidates = np.flatnonzero(values >= threshold)
    order = np.lexsort((candidates, -values[candidates]))
    return candidates[order][:count]
