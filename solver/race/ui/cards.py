"""Drawing MY WORD! cards for the Textual screen: big, coloured, told apart at a glance.

A card is a block three lines tall with its letters in the middle line. Single letters
are cream, double-letter cards (QU, ND, ...) light blue and one column wider, since their
two letters go together; wild cards are amber and say what they stand for (``?``: any 1
letter, ``??``: any 2). The card dealt last says ``new`` on its top line. Cards wrap to
the width they are given, a blank line between rows. When the table holds more cards than
the lines it is given (``lines``: a small terminal), each card is one line tall, its
letters on its colour, the newest underlined, so that the whole table stays in view.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from solver.race.deck import DOUBLE_WILD, WILD

SINGLE = "#f5ecd7"
DOUBLE = "#8ecae6"
WILDCARD = "#ffb703"
GAP = 1  # columns between two cards


def card_width(card: str, small: bool = False) -> int:
    if small:
        return 3 if len(card) == 1 else 4
    return 5 if len(card) == 1 else 6


def card_lines(card: str, newest: bool) -> tuple[str, str, str]:
    """The three lines of a card, each ``card_width`` long."""
    width = card_width(card)
    top = "new".center(width) if newest else " " * width
    middle = card.upper().center(width)
    bottom = {WILD: "any 1", DOUBLE_WILD: "any 2 "}.get(card, " " * width)
    return top, middle, bottom


def card_colour(card: str) -> str:
    if card in (WILD, DOUBLE_WILD):
        return WILDCARD
    return DOUBLE if len(card) == 2 else SINGLE


@dataclass(frozen=True)
class CardsView:
    """The cards on the table as a Rich renderable, wrapped to the width it is given."""

    cards: tuple[str, ...]
    newest: int | None = None  # position of the card dealt last, if it is still there
    empty: str = "No cards on the table."
    lines: int | None = None  # the most lines it may take: beyond, small cards (one line)

    def rows(self, width: int, small: bool = False) -> list[list[int]]:
        """Card positions, row by row, each row at most ``width`` columns."""
        rows: list[list[int]] = [[]]
        used = 0
        for index, card in enumerate(self.cards):
            need = card_width(card, small) + (GAP if rows[-1] else 0)
            if rows[-1] and used + need > width:
                rows.append([])
                used, need = 0, card_width(card, small)
            rows[-1].append(index)
            used += need
        return rows if rows[0] else []

    def small(self, width: int) -> bool:
        """Whether the big cards (three lines, a blank line between rows) need more lines
        than ``lines``."""
        rows = len(self.rows(width))
        return self.lines is not None and 4 * rows - 1 > self.lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.cards:
            yield Text(self.empty, style="italic")
            return
        if self.small(options.max_width):
            yield from self._small_rows(options.max_width)
            return
        for number, row in enumerate(self.rows(options.max_width)):
            if number:
                yield Text("")
            for line in range(3):
                text = Text()
                for position, index in enumerate(row):
                    card = self.cards[index]
                    if position:
                        text.append(" " * GAP)
                    shown = card_lines(card, index == self.newest)[line]
                    style = Style(color="black", bgcolor=card_colour(card), bold=line == 1)
                    if line != 1:
                        style += Style(color="#505050")
                    text.append(shown, style)
                yield text

    def _small_rows(self, width: int) -> RenderResult:
        for row in self.rows(width, small=True):
            text = Text()
            for position, index in enumerate(row):
                card = self.cards[index]
                if position:
                    text.append(" " * GAP)
                shown = card.upper().center(card_width(card, small=True))
                newest = index == self.newest
                style = Style(color="black", bgcolor=card_colour(card), bold=True)
                text.append(shown, style + Style(underline=newest))
            yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((card_width(card) for card in self.cards), default=len(self.empty))
        return Measurement(widest, options.max_width)
