"""Which path scores a piece of advice: numpy (``vectorized.py``) or the Numba kernels.

Why: a new process pays Numba's start-up before a kernel's first answer (importing Numba,
then loading each cached kernel: a noticeable part of a second), while the advice on a
short history (``myword deduce advise``) is a few million scorings: numpy does them in
milliseconds. So work goes to numpy while Numba has not been imported and the work is under
the size at which numpy would take about as long as Numba's start-up; past it, or once
Numba is loaded (a game, a benchmark, a large search), the kernels, always faster per
scoring, do it. Both paths give the same numbers to the last bit (tests hold them equal),
so the choice never changes the advice.

The sizes (``*_NUMPY_UNTIL``) are the break-even measured by
``bench/test_warm_start_bench.py::test_numpy_against_numba_per_work``, rounded down: Numba's
start-up in a new process over numpy's time per unit of work (the runs and their figures:
docs/performance.md, "Start-up"). Load slows both alike, so the ratio holds on a busy
machine.
"""

from __future__ import annotations

import sys

# Work under which numpy answers before Numba could have started (see the docstring).
SCORINGS_NUMPY_UNTIL = 10_000_000  # history_mismatches, score_matrix, guess_statistics
LOOKAHEAD_NUMPY_UNTIL = 100_000_000  # candidates x guesses x next row's guesses


def numpy_pays(work: int, until: int) -> bool:
    """Whether numpy should do ``work``: Numba is not loaded and the work is under
    ``until``."""
    return "numba" not in sys.modules and work < until


def history_mismatches(candidates, guesses, guess_lengths, offsets, last_rows, heard_units):
    """For each candidate, how many rows of a history it would have scored differently."""
    arrays = (candidates, guesses, guess_lengths, offsets, last_rows, heard_units)
    if numpy_pays(candidates.shape[0] * guesses.shape[0], SCORINGS_NUMPY_UNTIL):
        from solver.deduce import vectorized

        return vectorized.history_mismatches(*arrays)
    from solver.deduce import kernels

    return kernels.history_mismatches(*arrays)


def score_against(candidates, guess, offset, last_row):
    """Units each candidate Gameword would give this guess: shape (n,)."""
    if numpy_pays(candidates.shape[0], SCORINGS_NUMPY_UNTIL):
        from solver.deduce import vectorized

        return vectorized.score_against(candidates, guess, offset, last_row)
    from solver.deduce import kernels

    return kernels.score_against(candidates, guess, offset, last_row)


def guess_statistics(candidates, weights, guesses, offset, last_row):
    """Expected units and entropy (bits) of the score heard, for every guess."""
    if numpy_pays(candidates.shape[0] * guesses.shape[0], SCORINGS_NUMPY_UNTIL):
        from solver.deduce import vectorized

        return vectorized.guess_statistics(candidates, weights, guesses, offset, last_row)
    from solver.deduce import kernels

    return kernels.guess_statistics(candidates, weights, guesses, offset, last_row)


def score_matrix(candidates, guesses, offset, last_row):
    """Units of every guess against every candidate: shape (n, m)."""
    if numpy_pays(candidates.shape[0] * guesses.shape[0], SCORINGS_NUMPY_UNTIL):
        from solver.deduce import vectorized

        return vectorized.score_matrix(candidates, guesses, offset, last_row)
    from solver.deduce import kernels

    return kernels.score_matrix(candidates, guesses, offset, last_row)


def lookahead_units(candidates, weights, guesses, offset, last_row, next_units):
    """For each guess: the expected units of the best next-row guess."""
    arrays = (candidates, weights, guesses, offset, last_row, next_units)
    work = candidates.shape[0] * guesses.shape[0] * next_units.shape[1]
    if numpy_pays(work, LOOKAHEAD_NUMPY_UNTIL):
        from solver.deduce import vectorized

        return vectorized.lookahead_units(*arrays)
    from solver.deduce import kernels

    return kernels.lookahead_units(*arrays)
