"""The words of the assistant (``myword deduce assist``): a sentence (or a few) per note.

Why here: the assistant (``solver.deduce.assist``) returns what an entry did as data, notes
(``assist_notes``), and what it waits for as facts (``assist_notes.Waiting``), never
English; line mode, the full screen and ``--json`` say the same sentences, worded once
here, a function per note kind (``say`` picks it), with the round's first line, the
verdict and the warnings of the advice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.deduce import assist, assist_entries
from solver.deduce import assist_notes as notes
from solver.deduce.rules import PENALTY
from solver.deduce.session import COLOURS
from solver.deduce.ui.display import plain_marks

OPPONENT = "your opponent"


def _other(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


# --- what an entry did: one function per note kind --------------------------------------------
def colour(note: notes.ColourChosen) -> list[str]:
    first = "you play" if note.first == note.you else f"{OPPONENT} plays"
    return [f"You are {note.you.capitalize()}: {first} first in this round."]


def gameword_set(note: notes.GamewordSet) -> list[str]:
    return [f"Your Gameword for round {note.round + 1} is set (hidden)."]


def unknown_gameword(note: notes.UnknownGameword) -> list[str]:
    return [f"Warning: {note.word.upper()} is not in the dictionary."]


def rare_gameword(note: notes.RareGameword) -> list[str]:
    return ["Warning: a rare word; the rules ask for one familiar to your opponent."]


def heard(note: notes.Heard) -> list[str]:
    return [f"Your row {note.row + 1}: {note.guess.upper()} heard {note.heard:,}."]


def announce(note: notes.Announce) -> list[str]:
    marks = plain_marks(note.guess, note.marks)
    return [f"Their row {note.row + 1}: {note.guess.upper()}. Announce {note.score:,}  ({marks})."]


def named_word(note: notes.NamedWord) -> list[str]:
    who = "You named their word" if note.by == notes.YOU else "They named your word"
    return [f"{who}: {note.bonus:,} bonus in it."]


def not_a_word(note: notes.NotAWord) -> list[str]:
    word = note.guess.upper()
    if note.by == notes.YOU:
        then = "your opponent may reject it (then :undo and play another)"
        return [f"Warning: {word} is not in the dictionary; {then}."]
    then = "you may reject it (:undo, and ask for another), or accept it"
    return [f"Warning: {word} is not in the dictionary: {then}."]


def said_wrong(note: notes.SaidWrong) -> list[str]:
    return [
        f"Warning: {note.guess.upper()} scores {note.score:,}, not {note.said:,}. Correct it "
        f"now: tell {OPPONENT} {note.score:,} and enter :said {note.row + 1} {note.score}. "
        f"The rulebook gives them {note.penalty:,} points for each of their turns it goes "
        "undetected."
    ]


def said_right(note: notes.SaidRight) -> list[str]:
    cost = (
        f"; it stood {note.turns} turn(s): {note.points:,} points to them"
        if note.turns
        else ": caught at once, no penalty"
    )
    guess = note.guess.upper()
    return [f"Their row {note.row + 1} ({guess}) now stands right: {note.score:,}{cost}."]


def heard_corrected(note: notes.HeardCorrected) -> list[str]:
    gained = (
        f"; it stood {note.turns} turn(s): {note.points:,} points to you"
        if note.turns
        else " at once: no penalty"
    )
    guess = note.guess.upper()
    return [f"Your row {note.row + 1} ({guess}) corrected to {note.score:,}{gained}."]


def revealed(note: notes.Revealed) -> list[str]:
    if not note.errors:
        return [f"Their word {note.word.upper()}: every score you heard was right."]
    lines = []
    for error in note.errors:
        turns = error["turns_undetected"]
        when = f"undetected for {turns} turn(s)" if turns else "caught at once"
        lines.append(
            f"Row {error['row'] + 1}: you heard {error['given']:,}, the right score is "
            f"{error['true']:,}; {when}."
        )
    lines.append(f"You receive {note.penalty:,} points ({note.per_turn:,} per turn).")
    return lines


def next_round(note: notes.NextRound) -> list[str]:
    return [f"Round {note.round + 1}: {note.length}-letter Gamewords."]


def game_over(note: notes.GameOver) -> list[str]:
    return ["The game is over."]


def pending(note: notes.Pending) -> list[str]:
    return [f"Your row {note.row + 1}: {note.guess.upper()}; now the score you heard."]


def played_instead(note: notes.PlayedInstead) -> list[str]:
    return [f"{note.guess.upper()} is played instead of {note.instead.upper()}."]


def command_word(note: notes.CommandWord) -> list[str]:
    return [f"{note.word.upper()} is entered as a Guessword. {assist_entries.hint(note.word)}"]


def help_(note: notes.Help) -> list[str]:
    return assist_entries.help_lines()


def dropped(note: notes.Dropped) -> list[str]:
    return [f"Dropped {note.guess.upper()}."]


def undone(note: notes.Undone) -> list[str]:
    return [f"Undone: {describe(note.entry)}."]


WORDING: dict[str, Callable[[Any], list[str]]] = {
    "colour": colour,
    "gameword_set": gameword_set,
    "unknown_gameword": unknown_gameword,
    "rare_gameword": rare_gameword,
    "heard": heard,
    "announce": announce,
    "named_word": named_word,
    "not_a_word": not_a_word,
    "said_wrong": said_wrong,
    "said_right": said_right,
    "heard_corrected": heard_corrected,
    "revealed": revealed,
    "next_round": next_round,
    "game_over": game_over,
    "pending": pending,
    "played_instead": played_instead,
    "command_word": command_word,
    "help": help_,
    "dropped": dropped,
    "undone": undone,
}
# The notes shown as warnings (in red): each of their sentences starts "Warning:".
WARNINGS = frozenset({"unknown_gameword", "rare_gameword", "not_a_word", "said_wrong"})


def say(made: list[notes.Note]) -> list[str]:
    """The sentences of an entry's notes."""
    return [line for note in made for line in WORDING[note.kind](note)]


def lines(made: list[notes.Note]) -> list[tuple[str, bool]]:
    """The sentences of an entry's notes, each with whether it is a warning."""
    return [(line, note.kind in WARNINGS) for note in made for line in WORDING[note.kind](note)]


def describe(entry: assist.GameEntry) -> str:
    """An entry as saved, in words (for undo)."""
    kind = entry["kind"]
    if kind == "gameword":
        return "your Gameword"
    if kind == "mine":
        return f"your {entry['guess'].upper()} {entry['heard']:,}"
    if kind == "theirs":
        return f"their {entry['guess'].upper()}"
    if kind == "said":
        return f"said {entry['score']:,}"
    if kind == "heard":
        return f"heard row {entry['row'] + 1} {entry['score']:,}"
    if kind == "reveal":
        return f"their word {entry['word'].upper()}"
    if kind == "colour":
        return f"your colour {entry['you']}"
    return kind


# --- what the assistant waits for, the round's first line, the verdict -------------------------
def prompt(waiting: notes.Waiting) -> str:
    """The question for what the assistant waits for (``Assistant.waiting``)."""
    kind = waiting.kind
    if kind == notes.OVER:
        return "The game is over (:undo takes back its end)"
    if kind == notes.GAMEWORD:
        asked = f"Your {waiting.length}-letter Gameword (hidden; it scores theirs)"
        if waiting.you:  # the colour may still change
            asked += f"; you are {waiting.you.capitalize()} (:{_other(waiting.you)} changes it)"
        return asked
    if kind == notes.SCORE:
        return f"The score you heard for {waiting.guess.upper()}"
    if kind == notes.ROUND_OVER:
        then = ":end" if waiting.last else ":next (round 2)"
        steps = then if waiting.revealed else f":reveal THEIRWORD, then {then}"
        return f"Round over: {steps}"
    whose, answer = ("Your", "WORD SCORE") if kind == notes.GUESS else ("Their", "their WORD")
    where = f"{waiting.length} letters from column {waiting.offset + 1}"
    return f"{whose} row {waiting.row + 1} ({where}): {answer}"


def intro(game: assist.AssistGame) -> str:
    """The round's first line: its length and who plays first (with the colours)."""
    game_round, you = game["rounds"][game["round"]], game["you"]
    first = (
        f"you ({you.capitalize()}) play"
        if game_round["first"] == you
        else f"{OPPONENT} ({_other(you).capitalize()}) plays"
    )
    return f"Round {game['round'] + 1}: {game_round['length']}-letter Gamewords; {first} first."


def verdict(game: assist.AssistGame) -> str:
    """The grand total and who won."""
    result = assist.totals(game)
    said = {"you": "You win!", "they": f"{OPPONENT.capitalize()} wins.", "tie": "A tie."}
    return (
        f"Grand total: you {result['you']:,}, {OPPONENT} {result['they']:,}. "
        f"{said[result['leader']]}"
    )


# --- the advice's warnings ---------------------------------------------------------------------
def advice_warnings(advice: Any) -> list[str]:
    """What the advice warns of, in words for the table: above all, when no word fits the
    scores you heard, which one is most likely wrong and why to call it out (the 2000-point
    rule). Non-words were warned of when entered. (The advisor's own warnings come worded
    from ``advisor.advise``, as ``myword deduce advise`` prints them.)"""
    said = [f"Warning: {w}." for w in advice.warnings if "not in the dictionary" not in w]
    wrong = advice.inconsistency
    if wrong is None:
        return said

    def fix_in_words(fix) -> str:
        return ", ".join(
            f"row {r + 1} ({advice.history[r].guess.upper()}: heard {advice.history[r].heard:,}, "
            f"it would score {right:,} if their word were {fix.word.upper()})"
            for r, right in zip(fix.rows, fix.corrected, strict=True)
        )

    fewest = "one score you heard is" if wrong.fewest == 1 else f"{wrong.fewest} scores are"
    others = "".join(f" Or {fix_in_words(fix)}." for fix in wrong.others)
    assumed = " The advice assumes the likeliest fix until then." if advice.choices else ""
    said.append(
        f"Warning: no word fits the scores you heard: {fewest} wrong. Most likely "
        f"{fix_in_words(wrong)}.{others} Call it out and ask {OPPONENT} to recheck: the "
        f"rulebook gives you {PENALTY:,} points for each turn a wrong score went undetected. "
        f"Enter the corrected score with :heard ROW SCORE.{assumed}"
    )
    return said
