"""The app's review of a finished game: its turning points, then every move, stepped through
one by one with the engine's analysis beside it (``myword review`` on a screen).

Why here, above the games: it loads a review through the games' registry
(``solver.ui.review.load``); the app and the games' end screens open it by its name
(``MywordApp.open_review``), as the menu opens a game's screens, so that nothing below
imports upwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from solver.arena.review import GameReview, ReviewedMove

HELP = """# Reviewing a game

The game's moves, one a row, with what each was worth by the review's measure (the line
at the top says what that is), the engine's best in the player's place and what the
choice cost. The turning points (the three moves that cost most) are marked `*`, and the
review opens on the costliest. Beside each player, "24% of 28,373": the total as a part
of the best possible, the total with every move's cost won back by this analysis (the
record measures each game its own way, so its share can differ).

- up/down (or click): step through the moves; the panel below says everything about the
  move under the cursor
- `t`: the next turning point
- `s`: the next seat's moves (yours first; then each other player's, then every seat's)
- escape: back

In a terminal, `myword review NAME` prints the same review (`--json` as data)."""


class ReviewScreen(Screen[None]):
    """A finished game's review (``GameReview``), one seat's moves at a time."""

    BINDINGS: ClassVar = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("t", "turning", "Next turning point"),
        Binding("s", "seat", "Next seat"),
        Binding("question_mark", "help", "Help"),
    ]
    DEFAULT_CSS = """
    ReviewScreen #summary { padding: 0 1; height: auto; }
    ReviewScreen DataTable { height: 1fr; }
    ReviewScreen #detail-box { height: 7; border-top: solid $primary; }
    ReviewScreen #detail { padding: 0 1; }
    """

    def __init__(self, review: GameReview, seat: int | None = -1) -> None:
        """``seat``: whose moves show first (None: every seat's; by default the person's,
        or the first seat's in a game of bots)."""
        super().__init__()
        self.review = review
        self.seats: list[int | None] = _seat_order(review)
        self.seat = seat if seat in self.seats else self.seats[0]
        self.shown: tuple[ReviewedMove, ...] = ()
        self.title = f"Review: {review.title}"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="summary")
        yield DataTable(id="moves", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="detail-box"):
            yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#moves", DataTable)
        table.add_columns("", "move", "played", "worth", "best", "worth", "cost")
        self.fill()
        table.focus()

    @property
    def whose(self) -> str:
        return "every seat" if self.seat is None else self.review.players[self.seat]

    def fill(self) -> None:
        """The moves of the seat shown, the cursor on its costliest."""
        found = self.review
        self.shown = found.of(self.seat)
        turning = found.turning_points(self.seat)
        table = self.query_one("#moves", DataTable)
        table.clear()
        for move in self.shown:
            where = move.where if self.seat is not None else f"{move.where} ({_who(found, move)})"
            table.add_row(
                "*" if move in turning else "",
                Text(where),
                Text(move.played or "-"),
                found.points(move.played_value),
                Text(move.best or "-"),
                found.points(move.best_value),
                found.points(move.cost),
            )
        self.query_one("#summary", Static).update(self.summary(turning))
        if turning:
            table.move_cursor(row=self.shown.index(turning[0]))
        self.show_move()

    def summary(self, turning: tuple[ReviewedMove, ...]) -> Text:
        found = self.review
        text = Text(f"{found.measure}\n", style="dim")
        for number, player in enumerate(found.players):
            share = found.share(number)
            text.append(
                f"{player}: {found.totals[number]:,}"
                + (
                    ""
                    if share is None
                    else f" ({share:.0%} of {found.points(found.best_possible(number))})"
                )
                + ("   " if number + 1 < len(found.players) else "\n")
            )
        if turning:
            points = "; ".join(
                f"{m.where} {m.played or '-'} for {m.best} (cost {found.points(m.cost)})"
                for m in turning
            )
            text.append(f"Turning points ({self.whose}): {points}", style="bold")
        else:
            text.append(f"No move of {self.whose} cost anything by the analysis.", style="bold")
        return text

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_move()

    def show_move(self) -> None:
        detail = self.query_one("#detail", Static)
        table = self.query_one("#moves", DataTable)
        if not self.shown:
            detail.update("No moves.")
            return
        move = self.shown[min(table.cursor_row, len(self.shown) - 1)]
        detail.update(describe(self.review, move))

    def action_turning(self) -> None:
        turning = self.review.turning_points(self.seat)
        if not turning:
            self.notify(f"No move of {self.whose} cost anything.")
            return
        table = self.query_one("#moves", DataTable)
        rows = sorted(self.shown.index(move) for move in turning)
        later = [row for row in rows if row > table.cursor_row]
        table.move_cursor(row=(later or rows)[0])

    def action_seat(self) -> None:
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.fill()
        self.notify(f"The moves of {self.whose}.")

    def action_help(self) -> None:
        from solver.ui.app import HelpScreen

        self.app.push_screen(HelpScreen("the review", HELP))


def describe(found: GameReview, move: ReviewedMove) -> str:
    """Everything about one move, as markup (whatever was typed shown as text)."""
    figures = ", ".join(
        _figure(key.replace("_", " "), value)
        for key, value in move.facts.items()
        if value is not None and value is not False and value != ""
    )
    lines = [
        f"[bold]{escape(move.where)}[/bold], {escape(_who(found, move))}: played "
        f"[bold]{escape(move.played or '-')}[/bold] ({move.played_value:,.1f}); the engine's "
        f"best [bold]{escape(move.best or '-')}[/bold] ({move.best_value:,.1f}); cost "
        f"[bold]{move.cost:,.1f}[/bold]",
        *(escape(note) for note in move.notes),
        f"[dim]{figures}[/dim]",
    ]
    return "\n".join(lines)


def _figure(name: str, value: object) -> str:
    """One of a move's figures: a flag that holds by its name alone, else name and value."""
    return name if value is True else f"{name} {escape(_value(value))}"


def _value(value: object) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _who(found: GameReview, move: ReviewedMove) -> str:
    return found.players[move.seat]


def _seat_order(found: GameReview) -> list[int | None]:
    """The seats in the order ``s`` shows them: the person's first, then the others, then
    every seat's together."""
    seats: list[int | None] = list(range(len(found.players)))
    if found.person is not None:
        seats.remove(found.person)
        seats.insert(0, found.person)
    return [*seats, None]


def load_review(path: Path) -> GameReview:
    """The review of the finished game saved at ``path`` (``UserError`` in one line when
    it cannot be reviewed: the app says it). Slow (the engine weighs every move): the app
    calls it in a worker thread."""
    from solver.ui.review import load

    return load(str(path))


def review_screen(path: Path) -> ReviewScreen:
    """The review screen of the finished game saved at ``path`` (``load_review``)."""
    return ReviewScreen(load_review(path))
