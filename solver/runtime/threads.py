"""Threads for the kernels: slices of a kernel's rows run at once on a pool of Python threads.

Why not Numba's ``parallel=True``: a parallel kernel took several times as long to compile
as the same loop serial, and starting OpenMP's pool cost more on top (docs/performance.md,
"First run"), which a fresh install, an upgrade or any edit to a kernels file
pays before the first game. So every kernel is serial and releases the GIL (``nogil``),
and its wrapper cuts the rows (guesses, candidates or words, each computed alone) into one
slice per thread: this thread runs the first slice while the pool runs the others. Each
row is computed as before, so the answers are the same to the last bit on any number of
threads (tests/shared/test_threads.py holds every kernel to it).

When threads pay. Handing a slice to a pool thread costs tens to hundreds of microseconds
(the thread must wake), and on a busy machine a second thread fights other programs for
the cores; so a call runs on one thread unless its work passes the size measured to pay
(``use_threads``; docs/performance.md, "Threads"), and never on more threads than the
cores this process may use (or ``MYWORD_THREADS``, the ``--threads`` setting;
tournament workers set 1).

Signals. The pool's threads block Ctrl-C, SIGTERM and SIGHUP as the first thing they do,
so that the main thread takes them: taken by another thread, a signal did not wake a
game waiting at a prompt, which then neither saved nor stopped (tests/shared/test_signals.py).
A forked child (tournament workers) starts a pool of its own when it needs one.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from solver.runtime.cores import usable_cores

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

THREADS_VARIABLE = "MYWORD_THREADS"  # the --threads setting, inherited by worker processes
SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def configured_threads() -> int:
    """Threads a kernel may use: ``MYWORD_THREADS`` (the ``--threads`` setting) when it is
    a whole number from 1, never more than the usable cores; else the usable cores."""
    cores = usable_cores()
    try:
        wanted = int(os.environ.get(THREADS_VARIABLE, ""))
    except ValueError:  # unset or not a number (the CLI refuses it before we get here)
        return cores
    return max(1, min(wanted, cores))


def use_threads(work: int, parallel_from: int) -> int:
    """Threads for a kernel call of ``work``: one under ``parallel_from`` (the size from
    which threads paid on 2 cores, busy or idle), else the configured threads."""
    return 1 if work < parallel_from else configured_threads()


def split_rows(rows: int, threads: int, run: Callable[[int, int], Any]) -> Any:
    """``run(start, stop)`` over ``range(rows)`` cut into ``threads`` slices of about equal
    size, the first in this thread and the others on the pool at the same time, joined in
    order along the first axis (``run`` returns an array, or a tuple of arrays joined
    one by one). On one thread (or one row) this is ``run(0, rows)`` itself."""
    parts = max(1, min(threads, rows))
    if parts == 1:
        return run(0, rows)
    bounds = [rows * i // parts for i in range(parts + 1)]
    pool = _pool()
    futures = [pool.submit(run, bounds[i], bounds[i + 1]) for i in range(1, parts)]
    results = [run(bounds[0], bounds[1])] + [future.result() for future in futures]
    import numpy as np

    if isinstance(results[0], tuple):
        return tuple(np.concatenate(column) for column in zip(*results, strict=True))
    return np.concatenate(results)


_executor: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        from concurrent.futures import ThreadPoolExecutor

        _executor = ThreadPoolExecutor(
            max_workers=max(1, usable_cores() - 1),
            thread_name_prefix="myword-kernel",
            initializer=_block_stop_signals,
        )
    return _executor


def _block_stop_signals() -> None:
    """Run first in each pool thread: leave Ctrl-C, SIGTERM and SIGHUP to the main thread."""
    import signal

    if hasattr(signal, "pthread_sigmask"):  # POSIX
        signal.pthread_sigmask(
            signal.SIG_BLOCK, {getattr(signal, name) for name in SIGNALS if hasattr(signal, name)}
        )


def _forget_pool() -> None:
    """In a forked child the parent's pool threads do not exist: start another if needed."""
    global _executor
    _executor = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)
