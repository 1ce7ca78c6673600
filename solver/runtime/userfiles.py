"""Files a person names (word lists, pages, sheets, decks, logs), checked before they are
opened: opening a FIFO waits forever for a writer, a device (``/dev/zero``) streams
without end, and a folder or an empty path gives a raw OS message. Readers call
``regular_file`` first and keep their own messages for a file that is missing.
"""

from __future__ import annotations

import stat
from pathlib import Path

from solver.runtime.errors import UserError

MAX_INPUT_MB = 50  # far above any word list, page, sheet or deck; keeps memory bounded


def regular_file(path: str | Path, what: str, error: type[UserError] = UserError) -> Path:
    """``path`` as a Path when it names a regular file of at most ``MAX_INPUT_MB``; else
    ``error`` naming ``what`` (``"sheet"``, ``"deck"``) and the path. A missing file
    raises ``FileNotFoundError`` for the caller's own message."""
    if not str(path).strip():
        raise error(f"no {what} file given: the path is empty")
    path = Path(path)
    try:
        status = path.stat()
    except FileNotFoundError:
        raise
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror}") from None
    except ValueError:  # a NUL byte: no file can have that name
        raise error(f"{what} {str(path)!r} is not a valid path") from None
    if stat.S_ISDIR(status.st_mode):
        raise error(f"cannot read {what} {path}: it is a folder, not a file")
    if not stat.S_ISREG(status.st_mode):
        raise error(f"cannot read {what} {path}: not a regular file (a pipe or a device)")
    if status.st_size > MAX_INPUT_MB * 1_000_000:
        raise error(f"{what} {path} is larger than the {MAX_INPUT_MB} MB limit for an input")
    return path


def writable_file(path: str | Path, what: str, error: type[UserError] = UserError) -> Path:
    """``path`` as a Path to write, refused when it is a folder or a FIFO (opening a FIFO
    to write waits forever for a reader); a device such as ``/dev/null`` is allowed, and a
    write that fails there is reported by the writer."""
    if not str(path).strip():
        raise error(f"no {what} file given: the path is empty")
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except OSError:
        return path  # missing (created) or unreachable (the open says why)
    except ValueError:  # a NUL byte: no file can have that name
        raise error(f"{what} {str(path)!r} is not a valid path") from None
    if stat.S_ISDIR(mode):
        raise error(f"cannot write {what} {path}: it is a folder")
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        raise error(f"cannot write {what} {path}: it is a pipe, not a file")
    return path
