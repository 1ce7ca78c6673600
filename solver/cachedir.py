"""Where myword keeps what it computes once and reuses: compiled kernels and word tables.

The user's cache folder (platformdirs), under the installed version so that two versions
never mix, else a private folder in the temporary directory when that cannot be written (an
empty or read-only HOME). Kept apart from ``jit.py``, which imports Numba: the word tables
need the folder without paying for Numba.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DISTRIBUTION = "myword-games"  # the name on PyPI; the command is myword


def version() -> str:
    """The package's version (``solver.__version__``, which the packaging reads too):
    importlib.metadata would cost every command 10-20 ms of start-up."""
    from solver import __version__

    return __version__


def writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def user_folder(kind: str) -> Path | None:
    """The first writable of ``<user cache>/<version>/<kind>`` and its private temporary
    twin; None when neither can be written."""
    from platformdirs import user_cache_dir

    user = f"myword-{os.getuid()}" if hasattr(os, "getuid") else "myword"
    for base in (Path(user_cache_dir("myword")), Path(tempfile.gettempdir()) / user):
        folder = base / version() / kind
        if writable(folder):
            return folder
    return None
