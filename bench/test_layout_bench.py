"""My Word (1980) speed: every legal play of a mid-game position (21 cards laid, a hand of
4), the Numba kernel beside its plain-Python twin and the rules' own ``legal_plays`` (same
run), and one decision of the beam player.

    pytest bench/test_layout_bench.py --benchmark-only
"""

import random

import numpy as np
import pytest

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays, grid_of, hand_array
from solver.layout.game import GameState, deal, greedy_move, legal_plays, to_move
from solver.layout.moves import Play
from solver.layout.players import choose
from solver.runtime.jit import kernel_array


@pytest.fixture(scope="module")
def position() -> GameState:
    """A two-player game, greedy against greedy from seed 2026, until 21 cards are laid."""
    state = deal(2, seed=2026)
    rng = random.Random(2026)
    while sum(len(stack) for _, stack in state.layout.stacks) < 21:
        state.apply(to_move(state), greedy_move(state.view(to_move(state)), rng))
    assert len(state.hands[to_move(state)]) == 4
    return state


def _arrays(state: GameState) -> tuple:
    arrays = deck_arrays(state.deck)
    grid = grid_of(state.layout)
    return grid.cells, arrays.edges, arrays.points, hand_array(state.hands[to_move(state)]), True


def test_legal_moves_kernel(benchmark, position) -> None:
    args = _arrays(position)
    kernels.legal_moves(*args)
    found = benchmark(kernels.legal_moves, *args)
    assert len(found) == len(legal_plays(position, to_move(position))) > 0


def test_legal_moves_reference(benchmark, position) -> None:
    found = benchmark(reference.legal_moves, *_arrays(position))
    assert len(found) > 0


def test_legal_moves_rules(benchmark, position) -> None:
    found = benchmark(legal_plays, position, to_move(position))
    assert len(found) > 0


def test_legal_moves_kernel_with_its_inputs(benchmark, position) -> None:
    """The kernel as the players call it: the grid and hand arrays built from the state."""

    def run():
        return kernels.legal_moves(*_arrays(position))

    run()
    assert len(benchmark(run)) > 0


def test_best_points_kernel(benchmark, position) -> None:
    args = _arrays(position)
    kernels.best_points(*args)
    assert benchmark(kernels.best_points, *args) > 0


def test_best_points_reference(benchmark, position) -> None:
    assert benchmark(reference.best_points, *_arrays(position)) > 0


def test_beam_decision(benchmark, position) -> None:
    choose(position, to_move(position), random.Random(1))
    move = benchmark(choose, position, to_move(position), random.Random(1))
    assert isinstance(move, Play)


# --- the reader (issue 27): its deals and its play-outs, kernel beside twin, and a decision


def _reader_inputs(state: GameState) -> tuple[tuple, tuple]:
    """The belief's arguments (12 proposals) and the search's (24 deals, 8 plays)."""
    from solver.layout.belief import BeliefSettings, history_of, seen_cards
    from solver.layout.reader import candidates
    from solver.layout.state import hand_size

    seat = to_move(state)
    view = state.view(seat)
    history = history_of(view, BeliefSettings())
    sampling = (
        2, seat, hand_size(2), 48 - 2 * hand_size(2) - 1, history.seat, history.kind,
        history.card, history.draws, history.decision, history.factors,
        kernel_array(seen_cards(view), np.dtype(np.int8)), 12, 5,
    )  # fmt: skip
    hands, counts, packs, _ = kernels.sample_deals(*sampling[:-2], 24, 5)
    moves, grid = candidates(view, 4, 8)
    arrays = deck_arrays(state.deck)
    search = (
        grid.cells, arrays.edges, arrays.points, kernel_array(moves, np.dtype(np.int32)),
        hand_array(list(view.hand)), seat, hands, counts, packs, 3, True, 1.0, 1, 1,
        np.zeros(0, dtype=np.int64), 0.0,
    )  # fmt: skip
    return sampling, search


def test_sample_deals_kernel(benchmark, position) -> None:
    args, _ = _reader_inputs(position)
    kernels.sample_deals(*args)
    assert len(benchmark(kernels.sample_deals, *args)[0]) == 12


def test_sample_deals_reference(benchmark, position) -> None:
    args, _ = _reader_inputs(position)
    assert len(benchmark(reference.sample_deals, *args)[0]) == 12


def test_candidate_values_kernel(benchmark, position) -> None:
    _, args = _reader_inputs(position)
    kernels.candidate_values(*args)
    assert len(benchmark(kernels.candidate_values, *args)) == 8


def test_candidate_values_reference(benchmark, position) -> None:
    _, args = _reader_inputs(position)
    assert len(benchmark.pedantic(reference.candidate_values, args, rounds=3)) == 8


def test_reader_decision(benchmark, position) -> None:
    from solver.layout.reader import reader_move

    view = position.view(to_move(position))
    reader_move(view, random.Random(1))
    assert isinstance(benchmark(reader_move, view, random.Random(1)), Play)


@pytest.fixture(scope="module")
def position4() -> GameState:
    """A four-player game, greedy all round from seed 2026, until 16 cards are laid."""
    state = deal(4, seed=2026)
    rng = random.Random(2026)
    while sum(len(stack) for _, stack in state.layout.stacks) < 16:
        state.apply(to_move(state), greedy_move(state.view(to_move(state)), rng))
    return state


def test_reader_decision_four_players(benchmark, position4) -> None:
    """One decision of the reader at four players, where its settings weigh the most."""
    from solver.layout.reader import reader_move

    view = position4.view(to_move(position4))
    reader_move(view, random.Random(1))
    assert isinstance(benchmark(reader_move, view, random.Random(1)), Play)
