"""Rollout (``rollout.py``) on small pools: its values are the exact evaluation's, and the
play it books is never worse than the strategy's own on the objective it optimizes."""

import numpy as np
import pytest

from solver.deduce import default_sheet, opening, rollout
from solver.deduce import evaluate as ev
from solver.deduce.candidates import deduce, parse_history
from solver.deduce.game import play_round
from solver.wordtools import lexicon

SIX, SEVEN = default_sheet(6), default_sheet(7)


def spread_pool(length: int, size: int) -> lexicon.Pool:
    words = lexicon.words(length, "familiar")
    chosen = tuple(words[i] for i in np.linspace(0, len(words) - 1, size).astype(int))
    return lexicon.Pool(chosen, length, "en", "familiar", "test pool")


def exact(setting: ev.Setting, objective: str, book: dict | None = None) -> float:
    """The expected round score under the objective; ``both``: the mean of the two figures
    (its weights are each prior normalized over the pool, summed)."""
    with opening.positions_in_use(book or {}):
        walked = ev.walk(setting)
    if objective == rollout.BOTH:
        return sum(ev.figure(walked, prior).expected for prior in ("uniform", "familiar")) / 2
    return ev.figure(walked, objective).expected


@pytest.mark.parametrize(
    ("sheet", "size", "objective"),
    [
        (SIX, 120, "uniform"),
        (SIX, 120, "both"),
        pytest.param(SEVEN, 90, "familiar", marks=pytest.mark.heavy),
    ],
)
def test_rollout_values_are_exact_and_never_worse(sheet, size: int, objective: str) -> None:
    setting = ev.Setting(sheet, "lookahead", spread_pool(sheet.word_length, size), "familiar")
    rolled = rollout.build(setting, rows=2, top=3, objective=objective)
    root = rolled[0]
    assert root.position.row_index == 0 and len(root.choices) == 3
    values = [c.value for c in root.choices]
    assert values == sorted(values, reverse=True)
    plain = exact(setting, objective)
    # the strategy's own first guess, valued by the rollout, is the exact evaluation's figure
    own = root.choices[root.policy_ranks.index(0)]
    assert own.value == pytest.approx(plain, rel=1e-12)
    book = rollout.position_entries(setting, rolled)
    improved = exact(setting, objective, book)
    slack = 1e-9 * plain  # sums in another order
    assert improved >= root.choices[0].value - slack and root.choices[0].value >= plain - slack
    assert {r.position.row_index for r in rolled} == {0, 1}


def test_the_objective_both_weighs_each_figure_alike() -> None:
    """``both`` adds the two priors, each normalized over the pool: every figure counts for
    half, however many words each prior favours."""
    words = spread_pool(6, 50).words
    weights = rollout.objective_weights(words, rollout.BOTH, "en")
    alike = rollout.objective_weights(words, "uniform", "en")
    familiar = rollout.objective_weights(words, "familiar", "en")
    assert weights.sum() == pytest.approx(2.0)
    assert weights == pytest.approx(alike / alike.sum() + familiar / familiar.sum())
    assert not np.allclose(familiar / familiar.sum(), 1 / len(words))  # the two differ


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_booked_moves_are_played_everywhere_alike() -> None:
    """The game loop and the walk meet a booked position the same way (by its candidates),
    so they still agree when the book changes a move."""
    pool = spread_pool(6, 100)
    setting = ev.Setting(SIX, "lookahead", pool, "familiar")
    rolled = rollout.build(setting, rows=2, top=3, objective="uniform")
    # a book whose every position plays the strategy's third choice: surely not its own move
    worse = [rollout.Rolled(r.position, r.choices[::-1], r.policy_ranks[::-1]) for r in rolled]
    book = rollout.position_entries(setting, worse)
    with opening.positions_in_use(book):
        walked = ev.walk(setting)
        first = play_round(pool.words[0], SIX, "lookahead", pool, "familiar")
        for index, word in enumerate(pool.words):
            played = play_round(word, SIX, "lookahead", pool, "familiar")
            assert list(walked.scores[index]) == [p.score for p in played.rows], word
    assert first.rows[0].guess == worse[0].choices[0].guess
    assert first.rows[0].guess != rolled[0].choices[0].guess or len(rolled[0].choices) == 1


def test_a_position_is_found_by_its_candidates_not_its_history() -> None:
    pool = spread_pool(6, 100)
    setting = ev.Setting(SIX, "lookahead", pool, "familiar")
    rolled = rollout.build(setting, rows=2, top=2, objective="uniform")
    second = next(r for r in rolled if r.position.row_index == 1)
    book = rollout.position_entries(setting, rolled)
    history = list(second.position.history)
    deduction = deduce(history, SIX, pool)
    with opening.positions_in_use(book):
        found = opening.booked_choices(
            deduction, SIX, 1, "lookahead", "familiar", "en", setting.vocabulary
        )
        other_prior = opening.booked_choices(
            deduction, SIX, 1, "lookahead", "uniform", "en", setting.vocabulary
        )
    assert found is not None and found[0].guess == second.choices[0].guess
    assert other_prior is None
    assert parse_history(book[next(iter(book))]["history"] or "") == []  # the root: no history


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_a_book_deepened_a_row_at_a_time_is_the_book_built_at_once() -> None:
    setting = ev.Setting(SIX, "lookahead", spread_pool(6, 90), "familiar")
    shallow = rollout.build(setting, rows=1, top=3, objective="uniform")
    reuse = rollout.position_entries(setting, shallow)
    deepened = rollout.build(setting, rows=2, top=3, objective="uniform", reuse=reuse)
    at_once = rollout.build(setting, rows=2, top=3, objective="uniform")
    assert rollout.position_entries(setting, deepened) == rollout.position_entries(setting, at_once)
    assert len(at_once) > len(shallow)


@pytest.mark.heavy  # spawns worker processes: seconds
def test_workers_read_the_book_in_use_and_value_as_one_process() -> None:
    """With workers, the book in use reaches them as a file (``_walk_parts``): a second
    round built on a first one values every guess as the same round built in one process."""
    setting = ev.Setting(SIX, "lookahead", spread_pool(6, 80), "familiar")
    first = rollout.position_entries(setting, rollout.build(setting, 2, 2, "uniform"))
    alone = rollout.build(setting, 2, 2, rollout.BOTH, base=first)
    shared = rollout.build(setting, 2, 2, rollout.BOTH, base=first, workers=2)
    assert rollout.position_entries(setting, shared) == rollout.position_entries(setting, alone)
    assert first != rollout.position_entries(setting, alone) or len(first) == 1


@pytest.mark.heavy  # spawns worker processes: seconds
def test_a_walk_with_workers_plays_the_book_in_use() -> None:
    """``evaluate.walk`` with workers plays the book put in use, as one process does: its
    workers once played the stored book instead, so a book measured aside with workers
    scored as the shipped one (a screen of this session read its figures so)."""
    setting = ev.Setting(SIX, "lookahead", spread_pool(6, 80), "familiar")
    built = rollout.position_entries(setting, rollout.build(setting, 4, 3, "uniform"))
    # the worst of each position's guesses first: a book that plays unlike the strategy
    worst = {key: entry | {"choices": entry["choices"][::-1]} for key, entry in built.items()}
    plain = ev.walk(setting)
    with opening.positions_in_use(worst):
        alone = ev.walk(setting)
        shared = ev.walk(setting, workers=2)
    assert not np.array_equal(alone.scores, plain.scores)  # the book in use plays
    assert np.array_equal(shared.scores, alone.scores)
