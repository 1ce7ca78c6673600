"""From the scores heard to the Gamewords that fit them, with a probability for each.

A history is the list of (Guessword, heard score) of the rows played so far, in sheet
order. A candidate fits when it would have given every heard score: the filter compares
numbers, never a decoded (matching, non-matching) pair, since 1000 may be one matching
letter or four non-matching ones.

The prior (why some candidates are likelier): people hide words they know, so by default a
candidate's weight grows with its frequency, as
``10 ** (PRIOR_SLOPE * (max(zipf, ZIPF_FLOOR) - 3))``: a word used 1000 times more often (3
Zipf units) weighs ``10 ** (3 * PRIOR_SLOPE)`` times more, and a word wordfreq never saw
(Zipf 0) weighs as one of Zipf 1. The slope is gentle because the pool is already the
familiar words. ``uniform`` weighs every candidate the same.

When no word of the pool fits (the opponent hid a word outside it), the search widens to
every dictionary word of the length and says so; when none fits either, the history is
inconsistent and ``explain`` names the fewest heard scores whose change would make it
consistent again (the way to catch a wrong score).

Words come in as people type them (``CANCIÓN``, ``Den``); ``typed_history`` (and
``typed.typed_word`` for a single word) puts them in the form the dictionaries store, with
the language's own ``normalize`` (lowercase, Spanish accents folded), before anything reads
them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solver.deduce.rules import BONUS, MATCHING_POINTS, POINT_UNIT, Sheet, possible_scores
from solver.runtime.errors import UserError
from solver.runtime.numbers import whole
from solver.wordtools import lexicon

PRIORS = ("familiar", "uniform")
PRIOR_SLOPE = 0.25
ZIPF_FLOOR = 1.0  # words wordfreq never saw still get a small weight


class HistoryError(UserError):
    """A history that cannot have happened on this sheet."""


@dataclass(frozen=True)
class Turn:
    """One row played: the Guessword and the score heard for it."""

    guess: str
    heard: int


@dataclass(frozen=True)
class Deduction:
    """What the heard scores leave possible: candidates, most probable first."""

    words: tuple[str, ...]
    probabilities: np.ndarray  # aligned with words, sums to 1
    weights: np.ndarray  # the prior weights behind them, unnormalized
    codes: np.ndarray  # letter codes aligned with words
    source: str  # the pool they come from ("familiar tier", "all dictionary words", ...)
    widened: bool  # no word of the requested pool fitted, so every word was searched
    pool_size: int

    @property
    def consistent(self) -> bool:
        return bool(self.words)


@dataclass(frozen=True)
class Fix:
    """Heard scores that, changed, make a word fit: which rows, the word, the right scores."""

    rows: tuple[int, ...]  # 0-based rows whose heard score would have to change
    word: str  # the most probable word fitting all other rows
    corrected: tuple[int, ...]  # what those rows would have scored for that word


@dataclass(frozen=True)
class Inconsistency:
    """The fewest heard scores that must be wrong, and a word that fits the rest (the
    likeliest fix); ``others``: other rows whose change would do as well, likeliest first."""

    fewest: int
    rows: tuple[int, ...]  # 0-based rows whose heard score would have to change
    word: str  # the most probable word fitting all other rows
    corrected: tuple[int, ...]  # what those rows would have scored for that word
    others: tuple[Fix, ...] = ()

    def believed(self, history: list[Turn]) -> list[Turn]:
        """The history with the likeliest fix applied: what advice may go on from."""
        fixed = dict(zip(self.rows, self.corrected, strict=True))
        return [Turn(t.guess, fixed.get(r, t.heard)) for r, t in enumerate(history)]


# A score as myword prints it ("1,250") or plain ("1250"); ASCII digits only.
_TURN = re.compile(r"\s*([^\W\d_]+)\s*[:=]?\s*(-?[0-9]{1,3}(?:,[0-9]{3})+|-?[0-9]+)\s*")
# Turns are split at commas, except a thousands separator: a comma between a digit and
# exactly three digits ("DEN 1,250, EBB 1000" is two turns).
_BETWEEN_TURNS = re.compile(r"[;\n]|(?<![0-9]),|,(?![0-9]{3}(?![0-9]))")


def parse_history(text: str) -> list[Turn]:
    """``"SO 0, DEN 1250, ..."`` -> turns; commas or semicolons between turns, scores
    with or without thousands separators (``DEN 1,250``, as myword prints them). The words
    are as typed (``typed_history`` folds them); an accent typed as a separate combining
    mark (as some keyboards and macOS send it) is composed first, so that it reads as part
    of its letter."""
    turns = []
    for part in _BETWEEN_TURNS.split(unicodedata.normalize("NFC", text)):
        if not part.strip():
            continue
        if not (found := _TURN.fullmatch(part)):
            raise HistoryError(f"cannot read {part.strip()!r}: write a Guessword then its score")
        score = whole(found.group(2), f"the score of {found.group(1)!r},", HistoryError)
        turns.append(Turn(found.group(1), score))
    return turns


def typed_history(history: list[Turn], lang: str = "en") -> list[Turn]:
    """The turns with their Guesswords as the dictionaries store them (the folding of
    ``typed.typed_word``; ``check_history`` says what is wrong with a turn)."""
    spec = lexicon.language(lang)
    return [Turn(spec.normalize(turn.guess), turn.heard) for turn in history]


def check_history(history: list[Turn], sheet: Sheet, lang: str = "en") -> list[str]:
    """Raise on what cannot have happened; return warnings (non-words) for what merely may
    not be allowed. Turns must follow the sheet's rows in order."""
    spec = lexicon.language(lang)
    if len(history) > len(sheet.rows):
        raise HistoryError(
            f"{len(history)} turns, but the {sheet.name} sheet has {len(sheet.rows)} rows"
        )
    warnings = []
    for number, (turn, row) in enumerate(zip(history, sheet.rows, strict=False), start=1):
        guess = spec.normalize(turn.guess)
        if shown := spec.shown_foreign(guess):  # first: İ or ß is not two letters of a row
            hint = lexicon.other_languages(turn.guess, lang)
            where = f"row {number} ({turn.guess!r})"  # as typed: ß.upper() is SS
            raise HistoryError(f"{where}: not {spec.name} letters: {shown}{hint}")
        where = f"row {number} ({guess.upper()})"
        if len(guess) != row.length:
            raise HistoryError(f"{where}: row {number} takes a {row.length}-letter Guessword")
        if turn.heard < 0:
            raise HistoryError(f"{where}: a score cannot be negative")
        if turn.heard % POINT_UNIT:
            raise HistoryError(f"{where}: a score is a multiple of 250, not {turn.heard}")
        allowed = possible_scores(row, sheet.word_length, sheet.is_last(number - 1))
        if turn.heard not in allowed:
            raise HistoryError(f"{where}: {turn.heard} is impossible on a {row.length}-letter row")
        if not lexicon.is_word(guess, lang):
            warnings.append(f"{turn.guess.upper()} is not in the dictionary (allowed if accepted)")
    return warnings


UNHEARD = -1  # a row played but not scored (too late, in the one-minute variation)


def heard_rows(history: list[Turn]) -> list[int]:
    """The rows of a history whose score was heard: only they say anything."""
    return [r for r, turn in enumerate(history) if turn.heard != UNHEARD]


def _history_arrays(history: list[Turn], sheet: Sheet, lang: str):
    """The heard rows as kernel arrays: guesses (padded), lengths, offsets, last flags,
    heard units; in the order of ``heard_rows``."""
    spec = lexicon.language(lang)
    rows = heard_rows(history)
    guesses = np.zeros((max(len(rows), 1), sheet.word_length), dtype=np.uint8)
    lengths = np.zeros(len(rows), dtype=np.int64)
    for i, r in enumerate(rows):
        code = lexicon.encode([spec.normalize(history[r].guess)], lang)[0]
        guesses[i, : len(code)] = code
        lengths[i] = len(code)
    offsets = np.array([sheet.rows[r].offset for r in rows], dtype=np.int64)
    lasts = np.array([sheet.is_last(r) for r in rows], dtype=np.bool_)
    heard = np.array([history[r].heard // POINT_UNIT for r in rows], dtype=np.uint8)
    return guesses[: len(rows)], lengths, offsets, lasts, heard


def mismatches(history: list[Turn], sheet: Sheet, codes: np.ndarray, lang: str) -> np.ndarray:
    """For each word (as codes), how many heard scores it contradicts."""
    if not heard_rows(history) or len(codes) == 0:
        return np.zeros(len(codes), dtype=np.uint8)
    from solver.deduce import scoring

    return scoring.history_mismatches(codes, *_history_arrays(history, sheet, lang))


def prior_weights(words: tuple[str, ...], prior: str, lang: str) -> np.ndarray:
    """Unnormalized prior weight of each word (see the module docstring)."""
    if prior not in PRIORS:
        raise UserError(f"unknown prior {prior!r} (choose from {', '.join(PRIORS)})")
    if prior == "uniform":
        return np.ones(len(words))
    zipf = np.maximum(lexicon.zipf_of(words, lang), ZIPF_FLOOR)
    return 10.0 ** (PRIOR_SLOPE * (zipf - lexicon.FAMILIAR_ZIPF))


@lru_cache(maxsize=16)
def _codes(words: tuple[str, ...], lang: str) -> np.ndarray:
    """Letter codes of a pool, encoded once per process (pools repeat move after move)."""
    codes = lexicon.encode(words, lang)
    codes.flags.writeable = False
    return codes


def _ranked(words, codes, weights, source, widened, pool_size) -> Deduction:
    order = np.lexsort((np.arange(len(words)), -weights))
    total = weights.sum()
    return Deduction(
        tuple(words[i] for i in order),
        weights[order] / total if total > 0 else weights[order],
        weights[order],
        codes[order],
        source,
        widened,
        pool_size,
    )


def deduce(
    history: list[Turn],
    sheet: Sheet,
    pool: lexicon.Pool | None = None,
    prior: str = "familiar",
    lang: str = "en",
) -> Deduction:
    """The Gamewords of the pool (default: the familiar tier) that fit every heard score,
    widening to every dictionary word of the length when none does."""
    pool = pool or lexicon.pool(sheet.word_length, "familiar", lang)
    if pool.length != sheet.word_length:
        raise UserError(
            f"the pool holds {pool.length}-letter words, the sheet wants {sheet.word_length}"
        )
    for words, source, widened in (
        (pool.words, pool.source, False),
        (lexicon.words(sheet.word_length, "all", lang), "all dictionary words", True),
    ):
        codes = _codes(words, lang)
        fits = mismatches(history, sheet, codes, lang) == 0
        if fits.any():
            return _fitting(words, codes, fits, prior, lang, source, widened)
    empty = np.zeros(0)
    return Deduction((), empty, empty, np.zeros((0, sheet.word_length), np.uint8), "", True, 0)


def _fitting(words, codes, fits, prior, lang, source, widened) -> Deduction:
    """The deduction when the words marked by ``fits`` (a mask or increasing indices)
    are the ones that fit."""
    indices = np.flatnonzero(fits) if fits.dtype == np.bool_ else fits
    kept = tuple(words[i] for i in indices)
    weights = prior_weights(kept, prior, lang)
    return _ranked(kept, codes[indices], weights, source, widened, len(words))


def among(pool: lexicon.Pool, members: np.ndarray, prior: str = "familiar") -> Deduction:
    """What ``deduce`` gives when exactly the pool's words ``members`` (increasing
    indices into ``pool.words``) fit the history, computed the same way but without
    filtering the pool again: a strategy's game tree (``evaluate.py``) knows each node's
    candidates already, and its moves must be the ones ``play_round`` makes."""
    codes = _codes(pool.words, pool.lang)
    return _fitting(pool.words, codes, members, prior, pool.lang, pool.source, False)


def named_row(history: list[Turn], sheet: Sheet) -> int | None:
    """The last row, when it was heard with the bonus: a score only the exact word earns
    (the opponent said "that is my word"); else None."""
    last = len(sheet.rows) - 1
    if len(history) <= last:
        return None
    full = sheet.word_length * MATCHING_POINTS + BONUS
    return last if history[last].heard == full else None


def explain(
    history: list[Turn],
    sheet: Sheet,
    prior: str = "familiar",
    lang: str = "en",
    tier: str = "all",
    alternatives: int = 3,
    pool: lexicon.Pool | None = None,
) -> Inconsistency:
    """For a history no word of ``tier`` fits: the fewest heard scores that must be wrong,
    which ones, and what they should have been; and up to ``alternatives`` other sets of
    rows whose change would do as well. Every fix changes that fewest number of rows.

    Which of those fixes is likeliest, in this order:
    1. one that keeps the bonus heard on the last row (``named_row``): only the exact
       word earns it, so the opponent said it is their word;
    2. one that lets a word of ``pool`` fit (default: the familiar tier; people hide words
       they know), before one that only words outside it fit;
    3. the one whose words weigh most (the prior weight of the pool's words it lets fit,
       when it lets some fit; else of all).
    A fix names its most probable word (of the pool, when it has one)."""
    from solver.deduce import scoring

    words = lexicon.words(sheet.word_length, tier, lang)
    codes = _codes(words, lang)
    arrays = _history_arrays(history, sheet, lang)
    wrong = scoring.history_mismatches(codes, *arrays)
    fewest = int(wrong.min())
    closest = np.flatnonzero(wrong == fewest)
    weights = prior_weights(tuple(words[i] for i in closest), prior, lang)
    pool = pool or lexicon.pool(sheet.word_length, "familiar", lang)
    in_pool = frozenset(pool.words)
    guesses, lengths, offsets, lasts, heard = arrays
    kept = heard_rows(history)
    would_give = np.stack(  # (closest, rows): what each close word gives each row heard
        [
            scoring.score_against(codes[closest], guesses[i, : lengths[i]], offsets[i], lasts[i])
            for i in range(len(kept))
        ],
        axis=1,
    ).astype(np.int64)
    by_rows: dict[tuple[int, ...], list[tuple[bool, float, int, tuple[int, ...]]]] = {}
    for k, (index, weight) in enumerate(zip(closest, weights, strict=True)):
        wrong_at = np.flatnonzero(would_give[k] != heard)
        rows = tuple(kept[i] for i in wrong_at)
        corrected = tuple(int(would_give[k, i]) * POINT_UNIT for i in wrong_at)
        fit = (words[index] in in_pool, float(weight), int(index), corrected)
        by_rows.setdefault(rows, []).append(fit)
    named = named_row(history, sheet)

    def likelihood(item) -> tuple[bool, bool, float]:
        rows, found = item
        pooled = [weight for member, weight, _, _ in found if member]
        weight = sum(pooled) if pooled else sum(weight for _, weight, _, _ in found)
        return (named not in rows, bool(pooled), weight)

    ranked = sorted(by_rows.items(), key=likelihood, reverse=True)  # stable: ties keep order
    fixes = []
    for rows, found in ranked[: 1 + alternatives]:
        _, _, at, corrected = max(found, key=lambda f: (f[0], f[1], -f[2]))
        fixes.append(Fix(rows, words[at], corrected))
    best = fixes[0]
    return Inconsistency(fewest, best.rows, best.word, best.corrected, tuple(fixes[1:]))


@dataclass(frozen=True)
class ColumnAlphabet:
    """The marginal alphabet of one Gameword column, as the candidates leave it."""

    possible: str  # letters some candidate has in this column
    known: str  # the letter every candidate has here ("" while unknown)


@dataclass(frozen=True)
class MarginalAlphabets:
    columns: tuple[ColumnAlphabet, ...]
    present: str  # letters in every candidate (position perhaps unknown): underlined
    absent: str  # letters in no candidate: crossed out in every column


def marginal_alphabets(deduction: Deduction, lang: str = "en") -> MarginalAlphabets:
    """What the sheet's marginal alphabets would show if every deduction were made."""
    alphabet = lexicon.language(lang).alphabet
    codes = deduction.codes
    columns = []
    for col in range(codes.shape[1]):
        letters = np.flatnonzero(np.bincount(codes[:, col], minlength=len(alphabet)))  # unique
        possible = "".join(alphabet[c] for c in letters)
        columns.append(ColumnAlphabet(possible, possible if len(letters) == 1 else ""))
    size = len(alphabet)
    has = np.zeros((len(codes), size), dtype=bool)
    for col in range(codes.shape[1]):
        has[np.arange(len(codes)), codes[:, col]] = True
    present = "".join(alphabet[i] for i in np.flatnonzero(has.all(axis=0))) if len(codes) else ""
    absent = "".join(alphabet[i] for i in np.flatnonzero(~has.any(axis=0)))
    return MarginalAlphabets(tuple(columns), present, absent)
