"""SIGTERM and SIGHUP save a game in progress like Ctrl-C (a real process, real signals)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solver.ui import signals

HANG_SECONDS = 300.0
BENCH = [sys.executable, "-m", "cli", "deduce", "bench", "--games", "3000"]
GAME = ["deduce", "play", "--rounds", "1", "--seed", "3", "--hints", "off"]


def _running(pid: int) -> bool:
    """A process that exists and is not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def test_exit_status_is_the_shells() -> None:
    assert signals.exit_status(KeyboardInterrupt()) == 130
    assert signals.exit_status(signals.Interrupted(signal.SIGTERM)) == 143
    assert signals.exit_status(signals.Interrupted(signal.SIGHUP)) == 129


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_at_a_prompt_saves_the_game(tmp_path: Path, signum: int) -> None:
    save = tmp_path / "g.json"
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", *GAME, "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    shown = _collected(process.stdout)
    process.stdin.write("ballet\nso\n")
    process.stdin.flush()
    # At the prompt: the first rows played and saved, and the next row asked for.
    _wait_until(
        lambda: (
            save.exists()
            and '"guess": "so"' in save.read_text()
            and "Row 2: your 3-letter Guessword" in "".join(shown)
        ),
        "the game at row 2's prompt",
    )
    process.send_signal(signum)
    process.wait(timeout=60)  # stdin stays open: an end of input must not race the signal
    out, err = "".join(shown), process.stderr.read()
    assert process.returncode == 128 + signum, err
    assert "Game saved to" in out and "Traceback" not in err
    from solver.deduce import session

    assert session.load(save)["rounds"][0]["you"][0]["guess"] == "so"


@pytest.mark.parametrize(  # two worker processes: CI's second step
    "workers", ["1", pytest.param("2", marks=pytest.mark.heavy)]
)
def test_a_signal_stops_a_tournament_in_one_line_with_no_process_left(
    workers: str, tmp_path: Path
) -> None:
    # Games enough that the signal comes while they are played: 200 took 8 s once, and
    # about 6 s since the endgame search got faster, so a fixed wait missed the workers.
    table = tmp_path / "games.csv"
    process = subprocess.Popen(
        [*BENCH, "--workers", workers, "--csv", str(table)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Into the games: the workers started, and games played (the CSV's first block written).
    _wait_until(
        lambda: (
            (workers == "1" or _children(process.pid))
            and table.exists()
            and table.stat().st_size > 0
        ),
        "games played",
    )
    children = _children(process.pid)
    assert process.poll() is None  # still playing
    assert len(children) >= int(workers) - 1  # the worker processes, while they play
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 143 and "Stopped." in err and "Traceback" not in err
    # No worker left behind (each gone soon after; a hang fails the wait).
    _wait_until(lambda: not [pid for pid in children if _running(pid)], "the workers gone")


def test_a_signal_while_the_bot_thinks_in_a_kernel_saves_the_game(tmp_path, monkeypatch):
    """Raised inside a Numba kernel, Ctrl-C comes out as a SystemError: the game is still
    saved, as at a prompt."""
    from click.testing import CliRunner

    import cli
    from solver.deduce import session
    from solver.deduce.ui import lines

    def thinking(state, console, path):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise SystemError("CPUDispatcher returned a result with an exception set") from stop

    monkeypatch.setattr(lines, "play", thinking)
    save = tmp_path / "g.json"
    result = CliRunner().invoke(cli.main, ["deduce", "play", "--rounds", "1", "--save", str(save)])
    assert result.exit_code == 130 and "Game saved to" in result.output
    assert session.load(save)["round"] == 0


def test_a_swallowed_stop_signal_still_ends_the_program() -> None:
    """Closing the terminal during a first game's compile left `myword play` waiting for
    ever (the Interrupted raised inside the compile was swallowed): the program now ends
    by itself soon after SIGTERM or SIGHUP, with the signal's status."""
    code = (
        "import os, signal, time\n"
        "from solver.ui import signals\n"
        "signals.GRACE_SECONDS = 0.5\n"
        "with signals.as_interrupts():\n"
        "    try:\n"
        "        os.kill(os.getpid(), signal.SIGHUP)\n"
        "        time.sleep(5)\n"
        "    except KeyboardInterrupt:\n"
        "        pass  # swallowed, as a compile did\n"
        "    time.sleep(30)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=20)
    assert done.returncode == 128 + signal.SIGHUP


def _wait_until(condition, what: str) -> None:
    """Poll ``condition`` until it holds: a test waits for a condition, never for a time
    (HANG_SECONDS only tells a hang from a slow machine)."""
    end = time.monotonic() + HANG_SECONDS
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.05)  # how often to look, not how long to wait


def _collected(stream) -> list[str]:
    """What ``stream`` prints, gathered by a thread as it comes (read while waiting)."""
    shown: list[str] = []

    def gather() -> None:
        for chunk in iter(lambda: stream.read(1), ""):
            shown.append(chunk)

    threading.Thread(target=gather, daemon=True).start()
    return shown


def _children(pid: int) -> list[int]:
    listed = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(child) for child in listed.stdout.split()]


# Each play command in line mode, and what it prints once it waits for the person: a
# signal sent then must stop it with the shell's status for that signal. ``race play``
# exited 130 for SIGTERM and SIGHUP (its own KeyboardInterrupt dropped the signal).
LINE_MODE_GAMES = {
    "race play": (["race", "play", "--plain", "--seed", "3"], "Table:"),
    "race play --json": (["race", "play", "--json", "--seed", "3"], "Table:"),
    "deduce assist": (["deduce", "assist", "--plain", "--save", "{save}"], "Gameword"),
    "layout play": (
        ["layout", "play", "--plain", "--seed", "3", "--save", "{save}"],
        "(help for commands)",
    ),
}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
@pytest.mark.parametrize(
    "game",
    [  # a process each: race play (the one that was wrong) in the suite, the others heavy
        game if game == "race play" else pytest.param(game, marks=pytest.mark.heavy)
        for game in sorted(LINE_MODE_GAMES)
    ],
)
def test_every_line_mode_game_exits_with_the_signals_status(
    tmp_path: Path, game: str, signum: int
) -> None:
    arguments, prompt = LINE_MODE_GAMES[game]
    arguments = [a.replace("{save}", str(tmp_path / "g.json")) for a in arguments]
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    on_json = "--json" in arguments  # the race on stderr, its document on stdout
    watched, other = (
        (process.stderr, process.stdout) if on_json else (process.stdout, process.stderr)
    )
    shown = _collected(watched)
    _wait_until(lambda: prompt in "".join(shown), f"{game} waiting for the person")
    process.send_signal(signum)
    process.wait(timeout=60)  # stdin stays open: an end of input must not race the signal
    rest = other.read()
    assert process.returncode == 128 + signum, rest
    assert "Traceback" not in "".join(shown) + rest
    if on_json:  # still one document, saying how the race ended
        assert json.loads(rest)["ended"] == "interrupted"
