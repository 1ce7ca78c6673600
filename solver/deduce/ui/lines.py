"""What's My Word? in line mode: one prompt, one answer, through a terminal or a pipe.

The loop asks the game what it waits for (``session.Game.waiting``), asks the person, sends
the answer as a move and says what the move did (its events, worded by ``words``); a
refused answer is said and asked again. It talks only through a ``Console``-like object
with ``ask``, ``say`` and ``show``, so the same loop runs in a terminal, through a pipe and
in tests. The game saves itself after every move.

``play``, ``save``, ``public`` and ``document`` are what ``solver.ui.saved.play_saved``
needs of a game's line mode.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from solver.deduce import session
from solver.deduce.session import document, public, save
from solver.deduce.ui import words
from solver.ui.saved import review_hint

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["Console", "document", "play", "public", "save"]


State = TypeVar("State", contravariant=True)


class Console(Protocol[State]):
    """What a game in lines talks through: ``show`` draws its ``State`` (a game's, or
    the assistant's)."""

    def ask(self, prompt: str, hidden: bool = False) -> str: ...

    def say(self, text: RenderableType) -> None:
        """A line (or a rich renderable: the advice's tables) for the person."""
        ...

    def show(self, state: State) -> None: ...


def play(
    state: session.GameState, console: Console[session.GameState], path: Path
) -> session.GameState:
    """Play on from the state to the end of the game, saving after every move."""
    game = session.Game(state, path)
    if game.finished:  # a finished game resumed: show where it ended
        console.show(state)
    elif not game.started and (note := words.replay_note(state)):
        console.say(note)
    introduced = None  # the round whose first line was said (again after a resume)
    while (waiting := game.waiting()).kind != session.OVER:
        if waiting.kind != session.GAMEWORD and introduced != game.state["round"]:
            console.say(words.intro(game.state))
            introduced = game.state["round"]
        if waiting.kind == session.BOT:
            _say(console, game, game.bot_guessed(game.think()))
        elif waiting.kind == session.ROUND_OVER:
            console.say(words.round_summary(game.state))
            console.show(state)  # the filled sheet, audited: every row and the round total
            _say(console, game, game.next_round())
        else:
            if waiting.kind == session.GUESS:
                console.show(state)
            _answer(game, waiting, console)
    console.say(words.verdict(game.state))
    if line := words.seed_line(game.state):  # only now: the seed draws the bot's words
        console.say(line)
    if line := review_hint(game.path):
        console.say(line)
    game.close()
    return state


def _say(
    console: Console[session.GameState], game: session.Game, events: list[session.Event]
) -> None:
    """Say what a move did (``words``: a sentence per event)."""
    for line in words.say(events, game.you_seat):
        console.say(line)


def _answer(
    game: session.Game, waiting: session.Waiting, console: Console[session.GameState]
) -> None:
    """Ask until the game takes the answer; say what the move tells."""
    moves = {
        session.GAMEWORD: game.choose_gameword,
        session.SCORE: game.score_bot,
        session.RECHECK: game.recheck,
        session.REVEAL: game.reveal,
    }
    if note := words.note(waiting):
        console.say(note)
    started = time.monotonic()  # the turn's clock: a refused word does not restart it
    while True:
        answer = console.ask(words.prompt(waiting), hidden=waiting.hidden)
        try:
            if waiting.kind == session.GUESS:
                events = game.guess(answer, time.monotonic() - started)
            else:
                events = moves[waiting.kind](answer)
        except session.Refused as refused:
            console.say(str(refused))
            continue
        _say(console, game, events)
        return
