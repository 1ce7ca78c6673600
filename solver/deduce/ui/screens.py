"""What's My Word? full-screen (Textual): both sheets side by side, as on paper.

The screen drives the same ``session.Game`` as the line mode: it asks the game what it
waits for, shows the prompt on its one input line, sends the answer as a move and shows
the notes. The bot thinks in a worker thread (``Game.think`` only reads the state), with a
progress bar, so the screen stays live; its move is made back on the screen's thread. The
game saves itself after every move, so leaving (q, escape) or a closed terminal loses
nothing.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.measure import Measurement
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, ProgressBar, RichLog, Static
from textual.worker import get_current_worker

from solver.arena.protocol import Forfeited
from solver.deduce import session
from solver.deduce.rules import BOT_NAME, PENALTY, default_sheet
from solver.deduce.ui import display, words
from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from textual import getters

    from solver.ui.app import MywordApp

# The room the boxed sheets, their totals, the details and five lines of notes take: in less
# (80 x 24), the sheets are drawn compact and the details fold away behind ``+``.
FULL_WIDTH, FULL_HEIGHT = 90, 36
# How the sheets are drawn: boxed (room to spare), compact (no box, 13 lines), tight
# (compact, the marked letters without a space between them: when compact ones would have
# to go one above the other, as a 7-letter round with its "(said N)" cells in 80 columns).
BOXED, COMPACT, TIGHT = "boxed", "compact", "tight"

HELP = f"""\
# What's My Word?

You and {BOT_NAME} each hide a Gameword: 6 letters in round 1 (Purple plays first), 7 in
round 2 (Red plays first). Turn by turn you each play a Guessword on the next row of your
sheet; the row says how many letters and under which columns of the hidden word it sits.

## Scores
- **1000** for each *matching* letter: the hidden word has it in the same column.
- **250** for each *non-matching* letter: the hidden word has it elsewhere (matching
  letters are counted first, and each letter of the hidden word counts once).
- **3000** more on the last row for naming the hidden word exactly.
- Every row of both sheets is played, even after the word is found; the highest grand
  total wins.
- With `--you-score` you score {BOT_NAME}'s Guesswords yourself: {BOT_NAME} checks them, asks
  you to recheck a score when no word fits, and audits every score when you reveal your
  word; each wrong score gives {BOT_NAME} {PENALTY:,} points per turn it went undetected.

## Marks
| mark | means |
|---|---|
| `(A)` green | matching: circled on the paper sheet |
| `_A_` yellow, underlined | non-matching: underlined |
| `~A~` dim, struck through | not in the hidden word: crossed out |
| `?A?` | not known yet: the words that fit your scores differ on this letter |

{BOT_NAME.capitalize()}'s Guesswords are marked against your word. Yours are marked only as
far as your scores tell (with the hints shown).

**Marginal alphabets** (with the hints): one alphabet per column of {BOT_NAME}'s word. A
letter is crossed out (shown `·`) where no word that fits your scores has it, circled
`(E)` where every one does, underlined `_A_` when every such word has it but its column is
not known yet. Below them: the letters known to be in the word or not, and how many words
still fit.

## Keys
| key | what it does |
|---|---|
| letters, Enter | type your answer on the input line and send it |
| `?` | this help |
| `!` | show or hide the hints: marks and marginal alphabets (`h` too between rounds) |
| `+` | show or fold the details: the marginal alphabets (with the hints), the legend |
| Escape | leave, saved (`q` too between rounds: the input takes letters, QI is a word) |
| Enter | when a round is over, go on; when the game is over, leave |
| r | when the game is over, review it: the advisor's choice beside yours (`myword review`) |
| Page Up, Page Down, mouse wheel | scroll the board (the details, in a small terminal) |

## A small terminal
Under {FULL_WIDTH} x {FULL_HEIGHT} the sheets are drawn compact (no box; a row still to play
says where it sits; after the audit a score you gave wrong shows what you said in brackets,
`1,250 (1,000)`) so that both sheets, the totals and the penalty are in view at 80 x 24;
the details are folded there at first, and `+` shows them in the notes' place. The widest
sheets (a 7-letter round with such brackets) draw the marked letters without a space
between them, `(K)(I)_T_`, rather than one sheet below the other.

A game you leave goes on with `myword deduce play --resume NAME` (`myword games` lists the
names), or from the menu of `myword play`: Resume a saved game.
"""


FEW_WORDS = 8  # the hints name the words that fit when there are no more than this
COMMAND_KEYS = frozenset("?!+")  # never part of an answer: keys of the screen even while typing


class AnswerInput(Input):
    """The input line; ``?``, ``!`` and ``+`` are not typed into it but reach the screen's keys
    (help, hints), since no answer holds them.

    Enter sends the line as it is when Enter is read and empties it there and then, in the
    order of the keys. Textual's Input sends it later (Enter reaches its binding after going
    up to the app, while the keys typed next are already in the line) and the screens
    emptied the line once they had handled the answer: keys typed meanwhile were wiped, or
    ran into the answer before (the assistant lost `end` typed quickly after `reveal`)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character not in COMMAND_KEYS and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            return  # Input's own handler runs next
        event.stop()
        event.prevent_default()  # neither Input's handler nor its Enter binding
        value, self.value = self.value, ""
        checked = self.validate(value) if "submitted" in self.validate_on else None
        self.post_message(self.Submitted(self, value, checked))


class DeduceScreen(Screen[None]):
    """A game against the bot: your sheet and the bot's side by side, the marginal
    alphabets, the totals, the notes, and one input line."""

    if TYPE_CHECKING:  # self.app as the app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        Binding("question_mark", "help", "Help", priority=True),
        Binding("exclamation_mark", "hints", "Hints", priority=True),
        Binding("plus", "fold", "Details", priority=True),
        Binding("escape", "leave", "Leave (saved)"),
        Binding("q", "leave", "Leave", show=False),
        Binding("h", "hints", "Hints", show=False),
        Binding("enter", "go_on", "Go on", show=False),
        Binding("r", "review", "Review", show=False),  # once the game is over
        Binding("pageup", "scroll_board(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll down", show=False),
    ]
    DEFAULT_CSS = """
    DeduceScreen #main { height: 1fr; }
    DeduceScreen #board { height: 1fr; }
    DeduceScreen #sheets { height: auto; }
    DeduceScreen #yours, DeduceScreen #bots { width: auto; margin-right: 2; }
    DeduceScreen #alphabets { height: auto; margin-top: 1; }
    DeduceScreen #totals { height: auto; }
    DeduceScreen #legend { color: $text-muted; }
    DeduceScreen #notes { height: 5; border-top: solid $accent; }
    DeduceScreen #ask { height: 3; }
    DeduceScreen #prompt { padding: 1 1 0 1; width: auto; max-width: 60%; }
    DeduceScreen #answer { width: 1fr; }
    DeduceScreen #thinking { padding: 1 1 0 1; width: auto; }
    DeduceScreen.compact #board { height: auto; max-height: 100%; }
    DeduceScreen.compact #bots { margin-right: 0; }
    DeduceScreen.compact #alphabets { margin-top: 0; }
    DeduceScreen.compact #notes { height: 1fr; min-height: 2; }
    DeduceScreen.compact.details #board { height: 1fr; }
    DeduceScreen.compact.details #notes { height: 3; min-height: 3; }
    DeduceScreen.compact #ask { height: auto; max-height: 2; }
    DeduceScreen.compact #prompt { padding: 0 1; }
    DeduceScreen.compact #thinking { padding: 0 1; }
    DeduceScreen.compact #answer { border: none; height: 1; padding: 0 1; }
    """

    def __init__(self, game: session.Game, hold: bool = False) -> None:
        super().__init__()
        self.game = game
        self.hold = hold  # hold the save's play lock while the screen is open
        self.hints = game.settings.hints
        self._locks = contextlib.ExitStack()
        self._introduced: int | None = None
        self._asked: tuple[str, int, int] | None = None  # the question now on the input line
        self._asked_at = 0.0
        self.noted: str | None = None  # the resume note the app printed on quitting
        self._sheets: dict[str, tuple[Any, Any]] = {}  # both sheets, as each is drawn
        self.compact = False  # drawn for a small terminal (``_arrange``)
        self._deduction: Any = None  # what your scores leave possible, with the hints
        self.details: bool | None = None  # + shown or folded them; None: as the room says

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="main"):  # the board and the notes: the input line never leaves
            with VerticalScroll(id="board") as board:
                board.can_focus = False  # a click keeps the typing on the input line
                with Horizontal(id="sheets"):
                    yield Static(id="yours")
                    yield Static(id="bots")
                yield Static(id="totals")  # right under the sheets: never below the fold
                yield Static(id="alphabets")
                yield Static(Text(display.MARKS), id="legend")
            log = RichLog(id="notes", wrap=True, max_lines=200, markup=False)
            log.can_focus = False
            yield log
        with Horizontal(id="ask"):
            yield Label("", id="prompt")
            yield ProgressBar(total=None, show_eta=False, show_percentage=False, id="thinking")
            yield AnswerInput(id="answer")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "What's My Word?"
        self.query_one("#thinking").display = False
        try:
            if self.hold and self.game.path is not None:
                from solver.runtime import savefile

                self._locks.enter_context(savefile.holding(self.game.path))
            if self.game.path is not None:
                session.save(self.game.state, self.game.path)
        except UserError as error:  # played elsewhere already, or the save cannot be written
            self.app.notify(str(error), severity="error", timeout=10)
            self.app.call_later(self.dismiss, None)
            return
        if self.game.finished:
            self.note("This game is over.")
        elif self.game.started:
            self.note("Game resumed where it was left.")
        elif note := words.replay_note(self.game.state):
            self.note(note, "bold")
        self.redraw()
        self.next_step()
        if self.game.settings.turn_seconds is not None:
            self.set_interval(1, self.tick)

    def on_unmount(self) -> None:
        self._locks.close()

    # --- drawing -------------------------------------------------------------------------
    def note(self, text: str, style: str = "") -> None:
        self.query_one("#notes", RichLog).write(Text(text, style=style))

    def redraw(self) -> None:
        state, settings = self.game.state, self.game.settings
        self.sub_title = (
            f"round {state['round'] + 1} of {len(state['rounds'])} · you "
            f"{settings.you.capitalize()} v {BOT_NAME} ({settings.difficulty})"
            # The seed draws the bot's words: shown once the game is over.
            + (f" · seed {settings.seed}" if self.game.finished and settings.seed else "")
            + (" · a replay" if settings.replay else "")
        )
        game_round = state["rounds"][state["round"]]
        sheet = default_sheet(game_round["length"])
        deduction = display.your_deduction(state) if self.hints else None
        running = session.totals(state)["rounds"][state["round"]]
        self._sheets = {
            drawn: (
                display.your_sheet(state, deduction, True, drawn != BOXED, drawn == TIGHT),
                display.bot_sheet(game_round, sheet, running, True, drawn != BOXED, drawn == TIGHT),
            )
            for drawn in (BOXED, COMPACT, TIGHT)
        }
        self._deduction = deduction
        self._arrange()
        self.query_one("#totals", Static).update(self._totals())

    def _width(self, tables: tuple[Any, Any], margin: int) -> int:
        """Both sheets side by side, in columns, with ``margin`` after each (compact: 1,
        the two columns between them shared)."""
        console = self.app.console
        measured = (Measurement.get(console, console.options, t).maximum for t in tables)
        return sum(measured) + margin * len(tables)

    def _arrange(self) -> None:
        """The boxed sheets side by side when the terminal has room for them and for the
        details (``FULL_HEIGHT``); else the compact sheets (a rule under the headings, no
        box: 13 lines), side by side if they fit (80 columns do), with the details folded
        (``+``), so that at 80 x 24 the sheets, the totals and the penalty are all in
        view without scrolling."""
        if not self._sheets:
            return
        width, height = self.size
        full = self._width(self._sheets[BOXED], 2)
        compact = height < FULL_HEIGHT or width < max(FULL_WIDTH, full)
        self.compact = compact
        self.set_class(compact, "compact")
        drawn = BOXED
        if compact:  # the tight sheets only when the compact ones would go one above the other
            roomy = width - 2 >= self._width(self._sheets[COMPACT], 1)
            drawn = COMPACT if roomy else TIGHT
        yours, bots = self._sheets[drawn]
        self.query_one("#yours", Static).update(yours)
        self.query_one("#bots", Static).update(bots)
        needed = full if drawn == BOXED else self._width(self._sheets[drawn], 1)
        fits = width - 2 >= needed
        self.query_one("#sheets").styles.layout = "horizontal" if fits else "vertical"
        self._fold()

    def _fold(self) -> None:
        """Show the details (the marginal alphabets with the hints, the legend) or fold
        them: as ``+`` said, else shown when there is room for them (not compact). In
        little room, shown details take the notes' place (two lines of notes stay)."""
        shown = self.details if self.details is not None else not self.compact
        self.set_class(shown, "details")
        alphabets = self.query_one("#alphabets", Static)
        alphabets.display = self.hints and shown
        if alphabets.display and self._deduction is not None:
            alphabets.update(self._alphabets(self._deduction))
        self.query_one("#legend").display = shown
        if not shown or not self.compact:
            self.query_one("#board", VerticalScroll).scroll_home(animate=False)
        notes = self.query_one("#notes", RichLog)  # its newest lines, in the room it has now
        self.call_after_refresh(notes.scroll_end, animate=False)

    def on_resize(self) -> None:
        self._arrange()

    def _alphabets(self, deduction: Any) -> Group | Text:
        from solver.deduce import candidates as cand
        from solver.wordtools import lexicon

        if not deduction.consistent:
            return Text("No word fits your scores.", style="bold red")
        found = cand.marginal_alphabets(deduction, self.game.settings.lang)
        alphabet = lexicon.language(self.game.settings.lang).alphabet
        if self.compact:  # the letters still possible only: the grid is 80 columns wide
            title = "Letters still possible, per column of the bot's word"
            grid: Text = display.alphabet_rows(found)
        else:
            title = "Your marginal alphabets (one per column of the bot's word)"
            grid = display.alphabet_grid(found, alphabet)
        parts = [
            Text(title, style="bold"),
            grid,
            display.alphabet_summary(found, len(deduction.words)),
        ]
        if 1 < len(deduction.words) <= FEW_WORDS:  # few left: name them
            words = ", ".join(word.upper() for word in deduction.words)
            parts.append(Text(f"The words that fit, likeliest first: {words}"))
        return Group(*parts)

    def _totals(self) -> Text:
        state = self.game.state
        result = session.totals(state)
        index = state["round"]
        game_round = state["rounds"][index]
        text = Text(display.round_line(index, game_round, result["rounds"][index]), style="bold")
        if self.game.finished:
            text.append(f"\n{words.verdict(self.game.state)}", style="bold")
        elif index > 0:
            before = result["rounds"][index - 1]
            text.append(
                f"\nRound {index} total: you {before['you']:,}, {BOT_NAME} {before['bot']:,}"
                f" · grand total so far: you {result['you']:,}, {BOT_NAME} {result['bot']:,}"
            )
        return text

    # --- the game's next question --------------------------------------------------------
    def next_step(self) -> None:
        """Show what the game waits for: a question on the input line, the bot thinking,
        or a round or the game over."""
        game = self.game
        waiting = game.waiting()
        prompt = self.query_one("#prompt", Label)
        answer = self.query_one("#answer", Input)
        thinking = self.query_one("#thinking", ProgressBar)
        if waiting.kind not in (session.GAMEWORD, session.ROUND_OVER, session.OVER) and (
            self._introduced != game.state["round"]
        ):
            self.note(words.intro(game.state), "bold")
            self._introduced = game.state["round"]
        thinking.display = waiting.kind == session.BOT
        answer.display = waiting.kind not in (session.BOT, session.ROUND_OVER, session.OVER)
        # hidden and disabled: Textual gives a screen coming back from another (the review,
        # the help) its first focusable widget, and a hidden input took q and Enter there
        answer.disabled = not answer.display
        if waiting.kind == session.BOT:
            prompt.update(f"{words.prompt(waiting)}…")
            self.think()
            return
        if waiting.kind == session.ROUND_OVER:
            self.note(words.round_summary(game.state), "bold")
            last = game.state["round"] + 1 == len(game.state["rounds"])
            goes_on = "Enter shows the grand total" if last else "Enter starts the next round"
            prompt.update(f"Round {game.state['round'] + 1} is over: {goes_on}, ? help")
            self.set_focus(None)  # nothing to type: keys go to the screen
            return
        if waiting.kind == session.OVER:
            self.note(words.verdict(game.state), "bold")
            if line := words.seed_line(game.state):  # only now: the seed draws the bot's words
                self.note(line)
            leave = "r reviews it, Enter or q leaves" if game.path else "Enter or q leaves"
            prompt.update(f"The game is over: {leave}")
            self.set_focus(None)  # nothing to type: keys go to the screen
            return
        question = (waiting.kind, game.state["round"], waiting.row)
        if question != self._asked:  # a new question: its clock starts now
            self._asked, self._asked_at = question, time.monotonic()
            if note := words.note(waiting):
                self.note(note, "yellow")
        prompt.update(self._with_clock(waiting))
        answer.password = waiting.hidden
        answer.placeholder = "type, then Enter · ? help · ! hints · Esc leaves (saved)"
        answer.disabled = False
        answer.focus()

    def _with_clock(self, waiting: session.Waiting) -> str:
        """The prompt; for a Guessword under the one-minute variation, the time left."""
        limit = self.game.settings.turn_seconds
        if limit is None or waiting.kind != session.GUESS:
            return words.prompt(waiting)
        left = limit - (time.monotonic() - self._asked_at)
        asked = words.prompt(waiting)
        return f"{asked}: {left:.0f} s left" if left > 0 else f"{asked}: late"

    def tick(self) -> None:
        waiting = self.game.waiting()
        if waiting.kind == session.GUESS:
            self.query_one("#prompt", Label).update(self._with_clock(waiting))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        game = self.game
        waiting = game.waiting()
        text = event.value  # the line is emptied already (AnswerInput)
        moves = {
            session.GAMEWORD: game.choose_gameword,
            session.SCORE: game.score_bot,
            session.RECHECK: game.recheck,
            session.REVEAL: game.reveal,
        }
        try:
            if waiting.kind == session.GUESS:
                happened = game.guess(text, time.monotonic() - self._asked_at)
            elif waiting.kind in moves:
                happened = moves[waiting.kind](text)
            else:
                return
        except session.Refused as refused:
            self.note(str(refused), "red")
            return
        except UserError as error:  # the save could not be written
            self.note(str(error), "bold red")
            return
        if waiting.kind == session.GAMEWORD:
            self.note(f"Your Gameword is set for round {game.state['round'] + 1} (hidden).")
        for line in words.say(happened, game.you_seat):
            self.note(line)
        self.redraw()
        self.next_step()

    # --- the bot's turn ------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="bot")
    def think(self) -> None:
        worker = get_current_worker()
        try:
            guess = self.game.think()
        except Exception as error:  # shown, not a crash: the game is saved as it was
            if not worker.is_cancelled:
                self.app.call_from_thread(self.note, f"{BOT_NAME} could not think: {error}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.bot_played, guess)

    def bot_played(self, guess: str | Forfeited) -> None:
        if self.game.waiting().kind != session.BOT:
            return
        try:
            happened = self.game.bot_guessed(guess)
        except UserError as error:
            self.note(str(error), "bold red")
            return
        for line in words.say(happened, self.game.you_seat):
            self.note(line)
        self.redraw()
        self.next_step()

    # --- keys ----------------------------------------------------------------------------
    def action_help(self) -> None:
        from solver.ui.app import HelpScreen

        self.app.push_screen(HelpScreen("What's My Word?", HELP))

    def action_scroll_board(self, pages: int) -> None:
        board = self.query_one("#board", VerticalScroll)
        (board.scroll_page_down if pages > 0 else board.scroll_page_up)()

    def action_hints(self) -> None:
        self.hints = not self.hints
        folded = self.compact and not self.query_one("#legend").display
        more = " (+ shows the marginal alphabets)" if folded else ""
        self.note(f"Hints shown{more}." if self.hints else "Hints hidden (! shows them).")
        self.redraw()

    def action_fold(self) -> None:
        """Show the details, or fold them away (``_fold``)."""
        self.details = not self.query_one("#legend").display
        self._fold()

    def action_go_on(self) -> None:
        kind = self.game.waiting().kind
        if kind == session.ROUND_OVER:
            for line in words.say(self.game.next_round(), self.game.you_seat):
                self.note(line)
            self.redraw()
            self.next_step()
        elif kind == session.OVER:
            self.dismiss(None)

    def action_review(self) -> None:
        """Over (and saved): its review, row by row (``solver.ui.review_screen``)."""
        if self.game.finished and self.game.path is not None:
            self.app.open_review(self.game.path)

    def resume_note(self) -> str | None:
        """How to go on with this game, unless it is over."""
        if self.game.finished or self.game.path is None:
            return None
        from solver.ui.saved import saved_note

        return saved_note("deduce play", self.game.path)

    def exit_note(self) -> str | None:
        """What the app prints when it is quit (Ctrl-C) with this screen open."""
        self.noted = self.resume_note()
        return self.noted

    def action_leave(self) -> None:
        """Leave: the game is saved already (after every move); say how to resume."""
        self.workers.cancel_group(self, "bot")
        if note := self.resume_note():
            self.app.notify(note, timeout=10)
        self.dismiss(None)


# ``options``: keyword options, not a document (``level``, ``seed``, ``lang``; others ignored).
def new_game_screen(options: dict[str, Any]) -> DeduceScreen:
    """A new game from the app's menu: two rounds against the bot at the chosen level, in
    the chosen language, with the seed given or a fresh one; saved in the games folder."""
    from solver.runtime import savefile

    settings = session.Settings(
        difficulty=options.get("level", "medium"),
        seed=options.get("seed"),
        lang=options.get("lang", "en"),
    )
    state = session.new_game(settings)
    return DeduceScreen(session.Game(state, savefile.new_path("deduce")), hold=True)


def resume_screen(path: Path) -> DeduceScreen:
    """A saved game, where it was left."""
    return DeduceScreen(session.Game(session.load(path), path), hold=True)
