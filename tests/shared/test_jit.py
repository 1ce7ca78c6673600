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


KERNEL = """
from solver.runtime.jit import njit

@njit(cache=True)
def total(limit):
    found = 0
    for i in range(limit):
        found += i * i % 7
    return found

print(total(1000))
"""


def _damages(folder: Path) -> dict[str, object]:
    """Each damage of the kernel's cache files: its data cut, a byte changed, bytes
    appended, the data emptied, its index replaced by other bytes."""

    def data() -> Path:
        return next(folder.rglob("*.nbc"))

    def index() -> Path:
        return next(folder.rglob("*.nbi"))

    def flip() -> None:
        stored = bytearray(data().read_bytes())
        stored[len(stored) // 2] ^= 0x5A
        data().write_bytes(bytes(stored))

    return {
        "cut": lambda: data().write_bytes(data().read_bytes()[: data().stat().st_size // 2]),
        "byte changed": flip,
        "appended": lambda: data().write_bytes(data().read_bytes() + b"\x00" * 999),
        "emptied": lambda: data().write_bytes(b""),
        "index replaced": lambda: index().write_bytes(bytes(range(256)) * 8),
    }


@pytest.mark.kernels
@pytest.mark.parametrize(
    "damage",  # a process each: the segfault's case in the suite, the others heavy
    [
        pytest.param(damage, marks=pytest.mark.heavy) if damage != "byte changed" else damage
        for damage in ["cut", "byte changed", "appended", "emptied", "index replaced"]
    ],
)
def test_a_damaged_compiled_kernel_is_compiled_again(tmp_path: Path, damage: str) -> None:
    """Numba trusted its cache files whole: a byte changed in a compiled kernel was a
    segmentation fault in every later run, a file cut short an UnpicklingError in every
    game using the kernel (issue 26: nothing damaged is trusted). Now the damage is said
    in one line, the kernel compiled again and its file written anew."""
    import os
    import subprocess
    import sys

    (tmp_path / "kernel.py").write_text(KERNEL)
    cache = tmp_path / "cache"
    environment = os.environ | {
        "NUMBA_CACHE_DIR": str(cache),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }

    def run() -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, str(tmp_path / "kernel.py")],
            capture_output=True,
            text=True,
            env=environment,
            check=False,
        )

    first = run()
    assert first.returncode == 0 and first.stderr == "", first.stderr
    _damages(cache)[damage]()
    damaged = run()
    assert damaged.returncode == 0, damaged.stderr
    assert damaged.stdout == first.stdout
    said = damaged.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("myword: the compiled kernel kernel.total-")
    assert said[0].endswith("compiling it again")
    again = run()  # the file was written anew
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, "")
