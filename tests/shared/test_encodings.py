"""Issue 26, item 9: text that is not in the terminal's encoding. ``PYTHONIOENCODING=ascii``
and a non-ASCII line typed was a ``UnicodeDecodeError`` traceback that ended the game (any
game in line mode); now the line is refused in one line and the game goes on. ``--json``
documents are printed whatever the output's encoding (escaped where it cannot show a
letter), and bytes typed in an argument that are not text are named as such."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

REFUSAL = "that line is not ascii text, the input's encoding"


def _myword(*args: str | bytes, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        input=stdin,
        capture_output=True,
        env=os.environ | env,
        timeout=600,
    )


def test_a_line_that_is_not_text_is_refused_and_the_next_one_read() -> None:
    from solver.ui.terminal import UnreadableLine, read_line

    typed = io.TextIOWrapper(io.BytesIO("ballét\nballet\n".encode()), encoding="ascii")
    with pytest.raises(UnreadableLine, match=r"not ascii text.*bytes 0xC3 0xA9"):
        read_line(typed)
    assert read_line(typed) == "ballet"
    with pytest.raises(EOFError):
        read_line(typed)


def test_a_latin1_byte_in_a_strict_utf8_input_is_refused() -> None:
    from solver.ui.terminal import UnreadableLine, read_line

    typed = io.TextIOWrapper(io.BytesIO(b"ball\xe9t\nballet\n"), encoding="utf-8")
    with pytest.raises(UnreadableLine, match="bytes 0xE9"):
        read_line(typed)
    assert read_line(typed) == "ballet"


# Each line-mode game, what to type (a non-ASCII line first, then lines it takes), and what
# it says once it went on past the refused line.
GAMES = {
    "deduce play": (
        ["deduce", "play", "--plain", "--rounds", "1", "--seed", "3", "--hints", "off"],
        "ballét\nballet\nsö\nso\n",
        "Row 2: your 3-letter Guessword",
    ),
    "deduce assist": (
        ["deduce", "assist", "--plain"],
        "bållet\nballet\nsö 0\nso 0\n",
        "Their row 1",
    ),
    "layout play": (["layout", "play", "--plain", "--seed", "3"], "hélp\nhelp\n", "Type a card"),
}
# Under ascii, layout play cannot draw its board (box lines): it says so in one line at the
# start (``test_bad_input``), before anything is typed.
NOT_IN_ASCII = {"layout play"}


@pytest.mark.parametrize(
    ("game", "encoding"),
    [
        (game, encoding)
        for game in sorted(GAMES)
        for encoding in ("ascii", "utf-8")
        if not (encoding == "ascii" and game in NOT_IN_ASCII)
    ],
)
def test_a_game_refuses_a_line_it_cannot_read_and_goes_on(
    tmp_path: Path, game: str, encoding: str
) -> None:
    arguments, typed, went_on = GAMES[game]
    # utf-8: Latin-1 bytes typed in a UTF-8 terminal (strict, as PYTHONIOENCODING sets it).
    stdin = typed.encode("utf-8" if encoding == "ascii" else "latin-1")
    save = str(tmp_path / "g.json")
    done = _myword(*arguments, "--save", save, stdin=stdin, PYTHONIOENCODING=encoding)
    out, err = done.stdout.decode(encoding), done.stderr.decode(encoding, "replace")
    assert "Traceback" not in err and done.returncode == 0, err
    assert f"that line is not {encoding} text, the input's encoding" in out
    assert went_on in out[out.index("that line is not") :]


def test_a_race_refuses_a_line_it_cannot_read_and_it_is_no_call() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "race", "play", "--plain", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ | {"PYTHONIOENCODING": "ascii", "PYTHONUNBUFFERED": "1"},
    )
    shown: list[str] = []

    def gather() -> None:
        for line in process.stdout:
            shown.append(line.decode("ascii"))

    threading.Thread(target=gather, daemon=True).start()
    process.stdin.write("ñd\n".encode())
    process.stdin.flush()
    deadline = time.monotonic() + 300  # tells a hang from a slow machine; no timing
    while not any(REFUSAL in line for line in shown) or "Table:" not in "".join(shown):
        assert time.monotonic() < deadline and process.poll() is None, "".join(shown)
        time.sleep(0.05)  # how often to look
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    err = process.stderr.read().decode("ascii", "replace")
    assert process.returncode == 130 and "Traceback" not in err, err
    assert "You called" not in "".join(shown)  # no wrong call, no free cards given


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize(
    "args",
    [
        ["words", "check", "bållet", "İa", "--json"],
        ["deduce", "score", "ballet", "ballét", "--row", "6", "--json"],
    ],
)
def test_json_is_printed_whatever_the_output_encoding(encoding: str, args: list[str]) -> None:
    done = _myword(*args, PYTHONIOENCODING=encoding)
    err = done.stderr.decode(encoding, "replace")
    assert "Traceback" not in err
    if done.returncode == 0:
        json.loads(done.stdout.decode(encoding))  # one document, escaped where it must be
    else:  # a refusal in one line
        assert err.startswith("Error: ") and err.count("\n") == 1, err


def test_json_escapes_what_the_output_cannot_show() -> None:
    done = _myword("words", "check", "bållet", "--json", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["words"][0]["word"] == "bållet"


def test_bytes_typed_in_an_argument_that_are_not_text_are_named() -> None:
    done = _myword("words", "check", b"b\xe5llet")
    err = done.stderr.decode()
    assert "Traceback" not in err and done.returncode == 1
    assert err.startswith("Error: what was typed holds bytes that are not text"), err
    assert "output's encoding" not in err  # it is not the output that failed
