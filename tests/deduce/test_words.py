"""The game against the bot returns events (data); ``ui.words`` says them, a function per
kind, as the game said them before."""

import typing

from solver.deduce import session
from solver.deduce.state import Scored
from solver.deduce.ui import words


def test_a_move_returns_events_and_the_words_are_the_sentences_of_old() -> None:
    game = session.Game(session.new_game(session.Settings(rounds=1, seed=1)))
    assert words.intro(game.state) == "Round 1: 6-letter Gamewords; you (Purple) play first."
    game.choose_gameword("ballet")
    events = game.guess("so")
    assert len(events) == 1 and isinstance(events[0], Scored)
    assert events[0].seat == game.you_seat == 0 and events[0].row == 0
    assert words.say(events, game.you_seat) == [f"SO scores {events[0].score:,}."]
    bot = game.bot_guessed("an")
    assert [event.kind for event in bot] == ["named", "scored"]
    assert words.say(bot, game.you_seat) == [
        "The bot's Guessword for row 1: AN",
        "AN scores 250 against your word.",
    ]
    assert all(event.to_json()["kind"] == event.kind for event in [*events, *bot])


def test_every_event_kind_of_the_game_has_its_words() -> None:
    kinds = {cls.__dataclass_fields__["kind"].default for cls in typing.get_args(session.Event)}
    assert kinds == set(words.WORDING)
