"""The advice a player asks for mid-game: what is left, and the best next Guessword.

Everything ``myword deduce advise`` shows comes from ``advise``, as data: the next row, the
candidates with their probabilities, the marginal alphabets, the recommended Guessword
with the alternatives, warnings about non-words, and, when no word fits the scores, which
heard scores are most likely wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from solver.deduce import candidates as cand
from solver.deduce.opening import book_choices, booked_choices
from solver.deduce.rules import Row, Sheet
from solver.deduce.strategies import (
    DEFAULT_STRATEGY,
    DEFAULT_VOCABULARY,
    Choice,
    check_strategy,
    check_vocabulary,
    choose,
)
from solver.wordtools import lexicon


class HeardRow(TypedDict):
    """A row of the history: the Guessword and the score heard."""

    guess: str
    heard: int


class NextRow(TypedDict):
    """The row to play next: its number and its columns (1-based)."""

    number: int
    length: int
    offset: int
    columns: list[int]
    last: bool


class Probable(TypedDict):
    """A candidate and its probability."""

    word: str
    probability: float


class ColumnDocument(TypedDict):
    """A column's marginal alphabet (``cand.ColumnAlphabet``), its number 1-based."""

    column: int
    possible: str
    known: str


class AlphabetsDocument(TypedDict):
    """The marginal alphabets (``cand.MarginalAlphabets``) as JSON."""

    columns: list[ColumnDocument]
    present: str
    absent: str


class ChoiceDocument(TypedDict):
    """A recommended Guessword (``Choice``), rounded."""

    guess: str
    expected_points: float
    expected_bits: float
    value: float
    measure: str  # what value is (measures.MEASURES)


class FixDocument(TypedDict):
    """Another fix of the heard scores (``cand.Fix``), its rows 1-based."""

    rows: list[int]
    word: str
    would_have_scored: list[int]


class InconsistencyDocument(TypedDict):
    """Which heard scores are most likely wrong (``cand.Inconsistency``), rows 1-based."""

    fewest_wrong_scores: int
    rows: list[int]
    word: str
    would_have_scored: list[int]
    other_fixes: list[FixDocument]
    advice_assumes_the_fix: bool


class AdviceDocument(TypedDict):
    """An ``Advice`` as JSON (``myword deduce advise --json``, the assistant's advice)."""

    sheet: str
    history: list[HeardRow]
    next_row: NextRow | None
    consistent: bool
    candidates: int
    pool: str
    widened: bool
    most_probable: list[Probable]
    alphabets: AlphabetsDocument | None
    strategy: str
    vocabulary: str
    recommended_from: str  # "opening book" or "strategy"
    recommended: list[ChoiceDocument]
    warnings: list[str]
    inconsistency: InconsistencyDocument | None


@dataclass(frozen=True)
class Advice:
    sheet: Sheet
    history: tuple[cand.Turn, ...]
    strategy: str
    vocabulary: str  # the lexicon tier Guesswords are recommended from
    deduction: cand.Deduction
    alphabets: cand.MarginalAlphabets | None
    choices: tuple[Choice, ...]  # best first; none once the round is over
    warnings: tuple[str, ...]  # about the history as heard, each once
    inconsistency: cand.Inconsistency | None  # no word fits: the likeliest fix, and others
    # The choices are the opening book's (``opening.booked_choices``): their value is the
    # points expected from this row to the end of the round, worked out exactly, and there
    # are as many as the book holds. Otherwise the value is the strategy's own measure.
    from_book: bool = False

    @property
    def next_row_index(self) -> int | None:
        index = len(self.history)
        return index if index < len(self.sheet.rows) else None

    @property
    def next_row(self) -> Row | None:
        index = self.next_row_index
        return None if index is None else self.sheet.rows[index]

    def to_json(self, top: int) -> AdviceDocument:
        deduction = self.deduction
        row = self.next_row
        return {
            "sheet": str(self.sheet),
            "history": [{"guess": t.guess, "heard": t.heard} for t in self.history],
            "next_row": None
            if row is None
            else {
                "number": len(self.history) + 1,
                "length": row.length,
                "offset": row.offset,
                "columns": [c + 1 for c in row.columns()],
                "last": self.sheet.is_last(len(self.history)),
            },
            "consistent": self.inconsistency is None,
            "candidates": len(deduction.words),
            "pool": deduction.source,
            "widened": deduction.widened,
            "most_probable": [
                {"word": w, "probability": round(float(p), 6)}
                for w, p in zip(deduction.words[:top], deduction.probabilities[:top], strict=True)
            ],
            "alphabets": None
            if self.alphabets is None
            else {
                "columns": [
                    {"column": i + 1, "possible": c.possible, "known": c.known}
                    for i, c in enumerate(self.alphabets.columns)
                ],
                "present": self.alphabets.present,
                "absent": self.alphabets.absent,
            },
            "strategy": self.strategy,
            "vocabulary": self.vocabulary,
            # "opening book": value = points expected to the round's end, exact, and as
            # many choices as the book holds; "strategy": value = the strategy's measure
            "recommended_from": "opening book" if self.from_book else "strategy",
            "recommended": [
                {
                    "guess": c.guess,
                    "expected_points": round(c.expected_points, 1),
                    "expected_bits": round(c.expected_bits, 3),
                    "value": round(c.value, 1),
                    "measure": c.measure,  # what value is (measures.MEASURES)
                }
                for c in self.choices
            ],
            "warnings": list(self.warnings),
            "inconsistency": None
            if self.inconsistency is None
            else {
                "fewest_wrong_scores": self.inconsistency.fewest,
                "rows": [r + 1 for r in self.inconsistency.rows],
                "word": self.inconsistency.word,
                "would_have_scored": list(self.inconsistency.corrected),
                "other_fixes": [
                    {
                        "rows": [r + 1 for r in fix.rows],
                        "word": fix.word,
                        "would_have_scored": list(fix.corrected),
                    }
                    for fix in self.inconsistency.others
                ],
                "advice_assumes_the_fix": bool(self.choices),
            },
        }


def advise(
    history: list[cand.Turn],
    sheet: Sheet,
    strategy: str = DEFAULT_STRATEGY,
    pool: lexicon.Pool | None = None,
    prior: str = "familiar",
    lang: str = "en",
    top: int = 5,
    seconds: float | None = None,
    vocabulary: str = DEFAULT_VOCABULARY,
) -> Advice:
    """Deduce from the history and recommend the next row's Guessword, from the
    ``vocabulary`` tier (any word on the last row).

    The warnings and the inconsistency describe the history as heard; only the advice
    (candidates, alphabets, choices) goes on from the likeliest fix when no word fits."""
    check_strategy(strategy)
    check_vocabulary(vocabulary)
    history = cand.typed_history(history, lang)
    warnings = cand.check_history(history, sheet, lang)
    deduction = cand.deduce(history, sheet, pool, prior, lang)
    inconsistency = None
    if not deduction.consistent:
        # A heard score is wrong: say which, and advise on the likeliest fix meanwhile (the
        # game goes on while the opponent rechecks; the bot believes the same fix).
        inconsistency = cand.explain(history, sheet, prior, lang, pool=pool)
        deduction = cand.deduce(inconsistency.believed(history), sheet, pool, prior, lang)
    elif deduction.widened:
        source = pool.source if pool else "familiar tier"
        warnings.append(_widened_warning(history, sheet, pool, prior, lang, source))
    alphabets = cand.marginal_alphabets(deduction, lang)
    choices: tuple[Choice, ...] = ()
    row_index = len(history)
    booked = booked_choices(deduction, sheet, row_index, strategy, prior, lang, vocabulary)
    if booked:
        # The book holds this position: its moves, valued exactly, are the advice, as many
        # as it holds (``ROLLOUT_TOP``) when ``top`` asks for more. Adding searched moves
        # would cost the search the book spares (ten times the book's time) and mix two
        # meanings of "value" in one list.
        choices = tuple(booked[:top])
    elif row_index < len(sheet.rows):
        computed: list[Choice] | None = None
        if not history:
            default_pool = pool is None or pool.source == "familiar tier"
            computed = book_choices(sheet, strategy, prior, lang, top, default_pool, vocabulary)
        if computed is None:
            computed = choose(deduction, sheet, row_index, strategy, lang, top, seconds, vocabulary)
        choices = tuple(computed[:top])
    return Advice(
        sheet,
        tuple(history),
        strategy,
        vocabulary,
        deduction,
        alphabets,
        choices,
        tuple(warnings),
        inconsistency,
        bool(booked),
    )


def _widened_warning(
    history: list[cand.Turn],
    sheet: Sheet,
    pool: lexicon.Pool | None,
    prior: str,
    lang: str,
    source: str,
) -> str:
    """No word of the pool fits: their word is a rare one, or a score heard is wrong. When
    one changed score would let a word of the pool fit, say which: a wrong score is likelier
    than an obscure Gameword (the rules ask for words the opponent knows)."""
    said = f"no word of the {source} fits: searched every dictionary word"
    if pool is not None and pool.source != "familiar tier":
        return said
    if cand.named_row(history, sheet) is not None:
        return said  # the bonus was heard: their word is the rare one named
    found = cand.explain(history, sheet, prior, lang, tier="familiar", alternatives=2)
    if found.fewest != 1:
        return said
    fixes = [cand.Fix(found.rows, found.word, found.corrected), *found.others]
    named = []
    for fix in fixes:
        (row,), (right,) = fix.rows, fix.corrected
        turn = history[row]
        named.append(
            f"row {row + 1} ({turn.guess.upper()}, heard {turn.heard:,}) would score "
            f"{right:,} if their word were {fix.word.upper()}"
        )
    return f"{said}. Their word is a rare one, or a score heard is wrong: {'; or '.join(named)}"
