"""Saves are bound to their game (issue 26, item 4): an older copy of a save, another game's
save renamed or copied over, a copy played in parallel, is refused in one line; what
happens legitimately (a game resumed many times, --force, a save deleted then a new game
at its name, a save moved to another folder, a game looked at) still works (docs/your-games.md,
"Saved games")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import session as deduce_session
from solver.runtime import savecounters, savefile
from solver.runtime.errors import UserError

HANG_SECONDS = 300.0


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def deduce_game(path: Path, *rows: str) -> Path:
    """A game of one round: your Gameword, then ``rows`` Guesswords, then left."""
    result = run(
        "deduce",
        "play",
        "--plain",
        "--rounds",
        "1",
        "--seed",
        "3",
        "--save",
        str(path),
        input="\n".join(["ballet", *rows]) + "\n",
    )
    assert result.exit_code == 0 and "Game saved to" in result.output, result.output
    return path


def resume(path: Path, *rows: str):
    return run(
        "deduce", "play", "--plain", "--resume", str(path), input="".join(r + "\n" for r in rows)
    )


def refused(result, why: str) -> None:
    """Refused in one line, no traceback."""
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert why in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_an_older_copy_copied_back_is_refused(tmp_path: Path) -> None:
    """Copy the save aside after a move, play on, copy it back: the row cannot be tried
    again."""
    path = deduce_game(tmp_path / "game.json", "so")
    aside = tmp_path / "aside"
    aside.mkdir()
    shutil.copy2(path, aside / "game.json")
    assert resume(path, "den").exit_code == 0
    latest = path.read_bytes()
    shutil.copy2(aside / "game.json", path)
    result = resume(path, "ebb")
    refused(result, f"Error: {path} is an older copy of this game (move ")
    assert "; the latest was move " in result.stderr and result.stderr.endswith(": not resumed\n")
    assert path.read_bytes() == (aside / "game.json").read_bytes()  # left as it was
    path.write_bytes(latest)  # the latest put back: it resumes
    assert resume(path, "ebb").exit_code == 0
    assert deduce_session.load(path)["rounds"][0]["you"][2]["guess"] == "ebb"


def test_an_older_copy_is_refused_even_when_nothing_was_played_since(tmp_path: Path) -> None:
    """Every save counts a move (resuming, then leaving, saves): so a copy taken before
    a resume is older once the game was resumed."""
    path = deduce_game(tmp_path / "game.json", "so")
    copy = path.read_bytes()
    assert resume(path).exit_code == 0
    path.write_bytes(copy)
    refused(resume(path), "is an older copy of this game")


def test_another_games_save_renamed_or_copied_over_is_refused(tmp_path: Path) -> None:
    mine = deduce_game(tmp_path / "mine.json", "so")
    other = deduce_game(tmp_path / "other.json", "so", "den")
    shutil.copy2(other, mine)
    refused(resume(mine), f"{mine} holds the game saved as other.json")
    renamed = tmp_path / "renamed.json"
    other.rename(renamed)
    refused(resume(renamed), "holds the game saved as other.json")
    renamed.rename(other)  # its own name again: it resumes
    assert resume(other).exit_code == 0


def test_a_layout_save_rolled_back_or_swapped_is_refused(tmp_path: Path) -> None:
    path, other = tmp_path / "g.json", tmp_path / "h.json"
    for file in (path, other):
        result = run(
            "layout", "play", "--plain", "--seed", "4", "--save", str(file), input="quit\n"
        )
        assert result.exit_code == 0, result.output
    copy = path.read_bytes()
    assert run("layout", "play", "--plain", "--resume", str(path), input="quit\n").exit_code == 0
    path.write_bytes(copy)
    refused(run("layout", "play", "--resume", str(path), input="quit\n"), "older copy")
    shutil.copy2(other, path)
    refused(run("layout", "play", "--resume", str(path), input="quit\n"), "saved as h.json")
    # looking at a game is not resuming it: replay checks an older copy as well
    path.write_bytes(copy)
    assert run("layout", "replay", str(path)).output.startswith("unfinished:")


def test_an_assistant_save_rolled_back_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    first = run("deduce", "assist", "--rounds", "1", "--save", str(path), input="ballet\nso 0\n")
    assert first.exit_code == 0, first.output
    copy = path.read_bytes()
    assert run("deduce", "assist", "--resume", str(path), input="den 0\n").exit_code == 0
    path.write_bytes(copy)
    refused(run("deduce", "assist", "--resume", str(path), input=""), "older copy")


def test_resume_into_another_file_moves_the_game(tmp_path: Path) -> None:
    """``--resume A --save B``: the game goes on in B, and A is left an older copy (else
    A could be played from again and again into new files)."""
    first = deduce_game(tmp_path / "a.json", "so")
    second = tmp_path / "b.json"
    result = run(
        "deduce", "play", "--plain", "--resume", str(first), "--save", str(second), input="den\n"
    )
    assert result.exit_code == 0, result.output
    refused(resume(first, "ebb"), "is an older copy of this game")
    assert resume(second, "ebb").exit_code == 0


def test_a_copy_in_another_folder_plays_once(tmp_path: Path) -> None:
    """A save moved to another folder keeps its name and resumes there (the name check is
    on the file's name); of two copies, the first played on makes the other older."""
    path = deduce_game(tmp_path / "game.json", "so")
    moved = tmp_path / "elsewhere" / "game.json"
    moved.parent.mkdir()
    shutil.copy2(path, moved)
    assert resume(moved, "den").exit_code == 0
    refused(resume(path, "ebb"), "is an older copy of this game")


def test_a_copy_played_in_parallel_is_refused(tmp_path: Path) -> None:
    """Two copies of one save (two folders, one name), resumed at once: the second is
    refused while the first is played, and a save from a copy the game went on without is
    refused rather than written."""
    path = deduce_game(tmp_path / "game.json", "so")
    copy = tmp_path / "copy" / "game.json"
    copy.parent.mkdir()
    shutil.copy2(path, copy)
    state = deduce_session.load(path)  # this process resumes it, as a first myword would
    with savefile.holding(path):
        refused(resume(copy, "den"), f"the game in {copy} is being played in another myword")
    deduce_session.load(path)
    assert resume(copy, "den").exit_code == 0  # the copy goes on, in another myword
    with pytest.raises(UserError, match="was played on in another myword"):
        deduce_session.save(state, path)


def _myword(*args: str, **options) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,
    )


def _wait_for(condition, what: str) -> None:
    end = time.monotonic() + HANG_SECONDS
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.05)


def test_two_hard_links_cannot_be_played_at_once(tmp_path: Path) -> None:
    """Two names for one file (a hard link), each played in its own myword: the second is
    refused in one line (its lock is on the game, not on the name)."""
    path = deduce_game(tmp_path / "game.json", "so")
    other = tmp_path / "other"
    other.mkdir()
    for link in (tmp_path / "link.json", other / "game.json"):
        os.link(path, link)
    locks = savefile.data_dir() / "locks"
    before = path.stat().st_ino
    first = _myword("deduce", "play", "--plain", "--resume", str(path))
    try:  # a resumed game is saved (a new file renamed over it) once it is held
        _wait_for(lambda: path.stat().st_ino != before, "the first myword holds the game")
        for link in (tmp_path / "link.json", other / "game.json"):
            second = _myword("deduce", "play", "--plain", "--resume", str(link))
            out, err = second.communicate("den\n", timeout=HANG_SECONDS)
            assert second.returncode == 1, out + err
            assert err == f"Error: the game in {link} is being played in another myword\n"
    finally:
        out, err = first.communicate("", timeout=HANG_SECONDS)
    assert first.returncode == 0 and "Game saved to" in out, out + err
    assert not list(locks.iterdir())  # the locks went with the game
    refused(resume(other / "game.json"), "older copy")  # the first one played on


def test_legitimate_uses_still_work(tmp_path: Path) -> None:
    """A game resumed many times; --force over an unfinished save; a save deleted, then a
    new game at its name; a finished game listed and opened again."""
    path = deduce_game(tmp_path / "game.json", "so")
    for row in ("den", "ebb", "tea", "ant"):
        assert resume(path, row).exit_code == 0
    rows = deduce_session.load(path)["rounds"][0]["you"]
    assert [r["guess"] for r in rows] == ["so", "den", "ebb", "tea", "ant"]
    forced = run(
        "deduce", "play", "--rounds", "1", "--save", str(path), "--force", input="ballet\nso\n"
    )
    assert forced.exit_code == 0 and resume(path, "den").exit_code == 0
    kept = run("deduce", "play", "--rounds", "1", input="ballet\nso\n")
    name = json.loads(run("games", "--json").stdout)["games"][0]["name"]
    assert kept.exit_code == 0 and run("games", "--delete", name).exit_code == 0
    again = run("deduce", "play", "--rounds", "1", input="ballet\nso\n")
    assert again.exit_code == 0 and f"--resume {name}" in again.output  # the same name
    assert run("deduce", "play", "--resume", name, input="den\n").exit_code == 0
    over = tmp_path / "over.json"
    ended = run(
        "deduce", "assist", "--rounds", "1", "--save", str(over), input="ballet\nso 0\n:end\n"
    )
    assert ended.exit_code == 0 and json.loads(over.read_text())["finished"], ended.output
    listed = json.loads(run("games", "--json").stdout)["games"]
    assert len(listed) == 1 and not listed[0]["finished"]  # the games folder's only
    for _ in range(2):  # a finished game opened again, and again
        result = run("deduce", "assist", "--resume", str(over), input="")
        assert result.exit_code == 0 and "Game resumed" in result.output, result.output


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_missing_or_damaged_counters_say_so_and_do_not_block_saves(
    tmp_path: Path, damage: str
) -> None:
    """Without the counters nothing can tell an older copy from the latest: resuming says
    so in one line, goes on, and the game is bound again from then on."""
    path = deduce_game(tmp_path / "game.json", "so")
    copy = path.read_bytes()
    assert resume(path, "den").exit_code == 0
    counters = savecounters.path(savefile.data_dir())
    if damage == "missing":
        counters.unlink()
    else:
        counters.write_text("{not json")
    path.write_bytes(copy)  # an older copy: this time it cannot be told
    result = resume(path, "den")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning:")]
    assert len(warnings) == 1 and f"are {damage}" in warnings[0], result.stderr
    assert "without the check against older copies" in warnings[0]
    path.write_bytes(copy)  # and from then on it can again
    refused(resume(path), "older copy")
    other = deduce_game(tmp_path / "other.json", "so")  # new games are counted as before
    older = other.read_bytes()
    assert resume(other, "den").exit_code == 0
    other.write_bytes(older)
    refused(resume(other), "older copy")


def test_a_save_from_before_identities_is_accepted_once(tmp_path: Path) -> None:
    """A save of this VERSION without an identity (written before issue 26) resumes, and
    is bound from then on: a second copy of it is an older copy."""
    path = deduce_game(tmp_path / "game.json", "so")
    envelope = json.loads(path.read_text())
    for field in ("identity", "move", "name", "counters", "signature"):
        envelope.pop(field)
    envelope["signature"] = savefile._signature(envelope)  # as the older myword signed it
    path.write_text(json.dumps(envelope))
    copy = path.read_bytes()
    renamed = tmp_path / "renamed.json"
    renamed.write_bytes(copy)
    assert resume(path, "den").exit_code == 0
    assert "identity" in json.loads(path.read_text())
    path.write_bytes(copy)
    refused(resume(path), "is an older copy of this game (move 0; the latest was move ")
    refused(resume(renamed), "older copy")


@pytest.mark.parametrize("field", ["identity", "move", "name", "counters"])
def test_the_binding_is_signed(tmp_path: Path, field: str) -> None:
    path = deduce_game(tmp_path / "game.json", "so")
    envelope = json.loads(path.read_text())
    envelope[field] = {"identity": "0" * 32, "move": 10**6, "name": "x.json", "counters": ""}[field]
    path.write_text(json.dumps(envelope))
    refused(resume(path), "signature does not match")
