"""The endgame search (``endgame.py``): its shortcuts change its speed, never its values.

Two shortcuts are checked against the plain search: parts read their units from a table
scored once (``kernels.part_shortlist_statistics``, reading only the guesses that may make
the shortlist), and a part's value stops searching guesses that cannot beat the best found
(every guess is bounded by its expected units plus what a player knowing the word would
score on). Then the search's budget."""

import numpy as np
import pytest

from solver.deduce import default_sheet, endgame, kernels, score, strategies
from solver.deduce.candidates import Turn, deduce
from solver.deduce.rules import POINT_UNIT
from solver.wordtools import lexicon

SIX = default_sheet(6)


class PlainSearch(endgame._Search):
    """The search without its shortcuts: every part scored again, every guess searched."""

    def best(self, members, row_index, only_best=False):
        row = self.sheet.rows[row_index]
        last = self.sheet.is_last(row_index)
        vocabulary = self.vocabulary(row_index)
        codes, weights = self.codes[members], self.part_weights(members)
        expected, bits = kernels.guess_statistics(codes, weights, vocabulary, row.offset, last)
        if last:
            return np.arange(len(vocabulary)), expected
        shortlist = endgame.top_indices(expected + endgame.INFORMATION_UNITS * bits, 8)
        values = np.empty(len(shortlist))
        for i, guess in enumerate(shortlist):
            heard = kernels.score_against(codes, vocabulary[guess], row.offset, last)
            total = float(expected[guess])
            for score_heard in np.unique(heard):
                part = heard == score_heard
                total += float(weights[part].sum()) * self.value(members[part], row_index + 1)
            values[i] = total
        return shortlist, values


def position(word: str, rows: int):
    """The candidates after ``rows`` rows of plain guesses against ``word``."""
    history = []
    for index, row in enumerate(SIX.rows[:rows]):
        guess = lexicon.words(row.length, "familiar")[7 * index % 50]
        history.append(Turn(guess, score(word, guess, row.offset, False)))
    return deduce(history, SIX)


@pytest.mark.parametrize(
    ("word", "rows"),
    [("ballet", 5), pytest.param("facing", 6, marks=pytest.mark.heavy), ("hunter", 7)],
)
def test_the_shortcuts_give_the_plain_search_values(word: str, rows: int) -> None:
    found = position(word, rows)
    assert 2 <= len(found.words) <= 40, len(found.words)
    codes, weights = found.codes[:24], found.weights[:24]
    results = []
    for search_kind in (PlainSearch, endgame._Search):
        endgame._part_values.clear()  # no value carried over from the other search
        search = search_kind(codes, weights, SIX, "en", "core")
        guesses, values = search.best(np.arange(len(codes)), rows)
        results.append((guesses, values))
    (plain_guesses, plain_values), (guesses, values) = results
    assert np.array_equal(plain_guesses, guesses)
    assert np.array_equal(plain_values, values)  # bit for bit: the same sums
    assert np.isfinite(values).all()  # the root searches every shortlisted guess


def test_a_part_value_is_the_best_of_its_guesses() -> None:
    """With the bound, a part's value is still the largest value of its shortlist."""
    found = position("ballet", 6)
    codes, weights = found.codes[:12], found.weights[:12]
    endgame._part_values.clear()
    search = endgame._Search(codes, weights, SIX, "en", "core")
    members = np.arange(len(codes))
    _, every_value = search.best(members, 7)
    endgame._part_values.clear()
    assert search.value(members, 7) == every_value.max()
    values = endgame.endgame_values(codes, weights, SIX, 6, "en", "core")
    assert np.isfinite(values).sum() == endgame.SHORTLIST and values.max() > 0
    assert (
        values.max() <= (search.known_from(6)[:, 6] @ (weights / weights.sum())) * POINT_UNIT + 1e-6
    )


def searched(found, rows: int) -> endgame._Search:
    """A search of a position's first 24 candidates, with no budget, run to its end."""
    search = endgame._Search(found.codes[:24], found.weights[:24], SIX, "en", "core")
    search.best(np.arange(len(search.codes)), rows)
    return search


def test_a_search_counts_the_same_positions_whatever_is_remembered() -> None:
    """The budget is passed by the same positions in every process and order of play: a
    remembered part counts the positions its own search met."""
    for word, rows in (("ballet", 5), ("facing", 6)):
        endgame._part_values.clear()
        fresh = searched(position(word, rows), rows).spent
        assert searched(position(word, rows), rows).spent == fresh  # all remembered
        endgame._part_values.clear()
        searched(position(word, rows + 1), rows + 1)  # a later position remembered
        assert searched(position(word, rows), rows).spent == fresh
    assert fresh > 500  # FACING's row 7: hundreds of positions (751)


def facing_row_5():
    """FACING's row 5 as the advice once played it: 22 candidates, a search of 8,471
    positions (over the budget)."""
    turns = [
        Turn(guess, score("facing", guess, SIX.rows[i].offset, False))
        for i, guess in enumerate(("la", "ear", "ant", "gin"))
    ]
    return deduce(turns, SIX)


@pytest.mark.heavy  # the whole search of 8,471 positions, twice (4 s)
def test_a_search_over_its_budget_is_given_up_the_same_way_every_time() -> None:
    small, large = position("ballet", 5), facing_row_5()  # 47 and 8,471 positions
    for memo in ("empty", "full"):
        if memo == "empty":
            endgame._part_values.clear()
        else:  # every part of both searches remembered
            searched(small, 5), searched(large, 4)
        values = endgame.endgame_values(small.codes[:24], small.weights[:24], SIX, 5, "en", "core")
        assert values is not None and np.isfinite(values).sum() == endgame.SHORTLIST
        given_up = endgame.endgame_values(
            large.codes[:24], large.weights[:24], SIX, 4, "en", "core"
        )
        assert given_up is None, memo
        whole = endgame.endgame_values(
            large.codes[:24], large.weights[:24], SIX, 4, "en", "core", budget=False
        )
        assert whole is not None and np.isfinite(whole).sum() == endgame.SHORTLIST


def test_over_the_budget_the_strategy_plays_its_lookahead(monkeypatch) -> None:
    """FACING's row 5 as the advice plays it (22 candidates, 8,471 positions to search)."""
    found = facing_row_5()
    assert len(found.words) <= endgame.CANDIDATES
    choices = strategies.choose(found, SIX, 4, top=4, vocabulary="core")
    monkeypatch.setattr(endgame, "CANDIDATES", 0)  # no endgame search at all
    assert strategies.choose(found, SIX, 4, top=4, vocabulary="core") == choices


def test_a_full_column_cache_never_takes_a_column_from_a_running_search(monkeypatch) -> None:
    """The cache of scored columns is forgotten past its cap (``COLUMN_BYTES``), which a
    search can reach midway: a search keeps the columns it reads, so a full cache changes
    nothing but the time. Here the cap is set to what a first search left, so the second,
    sharing some of its candidates (their columns remembered, the others scored), fills it
    at its first row."""
    found = position("ballet", 5)  # 11 candidates

    def searches(full: bool) -> list[np.ndarray]:
        endgame._columns.clear()
        endgame._part_values.clear()
        monkeypatch.setattr(endgame, "_column_bytes", 0)
        monkeypatch.setattr(endgame, "COLUMN_BYTES", 2**62)
        values = []
        for members in (slice(0, 7), slice(4, 11)):  # candidates 4-6 in both
            codes, weights = found.codes[members], found.weights[members]
            values.append(endgame.endgame_values(codes, weights, SIX, 5, "en", "core", False))
            if full:  # the cache full after the first search
                monkeypatch.setattr(endgame, "COLUMN_BYTES", endgame._column_bytes - 1)
        return values

    unlimited = searches(full=False)
    remembered = len(endgame._columns)
    capped = searches(full=True)
    assert len(endgame._columns) < remembered  # the first search's columns were forgotten
    for plain, values in zip(unlimited, capped, strict=True):
        assert np.array_equal(plain, values)


def test_a_new_memo_leaves_a_running_search_its_own(monkeypatch) -> None:
    """Past ``MEMO_LIMIT`` parts a new search starts a new memo. A search running meanwhile
    (the assistant's advice runs in a worker thread) keeps the memo it started with: it
    finds the same values and positions, and every part it remembers finds the parts its
    own search met (a remembered part's count reads them: ``_Search._count``)."""
    found = position("facing", 6)
    alone = searched(found, 6)
    endgame._part_values.clear()
    monkeypatch.setattr(endgame, "MEMO_LIMIT", 40)
    memo = endgame._part_values  # the one the search starts with
    running = endgame._Search(found.codes[:24], found.weights[:24], SIX, "en", "core")
    value = running.value
    interrupted = []

    def value_then_a_new_search(members, row_index):
        if len(memo) > endgame.MEMO_LIMIT and not interrupted:  # another search begins
            interrupted.append(
                endgame._Search(found.codes[:3], found.weights[:3], SIX, "en", "core")
            )
        return value(members, row_index)

    monkeypatch.setattr(running, "value", value_then_a_new_search)
    _, values = running.best(np.arange(len(running.codes)), 6)
    assert interrupted and endgame._part_values is not memo  # a new memo began
    assert running.spent == alone.spent
    assert np.array_equal(values, alone.best(np.arange(len(alone.codes)), 6)[1])
    assert len(memo) > endgame.MEMO_LIMIT
    for _, children in memo.values():
        assert all(child in memo for child in children)


# Thirty familiar -ING words, evenly through them (look-alikes: the endgame searches from
# early rows, and some of its searches need between 100 and 1,000 positions).
LOOK_ALIKES = (
    "aching ailing asking biting buying coding curing diving eating facing firing gaping "
    "having hoping liking making moving opting paving poking rating rising seeing skiing "
    "string timing tuning voting waning zoning"
)


def test_the_budget_of_a_thousand_positions_scores_more_than_a_hundred(monkeypatch) -> None:
    """Issue 27: the budget grew from 100 positions to 1,000 (a move stays under a second).
    Exactly, over a pool of look-alikes, the default strategy then scores more against
    Gamewords drawn alike and drawn by frequency (with 100 it scored the same: this fails
    on the old budget)."""
    from solver.deduce import evaluate as ev

    pool = lexicon.Pool(tuple(LOOK_ALIKES.split()), 6, "en", "familiar", "test pool")
    setting = ev.Setting(SIX, "lookahead", pool, vocabulary="familiar")
    figures = {}
    for nodes in (100, endgame.NODES):
        monkeypatch.setattr(endgame, "NODES", nodes)
        endgame._part_values.clear()
        walked = ev.walk(setting)
        figures[nodes] = [
            ev.figure(walked, opponent).expected for opponent in ("uniform", "familiar")
        ]
    assert all(new > old for new, old in zip(figures[endgame.NODES], figures[100], strict=True))
