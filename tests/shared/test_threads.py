"""Threads: a setting capped by the cores, one thread for small work, and the same answers
on any number of threads (docs/performance.md, "Threads")."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys

import numpy as np
import pytest

from solver.runtime import threads


def test_threads_default_to_the_usable_cores(monkeypatch) -> None:
    monkeypatch.delenv("MYWORD_THREADS", raising=False)
    assert threads.configured_threads() == threads.usable_cores() >= 1


@pytest.mark.parametrize(
    ("setting", "expected"), [("1", 1), ("10000", None), ("0", 1), ("x", None)]
)
def test_the_threads_setting_never_exceeds_the_cores(monkeypatch, setting, expected) -> None:
    monkeypatch.setenv("MYWORD_THREADS", setting)
    assert threads.configured_threads() == (expected or threads.usable_cores())


def test_small_work_runs_on_one_thread_and_large_on_the_setting(monkeypatch) -> None:
    monkeypatch.delenv("MYWORD_THREADS", raising=False)
    monkeypatch.setattr(threads, "usable_cores", lambda: 4)
    assert threads.use_threads(999, parallel_from=1000) == 1
    assert threads.use_threads(1000, parallel_from=1000) == 4
    monkeypatch.setenv("MYWORD_THREADS", "1")
    assert threads.use_threads(10**9, parallel_from=1000) == 1


def test_tournament_workers_use_one_thread(monkeypatch) -> None:
    from solver.arena import tournament as arena

    monkeypatch.setenv("MYWORD_THREADS", "2")
    arena.one_thread()
    assert os.environ["MYWORD_THREADS"] == "1" and threads.configured_threads() == 1


def _rows(start: int, stop: int) -> np.ndarray:
    return np.arange(start, stop) * 10


def _rows_and_squares(start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    rows = np.arange(start, stop)
    return rows, rows**2


@pytest.mark.parametrize("rows", [0, 1, 2, 3, 7, 100])
@pytest.mark.parametrize("count", [1, 2, 3])
def test_split_rows_joins_the_slices_in_order(rows: int, count: int) -> None:
    np.testing.assert_array_equal(threads.split_rows(rows, count, _rows), np.arange(rows) * 10)
    found = threads.split_rows(rows, count, _rows_and_squares)
    assert isinstance(found, tuple) and len(found) == 2
    np.testing.assert_array_equal(found[0], np.arange(rows))
    np.testing.assert_array_equal(found[1], np.arange(rows) ** 2)


def test_split_rows_runs_one_slice_per_thread_at_most() -> None:
    seen: list[tuple[int, int]] = []

    def run(start: int, stop: int) -> np.ndarray:
        seen.append((start, stop))
        return np.zeros(stop - start)

    threads.split_rows(10, 3, run)
    assert sorted(seen) == [(0, 3), (3, 6), (6, 10)]
    seen.clear()
    threads.split_rows(2, 3, run)  # never an empty slice
    assert sorted(seen) == [(0, 1), (1, 2)]


def test_an_error_in_a_pool_thread_reaches_the_caller() -> None:
    def run(start: int, stop: int) -> np.ndarray:
        if start > 0:
            raise ValueError("from the pool")
        return np.zeros(stop - start)

    with pytest.raises(ValueError, match="from the pool"):
        threads.split_rows(4, 2, run)


def _split_in_child(queue) -> None:
    queue.put(threads.split_rows(6, 2, _rows).tolist())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
# Forking a process with threads is what this test is about: Python 3.12+ warns of it
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_a_forked_child_starts_a_pool_of_its_own() -> None:
    """The parent's pool threads do not exist in a forked child (tournament workers): work
    handed to them would wait forever."""
    threads.split_rows(6, 2, _rows)  # the parent's pool is running
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_split_in_child, args=(queue,))
    child.start()
    child.join(timeout=60)
    assert child.exitcode == 0
    assert queue.get(timeout=5) == [0, 10, 20, 30, 40, 50]


# Every kernel whose wrapper splits its rows: the same answer, to the bit, on 1, 2 and 3
# threads (3 cuts the rows unevenly).
@pytest.mark.kernels
@pytest.mark.parametrize("count", [2, 3])
def test_every_split_kernel_gives_the_same_answer_on_any_threads(monkeypatch, count) -> None:
    from solver.deduce import kernels as deduce
    from solver.race import kernels as race
    from solver.race.index import encode_table, word_table
    from solver.wordtools import lexicon

    pool, guesses = lexicon.word_codes(6, "familiar")[:301], lexicon.word_codes(4, "all")[:203]
    weights = np.random.default_rng(7).random(301)
    weights /= weights.sum()
    units = deduce.score_matrix(pool, lexicon.word_codes(5, "familiar")[:67], 1, False)
    table = word_table("all", "en")
    cards = encode_table(["c", "h", "er", "o", "st", "a", "p", "l", "e", "?", "d"], "en")
    calls = {
        "guess_statistics": lambda: deduce.guess_statistics(pool, weights, guesses, 1, False),
        "score_matrix": lambda: deduce.score_matrix(pool, guesses, 1, False),
        "lookahead_units": lambda: deduce.lookahead_units(
            pool, weights, guesses[:41], 1, False, units
        ),
        "best_cards": lambda: race.best_cards(*table.kernel_arrays(slice(0, 20011)), *cards, 3),
    }
    monkeypatch.setenv("MYWORD_THREADS", "1")
    alone = {name: call() for name, call in calls.items()}
    monkeypatch.setenv("MYWORD_THREADS", str(count))
    monkeypatch.setattr(threads, "usable_cores", lambda: count)
    for name in ("GUESS_STATISTICS", "SCORE_MATRIX", "LOOKAHEAD"):
        monkeypatch.setattr(deduce, f"{name}_PARALLEL_FROM", 0)
    monkeypatch.setattr(race, "BEST_CARDS_PARALLEL_FROM", 0)
    split: list[tuple[int, int]] = []
    splitting = threads.split_rows

    def watched(rows, how_many, run):
        split.append((rows, how_many))
        return splitting(rows, how_many, run)

    monkeypatch.setattr(deduce, "split_rows", watched)
    monkeypatch.setattr(race, "split_rows", watched)
    for name, call in calls.items():
        split.clear()
        found = call()
        assert split and split[0][1] == count, name  # the rows really were split
        for one, many in zip(np.atleast_1d(alone[name]), np.atleast_1d(found), strict=True):
            np.testing.assert_array_equal(one, many, err_msg=name)
            assert np.asarray(one).dtype == np.asarray(many).dtype, name


@pytest.mark.kernels
def test_kernel_threads_never_take_the_stop_signals() -> None:
    """Taken by a pool thread, SIGTERM or SIGHUP did not wake a game waiting at a prompt
    (a hang found by tests/shared/test_signals.py). Every thread but the main one must
    block them."""
    code = """
import os, numpy as np
from solver.runtime import threads
threads.usable_cores = lambda: 2
from solver.deduce import kernels
from solver.wordtools import lexicon
c, g = lexicon.word_codes(6, "familiar")[:300], lexicon.word_codes(4, "all")[:1000]
kernels.guess_statistics(c, np.full(300, 1 / 300), g, 1, False)
main = os.getpid()
for task in sorted(os.listdir("/proc/self/task")):
    status = open(f"/proc/self/task/{task}/status").read()
    blocked = next(l for l in status.splitlines() if l.startswith("SigBlk:")).split()[1]
    print(int(task) == main, int(blocked, 16))
"""
    # OpenBLAS's one thread, as the myword command starts it (cli.run sets this: importing
    # solver no longer does, so here it is set as the command would)
    env = os.environ | {"MYWORD_THREADS": "2", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    found = [line.split() for line in done.stdout.splitlines()]
    others = [int(mask) for is_main, mask in found if is_main == "False"]
    assert others, "the kernel started no thread"
    wanted = sum(1 << (s - 1) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
    assert all(mask & wanted == wanted for mask in others), found
