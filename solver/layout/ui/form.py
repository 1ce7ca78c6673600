"""The app's new-game form of My Word (1980): every option of ``myword layout play``
(``solver.ui.forms`` reads their choices, defaults and help from the command itself), and
how the form starts its game: with the seats the command would make of the same options."""

from __future__ import annotations

import click
from textual.screen import Screen

from solver.ui.forms import SKIPPED_ALWAYS, SKIPPED_SAVES, Field, GameForm

FORM = GameForm(
    key="layout",
    title="My Word (1980)",
    command="solver.layout.ui.commands:layout_play",
    cli="myword layout play",
    start="solver.layout.ui.form:start",
    fields=(
        Field(
            "players",
            "Seats in order, comma-separated (the list adds one)",
            "solver.layout.seats:KIND",
            many=True,
        ),
        Field("easy", "The easy game (no 6 x 6 limit)"),
        Field("engines", "An engine's command (a seat after the players, another process)"),
        Field("engine_time", "Seconds an engine may think over a move"),
        Field("deck_file", "Deck file (empty: the game's deck)"),
        Field("seed", "Seed (empty: a fresh one; a number replays its game)"),
    ),
    skipped=SKIPPED_ALWAYS + SKIPPED_SAVES,
)


def start(context: click.Context) -> Screen:
    """A new game from the form, saved in the games folder as the command saves one."""
    from solver.layout.ui.commands import new_state
    from solver.layout.ui.screens import game_screen
    from solver.runtime import savefile

    path = savefile.new_path("layout")
    return game_screen(new_state(context), path, engine_time=context.params["engine_time"])
