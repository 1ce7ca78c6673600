"""The anagram kernel against its plain-Python twin on every vocabulary the game can use.

Each case is a table drawn by hypothesis from a real deck (English, Spanish, and the kids'
singles-and-QU deck of each language), with the edges forced in often: one card, tables
of only wilds, Ñ. The kernel is called exactly as the index calls it, over the whole word
table of the tier (its width is the tier's longest word, which is what once sized buffers
indexed by letter code), and compared with the twin on every word the table could
possibly spell (a necessary test on letter counts, so nothing claimable is left out) as
well as the tier's longest and shortest words. The CI reruns this file with
``NUMBA_BOUNDSCHECK=1`` (see ``.ci/run``), so an index out of range fails loudly.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from solver.race import builtin_deck, kernels, reference
from solver.race.deck import DOUBLE_WILD, WILD
from solver.race.index import claims, encode_table, word_table
from solver.wordtools import lexicon

pytestmark = pytest.mark.kernels

TIERS = ("easy", "familiar", "all")
DECKS = {  # deck name -> (language, its cards)
    "en": ("en", builtin_deck("en").cards()),
    "es": ("es", builtin_deck("es").cards()),
    # The kids' deck is the singles and QU of the language's deck, without wilds.
    "kids-en": ("en", [c for c in builtin_deck("en").cards() if c == "qu" or len(c) == 1]),
    "kids-es": ("es", [c for c in builtin_deck("es").cards() if c == "qu" or len(c) == 1]),
}
DECKS["kids-en"] = ("en", [c for c in DECKS["kids-en"][1] if c != WILD])
DECKS["kids-es"] = ("es", [c for c in DECKS["kids-es"][1] if c != WILD])
# The "all" tier (939,121 Spanish words) takes a test process past 1 GB beside the rest of
# the suite: those cases run in CI's heavy and bounds-checked steps (both take them).
HEAVY = pytest.mark.heavy


def _cases(decks) -> list:
    return [
        pytest.param(deck, tier, marks=HEAVY) if tier == "all" else (deck, tier)
        for deck in decks
        for tier in TIERS
    ]


CASES = _cases(DECKS)
MOST_CHECKED = 600  # words compared with the twin per table, at most


@st.composite
def tables(draw: st.DrawFn, deck: str) -> list[str]:
    """A table from the deck: usually a random deal, sometimes an edge case."""
    lang, cards = DECKS[deck]
    kind = draw(st.sampled_from(["deal", "deal", "deal", "one card", "only wilds", "wilds"]))
    if kind == "one card":
        return [draw(st.sampled_from(cards))]
    if kind == "only wilds":
        return draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD]), min_size=1, max_size=6))
    indices = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=22, unique=True))
    table = [cards[i] for i in indices]
    if kind == "wilds":
        table += draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD]), min_size=1, max_size=3))
    if lang == "es" and draw(st.booleans()):
        table.append("ñ")  # the deck has one Ñ card; the edge of the alphabet (code 26)
    return table


def could_spell(tier: str, lang: str, table: list[str]) -> np.ndarray:
    """Indices of the words whose letters the table holds, counting a double's letters and
    the wilds' as free: a superset of every claimable word."""
    vocabulary = word_table(tier, lang)
    singles, first, second, doubles, wild, double_wild = encode_table(table, lang)
    available = singles.copy()
    np.add.at(available, first, doubles)
    np.add.at(available, second, doubles)
    # In int16 (counts are at most a deck's 150 cards): int64 made three 216 MB arrays for
    # Spanish "all" on every example, and the test process passed 1.3 GB.
    short = vocabulary.counts.astype(np.int16) - available.astype(np.int16)
    lacking = np.clip(short, 0, None, out=short).sum(axis=1)
    return np.flatnonzero(lacking <= wild + 2 * double_wild)


def edge_words(tier: str, lang: str) -> np.ndarray:
    """The tier's shortest and longest words, and (Spanish) its words with Ñ."""
    vocabulary = word_table(tier, lang)
    lengths = vocabulary.lengths
    ends = np.flatnonzero((lengths == lengths.min()) | (lengths == lengths.max()))[:50]
    enye = [i for i, w in enumerate(vocabulary.words) if "ñ" in w][:50]
    return np.union1d(ends, np.array(enye, dtype=np.int64))


@pytest.mark.parametrize(("deck", "tier"), CASES)
def test_kernel_matches_the_twin_on_every_vocabulary(deck: str, tier: str) -> None:
    lang = DECKS[deck][0]
    vocabulary = word_table(tier, lang)
    arrays = vocabulary.kernel_arrays()
    checked = 0

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=tables(deck), seed=st.integers(0, 2**32 - 1))
    def check(table: list[str], seed: int) -> None:
        nonlocal checked
        got = kernels.claimable(*arrays, *encode_table(table, lang))
        possible = could_spell(tier, lang, table)
        assert not np.any(np.delete(got, possible)), "a claim the letters cannot make"
        rng = np.random.default_rng(seed)
        if len(possible) > MOST_CHECKED:
            possible = rng.choice(possible, MOST_CHECKED, replace=False)
        chosen = np.union1d(possible, edge_words(tier, lang))
        want = reference.claimable([vocabulary.words[i] for i in chosen], table)
        assert got[chosen].tolist() == want.tolist(), table
        checked += int((want > 0).sum())

    check()
    assert checked > 0, "no table had a claim: the cases test nothing"


@pytest.mark.parametrize(("deck", "tier"), _cases(("en", "kids-es")))
def test_top_claims_are_the_twins_ranking(deck: str, tier: str) -> None:
    """The index's branch and bound gives exactly the ranking of the twin's answers."""
    lang = DECKS[deck][0]
    vocabulary = word_table(tier, lang)

    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=tables(deck))
    def check(table: list[str]) -> None:
        possible = could_spell(tier, lang, table)
        if len(possible) > 3000:
            return  # the twin would take too long; the test above samples such tables
        exact = reference.claimable([vocabulary.words[i] for i in possible], table)
        cards = {int(i): int(n) for i, n in zip(possible, exact, strict=True) if n}
        ranked = sorted(cards, key=lambda i: (-cards[i], -vocabulary.zipf[i], i))[:12]
        got = claims(table, tier, lang, top=12)
        assert [c.word for c in got] == [vocabulary.words[i] for i in ranked], table

    check()


@pytest.mark.parametrize(
    ("table", "args", "expected"),
    [  # each once found nothing or missed words: scratch indexed past its rows
        ("C A T", ["--tier", "easy"], {"act", "cat"}),
        ("C A T S H E", ["--tier", "familiar"], {"cheats", "cats", "cast", "chat"}),
        ("A Ñ O", ["--lang", "es"], {"año"}),
    ],
)
def test_claims_on_small_vocabularies_and_enye(
    table: str, args: list[str], expected: set[str]
) -> None:
    result = CliRunner().invoke(cli.main, ["race", "claim", table, "--top", "50", "--json", *args])
    assert result.exit_code == 0, result.output
    found = {claim["word"] for claim in json.loads(result.stdout)["claims"]}
    assert expected <= found


def test_kernel_scratch_is_sized_by_what_indexes_it() -> None:
    """Letters are indexed by code (27 in Spanish), depths by word width, doubles by count:
    none of the three may be sized by another's bound."""
    by_letter, taken_double, by_depth = kernels.scratch_buffers(27, 15, 3)
    assert by_letter.shape == (2, 27) and taken_double.shape == (15,)
    assert by_depth.shape == (4, 4)
    for lang in ("en", "es"):  # letter masks are 32 bits; card counts come out as int8
        assert len(lexicon.language(lang).alphabet) <= 32
        assert word_table("all", lang).lengths.max() <= np.iinfo(np.int8).max
