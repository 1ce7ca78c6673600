"""The assistant full-screen (Textual): your game against a person, both sheets side by side,
the advice for your next row beside them, and one input line for every entry.

The screen drives the same ``assist.Assistant`` as the line mode: it shows the prompt, sends
what is typed as an entry and shows the notes (worded by ``assist_words``). The advice is
worked out in a worker thread (``live_advice.Advisor``), so the screen stays live and you
may type while it thinks; the process stays alive, so the kernels compile once (warmed at
the start, with a note) and every position is computed once. While the table plays on, the
worker goes on to the positions the recommended Guessword can lead to, so that the next
advice is ready when its score is heard. The game saves itself after every entry: leaving
(Escape) or a closed terminal loses nothing.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, RichLog, Static
from textual.worker import get_current_worker

from solver.deduce import assist, assist_entries, live_advice
from solver.deduce.rules import PENALTY
from solver.deduce.ui import assist_display, assist_words, display
from solver.deduce.ui.screens import AnswerInput
from solver.runtime.errors import UserError

# The room the boxed sheets, the totals, the advice and six lines of notes take: in less
# (80 x 24) the sheets are drawn compact and the details fold away behind ``+``.
FULL_WIDTH, FULL_HEIGHT = 90, 36
HELP_ENTRIES = "\n".join(
    f"| `{command.typed}` | {command.means} |" for command in assist_entries.COMMANDS
)
HELP = f"""\
# What's My Word? assistant

You play a person at the table, each with a hidden Gameword (6 letters in round 1, Purple
first; 7 in round 2, Red first). Type here what happens; the assistant keeps both sheets,
scores your opponent's Guesswords from your Gameword, and advises your next Guessword.

## Entries
A line is a word entry, or a command, which starts with a colon (`:end`, `:undo`). A line
without the colon is a word entry, so a Guessword is never taken for a command: END is a
Guessword, `:end` ends the game.

| type | for |
|---|---|
| your Gameword | at the start of each round (hidden) |
| `DEN 1250` | your Guessword and the score you heard |
| `DEN` | their Guessword on their turn: you get the score to announce, marked |
| `DEN`, then `1250` | on your turn: your Guessword, then the score you heard |
{HELP_ENTRIES}

## Warnings
- **No word fits the scores you heard**: one of them is wrong. The assistant names the
  likeliest and what it would have been. Call it out: the rulebook gives you
  {PENALTY:,} points for each turn a wrong score went undetected.
- **You said another score than the right one**: correct it at once; your opponent
  receives {PENALTY:,} points for each of their turns it stands.
- **Not in the dictionary**: a Guessword may be rejected (then `:undo`).

## Marks
| mark | means |
|---|---|
| `(A)` green | matching: circled on the paper sheet |
| `_A_` yellow, underlined | non-matching: underlined |
| `~A~` dim, struck through | not in the hidden word: crossed out |
| `?A?` | not known yet: the words that fit your scores differ on this letter |

**Advice**: the recommended Guessword and alternatives with their expected points and
bits of information, how many words still fit and the likeliest, and the marginal
alphabets: per column of their word, the letters still possible (circled when known).

## Keys
| key | what it does |
|---|---|
| Enter | send the entry typed |
| `?` | this help |
| Escape | leave, saved (`myword deduce assist --resume NAME` goes on) |
| `+` | show or fold the details: the advice's table and alphabets, and the legend |
| Page Up, Page Down | scroll the sheets and the advice |

## A small terminal
Under {FULL_WIDTH} x {FULL_HEIGHT} the sheets are drawn compact (no box; a row still to play
says where it sits), so that both sheets and the totals are in view at 80 x 24; the advice
for your next row is said in the notes, and its details are folded at first (`+` shows
them in the notes' place).
"""


# What the empty input line says: the entries, and that commands start with ':'.
PLACEHOLDER = "WORD SCORE, WORD, or a command such as :help"
GAMEWORD_PLACEHOLDER = "your Gameword, hidden as you type"
SIDE_BY_SIDE = 130  # columns: both sheets (about 80) and the advice (at least 44)


class AssistScreen(Screen[None]):
    """Your sheet and theirs, the totals, the advice, the notes and one input line."""

    BINDINGS: ClassVar = [
        Binding("question_mark", "help", "Help", priority=True),
        Binding("plus", "fold", "Details", priority=True),
        Binding("escape", "leave", "Leave (saved)"),
        Binding("pageup", "scroll_board(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll down", show=False),
    ]
    DEFAULT_CSS = """
    AssistScreen #main { height: 1fr; }
    AssistScreen #board { height: 1fr; }
    AssistScreen #top { height: auto; }
    AssistScreen #sheeted { height: auto; width: 1fr; }
    AssistScreen #sheets { height: auto; width: 1fr; }
    AssistScreen #yours, AssistScreen #theirs { width: auto; margin-right: 2; }
    AssistScreen #advice { width: 1fr; min-width: 40; }
    AssistScreen #totals { height: auto; margin-top: 1; }
    AssistScreen #legend { color: $text-muted; }
    AssistScreen #notes { height: 6; border-top: solid $accent; }
    AssistScreen #ask { height: 3; }
    AssistScreen #prompt { padding: 1 1 0 1; width: auto; max-width: 60%; }
    AssistScreen #answer { width: 1fr; }
    AssistScreen.compact #board { height: auto; max-height: 100%; }
    AssistScreen.compact #totals { margin-top: 0; }
    AssistScreen.compact #notes { height: 1fr; min-height: 2; }
    AssistScreen.compact.details #board { height: 1fr; }
    AssistScreen.compact.details #notes { height: 3; min-height: 3; }
    AssistScreen.compact #ask { height: auto; max-height: 2; }
    AssistScreen.compact #prompt { padding: 0 1; }
    AssistScreen.compact #answer { border: none; height: 1; padding: 0 1; }
    """

    def __init__(
        self, assistant: assist.Assistant, hold: bool = False, speculate: bool = True
    ) -> None:
        super().__init__()
        self.assistant = assistant
        self.advisor = live_advice.Advisor(assistant.settings)
        self.hold = hold  # hold the save's lock while the screen is open
        self.speculate = speculate  # work out the next positions while the table plays
        self._locks = contextlib.ExitStack()
        self._introduced: int | None = None
        self.advising: tuple | None = None  # the position whose advice is being worked out
        self._advised: tuple | None = None  # the position whose advice is shown
        self._words: tuple[str, ...] | None = None  # the words that fit (for your marks)
        self.noted: str | None = None
        self.compact = False  # drawn for a small terminal (``on_resize``)
        self.details: bool | None = None  # + shown or folded them; None: as the room says
        self._sheets_width = 0  # both sheets side by side, in columns

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="main"):  # the board and the notes: the input line never leaves
            with VerticalScroll(id="board") as board:
                board.can_focus = False
                with Horizontal(id="top"):
                    with Vertical(id="sheeted"):  # the totals right under the sheets
                        with Horizontal(id="sheets"):
                            yield Static(id="yours")
                            yield Static(id="theirs")
                        yield Static(id="totals")
                    yield Static(id="advice")
                yield Static(Text(display.MARKS), id="legend")
            log = RichLog(id="notes", wrap=True, max_lines=300, markup=False)
            log.can_focus = False
            yield log
        with Horizontal(id="ask"):
            yield Label("", id="prompt")
            yield AnswerInput(id="answer")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "What's My Word? assistant"
        try:
            if self.hold and self.assistant.path is not None:
                from solver.runtime import savefile

                self._locks.enter_context(savefile.holding(self.assistant.path))
            if self.assistant.path is not None and self.assistant.started:
                assist.save(self.assistant.state, self.assistant.path)
        except UserError as error:
            self.app.notify(str(error), severity="error", timeout=10)
            self.app.call_later(self.dismiss, None)
            return
        if self.assistant.finished:
            self.note("This game is over (:undo takes back its end).")
        elif self.assistant.started:
            self.note("Game resumed where it was left.")
        self.note("Warming up the advisor: its kernels compile once, then each move is quick.")
        self.redraw()
        self.next_step()

    def on_unmount(self) -> None:
        self._locks.close()

    def on_resize(self) -> None:
        """Side by side (your sheet, theirs, the advice) when they fit; else one above the
        other, so that the advice is always reachable by scrolling (at 80 columns it was
        drawn off screen, found by a newcomer's review). Under ``FULL_WIDTH`` x
        ``FULL_HEIGHT`` the sheets are compact (side by side in 80 columns) and the details
        (the advice's panel, the legend) are folded behind ``+``: at 80 x 24 both sheets and
        the totals are in view, and the advice's first line is in the notes."""
        width, height = self.size
        self._place_sheets()
        compact = width < FULL_WIDTH or height < FULL_HEIGHT
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "compact")
            self.redraw()
        self._fold()

    def _place_sheets(self) -> None:
        """The advice beside the sheets (and their totals) when there is room, else below."""
        beside = self.size.width >= SIDE_BY_SIDE
        self.query_one("#top").styles.layout = "horizontal" if beside else "vertical"
        sheeted = self.query_one("#sheeted")
        sheeted.styles.width = self._sheets_width if beside and self._sheets_width else "1fr"

    def _fold(self) -> None:
        """Show the details or fold them: as ``+`` said, else shown when there is room."""
        shown = self.details if self.details is not None else not self.compact
        self.set_class(shown, "details")
        self.query_one("#advice").display = shown
        self.query_one("#legend").display = shown
        self.query_one("#board", VerticalScroll).scroll_home(animate=False)
        notes = self.query_one("#notes", RichLog)  # its newest lines, in the room it has now
        self.call_after_refresh(notes.scroll_end, animate=False)

    def action_fold(self) -> None:
        """Show the details, or fold them away (``_fold``)."""
        self.details = not self.query_one("#legend").display
        self._fold()

    # --- drawing -------------------------------------------------------------------------
    def note(self, text: str, style: str = "") -> None:
        self.query_one("#notes", RichLog).write(Text(text, style=style))

    def redraw(self) -> None:
        assistant = self.assistant
        settings = assistant.settings
        self.sub_title = (
            f"round {assistant.game['round'] + 1} of {len(assistant.game['rounds'])} · you "
            f"{assistant.game['you'].capitalize()} v a person · {settings.strategy}, "
            f"Guesswords from {settings.vocabulary}"
        )
        words = self._words if assistant.round["mine"] else None
        yours = assist_display.your_sheet(assistant, words, self.compact)
        theirs = assist_display.their_sheet(assistant, self.compact)
        self.query_one("#yours", Static).update(yours)
        self.query_one("#theirs", Static).update(theirs)
        console = self.app.console
        measured = (Measurement.get(console, console.options, t).maximum for t in (yours, theirs))
        self._sheets_width = sum(measured) + 4  # their margins
        self._place_sheets()
        self.query_one("#totals", Static).update(assist_display.totals_text(assistant))

    def position(self) -> tuple:
        assistant = self.assistant
        return (
            assistant.game["round"],
            assistant.sheet.word_length,
            tuple(assistant.history()),
        )

    def next_step(self) -> None:
        """Show the prompt, and have the advice worked out when the position changed."""
        assistant = self.assistant
        waiting = assistant.waiting()
        if waiting.kind != "gameword" and self._introduced != assistant.game["round"]:
            self.note(assist_words.intro(assistant.game), "bold")
            self._introduced = assistant.game["round"]
        position = self.position()
        rows_left = len(position[2]) < len(assistant.sheet.rows)
        if assistant.finished or not rows_left:
            self.query_one("#advice", Static).update(self._sheet_full())
        elif position not in (self._advised, self.advising):
            self.advising = position
            self.query_one("#advice", Static).update(Text("Working out the advice…"))
            self.advise(position)
        prompt = self.query_one("#prompt", Label)
        prompt.update(assist_words.prompt(waiting))
        answer = self.query_one("#answer", Input)
        answer.password = waiting.hidden
        answer.placeholder = GAMEWORD_PLACEHOLDER if waiting.hidden else PLACEHOLDER
        answer.focus()

    def _sheet_full(self) -> Text:
        if self.assistant.finished:
            return Text(assist_words.verdict(self.assistant.game), style="bold")
        return Text(
            "Your sheet is full for this round.\n:reveal THEIRWORD checks every score you heard.",
            style="bold",
        )

    # --- the advice, in a worker ---------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="advice")
    def advise(self, position: tuple) -> None:
        worker = get_current_worker()
        _, length, history = position
        try:
            if not self.advisor.warmed:
                live_advice.warm_up(self.advisor)
                self.app.call_from_thread(self.note, "The advisor is ready.")
            advice = self.advisor.advise(length, list(history))
        except Exception as error:  # shown, not a crash: the game is saved as it was
            if not worker.is_cancelled:
                self.app.call_from_thread(self.note, f"The advice failed: {error}", "red")
            return
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self.advised, position, advice)
        if self.speculate:
            self.advisor.speculate(length, list(history), lambda: worker.is_cancelled)

    def advised(self, position: tuple, advice: Any) -> None:
        if position != self.position():
            return  # an entry came meanwhile: its own advice is on the way
        self.advising = None
        self._advised = position
        self._words = advice.deduction.words or None
        for line in assist_words.advice_warnings(advice):
            self.note(line, "bold red")
        if advice.choices and advice.next_row is not None:  # in view even when the board
            best, *others = (c.guess.upper() for c in advice.choices[:3])  # is scrolled
            then = f" (or {', '.join(others)})" if others else ""
            number = len(advice.history) + 1
            self.note(f"Advice for your row {number}: {best}{then}.", "green")
        parts: list[RenderableType] = [Text("Advice for your next row", style="bold underline")]
        parts.append(display.advice_view(advice, self.assistant.settings.top))
        self.query_one("#advice", Static).update(Group(*parts))
        self.redraw()

    # --- entries -------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value  # the line is emptied already, as Enter was read (AnswerInput)
        if not text.strip():
            return
        if assist_entries.command_of(text) == "help":
            self.action_help()
            return
        hidden = self.assistant.waiting().hidden
        try:
            notes = self.assistant.enter(text)
        except assist.Refused as refused:
            self.note(str(refused), "red")
            return
        except UserError as error:  # the save could not be written
            self.note(str(error), "bold red")
            return
        self.note(f"> {'(hidden)' if hidden else text.strip()}", "dim")
        for line, warning in assist_words.lines(notes):
            self.note(line, "bold red" if warning else "")
        self.redraw()
        self.next_step()

    # --- keys ----------------------------------------------------------------------------
    def action_help(self) -> None:
        from solver.ui.app import HelpScreen

        self.app.push_screen(HelpScreen("What's My Word? assistant", HELP))

    def action_scroll_board(self, pages: int) -> None:
        board = self.query_one("#board", VerticalScroll)
        (board.scroll_page_down if pages > 0 else board.scroll_page_up)()

    def resume_note(self) -> str | None:
        """How to go on with the game; None when there is nothing to go on with (over, or
        left before its first entry: such a game is not kept among the saved games)."""
        if self.assistant.finished or self.assistant.path is None:
            return None
        if not self.assistant.started:
            self._forget_empty_save()
            return None
        from solver.ui.saved import saved_note

        return saved_note("deduce assist", self.assistant.path)

    def _forget_empty_save(self) -> None:
        """Leaving a game with no entry (new, or undone back to none) leaves no save and no
        lock file behind."""
        from solver.runtime import savefile

        if self.assistant.path is not None:
            self._locks.close()
            savefile.discard(self.assistant.path)

    def exit_note(self) -> str | None:
        self.noted = self.resume_note()
        return self.noted

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "advice")
        if note := self.resume_note():
            self.app.notify(note, timeout=10)
        self.dismiss(None)


# ``options``: keyword options, not a document (``lang``; others ignored).
def new_game_screen(options: dict[str, Any]) -> AssistScreen:
    """A new assistant game from the app's menu, in the chosen language; saved in the games
    folder. Your colour is an entry (purple, red) before the first row."""
    from solver.runtime import savefile

    state = assist.new_game(assist.Settings(lang=options.get("lang", "en")))
    return AssistScreen(assist.Assistant(state, savefile.new_path(assist.GAME)), hold=True)


def resume_screen(path: Path) -> AssistScreen:
    return AssistScreen(assist.Assistant(assist.load(path), path), hold=True)
