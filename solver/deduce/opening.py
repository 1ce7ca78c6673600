"""The opening book: the first rows' Guesswords worked out once, so early moves are instant
and stronger.

Two parts, one file (``data/opening-book.json``):

- ``entries``: the first row's best Guesswords for every strategy, prior and vocabulary
  (before any score is heard every game on a sheet starts from the same candidates). With
  them, advice on an empty sheet needs no kernel (and no numba start-up).
- ``rollout``: for the booked settings (``BOOKED``), the move of every position the play
  reaches on the first ``BOOK_ROWS`` rows, chosen by a rollout (``rollout.py``): the
  strategy's ``ROLLOUT_TOP`` best guesses each valued exactly (this row's points plus what
  the strategy scores from there to the end), the best kept. A position is keyed by its
  candidates (a digest of the words), the row, the sheet, strategy, prior, language and
  vocabulary, never by the history: the game loop, the bots, ``advise`` and the exact
  evaluation all meet a position the same way, so they all play the booked move there
  (``remembered_choose`` is where they look). The objective (``ROLLOUT_OBJECTIVE``) is how
  opponents are assumed to pick their words: ``both`` (``rollout.objective_weights``), the
  guess that scores most in the sum of the two figures ``evaluate`` reports, Gamewords
  drawn alike and familiar-weighted (measured: docs/deduce-strength.md, "Round 2"; the
  objective ``uniform`` gained on one figure what it lost on the other).
  ``BOOK_ROUNDS`` rounds of improvement: a second round values the guesses against the
  first round's book (``book_builder --improve``); one is built: a second chose the same
  move at every booked position (the same page).

Inside a process, the first ``MEMO_ROWS`` rows of every game are also remembered, so that a
benchmark pays for each opening once.

The book records the settings it was computed with; a part that no longer matches them is
ignored (and the tests fail until it is rebuilt with ``python -m
solver.deduce.book_builder``, which prints how long it took). This module only reads the
book: the walk that builds its rollout part plays through ``remembered_choose``, so the
builder lives above it (``book_builder.py``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from solver.deduce import endgame, strategies
from solver.deduce.candidates import PRIOR_SLOPE, Deduction
from solver.deduce.measures import STRATEGY_MEASURES, TO_END
from solver.deduce.rules import Sheet

BOOK = "data/opening-book.json"
BOOK_SIZE = 10  # first-row choices kept per entry: enough for --top 10
MEMO_ROWS = 2
BOOK_ROWS = 5  # rows whose positions the rollout part holds
ROLLOUT_TOP = 8  # guesses valued exactly at each booked position
BOOK_ROUNDS = 1  # rounds of improvement: each values the guesses against the last's book
ROLLOUT_OBJECTIVE = "both"  # how opponents are assumed to pick Gamewords (rollout.BOTH)
# (strategy, prior, vocabulary) booked: the default setting
BOOKED = (("lookahead", "familiar", strategies.DEFAULT_VOCABULARY),)
BOOKED_LENGTHS = (6, 7)
_memo: dict[tuple, list[strategies.Choice]] = {}


# --- the book file (``BOOK``), as ``book_builder`` writes it ---------------------------------
class BookSettings(TypedDict):
    """What every book entry depends on besides its key (``settings``)."""

    information_units: float
    shortlist: int
    endgame_candidates: int
    endgame_shortlist: int
    endgame_nodes: int
    prior_slope: float


class RolloutSettings(TypedDict):
    """What the rollout part depends on besides the strategy's settings."""

    rows: int
    top: int
    rounds: int
    objective: str
    booked: list[list[str]]  # (strategy, prior, vocabulary) of each booked setting
    lengths: list[int]
    pool: str


class BookChoice(TypedDict):
    """A guess the first-row part keeps for a setting (best first)."""

    guess: str
    value: float
    expected_points: float
    expected_bits: float


class BookedChoice(BookChoice):
    """A guess the rollout part keeps for a position: its rank by the strategy, too."""

    policy_rank: int


class BookedPosition(TypedDict):
    """A rolled-out position (``rollout.position_entries``)."""

    history: str  # a history reaching it, readable ("SO 0, DEN 1250")
    candidates: int
    choices: list[BookedChoice]


Positions = dict[str, BookedPosition]  # by ``position_key``


class RolloutPart(TypedDict):
    settings: RolloutSettings
    positions: Positions


class BookDocument(TypedDict):
    """The book file: the first-row part (settings, entries by setting) and, when built,
    the rollout part."""

    settings: BookSettings
    entries: dict[str, list[BookChoice]]
    rollout: NotRequired[RolloutPart]


_in_use: list[Positions] = []  # positions overriding the stored ones (building)


def settings() -> BookSettings:
    """Everything a book entry depends on besides its key."""
    return {
        "information_units": strategies.INFORMATION_UNITS,
        "shortlist": strategies.SHORTLIST,
        "endgame_candidates": endgame.CANDIDATES,
        "endgame_shortlist": endgame.SHORTLIST,
        "endgame_nodes": endgame.NODES,
        "prior_slope": PRIOR_SLOPE,
    }


def rollout_settings() -> RolloutSettings:
    """Everything the rollout part depends on besides the strategy's settings."""
    return {
        "rows": BOOK_ROWS,
        "top": ROLLOUT_TOP,
        "rounds": BOOK_ROUNDS,
        "objective": ROLLOUT_OBJECTIVE,
        "booked": [list(b) for b in BOOKED],
        "lengths": list(BOOKED_LENGTHS),
        "pool": "familiar tier",
    }


def _key(sheet: Sheet, strategy: str, prior: str, lang: str, vocabulary: str) -> str:
    return f"{sheet}|{strategy}|{prior}|{lang}|{vocabulary}"


# Parsed JSON: its parts are taken only when their settings are today's (``_book``,
# ``stored_positions``), so it stays open until then.
@cache
def _document() -> dict[str, Any]:
    """The book file as stored (JSON: its parts are checked by their settings)."""
    path = Path(__file__).parent / BOOK
    if not path.is_file():
        return {}
    return json.loads(path.read_text("utf-8"))


def _book() -> dict[str, list[BookChoice]]:
    document = _document()
    return document["entries"] if document.get("settings") == settings() else {}


def stored_positions() -> Positions:
    """The rollout part's positions, or none when it was built with other settings."""
    document = _document()
    rollout = document.get("rollout") or {}
    if document.get("settings") != settings() or rollout.get("settings") != rollout_settings():
        return {}
    return rollout["positions"]


@contextmanager
def positions_in_use(positions: Positions) -> Iterator[None]:
    """Play with these booked positions instead of the stored ones (while building)."""
    _in_use.append(positions)
    try:
        yield
    finally:
        _in_use.pop()


def _positions() -> Positions:
    return _in_use[-1] if _in_use else stored_positions()


def positions_overriding() -> Positions | None:
    """The positions ``positions_in_use`` put in play, or None: the stored book plays."""
    return _in_use[-1] if _in_use else None


@contextmanager
def positions_in_a_file(positions: Positions | None) -> Iterator[str | None]:
    """``positions`` written to a temporary file for worker processes (None: none), kept
    while the block runs. A worker cannot see the book its parent put in use, and each
    would otherwise be handed it with every task, megabytes pickled each time."""
    if positions is None:
        yield None
        return
    import json
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        held = Path(folder) / "book.json"
        held.write_text(json.dumps(positions), "utf-8")
        yield str(held)


_files_read: dict[str, Positions] = {}  # in a worker: the book file it was handed


def positions_from(book: Positions | str) -> Positions:
    """Positions given, or read from the file ``positions_in_a_file`` wrote (read once a
    process; a new file replaces the one read before)."""
    if isinstance(book, dict):
        return book
    if book not in _files_read:
        import json
        from pathlib import Path

        _files_read.clear()
        _files_read[book] = json.loads(Path(book).read_text("utf-8"))
    return _files_read[book]


def book_choices(
    sheet: Sheet,
    strategy: str,
    prior: str,
    lang: str,
    top: int,
    is_default_pool: bool,
    vocabulary: str = strategies.DEFAULT_VOCABULARY,
) -> list[strategies.Choice] | None:
    """The book's first-row choices for these settings, or None when it has none."""
    if not is_default_pool or top > BOOK_SIZE:
        return None
    entry = _book().get(_key(sheet, strategy, prior, lang, vocabulary))
    if entry is None:
        return None
    measure = STRATEGY_MEASURES[strategy]  # the first row: thousands of words fit
    return [strategies.Choice(**choice, measure=measure) for choice in entry[:top]]


def position_key(
    sheet: Sheet,
    row_index: int,
    strategy: str,
    prior: str,
    lang: str,
    vocabulary: str,
    words: tuple[str, ...],
) -> str:
    """A position's key: the settings, the row, and a digest of its candidates."""
    digest = hashlib.blake2b("\n".join(sorted(words)).encode(), digest_size=8).hexdigest()
    return f"{_key(sheet, strategy, prior, lang, vocabulary)}|row {row_index + 1}|{digest}"


def booked_choices(
    deduction: Deduction,
    sheet: Sheet,
    row_index: int,
    strategy: str,
    prior: str,
    lang: str,
    vocabulary: str,
) -> list[strategies.Choice] | None:
    """The rollout's choices at this position, best first, or None when it is not booked."""
    if row_index >= BOOK_ROWS or len(deduction.words) < 2:
        return None
    if not _in_use and (strategy, prior, vocabulary) not in BOOKED:
        return None  # not booked: spare the digest of the candidates
    positions = _positions()
    if not positions:
        return None
    key = position_key(sheet, row_index, strategy, prior, lang, vocabulary, deduction.words)
    entry = positions.get(key)
    if entry is None:
        return None
    return [
        strategies.Choice(c["guess"], c["value"], c["expected_points"], c["expected_bits"], TO_END)
        for c in entry["choices"]
    ]


def with_booked(
    booked: list[strategies.Choice] | None, computed: list[strategies.Choice], top: int
) -> list[strategies.Choice]:
    """The booked choices first, then the computed ones not among them: ``top`` in all
    when ``computed`` holds ``top`` (each booked guess removes at most one of them)."""
    if not booked:
        return computed[:top]
    seen = {c.guess for c in booked}
    return (booked + [c for c in computed if c.guess not in seen])[:top]


def remembered_choose(
    deduction: Deduction,
    sheet: Sheet,
    row_index: int,
    strategy: str,
    lang: str,
    top: int,
    seconds: float | None,
    vocabulary: str = "all",
    *,
    prior: str,
    use_book: bool = True,
) -> list[strategies.Choice]:
    """``strategies.choose``, playing the book's move where the position is booked and
    remembering the first rows' answers within the process. ``prior``: the one the
    deduction weighs candidates with (part of a booked position's key)."""
    booked = (
        booked_choices(deduction, sheet, row_index, strategy, prior, lang, vocabulary)
        if use_book
        else None
    )
    if booked and len(booked) >= top:
        return booked[:top]
    if row_index >= MEMO_ROWS or seconds is not None:
        computed = strategies.choose(
            deduction, sheet, row_index, strategy, lang, top, seconds, vocabulary
        )
        return with_booked(booked, computed, top)
    key = (
        str(sheet),
        row_index,
        strategy,
        lang,
        top,
        vocabulary,
        deduction.words,
        deduction.probabilities.tobytes(),
    )
    if key not in _memo:
        _memo[key] = strategies.choose(
            deduction, sheet, row_index, strategy, lang, top, vocabulary=vocabulary
        )
    return with_booked(booked, _memo[key], top)
