"""What the cards on a table give, letter by letter, before any word is searched.

Computed once per claim with numpy and read by the kernel (``kernels.best_cards``) and by
its numpy twin (``vectorized.py``) alike. Why here and not in the kernel: it is a handful of
sums over a 27-letter alphabet, and in the kernel its copy and sums (with the scratch
allocations, now made by the wrapper too) cost Numba over a second of compiling in a fresh
install (docs/performance.md, "First run").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TableLetters:
    available: np.ndarray  # (alphabet,) int64: single cards plus the doubles' letters
    mask: int  # bit per letter the table holds on a single card or a double
    total: int  # letters all the cards can spell at most, wilds included
    wild_letters: int  # letters the wild cards can stand for ('?' one, '??' two)


def table_letters(singles, first, second, doubles, wild, double_wild) -> TableLetters:
    """The letters a table of cards gives (see ``index.encode_table`` for the arguments).
    Plain Python over a handful of cards: a claim's search calls this for every block of
    words, where numpy's per-call overheads made it slower."""
    available = [int(n) for n in singles.tolist()]
    mask = 0
    for letter, held in enumerate(available):
        if held > 0:
            mask |= 1 << letter
    total = sum(available)
    for a, b, copies in zip(first.tolist(), second.tolist(), doubles.tolist(), strict=True):
        available[a] += copies
        available[b] += copies
        mask |= (1 << a) | (1 << b)
        total += 2 * copies
    wild_letters = int(wild) + 2 * int(double_wild)
    return TableLetters(
        np.array(available, dtype=np.int64), mask, total + wild_letters, wild_letters
    )
