"""My Word (1980) speed: every legal play of a mid-game position (21 cards laid, a hand of
4), the Numba kernel beside its plain-Python twin and the rules' own ``legal_plays`` (same
run), and one decision of the beam player.

    pytest bench/test_layout_bench.py --benchmark-only
"""

import random

import pytest

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays, grid_of, hand_array
from solver.layout.game import GameState, deal, greedy_move, legal_plays, to_move
from solver.layout.moves import Play
from solver.layout.players import choose


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
