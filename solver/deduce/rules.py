"""What's My Word? rules: sheets, scoring and marking. The single source of truth.

A Guessword is written in a row of squares that sits under fixed columns of the hidden
Gameword: a row has a length and an offset (the Gameword column of its first square).
Scoring one Guessword (rulebook, "Scoring" and "Scoring Repeated Letters"):
1. Each guess letter equal to the Gameword letter in the same column is *matching*: 1000
   points; those Gameword letters are used up. Matching letters are always counted first.
2. Each remaining guess letter, left to right, equal to a still-unused letter anywhere in
   the Gameword (the whole word, not only the row's columns) is *non-matching*: 250 points,
   and uses that Gameword letter up.
3. Other letters score 0. On the last row, naming the Gameword exactly adds 3000.
The opponent hears only the total; kernels and solvers work from that number alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from solver.runtime.errors import UserError
from solver.runtime.numbers import whole

MATCHING_POINTS = 1000
NON_MATCHING_POINTS = 250
BONUS = 3000
POINT_UNIT = 250  # every score is a multiple of this
# The same in units, as the kernels (which keep their own copy: see kernels.py) and their
# numpy twins count
MATCHING_UNITS = MATCHING_POINTS // POINT_UNIT
BONUS_UNITS = BONUS // POINT_UNIT
PENALTY = 2000  # to the opponent, for each turn a wrong score given goes undetected
BOT_NAME = "the bot"  # what every text of a game against a person calls the program
# Limits of a custom sheet, checked where it is read. The kernels count scores in bytes of
# units (an L-letter word scores at most 4L + 12 units: 252 at 60 letters) and count a
# candidate's mismatched rows in a byte; no dictionary word is longer than 45 letters, and
# no paper sheet holds a hundred rows.
MAX_WORD_LETTERS = 60
MAX_SHEET_ROWS = 100
# How hard the Gamewords a game's bots hide are (``picks.py`` draws each from its pool);
# named here, below the views that carry it (``players.PickerView``)
DIFFICULTIES = ("easy", "medium", "hard")


class Mark(StrEnum):
    """How a player marks each letter of a scored Guessword (rulebook, "Marking Letters")."""

    MATCHING = "matching"  # circled
    NON_MATCHING = "non-matching"  # underlined
    NONE = "none"  # crossed out


@dataclass(frozen=True)
class Row:
    """One row of a sheet: a Guessword of ``length`` letters under columns ``offset``..."""

    length: int
    offset: int

    def columns(self) -> range:
        return range(self.offset, self.offset + self.length)

    def __str__(self) -> str:
        return f"{self.length}@{self.offset}"


@dataclass(frozen=True)
class Sheet:
    """The rows of one round, in the order they are played; the last row is the word."""

    name: str
    rows: tuple[Row, ...]

    @property
    def word_length(self) -> int:
        return self.rows[-1].length

    def is_last(self, index: int) -> bool:
        return index == len(self.rows) - 1

    def __str__(self) -> str:
        return " ".join(str(row) for row in self.rows)


class SheetError(UserError):
    """A sheet definition that breaks the rules of a sheet."""


_ROW = re.compile(r"([0-9]+)@([0-9]+)")  # ASCII digits only: int() reads others too


def parse_sheet(text: str, name: str) -> Sheet:
    """A sheet from ``length@offset`` tokens (spaces or commas between, ``#`` comments).

    Valid sheets have at least two rows, rows of at least two letters inside the word, and a
    last row that is the full word (offset 0), since the bonus is for naming the word.
    """
    tokens = [t for line in text.splitlines() for t in re.split(r"[\s,]+", line.split("#")[0])]
    tokens = [t for t in tokens if t]
    rows = []
    for token in tokens:
        if not (found := _ROW.fullmatch(token)):
            raise SheetError(
                f"sheet {name}: {token!r} is not a row (write length@offset, e.g. 3@1)"
            )
        length, offset = (whole(found.group(n), f"sheet {name}: row", SheetError) for n in (1, 2))
        rows.append(Row(length, offset))
    return checked_sheet(tuple(rows), name)


def checked_sheet(rows: tuple[Row, ...], name: str) -> Sheet:
    """The sheet of ``rows`` if it keeps the rules of a sheet (``parse_sheet``'s), else a
    ``SheetError`` naming the first row that breaks them: a sheet file and an engine's
    view are checked alike."""
    if len(rows) < 2:
        raise SheetError(f"sheet {name}: a sheet needs at least two rows")
    if len(rows) > MAX_SHEET_ROWS:
        raise SheetError(f"sheet {name}: {len(rows)} rows; a sheet holds {MAX_SHEET_ROWS} at most")
    last = rows[-1]
    if last.length > MAX_WORD_LETTERS:
        raise SheetError(
            f"sheet {name}: a {last.length}-letter word; sheets go up to {MAX_WORD_LETTERS} letters"
        )
    if last.offset != 0:
        raise SheetError(f"sheet {name}: the last row must be the full word, at offset 0")
    for number, row in enumerate(rows, start=1):
        if row.length < 2:
            raise SheetError(f"sheet {name}: row {number} ({row}) is shorter than 2 letters")
        if row.offset + row.length > last.length:
            raise SheetError(
                f"sheet {name}: row {number} ({row}) runs past the {last.length}-letter word"
            )
    return Sheet(name, rows)


def default_sheet(word_length: int) -> Sheet:
    """The 6-letter (round one) or 7-letter (round two) sheet, from the package data."""
    if word_length not in (6, 7):
        raise SheetError(f"there are default sheets for 6 and 7 letters, not {word_length}")
    text = (Path(__file__).parent / "data" / f"sheet{word_length}.txt").read_text("utf-8")
    return parse_sheet(text, f"{word_length}-letter")


def load_sheet(spec: str | Path) -> Sheet:
    """``6`` or ``7`` for a default sheet, or the path of a sheet file."""
    if (text := str(spec)) in ("6", "7"):
        return default_sheet(int(text))
    from solver.runtime.userfiles import regular_file

    path = Path(spec)
    try:
        return parse_sheet(regular_file(spec, "sheet", SheetError).read_text("utf-8"), path.name)
    except FileNotFoundError:
        raise SheetError(f"no such sheet file: {path} (use 6, 7 or a file)") from None
    except UnicodeDecodeError:
        raise SheetError(f"cannot read sheet {path}: it is not UTF-8 text") from None
    except OSError as error:
        raise SheetError(f"cannot read sheet {path}: {error.strerror}") from None


def _check_placement(gameword: str, guess: str, offset: int) -> None:
    if offset < 0 or offset + len(guess) > len(gameword):
        raise UserError(
            f"a {len(guess)}-letter Guessword at offset {offset} does not fit under the "
            f"{len(gameword)}-letter Gameword"
        )


def marking(gameword: str, guess: str, offset: int = 0) -> tuple[Mark, ...]:
    """The mark of each guess letter: matching first, then non-matching left to right."""
    gameword, guess = gameword.lower(), guess.lower()
    _check_placement(gameword, guess, offset)
    marks = [Mark.NONE] * len(guess)
    unused = list(gameword)
    for j, letter in enumerate(guess):
        if gameword[offset + j] == letter:
            marks[j] = Mark.MATCHING
            unused[offset + j] = ""
    for j, letter in enumerate(guess):
        if marks[j] is Mark.NONE and letter in unused:
            marks[j] = Mark.NON_MATCHING
            unused[unused.index(letter)] = ""
    return tuple(marks)


def score(gameword: str, guess: str, offset: int = 0, last_row: bool = False) -> int:
    """Points for a Guessword: 1000 per matching letter, 250 per non-matching one, and on
    the last row 3000 more for naming the Gameword."""
    marks = marking(gameword, guess, offset)
    points = sum(
        MATCHING_POINTS
        if m is Mark.MATCHING
        else NON_MATCHING_POINTS
        if m is Mark.NON_MATCHING
        else 0
        for m in marks
    )
    if last_row and guess.lower() == gameword.lower():
        points += BONUS
    return points


def possible_scores(row: Row, word_length: int, last_row: bool) -> frozenset[int]:
    """Every total a row can be scored, to catch an impossible heard score at once.

    With m matching letters, up to min(length, word length) - m others can be
    non-matching, except on a full-length row with exactly one unmatched column: its guess
    letter can only equal the Gameword letter of its own column, which would be matching.
    """
    totals = set()
    full_row = row.length == word_length
    for matching in range(row.length + 1):
        for non_matching in range(min(row.length, word_length) - matching + 1):
            if full_row and word_length - matching == 1 and non_matching == 1:
                continue
            points = matching * MATCHING_POINTS + non_matching * NON_MATCHING_POINTS
            if last_row and matching == word_length:
                points += BONUS  # all letters matching on the last row names the word
            totals.add(points)
    return frozenset(totals)
