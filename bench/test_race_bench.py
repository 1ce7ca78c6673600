"""MY WORD! speed: the best-claim query on a 20-card table with two wilds, over the whole
English play list, beside the plain-Python twin (same run); and the spelling of the
thousand best claims on the whole deck, beside the rules' plain recursion.

    pytest bench/test_race_bench.py --benchmark-only
"""

import random
from collections import Counter

import pytest

from solver.race import builtin_deck, kernels, reference
from solver.race import claims as rules
from solver.race.index import claims, encode_table, ranked_indices, word_table


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


@pytest.fixture(scope="module")
def whole_deck_words() -> tuple[tuple, list[str]]:
    """The whole English deck (as the spelling functions take a table) and the words of its
    thousand best claims, the longest first."""
    deck = builtin_deck("en").cards()
    vocabulary = word_table()
    words = [vocabulary.word(i) for _, i in ranked_indices(deck, top=1000)]
    return tuple(sorted(Counter(deck).items())), words


def spell_all(spell, table: tuple, words: list[str]) -> int:
    return sum(len(spell(word, table) or ()) for word in words)


def test_spelling_whole_deck(benchmark, whole_deck_words) -> None:
    """The 50 longest of those words (the slowest), as the reference below spells them
    (the search's cache of answers emptied before each round)."""
    table, words = whole_deck_words

    def fresh() -> tuple[tuple, dict]:
        rules._spelling.cache_clear()
        return (rules.most_cards_spelling, table, words[:50]), {}

    assert benchmark.pedantic(spell_all, setup=fresh, rounds=5, iterations=1) > 500


def test_spelling_whole_deck_reference(benchmark, whole_deck_words) -> None:
    """The rules' plain recursion on the same 50 words (minutes for all thousand)."""
    table, words = whole_deck_words
    spelled = benchmark.pedantic(
        spell_all, (reference.most_cards_spelling, table, words[:50]), rounds=1, iterations=1
    )
    assert spelled > 500


def test_spelling_top_1000(benchmark, whole_deck_words) -> None:
    """All thousand words: what ``race claim --top 1000`` spells after its search."""
    table, words = whole_deck_words

    def fresh() -> tuple[tuple, dict]:
        rules._spelling.cache_clear()
        return (rules.most_cards_spelling, table, words), {}

    assert benchmark.pedantic(spell_all, setup=fresh, rounds=5, iterations=1) > 10_000
