"""Locks that end with their game: ``filelock`` locks (``flock`` on Unix) on small files that
their holder removes when it lets go.

Why removed: a lock file left behind by every game piled up beside the saves (issue 26).
filelock keeps a lock's file on release (removing it opens a race, below), so the holder
removes it itself, while it still holds the lock.
Why this is safe: whoever locks a file checks, as it takes the lock (filelock's
``on_acquired``), that its name still leads to the file it locked (same device and inode);
if not, the file was removed under it, and it starts again with the new one. So two
processes never hold locks on two different files of one name, and a hard link to a lock
file is no way round it: the lock is on the file, whatever its name.

A process killed with SIGKILL cannot remove its file; the kernel drops its lock, and
``sweep`` removes such unlocked files the next time any game is held. A sweep (or a look,
``busy``) locks a free file for an instant, so the caller sweeps, looks and takes locks
under one folder lock (``folder_held``, on the data folder): none of these then overlap.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from filelock import FileLock

TRIES = 100  # each retry means a holder let go in between: never reached in practice
FOLDER_LOCK = ".folder.lock"  # folder_held's file, kept (see there)


class Busy(Exception):
    """Another process holds the lock."""


class _Moved(Exception):
    """The name no longer leads to the file just locked (its holder removed it)."""


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        named = os.stat(path)
    except OSError:
        return None
    return named.st_dev, named.st_ino


def _take(path: Path, create: bool) -> tuple[FileLock, tuple[int, int]] | None:
    """A lock on ``path`` held by us, with the file's identity; None when there is no file
    (and not ``create``). Raises ``Busy`` when another process holds it."""
    from filelock import FileLock, Timeout  # here: its import costs start-up time

    for _ in range(TRIES):
        before = _identity(path)
        if before is None and not create:
            return None
        locked: list[tuple[int, int]] = []

        def check(descriptor: int, locked: list[tuple[int, int]] = locked) -> None:
            opened = os.fstat(descriptor)
            if _identity(path) != (opened.st_dev, opened.st_ino):
                raise _Moved  # filelock lets go of it: take the new one
            locked.append((opened.st_dev, opened.st_ino))

        lock = FileLock(path, mode=0o600, thread_local=False, blocking=False, on_acquired=check)
        try:
            lock.acquire()
        except _Moved:
            continue
        except Timeout:
            if _identity(path) != before:  # let go and removed as we looked: look again
                continue
            raise Busy(str(path)) from None
        return lock, locked[0]
    raise Busy(str(path))


def _let_go(path: Path, lock: FileLock, identity: tuple[int, int]) -> None:
    """Remove the file, then unlock: in this order, see the module's docstring."""
    try:
        with contextlib.suppress(OSError):
            if _identity(path) == identity:
                path.unlink()
    finally:
        lock.release()


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """Hold the lock named ``path`` (made if missing, removed on leaving). Raises ``Busy``
    at once, never waits, when another process (or another ``held`` of this one) holds
    it; ``OSError`` when the file cannot be made."""
    taken = _take(path, create=True)
    assert taken is not None
    try:
        yield
    finally:
        _let_go(path, *taken)


def busy(path: Path) -> bool:
    """Whether another process holds the lock named ``path`` (looked at, not taken: a
    missing file is not made; a free one is removed, as ``sweep_one`` would)."""
    try:
        taken = _take(path, create=False)
    except Busy:
        return True
    except OSError:
        return False
    if taken is not None:
        _let_go(path, *taken)
    return False


def sweep_one(path: Path) -> None:
    """Remove the lock file ``path`` if nobody holds it."""
    with contextlib.suppress(Busy, OSError):
        taken = _take(path, create=False)
        if taken is not None:
            _let_go(path, *taken)


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
    """Hold the folder, waiting for it: one process at a time makes the key, updates the
    move counters, or sweeps, looks at and takes locks (each a moment's work, so the wait
    is short). The lock is on ``FOLDER_LOCK`` in the folder, a file that stays (removing a
    file others may wait on would let two in). In a folder this process cannot write
    (only read there, it can change nothing) nothing is held. Not to be nested: a second
    hold in one process waits for ever. Raises ``OSError`` when the folder is missing."""
    if not folder.is_dir():
        os.stat(folder / "")  # the error a missing folder gives
    from filelock import FileLock

    lock = FileLock(folder / FOLDER_LOCK, mode=0o600, thread_local=False, preserve_lock_file=True)
    try:
        lock.acquire()
    except OSError:
        if os.access(folder, os.W_OK):
            raise
        yield
        return
    try:
        yield
    finally:
        lock.release()
