"""MY WORD! rules: the rulebook's claim examples, decks and their derivation."""

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.race import best_spelling, builtin_deck, load_deck, reference
from solver.race.claims import most_cards_spelling
from solver.race.deck import DOUBLE_WILD, MAX_WILDS, WILD, DeckError, derive_deck, parse_deck
from solver.race.index import ranked_indices, word_table


def test_doubles_cannot_be_split_dunk() -> None:
    spelled = best_spelling(["nd", "u", "k"], "dunk")
    assert not spelled.ok and spelled.reason == "the cards on the table cannot spell it"


def test_double_wild_stands_for_two_adjacent_letters_mask() -> None:
    assert best_spelling(["m", "??", "k"], "mask").cards == ("m", "??", "k")


def test_single_wild_any_one_letter_any_position() -> None:
    assert best_spelling(["?", "a", "t"], "cat").cards == ("?", "a", "t")
    assert best_spelling(["c", "?", "t"], "cat").cards == ("c", "?", "t")


def test_at_least_three_cards() -> None:
    spelled = best_spelling(["th", "e"], "the")
    assert not spelled.ok and "at least 3 cards" in spelled.reason


def test_most_cards_wins_and_wilds_are_kept_when_a_letter_will_do() -> None:
    assert best_spelling(["s", "a", "n", "d", "nd"], "sand").cards == ("s", "a", "n", "d")
    assert best_spelling(["t", "h", "e", "?"], "the").cards == ("t", "h", "e")
    assert best_spelling(["qu", "i", "t", "it"], "quit").cards == ("qu", "i", "t")


def test_words_must_be_in_the_dictionary() -> None:
    assert best_spelling(["l", "o", "n", "d", "o", "n"], "london").reason == "not in the dictionary"
    assert best_spelling(list("tables"), "TABLES").ok  # case does not matter


def test_cards_in_any_case_spell_the_same() -> None:
    assert best_spelling(["C", "A", "T", "S"], "cats") == best_spelling(list("cats"), "cats")
    assert best_spelling(["Nd", "U", "k"], "dunk").reason  # still cannot split a double


@st.composite
def tables(draw: st.DrawFn, lang: str) -> list[str]:
    """Up to 40 cards of the deck, often with extra doubles (copies of the deck's) and up
    to six wilds, ``??`` among them: where spellings multiply and ties between them are
    broken by wilds and card order."""
    cards = builtin_deck(lang).cards()
    doubles = sorted({c for c in cards if len(c) == 2 and c != DOUBLE_WILD})
    indices = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=40, unique=True))
    extra = draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD, *doubles]), max_size=6))
    table = [cards[i] for i in indices] + extra
    while sum(card in (WILD, DOUBLE_WILD) for card in table) > MAX_WILDS:
        table.remove(next(card for card in table if card in (WILD, DOUBLE_WILD)))
    return table


# English in the suite; Spanish (9 s on 2 cores) in CI's heavy step
@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.heavy)])
def test_the_spelling_search_is_the_plain_recursion(lang: str) -> None:
    """The best spelling (most cards, fewest wilds, first in card order), searched with
    bounds, against the rules' plain recursion that tries every spelling: words of the
    dictionary and strings of the table's own letters, so that most can be spelled."""
    words = [w for w in word_table("all", lang).words if len(w) <= 12]

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=tables(lang), seed=st.integers(0, 2**32 - 1))
    def check(table: list[str], seed: int) -> None:
        key = tuple(sorted(Counter(table).items()))
        rng = random.Random(seed)
        letters = [c for card in table if card not in (WILD, DOUBLE_WILD) for c in card]
        made = ["".join(rng.sample(letters, min(len(letters), rng.randint(1, 12))))]
        for word in rng.sample(words, 25) + made * bool(letters):
            want = reference.most_cards_spelling(word, key)
            assert most_cards_spelling(word, key) == want, (word, table)
            if want is not None:  # told the most cards (the index's count), or too many
                for most in (len(want), len(want) + 1):
                    assert most_cards_spelling(word, key, most) == want, (word, table, most)

    check()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_claims_told_their_count_are_spelled_as_the_plain_recursion_spells_them(
    lang: str,
) -> None:
    """``claims`` hands the spelling search the count the index found, which spells a claim
    of a card a letter, or of one two-letter card, without a search: the thousand best
    claims on seeded tables of 8-45 cards, words of up to 12 letters (the recursion's
    reach), as the rules spell them."""
    vocabulary = word_table("all", lang)
    deck = builtin_deck(lang).cards()
    for seed in range(6):
        table = random.Random(seed).sample(deck, (8, 12, 20, 30, 45, 20)[seed])
        key = tuple(sorted(Counter(table).items()))
        for count, index in ranked_indices(table, "all", lang, 300):
            word = vocabulary.word(index)
            if len(word) <= 12:
                want = reference.most_cards_spelling(word, key)
                assert most_cards_spelling(word, key, count) == want, (word, table)


def test_the_spelling_search_on_a_whole_deck_is_quick_and_right() -> None:
    """The longest words on the whole deck took the plain recursion 0.3 s each (a claim
    list of 200 took minutes); the search gives its answers."""
    for lang, word in [("en", "antidisestablishmentarianism"), ("es", "electroencefalografistas")]:
        key = tuple(sorted(Counter(builtin_deck(lang).cards()).items()))
        assert most_cards_spelling(word, key) == reference.most_cards_spelling(word, key)


def test_default_deck_counts() -> None:
    deck = builtin_deck("en")
    cards = deck.cards()
    singles = [c for c in cards if len(c) == 1 and c != "?"]
    doubles = [c for c in cards if len(c) == 2 and c != "??"]
    assert len(singles) == 54 and len(doubles) == 15
    assert cards.count("?") == 2 and cards.count("??") == 1
    assert {"qu", "nd", "it", "sh"} <= set(doubles)
    assert set(singles) == set("abcdefghijklmnoprstuvwxyz")  # no lone Q
    assert "ñ" not in cards


def test_kids_and_spanish_decks() -> None:
    kids = builtin_deck("kids").cards()
    assert all(len(c) == 1 or c == "qu" for c in kids) and "?" not in kids
    spanish = builtin_deck("es").cards()
    assert spanish.count("ñ") == 1 and "qu" in spanish and len(spanish) == 72


@pytest.mark.parametrize("lang", ["en", "es"])
def test_deck_files_are_the_derivation(lang: str) -> None:
    """Rebuild with python -m solver.race.deck when this fails."""
    committed = (
        Path(__file__).resolve().parents[2] / "solver" / "race" / "data" / f"deck-{lang}.txt"
    )
    assert committed.read_text("utf-8") == derive_deck(lang)


def test_deck_files_load_and_bad_ones_are_clear(tmp_path: Path) -> None:
    good = tmp_path / "mine.txt"
    good.write_text("# a tiny deck\na 3\nqu 1\n? 1\n")
    assert load_deck(good).cards() == ["a", "a", "a", "qu", "?"]
    with pytest.raises(DeckError, match="not a card"):
        parse_deck("abc 2\n", "bad")
    with pytest.raises(DeckError, match="a card and a count"):
        parse_deck("a\n", "bad")
    with pytest.raises(DeckError, match="no such deck file"):
        load_deck(tmp_path / "none.txt")
    # A card on two lines is a slip to name, not two counts to add up (found by a newcomer).
    with pytest.raises(DeckError, match=r"line 3: A is listed again \(first on line 1\)"):
        parse_deck("a 3\nqu 1\nA 2\n", "twice")
