"""My Word (1980) speed: every legal play of a mid-game position (21 cards laid, a hand of
4), the Numba kernel beside its plain-Python twin and the rules' own ``legal_plays`` (same
run), and one decision of the beam player.

    pytest bench/test_layout_bench.py --benchmark-only
"""

import random

import pytest

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays, grid_of, hand_array
from solver.layout.game import GameState, deal, greedy_player, knock, legal_plays, play
from solver.layout.players import beam_player


@pytest.fixture(scope="module")
def position() -> GameState:
    """A two-player game, greedy against greedy from seed 2026, until 21 cards are laid."""
    state = deal(2, seed=2026)
    rng = random.Random(2026)
    current = 1
    while sum(len(stack) for _, stack in state.layout.stacks) < 21:
        kind, number, spot = greedy_player(state, current, rng)
        if kind == "play":
            play(state, current, number, spot)
        else:
            knock(state, current, number)
        current = 1 - current
    assert len(state.hands[current]) == 4
    state.turn = current
    return state


def _arrays(state: GameState) -> tuple:
    arrays = deck_arrays(state.deck)
    grid = grid_of(state.layout)
    return grid.cells, arrays.edges, arrays.points, hand_array(state.hands[state.turn]), True


def test_legal_moves_kernel(benchmark, position) -> None:
    args = _arrays(position)
    kernels.legal_moves(*args)
    found = benchmark(kernels.legal_moves, *args)
    assert len(found) == len(legal_plays(position, position.turn)) > 0


def test_legal_moves_reference(benchmark, position) -> None:
    found = benchmark(reference.legal_moves, *_arrays(position))
    assert len(found) > 0


def test_legal_moves_rules(benchmark, position) -> None:
    found = benchmark(legal_plays, position, position.turn)
    assert len(found) > 0


def test_legal_moves_kernel_with_its_inputs(benchmark, position) -> None:
    """The kernel as the players call it: the grid and hand arrays built from the state."""

    def run():
        return kernels.legal_moves(*_arrays(position))

    run()
    assert len(benchmark(run)) > 0


def test_beam_decision(benchmark, position) -> None:
    beam_player(position, position.turn, random.Random(1))
    kind, _, _ = benchmark(beam_player, position, position.turn, random.Random(1))
    assert kind == "play"
