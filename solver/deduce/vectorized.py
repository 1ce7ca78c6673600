"""numpy twins of the kernels a piece of advice needs, equal to them to the last bit.

Why: in a new process, the kernels cost Numba's start-up before their first answer
(importing Numba, then loading each cached kernel), while the advice on a
short history is a few million scorings, which numpy does in milliseconds. ``scoring.py``
picks this path for such work; tests hold it equal to the kernels (``tests/deduce/
test_vectorized.py``), so the advice is the same whichever path gave it.

A score in units is ``3 * matching + overlap`` (plus the bonus): ``overlap``, the letters
guess and Gameword share counting repeats (the sum over letters of the smaller count), is
what the kernel's matching and non-matching loops add up to, since every matching letter
is also shared. ``overlap`` is counted per guess position: the r-th copy of a letter in the
guess is shared when the Gameword holds at least r copies.

Sums of weights run over the candidates in the kernels' order, one candidate at a time
(vectorized across guesses), so that every float is the kernel's own; the entropy takes its
logarithms from the C library (``math.log2``), as the kernel does.
"""

from __future__ import annotations

import math

import numpy as np

from solver.deduce.rules import BONUS_UNITS, MATCHING_UNITS

LETTERS = 32  # as kernels.py (which imports Numba, so is not imported here)


def max_units(length: int) -> int:
    return MATCHING_UNITS * length + BONUS_UNITS


def letter_counts(words: np.ndarray) -> np.ndarray:
    """How many of each letter code each word holds: (n, LETTERS) ``uint8``."""
    counts = np.zeros((words.shape[0], LETTERS), dtype=np.uint8)
    rows = np.arange(words.shape[0])
    for column in range(words.shape[1]):
        counts[rows, words[:, column]] += 1
    return counts


def _copy_numbers(guesses: np.ndarray) -> np.ndarray:
    """For each guess position, which copy of its letter it is in the guess (1 for the
    first): (m, k) ``uint8``."""
    numbers = np.ones(guesses.shape, dtype=np.uint8)
    for j in range(guesses.shape[1]):
        for i in range(j):
            numbers[:, j] += guesses[:, i] == guesses[:, j]
    return numbers


def score_matrix(candidates, guesses, offset, last_row) -> np.ndarray:
    """Units of every guess against every candidate: (n, m) ``uint8``, as the kernel."""
    length = candidates.shape[1]
    counts = letter_counts(candidates)
    numbers = _copy_numbers(guesses)
    matching = np.zeros((candidates.shape[0], guesses.shape[0]), dtype=np.uint8)
    overlap = np.zeros_like(matching)
    for j in range(guesses.shape[1]):
        matching += candidates[:, offset + j, None] == guesses[None, :, j]
        overlap += counts[:, guesses[:, j]] >= numbers[None, :, j]
    units = 3 * matching + overlap
    if last_row:
        units += BONUS_UNITS * (matching == length).astype(np.uint8)
    return units


def score_against(candidates, guess, offset, last_row) -> np.ndarray:
    """Units each candidate would give this guess: (n,) ``uint8``."""
    return score_matrix(candidates, guess[None, :], offset, last_row)[:, 0]


def history_mismatches(candidates, guesses, guess_lengths, offsets, last_rows, heard_units):
    """For each candidate, how many rows of a history it would have scored differently."""
    out = np.zeros(candidates.shape[0], dtype=np.uint8)
    for r in range(guesses.shape[0]):
        guess = guesses[r, : guess_lengths[r]]
        out += score_against(candidates, guess, offsets[r], last_rows[r]) != heard_units[r]
    return out


def _log2(values: np.ndarray) -> np.ndarray:
    """``log2`` of each value by the C library, as the kernel's ``np.log2`` computes it:
    numpy's own, vectorised where the processor allows, may differ in the last bit."""
    return np.fromiter(map(math.log2, values.tolist()), dtype=np.float64, count=len(values))


def _entropy(histogram: np.ndarray) -> np.ndarray:
    """Bits of each row of a (m, scores) histogram of probabilities, summed bin by bin in
    the kernel's order."""
    bits = np.zeros(histogram.shape[0])
    for b in range(histogram.shape[1]):
        mass = histogram[:, b]
        held = mass > 0.0
        bits[held] -= mass[held] * _log2(mass[held])
    return bits


GUESS_BLOCK = 256  # guesses summed at once: the scratch holds 4 x n x 256 numbers


def guess_statistics(candidates, weights, guesses, offset, last_row):
    """Expected units and entropy (bits) of the score heard, for every guess: shapes (m,).

    The sums are ``np.bincount``'s, which adds its input in order: flattened candidate
    by candidate, each bin gets its terms in the kernel's order, from 0. Guesses go in
    blocks (a bin belongs to one guess, so blocks do not change any bin's order)."""
    units = score_matrix(candidates, guesses, offset, last_row)
    n, m = units.shape
    scores = max_units(candidates.shape[1]) + 1
    histogram = np.zeros((m, scores))
    expected = np.zeros(m)
    for start in range(0, m, GUESS_BLOCK):
        block = units[:, start : start + GUESS_BLOCK]
        size = block.shape[1]
        guess = np.broadcast_to(np.arange(size), (n, size)).ravel()
        terms = (weights[:, None] * block).ravel()  # weights[c] * units, as the kernel
        expected[start : start + size] = np.bincount(guess, terms, minlength=size)
        bins = guess * scores + block.ravel()
        mass = np.bincount(bins, np.repeat(weights, size), minlength=size * scores)
        histogram[start : start + size] = mass.reshape(size, scores)
    return expected, _entropy(histogram)


def lookahead_units(candidates, weights, guesses, offset, last_row, next_units):
    """For each guess: the expected units of the best next-row guess, chosen after hearing
    it (see ``kernels.lookahead_units_kernel``)."""
    units = score_matrix(candidates, guesses, offset, last_row)
    m = guesses.shape[0]
    accumulated = np.zeros((m, max_units(candidates.shape[1]) + 1, next_units.shape[1]))
    every = np.arange(m)
    for c in range(candidates.shape[0]):
        accumulated[every, units[c]] += weights[c] * next_units[c]
    out = np.zeros(m)
    for g in range(m):
        total = 0.0
        parts = np.bincount(units[:, g], minlength=accumulated.shape[1])
        for part in np.flatnonzero(parts).tolist():  # the parts heard, in increasing order
            total += accumulated[g, part].max()
        out[g] = total
    return out
