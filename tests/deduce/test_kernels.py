"""Each kernel against its plain-Python twin, on random words full of repeated letters and
on every vocabulary and sheet length."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.deduce import kernels, reference
from solver.deduce.ranking import top_indices
from solver.deduce.rules import MAX_WORD_LETTERS, POINT_UNIT, score
from solver.wordtools import lexicon

pytestmark = pytest.mark.kernels


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


# Every kernel against its twin on every vocabulary and every word length a sheet may have
# (2 to rules.MAX_WORD_LETTERS): real words where the lexicon has them, random letters up to
# Ñ's code where it has none. The CI reruns these with NUMBA_BOUNDSCHECK=1.

LANGS_AND_TIERS = [(lang, tier) for lang in ("en", "es") for tier in ("easy", "familiar", "all")]


@st.composite
def rounds(draw: st.DrawFn, lang: str, tier: str):
    """Candidates of one length, a history of rows on a sheet of that length, the guesses
    of a next row and of the row after it."""
    longest = max(n for n in range(2, 46) if len(lexicon.words(n, tier, lang)))
    edges = [2, 6, 7, 15, longest]  # the shortest and the longest words of the vocabulary
    length = draw(st.one_of(st.integers(2, MAX_WORD_LETTERS), st.sampled_from(edges)))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    alphabet = len(lexicon.language(lang).alphabet)
    real = lexicon.word_codes(length, tier, lang) if length <= 45 else np.zeros((0, length))
    n = draw(st.integers(1, 60))
    if len(real):
        candidates = real[rng.choice(len(real), min(n, len(real)), replace=False)]
    else:  # few letters, so repeats are common; the alphabet's last code (Ñ) included
        letters = draw(st.integers(1, alphabet))
        candidates = (alphabet - 1 - random_words(rng, n, length, letters)).astype(np.uint8)
    candidates = np.ascontiguousarray(candidates, dtype=np.uint8)

    def row_guesses(k: int, offset: int, last: bool, m: int) -> np.ndarray:
        """Random guesses, candidates' own letters at the row (matching letters), and on
        the last row candidates themselves (the bonus)."""
        guesses = [random_words(rng, 1, k, int(rng.integers(1, alphabet + 1)))[0] for _ in range(m)]
        guesses = [alphabet - 1 - g if rng.integers(0, 2) else g for g in guesses]
        picks = rng.integers(0, len(candidates), m)
        guesses += [candidates[c, offset : offset + k] for c in picks]
        return np.array(guesses, dtype=np.uint8).reshape(-1, k)

    def row() -> tuple[int, int, bool]:
        k = draw(st.integers(2, length))
        offset = draw(st.integers(0, length - k))
        return k, offset, bool(k == length and draw(st.booleans()))

    return candidates, row, row_guesses


@pytest.mark.parametrize(("lang", "tier"), LANGS_AND_TIERS)
def test_every_kernel_matches_its_twin_on_every_sheet_length(lang: str, tier: str) -> None:
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        candidates, row, row_guesses = data.draw(rounds(lang, tier))
        n, length = candidates.shape
        weights = np.random.default_rng(n).random(n)
        weights /= weights.sum()
        k, offset, last = row()
        guesses = row_guesses(k, offset, last, 6)
        for guess in guesses:
            assert np.array_equal(
                kernels.score_against(candidates, guess, offset, last),
                reference.score_against(candidates, guess, offset, last),
            )
        matrix = kernels.score_matrix(candidates, guesses, offset, last)
        assert np.array_equal(matrix, reference.score_matrix(candidates, guesses, offset, last))
        assert matrix.max() <= kernels.max_units(length)
        expected, bits = kernels.guess_statistics(candidates, weights, guesses, offset, last)
        want_expected, want_bits = reference.guess_statistics(
            candidates, weights, guesses, offset, last
        )
        assert np.allclose(expected, want_expected) and np.allclose(bits, want_bits)
        # A part of the candidates, read from the scored table: bit for bit what scoring
        # them again gives (the endgame search relies on it), and what the rules say.
        members = np.flatnonzero(np.random.default_rng(n + k).random(n) < 0.5)
        part = weights[members] / weights[members].sum() if len(members) else weights[:0]
        table = np.ascontiguousarray(matrix.T)
        scores = kernels.max_units(length) + 1
        if len(members):
            again = kernels.guess_statistics(candidates[members], part, guesses, offset, last)
            check_part(table, members, part, scores, again)
        k2, offset2, last2 = row()
        ahead = row_guesses(k2, offset2, last2, 4)
        next_units = kernels.score_matrix(candidates, ahead, offset2, last2)
        assert np.allclose(
            kernels.lookahead_units(candidates, weights, guesses, offset, last, next_units),
            reference.lookahead_units(candidates, weights, guesses, offset, last, next_units),
        )
        rows = [row() for _ in range(data.draw(st.integers(1, 5)))]
        history = np.zeros((len(rows), length), dtype=np.uint8)
        for r, (k_r, o_r, last_r) in enumerate(rows):
            history[r, :k_r] = row_guesses(k_r, o_r, last_r, 1)[0]
        heard = np.array(
            [
                reference.units(candidates[0], history[r, :k_r], o_r, last_r)
                for r, (k_r, o_r, last_r) in enumerate(rows)
            ],
            dtype=np.uint8,
        )
        arrays = (
            candidates,
            history,
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([r[1] for r in rows], dtype=np.int64),
            np.array([r[2] for r in rows]),
            heard,
        )
        got = kernels.history_mismatches(*arrays)
        assert got.tolist() == reference.history_mismatches(*arrays).tolist()
        assert got[0] == 0

    check()


def check_part(table, members, part, scores, again) -> None:
    """``part_shortlist_statistics`` reads only the guesses that may rank, yet finds the same
    best ones as reading them all, with the values ``guess_statistics`` gives the part's
    candidates (``again``), to the bit, and the rules' (the twin)."""
    ceiling = table.max(axis=1).astype(np.float64)
    by_ceiling = np.argsort(-ceiling, kind="stable").astype(np.int64)
    every = len(table)
    for with_entropy, information, count in (
        (True, 1.0, 3),
        (True, 2.5, 1),
        (False, 0.0, 1),
        (True, 1.0, every),
        (False, 0.0, every),
    ):
        read_expected, read_bits, read = kernels.part_shortlist_statistics(
            table, members, part, scores, with_entropy, by_ceiling, ceiling, information, count
        )
        guesses = by_ceiling[:read]
        assert np.array_equal(read_expected, again[0][guesses])
        bits = again[1] if with_entropy else np.zeros(every)
        assert np.array_equal(read_bits, bits[guesses])
        assert count < every or read == every  # every guess wanted: every guess read
        in_order = np.argsort(guesses)
        values = read_expected[in_order] + information * read_bits[in_order]
        found = guesses[in_order][top_indices(values, count)]
        assert np.array_equal(found, top_indices(again[0] + information * bits, count))
        _, twin_values = reference.best_of_part(
            table, members, part, scores, with_entropy, information, count
        )
        assert np.allclose(np.sort(values)[::-1][: len(twin_values)], twin_values)


def test_scores_above_seven_letters_are_counted() -> None:
    """A 10-letter last row scores up to 52 units; histograms sized for 7 letters (41)
    dropped them and wrote past their end."""
    rng = np.random.default_rng(10)
    candidates = random_words(rng, 30, 10, letters=3)
    weights = np.full(30, 1 / 30)
    guesses = candidates[:5].copy()
    expected, bits = kernels.guess_statistics(candidates, weights, guesses, 0, True)
    want_expected, want_bits = reference.guess_statistics(candidates, weights, guesses, 0, True)
    assert np.allclose(expected, want_expected) and np.allclose(bits, want_bits)
    matrix = kernels.score_matrix(candidates, guesses, 0, True)
    assert matrix.max() == kernels.max_units(10) == 52
    assert np.allclose(
        kernels.lookahead_units(candidates, weights, guesses, 0, True, matrix),
        reference.lookahead_units(candidates, weights, guesses, 0, True, matrix),
    )


def test_every_alphabet_fits_the_kernels_letter_counts() -> None:
    for lang in ("en", "es"):
        assert len(lexicon.language(lang).alphabet) <= kernels.LETTERS
