"""Numba, imported once for every kernel module, after choosing where compiled code is cached.

Numba caches compiled kernels beside their sources by default. An installed myword may sit
in a folder nobody can write (system site-packages, a container, another user's install):
Numba then looks for a user-wide folder, and with none usable (an empty or read-only HOME)
every ``@njit(cache=True)`` fails with "no locator available". So unless the user chose a
folder with ``NUMBA_CACHE_DIR``, myword gives Numba one: the user's cache folder
(platformdirs), under the installed version, or a private folder in the temporary
directory when that cannot be written. Caches of different versions and install paths
never mix (Numba mirrors each source's path under the folder and checks its time stamp).

Threads. On 2 cores, a ``parallel=True`` kernel given a few thousand scorings spends more on
handing work to its threads than it saves, and on a busy machine OpenMP's idle threads,
which spin for about a millisecond before they sleep, fight the other programs for the
cores (``deduce bench`` ran 1.4 times slower than on one thread, README "Threads"). So idle
threads spin only briefly (``GOMP_SPINCOUNT`` 3000, unless the user set it or
``OMP_WAIT_POLICY``), the pool never holds more threads than the cores this process may use
(or ``MYWORD_THREADS``, the ``--threads`` setting), and each kernel call runs on one thread
unless its work passes the size measured to pay on 2 cores (``use_threads``).

Signatures. Numba compiles a kernel again for every new combination of argument types,
and an array's type holds its layout (a strided slice is not C-contiguous), whether it is
read-only (the lexicon's cached codes, a memory-mapped table) and its dtype. Each extra
signature cost seconds of compiling in a fresh process (a read-only pool 3.5 s), so each
kernel's Python wrapper passes its arrays through ``kernel_array`` and its scalars through
``int`` and ``bool``: every kernel compiles under one signature, the one ``myword warm``
compiles (tests/shared/test_warm.py holds it).

Kernel modules import ``njit`` and ``prange`` from here, never from numba directly.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from solver import cachedir
from solver.cores import usable_cores

if TYPE_CHECKING:
    import numpy as np

THREADS_VARIABLE = "MYWORD_THREADS"  # the --threads setting, inherited by worker processes
# Spins of an idle OpenMP thread before it sleeps (GNU OpenMP's default is 300,000, about a
# millisecond). Measured with ``deduce bench --games 10`` on 2 cores (README "Threads"):
# 3,000 keeps most of the gain of spinning on an idle machine and most of the gain of
# sleeping at once (``OMP_WAIT_POLICY=passive``) on a busy one.
SPIN_COUNT = "3000"


def cache_dir() -> Path | None:
    """The folder for Numba's cache: ``NUMBA_CACHE_DIR`` when set, else the user's cache
    folder or a private temporary one (``cachedir``); None when none can be written (Numba
    then keeps to its own choice)."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured)
    return cachedir.user_folder("numba")


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
    """Set the threads of the next parallel kernel call in this thread: one when its
    ``work`` is under ``parallel_from`` (the size from which threads paid on 2 cores, busy
    or idle), else the configured threads. Returns the count set."""
    import numba

    threads = (
        1 if work < parallel_from else min(configured_threads(), numba.config.NUMBA_NUM_THREADS)
    )
    numba.set_num_threads(threads)
    if threads > 1 and not _pool_started:
        _start_pool_without_signals()
    return threads


_pool_started = False
SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def _start_pool_without_signals() -> None:
    """Start the kernels' thread pool with Ctrl-C, SIGTERM and SIGHUP blocked, so that its
    threads (which keep the mask they start with) never take those signals: taken by a pool
    thread, a signal would not wake the main thread from a blocking read, and a game
    waiting at a prompt would neither save nor stop."""
    global _pool_started
    import signal

    import numpy as np

    blocked = {getattr(signal, name) for name in SIGNALS if hasattr(signal, name)}
    if not hasattr(signal, "pthread_sigmask"):  # not POSIX
        _pool_started = True
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        _touch_every_thread(np.zeros(64, dtype=np.int64))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    _pool_started = True


def kernel_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``array`` as every kernel takes it: C-contiguous, of ``dtype`` (a ``np.dtype``) and
    read-only (no kernel writes its inputs). Read-only rather than writeable because the
    lexicon's cached pools are read-only and large: a read-only view costs the same at any
    size, where a writeable copy cost as much as the filter pass it fed. A view is made
    (or, for another layout or dtype, a copy) only when ``array`` is not already so."""
    if type(array) is _ndarray and array.dtype is dtype:
        flags = array.flags
        if flags.c_contiguous and not flags.writeable:
            return array
        view = array.view() if flags.c_contiguous else array.copy()
    else:
        import numpy as np

        view = np.array(array, dtype=dtype, order="C")
    view.flags.writeable = False
    return view


def _configure() -> None:
    folder = cache_dir()
    if folder is not None:
        os.environ["NUMBA_CACHE_DIR"] = str(folder)
    os.environ.setdefault("NUMBA_NUM_THREADS", str(configured_threads()))
    if "OMP_WAIT_POLICY" not in os.environ:  # GOMP_SPINCOUNT would override the user's policy
        os.environ.setdefault("GOMP_SPINCOUNT", SPIN_COUNT)


_configure()

from numba import njit, prange  # noqa: E402  (after the cache folder is chosen)
from numpy import ndarray as _ndarray  # noqa: E402  (numba has imported numpy already)


@njit(cache=True, parallel=True)
def _touch_every_thread(out):
    """A parallel loop that does nothing useful: running it starts the thread pool."""
    for i in prange(out.shape[0]):
        out[i] = i


__all__ = [
    "cache_dir",
    "configured_threads",
    "kernel_array",
    "njit",
    "prange",
    "usable_cores",
    "use_threads",
]
