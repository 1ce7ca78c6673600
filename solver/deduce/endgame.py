"""Exact-ish search for the end of a round, when few candidates remain.

With a handful of candidates the value of a guess can be worked out to the end of the
round: the guess splits the candidates by the score heard, and each part is played on by
the same search. A part of one candidate is worth what a player knowing the word scores on
every remaining row (the best dictionary word for each, then the word with the bonus); on
the last row a part is worth its best expected score, bonus included. This is where the
one-step lookahead is weakest (it cannot see that two look-alike words must be told apart
before the last row), and where the search is cheap: parts shrink fast, and the values of
parts are remembered, keyed by the candidates they hold and the row.

Only the ``SHORTLIST`` best guesses of each position (by expected points plus a credit
per bit of information) are searched; values are expected points from the row on.
"""

from __future__ import annotations

import numpy as np

from solver import lexicon
from solver.deduce.rules import POINT_UNIT, Sheet

CANDIDATES = 24  # search to the end when at most this many candidates remain
SHORTLIST = 8
INFORMATION_UNITS = 1.0


class _Search:
    """One search: the candidates' codes, the memo of part values, the known-word values."""

    def __init__(self, codes: np.ndarray, sheet: Sheet, lang: str) -> None:
        self.codes = codes
        self.sheet = sheet
        self.lang = lang
        self.memo: dict[tuple[tuple[int, ...], int], float] = {}
        self.known = self._known_values()

    def vocabulary(self, row_index: int) -> np.ndarray:
        return lexicon.word_codes(self.sheet.rows[row_index].length, "all", self.lang)

    def _known_values(self) -> np.ndarray:
        """known[c, r]: units a player knowing candidate c scores from row r to the end."""
        from solver.deduce import kernels

        rows = len(self.sheet.rows)
        per_row = np.zeros((len(self.codes), rows + 1))
        for r, row in enumerate(self.sheet.rows):
            last = self.sheet.is_last(r)
            units = kernels.score_matrix(self.codes, self.vocabulary(r), row.offset, last)
            per_row[:, r] = units.max(axis=1)
        return per_row[:, ::-1].cumsum(axis=1)[:, ::-1]

    def value(self, members: np.ndarray, weights: np.ndarray, row_index: int) -> float:
        """Expected units from ``row_index`` on for the candidates ``members`` (weights sum 1)."""
        if len(members) == 1:
            return float(self.known[members[0], row_index])
        key = (tuple(members.tolist()), row_index)
        if key not in self.memo:
            self.memo[key] = float(self.best(members, weights, row_index)[1].max())
        return self.memo[key]

    def best(
        self, members: np.ndarray, weights: np.ndarray, row_index: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The shortlisted guesses (indices into the row's vocabulary) and their values."""
        from solver.deduce import kernels

        row = self.sheet.rows[row_index]
        last = self.sheet.is_last(row_index)
        vocabulary = self.vocabulary(row_index)
        codes = self.codes[members]
        expected, bits = kernels.guess_statistics(codes, weights, vocabulary, row.offset, last)
        if last:
            return np.arange(len(vocabulary)), expected
        shortlist = np.argsort(-(expected + INFORMATION_UNITS * bits), kind="stable")[:SHORTLIST]
        values = np.empty(len(shortlist))
        for i, guess in enumerate(shortlist):
            heard = kernels.score_against(codes, vocabulary[guess], row.offset, last)
            total = float(expected[guess])
            for units in np.unique(heard):
                part = heard == units
                p = float(weights[part].sum())
                total += p * self.value(members[part], weights[part] / p, row_index + 1)
            values[i] = total
        return shortlist, values


def endgame_values(
    codes: np.ndarray, probabilities: np.ndarray, sheet: Sheet, row_index: int, lang: str
) -> np.ndarray:
    """Points expected from this row to the end for each guess of the row's vocabulary
    (minus infinity for guesses off the shortlist)."""
    search = _Search(codes, sheet, lang)
    members = np.arange(len(codes))
    guesses, values = search.best(members, probabilities, row_index)
    vocabulary_size = len(search.vocabulary(row_index))
    out = np.full(vocabulary_size, -np.inf)
    out[guesses] = values * POINT_UNIT
    return out
