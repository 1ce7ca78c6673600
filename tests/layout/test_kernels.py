"""The layout kernels against their plain-Python twins and against the rules themselves."""

import random

import numpy as np
import pytest

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays, grid_of, hand_array
from solver.layout.deck import default_deck
from solver.layout.game import deal, finished, legal_plays, random_move

pytestmark = pytest.mark.kernels


def _positions(players: int, seed: int, easy: bool):
    """Every position of a seeded random game, with every player's hand."""
    state = deal(players, seed, easy)
    rng = random.Random(seed)
    current = 1 % players
    while not finished(state):
        yield state
        if state.hands[current]:
            state.apply(current, random_move(state.view(current), rng))
        current = (current + 1) % players


@pytest.mark.parametrize(("players", "easy"), [(1, False), (2, False), (3, True)])
def test_kernels_give_the_rules_plays_in_the_rules_order(players: int, easy: bool) -> None:
    arrays = deck_arrays(default_deck())
    checked = 0
    for seed in range(4):
        for state in _positions(players, 100 + seed, easy):
            grid = grid_of(state.layout)
            for player, hand in enumerate(state.hands):
                if not hand:
                    continue
                args = (grid.cells, arrays.edges, arrays.points, hand_array(hand), not easy)
                found = kernels.legal_moves(*args)
                assert np.array_equal(found, reference.legal_moves(*args))
                rules = [
                    (number, spot.position, spot.on_top, spot.points)
                    for number, spot in legal_plays(state, player)
                ]
                assert [
                    (int(c), grid.position(int(i), int(j)), bool(top), int(p))
                    for c, i, j, top, p in found
                ] == rules
                assert kernels.best_points(*args) == max((r[3] for r in rules), default=-1)
                checked += 1
    assert checked > 50


def test_kernels_match_the_twin_on_random_grids() -> None:
    """Grids no game reaches (scattered cards, covered symbols, the limit broken) too."""
    arrays = deck_arrays(default_deck())
    rng = np.random.default_rng(7)
    for _ in range(300):
        grid = np.where(rng.random((8, 9)) < 0.3, rng.integers(1, 49, (8, 9)), 0).astype(np.int16)
        hand = rng.integers(1, 49, rng.integers(1, 5)).astype(np.int16)
        limited = bool(rng.integers(0, 2))
        args = (grid, arrays.edges, arrays.points, hand, limited)
        assert np.array_equal(kernels.legal_moves(*args), reference.legal_moves(*args))
        assert kernels.best_points(*args) == reference.best_points(*args)


def test_the_word_table_is_the_rules() -> None:
    deck = default_deck()
    arrays = deck_arrays(deck)
    from solver.layout.board import make_word

    for b, begin in enumerate(arrays.beginnings):
        for e, end in enumerate(arrays.endings):
            word = make_word(begin, end, deck)
            assert arrays.points[b, e] == (-1 if word is None else word.points)
    assert (arrays.points >= 0).sum() > 100
