"""What's My Word?: rules, candidate filtering and the solver that picks the next Guessword.

Public API: ``score`` and ``marking`` (the rules), sheets, and the functions re-exported
below. Kernels (numba) load only when a solver needs them.
"""

from solver.deduce.rules import (
    BONUS,
    Mark,
    Row,
    Sheet,
    default_sheet,
    load_sheet,
    marking,
    parse_sheet,
    possible_scores,
    score,
)

__all__ = [
    "BONUS",
    "Mark",
    "Row",
    "Sheet",
    "default_sheet",
    "load_sheet",
    "marking",
    "parse_sheet",
    "possible_scores",
    "score",
]
