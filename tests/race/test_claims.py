"""MY WORD! rules: the rulebook's claim examples, decks and their derivation."""

from pathlib import Path

import pytest

from solver.race import best_spelling, builtin_deck, load_deck
from solver.race.deck import DeckError, derive_deck, parse_deck


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
