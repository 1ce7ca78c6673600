"""Warm start-up of the interactive commands: the whole process, as a person runs it.

    pytest bench/test_warm_start_bench.py --benchmark-only

Each command runs once before it is timed (the word tables, the word index and Numba's
cache are then on disk: warm), then in 5 rounds of a new process each; ``python -c pass``
and ``python -c "import numpy"`` are the floors, measured in the same run, since a busy
machine slows everything alike. The peak memory of each command (its maximum resident set,
by ``/usr/bin/time``) is kept in the benchmark's ``extra_info`` (``--benchmark-json``) and
printed with ``-s``. Goals (issue 16, 2 idle cores): ``words check`` 0.10 s, ``deduce
advise`` with a history and ``race claim`` in either language 0.40 s.

The last two tests measure what ``deduce/scoring.py`` and ``race/index.py`` choose between:
numpy's time per unit of work, and Numba's start-up in a new process (import, then loading
a cached kernel), whose ratio is the size up to which numpy answers first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
# This checkout's code, whatever is installed (so that two checkouts compare with one
# environment); the ``myword`` script adds about a millisecond of its own.
MYWORD = [sys.executable, "-m", "cli"]
HAND = "C H ER O ST A P L E ? D"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import numpy'": [sys.executable, "-c", "import numpy"],
    "words check table": [*MYWORD, "words", "check", "table"],
    "deduce advise (a history)": [
        *MYWORD,
        "deduce",
        "advise",
        "--history",
        "SO 0, DEN 1250, EBB 1000",
    ],
    "race claim": [*MYWORD, "race", "claim", HAND],
    "race claim --lang es": [*MYWORD, "race", "claim", HAND, "--lang", "es"],
}


def run(command: list[str]) -> None:
    """Run a command to the end, its output discarded (as a pipe would take it)."""
    subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )


def peak_memory_mb(
    command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None
) -> float | None:
    """The command's maximum resident set, by ``/usr/bin/time`` (a small parent: a child
    of this process would count this process's memory too, shared until it executes the
    command); None without it."""
    if not Path("/usr/bin/time").exists():
        return None
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    return round(int(result.stderr.strip().splitlines()[-1]) / 1024, 1)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_warm_start(benchmark, name: str) -> None:
    command = COMMANDS[name]
    run(command)  # warm: tables, index and compiled kernels on disk
    peak = peak_memory_mb(command)
    benchmark.pedantic(run, (command,), rounds=5, iterations=1)
    benchmark.extra_info["max_rss_mb"] = peak
    benchmark.extra_info["load"] = round(os.getloadavg()[0], 2)
    print(f"\n{name}: peak memory {peak} MB, load {os.getloadavg()[0]:.2f}")


NUMBA_START = """
import time
started = time.perf_counter()
import numpy as np
from solver.deduce import kernels
words, guesses = np.zeros((2, 6), np.uint8), np.zeros((2, 3), np.uint8)
kernels.guess_statistics(words, np.ones(2) / 2, guesses, 0, False)
print(time.perf_counter() - started)
"""
NUMPY_START = """
import time
started = time.perf_counter()
import numpy as np
print(time.perf_counter() - started)
"""


def _median_seconds(script: str) -> float:
    found = []
    for _ in range(6):  # the first compiles or loads what the others find cached
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
        )
        found.append(float(result.stdout))
    return float(np.median(found[1:]))


def test_numpy_against_numba_per_work(benchmark) -> None:
    """numpy's advice kernels per scoring (a candidate against a guess), against the
    Numba start-up they save: the crossover ``deduce/scoring.py`` takes its sizes from.
    Two shapes: many candidates against a short row's guesses (what a short history asks),
    and fewer against the 10,710 words of the last row (numpy's slowest per scoring)."""
    from solver.deduce import vectorized
    from solver.wordtools import lexicon

    candidates = np.array(lexicon.word_codes(6, "familiar")[:1000])
    guesses = np.array(lexicon.word_codes(3, "core"))
    last_row = np.array(lexicon.word_codes(6, "all"))
    weights = np.full(len(candidates), 1 / len(candidates))
    next_units = vectorized.score_matrix(candidates, guesses, 3, False)
    shortlist = np.array(guesses[:8])

    def advice_work() -> None:
        vectorized.guess_statistics(candidates, weights, guesses, 2, False)
        vectorized.lookahead_units(candidates, weights, shortlist, 2, False, next_units)

    benchmark.pedantic(advice_work, rounds=5, iterations=1, warmup_rounds=1)
    per_scoring = 0.0
    for these, rows in ((guesses, len(candidates)), (last_row, 300)):
        started = time.perf_counter()
        vectorized.guess_statistics(candidates[:rows], weights[:rows], these, 0, False)
        per_scoring = max(per_scoring, (time.perf_counter() - started) / (rows * len(these)))
    lookahead = len(candidates) * len(shortlist) * next_units.shape[1]
    started = time.perf_counter()
    vectorized.lookahead_units(candidates, weights, shortlist, 2, False, next_units)
    per_lookahead = (time.perf_counter() - started) / lookahead
    numba = _median_seconds(NUMBA_START) - _median_seconds(NUMPY_START)
    benchmark.extra_info |= {
        "numba_start_s": round(numba, 3),
        "numpy_ns_per_scoring": round(per_scoring * 1e9, 1),
        "numpy_ns_per_lookahead_unit": round(per_lookahead * 1e9, 2),
        "crossover_scorings": int(numba / per_scoring),
        "crossover_lookahead": int(numba / per_lookahead),
    }
    print(f"\n{benchmark.extra_info}")


RACE_COSTS = (  # race/vectorized.py's costs, in the order the fit reports them
    "CALL_US",
    "MASK_US_PER_WORD",
    "COUNT_US_PER_WORD",
    "BOUND_US_PER_WORD",
    "BOUND_US_PER_WORD_AND_DOUBLE",
    "SOLVE_US_PER_WORD",
    "SOLVE_US_PER_STEP",
)


def _race_units(search) -> list[float]:
    """What ``search(budget)`` charges its budget for each of ``RACE_COSTS``, counted alone
    (that cost set to 1 µs, the others to nearly nothing)."""
    from solver.race import vectorized

    saved = {name: getattr(vectorized, name) for name in RACE_COSTS}
    units = []
    try:
        for name in RACE_COSTS:
            for cost in RACE_COSTS:
                setattr(vectorized, cost, 1.0 if cost == name else 1e-9)
            budget = vectorized.Budget(1e15)
            search(budget)
            units.append(1e15 - budget.left)
    finally:
        for name, cost in saved.items():
            setattr(vectorized, name, cost)
    return units


def test_race_numpy_against_numba(benchmark) -> None:
    """A claim's whole numpy search (``index.ranked_search``, top 10) on seeded tables of
    10-72 cards in both languages, against the work its budget counts: the costs of
    ``race/vectorized.py`` fitted to the times (least squares), the ratio of each search's
    time to its estimate under the costs in the code (above 1: the budget lets numpy run
    longer than it thinks), and Numba's start-up, which ``race/index.py``'s budget is set
    against."""
    import random

    from solver.race import builtin_deck, vectorized
    from solver.race.index import NUMPY_BUDGET_US, ranked_search

    tables = [
        (lang, random.Random(seed).sample(builtin_deck(lang).cards(), size))
        for lang in ("en", "es")
        for size in (10, 20, 30, 45, 60, 72)
        for seed in range(2)
    ]

    def search_all() -> None:
        for lang, table in tables:
            ranked_search(table, "all", lang, 10, vectorized.Budget(1e15))

    benchmark.pedantic(search_all, rounds=1, iterations=1, warmup_rounds=1)
    seconds, units, estimates = [], [], []
    for lang, table in tables:
        started = time.perf_counter()
        ranked_search(table, "all", lang, 10, vectorized.Budget(1e15))
        seconds.append((time.perf_counter() - started) * 1e6)
        units.append(
            _race_units(lambda budget, t=table, lg=lang: ranked_search(t, "all", lg, 10, budget))
        )
        costs = [getattr(vectorized, cost) for cost in RACE_COSTS]
        estimates.append(sum(n * c for n, c in zip(units[-1], costs, strict=True)))
    ratios = [s / e for s, e in zip(seconds, estimates, strict=True)]
    fitted, *_ = np.linalg.lstsq(np.array(units), np.array(seconds), rcond=None)
    numba = _median_seconds(NUMBA_START) - _median_seconds(NUMPY_START)
    benchmark.extra_info |= {
        "numba_start_s": round(numba, 3),
        "fitted_us": {c: round(float(f), 3) for c, f in zip(RACE_COSTS, fitted, strict=True)},
        "in_code_us": {c: getattr(vectorized, c) for c in RACE_COSTS},
        "time_over_estimate_median": round(float(np.median(ratios)), 2),
        "time_over_estimate_worst": round(max(ratios), 2),
        "searches_on_numpy": f"{sum(e <= NUMPY_BUDGET_US for e in estimates)} of {len(tables)}",
        "numpy_ms": [round(s / 1e3, 1) for s in seconds],
        "estimate_ms": [round(e / 1e3, 1) for e in estimates],
        "load": round(os.getloadavg()[0], 2),
    }
    print(f"\n{benchmark.extra_info}")
