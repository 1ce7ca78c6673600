"""What's My Word? speed: kernels beside their plain-Python twins, choices, whole rounds.

    pytest bench/test_deduce_bench.py --benchmark-only

Ratios are read from the same run: compare each ``*_kernel`` row with its ``*_reference``
row (same inputs). The reference of the guess statistics runs on a sample of candidates,
and its kernel row on the same sample, so that the pure-Python side finishes.
"""

import numpy as np
import pytest

from solver.deduce import default_sheet, kernels, reference
from solver.deduce.candidates import Turn, deduce
from solver.deduce.game import play_round
from solver.deduce.opening import BOOK_ROWS, booked_choices, remembered_choose
from solver.deduce.rules import score
from solver.deduce.strategies import choose
from solver.deduce.vocabularies import DEFAULT_VOCABULARY
from solver.wordtools import lexicon

SIX = default_sheet(6)
GUESS = lexicon.encode(["den"])[0]  # row 2 of the sample game, 3@0, heard 1250 from NEPHEW
HEARD_UNITS = 5


@pytest.fixture(scope="module")
def pool() -> np.ndarray:
    return lexicon.word_codes(6, "familiar")


def test_filter_pass_kernel(benchmark, pool) -> None:
    kernels.score_against(pool, GUESS, 0, False)  # compiled before timing
    mask = benchmark(lambda: kernels.score_against(pool, GUESS, 0, False) == HEARD_UNITS)
    assert mask.sum() > 0


def test_filter_pass_reference(benchmark, pool) -> None:
    mask = benchmark.pedantic(
        lambda: reference.score_against(pool, GUESS, 0, False) == HEARD_UNITS, rounds=5
    )
    assert mask.sum() == (kernels.score_against(pool, GUESS, 0, False) == HEARD_UNITS).sum()


@pytest.fixture(scope="module")
def sample(pool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    candidates = pool[::16]
    weights = np.full(len(candidates), 1 / len(candidates))
    return candidates, weights, lexicon.word_codes(3, "all")


def test_guess_statistics_kernel(benchmark, sample) -> None:
    candidates, weights, guesses = sample
    kernels.guess_statistics(candidates, weights, guesses, 1, False)
    benchmark(kernels.guess_statistics, candidates, weights, guesses, 1, False)


def test_guess_statistics_reference(benchmark, sample) -> None:
    candidates, weights, guesses = sample
    benchmark.pedantic(
        reference.guess_statistics, (candidates, weights, guesses, 1, False), rounds=2
    )


@pytest.fixture(scope="module")
def heard_history() -> tuple:
    """The first five rows the bot heard against BALLET, as the kernels take them."""
    from solver.deduce.candidates import _history_arrays

    played = play_round("ballet", SIX).rows[:5]
    return _history_arrays([Turn(p.guess, p.score) for p in played], SIX, "en")


def test_history_mismatches_kernel(benchmark, pool, heard_history) -> None:
    kernels.history_mismatches(pool, *heard_history)
    wrong = benchmark(kernels.history_mismatches, pool, *heard_history)
    assert (wrong == 0).sum() >= 1  # BALLET fits everything heard


def test_history_mismatches_reference(benchmark, pool, heard_history) -> None:
    wrong = benchmark.pedantic(reference.history_mismatches, (pool, *heard_history), rounds=2)
    assert (wrong == 0).sum() >= 1


@pytest.fixture(scope="module")
def next_row(sample) -> tuple:
    """Row 5 (5 letters at offset 1) scored against the sampled candidates, for lookahead."""
    candidates, weights, _ = sample
    fives = lexicon.word_codes(5, "familiar")[::8]
    return candidates, weights, fives, kernels.score_matrix(candidates, fives, 1, False)


def test_score_matrix_kernel(benchmark, next_row) -> None:
    candidates, _, fives, _ = next_row
    benchmark(kernels.score_matrix, candidates, fives, 1, False)


def test_score_matrix_reference(benchmark, next_row) -> None:
    candidates, _, fives, expected = next_row
    found = benchmark.pedantic(reference.score_matrix, (candidates, fives, 1, False), rounds=1)
    assert np.array_equal(found, expected)


def test_lookahead_units_kernel(benchmark, sample, next_row) -> None:
    candidates, weights, guesses = sample
    units = next_row[3]
    kernels.lookahead_units(candidates, weights, guesses[:40], 1, False, units)
    benchmark(kernels.lookahead_units, candidates, weights, guesses[:40], 1, False, units)


def test_lookahead_units_reference(benchmark, sample, next_row) -> None:
    candidates, weights, guesses = sample
    args = (candidates, weights, guesses[:40], 1, False, next_row[3])
    benchmark.pedantic(reference.lookahead_units, args, rounds=1)


@pytest.fixture(scope="module")
def ballet_positions() -> list:
    """What the bot knew before each row of its game against BALLET (made with kernels)."""
    played = play_round("ballet", SIX).rows
    return [deduce([Turn(p.guess, p.score) for p in played[:row]], SIX) for row in range(11)]


@pytest.mark.parametrize("row_index", range(11))
def test_choose_each_row_against_ballet(benchmark, ballet_positions, row_index: int) -> None:
    """The default strategy's choice on each row of a real game (warm caches)."""
    deduction = ballet_positions[row_index]
    choice = benchmark(lambda: choose(deduction, SIX, row_index, top=1)[0])
    assert score("ballet", choice.guess, SIX.rows[row_index].offset) >= 0


@pytest.mark.parametrize("row_index", range(BOOK_ROWS))
def test_move_each_early_row_against_ballet(benchmark, ballet_positions, row_index: int) -> None:
    """The default setting's move on the booked rows (the default vocabulary, as the game
    plays them): a book lookup by the candidates, beside ``test_choose_each_early_row``
    (what it replaces). It asked for the book of ``core`` while the positions came from the
    default vocabulary's game, which became ``familiar`` (issue 27): no position was booked."""
    deduction = ballet_positions[row_index]
    booked = booked_choices(
        deduction, SIX, row_index, "lookahead", "familiar", "en", DEFAULT_VOCABULARY
    )
    assert booked is not None
    move = benchmark(
        lambda: remembered_choose(
            deduction,
            SIX,
            row_index,
            "lookahead",
            "en",
            1,
            None,
            DEFAULT_VOCABULARY,
            prior="familiar",
        )[0]
    )
    assert move == booked[0]


@pytest.mark.parametrize("row_index", range(BOOK_ROWS))
def test_choose_each_early_row(benchmark, ballet_positions, row_index: int) -> None:
    """The strategy's own choice on the same positions (the default vocabulary), computed."""
    deduction = ballet_positions[row_index]
    choose(deduction, SIX, row_index, top=1, vocabulary=DEFAULT_VOCABULARY)
    benchmark(lambda: choose(deduction, SIX, row_index, top=1, vocabulary=DEFAULT_VOCABULARY)[0])


@pytest.mark.parametrize(("length", "gameword"), [(6, "ballet"), (7, "kitchen")])
def test_whole_round_default_strategy(benchmark, length: int, gameword: str) -> None:
    sheet = default_sheet(length)
    play_round(gameword, sheet)
    result = benchmark.pedantic(play_round, (gameword, sheet), rounds=5)
    assert result.bonus


@pytest.fixture
def reference_kernels(monkeypatch):
    """Swap every kernel for its plain-Python twin: the same strategy code, no Numba."""
    for name in ("score_against", "history_mismatches", "guess_statistics", "score_matrix"):
        monkeypatch.setattr(kernels, name, getattr(reference, name))
    monkeypatch.setattr(kernels, "lookahead_units", reference.lookahead_units)


@pytest.mark.parametrize("row_index", [3, 7, 8, 9, 10])
def test_choose_each_row_against_ballet_reference(
    benchmark, ballet_positions, reference_kernels, row_index: int
) -> None:
    """The reference twin of the choice, on the rows where pure Python finishes in seconds
    (on rows 1 and 2 the lookahead scores millions of word pairs: minutes per move)."""
    deduction = ballet_positions[row_index]
    choice = benchmark.pedantic(lambda: choose(deduction, SIX, row_index, top=1)[0], rounds=2)
    assert len(choice.guess) == SIX.rows[row_index].length
