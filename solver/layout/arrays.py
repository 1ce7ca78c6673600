"""My Word (1980) as small integer arrays, for the kernels: the deck's edges, what every
pair of pairs scores, and the layout as a grid of top cards.

The word table is built by asking the rules (``board.make_word``) about every beginning
pair against every ending pair of the deck, so the kernels cannot disagree with the rules
about which pairs make a word or what it scores; they only look the answer up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solver.layout.board import Layout, make_word
from solver.layout.deck import BEGINNING_EDGES, EDGES, ENDING_EDGES, SYMBOL, Deck

TOP, RIGHT, BOTTOM, LEFT = range(4)  # columns of ``DeckArrays.edges``, in ``EDGES`` order
NO_WORD = -1
EMPTY = 0  # card numbers start at 1


@dataclass(frozen=True, eq=False)
class DeckArrays:
    """``edges[n]``: card n's pairs as ids, top and left into ``endings``, right and bottom
    into ``beginnings``; ``points[b, e]``: what beginning b before ending e scores, or
    ``NO_WORD``."""

    edges: np.ndarray  # (highest card number + 1, 4) int16
    points: np.ndarray  # (len(beginnings), len(endings)) int16
    beginnings: tuple[str, ...]
    endings: tuple[str, ...]


_BUILT: dict[tuple[int, str], tuple[Deck, DeckArrays]] = {}


def deck_arrays(deck: Deck, lang: str = "en") -> DeckArrays:
    """The deck as arrays, built once per deck (kept with the deck it was built from)."""
    key = (id(deck), lang)
    if key in _BUILT and _BUILT[key][0] is deck:
        return _BUILT[key][1]
    beginnings = sorted({c.edge(e) for c in deck.cards for e in BEGINNING_EDGES} | {SYMBOL})
    endings = sorted({c.edge(e) for c in deck.cards for e in ENDING_EDGES} | {SYMBOL})
    begin_id = {p: i for i, p in enumerate(beginnings)}
    end_id = {p: i for i, p in enumerate(endings)}
    points = np.full((len(beginnings), len(endings)), NO_WORD, dtype=np.int16)
    for b, begin in enumerate(beginnings):
        for e, end in enumerate(endings):
            word = make_word(begin, end, deck, lang)
            if word is not None:
                points[b, e] = word.points
    edges = np.zeros((max(c.number for c in deck.cards) + 1, len(EDGES)), dtype=np.int16)
    for card in deck.cards:
        for column, edge in enumerate(EDGES):
            ids = begin_id if edge in BEGINNING_EDGES else end_id
            edges[card.number, column] = ids[card.edge(edge)]
    arrays = DeckArrays(edges, points, tuple(beginnings), tuple(endings))
    _BUILT[key] = (deck, arrays)
    return arrays


@dataclass(frozen=True)
class Grid:
    """The layout's top cards in a grid with empty cells round it; grid cell (i, j) is
    layout position (i + row0, j + column0)."""

    cells: np.ndarray  # int16, EMPTY or a card number
    row0: int
    column0: int

    def position(self, i: int, j: int) -> tuple[int, int]:
        return i + self.row0, j + self.column0


def grid_of(layout: Layout, margin: int = 1) -> Grid:
    """The grid with ``margin`` empty rows and columns round the layout: one is room for
    every play now; a search that plays k cards ahead needs k + 1."""
    first_row, last_row, first_column, last_column = layout.bounds
    row0, column0 = first_row - margin, first_column - margin
    cells = np.zeros(
        (last_row - row0 + 1 + margin, last_column - column0 + 1 + margin), dtype=np.int16
    )
    for (r, c), stack in layout.stacks:
        cells[r - row0, c - column0] = stack[-1]
    return Grid(cells, row0, column0)


def hand_array(hand: Sequence[int]) -> np.ndarray:
    return np.array(hand, dtype=np.int16)
