"""The words of a game of What's My Word? against the bot: a sentence (or none) per event.

Why here: the game (``solver.deduce.session``) returns what happened as data, events, and
never English; the line mode and the full screen say the same sentences, worded once
here, a function per event kind (``say`` picks it), and the lines a game's state reads as
(its round's first line, a round's end, the verdict, the seed to replay it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.arena.protocol import Forfeited
from solver.deduce import session
from solver.deduce.rules import BOT_NAME, PENALTY
from solver.deduce.state import Picked, Scored

BOT = BOT_NAME.capitalize()  # at the start of a sentence


def picked(event: Picked, you: int) -> list[str]:
    return []  # a hidden Gameword: nothing to say (the screen says it is set)


def rare_gameword(event: session.RareGameword, you: int) -> list[str]:
    return ["(A rare word: the rules ask for one familiar to your opponent.)"]


def scored(event: Scored, you: int) -> list[str]:
    if event.seat == you:
        return [f"{event.guess.upper()} scores {event.score:,}."]
    return [f"{event.guess.upper()} scores {event.score:,} against your word."]


def late(event: session.Late, you: int) -> list[str]:
    guess = event.guess.upper()
    return [f"Too late ({event.seconds:.0f} s): {guess} scores 0 this turn."]


def named(event: session.Named, you: int) -> list[str]:
    return [f"{BOT}'s Guessword for row {event.row + 1}: {event.guess.upper()}"]


def no_word_fits(event: session.NoWordFits, you: int) -> list[str]:
    return [
        "No word fits the scores you gave, even the ones you rechecked. "
        f"{BOT} will check every score when you reveal your word at the end of the round."
    ]


def audited(event: session.Audited, you: int) -> list[str]:
    if not event.errors:
        return [f"{BOT} checked every score you gave: all correct."]
    lines = []
    for error in event.errors:
        turns = error["turns_undetected"]
        when = f"undetected for {turns} turn(s)" if turns else "caught at once, no penalty"
        lines.append(
            f"Row {error['row'] + 1}: you scored {error['given']:,}, the right score is "
            f"{error['true']:,}; {when}."
        )
    lines.append(
        f"Penalty: {event.penalty:,} points to {BOT_NAME} ({PENALTY} per turn undetected)."
    )
    return lines


def forfeited(event: Forfeited, you: int) -> list[str]:
    return []  # the verdict, said at once, says why (``verdict``)


WORDING: dict[str, Callable[[Any, int], list[str]]] = {
    "forfeited": forfeited,
    "picked": picked,
    "rare_gameword": rare_gameword,
    "scored": scored,
    "late": late,
    "named": named,
    "no_word_fits": no_word_fits,
    "audited": audited,
}


def say(events: list[Any], you: int) -> list[str]:
    """The sentences of a move's events, for the person in seat ``you``."""
    return [line for event in events for line in WORDING[event.kind](event, you)]


def prompt(waiting: session.Waiting) -> str:
    """The question for what the game waits for (``session.Game.waiting``)."""
    kind, number = waiting.kind, waiting.row + 1
    if kind == session.GAMEWORD:
        return f"Your {waiting.length}-letter Gameword (hidden; it scores {BOT_NAME}'s Guesswords)"
    if kind == session.RECHECK:
        return f"Score for {waiting.guess.upper()} (Enter keeps {waiting.heard})"
    if kind == session.GUESS:
        columns = f"columns {waiting.offset + 1}-{waiting.offset + waiting.length}"
        return f"Row {number}: your {waiting.length}-letter Guessword ({columns})"
    if kind == session.BOT:
        return f"{BOT} thinks of row {number}"
    if kind == session.SCORE:
        return f"Score {waiting.guess.upper()} against your word (multiples of 250)"
    if kind == session.REVEAL:
        return f"Reveal your {waiting.length}-letter Gameword"
    if kind == session.ROUND_OVER:
        return f"Round {waiting.round + 1} is over"
    return ""


def note(waiting: session.Waiting) -> str:
    """What to tell before asking: why the bot asks for a score to be rechecked."""
    found = waiting.suspect
    if waiting.kind != session.RECHECK or found is None:
        return ""
    opening = "Still no word fits." if waiting.again else "No word fits the scores you gave."
    return (
        f"{opening} Please recheck row {found.row + 1}: you scored "
        f"{waiting.guess.upper()} {waiting.heard:,} (it would be "
        f"{found.expected:,} if your word were {found.word.upper()})."
    )


def intro(state: session.GameState) -> str:
    """The round's first line: its length, who plays first, your colour."""
    game_round, you = state["rounds"][state["round"]], state["settings"]["you"]
    other = session.COLOURS[1 - session.COLOURS.index(you)]
    first = (
        f"you ({you.capitalize()}) play"
        if game_round["first"] == you
        else (f"{BOT_NAME} ({other.capitalize()}) plays")
    )
    return f"Round {state['round'] + 1}: {game_round['length']}-letter Gamewords; {first} first."


def seed_line(state: session.GameState) -> str:
    """How to replay this game: said once it is over, since the seed draws the bot's
    words (replaying it in another window would give them away)."""
    seed = state["settings"]["seed"]
    if seed is None:
        return ""
    # The seed once per line: 39 digits twice would not fit a terminal's width.
    if state["settings"].get("replay"):
        return f"This game replayed --seed {seed}."
    return f"Replay this game with --seed {seed}."


def replay_note(state: session.GameState) -> str:
    """Said as a game from a typed seed begins: that seed decides the bot's Gamewords, so
    whoever typed it may know them, and the game is a replay, not a fair game."""
    if not state["settings"].get("replay"):
        return ""
    seed = state["settings"]["seed"]
    return f"A replay of seed {seed}: the bot's Gamewords are those that seed draws."


def round_summary(state: session.GameState) -> str:
    result = session.totals(state)["rounds"][state["round"]]
    word = state["rounds"][state["round"]]["bot_word"]
    assert word is not None  # picked at the round's start
    return (
        f"Round {state['round'] + 1} over. {BOT}'s word was {word.upper()}. "
        f"You {result['you']:,}, {BOT_NAME} {result['bot']:,}."
    )


def verdict(state: session.GameState) -> str:
    """The grand total and who won; after a forfeit, first why the opponent lost."""
    result = session.totals(state)
    assert result["winner"] is not None  # totals() names one; only public() leaves it out
    said = {"you": "You win!", "bot": f"{BOT} wins.", "tie": "A tie."}
    forfeit = state.get("forfeit")
    why = f"{BOT} forfeits ({forfeit['reason']}). " if forfeit else ""
    return (
        f"{why}Grand total: you {result['you']:,}, {BOT_NAME} {result['bot']:,}. "
        f"{said[result['winner']]}"
    )
