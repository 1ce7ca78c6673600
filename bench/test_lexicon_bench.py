"""Lexicon speed: loading a language, and letter codes beside their plain-Python twin.

Run with ``pytest bench/ --benchmark-only``; compare the two encode rows for the ratio.
"""

import numpy as np
import pytest

from solver.wordtools import lexicon


def encode_reference(words: tuple[str, ...], alphabet: str) -> list[list[int]]:
    """Plain-Python twin of ``lexicon.encode``: what a kernel-free caller would write."""
    return [[alphabet.index(letter) for letter in word] for word in words]


@pytest.fixture(scope="module")
def familiar_six() -> tuple[str, ...]:
    return lexicon.words(6, "familiar")


def test_encode_numpy(benchmark, familiar_six) -> None:
    codes = benchmark(lexicon.encode, familiar_six)
    assert codes.shape == (len(familiar_six), 6)


def test_encode_reference(benchmark, familiar_six) -> None:
    codes = benchmark(encode_reference, familiar_six, lexicon.language("en").alphabet)
    assert np.array_equal(np.array(codes, dtype=np.uint8), lexicon.encode(familiar_six))


def test_load_english_cold(benchmark) -> None:
    def load_cold() -> lexicon.Lexicon:
        lexicon.load.cache_clear()
        return lexicon.load("en")

    loaded = benchmark(load_cold)
    assert "nephew" in loaded.play
