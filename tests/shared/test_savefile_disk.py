"""Saved games' files on a bad day (issue 26, item 9): a full disk never leaves an empty or
short key (nor a half save), a killed writer's temporary files are removed, the locks end
with their game, and the move counters stay whole with two mywords at once."""

from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.runtime import durable, savecounters, savefile, savelocks
from solver.runtime.errors import UserError


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def start(path: Path):
    return run(
        "deduce", "play", "--plain", "--rounds", "1", "--seed", "3", "--save", str(path),
        input="ballet\nso\n",
    )  # fmt: skip


def myword(*args: str, data: Path, limit: int | None = None, input: str = ""):
    """myword in a process of its own, its files limited to ``limit`` bytes (as a full
    disk cuts a write short: the write fails with EFBIG past it)."""

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        input=input,
        capture_output=True,
        text=True,
        env=os.environ | {"MYWORD_DATA_DIR": str(data)},
        preexec_fn=limited,
    )


def test_a_full_disk_never_leaves_a_short_key(tmp_path: Path) -> None:
    """The first game on a disk that fills up as the key is written: one line, no key
    left (an empty or short one blocked every later game), and the next game plays."""
    assert start(tmp_path / "warm.json").exit_code == 0  # word tables built beforehand
    data, game = tmp_path / "data", tmp_path / "g.json"
    args = ("deduce", "play", "--plain", "--rounds", "1", "--seed", "3", "--save", str(game))
    full = myword(*args, data=data, limit=16, input="ballet\nso\n")
    assert full.returncode == 1, full.stdout + full.stderr
    assert (
        full.stderr == f"Error: cannot make the saved games' key {data / 'key'}: File too large\n"
    )
    assert not (data / "key").exists() and not list(data.glob(".*.tmp"))
    later = myword(*args, data=data, input="ballet\nso\n")
    assert later.returncode == 0 and "Game saved to" in later.stdout, later.stderr
    assert len((data / "key").read_bytes()) == savefile.KEY_BYTES


def _full_disk(monkeypatch) -> None:
    """fsync reports the disk full, as it does when the blocks are allocated late."""

    def no_space(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(durable.os, "fsync", no_space)


def test_a_full_disk_as_the_key_is_made_leaves_no_key(tmp_path, monkeypatch) -> None:
    with monkeypatch.context() as patched:
        _full_disk(patched)
        with pytest.raises(UserError, match=r"cannot make the saved games' key .*No space left"):
            savefile.write("deduce", {}, {}, False, tmp_path / "g.json")
    folder = savefile.data_dir()
    assert not (folder / "key").exists() and not list(folder.glob(".*.tmp"))
    assert start(tmp_path / "g.json").exit_code == 0


def test_a_full_disk_as_a_game_is_saved_keeps_the_previous_save(tmp_path, monkeypatch) -> None:
    path = tmp_path / "g.json"
    assert start(path).exit_code == 0
    before, counters = path.read_bytes(), savecounters.path(savefile.data_dir()).read_bytes()
    with monkeypatch.context() as patched:
        _full_disk(patched)
        result = run("deduce", "play", "--plain", "--resume", str(path), input="den\n")
    assert result.exit_code == 1 and result.stderr == (
        f"Error: cannot save the game to {path}: No space left on device\n"
    )
    assert path.read_bytes() == before and not list(tmp_path.glob(".*.tmp"))
    assert savecounters.path(savefile.data_dir()).read_bytes() == counters
    again = run("deduce", "play", "--plain", "--resume", str(path), input="den\n")
    assert again.exit_code == 0, again.output


def test_an_empty_key_left_by_an_older_myword_is_made_again(tmp_path: Path) -> None:
    """Nothing was ever signed with an empty key (it was refused as damaged): a new one
    is made in its place."""
    key = savefile.data_dir() / "key"
    key.write_bytes(b"")
    assert start(tmp_path / "g.json").exit_code == 0
    assert len(key.read_bytes()) == savefile.KEY_BYTES


def test_a_damaged_key_says_what_to_do(tmp_path: Path) -> None:
    key = savefile.data_dir() / "key"
    key.write_bytes(b"short")
    result = start(tmp_path / "g.json")
    assert result.exit_code == 1 and result.stderr == (
        f"Error: the saved games' key {key} is damaged (5 bytes, not 32): move it away to "
        "make a new one (saves it signed then cannot be resumed)\n"
    )
    assert key.read_bytes() == b"short"  # left for its owner to decide


KILLED_AT_THE_RENAME = """
import os, signal, sys
import cli
real = os.replace
def replace(source, target):
    if str(target).endswith("g.json"):
        os.kill(os.getpid(), signal.SIGKILL)
    real(source, target)
os.replace = replace
sys.argv = ["myword", *sys.argv[1:]]
cli.main()
"""


def test_a_killed_writers_leftovers_go_when_the_game_is_next_played(tmp_path: Path) -> None:
    """SIGKILL between a save's temporary file and its rename leaves that file, and the
    game's locks: both go when the game is next played, and the locks go with it."""
    path = tmp_path / "g.json"
    assert start(path).exit_code == 0
    killed = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLED_AT_THE_RENAME,
            "deduce",
            "play",
            "--plain",
            "--resume",
            str(path),
        ],
        input="den\n",
        capture_output=True,
        text=True,
    )
    assert killed.returncode == -9, killed.stderr
    assert len(durable.temporaries(path)) == 1  # as a killed writer leaves it
    locks = savefile.data_dir() / "locks"
    assert len(list(locks.iterdir())) == 2  # the file's and the game's
    result = run("deduce", "play", "--plain", "--resume", str(path), input="den\n")
    assert result.exit_code == 0, result.output
    assert not durable.temporaries(path) and not list(tmp_path.glob(".*"))
    assert not list(locks.iterdir())


def test_the_lock_does_not_outlive_its_game(tmp_path: Path) -> None:
    """Every game left its ``.NAME.lock`` beside its save; now the locks are in the data
    folder, and go when the game is left."""
    path = tmp_path / "g.json"
    assert start(path).exit_code == 0
    assert (
        run(
            "layout", "play", "--plain", "--save", str(tmp_path / "h.json"), input="quit\n"
        ).exit_code
        == 0
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "h.json"]
    assert not list((savefile.data_dir() / "locks").iterdir())
    (tmp_path / ".g.json.lock").write_text("")  # left by an older myword
    assert run("deduce", "play", "--plain", "--resume", str(path), input="").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "h.json"]


def test_a_lock_file_removed_as_it_is_taken_is_never_held_twice(tmp_path, monkeypatch) -> None:
    """The race a removed lock file could open: B opens the file, its holder A lets go
    (removing it), B locks the removed file. B must notice and take the new file, so that
    a third process C is refused, not given a lock of its own on another file."""
    lock = tmp_path / "x.lock"
    first = savelocks.held(lock)
    first.__enter__()
    real_open = os.open
    opened = []

    def open_then_holder_lets_go(path, flags, mode=0o777):
        descriptor = real_open(path, flags, mode)
        if not opened:
            opened.append(path)
            first.__exit__(None, None, None)  # A lets go between B's open and B's lock
        return descriptor

    monkeypatch.setattr(savelocks.os, "open", open_then_holder_lets_go)
    with savelocks.held(lock):  # B
        monkeypatch.setattr(savelocks.os, "open", real_open)
        assert opened and lock.exists()
        with pytest.raises(savelocks.Busy), savelocks.held(lock):  # C
            pass
        assert savelocks.busy(lock)
    assert not lock.exists() and not savelocks.busy(lock)


def test_a_hard_link_to_a_lock_file_does_not_get_round_the_lock(tmp_path, monkeypatch) -> None:
    """A lock is on the file, not its name: a second name for a held lock file (a hard
    link) is busy too. And when the holder lets go (removing its name) while a hard link
    keeps the file alive, a process that had opened it and locks it next must see that the
    name now leads nowhere, and take the new file: else it and a third process would each
    hold a lock of one name (filelock alone only retries a file with no name left)."""
    lock, link = tmp_path / "x.lock", tmp_path / "other.lock"
    with savelocks.held(lock):
        os.link(lock, link)
        assert savelocks.busy(link)
        with pytest.raises(savelocks.Busy), savelocks.held(link):
            pass
    assert not lock.exists() and link.exists()  # the holder removed its own name only
    link.unlink()

    first = savelocks.held(lock)
    first.__enter__()
    os.link(lock, link)
    real_open = os.open
    opened = []

    def open_then_holder_lets_go(path, flags, mode=0o777):
        descriptor = real_open(path, flags, mode)
        if not opened and Path(path) == lock:
            opened.append(path)
            first.__exit__(None, None, None)  # A lets go between B's open and B's lock
        return descriptor

    monkeypatch.setattr(savelocks.os, "open", open_then_holder_lets_go)
    with savelocks.held(lock):  # B
        monkeypatch.setattr(savelocks.os, "open", real_open)
        assert opened and lock.exists()
        assert not os.path.samefile(lock, link)  # B holds the new file, not the linked one
        with pytest.raises(savelocks.Busy), savelocks.held(lock):  # C
            pass
        assert savelocks.busy(lock)
    assert not lock.exists() and not savelocks.busy(lock)


WRITE_MANY = """
import sys
from pathlib import Path
from solver.runtime import savefile
for _ in range(int(sys.argv[2])):
    savefile.write("deduce", {}, {}, False, Path(sys.argv[1]))
"""


def test_the_move_counters_stay_whole_with_two_mywords_at_once(tmp_path: Path) -> None:
    """Two processes saving their own games at the same time: no update of the counters
    is lost (each is read, changed and written by one process at a time)."""
    savefile.write("deduce", {}, {}, False, tmp_path / "key-made-first.json")
    saves = 40
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITE_MANY, str(tmp_path / f"{n}.json"), str(saves)]
        )
        for n in range(2)
    ]
    assert [writer.wait() for writer in writers] == [0, 0]
    games = json.loads(savecounters.path(savefile.data_dir()).read_text())["games"]
    for n in range(2):
        envelope = json.loads((tmp_path / f"{n}.json").read_text())
        assert envelope["move"] == saves and games[envelope["identity"]] == saves
