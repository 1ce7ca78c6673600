"""The full-screen app (Textual): one menu for the three games, saved games, settings.

The same app runs in a terminal (``myword play``, or a game's own ``play`` command, which
opens its screen directly) and in a browser (``myword serve``, through textual-serve, which
starts ``myword play`` once per browser tab). Each game brings its screens from its own front
end, ``solver/<game>/ui/screens.py``, imported only when chosen, with two functions:
``new_game_screen(options)`` and, for games that are saved, ``resume_screen(path)``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from textual import events
from textual.app import App, ComposeResult, ScreenStackError
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Header,
    Label,
    Markdown,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from solver.runtime.errors import UserError
from solver.ui.choices import GAMES, GAMES_BY_KEY, GameChoice
from solver.ui.form_screen import NewGameScreen

if TYPE_CHECKING:
    from textual import getters

LANGUAGES = (("English", "en"), ("Spanish (español)", "es"))
LANGUAGE_NAMES = {code: name for name, code in LANGUAGES}


class AppSettings(TypedDict):
    """The app's settings (``settings.json``, beside the saved games)."""

    lang: str  # the language every game's form starts with


# What is truly global: the language, every game's form's language until that form is
# changed (``solver.ui.forms``). Everything else a game takes (the bots' level, a seed, the
# race's reaction window...) is on that game's new-game form, remembered per game.
DEFAULT_SETTINGS: AppSettings = {"lang": "en"}
SETTINGS_FILE = "settings.json"

MENU_HELP = """\
# myword

Three word games against bots, in one app.

- **What's My Word?**: each side hides a 6-letter, then a 7-letter Gameword; you score each
  other's Guesswords, and the scores tell you where the letters are.
- **MY WORD!**: letter cards are dealt face up; type a word made of the cards on the table to
  claim them before the bots do.
- **My Word (1980)**: lay cards whose edges carry letter pairs so that they make 4-letter words.
- **What's My Word? assistant**: for a game against a person at the table: it keeps both
  sheets, scores their Guesswords from your word and advises yours.

## Keys

| key | what it does |
|---|---|
| up / down, enter | choose on the menu (or click): a game opens its new-game form |
| `n` | the new-game form of the game under the cursor |
| `r` | resume a saved game |
| `m` | my record: every finished game, wins and losses, your share of the best score |
| `s` | settings: the language every game's form starts with |
| `?` | this help; every game screen has its own |
| `q` | quit (a game in progress is saved first) |

## New-game forms

Each game opens a form first with every option of its `play` command in a terminal
(`myword deduce play --help` says the same): your colour, the rounds, the bots' number and
level, a bot of your own or an engine's command, timed turns, the language, a seed... Tab
moves between the fields, enter in a text field (or Start, or ctrl+s) starts the game,
escape goes back, F1 explains every field. What you chose is remembered for that game's
next form, but the seed. A value the command would refuse is refused on the form, in the
command's own words.

## Seeds

Every new game draws a fresh secret seed (128 bits): it deals what you must not see (the
bot's Gamewords, the other hands, the cards to come), so it is shown only once the game is
over. Type that seed on the game's form to replay the game exactly, or give `--seed N` to a
game's `play` command: a game from a typed seed says it is a replay.
"""


def _game_screens(game: GameChoice):
    """The game's screens module, or a clear message when it cannot be loaded."""
    try:
        return importlib.import_module(game.screens)
    except ImportError as error:
        raise UserError(f"{game.title} has no full-screen game here: {error}") from None


# ``options``: a game's new-game options, each game's own (its ``new_game_screen`` reads
# them): open here, where no game is imported.
def new_game_screen(key: str, options: dict[str, Any]) -> Screen:
    """A new game of ``key`` with the given settings (lang, level, seed)."""
    return _game_screens(GAMES_BY_KEY[key]).new_game_screen(dict(options))


def resume_screen(key: str, path: Path) -> Screen:
    """The saved game at ``path``, where it was left."""
    screens = _game_screens(GAMES_BY_KEY[key])
    if not hasattr(screens, "resume_screen"):
        raise UserError(f"{GAMES_BY_KEY[key].title} games are not saved")
    return screens.resume_screen(path)


def load_settings() -> AppSettings:
    """The settings chosen last time (kept beside the saved games); the defaults when there
    are none or the file is not ours."""
    from solver.runtime import savefile

    settings = DEFAULT_SETTINGS.copy()
    try:
        kept = json.loads((savefile.data_dir() / SETTINGS_FILE).read_text("utf-8"))
    except (OSError, ValueError, RecursionError, UserError):
        return settings
    if not isinstance(kept, dict):
        return settings
    # (a file of an older version also held the level, a seed...: the forms hold them now)
    lang = kept.get("lang")
    if isinstance(lang, str) and lang in LANGUAGE_NAMES:  # ["es"]: unhashable
        settings["lang"] = lang
    return settings


def store_settings(settings: AppSettings) -> str | None:
    """Keep the settings for next time; the reason they could not be kept, if so."""
    from solver.runtime import savefile

    try:
        folder = savefile.data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / SETTINGS_FILE).write_text(json.dumps(settings), "utf-8")
    except (OSError, UserError) as error:
        return f"settings not kept for next time: {error}"
    return None


class HelpScreen(ModalScreen[None]):
    """A screen's help, over it: what its marks mean and which keys do what."""

    BINDINGS: ClassVar = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.help_title = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = f"Help: {self.help_title}"
            scroll.border_subtitle = "escape or ? closes"
            yield Markdown(self.text)

    def action_close(self) -> None:
        self.dismiss(None)


class MenuScreen(Screen[None]):
    """The first screen of ``myword play``: the three games, saved games, settings."""

    if TYPE_CHECKING:  # self.app as this app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        Binding("n", "new_game", "New game"),
        Binding("r", "saved", "Saved games"),
        Binding("m", "record", "My record"),
        Binding("s", "settings", "Settings"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen > Vertical { width: 84; height: auto; }
    MenuScreen OptionList { height: auto; max-height: 20; }
    MenuScreen #settings-line { color: $text-muted; padding: 1 1 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            options: list[Option | None] = []
            for game in GAMES:
                options.append(Option(f"[b]{game.title}[/b]\n  {game.blurb}", id=game.key))
            options += [
                None,
                Option("Resume a saved game", id="saved"),
                Option("My record: games, wins, share of the best score", id="record"),
                Option("Settings", id="settings"),
                Option("Quit", id="quit"),
            ]
            yield OptionList(*options, id="menu")
            yield Label("", id="settings-line")
        yield Footer()

    def on_mount(self) -> None:
        self.app.sub_title = "three word games against bots"
        self.show_settings()

    def on_screen_resume(self) -> None:
        self.app.sub_title = "three word games against bots"  # a form or a game set its own
        self.show_settings()

    def show_settings(self) -> None:
        language = LANGUAGE_NAMES[self.app.settings["lang"]]
        self.query_one("#settings-line", Label).update(
            f"Language {language} (s: settings) · enter or n: a game's new-game form"
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice in GAMES_BY_KEY:
            self.open_form(choice)
        elif choice == "saved":
            self.action_saved()
        elif choice == "record":
            self.action_record()
        elif choice == "settings":
            self.action_settings()
        elif choice == "quit":
            self.app.exit()

    def action_new_game(self) -> None:
        option = self.query_one("#menu", OptionList).highlighted_option
        if option is None or option.id not in GAMES_BY_KEY:
            self.notify("Move to a game first (up/down), then n or enter.")
            return
        self.open_form(option.id)

    def open_form(self, key: str) -> None:
        """The game's new-game form; a game whose form cannot be made says why."""
        try:
            _game_screens(GAMES_BY_KEY[key])  # a game without screens here: said at once
            self.app.push_screen(NewGameScreen(key, self.app.settings["lang"]))
        except UserError as error:
            self.notify(str(error), severity="error", timeout=8)

    def action_saved(self) -> None:
        self.app.push_screen(SavedGamesScreen())

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())

    def action_record(self) -> None:
        self.app.push_screen(RecordScreen())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("myword", MENU_HELP))


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question over the screen: y or enter says yes, n or escape no."""

    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", "Yes"),
        Binding("enter", "answer(True)", "Yes", show=False),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Label { width: 70; border: thick $warning; background: $surface; padding: 1 2; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Label(f"{self.question}\n\ny: yes   n: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SavedGamesScreen(Screen[None]):
    """The games saved in the games folder, newest first; enter resumes an unfinished one,
    d deletes one."""

    if TYPE_CHECKING:  # self.app as this app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("d", "delete", "Delete"),
        Binding("question_mark", "help", "Help"),
    ]
    DEFAULT_CSS = """
    SavedGamesScreen DataTable { height: 1fr; }
    SavedGamesScreen #where { color: $text-muted; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="games", cursor_type="row")
        yield Label("", id="where")
        yield Footer()

    def on_mount(self) -> None:
        from rich.text import Text

        from solver.runtime import savefile
        from solver.runtime.errors import one_line

        table = self.query_one("#games", DataTable)
        table.add_columns("game", "name", "state", "saved")
        try:
            kept = savefile.listing()
            where = f"Kept in {savefile.games_dir()}"
        except UserError as error:
            kept, where = [], str(error)
        for game in kept:
            choice = GAMES_BY_KEY.get(str(game["game"]))
            title = choice.title if choice else "unreadable"  # damaged, or not ours
            state = "finished: enter reviews" if game["finished"] else "unfinished: enter resumes"
            if choice is None:
                state = "unreadable: d deletes"
            elif not game["intact"]:  # changed by hand, or another install's
                state = "changed outside myword: d deletes"
            cells = (title, game["name"], state, str(game["saved"]))
            # a file's name and its unchecked fields: text, never markup nor escape sequences
            table.add_row(*(Text(one_line(cell)) for cell in cells), key=game["path"])
        self._kept = {game["path"]: game for game in kept}
        if not kept:
            where = f"No saved games yet. {where}"
        self.query_one("#where", Label).update(where)
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        game = self._kept.get(str(event.row_key.value))
        if game is None:
            return
        if str(game["game"]) not in GAMES_BY_KEY or not game["intact"]:  # (a KeyError was)
            self.notify(f"{game['name']} is no game this myword can open: d deletes it")
            return
        if game["finished"]:  # looked back on: its review, with the engine's analysis
            self.app.open_review(Path(game["path"]))
            return
        key, path = str(game["game"]), Path(game["path"])
        self.app.open_game(lambda: resume_screen(key, path), replace=True)

    def action_delete(self) -> None:
        table = self.query_one("#games", DataTable)
        if not table.row_count:
            return
        row_key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        game = self._kept[str(row_key.value)]
        state = "finished" if game["finished"] else "unfinished"

        def answered(yes: bool | None) -> None:
            from solver.runtime import savefile

            if not yes:
                return
            try:
                savefile.delete(Path(game["path"]))
            except UserError as error:
                self.notify(str(error), severity="error")
                return
            table.remove_row(row_key)
            del self._kept[str(row_key.value)]
            self.notify(f"Deleted {game['name']}.")

        self.app.push_screen(ConfirmScreen(f"Delete {game['name']} ({state})?"), answered)

    def action_help(self) -> None:
        text = (
            "# Saved games\n\nEvery game you play is saved after each move (a MY WORD! race "
            "once it ends). Choose an unfinished one (up/down, enter, or click) to play on "
            "where you left it, a finished one to review it move by move with the engine's "
            "analysis (`myword review NAME` in a terminal); `d` "
            "deletes the one under the cursor (after asking). Escape goes back to the menu."
            "\n\nIn a terminal, `myword games` lists them too, and `myword games --delete "
            "NAME` deletes one."
        )
        self.app.push_screen(HelpScreen("saved games", text))


class RecordScreen(Screen[None]):
    """The player's record (``m`` on the menu): the tables and bars of ``myword record``
    (``solver/ui/record.py``)."""

    BINDINGS: ClassVar = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    RecordScreen VerticalScroll { padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(id="record")
        yield Footer()

    def on_mount(self) -> None:
        from rich.text import Text

        from solver.ui.record import loaded, view

        self.app.sub_title = "your record"
        try:
            entries, where = loaded(None)
            shown: Any = view(entries, where)
        except UserError as error:  # a damaged record: said, not drawn as markup
            shown = Text(str(error))
        self.query_one("#record", Static).update(shown)


class SettingsScreen(Screen[None]):
    """What is global to the games: the language every game's new-game form starts with
    (each game's other options are on its own form, remembered per game)."""

    if TYPE_CHECKING:  # self.app as this app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        Binding("escape", "app.pop_screen", "Back (not saved)"),
        Binding("question_mark", "help", "Help"),
    ]
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical { width: 70; height: auto; border: round $accent; padding: 1 2; }
    SettingsScreen Label { margin-top: 1; }
    SettingsScreen #buttons { height: auto; margin-top: 1; }
    SettingsScreen .note { margin-top: 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        yield Header()
        with Vertical() as box:
            box.border_title = "Settings"
            yield Label("Language of the words (every game's form starts with it)")
            yield Select(LANGUAGES, value=settings["lang"], allow_blank=False, id="lang")
            yield Static(
                "The bots' level, a seed, MY WORD!'s reaction window and every other option "
                "of a game are on its new-game form (enter or n on the menu).",
                classes="note",
            )
            with Horizontal(id="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.app.pop_screen()
            return
        self.save()

    def save(self) -> None:
        lang = cast(str, self.query_one("#lang", Select).value)  # (allow_blank=False)
        settings: AppSettings = {"lang": lang}
        changed = settings["lang"] != self.app.settings["lang"]
        self.app.settings = settings
        problem = store_settings(settings)
        if changed:  # every game's next form takes the new language
            from solver.ui.forms import forget_language

            problem = forget_language() or problem
        if problem:
            self.app.notify(problem, severity="warning")
        self.app.pop_screen()

    def action_help(self) -> None:
        text = (
            "# Settings\n\n- **Language**: the words the games accept and the bots play: "
            "every game's new-game form starts with it (a form can choose another for its "
            "game, remembered until this setting is changed again).\n\n"
            "Everything else a game takes (the bots' level and number, your colour, the "
            "rounds, a seed, timed turns, MY WORD!'s reaction window, a bot of your own or "
            "an engine) is on that game's new-game form, which opens when you choose the "
            "game on the menu and remembers what you chose, per game.\n\n"
            "Save keeps the language for next time."
        )
        self.app.push_screen(HelpScreen("settings", text))


class MywordApp(App[int]):
    """The app: the menu, or one game's screen opened directly (``first``), after which the
    app ends when that game's screen is left."""

    TITLE = "myword"
    # Notes (toasts) show at the top right, below the header: at the bottom, Textual's
    # default, they covered the line every game types into.
    CSS = """
    ToastRack { dock: top; align: right top; margin-top: 1; margin-bottom: 0; }
    """
    # Ctrl-C quits, as it does everywhere else in myword (Textual's own asks for ctrl+q),
    # with the exit status of every other Ctrl-C (130); games are saved after every move,
    # and a game's screen says how to resume it.
    BINDINGS: ClassVar = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True),
    ]

    def __init__(self, first: Callable[[], Screen] | None = None) -> None:
        super().__init__()
        self.first = first
        self.settings = load_settings()

    def on_mount(self) -> None:
        if self.first is None:
            self.push_screen(MenuScreen())
        else:
            self.open_game(self.first, exit_after=True)

    def watch_app_focus(self, focus: bool) -> None:
        """Give the screen its focus when the app gets focus back and nothing has it.

        In the browser the tab may report focus-out while a screen is being made; Textual
        then skips focusing its first widget, and when a key gives the app its focus back
        it restores only what had focus before: nothing. A person's first keys (down,
        enter on the menu) were lost. Runs before that key is handed on."""
        if not focus:
            return
        try:
            screen = self.screen
        except ScreenStackError:  # starting or ending: no screen to focus
            return
        if screen.focused is None:
            self._focus_first(screen)

    def _focus_first(self, screen: Screen[Any]) -> bool:
        """Focus the screen's first widget its AUTO_FOCUS names that is in its focus chain
        (shown and enabled); False when it names none or none can take focus."""
        selector = screen.AUTO_FOCUS if screen.AUTO_FOCUS is not None else self.AUTO_FOCUS
        if not selector:  # a screen that focuses nothing by itself
            return False
        chain = screen.focus_chain
        for widget in screen.query(selector):
            if widget in chain:
                screen.set_focus(widget, scroll_visible=False)
                return True
        return False

    async def on_event(self, event: events.Event) -> None:
        """A key that finds nothing focused and no binding for it first gives the screen
        its first widget's focus, then goes on as every key does (to that widget).

        The browser's tab can lose the first focus without telling the app (no focus-out,
        so ``watch_app_focus`` never runs): CI's browser test once saw the menu drawn and
        its down and enter lost, a person's first keys doing nothing. Decided before the
        key is handed on, so a key a screen binds (enter on a finished round) still goes
        to its binding, once."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            try:
                screen = self.screen
            except ScreenStackError:  # starting or ending: no screen to focus
                screen = None
            if (
                screen is not None
                and screen.focused is None
                and event.key not in screen.active_bindings
            ):
                self._focus_first(screen)
        await super().on_event(event)

    def open_game(
        self,
        make: Callable[[], Screen],
        replace: bool = False,
        exit_after: bool = False,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        """Open a game's screen; a game that cannot start says why in one line (a note, or
        ``on_error``: a new-game form shows it on itself). From the menu, a note shows
        first: a first game compiles its kernels (seconds), and the screen would otherwise
        sit still meanwhile."""
        if not exit_after:
            self.notify("Starting the game (the very first one compiles: up to a minute)")
            # the note drawn first
            self.set_timer(0.2, lambda: self._open(make, replace, on_error=on_error))
            return
        self._open(make, replace, exit_after)

    def _open(
        self,
        make: Callable[[], Screen],
        replace: bool,
        exit_after: bool = False,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        try:
            screen = make()
        except UserError as error:
            if exit_after:
                self.exit(1, return_code=1, message=f"Error: {error}")
            elif on_error is not None:
                self.clear_notifications()  # "Starting the game": it did not
                on_error(str(error))
            else:
                self.notify(str(error), severity="error", timeout=8)
            return
        if replace:
            self.pop_screen()
        self.clear_notifications()  # "Starting the game" has been read: it would cover the game
        self.push_screen(screen, callback=(lambda _: self.exit(0)) if exit_after else None)

    def show_help(self, title: str, text: str) -> None:
        """A screen's help over it (for screens of the kit that the app imports)."""
        self.push_screen(HelpScreen(title, text))

    def open_review(self, path: Path) -> None:
        """The review of the finished game saved at ``path``, over the screen shown (escape
        comes back). The engine weighs every move meanwhile (seconds) in a worker thread,
        so the app keeps drawing; the review's module is imported by name: it sits above
        the games, whose end screens open it too (``solver.ui.review_screen``)."""
        self.notify("Reviewing: the engine weighs every move (a few seconds)")
        screens = importlib.import_module("solver.ui.review_screen")

        def work() -> None:
            try:
                found = screens.load_review(path)
            except UserError as error:
                self.call_from_thread(self.notify, str(error), severity="error", timeout=8)
                return
            self.call_from_thread(self._show_review, screens.ReviewScreen(found))

        self.run_worker(work, thread=True, group="review")

    def _show_review(self, screen: Screen) -> None:
        """The review, once weighed: the note that it was being weighed goes (it covered the
        review's turning points until it timed out)."""
        self.clear_notifications()
        self.push_screen(screen)

    async def action_quit(self) -> None:
        """Leave the app; every game screen still open may say how to resume its game
        (``exit_note()``), shown in the terminal once the app has gone."""
        self._leave(0)

    async def action_interrupt(self) -> None:
        """Ctrl-C: leave as ``quit`` does, with exit status 130."""
        self._leave(130)

    def _leave(self, status: int) -> None:
        notes = [
            note
            for screen in self.screen_stack
            if callable(exit_note := getattr(screen, "exit_note", None)) and (note := exit_note())
        ]
        self.exit(status, return_code=status, message="\n".join(notes) or None)


def can_run() -> bool:
    """Whether the app can be shown: a terminal on both ends, or a browser (textual-serve
    starts the app with its web driver named in the environment)."""
    import os
    import sys

    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    streams = (sys.stdin, sys.stdout)
    return all(stream is not None and stream.isatty() for stream in streams)


def run_app(first: Callable[[], Screen] | None = None) -> int:
    """Run the app in this terminal (or, under textual-serve, in the browser) until it is
    left; its exit status."""
    app = MywordApp(first)
    app.run()
    return app.return_code or 0
