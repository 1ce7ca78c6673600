"""Numba, imported once for every kernel module, after choosing where compiled code is cached.

Numba caches compiled kernels beside their sources by default. An installed myword may sit
in a folder nobody can write (system site-packages, a container, another user's install):
Numba then looks for a user-wide folder, and with none usable (an empty or read-only HOME)
every ``@njit(cache=True)`` fails with "no locator available". So unless the user chose a
folder with ``NUMBA_CACHE_DIR``, myword gives Numba one: the user's cache folder
(platformdirs), under the installed version, or a private folder in the temporary
directory when that cannot be written. Caches of different versions and install paths
never mix (Numba mirrors each source's path under the folder and checks its time stamp).

Kernel modules import ``njit`` and ``prange`` from here, never from numba directly.
"""

from __future__ import annotations

import os
import tempfile
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "myword-games"  # the name on PyPI; the command is myword


def _version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "source"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def cache_dir() -> Path | None:
    """The folder for Numba's cache: ``NUMBA_CACHE_DIR`` when set, else the first writable
    of the user's cache folder and a private temporary one; None when none can be written
    (Numba then keeps to its own choice)."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured)
    from platformdirs import user_cache_dir

    version = _version()
    user = f"myword-{os.getuid()}" if hasattr(os, "getuid") else "myword"
    for base in (Path(user_cache_dir("myword")), Path(tempfile.gettempdir()) / user):
        folder = base / version / "numba"
        if _writable(folder):
            return folder
    return None


def _configure() -> None:
    folder = cache_dir()
    if folder is not None:
        os.environ["NUMBA_CACHE_DIR"] = str(folder)


_configure()

from numba import njit, prange  # noqa: E402  (after the cache folder is chosen)

__all__ = ["cache_dir", "njit", "prange"]
