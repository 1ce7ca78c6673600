"""Numba's cache folder: the user's choice, else a folder myword can write, never none."""

from pathlib import Path

import pytest

from solver.runtime import cachedir, jit


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


NUMBA_FIRST = """
import json
import os

from numba.core import config, event  # numba first, as myword warm once did

from solver.deduce import kernels

kernels.max_units(6)  # compiled and cached
print(json.dumps({"numba": config.CACHE_DIR, "chosen": os.environ["NUMBA_CACHE_DIR"]}))
"""


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@pytest.mark.kernels
def test_numba_imported_first_still_caches_in_the_chosen_folder(tmp_path: Path) -> None:
    """A process that imports Numba before myword's kernels (``myword warm`` did, for its
    compile events) once cached What's My Word?'s kernels beside their sources, where no
    game looks: Numba reads its settings at import, before the folder is chosen."""
    import json
    import os
    import subprocess
    import sys

    environment = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environment["HOME"] = str(tmp_path / "home")  # a fresh user cache folder
    environment.pop("XDG_CACHE_HOME", None)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", NUMBA_FIRST],
        capture_output=True,
        text=True,
        cwd=root,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    chosen = Path(found["chosen"])
    assert chosen.is_relative_to(tmp_path / "home") and found["numba"] == str(chosen)
    assert list(chosen.rglob("kernels.max_units-*.nbi"))  # cached where games look
