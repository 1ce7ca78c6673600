"""Numba kernels for My Word (1980): every legal play of a hand on a layout, and the best.

Inputs are the arrays of ``arrays.py``: the grid of top cards (0 = empty), the deck's edge
ids and the word table the rules filled in. A play is a grid cell and a card from the hand
that makes a word on every edge where the cell touches a card (rule 5a, or 5b on an
occupied cell) and, when ``limited``, keeps the layout within six by six (rule 9).
``reference.py`` is the plain-Python twin the tests compare with; ``board.placements``
stays the definition, and the players turn the play they choose back into a ``Placement``
through it.
"""

from __future__ import annotations

import numpy as np

from solver.layout.board import LIMIT
from solver.runtime.jit import njit


@njit(cache=True)
def _bounds(grid):
    """Rows and columns the layout spans: (first row, last row, first column, last column)."""
    first_row, last_row, first_column, last_column = grid.shape[0], -1, grid.shape[1], -1
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            if grid[i, j] != 0:
                first_row = min(first_row, i)
                last_row = max(last_row, i)
                first_column = min(first_column, j)
                last_column = max(last_column, j)
    return first_row, last_row, first_column, last_column


@njit(cache=True)
def _cell_points(grid, edges, points, card, i, j):
    """What ``card`` scores at cell (i, j), or -1 when it touches no card or a touching edge
    makes no word."""
    rows, columns = grid.shape
    total = 0
    touching = 0
    if j > 0 and grid[i, j - 1] != 0:  # left neighbour: its right pair, then our left pair
        value = points[edges[grid[i, j - 1], 1], edges[card, 3]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if j + 1 < columns and grid[i, j + 1] != 0:  # right neighbour: our right, its left
        value = points[edges[card, 1], edges[grid[i, j + 1], 3]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if i > 0 and grid[i - 1, j] != 0:  # above: its bottom pair, then our top pair
        value = points[edges[grid[i - 1, j], 2], edges[card, 0]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if i + 1 < rows and grid[i + 1, j] != 0:  # below: our bottom, its top
        value = points[edges[card, 2], edges[grid[i + 1, j], 0]]
        if value < 0:
            return -1
        total += value
        touching += 1
    return total if touching else -1


@njit(cache=True)
def legal_moves(grid, edges, points, hand, limited):
    """Every legal play as rows (card, grid row, grid column, on top 0/1, points), hand
    order first, then cells row by row: the order ``board.placements`` gives."""
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    found = np.empty((hand.shape[0] * rows * columns, 5), dtype=np.int32)
    count = 0
    for h in range(hand.shape[0]):
        card = hand[h]
        for i in range(rows):
            if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
                continue
            for j in range(columns):
                if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                    continue
                value = _cell_points(grid, edges, points, card, i, j)
                if value >= 0:
                    found[count, 0] = card
                    found[count, 1] = i
                    found[count, 2] = j
                    found[count, 3] = 1 if grid[i, j] != 0 else 0
                    found[count, 4] = value
                    count += 1
    return found[:count]


@njit(cache=True)
def best_points(grid, edges, points, hand, limited):
    """The most one play of the hand scores on this layout, or -1 when none is legal."""
    moves = legal_moves(grid, edges, points, hand, limited)
    return moves[:, 4].max() if moves.shape[0] else -1
