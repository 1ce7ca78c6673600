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
    from solver import lexicon
    from solver.deduce import vectorized

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


def test_race_numpy_against_numba(benchmark) -> None:
    """A claim's numpy path per word bounded and per word solved in Python, against
    Numba's start-up: the limits ``race/index.py`` keeps numpy to."""
    from solver.race import vectorized
    from solver.race.index import encode_table, parse_table, word_table

    vocabulary = word_table("all", "en")
    table = encode_table(parse_table(HAND), "en")
    arrays = vocabulary.kernel_arrays(slice(0, 40_000))
    bound, _ = vectorized.bounds(*arrays, *table)
    searched = np.flatnonzero(bound >= 3)[:300]

    def bounds_and_searches() -> None:
        vectorized.bounds(*arrays, *table)

    benchmark.pedantic(bounds_and_searches, rounds=5, iterations=1, warmup_rounds=1)
    per_word = benchmark.stats.stats.median / len(vocabulary.lengths[:40_000])
    singles = {i: int(n) for i, n in enumerate(table[0].tolist()) if n}
    pairs = {(int(a), int(b)): int(n) for a, b, n in zip(*table[1:4], strict=True)}
    started = time.perf_counter()
    for i in searched.tolist():
        word = tuple(arrays[0][i, : arrays[1][i]].tolist())
        vectorized.most_cards(word, singles, pairs, table[4], table[5], 0)
    per_search = (time.perf_counter() - started) / len(searched)
    numba = _median_seconds(NUMBA_START) - _median_seconds(NUMPY_START)
    benchmark.extra_info |= {
        "numba_start_s": round(numba, 3),
        "numpy_us_per_word_bounded": round(per_word * 1e6, 3),
        "python_us_per_word_solved": round(per_search * 1e6, 1),
        "crossover_words": int(numba / per_word),
        "crossover_solved": int(numba / per_search),
    }
    print(f"\n{benchmark.extra_info}")
