"""The new-game forms (``solver.ui.forms``, ``solver.ui.form_screen``): every option of each
game's ``play`` command is on its form, a form starts its game with what it holds, what it
held comes back on the next form, and a value the command refuses is refused on the form in
the command's own words."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from textual.widgets import Checkbox, Input, Select

import cli
from solver.ui import forms
from solver.ui.app import MenuScreen, MywordApp, SettingsScreen
from solver.ui.form_screen import NewGameScreen

SIZE = (100, 34)
COMMANDS = {  # the menu's key -> how a person types its command
    "deduce": ["deduce", "play"],
    "race": ["race", "play"],
    "layout": ["layout", "play"],
    "assist": ["deduce", "assist"],
}
MENU_DOWNS = {"deduce": 0, "race": 1, "layout": 2, "assist": 3}


def data_dir() -> Path:
    return Path(os.environ["MYWORD_DATA_DIR"])


def cli_command(words: list[str]) -> click.Command:
    """The command ``myword WORDS...`` runs, found as click finds it."""
    command: click.Command = cli.main
    context = click.Context(cli.main)
    for word in words:
        assert isinstance(command, click.Group)
        command = command.get_command(context, word)
    return command


@pytest.mark.parametrize("key", list(COMMANDS))
def test_every_option_of_play_is_on_its_form(key) -> None:
    """The CLI-parity walk: each option of the game's command is a field of its form or
    is left out with a reason; a new option of the command, with no field, fails here."""
    form = forms.game_form(key)
    command = cli_command(COMMANDS[key])
    assert form.click_command() is command  # the form parses with the very command
    names = {p.name for p in command.params if not getattr(p, "hidden", False)}
    names.discard("help")
    on_form = [field.name for field in form.fields]
    left_out = [skipped.name for skipped in form.skipped]
    assert len(set(on_form)) == len(on_form) and not set(on_form) & set(left_out)
    assert names - set(on_form) - set(left_out) == set(), "options with no field on the form"
    assert set(on_form) | set(left_out) <= names, "fields for options the command lacks"
    assert all(skipped.reason for skipped in form.skipped)


def test_fields_read_choices_defaults_and_help_from_the_command() -> None:
    shown = {c.name: c for c in forms.controls(forms.game_form("deduce"))}
    assert shown["colour"].kind == "choice" and shown["colour"].choices == ("purple", "red")
    assert shown["colour"].default == "purple" and shown["colour"].flag == "--you"
    assert shown["rounds"].choices == ("1", "2") and shown["rounds"].default == "2"
    assert shown["you_score"].kind == "flag" and shown["you_score"].default is False
    assert shown["engine_time"].default == "10" and shown["seed"].default == ""
    assert shown["hints"].summary.startswith("Show your marks")
    assert "lookahead" in shown["opponent"].players
    race = {c.name: c for c in forms.controls(forms.game_form("race"))}
    assert race["players"].choices == ("2", "3", "4", "5", "6")
    assert "superhuman" in race["level"].players and race["lang"].default == ""


def test_the_arguments_are_what_a_person_would_type() -> None:
    form = forms.game_form("layout")
    shown = forms.controls(form)
    values = forms.remembered(form) | {"easy": True, "seed": " 7 ", "engines": "my engine"}
    assert forms.arguments(shown, values) == ["--easy", "--engine", "my engine", "--seed", "7"]


async def _open_form(pilot, app, key: str) -> NewGameScreen:
    await pilot.press(*["down"] * MENU_DOWNS[key], "enter")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    assert app.screen.form.key == key
    return app.screen


async def _start(pilot, app, until, screen_name: str):
    await pilot.click("#start")
    await until(pilot, lambda: type(app.screen).__name__ == screen_name, screen_name)
    return app.screen


async def _leave(pilot, app, until) -> None:
    """Leave the game (escape, as a person does) and wait for the menu: a game's screen
    torn down while it still mounts fails in Textual's own code."""
    await pilot.press("escape")
    if not isinstance(app.screen, MenuScreen):  # a race asks to stop first, then leaves
        await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


def _set(screen: NewGameScreen, **values) -> None:
    for name, value in values.items():
        widget = screen.query_one(f"#field-{name}")
        widget.value = value


@pytest.mark.heavy  # a real game starts (seconds on a busy machine)
async def test_deduce_form_starts_the_game_it_holds(until) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "deduce")
        _set(form, colour="red", rounds="1", difficulty="hard", you_score=True, hints="on")
        form.query_one("#field-seed", Input).focus()
        await pilot.press("1", "2")
        game = await _start(pilot, app, until, "DeduceScreen")
        settings = game.game.settings
        assert (settings.you, settings.rounds, settings.difficulty) == ("red", 1, "hard")
        assert settings.you_score and settings.hints and settings.seed == 12
        await _leave(pilot, app, until)
    # remembered for the next form, but the seed
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "deduce")
        held = form.held()
        assert (held["colour"], held["rounds"], held["difficulty"]) == ("red", "1", "hard")
        assert held["you_score"] is True and held["hints"] == "on" and held["seed"] == ""
        assert form.query_one("#field-you_score", Checkbox).value is True


@pytest.mark.heavy  # a real game starts (seconds on a busy machine)
async def test_race_form_starts_the_race_it_holds(until) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "race")
        _set(form, players="4", level="easy", reaction_window="2.5", pace="5", seed="5")
        _set(form, kids=True)
        screen = await _start(pilot, app, until, "RaceScreen")
        race = screen.race
        assert len(race.bots) == 3 and race.reaction_window == 2.5 and race.pace == 5.0
        assert race.seed == 5 and race.deck.name.startswith("kids-")
        assert all(label.endswith("(easy)") for label in race.labels[1:]), race.labels
        await _leave(pilot, app, until)
    kept = json.loads((data_dir() / forms.FORMS_FILE).read_text("utf-8"))["race"]
    assert kept["players"] == "4" and kept["level"] == "easy" and "seed" not in kept


@pytest.mark.heavy  # a real game starts (seconds on a busy machine)
async def test_layout_form_seats_the_players_it_holds(until) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "layout")
        _set(form, players="human", easy=True, seed="11")
        for name in ("greedy", "random"):  # the list of registered players adds a seat
            form.query_one("#list-players", Select).value = name
            await pilot.pause()
        assert form.query_one("#field-players", Input).value == "human,greedy,random"
        screen = await _start(pilot, app, until, "LayoutScreen")
        state = screen.state
        assert list(state.players) == ["human", "greedy", "random"]
        assert state.easy and state.seed == 11
        await _leave(pilot, app, until)


@pytest.mark.heavy  # a real game starts (seconds on a busy machine)
async def test_assistant_form_starts_with_its_settings(until) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "assist")
        _set(form, colour="red", rounds="1", top="6", strategy="points")
        screen = await _start(pilot, app, until, "AssistScreen")
        settings = screen.assistant.settings
        assert (settings.you, settings.rounds, settings.top) == ("red", 1, 6)
        assert settings.strategy == "points"
        await _leave(pilot, app, until)


def _cli_error(words: list[str]) -> str:
    result = CliRunner().invoke(cli.main, [*words, "--plain"], input="")
    assert result.exit_code != 0, result.output
    return [line for line in result.output.splitlines() if line.startswith("Error: ")][-1]


@pytest.mark.parametrize(
    ("key", "values", "argv"),
    [
        ("deduce", {"seed": "abc"}, ["--seed", "abc"]),
        ("deduce", {"turn_seconds": "0.5"}, ["--turn-seconds", "0.5"]),
        ("deduce", {"turn_seconds": "1e308"}, ["--turn-seconds", "1e308"]),  # 300 digits
        ("deduce", {"pool_from": "-"}, ["--pool-from", "-"]),  # click's error ended the app
        ("deduce", {"opponent": "nosuch"}, ["--opponent", "nosuch"]),
        ("deduce", {"engines": "no-such-engine-x"}, ["--engine", "no-such-engine-x"]),
        ("race", {"reaction_window": "12"}, ["--reaction-window", "12"]),
        ("race", {"level": "wizard"}, ["--level", "wizard"]),
        ("race", {"engines": "/no/such/engine"}, ["--engine", "/no/such/engine"]),
        ("layout", {"players": "human,nosuch"}, ["--players", "human,nosuch"]),
        ("layout", {"seed": "1e3"}, ["--seed", "1e3"]),
        ("assist", {"top": "50"}, ["--top", "50"]),
    ],
)
def test_a_bad_value_is_refused_in_the_forms_words(key, values, argv) -> None:
    """The command's refusal, with the field's label where the command names its flag
    ("Invalid value for '--turn-seconds'" on a form labelled "Seconds a turn" was a
    newcomer's finding)."""
    from solver.runtime.errors import UserError

    form = forms.game_form(key)
    with pytest.raises(UserError) as refused:
        forms.start(form, forms.remembered(form) | values)
    assert f"Error: {refused.value}" == _in_the_forms_words(
        form, _cli_error([*COMMANDS[key], *argv])
    )


def _in_the_forms_words(form, said: str) -> str:
    """The CLI's error line as the form says it: ``Error: Invalid value for '--seed': why``
    is ``Error: Seed (...): why``; any other error is the CLI's own."""
    labels = {control.flag: control.label for control in forms.controls(form)}
    for flag, label in labels.items():
        prefix = f"Error: Invalid value for '{flag}': "
        if said.startswith(prefix):
            return f"Error: {label}: {said.removeprefix(prefix)}"
    return said


async def test_a_bad_value_shows_on_the_form_and_the_form_stays(until) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_form(pilot, app, "layout")
        form.query_one("#field-seed", Input).focus()
        await pilot.press("a", "b", "c", "enter")  # enter in a text field starts
        problem = form.query_one("#problem")
        await until(pilot, lambda: str(problem.content), "the error on the form")
        assert str(problem.content) == _in_the_forms_words(
            forms.game_form("layout"), _cli_error(["layout", "play", "--seed", "abc"])
        )
        assert app.screen is form and form.held()["seed"] == "abc"  # the form stays, filled
        assert not (data_dir() / forms.FORMS_FILE).exists()  # nothing remembered
        form.query_one("#field-engines", Input).value = "no-such-engine-x"
        form.query_one("#field-seed", Input).value = ""
        await pilot.click("#start")  # a game that cannot start: said on the form too
        await until(pilot, lambda: "engine" in str(problem.content), "the engine's error")
        assert "cannot start 'no-such-engine-x'" in str(problem.content)
        assert app.screen is form


def test_an_engine_that_starts_is_no_error(tmp_path) -> None:
    forms.check_engines([f"engine:{shlex.quote(sys.executable)} -c pass", "hard"])
    script = tmp_path / "engine.sh"
    script.write_text("#!/bin/sh\n", "utf-8")  # not executable
    from solver.runtime.errors import UserError

    with pytest.raises(UserError, match=r"cannot start .*: Permission denied"):
        forms.check_engines([f"engine:{script}"])


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"deduce": [1]}',
        '{"deduce": {"colour": "green", "rounds": 3, "you_score": "yes", "seed": "12"}}',
        '{"deduce": {"turn_seconds": "0.2", "engine_time": "NaN", "opponent": "\\u001b[2J"}}',
        '{"deduce": {"engine_time": "' + "9" * 2000 + '"}}',
    ],
)
def test_a_damaged_or_foreign_file_gives_the_defaults(text) -> None:
    form = forms.game_form("deduce")
    defaults = {c.name: c.default for c in forms.controls(form)}
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / forms.FORMS_FILE).write_text(text, "utf-8")
    assert forms.remembered(form) == defaults


async def test_the_language_setting_is_every_forms_language_until_a_form_changes_it() -> None:
    form = forms.game_form("assist")
    assert forms.remember(form, forms.remembered(form) | {"lang": "en", "colour": "red"}) is None
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#lang", Select).value = "es"
        await pilot.click("#save")
        assert isinstance(app.screen, MenuScreen)
        shown = await _open_form(pilot, app, "assist")
        assert shown.held()["lang"] == "es" and shown.held()["colour"] == "red"


async def test_escape_goes_back_and_f1_explains_every_field() -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await _open_form(pilot, app, "layout")
        await pilot.press("f1")
        assert app.screen.__class__.__name__ == "HelpScreen"
        assert "`--engine-time`" in app.screen.text and "`--resume`" in app.screen.text
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MenuScreen)


def test_the_race_forms_reaction_window_is_the_races_rule() -> None:
    """The form's window is the race command's option, whose default and bound are the
    race's own rule (solver/race/fairness.py)."""
    from solver.race import fairness

    window = forms.options_of(forms.game_form("race").click_command())["reaction_window"]
    assert window.default == fairness.REACTION_WINDOW
    assert window.type.max == fairness.MAX_REACTION_WINDOW


def test_snapshot_form(snap_compare) -> None:
    """One form at 80x24: the first fields, the error line, Start and Back."""
    assert snap_compare(MywordApp(), terminal_size=(80, 24), press=["enter"])


def test_choices_that_cannot_be_kept_say_why_and_keep_the_old_file(monkeypatch) -> None:
    from solver.runtime import durable

    form = forms.game_form("layout")
    assert forms.remember(form, forms.remembered(form) | {"easy": True}) is None

    def full(data: bytes, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(durable, "write", full)
    problem = forms.remember(form, forms.remembered(form) | {"easy": False})
    assert problem == (
        "the form's choices not kept for next time: [Errno 28] No space left on device"
    )
    assert forms.remembered(form)["easy"] is True  # the file of before, whole


def test_a_fields_help_names_other_fields_by_their_labels() -> None:
    """The help is the command's: "instead of the bot of --difficulty" sat under a form
    whose field is labelled "The bot's level" (a newcomer's finding)."""
    for key in forms.FORMS:
        for control in forms.controls(forms.game_form(key)):
            flags = {c.flag for c in forms.controls(forms.game_form(key))}
            assert not any(flag in control.help for flag in flags), (key, control.help)
    opponent = next(c for c in forms.controls(forms.game_form("deduce")) if c.name == "opponent")
    assert 'instead of the bot of "The bot\'s level"' in opponent.summary
