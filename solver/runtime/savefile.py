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

Saves are bound to their game (issue 26: an older save copied back, or another game's
save renamed, was accepted, so a row's Guessword could be tried again and again). The
signed part holds the game's ``identity`` (random, made at its first save), its ``move``
(how many times it was saved) and the ``name`` of the file it was written to. Resuming
refuses a save under another name (renamed, or copied over another game's) and a save
whose move is below the one kept for its game in the move counters beside the key
(``savecounters``): an older copy. The identity goes with the game while this process
plays it (``_bound``), so every later save of it counts on. A save moved to another
folder keeps its name and resumes there; of two copies, the first played on makes the
other an older copy. A save of this VERSION from before identities is accepted once and
bound from then on: its identity is drawn from its signature, so a second copy of that
same file is an older copy. What this does not stop, it cannot: whoever can read the key
can sign anything, and deleting the counters lets each game's next resume take whatever
copy it finds (it says so in one line).

Writes are atomic and durable (``durable``): a temporary file beside the target, fsync,
rename, fsync of the folder; a killed writer's temporaries are removed when the game is
next held. A symlink is written through, not replaced, and only a regular file is ever
replaced (``--save /dev/full`` is refused, not turned into a file). A game being played
is held (``holding``): a lock on its file's place and one on its identity, in the data
folder's ``locks``, removed when the game is left; so a second myword cannot play it at
the same time, through another name, a hard link or a copy.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from solver.runtime import durable, savecounters, savelocks
from solver.runtime.errors import UserError


class Envelope(TypedDict):
    """A save as written (``write``): the game's readable state (each game's own type),
    its sealed part and the signature over the rest. Read back, an envelope is parsed
    JSON (``dict[str, Any]``) until ``read`` has checked it."""

    format: str
    version: int
    game: str
    identity: str
    move: int
    name: str
    counters: str  # the move counters' store it was counted in (``savecounters``)
    finished: bool
    saved: str
    state: Any  # the game's readable state: its own TypedDict (``session.PublicGame``...)
    sealed: str
    signature: NotRequired[str]  # set last, over the rest


class Listed(TypedDict):
    """A saved game as ``listing`` gives it (``myword games``)."""

    name: str
    game: str | None  # None: no save can be read there (damaged, or another program's)
    finished: bool
    saved: str | None
    path: str
    intact: bool  # signed by this install and unchanged since: it can be resumed or reviewed


FORMAT = "myword-save"
VERSION = 2
MOST_BYTES = 10_000_000  # no saved game comes near; a larger file is not one
KEY_BYTES = 32
GAME_COMMANDS = {
    "deduce": "deduce play",
    "assist": "deduce assist",
    "layout": "layout play",
}  # what resumes each game
REVIEWED = ("deduce", "race", "layout")  # the kinds of game ``myword review`` shows
KINDS = tuple(dict.fromkeys([*GAME_COMMANDS, *REVIEWED]))  # every kind a save holds


def data_dir() -> Path:
    """The app's data folder: ``MYWORD_DATA_DIR``, else the user's (platformdirs), else a
    private folder in the temporary directory when that cannot be written
    (``private.private_root``: refused, in one line, unless it is ours alone)."""
    from platformdirs import user_data_dir

    configured = os.environ.get("MYWORD_DATA_DIR")
    # Made absolute: a relative folder moved with the working folder, and a game saved in
    # one could not be resumed from another (the resume line named the relative path).
    choices = (
        [Path(configured).expanduser().absolute()]
        if configured
        else [Path(user_data_dir("myword"))]
    )
    why = ""
    for folder in choices:
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if os.access(folder, os.W_OK):
                return folder
            why = "it cannot be written"
        except FileExistsError:
            why = "it is a file, not a folder"
        except OSError as error:
            why = error.strerror or str(error)
    if configured:
        raise UserError(f"cannot keep saved games in MYWORD_DATA_DIR ({configured}): {why}")
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


def _read_key(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise UserError(f"cannot read the saved games' key {path}: {error.strerror}") from None


def _key() -> bytes:
    """The install's key, made on first use: written whole to a temporary file and renamed
    into place (a full disk leaves no key, never an empty or short one), by one process at
    a time. An empty key, left by an earlier myword that made it in place, never signed
    anything: it is made again."""
    folder = data_dir()
    path = folder / "key"
    key = _read_key(path)
    if not key:
        try:
            with savelocks.folder_held(folder):
                key = _read_key(path)
                if not key:
                    durable.clean(path)
                    durable.write(os.urandom(KEY_BYTES), path)
                    key = _read_key(path)
        except OSError as error:
            raise UserError(
                f"cannot make the saved games' key {path}: {error.strerror or error}"
            ) from None
    if key is None or len(key) != KEY_BYTES:
        size = 0 if key is None else len(key)
        raise UserError(
            f"the saved games' key {path} is damaged ({size} bytes, not {KEY_BYTES}): "
            "move it away to make a new one (saves it signed then cannot be resumed)"
        )
    return key


def _derived(purpose: bytes) -> bytes:
    return hashlib.sha256(purpose + b"\0" + _key()).digest()


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _signature(envelope: Envelope | dict[str, Any]) -> str:
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
        durable.write(text.encode("utf-8"), target)
    except OSError as error:
        raise UserError(f"cannot save the game to {path}: {error.strerror or error}") from None


# --- the game a save belongs to: its identity and move ------------------------------------------

IDENTITY = re.compile(r"(legacy-)?[0-9a-f]{32}")


@dataclass
class _Bound:
    """The game this process plays in a file: its identity and the move last read or
    written there."""

    identity: str
    move: int


@dataclass
class _Held:
    """What ``holding`` holds for a file: its locks, and the identities they cover."""

    locks: contextlib.ExitStack
    identities: set[str] = field(default_factory=set)


_bound: dict[Path, _Bound] = {}  # file (symlinks followed) -> the game played there
_continued: dict[Path, Path] = {}  # a file resumed -> the file its game goes on in
_held: dict[Path, _Held] = {}  # file -> what this process holds for it


def _locks_folder() -> Path:
    folder = data_dir() / "locks"
    folder.mkdir(exist_ok=True, mode=0o700)
    return folder


def _identity_lock(identity: str) -> Path:
    return _locks_folder() / f"game-{identity}.lock"


# (``_binding`` and ``_check_binding``: an envelope read back, parsed JSON they check.)
def _binding(envelope: dict[str, Any]) -> tuple[str, int, str | None]:
    """A signed envelope's (identity, move, name). A save from before identities (same
    VERSION) gets one drawn from its signature, at move 0, with no name to check: so it
    is accepted once, and a copy of that same file is an older copy after."""
    if "identity" not in envelope:
        digest = hashlib.sha256(str(envelope.get("signature")).encode()).hexdigest()
        return f"legacy-{digest[:32]}", 0, None
    identity, move, name = envelope.get("identity"), envelope.get("move"), envelope.get("name")
    if (
        not isinstance(identity, str)
        or not IDENTITY.fullmatch(identity)
        or not isinstance(move, int)
        or isinstance(move, bool)
        or move < 1
        or not isinstance(name, str)
    ):
        raise ValueError("its game identity, move or name is malformed")
    return identity, move, name


def _warn(line: str) -> None:
    print(f"Warning: {line}", file=sys.stderr, flush=True)


def _played_elsewhere(identity: str) -> bool:
    """Whether another process holds this game. Looked at, as locks are swept and taken,
    while holding the data folder: a look or a sweep locks a free lock file for an
    instant, and a process taking that file then would be refused for nothing."""
    with savelocks.folder_held(data_dir()):
        return savelocks.busy(_identity_lock(identity))


def _check_binding(envelope: dict[str, Any], path: Path) -> _Bound:
    """Refuse, in one line, a save played elsewhere right now, renamed (or another game's
    copied over this name), or older than the latest of its game; say so, and accept,
    when the move counters cannot tell (made anew since the save was written)."""
    try:
        identity, move, name = _binding(envelope)
    except ValueError as error:
        raise UserError(f"{path} is not a valid saved game: {error}") from None
    mine = any(identity in held.identities for held in _held.values())
    if not mine and _played_elsewhere(identity):
        raise UserError(f"the game in {path} is being played in another myword")
    target = _regular_target(path)
    if name is not None and name != target.name:
        raise UserError(
            f"{path} holds the game saved as {name} (renamed, or copied over this one): not resumed"
        )
    counters = savecounters.load(data_dir())
    latest = counters.games.get(identity)
    if latest is not None and move < latest:
        raise UserError(
            f"{path} is an older copy of this game (move {move}; the latest was move "
            f"{latest}): not resumed"
        )
    if latest is None and name is not None and envelope.get("counters") != counters.store:
        how = {"missing": "are missing", "damaged": "are damaged"}.get(
            str(counters.problem), f"were made anew since {target.name} was saved"
        )
        _warn(
            f"the move counters ({savecounters.path(data_dir())}) {how}: {path} is resumed "
            "without the check against older copies of it"
        )
    return _Bound(identity, move)


def continue_in(resumed: Path, target: Path) -> None:
    """The game about to be resumed from ``resumed`` goes on in ``target`` (``--resume A
    --save B``): it keeps its identity there, so that ``resumed`` becomes an older copy
    once ``target`` is written (rather than a second game to play the same moves again)."""
    _continued[_regular_target(resumed)] = _regular_target(target)


def _next_save(target: Path, counters: savecounters.Counters, path: Path) -> _Bound:
    """The identity and move of the next save to ``target``: the game played there goes
    on; with none, a new game begins (a new identity, move 1). Refused when the game was
    saved further by another myword meanwhile (its copy played in parallel)."""
    bound = _bound.get(target)
    if bound is None:
        return _Bound(secrets.token_hex(16), 1)
    latest = counters.games.get(bound.identity)
    if latest is not None and latest > bound.move:
        raise UserError(
            f"the game in {path} was played on in another myword (its move {latest} is "
            "saved there): not saved here"
        )
    return _Bound(bound.identity, bound.move + 1)


def write(game: str, state: Any, secret: Any, finished: bool, path: Path) -> str:
    """Save a game: ``state`` readable, ``secret`` sealed, the whole signed, bound to its
    game (identity, move, file name) and its move counted beside the key. Returns the
    game's identity (the same at every save of one game: the record keys games by it)."""
    target = _regular_target(path)
    folder = data_dir()
    sealed = seal(secret)  # the key made, if need be, before the folder is held
    try:
        with savelocks.folder_held(folder):
            counters = savecounters.load(folder)
            bound = _next_save(target, counters, path)
            held = _held.get(target)
            if held is not None and bound.identity not in held.identities:
                _hold_identity(held, bound.identity, path)  # a new game: held from its start
            envelope: Envelope = {
                "format": FORMAT,
                "version": VERSION,
                "game": game,
                "identity": bound.identity,
                "move": bound.move,
                "name": target.name,
                "counters": counters.store,
                "finished": finished,
                "saved": time.strftime("%Y-%m-%d %H:%M:%S"),
                "state": state,
                "sealed": sealed,
            }
            envelope["signature"] = _signature(envelope)
            _write_atomically(json.dumps(envelope, indent=1, ensure_ascii=False) + "\n", path)
            _bound[target] = bound
            savecounters.record(folder, counters, bound.identity, bound.move)
    except OSError as error:
        raise UserError(f"cannot save the game to {path}: {error.strerror or error}") from None
    return bound.identity


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
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested thousands deep
        raise UserError(f"cannot read the saved game {path}: not JSON") from None


# Parsed JSON, unchecked (only its format is): a reader checks what it reads of it.
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


def _then(kind: str, envelope: dict[str, Any], path: Path) -> str:
    """What to do with a save of another kind than the command's: resume it with its own
    command while it goes on, look at its review once it is over (a finished game or a
    race was told "resume it with myword another game", a command that does not exist)."""
    if not envelope.get("finished") and kind in GAME_COMMANDS:
        return f": resume it with myword {GAME_COMMANDS[kind]} --resume {path}"
    if envelope.get("finished") and kind in REVIEWED:
        return f": it is over, myword review {path} shows it"
    return ""


def read(game: str, path: Path, resuming: bool = True) -> tuple[Any, Any]:
    """A save's state and its unsealed secret, after checking its signature. Any file
    that was not written by this install's myword for this game is refused in one line;
    the file itself is never changed. ``resuming`` (to play it on): it must also be the
    latest save of its game, under its own name, played nowhere else; its game is then
    the one this process goes on with in that file. Without (to look at it, as ``layout
    replay`` does), an older copy reads as well."""
    envelope = _read_json(path)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise UserError(f"{path} is not a saved myword game")
    if envelope.get("version") != VERSION:
        raise UserError(f"{path} was saved by another version of myword and cannot be resumed")
    if envelope.get("game") != game:
        kind = str(envelope.get("game"))[:40]  # the file's own word: a few characters
        if envelope.get("game") is None:  # a stub, or damaged: no kind to name
            raise UserError(f"{path} holds no game of a kind myword knows")
        raise UserError(
            f"{path} holds another kind of game ({kind}, not {game}){_then(kind, envelope, path)}"
        )
    if not _intact(envelope):
        raise UserError(
            f"{path} was changed outside myword, or saved by another install "
            f"(its signature does not match); not {'resumed' if resuming else 'read'}"
        )
    if resuming:
        bound = _check_binding(envelope, path)
    try:
        secret = unseal(envelope["sealed"])
    except (ValueError, KeyError, AttributeError) as error:
        raise UserError(f"{path} cannot be resumed: {error}") from None
    if resuming:
        target = _regular_target(path)
        _bound[target] = bound
        if target in _continued:
            _bound[_continued.pop(target)] = _Bound(bound.identity, bound.move)
    return envelope["state"], secret


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a path the system cannot even look up (a name over 255
    bytes, a path over 4,096, a folder not ours to search) is said in one line, as
    ``Path.exists`` would raise it."""
    try:
        return path.exists()
    except OSError as error:
        raise UserError(f"cannot use {path}: {error.strerror or error}") from None


def check_target(path: Path, force: bool) -> None:
    """Refuse to start a new game over a saved game, finished or not, or over a file that
    is not a saved game, unless ``force``. A finished game was once replaced without a
    word: its review was lost (the record kept only its result)."""
    exists = _exists(Path(path))
    if exists and not Path(path).is_file():
        raise UserError(f"cannot save to {path}: not a regular file")
    if force or not exists:
        return
    envelope = peek(path)
    if envelope is None:
        raise UserError(f"{path} exists and is not a saved game; choose another --save or --force")
    if not envelope.get("finished"):
        raise UserError(
            f"{path} holds an unfinished game: resume it with --resume {path}, "
            "or replace it with --force"
        )
    raise UserError(
        f"{path} holds a finished game (myword review {path} shows it): choose another "
        "--save, or replace it with --force"
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
    if _exists(given) or given.parent != Path("."):
        return given
    kept = games_dir() / (given.name if given.suffix == ".json" else f"{given.name}.json")
    return kept if _exists(kept) else given


def listing() -> list[Listed]:
    """The games in the games folder, newest first: name, game, finished, when saved, and
    whether it is intact. A file there that holds no save (cut short by a full disk,
    damaged) is listed too, with no game, so that it can be seen and deleted (it was left
    out without a word, and ``--delete`` refused it)."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    games: list[Listed] = []
    for path in folder.glob("*.json"):
        envelope = peek(path) or {}
        games.append(
            {
                "name": path.stem,
                "game": envelope.get("game"),
                "finished": bool(envelope.get("finished")),
                "saved": envelope.get("saved"),
                "path": str(path),
                "intact": bool(envelope) and _intact(envelope),
            }
        )
    return sorted(games, key=lambda g: (str(g["saved"]), g["name"]), reverse=True)


def _intact(envelope: dict[str, Any]) -> bool:
    """Whether a save's signature is this install's: ``read`` refuses any other, and the
    list of games marks it (one changed by hand was listed as a game to resume). An
    install with no key yet signed nothing: a look is no reason to make one (a replay in
    a new data folder left a key file behind)."""
    if _read_key(data_dir() / "key") is None:
        return False
    signature = envelope.get("signature")
    return isinstance(signature, str) and hmac.compare_digest(signature, _signature(envelope))


def _hold_identity(held: _Held, identity: str, path: Path) -> None:
    try:
        held.locks.enter_context(savelocks.held(_identity_lock(identity)))
    except savelocks.Busy:
        raise UserError(f"the game in {path} is being played in another myword") from None
    held.identities.add(identity)


def _old_lock_beside(target: Path) -> Path:
    """Where myword before issue 26 kept a game's lock, and left it."""
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def holding(path: Path) -> Iterator[None]:
    """Hold a game's save while it is played, so that a second myword refuses to play it
    too: a lock on the file's place (its folder's device and inode, and its name), and
    one on the game's identity, so that another name for it, a hard link or a copy is
    refused as well. Both are files in the data folder's ``locks``, removed on leaving
    (``savelocks``); a killed writer's temporary files are removed on taking them. On
    leaving, this process is done with the game in that file (filelock: on Windows
    too)."""
    target = _regular_target(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        place = target.parent.stat()
        folder = _locks_folder()
    except OSError as error:
        raise UserError(f"cannot save the game to {path}: {error.strerror}") from None
    name = hashlib.sha256(target.name.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    held = _Held(contextlib.ExitStack())
    with held.locks:
        with savelocks.folder_held(data_dir()):  # no sweep or look meanwhile (see _look)
            savelocks.sweep(folder)
            try:
                held.locks.enter_context(
                    savelocks.held(folder / f"file-{place.st_dev}-{place.st_ino}-{name}.lock")
                )
            except savelocks.Busy:
                raise UserError(f"the game in {path} is being played in another myword") from None
            except OSError as error:
                raise UserError(f"cannot save the game to {path}: {error.strerror}") from None
            bound = _bound.get(target)
            identity = bound.identity if bound is not None else _peeked_identity(target)
            if identity is not None:
                _hold_identity(held, identity, path)
            savelocks.sweep_one(_old_lock_beside(target))
        durable.clean(target)
        _held[target] = held
        try:
            yield
        finally:
            _held.pop(target, None)
            _bound.pop(target, None)


def _peeked_identity(target: Path) -> str | None:
    """The identity of the game in a file, unchecked (only to name its lock)."""
    envelope = peek(target)
    if envelope is None:
        return None
    try:
        return _binding(envelope)[0]
    except ValueError:
        return None


def discard(path: Path) -> None:
    """Remove a game with nothing worth keeping (left before its first entry): called by
    the process holding it, so no lock is taken."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
    with contextlib.suppress(OSError, UserError):
        target = _regular_target(path)
        durable.clean(target)
        savelocks.sweep_one(_old_lock_beside(target))


def _in_games_folder(path: Path) -> bool:
    """Whether ``path`` is a ``.json`` file of the games folder, which only myword
    writes: what it holds there is a save, or what is left of one."""
    try:
        return path.suffix == ".json" and path.resolve().parent == games_dir().resolve()
    except OSError:
        return False


def delete(path: Path) -> None:
    """Delete a saved game: refused while another myword plays it (through any name),
    and for a file outside the games folder that is not a saved game (in it, a damaged
    save goes too). Its move counter is kept: a copy of it put back is still checked
    against it."""
    if not path.exists():
        raise UserError(f"no saved game {path.stem if path.parent == games_dir() else path}")
    if peek(path) is None and not _in_games_folder(path):  # there, a damaged save goes too
        raise UserError(f"{path} is not a saved game")
    with holding(path):
        try:
            path.unlink()
        except OSError as error:
            raise UserError(f"cannot delete {path}: {error.strerror}") from None
