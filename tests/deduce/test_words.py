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


def test_what_the_game_waits_for_is_data_and_the_words_ask_for_it() -> None:
    """``Game.waiting`` holds no sentence: the facts, worded by ``words.prompt`` and
    ``words.note`` as the game asked before."""
    game = session.Game(session.new_game(session.Settings(rounds=1, seed=1, you_score=True)))
    assert not hasattr(game.waiting(), "prompt")
    first = game.waiting()
    assert (first.kind, first.row, first.length, first.offset) == (session.GUESS, 0, 2, 0)
    assert words.prompt(first) == "Row 1: your 2-letter Guessword (columns 1-2)"
    game.guess("so")
    assert words.prompt(game.waiting()) == "The bot thinks of row 1"
    game.bot_guessed("an")
    assert game.waiting().guess == "an"
    assert words.prompt(game.waiting()) == "Score AN against your word (multiples of 250)"
    suspect = session.Suspect(row=2, word="ballet", expected=1250, fewest=1)
    recheck = session.Waiting(session.RECHECK, row=2, guess="act", heard=250, suspect=suspect)
    assert words.prompt(recheck) == "Score for ACT (Enter keeps 250)"
    assert words.note(recheck) == (
        "No word fits the scores you gave. Please recheck row 3: you scored ACT 250 "
        "(it would be 1,250 if your word were BALLET)."
    )
    again = session.Waiting(
        session.RECHECK, row=2, guess="act", heard=250, suspect=suspect, again=True
    )
    assert words.note(again).startswith("Still no word fits. Please recheck row 3")
    hidden = session.Waiting(session.GAMEWORD, hidden=True, length=7)
    assert words.prompt(hidden) == "Your 7-letter Gameword (hidden; it scores the bot's Guesswords)"
    assert words.prompt(session.Waiting(session.REVEAL, length=6)) == (
        "Reveal your 6-letter Gameword"
    )
    assert words.prompt(session.Waiting(session.ROUND_OVER, round=1)) == "Round 2 is over"
