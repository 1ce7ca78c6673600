"""My Word (1980) on the terminal: the layout as a grid of cards with their four pairs,
the squares you type to play, your hand, and moves described in words.

A card is drawn as a small box, its top, left, right and bottom pairs where they are
printed, its number in the top border and, when it covers others, the height of its
stack in the bottom border. Symbols (``..``) are drawn as ``••`` in red, and red cards
have a red border. Squares are named like a chessboard: a letter for the column, a number
for the row, over the layout and one ring of empty squares round it (where a card can go);
the names move with the layout, so read them off the board you were shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.console import Group
from rich.text import Text

from solver.errors import UserError
from solver.layout.board import Layout, Position
from solver.layout.deck import SYMBOL, Card, Deck

INNER = 6  # characters inside a card's border
SQUARE = re.compile(r"^([a-z])(\d{1,2})$")


@dataclass(frozen=True)
class Window:
    """The squares drawn: the layout and one empty ring, top-left square named A1."""

    row0: int
    column0: int
    rows: int
    columns: int

    def name(self, position: Position) -> str:
        return f"{chr(ord('A') + position[1] - self.column0)}{position[0] - self.row0 + 1}"

    def position(self, square: str) -> Position:
        """The layout position of a square name such as ``B3``."""
        found = SQUARE.match(square.strip().lower())
        if not found:
            raise UserError(f"{square!r} is not a square: a column letter and a row, like B3")
        column = ord(found.group(1)) - ord("a")
        row = int(found.group(2)) - 1
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            last = self.name((self.row0 + self.rows - 1, self.column0 + self.columns - 1))
            raise UserError(f"{square.upper()} is off the board (A1 to {last})")
        return self.row0 + row, self.column0 + column


def window_of(layout: Layout) -> Window:
    first_row, last_row, first_column, last_column = layout.bounds
    return Window(
        first_row - 1, first_column - 1, last_row - first_row + 3, last_column - first_column + 3
    )


def _pair(pair: str) -> Text:
    if pair == SYMBOL:
        return Text("••", style="bold red")
    return Text(pair.upper(), style="bold")


def _card_lines(card: Card, height: int = 1) -> list[Text]:
    """Five lines of ``INNER + 2`` characters: the card with its four pairs."""
    border = "red" if card.red else "cyan"
    label = f"{card.number}"
    top = Text("┌" + label + "─" * (INNER - len(label)) + "┐", style=border)
    stack = f"x{height}" if height > 1 else ""
    bottom = Text("└" + "─" * (INNER - len(stack)) + stack + "┘", style=border)

    def row(*parts: Text | str) -> Text:
        line = Text("│", style=border)
        for part in parts:
            line.append_text(part if isinstance(part, Text) else Text(part))
        line.append("│", style=border)
        return line

    return [
        top,
        row("  ", _pair(card.top), "  "),
        row(_pair(card.left), "  ", _pair(card.right)),
        row("  ", _pair(card.bottom), "  "),
        bottom,
    ]


def _empty_lines(name: str | None) -> list[Text]:
    width = INNER + 2
    middle = Text(name.center(width), style="dim") if name else Text(" " * width)
    return [Text(" " * width), Text(" " * width), middle, Text(" " * width), Text(" " * width)]


def board_view(layout: Layout, deck: Deck, open_squares: set[Position] | None = None) -> Group:
    """The layout, squares named; empty squares are named where a card could go now
    (``open_squares``; all empty squares touching the layout when not given)."""
    window = window_of(layout)
    stacks = layout.by_position
    header = Text("   ")
    for k in range(window.columns):
        header.append(chr(ord("A") + k).center(INNER + 2), style="dim")
    lines = [header]
    for i in range(window.rows):
        row_lines = [Text(f"{i + 1:>2} " if r == 2 else "   ", style="dim") for r in range(5)]
        for j in range(window.columns):
            position = (window.row0 + i, window.column0 + j)
            stack = stacks.get(position)
            if stack:
                drawn = _card_lines(deck.card(stack[-1]), len(stack))
            else:
                shown = position in (layout.frontier if open_squares is None else open_squares)
                drawn = _empty_lines(window.name(position) if shown else None)
            for r in range(5):
                row_lines[r].append_text(drawn[r])
        lines.extend(row_lines)
    return Group(*lines)


def hand_view(hand: list[int], deck: Deck, title: str = "Your hand") -> Group:
    row_lines = [Text("") for _ in range(5)]
    for number in hand:
        for r, line in enumerate(_card_lines(deck.card(number))):
            row_lines[r].append_text(line)
            row_lines[r].append(" ")
    return Group(Text(title, style="bold"), *row_lines)


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


def describe_move(move: dict, window: Window | None, name: str) -> str:
    """One line for a logged move: who, which card, where, the words and the points."""
    if move["kind"] == "knock":
        return f"{name} knocks: card {move['card']} goes to the bottom of the pack"
    position = tuple(move["position"])
    where = window.name(position) if window else f"({position[0]}, {position[1]})"
    on_top = " on top" if move["on_top"] else ""
    words = ", ".join(w.upper() for w in move["words"])
    stated = move.get("declared") or []
    declared = f" (symbols: {', '.join(stated).upper()})" if stated else ""
    points = move["points"]
    return f"{name} plays card {move['card']}{on_top} at {where}: {words}{declared} +{points}"
