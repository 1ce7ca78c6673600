"""The temporary-folder fallback is ours alone (issue 26, "own folders only"): with no
writable home, myword used ``$TMPDIR/myword-<uid>`` if it could write there, whoever had
made it, so another user could plant a Numba cache index (code run as the victim) or the
key that signs the victim's saves. Now the folder is made 0700, and an existing one is
refused unless it is a real folder of this user that no one else can write."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest

from solver.runtime import cachedir, private, savefile
from solver.runtime.errors import UserError


@pytest.fixture
def no_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A read-only home (the user's folders cannot be written) and a temporary directory
    of the test's own; returns that temporary directory."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setattr("platformdirs.user_cache_dir", lambda name: str(blocked / name))
    monkeypatch.setattr("platformdirs.user_data_dir", lambda name: str(blocked / name))
    monkeypatch.delenv("MYWORD_DATA_DIR", raising=False)
    return shared


def mine(shared: Path) -> Path:
    return shared / f"myword-{os.getuid()}"


def test_the_folder_is_made_ours_alone(no_home: Path) -> None:
    folder = cachedir.user_folder("numba")
    assert folder is not None and folder.is_relative_to(mine(no_home))
    assert stat.S_IMODE(mine(no_home).stat().st_mode) == 0o700
    assert savefile.data_dir() == mine(no_home) / "data"
    assert stat.S_IMODE((mine(no_home) / "data").stat().st_mode) == 0o700


def test_a_folder_others_can_write_is_refused(no_home: Path) -> None:
    mine(no_home).mkdir(mode=0o700)
    os.chmod(mine(no_home), 0o777)  # planted, or left open: anyone may write in it
    assert cachedir.user_folder("numba") is None  # no cache rather than a shared one
    with pytest.raises(UserError, match=r"can be written by other users \(mode 777\)"):
        savefile.data_dir()


@pytest.mark.skipif(os.getuid() != 0, reason="only root can give a folder to another user")
def test_a_folder_of_another_user_is_refused(no_home: Path) -> None:
    mine(no_home).mkdir(mode=0o700)
    (mine(no_home) / "data").mkdir()
    (mine(no_home) / "data" / "key").write_bytes(b"k" * 32)  # a key planted to forge saves
    os.chown(mine(no_home), 12345, 12345)
    assert cachedir.user_folder("numba") is None
    with pytest.raises(UserError, match=r"belongs to another user \(uid 12345\)"):
        savefile.data_dir()


def test_a_link_is_refused(no_home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    mine(no_home).symlink_to(elsewhere)
    assert private.private_root() == (None, f"{mine(no_home)} is a symbolic link")
    assert cachedir.user_folder("tables") is None


def test_the_refusal_is_one_line_from_the_command(no_home: Path) -> None:
    from click.testing import CliRunner

    import cli

    mine(no_home).mkdir()
    os.chmod(mine(no_home), 0o757)
    result = CliRunner().invoke(cli.main, ["layout", "play", "--plain"], input="quit\n")
    assert result.exit_code == 1
    (line,) = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert "no folder to keep saved games in" in line and "can be written by other users" in line
    assert "Traceback" not in result.output
