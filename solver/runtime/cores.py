"""The cores this process may use, without importing numba: the command line caps
``--workers`` with it at start-up, and ``solver.runtime.threads`` sizes its thread pool with it."""

from __future__ import annotations

import os

WORKERS_PER_CORE = 4  # local worker processes allowed per usable core (--workers)


def usable_cores() -> int:
    """Cores this process may run on (its CPU affinity, which containers and ``taskset``
    narrow), not every core of the machine."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most local worker processes a tournament may start: a few per usable core
    (more only add start-up time and memory; ``--workers 1000`` started hundreds)."""
    return WORKERS_PER_CORE * usable_cores()
