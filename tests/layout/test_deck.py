"""The My Word (1980) deck: reproducible, and with the properties a playable deck needs."""

import json
from collections import Counter
from pathlib import Path

import pytest

from solver.layout.deck import (
    BEGINNING_EDGES,
    EDGES,
    ENDING_EDGES,
    SYMBOL,
    DeckError,
    default_deck,
    derive_deck,
    load_deck,
)
from solver.wordtools import lexicon

DATA = Path(__file__).resolve().parents[2] / "solver" / "layout" / "data" / "deck.json"


def test_deck_file_is_the_derivation() -> None:
    """Rebuild with python -m solver.layout.deck when this fails."""
    assert json.loads(DATA.read_text("utf-8")) == json.loads(json.dumps(derive_deck()))


def test_48_cards_and_6_red_ones_with_symbols_on_every_edge() -> None:
    deck = default_deck()
    assert len(deck.cards) == 48
    red = [c for c in deck.cards if c.red]
    assert len(red) == 6
    assert all(sum(c.edge(e) == SYMBOL for e in EDGES) == 1 for c in red)
    assert {e for c in red for e in EDGES if c.edge(e) == SYMBOL} == set(EDGES)


def test_beginnings_and_endings_are_shared_evenly() -> None:
    deck = default_deck()
    begins = Counter(c.edge(e) for c in deck.cards for e in BEGINNING_EDGES)
    ends = Counter(c.edge(e) for c in deck.cards for e in ENDING_EDGES)
    begins.pop(SYMBOL, None)
    ends.pop(SYMBOL, None)
    assert set(begins) == set(deck.begin_values) and set(ends) == set(deck.end_values)
    assert all(3 <= n <= 4 for n in [*begins.values(), *ends.values()])


def test_values_spread_from_1_to_5_and_rarer_pairs_are_worth_more() -> None:
    deck = default_deck()
    for values in (deck.begin_values, deck.end_values):
        assert set(values.values()) == {1, 2, 3, 4, 5}
    play = lexicon.load("en").play
    partners = {b: sum(b + e in play for e in deck.end_values) for b in deck.begin_values}
    worth_five = [partners[b] for b, v in deck.begin_values.items() if v == 5]
    worth_one = [partners[b] for b, v in deck.begin_values.items() if v == 1]
    assert max(worth_five) <= min(worth_one)


def test_every_card_can_meet_several_others() -> None:
    """Card a can meet card b when a's right pair and b's left pair, or a's bottom pair and
    b's top pair, spell a word (a symbol pair meets anything)."""
    deck = default_deck()
    play = lexicon.load("en").play

    def joins(first: str, second: str) -> bool:
        return SYMBOL in (first, second) or first + second in play

    meets = [
        sum(
            joins(a.right, b.left)
            or joins(a.bottom, b.top)
            or joins(b.right, a.left)
            or joins(b.bottom, a.top)
            for b in deck.cards
            if b is not a
        )
        for a in deck.cards
    ]
    assert min(meets) >= 35  # measured: 42 to 47 of the 47 others, 46.2 on average
    assert sum(meets) / len(meets) >= 40


def test_deck_files(tmp_path: Path) -> None:
    mine = tmp_path / "deck.json"
    mine.write_text(DATA.read_text("utf-8"))
    assert load_deck(mine) == default_deck()
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": []}')
    with pytest.raises(DeckError, match="not a My Word deck"):
        load_deck(broken)
    with pytest.raises(DeckError, match="no such deck file"):
        load_deck(tmp_path / "none.json")
    foreign = tmp_path / "foreign.json"  # "lang": "xx" was taken without a word
    foreign.write_text(json.dumps(json.loads(DATA.read_text("utf-8")) | {"lang": "xx"}))
    with pytest.raises(DeckError, match=r"is for the language 'xx': My Word \(1980\) is played"):
        load_deck(foreign)
    for lang in (None, "EN", "en"):  # none is English, in either case
        foreign.write_text(json.dumps(json.loads(DATA.read_text("utf-8")) | {"lang": lang}))
        assert load_deck(foreign) == default_deck()
