"""Where myword keeps what it computes once and reuses: compiled kernels and word tables.

The user's cache folder (platformdirs), under the installed version so that two versions
never mix, else a private folder in the temporary directory when that cannot be written (an
empty or read-only HOME). Kept apart from ``jit.py``, which imports Numba: the word tables
need the folder without paying for Numba.
"""

from __future__ import annotations

import os
from pathlib import Path

DISTRIBUTION = "myword-games"  # the name on PyPI; the command is myword


def version() -> str:
    """The package's version (``solver.__version__``, which the packaging reads too):
    importlib.metadata would add to every command's start-up (docs/performance.md)."""
    from solver import __version__

    return __version__


def writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (made if missing): a probe file named for
    this process, made and removed (``tempfile`` would cost every command its imports
    for this one check)."""
    probe = folder / f".probe-{os.getpid()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.close(os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        os.unlink(probe)
    except OSError:
        return False
    return True


def numba_folder() -> Path | None:
    """Where Numba keeps compiled kernels: ``NUMBA_CACHE_DIR`` when set, else the user's
    cache folder or its private temporary twin (``user_folder``); None when none can be
    written. One answer for ``jit.py``, which hands it to Numba, and for ``myword warm``'s
    stamps, which must not import Numba to know it."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured)
    return user_folder("numba")


def user_folder(kind: str) -> Path | None:
    """The first writable of ``<user cache>/<version>/<kind>`` and its private temporary
    twin (``private.private_root``: ours alone, or not used); None when neither can be
    written."""
    from platformdirs import user_cache_dir

    folder = Path(user_cache_dir("myword")) / version() / kind
    if writable(folder):
        return folder
    from solver.runtime.private import private_root

    root, _ = private_root()  # refused when another user made it or can write it
    if root is None:
        return None
    folder = root / version() / kind
    return folder if writable(folder) else None
