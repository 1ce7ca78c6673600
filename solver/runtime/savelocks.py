"""Locks that end with their game: advisory ``flock`` locks on small files that their holder
removes when it lets go.

Why removed: a lock file left behind by every game piled up beside the saves (issue 26).
Why this is safe: the holder removes the file while it still holds the lock, and whoever
locks a file checks afterwards that its name still leads to the file it locked (same
device and inode); if not, the file was removed under it, and it starts again with the
new one. So two processes never hold locks on two different files of one name.

A process killed with SIGKILL cannot remove its file; the kernel drops its lock, and
``sweep`` removes such unlocked files the next time any game is held. A sweep (or a look,
``busy``) locks a free file for an instant, so the caller sweeps, looks and takes locks
under one folder lock (``folder_held``, on the data folder): none of these then overlap.

Where ``fcntl`` is missing (Windows) nothing is locked.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

TRIES = 100  # each retry means a holder let go in between: never reached in practice


class Busy(Exception):
    """Another process holds the lock."""


def _fcntl():
    try:
        import fcntl
    except ImportError:  # Windows
        return None
    return fcntl


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except OSError:
        return False
    opened = os.fstat(descriptor)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _take(path: Path, create: bool) -> int | None:
    """A descriptor of ``path`` locked by us; None when there is no file (and not
    ``create``). Raises ``Busy`` when another process holds it."""
    fcntl = _fcntl()
    for _ in range(TRIES):
        try:
            descriptor = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o600)
        except FileNotFoundError:
            if create:
                raise
            return None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise Busy(str(path)) from None
        if _same_file(descriptor, path):
            return descriptor
        os.close(descriptor)  # removed by its holder as we locked it: take the new one
    raise Busy(str(path))


def _let_go(path: Path, descriptor: int) -> None:
    """Remove the file, then unlock: in this order, see the module's docstring."""
    with contextlib.suppress(OSError):
        if _same_file(descriptor, path):
            path.unlink()
    os.close(descriptor)


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """Hold the lock named ``path`` (made if missing, removed on leaving). Raises ``Busy``
    at once, never waits, when another process (or another ``held`` of this one) holds
    it; ``OSError`` when the file cannot be made."""
    if _fcntl() is None:
        yield
        return
    descriptor = _take(path, create=True)
    assert descriptor is not None
    try:
        yield
    finally:
        _let_go(path, descriptor)


def busy(path: Path) -> bool:
    """Whether another process holds the lock named ``path`` (looked at, not taken: the
    file is neither made nor removed)."""
    if _fcntl() is None:
        return False
    try:
        descriptor = _take(path, create=False)
    except Busy:
        return True
    except OSError:
        return False
    if descriptor is not None:
        os.close(descriptor)
    return False


def sweep_one(path: Path) -> None:
    """Remove the lock file ``path`` if nobody holds it."""
    if _fcntl() is None:
        return
    with contextlib.suppress(Busy, OSError):
        descriptor = _take(path, create=False)
        if descriptor is not None:
            _let_go(path, descriptor)


def sweep(folder: Path) -> None:
    """Remove the lock files in ``folder`` that nobody holds (left by processes killed
    with SIGKILL)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.endswith(".lock"):
            sweep_one(folder / name)


@contextlib.contextmanager
def folder_held(folder: Path) -> Iterator[None]:
    """Hold the folder itself, waiting for it: one process at a time makes the key,
    updates the move counters, or sweeps, looks at and takes locks (each a moment's work,
    so the wait is short). Not to be nested: a second hold in one process waits for
    ever."""
    fcntl = _fcntl()
    if fcntl is None:
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)
