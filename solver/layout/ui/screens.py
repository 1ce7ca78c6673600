"""My Word (1980) full screen (Textual): the layout as cards, your hand, scores and the
bots' moves, played with keys or the mouse.

The screen holds no rules: it asks ``session`` for the state, sends it the person's moves
and lets the bots move through it, saving after every move, exactly as the line mode does
(``lines.py``). Bots think in a worker thread so that the screen stays alive; their moves
are made on the screen's own thread, one at a time.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, Static
from textual.worker import get_current_worker

from solver.arena.protocol import DEFAULT_TIME_LIMIT, Forfeited
from solver.layout import session
from solver.layout.board import LIMIT, Placement, Position, SubstituteError, declare
from solver.layout.game import GameState, finished, to_move
from solver.layout.moves import Knocked, Play, Played
from solver.layout.ui import display, wording
from solver.runtime import savefile
from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from textual import getters

    from solver.ui.app import MywordApp

FEED = 8  # moves shown in the feed
# Room for the side panel and the biggest board drawn three lines a square (a 6 x 6 layout
# and its ring): in less (80 x 24), the scores go beside the hand, the last moves fold
# behind ``+``, and the board is drawn two lines a square when three do not fit.
FULL_WIDTH, FULL_HEIGHT = 116, 35

HELP = """\
# My Word (1980)

Lay a card from your hand next to the layout (or on top of a card) so that it makes a
4-letter word on **every** edge where it touches a card. A word scores the values of its
two pairs. Then you draw from the pack. Most points when the game ends wins.

## The marks on the board

- `┌──TO──┐` `LE 17 RI` `└──BO──┘`: a card, its pairs where the real card has them: top
  pair, left pair, its number, right pair, bottom pair.
- `x2` in a bottom border: a stack, two cards one on top of the other; only the top counts
  (from ten cards up the bare number: `└──BO12┘`).
- Words read left to right and top to bottom: a card's **right** and **bottom** pairs
  **begin** words, its **left** and **top** pairs **end** them.
- Red border, `••`: a red card; `••` are symbols, any two letters: playing against them you
  are asked which word you make (enter takes the one offered), and the printed pair they
  meet scores three times.
- Letters over the columns, numbers by the rows: the square names, **fixed for the whole
  game** (the centre card stays on its square; basic game A1 to K11, centre F6).
- A dim name in an empty square (`G6`): a card may go there (it touches the layout, inside
  the 6 x 6 limit).
- Once the layout is six cards wide (or deep), no empty squares are drawn beyond it that
  way: no card can go there (basic game).
- Green dashed box, green double border: where the **selected** card may be played, on an
  empty square or on top of that card.
- Magenta border: the card played last. Reversed colours: the cursor.
- Yellow double border in your hand: the selected card.

## Keys

| key | what it does |
|---|---|
| `1` .. `6` | select that card of your hand (again: unselect) |
| arrows | move the cursor |
| `tab` / `shift+tab` | the cursor to the selected card's next / previous legal place (best first) |
| `enter` or `space` | play the selected card at the cursor |
| `k` | knock: the selected card goes to the bottom of the pack, you take the top card |
| `h` | hint: what the strongest bot would do (selects the card and moves the cursor) |
| `+` | show or fold the last moves (folded at first in a small terminal) |
| `?` | this help |
| `q` or `escape` | leave; the game is saved and `myword layout play --resume NAME` goes on |
| `r`, once the game is over | review it: the reader's play beside each move (`myword review`) |

## The mouse

Click a card in your hand to select it, then click a square to play it there (a square where
it cannot go says why).

## The side panel

Scores (the arrow marks whose turn it is), the cards left in the pack, and the last moves.
In a small terminal (under 116 x 35; 80 x 24 is enough to play) the scores sit beside your
hand, the last moves are folded (`+` shows them), and when the board has no room for
three lines a card it is drawn in two: `LE╭TO╮RI` over `17╰BO╯x2` (left, top and right
pairs; the number, the bottom pair and the stack's height), the words still touching.
Once the game is over the title line shows its seed: the same seed replays the same game
(`myword layout play --seed N`).
"""


class BoardView(Static):
    """The layout with its square names; a click says which square."""

    class Clicked(Message):
        def __init__(self, position: Position) -> None:
            super().__init__()
            self.position = position

    frame: display.Frame | None = None

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.frame is None:
            return
        square = self.frame.square_at(offset.x, offset.y)
        if square is not None:
            self.post_message(self.Clicked(square))


class HandView(Static):
    """The person's hand; a click says which card."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < 1:  # the title line
            return
        index, inside = divmod(offset.x, display.WIDTH + display.GAP)
        if inside < display.WIDTH:
            self.post_message(self.Clicked(index))


class SymbolsScreen(ModalScreen[list[str] | None]):
    """Rule 7: the player states the word the symbols make; enter takes the words offered
    (the most common that fit), escape takes the play back."""

    BINDINGS: ClassVar = [Binding("escape", "cancel", "take the play back")]
    DEFAULT_CSS = """
    SymbolsScreen { align: center middle; }
    SymbolsScreen > Vertical {
        width: 72; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    SymbolsScreen #problem { color: $error; }
    """

    def __init__(self, spot: Placement) -> None:
        super().__init__()
        self.spot = spot
        self.made = [w for w in spot.words if w.symbols]

    def compose(self) -> ComposeResult:
        patterns = ", ".join((w.begin + w.end).replace("..", "__").upper() for w in self.made)
        offered = " ".join(w.spelled.upper() for w in self.made)
        with Vertical():
            yield Label(f"The symbols: which word do you make? ({patterns})")
            yield Input(placeholder=f"enter: {offered}", id="words")
            yield Static("", id="problem")
            yield Label("enter states it · escape takes the play back", classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        words = event.value.split()
        try:
            declare(self.spot, words)
        except SubstituteError as error:
            self.query_one("#problem", Static).update(str(error))
            return
        self.dismiss(words)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LayoutScreen(Screen[Path]):
    """A game of My Word (1980): dismissed with its save file when left or over."""

    if TYPE_CHECKING:  # self.app as the app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        *[Binding(str(k), f"select({k - 1})", f"card {k}", show=False) for k in range(1, 7)],
        Binding("up", "move(-1, 0)", "cursor", show=False),
        Binding("down", "move(1, 0)", "cursor", show=False),
        Binding("left", "move(0, -1)", "cursor", show=False),
        Binding("right", "move(0, 1)", "cursor", show=False),
        Binding("tab", "cycle(1)", "place", priority=True),
        Binding("shift+tab", "cycle(-1)", "previous place", show=False, priority=True),
        Binding("enter", "place", "play"),
        Binding("space", "place", "play here", show=False),
        Binding("k", "knock", "knock"),
        Binding("h", "hint", "hint"),
        Binding("plus", "fold", "moves"),
        Binding("question_mark", "help", "help"),
        Binding("q", "leave", "leave"),
        Binding("r", "review", "review", show=False),  # once the game is over
        Binding("escape", "leave", "save & leave", show=False),
    ]
    DEFAULT_CSS = """
    LayoutScreen #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    LayoutScreen #main { height: 1fr; }
    LayoutScreen #board-scroll { width: 1fr; }
    LayoutScreen #board { width: auto; padding: 0 1; }
    LayoutScreen #side { width: 44; border-left: solid $primary; padding: 0 1; }
    LayoutScreen #feed { color: $text-muted; }
    LayoutScreen #bottom { height: auto; }
    LayoutScreen #hand { height: auto; padding: 0 1; }
    LayoutScreen #tally { display: none; }
    LayoutScreen #message { height: 2; padding: 0 1; color: $warning; }
    LayoutScreen.compact #side { display: none; width: 36; }
    LayoutScreen.compact.moves #side { display: block; }
    LayoutScreen.compact #scores { display: none; }
    LayoutScreen.compact #hand { width: auto; }
    LayoutScreen.compact #tally {
        display: block; width: 1fr; height: auto; border-left: solid $primary; padding: 0 1;
    }
    """

    def __init__(
        self,
        state: GameState,
        path: Path,
        note: str = "",
        engine_time: float = DEFAULT_TIME_LIMIT,
    ) -> None:
        super().__init__()
        self.state = state
        self.path = path
        self.bots = session.BotSeats(state, engine_time)  # started in the bots' worker
        self.selected: int | None = None  # a card number
        self.cursor: Position = (0, 0)
        self.thinking = False
        self.message = note
        self._hold = contextlib.ExitStack()
        self.left = False  # left with q or escape (not by quitting the whole app)
        self.compact = False  # drawn for a small terminal (``on_resize``)
        self.moves: bool | None = None  # + showed or folded the last moves; None: by room

    # --- layout of the screen -------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        with Horizontal(id="main"):
            with ScrollableContainer(id="board-scroll"):
                yield BoardView("", id="board")
            with Vertical(id="side"):
                yield Static("", id="scores")
                yield Static("", id="feed")
        yield Static("", id="message")
        with Horizontal(id="bottom"):
            yield HandView("", id="hand")
            yield Static("", id="tally")  # the scores, beside the hand when compact
        yield Footer()

    def on_mount(self) -> None:
        try:
            self._hold.enter_context(savefile.holding(self.path))
            session.save(self.state, self.path)
        except UserError as error:
            self.app.notify(str(error), severity="error", timeout=8)
            self.dismiss(self.path)
            return
        self.refresh_view()
        self._bots()

    def on_unmount(self) -> None:
        self._hold.close()
        self.bots.close()

    # --- what the screen asks of the game ---------------------------------------------
    @property
    def person(self) -> int | None:
        """The seat whose turn it is, when a person's and nobody is thinking."""
        if self.thinking or finished(self.state):
            return None
        player = to_move(self.state)
        return player if session.is_person(self.state, player) else None

    def _shown_hand(self) -> int:
        """The person whose hand is shown: the one to move, else the first person."""
        players = self.state.players or ()
        player = to_move(self.state)
        if session.is_person(self.state, player):
            return player
        return next((i for i, p in enumerate(players) if p == session.HUMAN), 0)

    def legal(self) -> dict[Position, object]:
        if self.selected is None or self.person is None:
            return {}
        return {spot.position: spot for spot in session.places(self.state, self.selected)}

    # --- drawing ------------------------------------------------------------------
    def refresh_view(self) -> None:
        state = self.state
        names = wording.names(state)
        game = "easy game (no size limit)" if state.easy else "basic game (at most 6 x 6)"
        self.query_one("#title", Static).update(
            # The seed deals the pack: shown once the game is over.
            f"My Word (1980) · {game} · "
            + (f"{wording.seed_line(state)} · " if finished(state) else "")
            + ("a replay · " if state.replay and not finished(state) else "")
            + "? help"
        )
        over = finished(state)
        last = self._last_position()
        marks = display.Marks(
            open=frozenset() if over else session.open_squares(state),
            legal=frozenset(self.legal()),
            cursor=None if over else self.cursor,
            last=last,
        )
        frame = self._frame()
        board = self.query_one("#board", BoardView)
        board.frame = frame
        board.update(Text("\n").join(display.board_lines(state.layout, state.deck, frame, marks)))
        if not over:  # keep the cursor in sight on a board bigger than its room (easy game)
            x, y = frame.offset_of(self.cursor)
            region = Region(x - display.WIDTH // 2, y - 1, display.WIDTH + 2, frame.height)
            scroll = self.query_one("#board-scroll")  # once the new board is laid out
            self.call_after_refresh(scroll.scroll_to_region, region, animate=False)
        self.query_one("#scores", Static).update(self._scores_text())
        tally = self._scores_text()
        tally.rstrip()
        self.query_one("#tally", Static).update(tally)
        shown = [*state.history, *([state.forfeited] if state.forfeited else [])][-FEED:]
        feed = [wording.describe(state, event) for event in shown]
        self.query_one("#feed", Static).update(
            Text("Last moves\n", style="bold").append("\n".join(feed) or "none yet", style="")
        )
        self.query_one("#message", Static).update(self._message_text())
        hand_player = self._shown_hand()
        title = Text(f"{names[hand_player]}: your hand", style="bold")
        if not over and not self.compact:
            title.append("  (press 1-6 or click a card; arrows/tab, enter or a click plays)")
        lines = display.hand_lines(state.hands[hand_player], state.deck, self.selected, True)
        self.query_one("#hand", HandView).update(Text("\n").join([title, *lines]))

    def _frame(self) -> display.Frame:
        """The squares to draw, three lines a square when the board's room has them, else
        two (a small terminal)."""
        squares = session.squares(self.state)
        limit = None if self.state.easy else LIMIT
        frame = display.frame_of(self.state.layout, squares, limit=limit)
        room = self.query_one("#board-scroll").size.height
        if room and frame.lines > room:
            return display.frame_of(self.state.layout, squares, display.SMALL_HEIGHT, limit)
        return frame

    def on_resize(self) -> None:
        """Compact under ``FULL_WIDTH`` x ``FULL_HEIGHT``; the board is drawn again once
        its room is known."""
        width, height = self.size
        self.compact = width < FULL_WIDTH or height < FULL_HEIGHT
        self.set_class(self.compact, "compact")
        self._fold()
        self.call_after_refresh(self.refresh_view)

    def _fold(self) -> None:
        """The last moves: as ``+`` said, else shown when there is room (not compact)."""
        shown = self.moves if self.moves is not None else not self.compact
        self.set_class(shown, "moves")
        self.query_one("#feed").display = shown

    def action_fold(self) -> None:
        """Show the last moves, or fold them away."""
        self.moves = not self.query_one("#feed").display
        self._fold()
        self.call_after_refresh(self.refresh_view)

    def _last_position(self) -> Position | None:
        plays = [event for event in self.state.history if isinstance(event, Played)]
        return plays[-1].position if plays else None

    def _scores_text(self) -> Text:
        state = self.state
        names = wording.names(state)
        turn = None if finished(state) else to_move(state)
        text = Text("Scores\n", style="bold")
        for seat, (name, score) in enumerate(zip(names, state.points, strict=True)):
            marker = "→ " if seat == turn else "  "
            text.append(f"{marker}{name:<12}{score:>4}\n", style="bold" if seat == turn else "")
        text.append(f"pack: {len(state.pack)} cards\n")
        if finished(state):
            text.append("game over\n", style="bold")
        elif self.thinking:
            text.append(f"{names[to_move(state)]} is thinking…\n", style="italic")
        elif turn is not None and session.is_person(state, turn):
            whose = "your turn" if names[turn] == "you" else f"{names[turn]}: your turn"
            text.append(whose + "\n", style="bold green")
        return text

    def _message_text(self) -> Text:
        state = self.state
        if finished(state):
            reason = wording.why_over(state)
            return Text(
                f"Game over ({reason}). {wording.scores_line(state)}: "
                f"{wording.result_line(state)}. Press r to review it, enter or q to leave.",
                style="bold",
            )
        text = Text(self.message)
        if self.selected is not None and self.person is not None:
            text.append("\n" if self.message else "")
            text.append(self._cursor_text(), style="dim")
        return text

    def _cursor_text(self) -> str:
        """What the selected card would make at the cursor, or why it cannot go there."""
        name = session.squares(self.state).name(self.cursor)
        spot = self.legal().get(self.cursor)
        if spot is None:
            count = len(self.legal())
            where = f"{count} legal place{'s' if count != 1 else ''}" if count else "no place"
            return f"card {self.selected} at {name}: not here ({where}: tab finds them; k knocks)"
        words = ", ".join(w.spelled.upper() for w in spot.words)  # type: ignore[attr-defined]
        on_top = " on top" if spot.on_top else ""  # type: ignore[attr-defined]
        return f"card {self.selected}{on_top} at {name}: {words} +{spot.points} (enter plays)"  # type: ignore[attr-defined]

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    # --- the person's actions --------------------------------------------------------
    def _ready(self) -> int | None:
        player = self.person
        if player is None and not finished(self.state):
            self.say("wait: a bot is thinking")
        return player

    def action_select(self, index: int) -> None:
        player = self._ready()
        if player is None:
            return
        hand = self.state.hands[player]
        if not 0 <= index < len(hand):
            self.say(f"your hand has {len(hand)} cards: keys 1 to {len(hand)}")
            return
        number = hand[index]
        if self.selected == number:
            self.selected = None
            self.say("")
            return
        self.selected = number
        legal = self.legal()
        if legal and self.cursor not in legal:
            self.cursor = next(iter(legal))  # the best place first
        self.say("" if legal else f"card {number} cannot be played now: k knocks it")

    def action_move(self, rows: int, columns: int) -> None:
        """Move the cursor, within the squares drawn (the layout and the ring round it:
        no card can go further out)."""
        frame = self._frame()
        row, column = self.cursor[0] + rows, self.cursor[1] + columns
        self.cursor = (
            max(frame.first_row, min(frame.last_row, row)),
            max(frame.first_column, min(frame.last_column, column)),
        )
        self.say("")

    def action_cycle(self, step: int) -> None:
        legal = list(self.legal())
        if not legal:
            self.say("select a card of your hand first (1-6)" if self.selected is None else "")
            return
        index = legal.index(self.cursor) + step if self.cursor in legal else 0
        self.cursor = legal[index % len(legal)]
        self.say("")

    def action_place(self) -> None:
        if finished(self.state):
            self.action_leave()
            return
        self._play_at(self.cursor)

    def _play_at(self, position: Position) -> None:
        player = self._ready()
        if player is None:
            return
        if self.selected is None:
            self.say("select a card of your hand first (1-6, or click it)")
            return
        try:
            move = session.person_play(self.state, player, self.selected, position)
        except UserError as error:
            self.say(str(error))
            return
        number, spot = move.card, move.placement
        if not any(word.symbols for word in spot.words):
            self._make(move)
            return

        def stated(words: list[str] | None) -> None:
            if words is None:
                self.say("play taken back: choose again")
            else:
                self._make(Play(number, declare(spot, words)))

        self.app.push_screen(SymbolsScreen(spot), stated)

    def action_knock(self) -> None:
        player = self._ready()
        if player is None:
            return
        if self.selected is None:
            self.say("select the card to knock first (1-6, or click it), then k")
            return
        self._make(session.person_knock(self.state, player, self.selected))

    def action_hint(self) -> None:
        player = self._ready()
        if player is None:
            return
        move = session.hint(self.state, player)
        self.selected = move.card
        if isinstance(move, Play):
            self.cursor = move.placement.position
        self.say(
            wording.hint_text(self.state, player, move)
            + (" (enter plays it)" if isinstance(move, Play) else " (k knocks)")
        )

    def action_help(self) -> None:
        from solver.ui.app import HelpScreen

        self.app.push_screen(HelpScreen("My Word (1980)", HELP))

    def exit_note(self) -> str | None:
        """How to go on with the game, for the terminal once the app has gone (the app
        asks when it is quit with this screen open)."""
        if finished(self.state):
            return None
        from solver.ui.saved import saved_note

        return saved_note("layout play", self.path)

    def action_review(self) -> None:
        """Over: its review, turn by turn (``solver.ui.review_screen``; saved already)."""
        if finished(self.state):
            self.app.open_review(self.path)

    def action_leave(self) -> None:
        for worker in self.workers:
            worker.cancel()
        try:
            session.save(self.state, self.path)
        except UserError as error:
            self.app.notify(str(error), severity="error", timeout=8)
        note = self.exit_note()
        if note:
            self.app.notify(note)
        self.left = True
        self.dismiss(self.path)

    def on_board_view_clicked(self, event: BoardView.Clicked) -> None:
        self.cursor = event.position
        if self.selected is None:
            self.say("select a card of your hand first (1-6, or click it)")
            return
        self._play_at(event.position)

    def on_hand_view_clicked(self, event: HandView.Clicked) -> None:
        self.action_select(event.index)

    # --- moves -----------------------------------------------------------------
    def _make(self, move: session.Move) -> None:
        """Make a move (the person's, or a bot's from the worker), save, and redraw."""
        logged = self._logged(move)
        self.selected = None
        try:
            session.save(self.state, self.path)
        except UserError as error:
            self.app.notify(str(error), severity="error", timeout=8)
        self.message = wording.describe(self.state, logged)
        self.refresh_view()
        self._bots()

    def _bots(self) -> None:
        """Let the bots move until a person's turn or the end."""
        if (
            self.thinking
            or finished(self.state)
            or session.is_person(self.state, to_move(self.state))
        ):
            return
        self.thinking = True
        self.refresh_view()
        self.run_worker(self._bots_think, thread=True, exclusive=True, group="bots")

    def _bots_think(self) -> None:
        worker = get_current_worker()
        while not worker.is_cancelled:
            state = self.state
            if finished(state) or session.is_person(state, to_move(state)):
                break
            move = self.bots.move(to_move(state))
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._bot_moved, move)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bots_done)

    def _logged(self, move: session.Move | session.Forfeit) -> Played | Knocked | Forfeited:
        """Make the move; once it ends the game, the bots are told the scores."""
        logged = session.make_move(self.state, move)
        if finished(self.state):
            self.bots.finish()
        return logged

    def _bot_moved(self, move: session.Move | session.Forfeit) -> None:
        logged = self._logged(move)
        try:
            session.save(self.state, self.path)
        except UserError as error:
            self.app.notify(str(error), severity="error", timeout=8)
        self.message = wording.describe(self.state, logged)
        self.refresh_view()

    def _bots_done(self) -> None:
        self.thinking = False
        self.refresh_view()


def game_screen(
    state: GameState, path: Path, note: str = "", engine_time: float = DEFAULT_TIME_LIMIT
) -> LayoutScreen:
    return LayoutScreen(state, path, note, engine_time)


def new_game_screen(options: dict) -> Screen:
    """A new game against one bot of the chosen level (easy: random, medium: greedy, hard:
    reader), the basic game, a fresh seed unless one is given; saved in the games folder."""
    level = options.get("level") or "medium"
    bot = session.LEVEL_BOTS.get(level)
    if bot is None:
        raise UserError(f"the level is easy, medium or hard (got {level!r})")
    state = session.new_game([session.HUMAN, bot], options.get("seed"), False)
    note = ""
    if options.get("lang", "en") != "en":
        note = "My Word (1980) is played in English: its cards carry English letter pairs."
    return LayoutScreen(state, savefile.new_path("layout"), note)


def resume_screen(path: Path) -> Screen:
    """The saved game at ``path``, where it was left."""
    return LayoutScreen(session.load(path), path)
