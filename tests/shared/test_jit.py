"""Numba's cache folder: the user's choice, else a folder myword can write, never none."""

from pathlib import Path

import pytest

from solver import cachedir, jit


def test_numba_cache_dir_is_respected(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert jit.cache_dir() == tmp_path / "mine"


def test_the_users_cache_folder_under_the_version(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr("platformdirs.user_cache_dir", lambda name: str(tmp_path / name))
    folder = jit.cache_dir()
    assert folder == tmp_path / "myword" / cachedir.version() / "numba" and folder.is_dir()


def test_an_unwritable_home_falls_back_to_a_private_temporary_folder(
    monkeypatch, tmp_path: Path
) -> None:
    """A read-only install with an empty or read-only HOME once failed every kernel with
    'no locator available'."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("")  # a folder cannot be made under a file, even by root
    monkeypatch.setattr("platformdirs.user_cache_dir", lambda name: str(blocker / name))
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    folder = jit.cache_dir()
    assert folder is not None and folder.is_relative_to(tmp_path / "tmp") and folder.is_dir()


@pytest.mark.kernels
def test_kernels_are_imported_with_the_cache_folder_chosen() -> None:
    import os

    from solver.deduce import kernels  # noqa: F401

    assert os.environ.get("NUMBA_CACHE_DIR")


# Threads: a setting, capped by the cores, and one thread for small work (README "Threads").


def test_threads_default_to_the_usable_cores(monkeypatch) -> None:
    monkeypatch.delenv("MYWORD_THREADS", raising=False)
    assert jit.configured_threads() == jit.usable_cores() >= 1


@pytest.mark.parametrize(
    ("setting", "expected"), [("1", 1), ("10000", None), ("0", 1), ("x", None)]
)
def test_the_threads_setting_never_exceeds_the_cores(monkeypatch, setting, expected) -> None:
    monkeypatch.setenv("MYWORD_THREADS", setting)
    assert jit.configured_threads() == (expected or jit.usable_cores())


def test_small_work_runs_on_one_thread_and_large_on_the_setting(monkeypatch) -> None:
    import numba

    monkeypatch.delenv("MYWORD_THREADS", raising=False)
    pool = min(jit.usable_cores(), numba.config.NUMBA_NUM_THREADS)
    try:
        assert jit.use_threads(999, parallel_from=1000) == 1 == numba.get_num_threads()
        assert jit.use_threads(1000, parallel_from=1000) == pool == numba.get_num_threads()
        monkeypatch.setenv("MYWORD_THREADS", "1")
        assert jit.use_threads(10**9, parallel_from=1000) == 1 == numba.get_num_threads()
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


def _environment_after_import(**env: str) -> list[str]:
    import os
    import subprocess
    import sys

    variables = {"OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "NUMBA_NUM_THREADS", "MYWORD_THREADS"}
    clean = {k: v for k, v in os.environ.items() if k not in variables}
    code = "import os, solver.jit; e = os.environ; "
    code += "print(e.get('GOMP_SPINCOUNT', '-'), e['NUMBA_NUM_THREADS'])"
    done = subprocess.run(
        [sys.executable, "-c", code], env=clean | env, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_openmp_threads_spin_briefly_and_the_pool_follows_the_setting() -> None:
    """OpenMP threads spinning a millisecond made deduce bench 1.4 times slower on a busy
    machine; the user's own OpenMP and Numba settings win."""
    assert _environment_after_import(MYWORD_THREADS="1") == [jit.SPIN_COUNT, "1"]
    assert _environment_after_import()[0] == jit.SPIN_COUNT
    assert _environment_after_import(OMP_WAIT_POLICY="active", NUMBA_NUM_THREADS="2") == [
        "-",
        "2",
    ]
    assert _environment_after_import(GOMP_SPINCOUNT="10")[0] == "10"


def test_tournament_workers_use_one_thread(monkeypatch) -> None:
    import os

    from solver import arena

    monkeypatch.setenv("MYWORD_THREADS", "2")
    arena.one_thread()
    try:
        assert os.environ["MYWORD_THREADS"] == "1" and jit.configured_threads() == 1
    finally:
        import numba

        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


@pytest.mark.kernels
def test_kernel_threads_never_take_the_stop_signals() -> None:
    """Taken by a pool thread, SIGTERM or SIGHUP did not wake a game waiting at a prompt
    (a hang found by tests/shared/test_signals.py). Every thread but the main one must
    block them."""
    import os
    import signal
    import subprocess
    import sys

    code = """
import os, numpy as np
from solver.deduce import kernels
from solver import lexicon
c, g = lexicon.word_codes(6, "familiar")[:300], lexicon.word_codes(4, "all")[:1000]
kernels.guess_statistics(c, np.full(300, 1 / 300), g, 1, False)
main = os.getpid()
for task in sorted(os.listdir("/proc/self/task")):
    status = open(f"/proc/self/task/{task}/status").read()
    blocked = next(l for l in status.splitlines() if l.startswith("SigBlk:")).split()[1]
    print(int(task) == main, int(blocked, 16))
"""
    env = os.environ | {"MYWORD_THREADS": "2", "NUMBA_NUM_THREADS": "2"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    threads = [line.split() for line in done.stdout.splitlines()]
    others = [int(mask) for is_main, mask in threads if is_main == "False"]
    assert others, "the kernel started no thread"
    wanted = sum(1 << (s - 1) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
    assert all(mask & wanted == wanted for mask in others), threads
