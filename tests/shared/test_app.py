"""The full-screen app's own screens, driven as a person would (Textual's Pilot), and their
look pinned by snapshots: the menu, settings, saved games and help."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.widgets import DataTable, Label, OptionList, Select

import cli
from solver.ui import app as app_module
from solver.ui.app import MenuScreen, MywordApp, SavedGamesScreen, SettingsScreen

SIZE = (100, 34)


def data_dir() -> Path:
    return Path(os.environ["MYWORD_DATA_DIR"])


async def test_the_menu_offers_the_three_games_and_help() -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids[:3] == ["deduce", "race", "layout"]
        line = str(app.screen.query_one("#settings-line", Label).content)
        assert "Language English" in line
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
    assert app.return_code == 0


async def test_notes_show_at_the_top_clear_of_the_typing_line(until) -> None:
    """Toasts showed at the bottom right, over the line every game types into."""
    from textual.widgets._toast import Toast

    app = MywordApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("Game saved; continue with: myword deduce assist --resume x", timeout=30)
        # shown, then laid out: under load a frame could pass between the two
        await until(
            pilot,
            lambda: any(toast.region.height for toast in app.screen.query(Toast)),
            "the toast laid out",
        )
        toast = app.screen.query_one(Toast)
        assert toast.region.y > 0 and toast.region.bottom < SIZE[1] // 3, toast.region
        await pilot.press("q")


async def test_settings_are_kept_for_next_time() -> None:
    """The settings keep what is global: the language every game's form starts with."""
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#lang", Select).value = "es"
        await pilot.click("#save")
        assert isinstance(app.screen, MenuScreen)
        assert "Spanish" in str(app.screen.query_one("#settings-line", Label).content)
    kept = json.loads((data_dir() / "settings.json").read_text("utf-8"))
    assert kept == {"lang": "es"}
    assert MywordApp().settings["lang"] == "es"


def test_settings_of_an_older_version_keep_their_language() -> None:
    """A settings file from before the forms (level, seed, window...) still gives its
    language; the rest is on each game's form now."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    old = {"lang": "es", "level": "hard", "race_level": "auto", "seed": 4, "reaction_window": 2}
    (folder / "settings.json").write_text(json.dumps(old), "utf-8")
    assert app_module.load_settings() == {"lang": "es"}


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"lang": "xx", "level": "mad", "seed": -4}',
        '{"lang": ["es"]}',
        '{"lang": NaN}',
    ],
)
def test_settings_that_are_not_ours_give_the_defaults(text) -> None:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(text, "utf-8")
    assert app_module.load_settings() == app_module.DEFAULT_SETTINGS


async def test_saved_games_lists_what_is_kept() -> None:
    from solver.layout import session
    from solver.runtime import savefile

    path = savefile.new_path("layout")
    state = session.new_game(session.parse_players("human,greedy"), 5, False, None)
    session.save(state, path)
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, SavedGamesScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 1
        assert [str(cell) for cell in table.get_row_at(0)[:2]] == ["My Word (1980)", path.stem]
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_a_game_that_cannot_open_says_why_and_the_menu_stays(monkeypatch, until) -> None:
    broken = app_module.GameChoice("deduce", "Nothing", "", "solver.no_such_screens")
    monkeypatch.setitem(app_module.GAMES_BY_KEY, "deduce", broken)
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        # The game opens once the starting note is drawn: wait for the error's note.
        await until(
            pilot,
            lambda: any("no full-screen game" in str(n.message) for n in app._notifications),
            "the error's note",
        )
        assert isinstance(app.screen, MenuScreen)


def test_serve_refuses_a_port_in_use_in_one_line() -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli.main, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: cannot listen on 127.0.0.1:{port}")
    assert len(result.output.strip().splitlines()) == 1


def test_serve_refuses_a_bad_port() -> None:
    result = CliRunner().invoke(cli.main, ["serve", "--port", "99999"])
    assert result.exit_code == 2
    assert "99999" in result.output


def test_snapshot_menu(snap_compare) -> None:
    assert snap_compare(MywordApp(), terminal_size=SIZE)


def test_snapshot_settings(snap_compare) -> None:
    assert snap_compare(MywordApp(), terminal_size=SIZE, press=["s"])


def test_snapshot_menu_help(snap_compare) -> None:
    assert snap_compare(MywordApp(), terminal_size=SIZE, press=["question_mark"])


async def test_ctrl_c_quits_and_open_games_say_how_to_resume() -> None:
    class Game(MenuScreen):
        def exit_note(self) -> str:
            return "Game saved; continue with: myword layout play --resume x"

    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(Game())
        await pilot.press("ctrl+c")
        assert app._exit  # leaving
        assert "--resume x" in str(app._exit_renderables[0])  # printed once the app is gone
    assert app.return_code == 130  # as Ctrl-C anywhere else in myword


def test_play_without_a_terminal_says_so_in_one_line() -> None:
    result = CliRunner().invoke(cli.main, ["play"], input="")
    assert result.exit_code == 1
    assert result.output.startswith("Error: myword play needs a terminal")
    assert len(result.output.strip().splitlines()) == 1


async def test_n_starts_only_a_game() -> None:
    """n on Settings or Quit started What's My Word? (found by a newcomer's review)."""
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up", "up", "n")  # the cursor on Settings
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("Move to a game first" in str(n.message) for n in app._notifications)


async def test_saved_games_deletes_after_asking() -> None:
    from solver.layout import session
    from solver.runtime import savefile

    path = savefile.new_path("layout")
    session.save(session.new_game(session.parse_players("human,greedy"), 5, False, None), path)
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "d", "n")  # asked, and no
        assert path.exists() and isinstance(app.screen, SavedGamesScreen)
        await pilot.press("d", "y")
        await pilot.pause()
        assert not path.exists()
        assert app.screen.query_one("#games", DataTable).row_count == 0


async def test_a_game_opens_from_the_menu_after_a_note(until) -> None:
    """A first game compiles for seconds: the menu says it is starting before it sits still
    (found by a newcomer's review: the menu stayed as it was for 8 s)."""
    from solver.deduce.ui.screens import DeduceScreen

    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the game's form, started as it is (ctrl+s)
        await until(pilot, lambda: app.screen.__class__.__name__ == "NewGameScreen", "form")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app._notifications, "a note")
        assert any("Starting the game" in str(n.message) for n in app._notifications)
        await until(pilot, lambda: isinstance(app.screen, DeduceScreen), "the game's screen")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


async def test_saved_games_shows_names_and_fields_as_plain_text() -> None:
    """The saved games' table read each cell as markup: an unchecked ``saved`` field
    holding ``[/red]`` was a MarkupError that ended the app, a save named ``[bold]x.json``
    was shown as a bold ``x``, and an escape sequence in either reached the terminal."""
    games = data_dir() / "games"
    games.mkdir(parents=True, exist_ok=True)
    envelope = {"format": "myword-save", "game": "deduce", "saved": "[/red]\x1b]0;OWNED\x07"}
    (games / "[bold]x.json").write_text(json.dumps(envelope), "utf-8")
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, SavedGamesScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 1
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[1] == "[bold]x" and row[3] == "[/red]\\x1b]0;OWNED\\x07"
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
    assert app.return_code in (0, None)


async def test_the_first_key_after_a_blurred_start_reaches_the_menu() -> None:
    """In the browser, the tab may report focus-out while the app starts: Textual then
    skipped focusing the menu, and when the first key gave the app its focus back nothing
    had focus to take it: down and enter were lost (CI's browser test, under load)."""
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        app.app_focus = False  # the tab lost focus ...
        await app.push_screen(MenuScreen())  # ... while the menu was made
        assert app.screen.focused is None
        await pilot.press("down", "enter")  # a key gives the app its focus back
        await pilot.pause()
        assert app.screen.__class__.__name__ == "NewGameScreen", app.screen


def test_focus_coming_back_with_no_screen_yet_is_nothing() -> None:
    """The app may get its focus back while it starts or ends, with no screen to focus."""
    MywordApp().watch_app_focus(True)  # no screen: no error


async def test_a_key_that_finds_nothing_focused_reaches_the_menu() -> None:
    """The tab may lose the menu's first focus without a focus-out (CI's browser test once
    saw the menu drawn and down and enter lost): a key that finds nothing focused focuses
    the screen's first widget and goes to it."""
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(MenuScreen())
        app.screen.set_focus(None)  # nothing focused, the app's own focus unchanged
        assert app.screen.focused is None and app.app_focus
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "NewGameScreen", app.screen


async def test_an_unreadable_save_is_listed_so_and_enter_does_not_end_the_app() -> None:
    """A save of no known kind: enter on it raised a KeyError that ended the app (found by
    reading this stop's change once more); it is listed as unreadable, to delete."""
    games = data_dir() / "games"
    games.mkdir(parents=True, exist_ok=True)
    (games / "fake.json").write_text('{"format": "myword-save"}', "utf-8")
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        table = app.screen.query_one("#games", DataTable)
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[0] == "unreadable" and row[2] == "unreadable: d deletes"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen) and app.return_code is None
        assert any("no game this myword can open" in str(n.message) for n in app._notifications)
