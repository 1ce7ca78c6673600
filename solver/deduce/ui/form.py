"""The app's new-game forms of What's My Word? and of its assistant: every option of
``myword deduce play`` and ``myword deduce assist`` (``solver.ui.forms`` reads their
choices, defaults and help from the commands themselves), and how a form starts its game:
with the settings the command would make of the same options."""

from __future__ import annotations

import click
from textual.screen import Screen

from solver.ui.forms import SKIPPED_ALWAYS, SKIPPED_SAVES, Field, GameForm

FORM = GameForm(
    key="deduce",
    title="What's My Word?",
    command="solver.deduce.ui.commands:play",
    cli="myword deduce play",
    start="solver.deduce.ui.form:start",
    fields=(
        Field("colour", "You play"),
        Field("rounds", "Rounds"),
        Field("difficulty", "The bot's level"),
        Field("lang", "Language", language=True),
        Field("you_score", "You score the bot's Guesswords (your word on paper)"),
        Field("hints", "Hints"),
        Field("turn_seconds", "Seconds a turn (empty: no limit)"),
        Field("accept_nonwords", "Accept Guesswords not in the dictionary"),
        Field("pool_from", "Both Gamewords from this text file (empty: the usual words)"),
        Field("opponent", "Opponent (empty: the bot of the level)", "solver.deduce.players:KIND"),
        Field("engines", "Or an engine's command (the opponent in another process)"),
        Field("engine_time", "Seconds an engine may think over a move"),
        Field("seed", "Seed (empty: a fresh one; a number replays its game)"),
    ),
    skipped=SKIPPED_ALWAYS + SKIPPED_SAVES,
)

ASSIST_FORM = GameForm(
    key="assist",
    title="What's My Word? assistant",
    command="solver.deduce.ui.commands:assist",
    cli="myword deduce assist",
    start="solver.deduce.ui.form:start_assistant",
    fields=(
        Field("colour", "You play"),
        Field("rounds", "Rounds"),
        Field("lang", "Language", language=True),
        Field("strategy", "How the advice picks Guesswords"),
        Field("vocabulary", "Guesswords advised from"),
        Field("tier", "The tier their Gameword comes from"),
        Field("prior", "How they pick a Gameword"),
        Field("top", "Candidates and alternatives shown"),
    ),
    skipped=SKIPPED_ALWAYS + SKIPPED_SAVES,
)


def start(context: click.Context) -> Screen:
    """A new game from the form, saved in the games folder as the command saves one."""
    from solver.deduce import session
    from solver.deduce.ui.commands import new_settings
    from solver.deduce.ui.screens import DeduceScreen
    from solver.runtime import savefile

    state = session.new_game(new_settings(context.params))
    return DeduceScreen(session.Game(state, savefile.new_path("deduce")), hold=True)


def start_assistant(context: click.Context) -> Screen:
    """A new assistant game from the form (saved from its first entry on)."""
    from solver.deduce import assist
    from solver.deduce.ui.assist_screen import AssistScreen
    from solver.deduce.ui.commands import assist_settings
    from solver.runtime import savefile

    state = assist.new_game(assist_settings(context.params))
    return AssistScreen(assist.Assistant(state, savefile.new_path(assist.GAME)), hold=True)
