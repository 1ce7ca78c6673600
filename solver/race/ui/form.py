"""The app's new-game form of MY WORD!: every option of ``myword race play``
(``solver.ui.forms`` reads their choices, defaults and help from the command itself), and
how the form starts its race: as the command would from the same options."""

from __future__ import annotations

import click
from textual.screen import Screen

from solver.ui.forms import SKIPPED_ALWAYS, Field, GameForm

FORM = GameForm(
    key="race",
    title="MY WORD!",
    command="solver.race.ui.commands:race_play",
    cli="myword race play",
    start="solver.race.ui.form:start",
    fields=(
        Field("players", "Players, you included"),
        Field("level", "The bots' level (or a bot of your own)", "solver.race.seats:KIND"),
        Field("engines", "An engine's command (the last bot seat, in another process)"),
        Field("engine_time", "Seconds an engine may think over a move"),
        Field("pace", "Seconds between two cards dealt"),
        Field("reaction_window", "Reaction window, seconds (0 to 10)"),
        Field("kids", "The ages 7+ rule (single letters and QU only)"),
        Field("deck_spec", "Deck (empty: the language's)"),
        Field("lang", "Language (empty: the deck's)", language=True),
        Field("seed", "Seed (empty: a fresh one; a number replays its deal)"),
    ),
    skipped=SKIPPED_ALWAYS,  # a race is not saved: it has no --save nor --resume
)


def start(context: click.Context) -> Screen:
    """A new race from the form."""
    from solver.race.ui.commands import live_race
    from solver.race.ui.screens import RaceScreen

    return RaceScreen(live_race(context.params))
