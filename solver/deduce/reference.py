"""Plain-Python twins of the kernels in ``kernels.py``, written straight from ``rules.py``.

They take and return the same arrays as the kernels, and exist so that tests can hold the
kernels to the rules and benchmarks can say how much faster the kernels are.
"""

from __future__ import annotations

import math

import numpy as np

from solver.deduce.rules import POINT_UNIT, score


def _text(codes: np.ndarray) -> str:
    """Letter codes as a string; only letter identity matters to the rules."""
    return "".join(chr(0x61 + int(c)) for c in codes)


def units(gameword: np.ndarray, guess: np.ndarray, offset: int, last_row: bool) -> int:
    return score(_text(gameword), _text(guess), offset, last_row) // POINT_UNIT


def score_against(candidates, guess, offset, last_row) -> np.ndarray:
    return np.array([units(c, guess, offset, last_row) for c in candidates], dtype=np.uint8)


def history_mismatches(candidates, guesses, guess_lengths, offsets, last_rows, heard_units):
    rows = list(zip(guesses, guess_lengths, offsets, last_rows, heard_units, strict=True))
    return np.array(
        [
            sum(units(c, g[:k], o, bool(last)) != heard for g, k, o, last, heard in rows)
            for c in candidates
        ],
        dtype=np.uint8,
    )


def guess_statistics(candidates, weights, guesses, offset, last_row):
    expected, entropy = [], []
    for guess in guesses:
        histogram: dict[int, float] = {}
        for candidate, weight in zip(candidates, weights, strict=True):
            u = units(candidate, guess, offset, last_row)
            histogram[u] = histogram.get(u, 0.0) + weight
        expected.append(sum(u * p for u, p in histogram.items()))
        entropy.append(-sum(p * math.log2(p) for p in histogram.values() if p > 0))
    return np.array(expected), np.array(entropy)


def part_statistics(units, members, weights, scores):
    """From the rules: the histogram of units a part's candidates give each guess."""
    expected, entropy = [], []
    for row in units:
        histogram: dict[int, float] = {}
        for c, weight in zip(members, weights, strict=True):
            histogram[int(row[c])] = histogram.get(int(row[c]), 0.0) + weight
        expected.append(sum(u * p for u, p in histogram.items()))
        entropy.append(-sum(p * math.log2(p) for p in histogram.values() if p > 0))
    return np.array(expected), np.array(entropy)


def best_of_part(units, members, weights, scores, with_entropy, information, count):
    """The ``count`` guesses a part values most (expected units plus ``information`` per bit
    of entropy; ties to the lower index), and their values: what
    ``kernels.part_shortlist_statistics`` must find without reading every guess."""
    expected, entropy = part_statistics(units, members, weights, scores)
    values = expected + (information * entropy if with_entropy else 0.0)
    best = sorted(range(len(values)), key=lambda g: (-values[g], g))[:count]
    return best, [float(values[g]) for g in best]


def score_matrix(candidates, guesses, offset, last_row) -> np.ndarray:
    return np.array(
        [[units(c, g, offset, last_row) for g in guesses] for c in candidates], dtype=np.uint8
    ).reshape(len(candidates), len(guesses))


def lookahead_units(candidates, weights, guesses, offset, last_row, next_units):
    out = []
    for guess in guesses:
        parts: dict[int, list[int]] = {}
        for c, candidate in enumerate(candidates):
            parts.setdefault(units(candidate, guess, offset, last_row), []).append(c)
        total = 0.0
        for members in parts.values():
            per_next_guess = [
                sum(weights[c] * float(next_units[c, h]) for c in members)
                for h in range(next_units.shape[1])
            ]
            total += max(per_next_guess)
        out.append(total)
    return np.array(out)
