"""The new-game form of one game: every option of its ``play`` command (``solver.ui.forms``),
filled with what its last game started with; Start (or enter in a text field) starts the
game, escape goes back to the menu. What the command refuses shows on the form, in the
command's own words, and the form stays."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from solver.runtime.errors import UserError, one_line
from solver.ui import forms


def _choice_label(control: forms.Control, choice: str) -> str:
    """How a choice reads in its list: a language by its name, anything else as typed."""
    if control.name == "lang":
        from solver.wordtools.lexicon import LANGUAGES

        if choice in LANGUAGES:
            return f"{LANGUAGES[choice].name} ({choice})"
    return choice


def _words(text: str) -> str:
    return " ".join(text.lower().rstrip(".").split())


class NewGameScreen(Screen[None]):
    """A game's options before it starts, as ``myword <game> play`` takes them."""

    BINDINGS: ClassVar = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start"),
        Binding("f1", "help", "Help"),
    ]
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll { height: 1fr; }
    NewGameScreen #fields { height: auto; padding: 0 1; border: round $accent; }
    NewGameScreen .row { height: auto; margin-top: 1; }
    NewGameScreen .label { width: 36; padding-right: 1; }
    NewGameScreen .row Input { width: 1fr; }
    NewGameScreen .row Select { width: 1fr; }
    NewGameScreen .row .players { width: 16; margin-left: 1; }
    NewGameScreen .about { color: $text-muted; padding-left: 2; }
    NewGameScreen #problem { color: $error; padding: 0 1; height: auto; }
    NewGameScreen #buttons { height: auto; padding: 0 1; margin-bottom: 1; }
    NewGameScreen #buttons Button { margin-right: 2; }
    """

    def __init__(self, key: str, lang: str | None = None) -> None:
        super().__init__()
        self.form = forms.game_form(key)
        self.command = self.form.click_command()
        self.controls = forms.controls(self.form)
        self.values = forms.remembered(self.form, lang)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll() as scroll, Vertical(id="fields") as box:
            # the fields take the focus, the scroll follows them: the first field has it
            # when the form opens (Textual's auto focus would give it to the scroll)
            scroll.can_focus = False
            box.border_title = f"New game: {self.form.title}"
            for control in self.controls:
                yield from self._field(control)
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Start", variant="primary", id="start", compact=True)
            yield Button("Back", id="back", compact=True)
        yield Footer()

    def _field(self, control: forms.Control) -> ComposeResult:
        """One option: its label and its field on one line, its help's first sentence
        below (the whole help in the tooltip, and on F1)."""
        value = self.values[control.name]
        widget_id = f"field-{control.name}"
        with Horizontal(classes="row"):
            if control.kind == "flag":
                yield Checkbox(control.label, bool(value), id=widget_id, compact=True)
            else:
                yield Label(control.label, classes="label")
                if control.kind == "choice":
                    yield Select(
                        [(_choice_label(control, c), c) for c in control.choices],
                        value=value if value in control.choices else Select.NULL,
                        allow_blank=control.default == "",
                        prompt="(the default)",
                        id=widget_id,
                        compact=True,
                    )
                else:
                    yield Input(
                        str(value),
                        placeholder=str(control.default) or "(empty)",
                        id=widget_id,
                        compact=True,
                    )
                    if control.players:
                        yield Select(
                            [(name, name) for name in control.players],
                            prompt="add one" if control.many else "choose",
                            id=f"list-{control.name}",
                            classes="players",
                            compact=True,
                        )
        if control.summary and _words(control.summary) != _words(control.label):
            about = Static(control.summary, classes="about", markup=False)
            about.tooltip = control.help
            yield about

    def on_mount(self) -> None:
        self.app.sub_title = f"new game: the options of {self.form.cli}"
        self.query_one(f"#field-{self.controls[0].name}").focus()

    def held(self) -> dict[str, str | bool]:
        """What the form holds, by option."""
        values: dict[str, str | bool] = {}
        for control in self.controls:
            widget = self.query_one(f"#field-{control.name}")
            if isinstance(widget, Select):
                values[control.name] = "" if widget.is_blank() else str(widget.value)
            elif isinstance(widget, Checkbox):
                values[control.name] = widget.value
            else:
                assert isinstance(widget, Input)
                values[control.name] = widget.value
        return values

    def on_select_changed(self, event: Select.Changed) -> None:
        """A player chosen from a list goes into its text (added, for a list of seats)."""
        list_id = event.select.id or ""
        if not list_id.startswith("list-") or event.select.is_blank():
            return
        name = list_id.removeprefix("list-")
        control = next(c for c in self.controls if c.name == name)
        field = self.query_one(f"#field-{name}", Input)
        chosen = str(event.value)
        if control.many and field.value.strip():
            field.value = f"{field.value.strip().rstrip(',')},{chosen}"
        else:
            field.value = chosen
        event.select.clear()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.app.pop_screen()
        else:
            self.action_start()

    def show_problem(self, message: str) -> None:
        self.query_one("#problem", Static).update(f"Error: {one_line(message)}")

    def action_start(self) -> None:
        """Start the game as ``play`` would with these options; what the command refuses,
        or a game that cannot start, is one line on the form."""
        values = self.held()
        self.query_one("#problem", Static).update("")
        try:
            context = forms.parse(self.form, forms.arguments(self.controls, values))
        except UserError as error:
            self.show_problem(str(error))
            return

        def make() -> Screen:
            with context:
                screen = self.form.starter()(context)
            problem = forms.remember(self.form, values)
            if problem:
                self.app.notify(problem, severity="warning")
            return screen

        self.app.open_game(make, replace=True, on_error=self.show_problem)  # type: ignore[attr-defined]

    def action_help(self) -> None:
        lines = [
            f"# New game: {self.form.title}\n",
            f"Every option of `{self.form.cli}`, with its defaults: what you choose here is "
            "remembered for this game's next form (but the seed: a seed replays one game). "
            "Enter in a text field, ctrl+s or Start starts the game; escape goes back. "
            "Tab moves between the fields; enter opens a list.\n",
        ]
        for control in self.controls:
            lines.append(f"- **{control.label}** (`{control.flag}`): {control.help}")
        flags = {name: max(o.opts, key=len) for name, o in forms.options_of(self.command).items()}
        skipped = ", ".join(f"`{flags[s.name]}` ({s.reason})" for s in self.form.skipped)
        lines.append(f"\nLeft out: {skipped}.")
        self.app.show_help(self.form.title, "\n".join(lines))  # type: ignore[attr-defined]
