"""SIGTERM and SIGHUP save a game in progress like Ctrl-C (a real process, real signals)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver import signals

GAME = ["deduce", "play", "--rounds", "1", "--seed", "3", "--hints", "off"]


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
    process.stdin.write("ballet\nso\n")
    process.stdin.flush()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until the first rows are played and saved
        if save.exists() and '"guess": "so"' in save.read_text():
            break
        time.sleep(0.2)
    time.sleep(0.5)
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, err
    assert "Game saved to" in out and "Traceback" not in err
    from solver.deduce import session

    assert session.load(save)["rounds"][0]["you"][0]["guess"] == "so"
