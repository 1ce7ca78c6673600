"""Threads: each split kernel on one thread, on every thread, and as myword chooses.

    pytest bench/test_threads_bench.py --benchmark-only --benchmark-columns=median

Each kernel runs at a size under its threshold (``*_PARALLEL_FROM``) and one above it, in
three ways: ``one`` thread, ``all`` the usable cores (its rows split over them whatever the
work), and ``chosen`` (the wrapper, which picks one or all by the work;
``solver/runtime/threads.py``). On a machine with spare cores ``chosen`` should match the faster
of the other two at each size. To see the busy case, run it while other programs hold the
cores, for example

    for i in 1 2; do timeout 300 sh -c 'while :; do :; done' & done
    pytest bench/test_threads_bench.py --benchmark-only --benchmark-columns=median

The figures in docs/performance.md's "Threads" section come from these two runs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from solver.deduce import kernels as deduce_kernels
from solver.race import kernels as race_kernels
from solver.race.index import encode_table, word_table
from solver.wordtools import lexicon

POOL = lexicon.word_codes(6, "familiar")
GUESSES = lexicon.word_codes(4, "all")
NEXT = lexicon.word_codes(5, "familiar")


def _guess_statistics(n: int, m: int) -> tuple:
    return (POOL[:n], np.full(n, 1.0 / n), GUESSES[:m], 1, False)


def _score_matrix(n: int, m: int) -> tuple:
    return (POOL[:n], NEXT[:m], 1, False)


def _lookahead(n: int, m: int, m_next: int) -> tuple:
    units = deduce_kernels.score_matrix(POOL[:n], NEXT[:m_next], 1, False)
    return (POOL[:n], np.full(n, 1.0 / n), GUESSES[:m], 1, False, units)


def _race_args(words: int) -> tuple:
    table = word_table("all", "en")
    last = len(table.lengths)
    part = slice(last - words, last)
    cards = encode_table(["c", "h", "er", "o", "st", "a", "p", "l", "e", "?", "d"], "en")
    columns = table.kernel_arrays(part)
    return (*columns, *cards, 3)


# kernel name -> (wrapper, (its module, its threshold's name), {size label: arguments})
CASES: dict[str, tuple[Callable, tuple[object, str], dict[str, Callable[[], tuple]]]] = {
    "guess_statistics": (
        deduce_kernels.guess_statistics,
        (deduce_kernels, "GUESS_STATISTICS_PARALLEL_FROM"),
        {
            "50x200": lambda: _guess_statistics(50, 200),
            "300x1000": lambda: _guess_statistics(300, 1000),
        },
    ),
    "score_matrix": (
        deduce_kernels.score_matrix,
        (deduce_kernels, "SCORE_MATRIX_PARALLEL_FROM"),
        {"30x300": lambda: _score_matrix(30, 300), "300x1000": lambda: _score_matrix(300, 1000)},
    ),
    "lookahead_units": (
        deduce_kernels.lookahead_units,
        (deduce_kernels, "LOOKAHEAD_PARALLEL_FROM"),
        {
            "30x40x100": lambda: _lookahead(30, 40, 100),
            "1000x40x300": lambda: _lookahead(1000, 40, 300),
        },
    ),
    "best_cards": (
        race_kernels.best_cards,
        (race_kernels, "BEST_CARDS_PARALLEL_FROM"),
        {
            "5000 words": lambda: _race_args(5000),
            "whole table": lambda: _race_args(len(word_table("all", "en").lengths)),
        },
    ),
}


@pytest.mark.parametrize("threads", ["one", "all", "chosen"])
@pytest.mark.parametrize("size", ["small", "large"])
@pytest.mark.parametrize("kernel", list(CASES))
def test_threads(benchmark, monkeypatch, kernel: str, size: str, threads: str) -> None:
    wrapper, (module, threshold), sizes = CASES[kernel]
    label, make = list(sizes.items())[size == "large"]
    args = make()
    benchmark.extra_info["size"] = label
    expected = wrapper(*args)
    if threads == "one":
        monkeypatch.setenv("MYWORD_THREADS", "1")
    elif threads == "all":
        monkeypatch.delenv("MYWORD_THREADS", raising=False)
        monkeypatch.setattr(module, threshold, 0)
    found = benchmark(wrapper, *args)
    np.testing.assert_array_equal(np.hstack(found), np.hstack(expected))  # same answer
