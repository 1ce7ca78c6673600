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
from solver.deduce.ranking import top_indices
from solver.deduce.rules import POINT_UNIT, Sheet

CANDIDATES = 24  # search to the end when at most this many candidates remain
SHORTLIST = 8
INFORMATION_UNITS = 1.0
BOUND_MARGIN = 1e-9  # units: keeps the bound above float rounding in the parts' sums


_part_values: dict[tuple, float] = {}  # part values, shared by every search of a process
_known: dict[tuple, np.ndarray] = {}  # per word: units knowing it scores from each row on
MEMO_LIMIT = 500_000


class _Search:
    """One search over a set of candidates, with their prior weights (unnormalized).

    A part's weights are always its candidates' prior weights divided by their sum, so the
    same part gets the same value whichever move or game meets it: values are remembered
    across searches (keyed by the part's letter codes and weights), and a search never
    depends on what was searched before it.
    """

    def __init__(
        self, codes: np.ndarray, weights: np.ndarray, sheet: Sheet, lang: str, tier: str
    ) -> None:
        self.codes = codes
        self.weights = weights
        self.sheet = sheet
        self.lang = lang
        self.tier = tier
        self.known = self._known_values(codes)
        self._units: dict[int, np.ndarray] = {}
        if len(_part_values) > MEMO_LIMIT:
            _part_values.clear()

    def vocabulary(self, row_index: int) -> np.ndarray:
        """The bot's Guesswords for a row (any word on the last row, to name the word)."""
        tier = "all" if self.sheet.is_last(row_index) else self.tier
        return lexicon.word_codes(self.sheet.rows[row_index].length, tier, self.lang)

    def units(self, row_index: int) -> np.ndarray:
        """Units of every Guessword of a row against every candidate of the search, (m, n):
        scored once, then read by every part the search meets on that row."""
        if row_index not in self._units:
            from solver.deduce import kernels

            row = self.sheet.rows[row_index]
            matrix = kernels.score_matrix(
                self.codes, self.vocabulary(row_index), row.offset, self.sheet.is_last(row_index)
            )
            self._units[row_index] = np.ascontiguousarray(matrix.T)
        return self._units[row_index]

    def _known_values(self, codes: np.ndarray) -> np.ndarray:
        """Units a player knowing each word scores from each row to the end, (n, rows + 1):
        the best Guessword of each row, found for the words not met before all at once (a
        row's units against every word of its vocabulary, then the largest)."""
        from solver.deduce import kernels

        keys = [(str(self.sheet), self.lang, self.tier, word.tobytes()) for word in codes]
        new = [i for i, key in enumerate(keys) if key not in _known]
        if new:
            per_row = np.zeros((len(new), len(self.sheet.rows) + 1))
            for r, row in enumerate(self.sheet.rows):
                last = self.sheet.is_last(r)
                units = kernels.score_matrix(codes[new], self.vocabulary(r), row.offset, last)
                per_row[:, r] = units.max(axis=1)
            totals = per_row[:, ::-1].cumsum(axis=1)[:, ::-1]
            for i, total in zip(new, totals, strict=True):
                _known[keys[i]] = total
        return np.array([_known[key] for key in keys]).reshape(len(codes), -1)

    def part_weights(self, members: np.ndarray) -> np.ndarray:
        raw = self.weights[members]
        return raw / raw.sum()

    def value(self, members: np.ndarray, row_index: int) -> float:
        """Expected units from ``row_index`` on for the candidates ``members``."""
        if len(members) == 1:
            return float(self.known[members[0], row_index])
        key = (
            str(self.sheet),
            self.lang,
            self.tier,
            row_index,
            self.codes[members].tobytes(),
            self.weights[members].tobytes(),
        )
        if key not in _part_values:
            _part_values[key] = float(self.best(members, row_index, only_best=True)[1].max())
        return _part_values[key]

    def best(
        self, members: np.ndarray, row_index: int, only_best: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """The shortlisted guesses (indices into the row's vocabulary) and their values.

        ``only_best``: only the largest value is wanted, so a guess that cannot beat the
        best found so far is not searched (its value is left at minus infinity). A guess is
        worth its expected units this row plus what its parts are worth from the next row,
        and no part is worth more than its candidates' known values (a player knowing the
        word); so ``expected + known`` bounds every guess, and the guesses are searched
        most expected first. The largest value is the same as without the bound."""
        from solver.deduce import kernels

        last = self.sheet.is_last(row_index)
        units = self.units(row_index)
        weights = self.part_weights(members)
        scores = kernels.max_units(self.sheet.word_length) + 1
        expected, bits = kernels.part_statistics(units, members, weights, scores, not last)
        if last:
            return np.arange(len(units)), expected
        shortlist = top_indices(expected + INFORMATION_UNITS * bits, SHORTLIST)
        values = np.full(len(shortlist), -np.inf)
        bound = float(weights @ self.known[members, row_index + 1]) + BOUND_MARGIN
        order = np.argsort(-expected[shortlist], kind="stable") if only_best else None
        for i in order if order is not None else range(len(shortlist)):
            guess = shortlist[i]
            if only_best and expected[guess] + bound <= values.max():
                break  # this guess and every later one (less expected) cannot beat the best
            heard = units[guess, members]
            total = float(expected[guess])
            for score in np.unique(heard):
                part = heard == score
                total += float(weights[part].sum()) * self.value(members[part], row_index + 1)
            values[i] = total
        return shortlist, values


def endgame_values(
    codes: np.ndarray,
    weights: np.ndarray,
    sheet: Sheet,
    row_index: int,
    lang: str,
    tier: str = "all",
) -> np.ndarray:
    """Points expected from this row to the end for each guess of the row's vocabulary
    (minus infinity for guesses off the shortlist). ``weights``: the candidates' prior
    weights, in any scale."""
    search = _Search(codes, weights, sheet, lang, tier)
    guesses, values = search.best(np.arange(len(codes)), row_index)
    out = np.full(len(search.vocabulary(row_index)), -np.inf)
    out[guesses] = values * POINT_UNIT
    return out
