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

The search has a budget, ``NODES`` positions searched. Most searches need a few dozen, but
from an early row with many candidates one could need thousands (FACING's row 5 as the
advice plays it, 22 candidates: 8,471 positions, seconds of work), and a player waiting for
advice (``deduce assist``) should not wait that long. A search that would pass the budget is given
up (``OverBudget``) and the strategy plays its one-step lookahead for that move. Whether a
search passes the budget is a property of the position, never of what was searched before:
a remembered part counts the positions its own search met (see ``_Search``), so the same
position always gets the same move, in a game, in the walk of ``evaluate.py`` and in the
assistant. The budget is 1,000 positions (issue 27: a move must take at most a second,
the longest a person would wait). What budgets of 100 to 2,000 positions score, and what a
position costs, are measured in ``docs/deduce-strength.md`` and ``docs/performance.md``
("The endgame's budget").

Where the time goes, and why it is small: a part reads its guesses' units from a table
scored once per process and candidate (``_columns``), and only the guesses whose best
possible score could still make the shortlist (``kernels.part_shortlist_statistics``).
"""

from __future__ import annotations

import numpy as np

from solver.deduce.ranking import top_indices
from solver.deduce.rules import POINT_UNIT, Sheet
from solver.wordtools import lexicon

CANDIDATES = 24  # search to the end when at most this many candidates remain
SHORTLIST = 8
INFORMATION_UNITS = 1.0
BOUND_MARGIN = 1e-9  # units: keeps the bound above float rounding in the parts' sums


# per part: its value and the parts its search met; shared by every search of a process
# (past ``MEMO_LIMIT`` parts, a new search starts a new memo: see ``_Search``)
_part_values: dict[tuple, tuple[float, tuple]] = {}
# per Guessword row and candidate: its units against every word of the row's vocabulary
_columns: dict[tuple, np.ndarray] = {}
_column_bytes = 0
# Forgotten past this (``_remember_columns``): a game's searches keep a few MB, and a walk
# over every familiar 7-letter word (``evaluate``, vocabulary ``all``) would otherwise keep
# far more, for little of its time (measured: docs/performance.md, "Memory").
COLUMN_BYTES = 64 * 2**20
MEMO_LIMIT = 500_000
NODES = 1000  # positions one search may take; see the module's docstring


class OverBudget(Exception):
    """The search would take more than ``NODES`` positions."""


class _Search:
    """One search over a set of candidates, with their prior weights (unnormalized).

    A part's weights are always its candidates' prior weights divided by their sum, so the
    same part gets the same value whichever move or game meets it: values are remembered
    across searches (keyed by the part's letter codes and weights), and a search never
    depends on what was searched before it.

    ``spent`` counts the distinct positions (parts and rows) the search meets, a remembered
    part counting the positions its own search met (remembered with its value) that this
    search has not: so ``spent`` grows the same way whatever the memo holds, and the budget
    (``nodes``) is passed by the same positions in every process and every order of play.
    """

    def __init__(
        self,
        codes: np.ndarray,
        weights: np.ndarray,
        sheet: Sheet,
        lang: str,
        tier: str,
        nodes: int | None = None,
    ) -> None:
        self.codes = codes
        self.weights = weights
        self.sheet = sheet
        self.sheet_key = str(sheet)  # in every memo key: made once, not per part
        self.lang = lang
        self.tier = tier
        self.nodes = nodes
        self.spent = 0  # positions searched, as if nothing was remembered (see the class)
        self.seen: set[tuple] = set()  # the parts counted in ``spent``
        self._children: list[list[tuple]] = []  # the parts met by each part being searched
        self.known = np.zeros((len(codes), len(sheet.rows) + 1))  # see ``known_from``
        self._known_from: int | None = None
        self._units: dict[int, np.ndarray] = {}
        self._ceilings: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        global _part_values
        if len(_part_values) > MEMO_LIMIT:
            _part_values = {}  # a new memo: a search running meanwhile keeps its own
        self.memo = _part_values  # the memo this search reads and writes, to its end

    def vocabulary(self, row_index: int) -> np.ndarray:
        """The bot's Guesswords for a row (any word on the last row, to name the word)."""
        tier = "all" if self.sheet.is_last(row_index) else self.tier
        return lexicon.word_codes(self.sheet.rows[row_index].length, tier, self.lang)

    def units(self, row_index: int) -> np.ndarray:
        """Units of every Guessword of a row against every candidate of the search, (m, n):
        each candidate's column is scored once per process (``_columns``: the candidates of
        a game's later searches were nearly all met by its first), then read by every part
        the search meets on that row.

        The columns are taken from the cache before any is added, and the search reads its
        own references: remembering the new ones may fill the cache and forget the rest
        (``_remember_columns``), which once took columns this search was about to read
        (a KeyError midway through a search)."""
        if row_index not in self._units:
            from solver.deduce import kernels

            keys = [
                (self.sheet_key, self.lang, self.tier, row_index, w.tobytes()) for w in self.codes
            ]
            held: dict[tuple, np.ndarray] = {}  # every column, once the new are scored
            new = []  # the candidates whose columns are not cached yet
            for i, key in enumerate(keys):
                if (cached := _columns.get(key)) is None:
                    new.append(i)
                else:
                    held[key] = cached
            if new:
                row = self.sheet.rows[row_index]
                last = self.sheet.is_last(row_index)
                vocabulary = self.vocabulary(row_index)
                scored = kernels.score_matrix(self.codes[new], vocabulary, row.offset, last)
                for i, column in zip(new, scored, strict=True):
                    held[keys[i]] = column
                _remember_columns({keys[i]: held[keys[i]] for i in new}, scored.nbytes)
            self._units[row_index] = np.stack([held[key] for key in keys], axis=1)
        return self._units[row_index]

    def ceilings(self, row_index: int) -> tuple[np.ndarray, np.ndarray]:
        """The row's Guesswords, most units against any candidate first, and those units:
        what lets ``kernels.part_shortlist_statistics`` skip the words no part can want."""
        if row_index not in self._ceilings:
            ceiling = self.units(row_index).max(axis=1).astype(np.float64)
            order = np.argsort(-ceiling, kind="stable").astype(np.int64)
            self._ceilings[row_index] = order, ceiling
        return self._ceilings[row_index]

    def known_from(self, row_index: int) -> np.ndarray:
        """Units a player knowing each candidate scores from each row to the end, (n, rows +
        1), for the rows from ``row_index`` on (zero before): the best Guessword of each
        row, the largest of its units against the candidate."""
        if self._known_from is None or row_index < self._known_from:
            per_row = np.zeros((len(self.codes), len(self.sheet.rows) + 1))
            for r in range(row_index, len(self.sheet.rows)):
                per_row[:, r] = self.units(r).max(axis=0)
            self.known = per_row[:, ::-1].cumsum(axis=1)[:, ::-1]
            self._known_from = row_index
        return self.known

    def part_weights(self, members: np.ndarray) -> np.ndarray:
        raw = self.weights[members]
        return raw / raw.sum()

    def value(self, members: np.ndarray, row_index: int) -> float:
        """Expected units from ``row_index`` on for the candidates ``members``."""
        if len(members) == 1:
            return float(self.known_from(row_index)[members[0], row_index])
        key = (
            self.sheet_key,
            self.lang,
            self.tier,
            row_index,
            self.codes[members].tobytes(),
            self.weights[members].tobytes(),
        )
        if self._children:
            self._children[-1].append(key)
        if key in self.memo:
            self._count(key)
            return self.memo[key][0]
        self._count_one(key)
        self._children.append([])
        value = float(self.best(members, row_index, only_best=True)[1].max())
        self.memo[key] = (value, tuple(self._children.pop()))
        return value

    def _count_one(self, key: tuple | None) -> None:
        """One more position searched (``key`` None: the root, never remembered)."""
        if key is not None:
            self.seen.add(key)
        self.spent += 1
        if self.nodes is not None and self.spent > self.nodes:
            raise OverBudget

    def _count(self, key: tuple) -> None:
        """A remembered part: count the positions its search met that this search has not,
        as if it had searched them (the parts it met are remembered with its value)."""
        stack = [key]
        while stack:
            part = stack.pop()
            if part not in self.seen:
                self._count_one(part)
                stack.extend(self.memo[part][1])

    def best(
        self, members: np.ndarray, row_index: int, only_best: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """The shortlisted guesses (indices into the row's vocabulary) and their values (on
        the last row, the guesses read: they hold its ``SHORTLIST`` best, or its best alone
        when ``only_best``).

        ``only_best``: only the largest value is wanted, so a guess that cannot beat the
        best found so far is not searched (its value is left at minus infinity). A guess is
        worth its expected units this row plus what its parts are worth from the next row,
        and no part is worth more than its candidates' known values (a player knowing the
        word); so ``expected + known`` bounds every guess, and the guesses are searched
        most expected first. The largest value is the same as without the bound."""
        from solver.deduce import kernels

        if not only_best:  # the root; every other position is counted by ``value``
            self._count_one(None)
        self.known_from(row_index + 1)
        last = self.sheet.is_last(row_index)
        units = self.units(row_index)
        weights = self.part_weights(members)
        scores = kernels.max_units(self.sheet.word_length) + 1
        # only the guesses that may make the shortlist (a part's best, on the last row)
        by_ceiling, ceiling = self.ceilings(row_index)
        information = 0.0 if last else INFORMATION_UNITS
        count = 1 if last and only_best else SHORTLIST
        read_expected, read_bits, read = kernels.part_shortlist_statistics(
            units, members, weights, scores, not last, by_ceiling, ceiling, information, count
        )
        in_order = np.argsort(by_ceiling[:read])  # the guesses read, by index
        guesses = by_ceiling[:read][in_order]
        expected = read_expected[in_order]
        if last:
            return guesses, expected
        top = top_indices(expected + INFORMATION_UNITS * read_bits[in_order], SHORTLIST)
        shortlist, expected = guesses[top], expected[top]
        values = np.full(len(shortlist), -np.inf)
        best_value = -np.inf
        bound = float(weights @ self.known[members, row_index + 1]) + BOUND_MARGIN
        order = np.argsort(-expected, kind="stable") if only_best else range(len(shortlist))
        for i in order:
            if only_best and expected[i] + bound <= best_value:
                break  # this guess and every later one (less expected) cannot beat the best
            heard = units[shortlist[i], members]
            total = float(expected[i])
            for score in sorted(set(heard.tolist())):
                part = heard == score
                total += float(weights[part].sum()) * self.value(members[part], row_index + 1)
            values[i] = total
            best_value = max(best_value, total)
        return shortlist, values


def _remember_columns(columns: dict[tuple, np.ndarray], size: int) -> None:
    """Keep newly scored columns (``size`` bytes) for later searches. Past ``COLUMN_BYTES``
    the cache is emptied first: only the cache forgets, never a search, which holds every
    column it reads (``_Search.units``), so the cap may be reached at any point of a
    search."""
    global _column_bytes
    if _column_bytes > COLUMN_BYTES:
        _columns.clear()
        _column_bytes = 0
    _columns.update(columns)
    _column_bytes += size


def endgame_values(
    codes: np.ndarray,
    weights: np.ndarray,
    sheet: Sheet,
    row_index: int,
    lang: str,
    tier: str = "all",
    budget: bool = True,
) -> np.ndarray | None:
    """Points expected from this row to the end for each guess of the row's vocabulary
    (minus infinity for guesses off the shortlist), or None when the search would take more
    than ``NODES`` positions (unless ``budget`` is False). ``weights``: the candidates' prior
    weights, in any scale."""
    search = _Search(codes, weights, sheet, lang, tier, NODES if budget else None)
    try:
        guesses, values = search.best(np.arange(len(codes)), row_index)
    except OverBudget:
        return None
    out = np.full(len(search.vocabulary(row_index)), -np.inf)
    out[guesses] = values * POINT_UNIT
    return out
