"""Small files written whole or not at all: saved games, the saves' key, their move counters.

Each write goes to a temporary file beside the target (a unique name, so two writers never
share one), is flushed to disk (fsync), then renamed over the target, and the folder is
flushed so that the rename itself survives a crash. A full disk or a crash therefore
leaves the previous file, never an empty or a short one.

A writer killed (SIGKILL, power cut) between making its temporary file and renaming it
leaves that file behind: ``clean`` removes the temporaries of one target, and is called
where no other writer of that target can be at work (under its lock).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

SUFFIX = ".tmp"


def write(data: bytes, target: Path) -> None:
    """Put ``data`` at ``target`` atomically and durably (mode 0600, as ``mkstemp`` makes
    it). Raises ``OSError`` (the target untouched, no temporary file left) when it cannot."""
    descriptor, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=SUFFIX
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # the rename itself made durable
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def temporaries(target: Path) -> list[Path]:
    """The temporary files ``write`` makes for ``target``, and only those: ``.NAME.`` then
    ``mkstemp``'s eight random characters then ``.tmp`` (a save named
    ``NAME.x.json`` has temporaries of its own, which do not match)."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}{re.escape(SUFFIX)}")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    return [target.parent / name for name in names if pattern.fullmatch(name)]


def clean(target: Path) -> None:
    """Remove the temporaries a killed writer of ``target`` left. The caller makes sure no
    writer of ``target`` is at work (it holds the target's lock)."""
    for leftover in temporaries(target):
        with contextlib.suppress(OSError):
            leftover.unlink()
