"""Issue 26, item 9: every word a person types is read one way (``Language.normalize``:
NFC, lowercase, NFC again, accents folded) and refused in one line, naming the characters,
when it holds anything but the game's letters. ``deduce advise --history "İa 0"`` said
"row 1 takes a 2-letter Guessword" (İ lowers to i + U+0307: three code points typed as two
letters); a zero-width joiner or a combining mark was shown as an invisible character."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.wordtools import lexicon

# Two characters each, as a person sees them, and what each must be refused for.
TRICKY = {
    "İa": "U+0307 (COMBINING DOT ABOVE)",  # İ.lower() is i + U+0307
    "ßa": "ß",  # not "ss": casefold would make two letters of one
    "ﬁa": "ﬁ",  # the ligature is one character, not "fi"
    "\uff41\uff42": "\uff41 \uff42",  # fullwidth letters a and b
    "a\u200db": "U+200D (ZERO WIDTH JOINER)",
    "\u200fab": "U+200F (RIGHT-TO-LEFT MARK)",
    "ae\u0301": "é",  # a combining acute composes into é, which English has not
    "İA": "U+0307 (COMBINING DOT ABOVE)",
}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def said(result) -> str:
    """The output with the line wraps of an 80-column console undone."""
    return " ".join(result.output.split())


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_normalize_leaves_what_is_not_a_letter_visible(typed: str) -> None:
    spec = lexicon.language("en")
    assert spec.shown_foreign(spec.normalize(typed)) == TRICKY[typed]


def test_normalize_composes_after_lowercasing() -> None:
    """An accent typed as a mark composes with its vowel, before and after lowercasing."""
    spanish = lexicon.language("es")
    assert spanish.normalize("CANCIO\u0301N") == "cancion"
    assert spanish.normalize("cancio\u0301n") == spanish.normalize("CANCIÓN") == "cancion"
    assert spanish.normalize("N\u0303") == "ñ"


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_score_refuses_in_one_line(typed: str) -> None:
    result = run("deduce", "score", "ballet", typed, "--row", "1")
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert f"not English letters: {TRICKY[typed]}" in result.output


@pytest.mark.parametrize("typed", sorted(set(TRICKY) - {"a\u200db", "\u200fab"}))
def test_advise_history_names_the_characters_not_a_length(typed: str) -> None:
    result = run("deduce", "advise", "--history", f"{typed} 0")
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert f"not English letters: {TRICKY[typed]}" in result.output
    assert "letter Guessword" not in result.output  # it was "takes a 2-letter Guessword"


@pytest.mark.parametrize("typed", ["a\u200db", "\u200fab"])
def test_advise_history_refuses_invisible_characters_in_one_line(typed: str) -> None:
    result = run("deduce", "advise", "--history", f"{typed} 0")
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert "\\u200" in result.output  # shown escaped, not as an invisible character


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_deduce_play_refuses_and_goes_on(tmp_path: Path, typed: str) -> None:
    save = str(tmp_path / "g.json")
    result = run(
        "deduce", "play", "--rounds", "1", "--seed", "3", "--hints", "off", "--save", save,
        input=f"ballet\n{typed}\nso\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"Row 1 takes letters of the English alphabet, not {TRICKY[typed]}." in said(result)
    assert "Row 2: your 3-letter Guessword" in said(result)  # SO was played next


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_deduce_play_refuses_a_gameword_of_other_characters(tmp_path: Path, typed: str) -> None:
    save = str(tmp_path / "g.json")
    result = run(
        "deduce", "play", "--rounds", "1", "--seed", "3", "--hints", "off", "--save", save,
        input=f"{typed}llet\nballet\n",
    )  # fmt: skip
    assert "A Gameword here has 6 letters of the English alphabet." in said(result)
    assert typed not in result.output  # a Gameword is hidden: never said back


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_the_assistant_refuses_and_goes_on(tmp_path: Path, typed: str) -> None:
    save = str(tmp_path / "g.json")
    result = run("deduce", "assist", "--save", save, input=f"ballet\n{typed} 0\nso 0\n")
    assert result.exit_code == 0, result.output
    assert f"letters of the English alphabet, not {TRICKY[typed]}." in said(result)
    assert "Your row 1: SO heard 0." in said(result)


@pytest.mark.parametrize("typed", sorted(TRICKY))
def test_layout_refuses_a_stated_word_of_other_characters(typed: str) -> None:
    from solver.layout.board import Layout, SubstituteError, declare, placement
    from solver.layout.deck import Card, Deck

    cards = (  # the red card's symbols on its right edge meet the start card's LL
        Card(1, top="ll", right="ba", bottom="wa", left="ts"),
        Card(2, top="ys", right="..", bottom="do", left="ts"),
    )
    deck = Deck(cards, {"ba": 2, "wa": 1, "do": 2}, {"ll": 1, "ts": 2, "ys": 4})
    red = placement(Layout().place((0, 1), 1), deck, cards[1], (0, 0))
    assert red is not None
    with pytest.raises(SubstituteError, match=re.escape(f"not English letters: {TRICKY[typed]}")):
        declare(red, [f"{typed}ll"])
