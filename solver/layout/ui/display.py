"""My Word (1980) drawn on the terminal: the layout as cards with their four pairs, the
fixed square names on its axes, a hand, and the legend that says what each mark means.

One drawing serves the line mode (printed with rich) and the full-screen app (which adds
the selected card's legal places and a cursor), so both show the same board. A card is
three lines of eight characters, its pairs where they are printed on the real card:

    ┌──TO──┐     top pair in the top border
    LE 17 RI     left pair, card number, right pair
    └──BOx2┘     bottom pair; x2: the stack there is two cards high (rule 5b); from
                 ten cards high the bare number (``└──BO12┘``)

Cards touch as they do on the table, so the four letters of a word stand side by side
(``RI`` + ``XY`` reads ``RIXY``) or one above the other. Red cards have red borders and
symbols (``..``) are drawn as red ``••``.

Where three lines a card do not fit (the app at 80 x 24), the board is drawn two lines a
square (``SMALL_HEIGHT``), the same eight characters wide, the words still touching:

    LE╭TO╮RI     left pair, top pair, right pair
    17╰BO╯x2     card number, bottom pair, the stack's height
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Group
from rich.text import Text

from solver.layout.board import Layout, Position
from solver.layout.deck import SYMBOL, Card, Deck
from solver.layout.squares import Squares

WIDTH = 8  # characters of a card
HEIGHT = 3  # lines of a card
SMALL_HEIGHT = 2  # lines of a square on a small board
GAP = 2  # between cards in a hand

LEGEND = (
    "A card: top pair in its top border, left and right pairs beside its number, bottom "
    "pair in its bottom border; x2 in the bottom border: two cards are stacked there (only "
    "the top one counts; from ten up the bare number, 12). Words read left to right and top "
    "to bottom: a card's right and bottom pairs begin words, its left and top pairs end "
    "them. •• are symbols (red cards): any two letters you state. Squares keep their names "
    "all game (the centre card stays where it is); empty squares where a card may go show "
    "their name."
)


@dataclass(frozen=True)
class Marks:
    """What the app marks on the board beyond the cards: where a card may go now (``open``),
    the selected card's legal places (empty ones and cards it may cover), the cursor, and
    the last card played."""

    open: frozenset[Position] = frozenset()
    legal: frozenset[Position] = frozenset()
    cursor: Position | None = None
    last: Position | None = None


@dataclass(frozen=True)
class Frame:
    """The squares drawn: the layout and one ring round it, within the game's grid; and
    where on the drawing each square is, so that a click can be turned into a square."""

    squares: Squares
    first_row: int
    last_row: int
    first_column: int
    last_column: int
    label: int = field(default=4)  # characters before the first column (row names)
    height: int = HEIGHT  # lines of a square: HEIGHT, or SMALL_HEIGHT

    @property
    def rows(self) -> range:
        return range(self.first_row, self.last_row + 1)

    @property
    def columns(self) -> range:
        return range(self.first_column, self.last_column + 1)

    def square_at(self, x: int, y: int) -> Position | None:
        """The square under character ``x`` of line ``y`` of the drawing, if any."""
        if x < self.label or y < 1:
            return None
        row = self.first_row + (y - 1) // self.height
        column = self.first_column + (x - self.label) // WIDTH
        if row in self.rows and column in self.columns:
            return row, column
        return None

    def offset_of(self, position: Position) -> tuple[int, int]:
        """The middle character of a square on the drawing (for tests that click it)."""
        row, column = position
        x = self.label + (column - self.first_column) * WIDTH + WIDTH // 2
        return x, 1 + (row - self.first_row) * self.height + self.height // 2

    @property
    def lines(self) -> int:
        """The lines of the drawing: the column names, then the squares."""
        return 1 + len(self.rows) * self.height


def frame_of(
    layout: Layout, squares: Squares, height: int = HEIGHT, limit: int | None = None
) -> Frame:
    """The layout and one ring round it (where a card may go), clipped to the grid;
    ``height``: the lines of a square; ``limit``: the game's size limit (the app's board:
    no ring across a way the layout is already ``limit`` cards long, where no card can
    go, so that a full 6 x 6 layout takes six rows, not eight)."""
    first_row, last_row, first_column, last_column = layout.bounds
    reach = squares.reach
    rows = 0 if limit is not None and last_row - first_row + 1 >= limit else 1
    columns = 0 if limit is not None and last_column - first_column + 1 >= limit else 1
    return Frame(
        squares,
        max(first_row - rows, -reach),
        min(last_row + rows, reach),
        max(first_column - columns, -reach),
        min(last_column + columns, reach),
        len(squares.row(reach)) + 1,
        height,
    )


def _pair(pair: str, style: str = "bold") -> Text:
    if pair == SYMBOL:
        return Text("••", style="bold red")
    return Text(pair.upper(), style=style)


def card_lines(
    card: Card, height: int = 1, border: str | None = None, double: bool = False
) -> list[Text]:
    """A card as three lines of ``WIDTH`` characters (see the module's docstring); a
    double border marks it (selected, or a legal place), so the mark shows without colour."""
    style = border or ("red" if card.red else "cyan")
    h, tl, tr, bl, br = ("═", "╔", "╗", "╚", "╝") if double else ("─", "┌", "┐", "└", "┘")
    top = Text(tl + h * 2, style=style)
    top.append_text(_pair(card.top))
    top.append(h * 2 + tr, style=style)
    middle = _pair(card.left)
    middle.append(f"{card.number:^4}", style=style)
    middle.append_text(_pair(card.right))
    bottom = Text(bl + h * 2, style=style)
    bottom.append_text(_pair(card.bottom))
    if height > 1:  # x2 .. x9, then the bare number (10 ..): two characters either way
        bottom.append(f"x{height}" if height < 10 else f"{height % 100:02}", style="bold yellow")
    else:
        bottom.append(h * 2, style=style)
    bottom.append(br, style=style)
    return [top, middle, bottom]


def small_card_lines(card: Card, height: int = 1, border: str | None = None) -> list[Text]:
    """A card in two lines of ``WIDTH`` characters (a small board: the module's docstring)."""
    style = border or ("red" if card.red else "cyan")
    top = _pair(card.left)
    top.append("╭", style=style)
    top.append_text(_pair(card.top))
    top.append("╮", style=style)
    top.append_text(_pair(card.right))
    number = f"{card.number:>2}"
    bottom = Text(number[-3:] if len(number) > 2 else number, style=style)
    bottom.append("" if len(number) > 2 else "╰", style=style)
    bottom.append_text(_pair(card.bottom))
    bottom.append("╯", style=style)
    if height > 1:
        bottom.append(f"x{height}" if height < 10 else f"{height % 100:02}", style="bold yellow")
    else:
        bottom.append("  ")
    return [top, bottom]


def _empty_lines(name: str, marks: Marks, position: Position, lines: int = HEIGHT) -> list[Text]:
    if lines == SMALL_HEIGHT:
        if position in marks.legal:
            style = "bold green"
            return [
                Text("┌╌╌╌╌╌╌┐", style=style),
                Text("└" + name.center(WIDTH - 2, "╌") + "┘", style=style),
            ]
        shown = name if position in marks.open else ""
        return [Text(" " * WIDTH), Text(shown.center(WIDTH), style="dim")]
    if position in marks.legal:
        style = "bold green"
        return [
            Text("┌╌╌╌╌╌╌┐", style=style),
            Text("╎" + name.center(WIDTH - 2) + "╎", style=style),
            Text("└╌╌╌╌╌╌┘", style=style),
        ]
    shown = name if position in marks.open else ""
    blank = " " * WIDTH
    return [Text(blank), Text(shown.center(WIDTH), style="dim"), Text(blank)]


def _square_lines(
    layout: Layout, deck: Deck, frame: Frame, marks: Marks, position: Position
) -> list[Text]:
    stack = layout.by_position.get(position)
    if stack:
        border = None
        if position in marks.legal:
            border = "bold green"
        elif position == marks.last:
            border = "bold magenta"
        legal = position in marks.legal
        if frame.height == SMALL_HEIGHT:  # no room for a double border: green says legal
            drawn = small_card_lines(deck.card(stack[-1]), len(stack), border)
        else:
            drawn = card_lines(deck.card(stack[-1]), len(stack), border, legal)
    else:
        drawn = _empty_lines(frame.squares.name(position), marks, position, frame.height)
    if position == marks.cursor:
        for line in drawn:
            line.stylize("reverse")
    return drawn


def board_lines(layout: Layout, deck: Deck, frame: Frame, marks: Marks) -> list[Text]:
    """The board: column names on top, row names on the left, the squares of ``frame``."""
    squares = frame.squares
    header = Text(" " * frame.label)
    for column in frame.columns:
        header.append(squares.column(column).center(WIDTH), style="bold blue")
    lines = [header]
    for row in frame.rows:
        row_lines = [
            Text(
                (squares.row(row) if r == frame.height // 2 else "").rjust(frame.label - 1) + " ",
                style="bold blue",
            )
            for r in range(frame.height)
        ]
        for column in frame.columns:
            for r, drawn in enumerate(_square_lines(layout, deck, frame, marks, (row, column))):
                row_lines[r].append_text(drawn)
        lines.extend(row_lines)
    return lines


def board_view(layout: Layout, deck: Deck, squares: Squares, open_squares=frozenset()) -> Group:
    """The board as printed in line mode: open squares named where a card may go now."""
    frame = frame_of(layout, squares)
    return Group(*board_lines(layout, deck, frame, Marks(open=frozenset(open_squares))))


def hand_lines(
    hand: list[int], deck: Deck, selected: int | None = None, keys: bool = False
) -> list[Text]:
    """A hand side by side; with ``keys`` each card's key (1, 2, ...) above it, and the
    selected card in a yellow double border."""
    lines = [Text("") for _ in range(HEIGHT + (1 if keys else 0))]
    for index, number in enumerate(hand):
        chosen = number == selected
        drawn = card_lines(deck.card(number), 1, "bold yellow" if chosen else None, chosen)
        if keys:
            label = f"key {index + 1}".center(WIDTH) + " " * GAP
            lines[0].append(label, style="bold yellow" if chosen else "dim")
        for r, line in enumerate(drawn):
            lines[r + (1 if keys else 0)].append_text(line)
            lines[r + (1 if keys else 0)].append(" " * GAP)
    return lines


def hand_view(hand: list[int], deck: Deck, title: str = "Your hand") -> Group:
    return Group(Text(title, style="bold"), *hand_lines(hand, deck))


def values_lines(deck: Deck) -> Group:
    """What each pair is worth, beginnings (right and bottom edges) and endings (left and
    top edges), highest first."""
    lines = []
    for kind, values in (("begin words", deck.begin_values), ("end words", deck.end_values)):
        by_value: dict[int, list[str]] = {}
        for pair, value in values.items():
            by_value.setdefault(value, []).append(pair.upper())
        parts = [f"{v}: {' '.join(sorted(p))}" for v, p in sorted(by_value.items(), reverse=True)]
        lines.append(Text(f"{kind:<12}" + "  ".join(parts), style="dim"))
    return Group(*lines)
