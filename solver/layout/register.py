"""My Word (1980)'s entry in the shared registry (``solver.arena.registry``): its kernels for
``myword warm`` and the demo's game. Imported by ``solver.ui.games``; the calls import the game
lazily, so registering costs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.arena import registry

if TYPE_CHECKING:  # the calls below import the game when they run
    from solver.layout.state import LayoutLog


def _inputs():
    from solver.layout.arrays import deck_arrays, grid_of, hand_array
    from solver.layout.board import Layout
    from solver.layout.deck import default_deck

    deck = default_deck()
    arrays = deck_arrays(deck)
    numbers = [card.number for card in deck.cards]
    grid = grid_of(Layout().place((0, 0), numbers[0]))
    return grid.cells, arrays.edges, arrays.points, hand_array(numbers[1:6]), True


def legal_moves(lang: str = "en") -> object:
    from solver.layout import kernels

    return kernels.legal_moves(*_inputs())


def best_points(lang: str = "en") -> object:
    from solver.layout import kernels

    return kernels.best_points(*_inputs())


def reader(lang: str = "en") -> object:
    """One decision of the reader, a few moves into a game: its kernels (the belief's
    deals, the play-outs, what every card scores) under the signatures a game uses."""
    import random

    from solver.layout.game import deal, greedy_move
    from solver.layout.reader import reader_move

    state = deal(2, 1)
    for _ in range(3):
        state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(0)))
    return reader_move(state.view(state.turn()), random.Random(0))


def layout_game(seed: int | None = None, lang: str = "en") -> LayoutLog:
    """A My Word (1980) game, beam against greedy: the whole log (it replays)."""
    from solver.layout.game import play_game

    return play_game(["beam", "greedy"], seed).to_json()


registry.register(
    registry.Game(
        name="layout",
        rank=2,
        source=__name__,
        kernel_module="solver.layout.kernels",
        kernels=(
            registry.Kernel("legal_moves", legal_moves, in_demo=True),
            registry.Kernel("best_points", best_points),
            registry.Kernel("reader", reader),
        ),
        second_process=True,
        demo=(registry.DemoPart("my_word_1980", layout_game, "solver.layout.ui.demo:show_game"),),
        review="solver.layout.review:review",
        saves=("layout",),
    )
)
