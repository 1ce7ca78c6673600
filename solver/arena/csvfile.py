"""A tournament's CSV (``--csv FILE``): written game by game, durable, and read back to go
on after a stop (``--resume FILE``).

One row per game and entry, in game order: the columns ``COLUMNS``, the game's own measures
(those of the first records), the breakdown as one ``;``-separated cell, and last
``tournament``, the fingerprint of what decides the games (the game, the entries, the first
seed and the options: everything but how many games). Every row carries it, so a CSV of
another tournament, or rows of two pasted together, are refused rather than summed.

Durable: the rows of each chunk are flushed to the operating system as they are written
(a killed ``myword`` loses none), and synced to the disk at most every ``SYNC_SECONDS``
and at the end (a power cut loses at most that much). A stop can still cut the last line or
the last game short: reading back drops whatever follows the last whole game, and
``--resume`` plays that game again.

Reading back rebuilds each game's record from its rows, with the values it had: numbers
are written as Python writes them (``repr``, which reads back to the same float), so the
summary of a resumed tournament is the summary of the same games played at one go, to the
last bit. (One limit, of the cells only: a list of one item reads back as that item.)
"""

from __future__ import annotations

import contextlib
import csv
import errno
import hashlib
import io
import json
import os
import re
import time
from collections.abc import Iterator
from itertools import takewhile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from solver.arena.tournament import Result, Tournament, TournamentRecord

COLUMNS = (
    "game",
    "seed",
    "entry",
    "player",
    "seat",
    "score",
    "win",
    "moves",
    "seconds",
    "forfeit",
)
BREAKDOWN = "breakdown"
TOURNAMENT = "tournament"
SYNC_SECONDS = 1.0  # the longest a written row waits to reach the disk
LARGEST = 10**15  # far above any score, time or measure: a larger number is damage
NUMBER = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")  # as repr writes them


def fingerprint(spec: Tournament) -> str:
    """What decides the games of ``spec`` (all but their number), as 16 hex digits."""
    # a tournament resumed with more games goes on: the same one
    identity = {k: v for k, v in spec.to_json().items() if k != "games"}
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def cell(value: Any) -> Any:
    """Lists go into one CSV cell, ``;``-separated; None is an empty cell."""
    return ";".join(str(v) for v in value) if isinstance(value, list | tuple) else value


def value_of(text: str) -> Any:
    """A cell's value back: empty is None, ``True``/``False`` a bool, a number as Python
    wrote it an int or a float, ``a;b`` a list of those, anything else text."""
    if ";" in text:
        return [_scalar(part) for part in text.split(";")]
    return _scalar(text)


def _scalar(text: str) -> Any:
    if text == "":
        return None
    if text in ("True", "False"):
        return text == "True"
    if NUMBER.fullmatch(text):
        value = float(text) if any(c in text for c in ".eE") else int(text)
        if not abs(value) <= LARGEST:  # (nan too) no game measures that much: damage
            raise ValueError(text)
        return value
    return text


class CsvWriter:
    """Rows as records come, durable (see the module). ``resume``: the CSV read back
    (``Previous``), to go on after its last whole game with its columns."""

    def __init__(self, path: Path, spec: Tournament, resume: Previous | None = None) -> None:
        self.path = Path(path)
        self.shown = shown(self.path)
        self.tournament = fingerprint(spec)
        self.resume = resume
        self.extras: list[str] | None = resume.extras if resume else None
        self.headed = resume is not None and resume.end > 0  # the header is there
        self.games = resume.games if resume else 0  # whole games written, in the file
        self.synced = time.monotonic()
        self._open()  # an unwritable path is said before any game is played

    def _open(self) -> None:
        try:
            if self.resume is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.handle = self.path.open("w", newline="", encoding="utf-8")
            else:  # after the last whole game: a cut line or game is played again
                raw = self.path.open("r+b")  # (read back whole already: ``Previous``)
                raw.truncate(self.resume.end)
                raw.seek(self.resume.end)
                self.handle = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        except OSError as error:
            raise UserError(f"cannot write the CSV {self.shown}: {error.strerror}") from None
        self.writer = csv.writer(self.handle)

    def write(self, records: list[TournamentRecord]) -> None:
        if self.extras is None:
            self.extras = sorted(
                {k for rec in records for r in rec["results"] for k in r.get("extra", {})}
            )
        if not self.headed:
            self.writer.writerow([*COLUMNS, *self.extras, BREAKDOWN, TOURNAMENT])
            self.headed = True
        for record in records:
            for r in record["results"]:
                values = [record["game"], record["seed"]] + [r.get(c) for c in COLUMNS[2:]]
                values += [cell(r.get("extra", {}).get(k)) for k in self.extras]
                self.writer.writerow([*values, cell(r["breakdown"]), self.tournament])
            self.games += 1
        self.handle.flush()  # in the system's hands: a killed run loses no whole game
        if time.monotonic() - self.synced >= SYNC_SECONDS:
            self._sync()

    def close(self) -> None:
        """Flush and sync what is written (a full disk may only show here)."""
        if not self.handle.closed:
            try:
                self.handle.flush()
                self._sync()
            finally:
                self.handle.close()

    def _sync(self) -> None:
        try:
            os.fsync(self.handle.fileno())
        except OSError as error:
            if error.errno not in (errno.EINVAL, errno.EOPNOTSUPP):  # /dev/null: no disk
                raise
        self.synced = time.monotonic()


class Previous:
    """The games a CSV holds, read back to resume ``spec`` from it.

    ``check()`` reads it all, before anything is played or written, and refuses in one line
    a file that is not a tournament CSV, one of another tournament, one damaged before its
    end, or one that holds more games than ``spec``; ``records()`` then gives the games
    back, in game order. ``games``: how many whole games; ``end``: where the last ends."""

    def __init__(self, path: Path, spec: Tournament) -> None:
        self.path = Path(path)
        self.shown = shown(self.path)
        self.spec = spec
        self.extras: list[str] | None = None
        self.games = 0
        self.end = 0

    def check(self) -> Previous:
        from solver.arena.tournament import Tally

        tally = Tally(self.spec)  # counted as they will be: a value that cannot be is damage
        for record in self._games():
            try:
                tally.add(record)
            except (TypeError, ValueError, KeyError, ArithmeticError):
                raise UserError(
                    f"{self.shown} is damaged in game {record['game']}: its values cannot be "
                    "counted"
                ) from None
        try:
            if tally.games:
                tally.summary()
        except (TypeError, ValueError, KeyError, ArithmeticError):
            raise UserError(f"{self.shown} is damaged: its values cannot be summed up") from None
        if self.games > self.spec.games:
            raise UserError(
                f"{self.shown} already holds {self.games:,} games, more than --games "
                f"{self.spec.games:,}: give --games {self.games:,} or more to go on"
            )
        return self

    def records(self) -> Iterator[TournamentRecord]:
        yield from self._games()

    def _games(self) -> Iterator[TournamentRecord]:
        """Each whole game's record, checking every row; sets ``games`` and ``end``."""
        entries = len(self.spec.entries)
        tournament = fingerprint(self.spec)
        self.games, self.end = 0, 0
        game: list[tuple[dict[str, str], int]] = []  # the rows of the game being read
        rows = self._rows()
        for row, line, end in rows:
            if row.get(TOURNAMENT) != tournament:
                same = _same_game(rows, row.get("game"))
                raise UserError(self._another([row, *(r for r, _, _ in same)], line))
            number = _number(row["game"], self.path, line)
            if number != self.games:
                raise UserError(
                    f"{self.shown} is damaged at line {line}: game {number} where game "
                    f"{self.games} was expected"
                )
            game.append((row, line))
            if len(game) == entries:
                yield self._record(game)
                self.games, self.end, game = self.games + 1, end, []

    def _rows(self) -> Iterator[tuple[dict[str, str], int, int]]:
        """Each whole row of the CSV, its line number and the byte offset after it; rows
        after a cut (the last line without its end) are left out."""
        try:
            handle = self.path.open("rb")
        except FileNotFoundError:
            raise UserError(
                f"no CSV {self.shown} to resume: --csv {self.shown} starts a tournament"
            ) from None
        except OSError as error:
            raise UserError(f"cannot read the CSV {self.shown}: {error.strerror}") from None
        with handle:
            offset = 0
            lines = _counted(handle)
            reader = csv.reader((text for text, _ in lines), strict=True)
            header: list[str] | None = None
            line = 0
            while True:
                try:
                    fields = next(reader)
                except StopIteration:
                    return
                except csv.Error:  # a quoted cell cut short by the end of the file
                    if lines.ended:
                        return
                    raise UserError(
                        f"{self.shown} is damaged at line {reader.line_num}: not CSV"
                    ) from None
                line, offset = reader.line_num, lines.offset
                if not lines.whole:  # the last line, cut: played again
                    if header is None:
                        self._header(fields, cut=True)
                    return
                if header is None:
                    header = self._header(fields)
                    self.end = offset
                    continue
                if len(fields) != len(header):
                    raise UserError(
                        f"{self.shown} is damaged at line {line}: {len(fields)} cells, "
                        f"not {len(header)}"
                    )
                yield dict(zip(header, fields, strict=True)), line, offset

    def _header(self, fields: list[str], cut: bool = False) -> list[str]:
        """The header's columns, or a one-line refusal; ``cut``: the header of a run
        stopped while writing it, so the start of one."""
        known = [*COLUMNS, BREAKDOWN, TOURNAMENT]
        if cut:
            whole = ",".join(COLUMNS)
            text = ",".join(fields)
            fits = whole.startswith(text) or text.startswith(whole)
        else:
            fits = fields[: len(COLUMNS)] == list(COLUMNS) and fields[-2:] == known[-2:]
        if not fits:
            raise UserError(
                f"{self.shown} is not a tournament CSV written by myword's --csv (its first "
                "line is not the header of one), so it cannot be resumed"
            )
        self.extras = fields[len(COLUMNS) : -2]
        return fields

    def _another(self, rows: list[dict[str, str]], line: int) -> str:
        """Why the rows of a game (from ``line``) are not of this tournament, as precisely
        as they tell: their seed, their players, or else the game or its options."""
        spec = self.spec
        start = f"{self.shown} holds another tournament's games (line {line} on)"
        first = rows[0]
        try:
            seed = int(first["seed"]) - int(first["game"])
        except (KeyError, ValueError):
            seed = spec.seed
        if seed != spec.seed:
            return f"{start}: played from seed {seed}, not {spec.seed} (--seed {seed} goes on)"
        players: dict[int, str] = {}
        for row in rows:
            with contextlib.suppress(KeyError, ValueError):
                players.setdefault(int(row["entry"]), row["player"])
        there = [players[e] for e in sorted(players)]
        if there != list(spec.entries):
            return f"{start}: played by {_names(there)}, not {_names(spec.entries)}"
        options = "".join(f", {k} {v}" for k, v in spec.options)
        return (
            f"{start}: another game, or options other than these ({spec.game}, seed "
            f"{spec.seed}{options}); resume it with the options that wrote it"
        )

    def _record(self, rows: list[tuple[dict[str, str], int]]) -> TournamentRecord:
        results: list[Result] = []
        for row, line in rows:
            try:
                result: Result = {
                    "entry": int(row["entry"]),
                    "player": row["player"],
                    "seat": _scalar(row["seat"]),
                    "score": _finite(row["score"]),
                    "win": _finite(row["win"]) if row["win"] else None,
                    "moves": int(row["moves"]),
                    "seconds": _finite(row["seconds"]) if row["seconds"] else None,
                    "forfeit": row["forfeit"] or None,
                    "breakdown": [] if not row[BREAKDOWN] else _list(row[BREAKDOWN]),
                    "extra": {k: value_of(row[k]) for k in self.extras or []},
                }
            except (ValueError, OverflowError):  # (an int too large for a float)
                raise UserError(
                    f"{self.shown} is damaged at line {line}: a cell is not a number"
                ) from None
            results.append(result)
        if sorted(r["entry"] for r in results) != list(range(len(self.spec.entries))):
            raise UserError(f"{self.shown} is damaged at line {rows[-1][1]}: entries missing")
        game = int(rows[0][0]["game"])  # (checked: ``_number``)
        seeds = {row["seed"] for row, _ in rows}
        if seeds != {str(self.spec.seed + game)}:  # every game's seed is the first + g
            raise UserError(f"{self.shown} is damaged at line {rows[0][1]}: a wrong seed")
        return {"game": game, "seed": self.spec.seed + game, "results": results}


def _same_game(
    rows: Iterator[tuple[dict[str, str], int, int]], game: str | None
) -> Iterator[tuple[dict[str, str], int, int]]:
    """The rows that follow while their game is ``game`` (the rest of its game)."""
    return takewhile(lambda r: r[0].get("game") == game, rows)


def _number(text: str, path: Path, line: int) -> int:
    try:
        number = int(text)
        if not 0 <= number <= LARGEST:
            raise ValueError(text)
        return number
    except ValueError:
        raise UserError(
            f"{shown(path)} is damaged at line {line}: the game is not a number"
        ) from None


def _names(names) -> str:
    return shown(",".join(names))


def shown(path: Path | str) -> str:
    """A path as a message shows it: as it is, or quoted when it holds a line break or
    another control character (an error stays one line)."""
    text = str(path)
    return text if text.isprintable() else repr(text)


def _list(text: str) -> list[int | float]:
    return [_finite(part) for part in text.split(";")]


def _finite(text: str) -> int | float:
    """A number as Python wrote it (at most ``LARGEST``); else ValueError (damage)."""
    value = _scalar(text)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(text)
    return value


class _counted:
    """The lines of a binary file as text, counting the bytes read (for the offset just
    after each whole row) and whether the last one read ends whole."""

    def __init__(self, handle) -> None:
        self.handle = handle
        self.offset = 0
        self.whole = True
        self.ended = False

    def __iter__(self) -> Iterator[tuple[str, int]]:
        for raw in self.handle:
            self.offset += len(raw)
            self.whole = raw.endswith(b"\n")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("utf-8", "replace")  # a cut character: the cut line
            yield text, self.offset
        self.ended = True
