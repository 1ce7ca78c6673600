"""A player's record: every finished game, one entry each, in the data folder's
``record.json`` (issue 28).

Why one file of our own: ``myword record`` and the app's record screen show games, wins and
losses by game and opponent, and the share of the best possible score over time; the saved
games cannot give that (they can be deleted, and a race is not a saved game). A game adds its
entry when it finishes (``add``), keyed by the game's identity (a saved game's, or a race's
own), so that a game saved finished twice, or resumed and finished again, counts once.

Written safely: the whole file is rewritten at once (``durable``: a temporary file, fsync,
rename), one writer at a time (the data folder's lock, ``savelocks.folder_held``). A file that
is not a record (damaged, or written by hand) is never overwritten: the next game moves it
aside as ``record-damaged-<time>.json`` and begins a new record, saying so in one line; a
reader (``load``) refuses it with a one-line error naming it. A game never fails because
its record cannot be written: ``add`` says so in one line on stderr (as ``savefile`` warns)
and returns that line.

The share of the best possible score is each game's own measure (``best``: What's My Word?,
what knowing the bot's Gamewords would have scored; MY WORD!, every point any player won;
My Word (1980), the best play on each of the person's turns); a game that cannot say keeps
``best`` empty and shows no share.
"""

from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypedDict, cast

from solver.runtime import durable
from solver.runtime.errors import UserError

FILE = "record.json"
FORMAT = "myword-record"
VERSION = 1
MOST_BYTES = 50_000_000  # about 200,000 games; a larger file is not ours
GAMES = ("deduce", "race", "layout")
RESULTS = ("win", "loss", "tie", "solo")  # solo: a game with no opponent


class FinishedEntry(TypedDict):
    """An entry as the record file keeps it (``Finished.to_json``)."""

    game: str
    key: str
    ended: str
    opponent: str
    you: int
    others: list[int]
    result: str
    best: int | None
    seed: int | None
    save: str | None
    details: dict[str, Any]  # the game's own (see ``Finished.details``)
    players: int
    share: float | None


class RecordFile(TypedDict):
    """The record file (``record.json``)."""

    format: str
    version: int
    games: list[FinishedEntry]


@dataclass(frozen=True)
class Finished:
    """One finished game, as the person played it."""

    game: str  # "deduce", "race" or "layout"
    key: str  # the game's identity: one entry a game
    ended: str  # when it finished, UTC, ISO 8601 to the second ("2026-12-03T22:20:05Z")
    opponent: str  # the opponent's level or name as the game names it ("medium", "auto 1.40")
    you: int  # the person's score
    others: tuple[int, ...]  # every other player's score, in seat order (none: solo)
    result: str  # "win", "loss" or "tie" as the game decides it (a forfeit is a win); "solo"
    best: int | None = None  # the best possible score for the person (see the docstring)
    seed: int | None = None
    save: str | None = None  # the saved game's file name, for ``myword review``
    # The game's own facts (rounds, deck...): each game writes its own, and an entry read
    # back checks only that they are an object, so they stay open.
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return 1 + len(self.others)

    @property
    def share(self) -> float | None:
        """The person's score over the best possible (None when the game cannot say)."""
        if self.best is None or self.best <= 0:
            return None
        return self.you / self.best

    def to_json(self) -> FinishedEntry:
        document = cast(FinishedEntry, asdict(self))  # the fields, then players and share
        document["others"] = list(self.others)
        document["players"] = self.players
        share = self.share
        document["share"] = None if share is None else round(share, 4)
        return document


def now() -> str:
    """The time a game ends, as entries keep it."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def result_of(you: int, others: tuple[int, ...] | list[int]) -> str:
    """A game's result for the person: a win above every other score, a tie at the top."""
    best_other = max(others, default=0)
    return "win" if you > best_other else "tie" if you == best_other else "loss"


def path(folder: Path) -> Path:
    return folder / FILE


def _entry(document: Any) -> Finished:
    """An entry read back, every field checked (``ValueError`` when one is wrong)."""
    if not isinstance(document, dict):
        raise ValueError("an entry is not an object")

    def whole(value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**12:
            raise ValueError(f"{what} is not a whole number")
        return value

    def text(value: Any, what: str) -> str:
        if not isinstance(value, str) or len(value) > 500:
            raise ValueError(f"{what} is not a short text")
        return value

    game = text(document.get("game"), "game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    result = text(document.get("result"), "result")
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    ended = text(document.get("ended"), "ended")
    time.strptime(ended, "%Y-%m-%dT%H:%M:%SZ")  # ValueError when it is not such a time
    others = document.get("others")
    if not isinstance(others, list) or len(others) > 10:
        raise ValueError("others is not a list of at most 10 scores")
    best = document.get("best")
    seed = document.get("seed")
    save = document.get("save")
    details = document.get("details", {})
    if not isinstance(details, dict):
        raise ValueError("details is not an object")
    return Finished(
        game=game,
        key=text(document.get("key"), "key"),
        ended=ended,
        opponent=text(document.get("opponent"), "opponent"),
        you=whole(document.get("you"), "you"),
        others=tuple(whole(score, "a score") for score in others),
        result=result,
        best=None if best is None else whole(best, "best"),
        seed=None if seed is None else _seed(seed),
        save=None if save is None else text(save, "save"),
        details=details,
    )


def _seed(value: Any) -> int:
    """A seed read back: any whole number a player may type (``--seed``), not a flag."""
    if isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 256:
        raise ValueError("seed is not a whole number")
    return value


def _parse(data: bytes) -> list[Finished]:
    """The entries of a record file's bytes (``ValueError`` when it is not one)."""
    if len(data) > MOST_BYTES:
        raise ValueError(f"larger than {MOST_BYTES:,} bytes")
    try:
        document = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deep") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not a myword record")
    if document.get("version") != VERSION:
        raise ValueError(f"version {document.get('version')!r}, this myword reads {VERSION}")
    games = document.get("games")
    if not isinstance(games, list):
        raise ValueError("no list of games")
    return [_entry(entry) for entry in games]


def _read(where: Path) -> list[Finished]:
    """The entries kept at ``where`` (none when there is no file). ``ValueError``: not a
    record; ``OSError``: cannot be read."""
    try:
        data = where.read_bytes()
    except FileNotFoundError:
        return []
    if not where.is_file():
        raise ValueError("not a regular file")
    return _parse(data)


def load(folder: Path) -> list[Finished]:
    """Every finished game kept in ``folder``, oldest first; a record that cannot be read is
    a ``UserError`` naming it (it is left as it is)."""
    where = path(folder)
    try:
        entries = _read(where)
    except OSError as error:
        raise UserError(f"cannot read your record {where}: {error.strerror or error}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise UserError(
            f"your record {where} is damaged ({error}); the next finished game moves it "
            "aside and begins a new one"
        ) from None
    return sorted(entries, key=lambda entry: entry.ended)


def _text(entries: list[Finished]) -> bytes:
    document: RecordFile = {
        "format": FORMAT,
        "version": VERSION,
        "games": [entry.to_json() for entry in entries],
    }
    return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def add(entry: Finished, folder: Path | None = None) -> str | None:
    """Add a finished game to the record (replacing the entry of the same game, if any).
    Returns None, or the one-line warning it printed when the record could not be kept
    (or was damaged, and was moved aside)."""
    warning = _added(entry, folder)
    if warning is not None:
        print(f"Warning: {warning}", file=sys.stderr, flush=True)
    return warning


def _added(entry: Finished, folder: Path | None) -> str | None:
    from solver.runtime import savefile, savelocks

    try:
        folder = savefile.data_dir() if folder is None else folder
    except UserError as error:
        return f"this game is not in your record: {error}"
    where = path(folder)
    warning = None
    try:
        with savelocks.folder_held(folder):
            durable.clean(where)
            try:
                entries = _read(where)
            except (ValueError, UnicodeDecodeError) as error:
                aside = folder / f"record-damaged-{time.strftime('%Y%m%d-%H%M%S')}.json"
                where.replace(aside)
                entries = []
                warning = (
                    f"your record {where} was damaged ({error}): kept as {aside}, a new one begun"
                )
            kept = [old for old in entries if (old.game, old.key) != (entry.game, entry.key)]
            durable.write(_text([*kept, entry]), where)
    except OSError as error:
        return f"this game is not in your record ({where}): {error.strerror or error}"
    return warning


class TallyRow(TypedDict):
    """A ``Tally`` as JSON (``myword record --json``'s tallies)."""

    game: str
    opponent: str
    games: int
    wins: int
    losses: int
    ties: int
    mean_share: float | None


@dataclass(frozen=True)
class Tally:
    """Games, wins, losses and ties of one game against one opponent, and the mean share
    of the best possible score over the games that have one."""

    game: str
    opponent: str
    games: int
    wins: int
    losses: int
    ties: int
    mean_share: float | None

    def to_json(self) -> TallyRow:
        document = cast(TallyRow, asdict(self))
        if self.mean_share is not None:
            document["mean_share"] = round(self.mean_share, 4)
        return document


def opponent_group(entry: Finished) -> str:
    """The opponent as the record groups it: the adaptive race level at any skill is one
    opponent (``auto``), not one per skill it passed through."""
    return "auto" if entry.opponent.startswith("auto ") else entry.opponent


def tallies(entries: list[Finished]) -> list[Tally]:
    """The record by game (in the house's order) and opponent (most played first)."""
    groups: dict[tuple[str, str], list[Finished]] = {}
    for entry in entries:
        groups.setdefault((entry.game, opponent_group(entry)), []).append(entry)
    rows = []
    for (game, opponent), games in groups.items():
        shares = [s for s in (entry.share for entry in games) if s is not None]
        rows.append(
            Tally(
                game,
                opponent,
                len(games),
                sum(entry.result == "win" for entry in games),
                sum(entry.result == "loss" for entry in games),
                sum(entry.result == "tie" for entry in games),
                math.fsum(shares) / len(shares) if shares else None,
            )
        )
    return sorted(rows, key=lambda row: (GAMES.index(row.game), -row.games, row.opponent))
