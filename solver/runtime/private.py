"""A private folder of one's own in the shared temporary directory, for when the home
folder cannot be written (an empty or read-only HOME).

Why: ``$TMPDIR/myword-<uid>`` is a name anyone can create first. Trusting such a folder
made by another user let them plant a Numba cache index (code run as the victim) or the
key that signs the victim's saves (issue 26). So the folder is created 0700 by us, or, when
it exists, used only if it is a real folder (not a link) that belongs to this user and that
no one else can write, as tools treat ``XDG_RUNTIME_DIR``.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def temp_root() -> Path:
    """``$TMPDIR/myword-<uid>``: where the private folders are, owned or not."""
    user = f"myword-{os.getuid()}" if hasattr(os, "getuid") else "myword"
    return Path(tempfile.gettempdir()) / user


def why_not_private(folder: Path) -> str | None:
    """Why ``folder`` may not be trusted as ours (None when it may): not a folder, a
    symbolic link, another user's, or writable by others."""
    try:
        status = folder.lstat()
    except OSError as error:
        return f"{folder} cannot be read: {error.strerror or error}"
    if stat.S_ISLNK(status.st_mode):
        return f"{folder} is a symbolic link"
    if not stat.S_ISDIR(status.st_mode):
        return f"{folder} is not a folder"
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        return f"{folder} belongs to another user (uid {status.st_uid})"
    if status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"{folder} can be written by other users (mode {stat.S_IMODE(status.st_mode):o})"
    return None


def private_root() -> tuple[Path | None, str | None]:
    """``temp_root()``, made 0700 if missing; (the folder, None) when it is ours alone,
    else (None, why it is refused)."""
    root = temp_root()
    try:
        root.parent.mkdir(parents=True, exist_ok=True)  # a TMPDIR not made yet
        root.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as error:
        return None, f"{root} cannot be made: {error.strerror or error}"
    why = why_not_private(root)
    return (None, why) if why else (root, None)
