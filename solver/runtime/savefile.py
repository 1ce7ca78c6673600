"""Saved games on disk: never lost, never forged, the bot's secrets unreadable.

Every game a person plays is saved after each turn, so Ctrl-C or a closed terminal loses
nothing. A save is a JSON envelope:

- ``state``: the game, readable (scores, Guesswords, settings);
- ``sealed``: what a player must not read, the bot's hidden words among them, encrypted
  and authenticated with Fernet (the ``cryptography`` library) under a per-install key;
- ``signature``: an HMAC-SHA256, under the same key, of everything else in the envelope,
  so that a changed score, word or setting is detected on resume.

The key is 32 random bytes in the data folder (``key``, readable by its owner only),
made on first use. A save therefore resumes only where it was made; copying the key file
along moves it. ``MYWORD_DATA_DIR`` chooses the data folder (the tests use it).

Writes are atomic and durable: a temporary file beside the target (a unique name, so two
writers never share it), fsync, rename, fsync of the folder. A symlink is written through,
not replaced, and only a regular file is ever replaced (``--save /dev/full`` is refused,
not turned into a file). A game being played holds an advisory lock (``holding``), so a
second myword cannot play the same save at the same time.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from solver.runtime.errors import UserError

FORMAT = "myword-save"
VERSION = 2
MOST_BYTES = 10_000_000  # no saved game comes near; a larger file is not one
KEY_BYTES = 32
GAME_COMMANDS = {
    "deduce": "deduce play",
    "assist": "deduce assist",
    "layout": "layout play",
}  # what resumes each game


def data_dir() -> Path:
    """The app's data folder: ``MYWORD_DATA_DIR``, else the user's (platformdirs), else a
    private folder in the temporary directory when that cannot be written
    (``private.private_root``: refused, in one line, unless it is ours alone)."""
    from platformdirs import user_data_dir

    configured = os.environ.get("MYWORD_DATA_DIR")
    choices = [Path(configured)] if configured else [Path(user_data_dir("myword"))]
    for folder in choices:
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    if configured:
        raise UserError(f"cannot keep saved games in MYWORD_DATA_DIR ({configured})")
    from solver.runtime.private import private_root

    root, refused = private_root()  # the saves' key lives there: ours alone, or refused
    if root is not None:
        try:
            (root / "data").mkdir(exist_ok=True, mode=0o700)
            return root / "data"
        except OSError as error:
            refused = f"{root / 'data'} cannot be made: {error.strerror or error}"
    raise UserError(
        f"no folder to keep saved games in ({refused}): set MYWORD_DATA_DIR to one you can write"
    )


def games_dir() -> Path:
    """Where games are kept when no ``--save`` path is given, one file each."""
    return data_dir() / "games"


def _key() -> bytes:
    path = data_dir() / "key"
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError as error:
        raise UserError(f"cannot make the saved games' key {path}: {error.strerror}") from None
    else:
        with os.fdopen(descriptor, "wb") as file:
            file.write(os.urandom(KEY_BYTES))
            file.flush()
            os.fsync(file.fileno())
    try:
        key = path.read_bytes()
    except OSError as error:
        raise UserError(f"cannot read the saved games' key {path}: {error.strerror}") from None
    if len(key) != KEY_BYTES:
        raise UserError(f"the saved games' key {path} is damaged (delete it to make a new one)")
    return key


def _derived(purpose: bytes) -> bytes:
    return hashlib.sha256(purpose + b"\0" + _key()).digest()


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _signature(envelope: dict[str, Any]) -> str:
    unsigned = {k: v for k, v in envelope.items() if k != "signature"}
    return hmac.new(_derived(b"sign"), _canonical(unsigned), hashlib.sha256).hexdigest()


def _fernet():
    from cryptography.fernet import Fernet

    return Fernet(base64.urlsafe_b64encode(_derived(b"seal")))


def seal(secret: Any) -> str:
    return _fernet().encrypt(_canonical(secret)).decode("ascii")


def unseal(token: str) -> Any:
    from cryptography.fernet import InvalidToken

    try:
        return json.loads(_fernet().decrypt(token.encode("ascii")))
    except (InvalidToken, ValueError, UnicodeError):
        raise ValueError("its sealed part cannot be opened with this install's key") from None


def _regular_target(path: Path) -> Path:
    """The file a save goes to: symlinks followed; refused unless it is a regular file or
    does not exist yet."""
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        raise UserError(f"cannot save to {path}: not a regular file")
    return target


def _write_atomically(text: str, path: Path) -> None:
    target = _regular_target(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                file.write(text)
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
    except OSError as error:
        raise UserError(f"cannot save the game to {path}: {error.strerror or error}") from None


def write(game: str, state: Any, secret: Any, finished: bool, path: Path) -> None:
    """Save a game: ``state`` readable, ``secret`` sealed, the whole signed."""
    envelope = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "finished": finished,
        "saved": time.strftime("%Y-%m-%d %H:%M:%S"),
        "state": state,
        "sealed": seal(secret),
    }
    envelope["signature"] = _signature(envelope)
    _write_atomically(json.dumps(envelope, indent=1, ensure_ascii=False) + "\n", path)


def _read_json(path: Path) -> Any:
    """A file's JSON, refusing what is not a regular file of a sane size (a FIFO would
    block, a device never end)."""
    try:
        info = Path(path).stat()
    except FileNotFoundError:
        raise UserError(f"no saved game at {path}") from None
    except OSError as error:
        raise UserError(f"cannot read the saved game {path}: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UserError(f"{path} is not a regular file")
    if info.st_size > MOST_BYTES:
        raise UserError(f"{path} is too large to be a saved game")
    try:
        return json.loads(Path(path).read_text("utf-8"))
    except OSError as error:
        raise UserError(f"cannot read the saved game {path}: {error.strerror}") from None
    except ValueError:  # not UTF-8, not JSON
        raise UserError(f"cannot read the saved game {path}: not JSON") from None


def peek(path: Path) -> dict[str, Any] | None:
    """The envelope of a save, unchecked (to list games, or to see whether a path holds
    one); None when the file is not a myword save."""
    try:
        envelope = _read_json(path)
    except UserError:
        return None
    if isinstance(envelope, dict) and envelope.get("format") == FORMAT:
        return envelope
    return None


def read(game: str, path: Path) -> tuple[Any, Any]:
    """A save's state and its unsealed secret, after checking its signature. Any file
    that was not written by this install's myword for this game is refused in one line;
    the file itself is never changed."""
    envelope = _read_json(path)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise UserError(f"{path} is not a saved myword game")
    if envelope.get("version") != VERSION:
        raise UserError(f"{path} was saved by another version of myword and cannot be resumed")
    if envelope.get("game") != game:
        other = GAME_COMMANDS.get(str(envelope.get("game")), "another game")
        raise UserError(f"{path} holds a game of another kind: resume it with myword {other}")
    signature = envelope.get("signature")
    if not isinstance(signature, str) or not hmac.compare_digest(signature, _signature(envelope)):
        raise UserError(
            f"{path} was changed outside myword, or saved by another install "
            "(its signature does not match); not resumed"
        )
    try:
        secret = unseal(envelope["sealed"])
    except (ValueError, KeyError, AttributeError) as error:
        raise UserError(f"{path} cannot be resumed: {error}") from None
    return envelope["state"], secret


def check_target(path: Path, force: bool) -> None:
    """Refuse to start a new game over an unfinished one, or over a file that is not a
    saved game, unless ``force``."""
    if Path(path).exists() and not Path(path).is_file():
        raise UserError(f"cannot save to {path}: not a regular file")
    if force or not Path(path).exists():
        return
    envelope = peek(path)
    if envelope is None:
        raise UserError(f"{path} exists and is not a saved game; choose another --save or --force")
    if not envelope.get("finished"):
        raise UserError(
            f"{path} holds an unfinished game: resume it with --resume {path}, "
            "or replace it with --force"
        )


def new_path(game: str) -> Path:
    """A fresh file for a new game in the games folder: ``GAME-YYYYMMDD-N.json``."""
    folder = games_dir()
    stem = f"{game}-{time.strftime('%Y%m%d')}"
    number = 1
    while (folder / f"{stem}-{number}.json").exists():
        number += 1
    return folder / f"{stem}-{number}.json"


def resolve(name_or_path: str | Path) -> Path:
    """What ``--resume`` names: a path to a file, or the name of a game in the games folder
    (as ``myword games`` lists it, with or without ``.json``)."""
    given = Path(name_or_path)
    if given.exists() or given.parent != Path("."):
        return given
    kept = games_dir() / (given.name if given.suffix == ".json" else f"{given.name}.json")
    return kept if kept.exists() else given


def listing() -> list[dict[str, Any]]:
    """The games in the games folder, newest first: name, game, finished, when saved."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    games = []
    for path in folder.glob("*.json"):
        envelope = peek(path)
        if envelope is not None:
            games.append(
                {
                    "name": path.stem,
                    "game": envelope.get("game"),
                    "finished": bool(envelope.get("finished")),
                    "saved": envelope.get("saved"),
                    "path": str(path),
                }
            )
    return sorted(games, key=lambda g: (str(g["saved"]), g["name"]), reverse=True)


@contextlib.contextmanager
def holding(path: Path) -> Iterator[None]:
    """Hold a game's save while it is played, so that a second myword refuses to play it
    too (an advisory lock on a hidden file beside it; none where fcntl is missing)."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock
        yield
        return
    target = _regular_target(path)
    lock_path = target.with_name(f".{target.name}.lock")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise UserError(f"cannot save the game to {path}: {error.strerror}") from None
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UserError(f"the game in {path} is being played in another myword") from None
        yield
    finally:
        os.close(descriptor)


def discard(path: Path) -> None:
    """Remove a game with nothing worth keeping (left before its first entry), and the lock
    file ``holding`` made for it: called by the process holding it, so no lock is taken."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        _regular_target(path).with_name(f".{path.name}.lock").unlink()


def delete(path: Path) -> None:
    """Delete a saved game (and its lock file): refused while another myword plays it, and
    for a file that is not a saved game."""
    if not path.exists():
        raise UserError(f"no saved game {path.stem if path.parent == games_dir() else path}")
    if peek(path) is None:
        raise UserError(f"{path} is not a saved game")
    with holding(path):
        try:
            path.unlink()
        except OSError as error:
            raise UserError(f"cannot delete {path}: {error.strerror}") from None
    with contextlib.suppress(OSError):
        _regular_target(path).with_name(f".{path.name}.lock").unlink()
