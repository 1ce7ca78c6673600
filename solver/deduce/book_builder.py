"""Rebuild the opening book (``opening.py`` reads it): ``python -m solver.deduce.book_builder``.

Why a module of its own: building the rollout part walks the game tree (``evaluate.py``,
``rollout.py``), and those play the book's moves through ``opening.remembered_choose``; with
the builder inside ``opening.py`` the three imported one another in a circle (issue 25).
Reading the book sits below the strategies' walk, writing it above.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from solver.deduce import opening, strategies
from solver.deduce.candidates import PRIORS, deduce
from solver.deduce.opening import (
    BOOK,
    BOOK_ROWS,
    BOOK_SIZE,
    BOOKED,
    BOOKED_LENGTHS,
    ROLLOUT_OBJECTIVE,
    ROLLOUT_TOP,
    _key,
    rollout_settings,
    settings,
)
from solver.deduce.rules import default_sheet


def build_book() -> opening.BookDocument:
    """Compute every first-row entry: default sheets x strategies x priors x vocabularies,
    English familiar pool."""
    entries: dict[str, list[opening.BookChoice]] = {}
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


def build_rollout(
    workers: int = 2,
    verbose: bool = True,
    reuse: opening.Positions | None = None,
    improve: opening.Positions | None = None,
) -> opening.RolloutPart:
    """Roll out the booked settings' early positions (minutes: see the README), taking the
    entries of ``reuse`` as they are. ``BOOK_ROUNDS`` rounds of improvement, each valuing
    the guesses against the book of the round before (policy iteration); ``improve``: the
    book of the round before the last, when it is stored (only the last round is built)."""
    from solver.deduce import evaluate, rollout
    from solver.wordtools import lexicon

    positions: opening.Positions = {}
    for length in BOOKED_LENGTHS:
        pool = lexicon.pool(length)
        for strategy, prior, vocabulary in BOOKED:
            setting = evaluate.Setting(default_sheet(length), strategy, pool, prior, vocabulary)
            started = time.perf_counter()

            def tell(line: str, length: int = length, vocabulary: str = vocabulary) -> None:
                if verbose:
                    print(f"{length} letters, {vocabulary}: {line}", file=sys.stderr, flush=True)

            base = improve
            for done in range(1 if improve else 0, opening.BOOK_ROUNDS):

                def told(line: str, done: int = done) -> None:
                    tell(f"round {done + 1}, {line}")

                rolled = rollout.build(
                    setting,
                    BOOK_ROWS,
                    ROLLOUT_TOP,
                    ROLLOUT_OBJECTIVE,
                    base,
                    workers,
                    told,
                    None if base else reuse,
                )
                base = rollout.position_entries(setting, rolled)
            positions.update(base or {})
            tell(f"{len(rolled)} positions in {time.perf_counter() - started:.0f} s")
    return {"settings": rollout_settings(), "positions": positions}


# (``deepenable`` and ``improvable``: a stored rollout part, parsed JSON they check.)
def deepenable(rollout: dict[str, Any]) -> opening.Positions:
    """A stored rollout part's positions, when it differs from today's settings only by
    holding fewer rows (its entries are then the ones a rebuild would make)."""
    stored = dict(rollout.get("settings") or {})
    wanted = rollout_settings()
    rows = stored.pop("rows", None)
    same = stored == {k: v for k, v in wanted.items() if k != "rows"}
    if not same or not isinstance(rows, int) or rows > BOOK_ROWS:
        print("the stored rollout part cannot be deepened: rebuilding it", file=sys.stderr)
        return {}
    positions: opening.Positions = rollout["positions"]  # settings checked: today's entries
    return positions


def improvable(rollout: dict[str, Any]) -> opening.Positions:
    """A stored rollout part's positions, when it differs from today's settings only by one
    round of improvement fewer: the base of the last round."""
    stored = dict(rollout.get("settings") or {})
    wanted = rollout_settings()
    rounds = stored.pop("rounds", None)
    same = stored == {k: v for k, v in wanted.items() if k != "rounds"}
    if not same or rounds != opening.BOOK_ROUNDS - 1:
        print("the stored rollout part is not the round before: rebuilding it", file=sys.stderr)
        return {}
    positions: opening.Positions = rollout["positions"]  # settings checked: the round before
    return positions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m solver.deduce.book_builder", description="Rebuild the opening book."
    )
    parser.add_argument("--part", choices=("first", "rollout", "both"), default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--deepen",
        action="store_true",
        help="keep the stored rollout positions when only BOOK_ROWS grew (adds the new rows)",
    )
    parser.add_argument(
        "--improve",
        action="store_true",
        help="take the stored rollout part as the round before the last (BOOK_ROUNDS grew)",
    )
    args = parser.parse_args(argv)
    path = Path(__file__).resolve().parent / BOOK
    started = time.perf_counter()
    old = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    document: opening.BookDocument = (
        build_book()
        if args.part != "rollout"
        else {"settings": old["settings"], "entries": old["entries"]}
    )
    if args.part == "first" and "rollout" in old:
        document["rollout"] = old["rollout"]
    if args.part != "first":
        reuse = deepenable(old.get("rollout") or {}) if args.deepen else None
        improve = improvable(old.get("rollout") or {}) if args.improve else None
        document["rollout"] = build_rollout(args.workers, reuse=reuse, improve=improve or None)
    path.write_text(book_text(document), "utf-8")
    print(f"wrote {path} in {time.perf_counter() - started:.0f} s")


def book_text(document: opening.BookDocument) -> str:
    """The book as JSON for people too: the first-row part indented, then one line per
    booked position (hundreds of them)."""
    rollout = document.get("rollout")
    head = json.dumps({k: v for k, v in document.items() if k != "rollout"}, indent=1)
    if not rollout:
        return head + "\n"
    positions = rollout["positions"]
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in positions.items())
    settings_line = json.dumps(rollout["settings"])
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
