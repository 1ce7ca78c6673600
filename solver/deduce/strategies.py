"""How the bot picks its next Guessword (any dictionary word of the row's length).

- ``points``: the most expected points this row.
- ``entropy``: the most information about the Gameword from the score heard (bits),
  expected points breaking ties.
- ``lookahead`` (the default): the most expected points over this row and the next, where
  the next row's Guessword is chosen after hearing this row's score. The guess splits the
  candidates by score; for each part the best next-row guess is worked out, so a guess earns
  credit for the points its information makes possible. Rows further ahead are credited by
  ``INFORMATION_UNITS`` per bit of information (tuned on benchmark seeds 11 and 12: 0.5,
  0.7, 1, 1.5, 2, 3 and 5 were tried; 1 to 1.5 scored best, and the reported figures use
  another seed). With ``endgame.CANDIDATES`` or fewer candidates left, ``endgame.py``
  searches to the end of the round instead, unless that search would take more than its
  budget (``endgame.NODES`` positions, a property of the position): then the lookahead
  plays. On the last row every word is weighed by its
  expected points, bonus included: the most probable candidate unless another word is
  worth more.

On the first rows of the default setting (lookahead, familiar prior, vocabulary ``familiar``)
the game plays the opening book's move instead (``opening.py``): at each position the
play reaches there (rows 1-5), the lookahead's 8 best guesses were valued exactly to the
end of the round (``rollout.py``: this row's points plus what the lookahead scores
afterwards, with the Gamewords weighed by both figures, alike and familiar-weighted) and
the best kept. Measured exactly over the familiar pool (``myword deduce evaluate``) that is
worth a little (docs/deduce-strength.md), and a booked move is a
lookup, faster than computing it.

The shortlist: the lookahead is costly (every next-row word against every candidate, for
each guess considered), so it weighs only the ``SHORTLIST`` best guesses by a one-row score
(expected points plus the information credit); 20, 24, 40 and 100 gave the same games on
the tuning seeds. With a time budget (the one-minute variation) the shortlist is evaluated
best-first in batches and the best guess found when time runs out is returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solver.deduce import endgame
from solver.deduce.candidates import Deduction
from solver.deduce.measures import BITS, LOOKAHEAD, ROW_POINTS, TO_END
from solver.deduce.ranking import top_indices
from solver.deduce.rules import POINT_UNIT, Sheet
from solver.deduce.vocabularies import DEFAULT_VOCABULARY as DEFAULT_VOCABULARY  # re-exported
from solver.deduce.vocabularies import VOCABULARIES as VOCABULARIES
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

STRATEGIES = ("lookahead", "points", "entropy")
DEFAULT_STRATEGY = "lookahead"

INFORMATION_UNITS = 1.0  # credit per bit for rows beyond the next, in units of 250 points
SHORTLIST = 24
BATCH = 8


@dataclass(frozen=True)
class Choice:
    """One Guessword weighed: what the strategy maximised and what it expects."""

    guess: str
    value: float  # the strategy's objective, as ``measure`` says
    expected_points: float  # this row
    expected_bits: float  # information about the Gameword from the score heard
    measure: str  # what ``value`` is: one of ``measures.MEASURES``


def check_strategy(strategy: str) -> str:
    if strategy not in STRATEGIES:
        raise UserError(f"unknown strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
    return strategy


def check_vocabulary(vocabulary: str) -> str:
    if vocabulary not in VOCABULARIES:
        known = ", ".join(VOCABULARIES)
        raise UserError(f"unknown vocabulary {vocabulary!r} (choose from {known})")
    return vocabulary


def vocabulary_tier(sheet: Sheet, row_index: int, tier: str) -> str:
    """The tier a row's Guesswords are weighed from: the bot's vocabulary, except that on
    the last row every dictionary word is (the hidden word may be outside the vocabulary).
    What the last row may name is narrower (``last_row_allowed``)."""
    return "all" if sheet.is_last(row_index) else tier


@lru_cache(maxsize=64)
def _tier_mask(length: int, tier: str, lang: str) -> np.ndarray:
    """Which words of ``all`` of this length are in ``tier`` (read-only)."""
    everything = lexicon.words(length, "all", lang)
    mask = np.isin(np.array(everything), np.array(lexicon.words(length, tier, lang)))
    mask.flags.writeable = False
    return mask


def last_row_allowed(length: int, tier: str, lang: str, candidates: tuple[str, ...]) -> np.ndarray:
    """Which words of ``all`` of this length the last row may name: the vocabulary's, and
    the candidates (the hidden word itself, which may be a rarer word when no word of the
    pool fits). Never another word outside the vocabulary: the advice once listed BEDHEAD,
    GODHEAD and AIRHEAD beside the candidates, for the letters they share (issue 27). The
    search still weighs the last row over every word (``vocabulary_tier``, the endgame),
    which differs only where a word outside both would be best: over the whole game trees
    of the default setting, never (``docs/known-words.md``)."""
    if tier == "all":
        return np.ones(len(lexicon.words(length, "all", lang)), dtype=bool)
    everything = np.array(lexicon.words(length, "all", lang))
    return _tier_mask(length, tier, lang) | np.isin(everything, np.array(candidates))


def _vocabulary(length: int, lang: str, tier: str) -> tuple[tuple[str, ...], np.ndarray]:
    return lexicon.words(length, tier, lang), lexicon.word_codes(length, tier, lang)


def choose(
    deduction: Deduction,
    sheet: Sheet,
    row_index: int,
    strategy: str = DEFAULT_STRATEGY,
    lang: str = "en",
    top: int = 5,
    seconds: float | None = None,
    vocabulary: str = "all",
) -> list[Choice]:
    """The ``top`` best Guesswords for a row, best first, given what has been deduced.

    ``vocabulary`` is the lexicon tier the Guesswords come from (``all``: any dictionary
    word); the last row may also name a candidate outside it (``last_row_allowed``)."""
    from solver.deduce import scoring

    check_strategy(strategy)
    if not deduction.consistent:
        raise UserError("no Gameword fits the scores heard: cannot advise")
    started = time.perf_counter()
    row = sheet.rows[row_index]
    last = sheet.is_last(row_index)
    lexicon.check_tier(vocabulary)
    words, codes = _vocabulary(row.length, lang, vocabulary_tier(sheet, row_index, vocabulary))
    weights = deduction.probabilities
    expected, bits = scoring.guess_statistics(deduction.codes, weights, codes, row.offset, last)
    if strategy == "points":
        value, measure = expected * POINT_UNIT, ROW_POINTS
    elif strategy == "entropy":
        value = bits + expected * 1e-6  # points break ties between equally informative words
        measure = BITS
    else:
        value, measure = _lookahead(
            deduction, sheet, row_index, lang, vocabulary, codes, expected, bits, started, seconds
        )
    if last:
        value = np.where(
            last_row_allowed(row.length, vocabulary, lang, deduction.words), value, -np.inf
        )
    order = [i for i in top_indices(value, top) if value[i] > -np.inf]
    return [
        Choice(words[i], float(value[i]), float(expected[i] * POINT_UNIT), float(bits[i]), measure)
        for i in order
    ]


def _lookahead(
    deduction: Deduction,
    sheet: Sheet,
    row_index: int,
    lang: str,
    vocabulary: str,
    codes: np.ndarray,
    expected: np.ndarray,
    bits: np.ndarray,
    started: float,
    seconds: float | None,
) -> tuple[np.ndarray, str]:
    """Value in points of the shortlisted guesses (minus infinity for the others), and what
    it measures (one of ``MEASURES``)."""
    from solver.deduce import scoring

    row = sheet.rows[row_index]
    last = sheet.is_last(row_index)
    if last or len(deduction.words) == 1:
        return expected * POINT_UNIT, ROW_POINTS
    if len(deduction.words) <= endgame.CANDIDATES:
        values = endgame.endgame_values(
            deduction.codes, deduction.weights, sheet, row_index, lang, vocabulary
        )
        if values is not None:
            return values, TO_END
    beyond_next = row_index + 2 < len(sheet.rows)  # rows after the next one remain
    credit = INFORMATION_UNITS * bits * beyond_next
    next_row = sheet.rows[row_index + 1]
    next_tier = vocabulary_tier(sheet, row_index + 1, vocabulary)
    _, next_codes = _vocabulary(next_row.length, lang, next_tier)
    next_units = scoring.score_matrix(
        deduction.codes, next_codes, next_row.offset, sheet.is_last(row_index + 1)
    )
    value = np.full(len(codes), -np.inf)
    shortlist = top_indices(expected + INFORMATION_UNITS * bits, SHORTLIST)
    for start in range(0, len(shortlist), BATCH):
        batch = shortlist[start : start + BATCH]
        ahead = scoring.lookahead_units(
            deduction.codes, deduction.probabilities, codes[batch], row.offset, last, next_units
        )
        value[batch] = (expected[batch] + ahead + credit[batch]) * POINT_UNIT
        if seconds is not None and time.perf_counter() - started > seconds:
            break
    return value, LOOKAHEAD
