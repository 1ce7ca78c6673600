"""The layout rules: words on every touching edge, stacks, symbols, the 6 x 6 limit."""

from solver.layout.board import Layout, make_word, placement, placements
from solver.layout.deck import Card, Deck

# A tiny deck: right/bottom pairs begin words, left/top pairs end them.
CARDS = (
    Card(1, top="ll", right="ba", bottom="wa", left="ts"),  # the start card
    Card(2, top="ll", right="ca", bottom="to", left="ll"),  # BA+LL = BALL to its right
    Card(3, top="ys", right="..", bottom="do", left="ts"),  # red: symbols on the right edge
    Card(4, top="zz", right="qx", bottom="qx", left="zz"),  # fits nowhere
    Card(5, top="ll", right="ba", bottom="wa", left="ts"),  # a copy of card 1
)
DECK = Deck(
    CARDS,
    {"ba": 2, "wa": 1, "ca": 3, "to": 1, "do": 2, "qx": 5},
    {"ll": 1, "ts": 2, "ys": 4, "zz": 5},
)


def test_a_card_next_to_another_makes_the_word_where_they_touch() -> None:
    layout = Layout().place((0, 0), 1)
    right = placement(layout, DECK, CARDS[1], (0, 1))
    assert right is not None and [w.spelled for w in right.words] == ["ball"]
    assert right.points == 2 + 1  # BA (2) + LL (1)
    below = placement(layout, DECK, CARDS[1], (1, 0))
    assert below is not None and [w.spelled for w in below.words] == ["wall"]


def test_a_card_must_make_a_word_on_every_touching_edge() -> None:
    layout = Layout().place((0, 0), 1).place((1, 1), 1)
    # (0, 1) touches card 1 on its left (BA + LL: BALL) and card 1 below (TO + LL: TOLL)
    both = placement(layout, DECK, CARDS[1], (0, 1))
    assert both is not None and sorted(w.spelled for w in both.words) == ["ball", "toll"]
    assert placement(layout, DECK, CARDS[3], (0, 1)) is None


def test_a_card_must_touch_the_layout() -> None:
    layout = Layout().place((0, 0), 1)
    assert placement(layout, DECK, CARDS[1], (3, 3)) is None
    assert all(p.position != (3, 3) for p in placements(layout, DECK, CARDS[1]))


def test_on_top_of_a_card_it_must_still_make_words() -> None:
    layout = Layout().place((0, 0), 1).place((0, 1), 2)
    on_top = placement(layout, DECK, CARDS[4], (0, 0))  # card 5 (BA on the right) covers card 1
    assert on_top is not None and on_top.on_top and [w.spelled for w in on_top.words] == ["ball"]
    assert layout.place((0, 0), 5).top((0, 0)) == 5


def test_symbols_stand_for_letters_and_triple_the_pair_they_meet() -> None:
    word = make_word("..", "ll", DECK)
    assert word is not None and word.spelled.endswith("ll") and word.points == 3 * 1
    layout = Layout().place((0, 1), 2)
    red = placement(layout, DECK, CARDS[2], (0, 0))  # card 3's symbols meet card 2's LL
    assert red is not None and red.points == 3 * 1
    assert make_word("..", "..", DECK).points == 0


def test_six_by_six_limit_unless_easy() -> None:
    layout = Layout()
    for column in range(6):
        layout = layout.place((0, column), 2 if column else 1)
    assert not any(p.position == (0, 6) for p in placements(layout, DECK, CARDS[1]))
    assert any(p.position == (0, 6) for p in placements(layout, DECK, CARDS[1], easy=True))


def test_a_player_declares_what_the_symbols_stand_for() -> None:
    """Rule 7: the player states the word; the letters hold for that turn only, and the
    symbols triple the pair they meet whatever they stand for."""
    import pytest

    from solver.layout.board import SubstituteError, declare

    layout = Layout().place((0, 1), 2)
    red = placement(layout, DECK, CARDS[2], (0, 0))
    assert red is not None
    stated = declare(red, ["TALL"])
    assert [w.spelled for w in stated.words] == ["tall"] and stated.points == red.points == 3
    assert stated.declared == ["tall"]
    assert declare(red, []).words == red.words  # nothing stated: the first word that fits
    with pytest.raises(SubstituteError, match="not a 4-letter word"):
        declare(red, ["XQLL"])
    with pytest.raises(SubstituteError, match="fits none"):
        declare(red, ["TOLD"])  # a word, but the printed LL must stay
    plain = placement(Layout().place((0, 0), 1), DECK, CARDS[1], (0, 1))
    with pytest.raises(SubstituteError, match="no symbols"):
        declare(plain, ["BALL"])
