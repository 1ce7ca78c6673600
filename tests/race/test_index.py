"""The anagram index: claims best first, and the claim command (the kernel against its twin
on every vocabulary is in test_kernels.py)."""

import itertools
import json
import random

import pytest
from click.testing import CliRunner

import cli
from solver.race import builtin_deck, reference
from solver.race.index import claims, parse_table, word_table


def random_tables(count: int, seed: int) -> list[list[str]]:
    """Tables dealt from the default deck, with wilds and doubles forced in half of them."""
    rng = random.Random(seed)
    deck = builtin_deck("en").cards()
    tables = []
    for i in range(count):
        table = rng.sample(deck, rng.randint(6, 20))
        if i % 2:
            table += rng.sample(["?", "??", "th", "nd", "qu"], 2)
        tables.append(table)
    return tables


def test_claims_are_best_first_and_spelled_by_the_rules() -> None:
    found = claims(parse_table("A B ND U K ? E"), top=20)
    counts = [c.count for c in found]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 5
    for a, b in itertools.pairwise(found):
        if a.count == b.count:
            assert a.zipf >= b.zipf
    for claim in found:  # the cards, in order, spell the word
        position = 0
        for card in claim.cards:
            width = 2 if card == "??" else len(card)
            assert card in ("?", "??") or claim.word[position : position + width] == card
            position += width
        assert position == len(claim.word)


def test_tier_limits_the_words() -> None:
    easy = claims(parse_table("S T A R E D ? L"), "easy", top=None)
    everything = claims(parse_table("S T A R E D ? L"), "all", top=None)
    assert {c.word for c in easy} < {c.word for c in everything}


def test_claim_command_json_and_errors() -> None:
    result = CliRunner().invoke(cli.main, ["race", "claim", "M ?? K A", "--top", "3", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["table"] == ["m", "??", "k", "a"] and len(document["claims"]) <= 3
    assert all(c["count"] >= 3 for c in document["claims"])
    bad = CliRunner().invoke(cli.main, ["race", "claim", "ABC D"])
    assert bad.exit_code == 1 and "'ABC' is not a card" in bad.stderr
    enye = CliRunner().invoke(cli.main, ["race", "claim", "Ñ A O"])
    assert enye.exit_code == 1
    assert enye.stderr == "Error: 'Ñ' is not a card in English: play it in Spanish (--lang es)\n"


@pytest.mark.parametrize("table", ["nd u k", "x q z"])
def test_tables_without_claims(table: str) -> None:
    assert claims(parse_table(table)) == []


@pytest.mark.kernels
def test_top_claims_match_the_reference_ranking() -> None:
    """Branch and bound finds exactly the top of the full ranking by the rules."""
    vocabulary = word_table()
    for table in random_tables(2, seed=8):
        exact = reference.claimable(vocabulary.words, table)
        ranked = sorted(
            (i for i in range(len(exact)) if exact[i] >= 3),
            key=lambda i: (-exact[i], -vocabulary.zipf[i], i),
        )[:12]
        got = claims(table, top=12)
        assert [c.word for c in got] == [vocabulary.words[i] for i in ranked], table
        assert [c.count for c in got] == [int(exact[i]) for i in ranked]


def test_spanish_claims_use_the_enye_card() -> None:
    found = claims(parse_table("n i ñ o a s", "es"), lang="es", top=20)
    words = {c.word for c in found}
    assert "niño" in words or "niños" in words
    assert all("ñ" not in c.word or "ñ" in c.cards for c in found)
