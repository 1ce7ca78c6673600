"""Tournament workers fail loudly: a dead local worker ends the run in one line, no process
is left behind, and a Dask run with no worker left says so while it waits (real processes,
real signals)."""

from __future__ import annotations

import csv
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solver.arena import cluster, csvfile, processes
from solver.arena import tournament as arena

HANG_SECONDS = 300.0  # only tells a hang from a slow machine: nothing waits for a time
ROOT = Path(__file__).resolve().parents[2]
DASK_WORKER = [sys.executable, "-m", "distributed.cli.dask_worker"]


def _wait_until(condition, what: str) -> None:
    end = time.monotonic() + HANG_SECONDS
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.05)  # how often to look, not how long to wait


def _running(pid: int) -> bool:
    """A process that exists and is not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def _workers(pid: int) -> list[int]:
    """The worker processes of ``pid`` (not the resource tracker it also starts)."""
    listed = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    found = []
    for child in map(int, listed.stdout.split()):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            pass
    return found


def _games_in(path: Path) -> int:
    with path.open(newline="") as handle:
        return len({row["game"] for row in csv.DictReader(handle)})


def _bench(table: Path, games: int, **popen) -> subprocess.Popen:
    command = [sys.executable, "-m", "cli", "race", "bench", "--players", "hard,easy"]
    return subprocess.Popen(
        [*command, "--games", str(games), "--workers", "2", "--csv", str(table)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        **popen,
    )


def _playing(process: subprocess.Popen, table: Path) -> list[int]:
    """Wait until both workers run and the CSV holds a game; the workers' pids."""
    _wait_until(
        lambda: len(_workers(process.pid)) == 2 and table.exists() and _games_in(table) > 0,
        "both workers playing, a game written",
    )
    assert process.poll() is None, process.communicate()
    return _workers(process.pid)


def test_a_killed_worker_ends_the_run_in_one_line_with_no_process_left(tmp_path) -> None:
    """As the OOM killer would: SIGKILL one worker mid-run. multiprocessing.Pool waited for
    the lost chunk for ever; now the run ends with one line saying how the worker died,
    how many games the CSV holds and how to go on."""
    table = tmp_path / "tournament.csv"
    process = _bench(table, 16)
    workers = _playing(process, table)
    os.kill(workers[0], signal.SIGKILL)
    try:
        out, err = process.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the run hung after a worker died")
    assert process.returncode == 1, err
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    found = re.fullmatch(
        r"Error: a worker process died \(killed by signal 9 \(SIGKILL\), perhaps out of "
        r"memory\); (\d+) of 16 games are in (\S+); --resume (\S+) goes on",
        lines[0],
    )
    assert found, lines[0]
    assert found[2] == found[3] == str(table)
    assert int(found[1]) == _games_in(table)  # what it says is what the CSV holds
    _wait_until(lambda: not [pid for pid in workers if _running(pid)], "the workers gone")


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_workers_end_when_their_parent_is_killed(tmp_path) -> None:
    """A parent killed outright (SIGKILL: the OOM killer may pick it) cannot stop its
    workers: each one sees its parent gone and ends, rather than wait for ever."""
    table = tmp_path / "tournament.csv"
    process = _bench(table, 16)
    workers = _playing(process, table)
    process.kill()
    process.communicate(timeout=HANG_SECONDS)
    _wait_until(lambda: not [pid for pid in workers if _running(pid)], "the orphans gone")


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_ctrl_c_stops_the_workers_and_says_how_to_go_on(tmp_path) -> None:
    """Ctrl-C in a terminal reaches every process of the job: the workers leave it to the
    parent (no worker's traceback), which stops them and says how to resume."""
    table = tmp_path / "tournament.csv"
    process = _bench(table, 16, start_new_session=True)
    workers = _playing(process, table)
    os.killpg(process.pid, signal.SIGINT)  # the whole job, as a terminal sends it
    _, err = process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    held = _games_in(table)
    assert err.strip() == f"Stopped. {held} of 16 games are in {table}; --resume {table} goes on."
    _wait_until(lambda: not [pid for pid in workers if _running(pid)], "the workers gone")


def test_an_exit_is_said_in_words() -> None:
    assert processes.ended(-9) == "killed by signal 9 (SIGKILL), perhaps out of memory"
    assert processes.ended(-15) == "killed by signal 15 (SIGTERM)"
    assert processes.ended(3) == "exited with status 3"


def _scheduler_only():
    from distributed import LocalCluster

    return LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None)


class _Stop(KeyboardInterrupt):
    """Ctrl-C, pressed by the test once the run has said why it waits."""


def test_a_dask_run_with_no_worker_says_so_while_it_waits() -> None:
    """No worker at all: the run says so every wait_note_seconds (set small here), and
    Ctrl-C ends it there."""
    notes: list[str] = []

    def waiting(note: str) -> None:
        notes.append(note)
        if len(notes) == 2:
            raise _Stop

    spec = arena.tournament("layout", ["greedy", "random"], 4, 7)
    with _scheduler_only() as scheduler:
        address = scheduler.scheduler_address
        with pytest.raises(_Stop):
            arena.play(spec, scheduler=address, on_wait=waiting, wait_note_seconds=0.01)
    assert notes == [f"waiting for a Dask worker at {address}: none connected"] * 2


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_a_dask_run_whose_workers_are_killed_says_so_and_stops_on_ctrl_c(tmp_path) -> None:
    """Its only worker killed mid-run (SIGKILL, no nanny to start it again): the run goes
    on waiting, says so on stderr, and Ctrl-C ends it in one line that says how to go on."""
    table = tmp_path / "tournament.csv"
    with _scheduler_only() as scheduler:
        address = scheduler.scheduler_address
        worker = subprocess.Popen(
            [*DASK_WORKER, address, "--no-nanny", "--nthreads", "1", "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=os.environ | {"MYWORD_THREADS": "1"},
        )
        try:
            code = (
                "import sys\n"
                "from solver.arena import cluster\n"
                "cluster.WAIT_NOTE_SECONDS = 0.05\n"
                "import cli\n"
                "cli.main(sys.argv[1:])\n"
            )
            bench = ["race", "bench", "--players", "hard,easy", "--games", "12"]
            process = subprocess.Popen(
                [sys.executable, "-c", code, *bench, "--scheduler", address, "--csv", str(table)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
            )
            shown = _collected(process.stderr)
            _wait_until(lambda: table.exists() and _games_in(table) > 0, "a game played")
            worker.kill()
            note = f"waiting for a Dask worker at {address}: none connected (Ctrl-C stops; "
            _wait_until(lambda: note in "".join(shown), "the run saying why it waits")
            process.send_signal(signal.SIGINT)
            process.wait(timeout=HANG_SECONDS)
        finally:
            worker.kill()
            worker.wait()
    err = "".join(shown)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line]  # "Stopped." follows a new line
    assert set(lines[:-1]) == {f"{note}--resume {table} goes on)"}
    held = _games_in(table)
    assert lines[-1] == f"Stopped. {held} of 12 games are in {table}; --resume {table} goes on."


def _collected(stream) -> list[str]:
    shown: list[str] = []

    def gather() -> None:
        for chunk in iter(lambda: stream.read(1), ""):
            shown.append(chunk)

    threading.Thread(target=gather, daemon=True).start()
    return shown


def test_a_chunk_that_killed_every_worker_it_was_given_is_one_line() -> None:
    """Dask plays a dead worker's chunk again elsewhere, up to its allowed failures; then
    the chunk fails with KilledWorker, which ends the run in one line."""
    from distributed import KilledWorker

    class Worker:
        address = "tcp://10.0.0.7:40000"

    class Failed:
        def result(self):
            raise KilledWorker("play_chunk-1", Worker(), 3)

    with pytest.raises(processes.WorkersLost) as lost:
        cluster._result(Failed(), (50, 100), "tcp://10.0.0.1:8786")
    assert str(lost.value) == (
        "Dask workers died 4 times playing games 50 to 99, the last at "
        "tcp://10.0.0.7:40000 (perhaps out of memory)"
    )


def test_chunks_start_where_a_resumed_tournament_goes_on() -> None:
    assert arena._chunks(0, 10, 1) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert arena._chunks(7, 10, 1) == [(7, 8), (8, 9), (9, 10)]
    assert csvfile.fingerprint(arena.tournament("race", ["hard"], 5, 1)) == csvfile.fingerprint(
        arena.tournament("race", ["hard"], 500, 1)
    )  # the number of games is not part of what a tournament is: more goes on


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_a_killed_worker_ends_an_exact_evaluation_in_one_line(tmp_path) -> None:
    """``deduce evaluate --workers 2`` walked its tree on a multiprocessing.Pool, which
    waits for ever for the subtree of a worker that died; it shares the tournament's
    workers now, and ends in one line."""
    command = [sys.executable, "-m", "cli", "deduce", "evaluate", "--strategy", "lookahead"]
    process = subprocess.Popen(
        [*command, "--length", "7", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    _wait_until(lambda: len(_workers(process.pid)) == 2, "both workers walking")
    workers = _workers(process.pid)
    os.kill(workers[0], signal.SIGKILL)
    try:
        out, err = process.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the walk hung after a worker died")
    assert process.returncode == 1 and out == "" and "Traceback" not in err, err
    assert err.strip().splitlines()[-1] == (
        "Error: a worker process died (killed by signal 9 (SIGKILL), perhaps out of memory)"
    )
    _wait_until(lambda: not [pid for pid in workers if _running(pid)], "the workers gone")
