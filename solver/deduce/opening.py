"""The opening book: first-row Guesswords worked out once, so the first move is instant.

Before any score is heard every game on a sheet starts from the same candidates, so the
first row's best Guesswords depend only on the sheet, the strategy, the prior and the
language. ``data/opening-book.json`` holds them for the default sheets and the familiar
pool; with it, advice on an empty sheet needs no kernel (and no numba start-up). Inside a
process, the first ``MEMO_ROWS`` rows of every game are also remembered, so that a
benchmark pays for each opening once.

The book records the settings it was computed with; a book that no longer matches them is
ignored (and the tests fail until it is rebuilt with ``python -m solver.deduce.opening``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path

from solver.deduce import endgame, strategies
from solver.deduce.candidates import PRIOR_SLOPE, PRIORS, Deduction, deduce
from solver.deduce.rules import Sheet, default_sheet

BOOK = "data/opening-book.json"
BOOK_SIZE = 10  # choices kept per entry: enough for --top 10
MEMO_ROWS = 2
_memo: dict[tuple, list[strategies.Choice]] = {}


def settings() -> dict[str, object]:
    """Everything a book entry depends on besides its key."""
    return {
        "information_units": strategies.INFORMATION_UNITS,
        "shortlist": strategies.SHORTLIST,
        "endgame_candidates": endgame.CANDIDATES,
        "endgame_shortlist": endgame.SHORTLIST,
        "prior_slope": PRIOR_SLOPE,
    }


def _key(sheet: Sheet, strategy: str, prior: str, lang: str, vocabulary: str) -> str:
    return f"{sheet}|{strategy}|{prior}|{lang}|{vocabulary}"


@cache
def _book() -> dict[str, list[dict[str, object]]]:
    path = resources.files("solver.deduce").joinpath(BOOK)
    if not path.is_file():
        return {}
    document = json.loads(path.read_text("utf-8"))
    return document["entries"] if document.get("settings") == settings() else {}


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
    return [strategies.Choice(**choice) for choice in entry[:top]]  # type: ignore[arg-type]


def remembered_choose(
    deduction: Deduction,
    sheet: Sheet,
    row_index: int,
    strategy: str,
    lang: str,
    top: int,
    seconds: float | None,
    vocabulary: str = "all",
) -> list[strategies.Choice]:
    """``strategies.choose``, remembering the first rows' answers within the process."""
    if row_index >= MEMO_ROWS or seconds is not None:
        return strategies.choose(
            deduction, sheet, row_index, strategy, lang, top, seconds, vocabulary
        )
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
    return _memo[key]


def build_book() -> dict[str, object]:
    """Compute every entry: default sheets x strategies x priors x vocabularies, English
    familiar pool."""
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


def main() -> None:
    path = Path(__file__).resolve().parent / BOOK
    path.write_text(json.dumps(build_book(), indent=1) + "\n", "utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
