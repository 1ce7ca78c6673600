"""MY WORD! speed: the best-claim query on a 20-card table with two wilds, over the whole
English play list, beside the plain-Python twin (same run).

    pytest bench/test_race_bench.py --benchmark-only
"""

import random

import pytest

from solver.race import builtin_deck, kernels, reference
from solver.race.index import claims, encode_table, word_table


@pytest.fixture(scope="module")
def table() -> list[str]:
    """18 cards dealt from the default deck (no wilds among them), plus ? and ??."""
    deck = [c for c in builtin_deck("en").cards() if c not in ("?", "??")]
    return [*random.Random(2026).sample(deck, 18), "?", "??"]


def test_best_claims_query(benchmark, table) -> None:
    claims(table)  # compiled and the word table built before timing
    found = benchmark(claims, table)
    assert found and found[0].count >= 6


def test_claimable_kernel(benchmark, table) -> None:
    vocabulary = word_table()
    arrays = vocabulary.kernel_arrays()
    kernels.claimable(*arrays, *encode_table(table))
    cards = benchmark(kernels.claimable, *arrays, *encode_table(table))
    assert (cards >= 3).sum() > 100


def test_claimable_reference(benchmark, table) -> None:
    words = word_table().words
    cards = benchmark.pedantic(reference.claimable, (words, table), rounds=1, iterations=1)
    assert (cards >= 3).sum() > 100
