"""Plain-Python twins of ``kernels.py``: the same arrays in, the same answers out, written
as plainly as the rules read, for the tests and the benchmarks to compare with."""

from __future__ import annotations

import numpy as np

from solver.layout.arrays import BOTTOM, EMPTY, LEFT, RIGHT, TOP
from solver.layout.board import LIMIT


def _cell_points(grid: list, edges: list, points: list, card: int, i: int, j: int) -> int:
    rows, columns = len(grid), len(grid[0])
    words = []
    if j > 0 and grid[i][j - 1] != EMPTY:
        words.append(points[edges[grid[i][j - 1]][RIGHT]][edges[card][LEFT]])
    if j + 1 < columns and grid[i][j + 1] != EMPTY:
        words.append(points[edges[card][RIGHT]][edges[grid[i][j + 1]][LEFT]])
    if i > 0 and grid[i - 1][j] != EMPTY:
        words.append(points[edges[grid[i - 1][j]][BOTTOM]][edges[card][TOP]])
    if i + 1 < rows and grid[i + 1][j] != EMPTY:
        words.append(points[edges[card][BOTTOM]][edges[grid[i + 1][j]][TOP]])
    if not words or min(words) < 0:
        return -1
    return sum(words)


def _allowed(occupied: list[tuple[int, int]], i: int, j: int) -> bool:
    """Would a card at (i, j) keep the layout within six by six?"""
    rows = [r for r, _ in occupied] + [i]
    columns = [c for _, c in occupied] + [j]
    return max(rows) - min(rows) < LIMIT and max(columns) - min(columns) < LIMIT


def legal_moves(
    grid: np.ndarray, edges: np.ndarray, points: np.ndarray, hand: np.ndarray, limited: bool
) -> np.ndarray:
    cells, edge_ids, table = grid.tolist(), edges.tolist(), points.tolist()
    occupied = [(r, c) for r, row in enumerate(cells) for c, card in enumerate(row) if card]
    found = []
    for card in hand.tolist():
        for i in range(len(cells)):
            for j in range(len(cells[0])):
                if limited and not _allowed(occupied, i, j):
                    continue
                value = _cell_points(cells, edge_ids, table, card, i, j)
                if value >= 0:
                    found.append((card, i, j, int(cells[i][j] != EMPTY), value))
    return np.array(found, dtype=np.int32).reshape(-1, 5)


def best_points(
    grid: np.ndarray, edges: np.ndarray, points: np.ndarray, hand: np.ndarray, limited: bool
) -> int:
    moves = legal_moves(grid, edges, points, hand, limited)
    return int(moves[:, 4].max()) if len(moves) else -1
