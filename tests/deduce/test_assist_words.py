"""The assistant returns data (notes, what it waits for); ``ui.assist_words`` says them, a
function per kind, in the sentences the assistant said before (issue 25, item 1)."""

from __future__ import annotations

import json
import typing

from solver.deduce import assist, assist_notes
from solver.deduce.assist import Assistant, Settings
from solver.deduce.assist_notes import Waiting
from solver.deduce.rules import Mark
from solver.deduce.ui import assist_words as words

from .test_assist import PURPLE, RED


def new(rounds: int = 1, you: str = "purple") -> Assistant:
    return Assistant(assist.new_game(Settings(rounds=rounds, you=you)))


def test_an_entry_returns_notes_as_data_not_sentences() -> None:
    assistant = new()
    made = assistant.enter("ballet")
    assert made == [assist_notes.GamewordSet(round=0)]
    made = assistant.enter("so 0") + assistant.enter("an")
    assert made == [
        assist_notes.Heard(row=0, guess="so", heard=0),
        assist_notes.Announce(row=0, guess="an", score=250, marks=(Mark.NON_MATCHING, Mark.NONE)),
    ]
    assert not any(isinstance(note, str) for note in made)
    assert made[1].to_json() == {
        "kind": "announce",
        "row": 0,
        "guess": "an",
        "score": 250,
        "marks": ["non-matching", "none"],
    }
    assert words.say(made) == [
        "Your row 1: SO heard 0.",
        "Their row 1: AN. Announce 250  (_A_ ~N~).",
    ]


def test_every_note_kind_has_its_words_and_a_json_form() -> None:
    kinds = {cls.__dataclass_fields__["kind"].default for cls in typing.get_args(assist_notes.Note)}
    assert kinds == set(words.WORDING)
    assert words.WARNINGS.issubset(kinds)
    assert all(hasattr(cls, "to_json") for cls in typing.get_args(assist_notes.Note))


def test_each_note_is_said_as_before() -> None:
    """The sentences the assistant built itself before its notes were data."""
    n = assist_notes
    said = [  # each note, then its words
        n.ColourChosen("purple", "purple"),
        "You are Purple: you play first in this round.",
        n.ColourChosen("red", "purple"),
        "You are Red: your opponent plays first in this round.",
        n.GamewordSet(1),
        "Your Gameword for round 2 is set (hidden).",
        n.UnknownGameword("qqqqqq"),
        "Warning: QQQQQQ is not in the dictionary.",
        n.RareGameword(),
        "Warning: a rare word; the rules ask for one familiar to your opponent.",
        n.Heard(10, "nephew", 9000),
        "Your row 11: NEPHEW heard 9,000.",
        n.NamedWord(n.YOU, 3000),
        "You named their word: 3,000 bonus in it.",
        n.NamedWord(n.THEY, 3000),
        "They named your word: 3,000 bonus in it.",
        n.NotAWord(n.YOU, "xq"),
        "Warning: XQ is not in the dictionary; your opponent may "
        "reject it (then :undo and play another).",
        n.NotAWord(n.THEY, "zz"),
        "Warning: ZZ is not in the dictionary: you may reject it "
        "(:undo, and ask for another), or accept it.",
        n.SaidWrong(1, "car", 1000, 250, 2000),
        "Warning: CAR scores 1,000, not 250. Correct "
        "it now: tell your opponent 1,000 and enter :said 2 1000. The rulebook gives them "
        "2,000 points for each of their turns it goes undetected.",
        n.SaidRight(1, "car", 1000, 2, 4000),
        "Their row 2 (CAR) now stands right: 1,000; it stood 2 turn(s): 4,000 points to them.",
        n.SaidRight(0, "an", 250, 0, 0),
        "Their row 1 (AN) now stands right: 250: caught at once, no penalty.",
        n.HeardCorrected(1, "den", 1250, 1, 2000),
        "Your row 2 (DEN) corrected to 1,250; it stood 1 turn(s): 2,000 points to you.",
        n.HeardCorrected(1, "den", 1250, 0, 0),
        "Your row 2 (DEN) corrected to 1,250 at once: no penalty.",
        n.Revealed("nephew", (), 0, 2000),
        "Their word NEPHEW: every score you heard was right.",
        n.NextRound(1, 7),
        "Round 2: 7-letter Gamewords.",
        n.GameOver(),
        "The game is over.",
        n.Pending(2, "ebb"),
        "Your row 3: EBB; now the score you heard.",
        n.PlayedInstead("at", "so"),
        "AT is played instead of SO.",
        n.CommandWord("end"),
        "END is entered as a Guessword. Commands start with ':': :end.",
        n.Dropped("ebb"),
        "Dropped EBB.",
        n.Undone({"kind": "gameword"}),
        "Undone: your Gameword.",
        n.Undone({"kind": "heard", "row": 1, "score": 1250}),
        "Undone: heard row 2 1,250.",
    ]
    for note, sentence in zip(said[::2], said[1::2], strict=True):
        assert words.say([note]) == [sentence], note
        assert [w for _, w in words.lines([note])] == [note.kind in words.WARNINGS]
        assert sentence.startswith("Warning") == (note.kind in words.WARNINGS)
    errors = (
        {"row": 0, "given": 500, "true": 0, "turns_undetected": 11},
        {"row": 1, "given": 0, "true": 1250, "turns_undetected": 0},
    )
    assert words.say([n.Revealed("nephew", errors, 22000, 2000)]) == [
        "Row 1: you heard 500, the right score is 0; undetected for 11 turn(s).",
        "Row 2: you heard 0, the right score is 1,250; caught at once.",
        "You receive 22,000 points (2,000 per turn).",
    ]
    assert words.say([n.Help()])[0].startswith("WORD SCORE")


def test_what_the_assistant_waits_for_is_data_and_the_words_ask_for_it() -> None:
    assistant = new(rounds=2)
    assert not hasattr(assistant.waiting(), "prompt")
    assert assistant.waiting() == Waiting("gameword", hidden=True, length=6, you="purple")
    assert words.prompt(assistant.waiting()) == (
        "Your 6-letter Gameword (hidden; it scores theirs); you are Purple (:red changes it)"
    )
    assistant.enter("ballet")
    assert words.prompt(assistant.waiting()) == "Your row 1 (2 letters from column 1): WORD SCORE"
    assistant.enter("so")
    assert words.prompt(assistant.waiting()) == "The score you heard for SO"
    assistant.enter("0")
    assert words.prompt(assistant.waiting()) == "Their row 1 (2 letters from column 1): their WORD"
    for mine, theirs in zip(PURPLE[1:], RED, strict=False):
        assistant.enter(theirs)
        assistant.enter(mine)
    assistant.enter(RED[-1])
    assert (
        words.prompt(assistant.waiting()) == "Round over: :reveal THEIRWORD, then :next (round 2)"
    )
    assistant.enter(":reveal nephew")
    assert words.prompt(assistant.waiting()) == "Round over: :next (round 2)"
    assistant.enter(":next")
    assert words.prompt(assistant.waiting()) == "Your 7-letter Gameword (hidden; it scores theirs)"
    assistant.enter("picture")
    assert words.intro(assistant.game) == (
        "Round 2: 7-letter Gamewords; your opponent (Red) plays first."
    )
    assistant.enter(":end")
    assert words.prompt(assistant.waiting()) == "The game is over (:undo takes back its end)"
    assert words.verdict(assistant.game) == (
        "Grand total: you 19,750, your opponent 19,500. You win!"
    )


def test_undoing_a_gameword_keeps_no_word_in_the_note() -> None:
    assistant = new()
    assistant.enter("ballet")
    (note,) = assistant.enter(":undo")
    assert note.to_json() == {"kind": "undone", "entry": {"kind": "gameword"}}
    assert "ballet" not in json.dumps(note.to_json())
