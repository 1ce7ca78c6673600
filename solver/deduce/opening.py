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
  opponents are assumed to pick their words: alike among the familiar words, as the
  benchmark draws them (measured: see the README).

Inside a process, the first ``MEMO_ROWS`` rows of every game are also remembered, so that a
benchmark pays for each opening once.

The book records the settings it was computed with; a part that no longer matches them is
ignored (and the tests fail until it is rebuilt with ``python -m solver.deduce.opening``,
which prints how long it took).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from solver.deduce import endgame, strategies
from solver.deduce.candidates import PRIOR_SLOPE, PRIORS, Deduction, deduce
from solver.deduce.measures import STRATEGY_MEASURES, TO_END
from solver.deduce.rules import Sheet, default_sheet

if TYPE_CHECKING:
    from solver.deduce.evaluate import Setting
    from solver.deduce.rollout import Position, Rolled

BOOK = "data/opening-book.json"
BOOK_SIZE = 10  # first-row choices kept per entry: enough for --top 10
MEMO_ROWS = 2
BOOK_ROWS = 4  # rows whose positions the rollout part holds
ROLLOUT_TOP = 4  # guesses valued exactly at each booked position
ROLLOUT_OBJECTIVE = "uniform"  # how opponents are assumed to pick Gamewords
BOOKED = (("lookahead", "familiar", "core"),)  # (strategy, prior, vocabulary) booked
BOOKED_LENGTHS = (6, 7)
_memo: dict[tuple, list[strategies.Choice]] = {}
_in_use: list[dict[str, object]] = []  # positions overriding the stored ones (building)


def settings() -> dict[str, object]:
    """Everything a book entry depends on besides its key."""
    return {
        "information_units": strategies.INFORMATION_UNITS,
        "shortlist": strategies.SHORTLIST,
        "endgame_candidates": endgame.CANDIDATES,
        "endgame_shortlist": endgame.SHORTLIST,
        "endgame_nodes": endgame.NODES,
        "prior_slope": PRIOR_SLOPE,
    }


def rollout_settings() -> dict[str, object]:
    """Everything the rollout part depends on besides the strategy's settings."""
    return {
        "rows": BOOK_ROWS,
        "top": ROLLOUT_TOP,
        "objective": ROLLOUT_OBJECTIVE,
        "booked": [list(b) for b in BOOKED],
        "lengths": list(BOOKED_LENGTHS),
        "pool": "familiar tier",
    }


def _key(sheet: Sheet, strategy: str, prior: str, lang: str, vocabulary: str) -> str:
    return f"{sheet}|{strategy}|{prior}|{lang}|{vocabulary}"


@cache
def _document() -> dict[str, object]:
    path = Path(__file__).parent / BOOK
    if not path.is_file():
        return {}
    return json.loads(path.read_text("utf-8"))


def _book() -> dict[str, list[dict[str, object]]]:
    document = _document()
    return document["entries"] if document.get("settings") == settings() else {}  # type: ignore[return-value]


def stored_positions() -> dict[str, object]:
    """The rollout part's positions, or none when it was built with other settings."""
    document = _document()
    rollout = document.get("rollout") or {}
    if document.get("settings") != settings() or rollout.get("settings") != rollout_settings():
        return {}
    return rollout["positions"]


@contextmanager
def positions_in_use(positions: dict[str, object]) -> Iterator[None]:
    """Play with these booked positions instead of the stored ones (while building)."""
    _in_use.append(positions)
    try:
        yield
    finally:
        _in_use.pop()


def _positions() -> dict[str, object]:
    return _in_use[-1] if _in_use else stored_positions()


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
    return [strategies.Choice(**choice, measure=measure) for choice in entry[:top]]  # type: ignore[arg-type]


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


def walked_position_key(setting: Setting, position: Position) -> str:
    """``position_key`` of a position met walking ``setting``'s pool (its members index the
    pool's words): how the rollout stores a position and finds it again."""
    words = tuple(setting.pool.words[i] for i in position.members)
    return position_key(
        setting.sheet,
        position.row_index,
        setting.strategy,
        setting.prior,
        setting.pool.lang,
        setting.vocabulary,
        words,
    )


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
        for c in entry["choices"]  # type: ignore[index]
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


def build_book() -> dict[str, object]:
    """Compute every first-row entry: default sheets x strategies x priors x vocabularies,
    English familiar pool."""
    entries = {}
    for length in (6, 7):
        sheet = default_sheet(length)
        for prior in PRIORS:
            deduction = deduce([], sheet, prior=prior)
            for strategy in strategies.STRATEGIES:
                for vocabulary in strategies.VOCABULARIES:
                    choices = strategies.choose(
                        deduction, sheet, 0, strategy, "en", BOOK_SIZE, vocabulary=vocabulary
                    )
                    entries[_key(sheet, strategy, prior, "en", vocabulary)] = [
                        {
                            "guess": c.guess,
                            "value": round(c.value, 6),
                            "expected_points": round(c.expected_points, 6),
                            "expected_bits": round(c.expected_bits, 6),
                        }
                        for c in choices
                    ]
    return {"settings": settings(), "entries": entries}


def position_entries(setting: Setting, rolled: list[Rolled]) -> dict[str, object]:
    """Book entries for rolled-out positions, readable: a history reaching each, its
    candidates, and the guesses weighed (value: expected points from the row on, exact)."""
    entries: dict[str, object] = {}
    for entry in rolled:
        position = entry.position
        entries[walked_position_key(setting, position)] = {
            "history": ", ".join(f"{t.guess.upper()} {t.heard}" for t in position.history),
            "candidates": len(position.members),
            "choices": [
                {
                    "guess": c.guess,
                    "value": round(c.value, 3),
                    "expected_points": round(c.expected_points, 3),
                    "expected_bits": round(c.expected_bits, 3),
                    "policy_rank": rank,
                }
                for c, rank in zip(entry.choices, entry.policy_ranks, strict=True)
            ],
        }
    return entries


def build_rollout(
    workers: int = 2, verbose: bool = True, reuse: dict[str, object] | None = None
) -> dict[str, object]:
    """Roll out the booked settings' early positions (minutes: see the README), taking the
    entries of ``reuse`` as they are."""
    from solver import lexicon
    from solver.deduce import evaluate, rollout

    positions: dict[str, object] = {}
    for length in BOOKED_LENGTHS:
        pool = lexicon.pool(length)
        for strategy, prior, vocabulary in BOOKED:
            setting = evaluate.Setting(default_sheet(length), strategy, pool, prior, vocabulary)
            started = time.perf_counter()

            def tell(line: str, length: int = length, vocabulary: str = vocabulary) -> None:
                if verbose:
                    print(f"{length} letters, {vocabulary}: {line}", file=sys.stderr, flush=True)

            rolled = rollout.build(
                setting, BOOK_ROWS, ROLLOUT_TOP, ROLLOUT_OBJECTIVE, None, workers, tell, reuse
            )
            positions.update(position_entries(setting, rolled))
            tell(f"{len(rolled)} positions in {time.perf_counter() - started:.0f} s")
    return {"settings": rollout_settings(), "positions": positions}


def _deepenable(rollout: dict[str, object]) -> dict[str, object]:
    """A stored rollout part's positions, when it differs from today's settings only by
    holding fewer rows (its entries are then the ones a rebuild would make)."""
    stored = dict(rollout.get("settings") or {})  # type: ignore[call-overload]
    wanted = rollout_settings()
    rows = stored.pop("rows", None)
    same = stored == {k: v for k, v in wanted.items() if k != "rows"}
    if not same or not isinstance(rows, int) or rows > BOOK_ROWS:
        print("the stored rollout part cannot be deepened: rebuilding it", file=sys.stderr)
        return {}
    return rollout["positions"]  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m solver.deduce.opening", description="Rebuild the opening book."
    )
    parser.add_argument("--part", choices=("first", "rollout", "both"), default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--deepen",
        action="store_true",
        help="keep the stored rollout positions when only BOOK_ROWS grew (adds the new rows)",
    )
    args = parser.parse_args(argv)
    path = Path(__file__).resolve().parent / BOOK
    started = time.perf_counter()
    old = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    document = (
        build_book() if args.part != "rollout" else {k: old[k] for k in ("settings", "entries")}
    )
    if args.part == "first" and "rollout" in old:
        document["rollout"] = old["rollout"]
    if args.part != "first":
        reuse = _deepenable(old.get("rollout") or {}) if args.deepen else None
        document["rollout"] = build_rollout(args.workers, reuse=reuse)
    path.write_text(book_text(document), "utf-8")
    print(f"wrote {path} in {time.perf_counter() - started:.0f} s")


def book_text(document: dict[str, object]) -> str:
    """The book as JSON for people too: the first-row part indented, then one line per
    booked position (hundreds of them)."""
    rollout = document.get("rollout")
    head = json.dumps({k: v for k, v in document.items() if k != "rollout"}, indent=1)
    if not rollout:
        return head + "\n"
    positions = rollout["positions"]  # type: ignore[index]
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in positions.items())
    settings_line = json.dumps(rollout["settings"])  # type: ignore[index]
    return (
        head[:-2]
        + ',\n "rollout": {\n  "settings": '
        + settings_line
        + ',\n  "positions": {\n'
        + lines
        + "\n  }\n }\n}\n"
    )


if __name__ == "__main__":
    main()
