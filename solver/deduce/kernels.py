"""Numba kernels for What's My Word?: scoring many Gamewords at once, filtering, partitions.

Words come in as the lexicon's letter codes (``uint8`` arrays, one row per word) and scores
go out in *units* of 250 points (``uint8``), so that every kernel works on small integers:
an L-letter Gameword scores at most ``max_units(L)`` = 4L + 12 units (40 at 7 letters), which
fits a byte up to ``rules.MAX_WORD_LETTERS`` letters, the limit ``parse_sheet`` checks.
Histograms over scores are sized from the Gameword length they are given, never from the
default sheets (a fixed 41 once let 8-letter sheets write past them). ``rules.py`` defines
the game; each kernel here has a plain-Python twin in ``reference.py`` and tests hold them
equal.

Import this module only where a solver needs it: importing numba costs a noticeable part of
a second (measured: docs/performance.md, "Start-up").
"""

from __future__ import annotations

import numpy as np

from solver.runtime.jit import kernel_array, njit
from solver.runtime.threads import split_rows, use_threads

# rules.MATCHING_UNITS and rules.BONUS_UNITS, written here: Numba's cache notices an edit to
# this file only, so the kernels keep the values they compile with beside them (the tests
# hold the kernels to the rules, test_score_kernel_matches_the_rules_on_100k_triples).
MATCHING_UNITS = 4  # 1000 points
BONUS_UNITS = 12  # 3000 points
# The dtypes the kernels take (``jit.kernel_array``): dtype objects, checked by identity.
UINT8, INT64, BOOL, FLOAT64 = (np.dtype(t) for t in (np.uint8, np.int64, np.bool_, np.float64))
LETTERS = 32  # room for every alphabet (English 26, Spanish 27); tests hold every language to it

# Work (Gameword-against-guess scorings) from which a kernel's rows are split over every
# configured thread (``solver.runtime.threads``); under it, one thread. Handing a slice to a pool
# thread costs more than a small call's whole work (the thread must wake), so a call splits
# only with a millisecond or two of work: where two threads pay and where they cost is
# measured by bench/test_threads_bench.py (docs/performance.md, "Threads").
# lookahead_units also adds, per scoring, a row of ``m_next`` additions, each a small
# fraction of a scoring, hence its larger threshold.
GUESS_STATISTICS_PARALLEL_FROM = 100_000
SCORE_MATRIX_PARALLEL_FROM = 100_000
LOOKAHEAD_PARALLEL_FROM = 200_000


@njit(cache=True, inline="always")
def max_units(length):
    """The highest score an L-letter Gameword can give, in units: every letter matching on
    the last row, plus the bonus."""
    return MATCHING_UNITS * length + BONUS_UNITS


@njit(cache=True, inline="always")
def _units(gameword, guess, offset, last_row, counts):
    """Score of one guess against one Gameword, in units; ``counts`` is zeroed scratch."""
    length = gameword.shape[0]
    for i in range(length):
        counts[gameword[i]] += 1
    matching = 0
    for j in range(guess.shape[0]):
        if guess[j] == gameword[offset + j]:
            counts[guess[j]] -= 1
            matching += 1
    non_matching = 0
    for j in range(guess.shape[0]):
        letter = guess[j]
        if letter != gameword[offset + j] and counts[letter] > 0:
            counts[letter] -= 1
            non_matching += 1
    for i in range(length):
        counts[gameword[i]] = 0
    units = MATCHING_UNITS * matching + non_matching
    if last_row and matching == length:
        units += BONUS_UNITS
    return units


def codes(array: np.ndarray) -> np.ndarray:
    """Letter codes (or units) as every kernel here takes them (``jit.kernel_array``)."""
    return kernel_array(array, UINT8)


def score_against(candidates, guess, offset, last_row):
    """Units each candidate Gameword would give this guess: shape (n,)."""
    return score_against_kernel(codes(candidates), codes(guess), int(offset), bool(last_row))


@njit(cache=True)
def score_against_kernel(candidates, guess, offset, last_row):
    """Units each candidate Gameword would give this guess: shape (n,)."""
    counts = np.zeros(LETTERS, dtype=np.int32)
    out = np.empty(candidates.shape[0], dtype=np.uint8)
    for c in range(candidates.shape[0]):
        out[c] = _units(candidates[c], guess, offset, last_row, counts)
    return out


def history_mismatches(candidates, guesses, guess_lengths, offsets, last_rows, heard_units):
    """For each candidate, how many rows of a history it would have scored differently.

    ``guesses`` is (h, K) with row r's Guessword in its first ``guess_lengths[r]`` columns.
    A candidate fits the history when its count is 0; the smallest count over a pool is
    the fewest heard scores that must be wrong.
    """
    return history_mismatches_kernel(
        codes(candidates),
        codes(guesses),
        kernel_array(guess_lengths, INT64),
        kernel_array(offsets, INT64),
        kernel_array(last_rows, BOOL),
        codes(heard_units),
    )


@njit(cache=True)
def history_mismatches_kernel(candidates, guesses, guess_lengths, offsets, last_rows, heard_units):
    """``history_mismatches`` (see its wrapper above)."""
    counts = np.zeros(LETTERS, dtype=np.int32)
    out = np.zeros(candidates.shape[0], dtype=np.uint8)
    for c in range(candidates.shape[0]):
        for r in range(guesses.shape[0]):
            guess = guesses[r, : guess_lengths[r]]
            if _units(candidates[c], guess, offsets[r], last_rows[r], counts) != heard_units[r]:
                out[c] += 1
    return out


def guess_statistics(candidates, weights, guesses, offset, last_row):
    """Expected units and entropy (bits) of the score heard, for every guess: shapes (m,).

    ``weights`` are the candidates' probabilities (summing to 1). Threads by the work.
    """
    candidates, weights, guesses = codes(candidates), kernel_array(weights, FLOAT64), codes(guesses)
    offset, last_row = int(offset), bool(last_row)
    return split_rows(
        guesses.shape[0],
        use_threads(candidates.shape[0] * guesses.shape[0], GUESS_STATISTICS_PARALLEL_FROM),
        lambda start, stop: guess_statistics_kernel(
            candidates, weights, guesses[start:stop], offset, last_row
        ),
    )


@njit(cache=True, nogil=True)
def guess_statistics_kernel(candidates, weights, guesses, offset, last_row):
    """Expected units and entropy (bits) of the score heard, for every guess: shapes (m,).

    ``weights`` are the candidates' probabilities (summing to 1).
    """
    m = guesses.shape[0]
    scores = max_units(candidates.shape[1]) + 1
    expected = np.zeros(m, dtype=np.float64)
    entropy = np.zeros(m, dtype=np.float64)
    for g in range(m):
        # Scratch made afresh for each row: LLVM then knows it shares no memory with the
        # inputs (score_matrix ran slower with one buffer made before its loop: measured,
        # docs/performance.md, "What's My Word?: how strong, how fast").
        counts = np.zeros(LETTERS, dtype=np.int32)
        histogram = np.zeros(scores, dtype=np.float64)
        guess = guesses[g]
        total = 0.0
        for c in range(candidates.shape[0]):
            units = _units(candidates[c], guess, offset, last_row, counts)
            histogram[units] += weights[c]
            total += weights[c] * units
        expected[g] = total
        bits = 0.0
        for b in range(scores):
            if histogram[b] > 0.0:
                bits -= histogram[b] * np.log2(histogram[b])
        entropy[g] = bits
    return expected, entropy


def part_shortlist_statistics(
    units, members, weights, scores, with_entropy, by_ceiling, ceiling, information, count
):
    """The expected units and entropies of the guesses a part may rank best (see the kernel),
    with how many were read."""
    return part_shortlist_statistics_kernel(
        codes(units),
        kernel_array(members, INT64),
        kernel_array(weights, FLOAT64),
        int(scores),
        bool(with_entropy),
        kernel_array(by_ceiling, INT64),
        kernel_array(ceiling, FLOAT64),
        float(information),
        int(count),
    )


@njit(cache=True)
def part_shortlist_statistics_kernel(
    units, members, weights, scores, with_entropy, by_ceiling, ceiling, information, count
):
    """Expected units and entropy (bits) of the score heard, as ``guess_statistics`` gives
    them, for a part of the candidates of a search already scored (``units`` (m, n): every
    guess against every candidate; ``members``: the part's candidates, increasing;
    ``weights``: their probabilities; ``scores``: ``max_units(length) + 1``; without
    ``with_entropy`` the entropies are left at 0, for the last row), and only of the
    guesses that may rank among the ``count`` best by ``expected + information *
    entropy``: the guesses read are ``by_ceiling[:read]``, and their expected units and
    entropies are returned in that order, with ``read``.

    ``ceiling``: per guess, the most units it scores against any candidate of the search;
    ``by_ceiling``: the guesses, highest ceiling first. No guess expects more units than its
    ceiling, nor more bits than ``log2`` of the scores its part can give, so once a guess's
    ceiling plus those bits falls below the ``count``-th best value found, neither it nor
    any later guess can rank: the rest are never read. Why: the endgame search asks
    thousands of parts about every word of a row (15,000 on the last), and nearly all of
    them are out of reach; scoring each pair again had cost nearly all of its time. The
    sums run in the order ``guess_statistics`` runs them, so the values are the same to the
    last bit, and the best ``count`` (ties to the lower index) are the same as when every
    guess is read.
    """
    m = units.shape[0]
    k = members.shape[0]
    expected = np.empty(m, dtype=np.float64)
    entropy = np.zeros(m, dtype=np.float64)
    histogram = np.zeros(scores, dtype=np.float64)
    most_bits = np.log2(min(k, scores)) if with_entropy else 0.0
    reach = information * most_bits + 1e-9  # the margin outweighs rounding in the sums
    best = np.full(count, -np.inf, dtype=np.float64)  # the count best values found
    read = m
    for j in range(m):
        g = by_ceiling[j]
        if best[count - 1] > -np.inf and ceiling[g] + reach < best[count - 1]:
            read = j
            break
        total = 0.0
        low = scores
        high = 0
        for i in range(k):
            u = units[g, members[i]]
            total += weights[i] * u
            if with_entropy:
                histogram[u] += weights[i]
                low = min(low, u)
                high = max(high, u)
        expected[j] = total
        value = total
        if with_entropy:
            bits = 0.0
            for b in range(low, high + 1):  # the bins the part filled, in order
                if histogram[b] > 0.0:
                    bits -= histogram[b] * np.log2(histogram[b])
                    histogram[b] = 0.0
            entropy[j] = bits
            value = total + information * bits
        if value > best[count - 1]:
            place = count - 1
            while place > 0 and best[place - 1] < value:
                best[place] = best[place - 1]
                place -= 1
            best[place] = value
    return expected[:read], entropy[:read], read


def score_matrix(candidates, guesses, offset, last_row):
    """Units of every guess against every candidate: shape (n, m). Threads by the work."""
    candidates, guesses = codes(candidates), codes(guesses)
    offset, last_row = int(offset), bool(last_row)
    return split_rows(
        candidates.shape[0],
        use_threads(candidates.shape[0] * guesses.shape[0], SCORE_MATRIX_PARALLEL_FROM),
        lambda start, stop: score_matrix_kernel(candidates[start:stop], guesses, offset, last_row),
    )


@njit(cache=True, nogil=True)
def score_matrix_kernel(candidates, guesses, offset, last_row):
    """Units of every guess against every candidate: shape (n, m), candidate-major."""
    out = np.empty((candidates.shape[0], guesses.shape[0]), dtype=np.uint8)
    for c in range(candidates.shape[0]):
        counts = np.zeros(LETTERS, dtype=np.int32)  # afresh: see guess_statistics_kernel
        gameword, row = candidates[c], out[c]
        for g in range(guesses.shape[0]):
            row[g] = _units(gameword, guesses[g], offset, last_row, counts)
    return out


def lookahead_units(candidates, weights, guesses, offset, last_row, next_units):
    """For each guess: the expected units of the best next-row guess (see the kernel).
    Threads by the work."""
    n, m_next = next_units.shape
    candidates, weights, guesses = codes(candidates), kernel_array(weights, FLOAT64), codes(guesses)
    offset, last_row, next_units = int(offset), bool(last_row), codes(next_units)
    return split_rows(
        guesses.shape[0],
        use_threads(n * guesses.shape[0] * (1 + m_next // 64), LOOKAHEAD_PARALLEL_FROM),
        lambda start, stop: lookahead_units_kernel(
            candidates, weights, guesses[start:stop], offset, last_row, next_units
        ),
    )


@njit(cache=True, nogil=True)
def lookahead_units_kernel(candidates, weights, guesses, offset, last_row, next_units):
    """For each guess: the expected units of the best next-row guess, chosen after hearing it.

    ``next_units`` is ``score_matrix`` of the next row's guesses (n, m'). The guess splits
    the candidates by the score heard; in each part the best next guess is the one with the
    most weighted units there; the result sums those maxima over the parts.
    """
    m = guesses.shape[0]
    n, m_next = next_units.shape
    scores = max_units(candidates.shape[1]) + 1
    out = np.zeros(m, dtype=np.float64)
    for g in range(m):
        counts = np.zeros(LETTERS, dtype=np.int32)  # afresh: see guess_statistics_kernel
        accumulated = np.zeros((scores, m_next), dtype=np.float64)
        seen = np.zeros(scores, dtype=np.bool_)
        for c in range(n):
            part = _units(candidates[c], guesses[g], offset, last_row, counts)
            seen[part] = True
            w = weights[c]
            for h in range(m_next):
                accumulated[part, h] += w * next_units[c, h]
        total = 0.0
        for part in range(scores):
            if seen[part]:
                total += accumulated[part].max()
        out[g] = total
    return out
