"""Each kernel against its plain-Python twin, on random words full of repeated letters."""

import numpy as np
import pytest

from solver.deduce import kernels, reference
from solver.deduce.rules import POINT_UNIT, score


def random_words(rng: np.random.Generator, n: int, length: int, letters: int = 6) -> np.ndarray:
    """Words over a small alphabet, so that repeated letters are the rule, not the exception."""
    return rng.integers(0, letters, size=(n, length), dtype=np.uint8)


def test_score_kernel_matches_the_rules_on_100k_triples() -> None:
    rng = np.random.default_rng(2026)
    checked = 0
    for length in (6, 7):
        gamewords = random_words(rng, 100, length)
        texts = ["".join(chr(97 + c) for c in w) for w in gamewords]
        for _ in range(500):
            k = int(rng.integers(2, length + 1))
            offset = int(rng.integers(0, length - k + 1))
            last = bool(k == length and rng.integers(0, 2))
            guess = random_words(rng, 1, k, letters=int(rng.integers(3, 9)))[0]
            if last and rng.integers(0, 3) == 0:
                guess = gamewords[int(rng.integers(0, 100))].copy()  # the bonus, sometimes
            got = kernels.score_against(gamewords, guess, offset, last)
            guess_text = "".join(chr(97 + c) for c in guess)
            want = [score(t, guess_text, offset, last) // POINT_UNIT for t in texts]
            assert got.tolist() == want
            checked += len(texts)
    assert checked >= 100_000


def test_history_mismatches_matches_reference() -> None:
    rng = np.random.default_rng(7)
    candidates = random_words(rng, 300, 6)
    lengths = np.array([2, 3, 4, 6], dtype=np.int64)
    offsets = np.array([0, 2, 1, 0], dtype=np.int64)
    lasts = np.array([False, False, False, True])
    guesses = np.zeros((4, 6), dtype=np.uint8)
    for r, k in enumerate(lengths):
        guesses[r, :k] = random_words(rng, 1, int(k))[0]
    secret = candidates[0]
    heard = np.array(
        [reference.units(secret, guesses[r, : lengths[r]], offsets[r], lasts[r]) for r in range(4)],
        dtype=np.uint8,
    )
    args = (candidates, guesses, lengths, offsets, lasts, heard)
    got = kernels.history_mismatches(*args)
    assert got.tolist() == reference.history_mismatches(*args).tolist()
    assert got[0] == 0


@pytest.mark.parametrize(("k", "offset", "last"), [(2, 0, False), (3, 3, False), (6, 0, True)])
def test_guess_statistics_matches_reference(k: int, offset: int, last: bool) -> None:
    rng = np.random.default_rng(k + offset)
    candidates = random_words(rng, 200, 6)
    weights = rng.random(200)
    weights /= weights.sum()
    guesses = random_words(rng, 40, k)
    expected, entropy = kernels.guess_statistics(candidates, weights, guesses, offset, last)
    ref_expected, ref_entropy = reference.guess_statistics(
        candidates, weights, guesses, offset, last
    )
    assert np.allclose(expected, ref_expected) and np.allclose(entropy, ref_entropy)


def test_score_matrix_and_lookahead_match_reference() -> None:
    rng = np.random.default_rng(11)
    candidates = random_words(rng, 80, 6)
    weights = np.full(80, 1 / 80)
    guesses = random_words(rng, 12, 3)
    next_guesses = random_words(rng, 15, 4)
    matrix = kernels.score_matrix(candidates, next_guesses, 2, False)
    assert matrix.tolist() == reference.score_matrix(candidates, next_guesses, 2, False).tolist()
    got = kernels.lookahead_units(candidates, weights, guesses, 1, False, matrix)
    want = reference.lookahead_units(candidates, weights, guesses, 1, False, matrix)
    assert np.allclose(got, want)


def test_top_indices_orders_like_a_stable_sort() -> None:
    from solver.deduce.ranking import top_indices

    rng = np.random.default_rng(3)
    for _ in range(500):
        values = rng.integers(0, 5, size=int(rng.integers(1, 60))).astype(float)
        count = int(rng.integers(1, 70))
        expected = np.argsort(-values, kind="stable")[:count]
        assert top_indices(values, count).tolist() == expected.tolist()
