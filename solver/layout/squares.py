"""My Word (1980) square names: fixed for the whole game, so what a person types or clicks
never moves under them.

The log keeps a card's place as (row, column) from the centre card, which is (0, 0); this
module names those places for people, like a chessboard: a column letter and a row number.
The grid is fixed when the game starts and big enough for every place a card can ever
reach, so no name changes as the layout grows:

- the basic game (rule 9: never more than six cards wide or deep): a card is at most five
  places from the centre card, so the grid is 11 x 11, columns A to K and rows 1 to 11, the
  centre card always at F6;
- the easy game (no limit): a line of every card in the deck could run from the centre in
  any direction, so the grid reaches (cards in the deck - 1) places each way; columns run
  A..Z, AA..AZ, BA.. (as in a spreadsheet), and with the 48-card deck the centre card is at
  AV48.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solver.layout.board import LIMIT, Position
from solver.runtime.errors import UserError

SQUARE = re.compile(r"^([a-z]{1,3})(\d{1,3})$")


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the spreadsheet way, so every column has a name."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """The inverse of ``column_letters`` (case does not matter)."""
    index = 0
    for letter in letters.upper():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


@dataclass(frozen=True)
class Squares:
    """The names of the places within ``reach`` of the centre card (the grid of a game)."""

    reach: int

    @property
    def size(self) -> int:
        return 2 * self.reach + 1

    def contains(self, position: Position) -> bool:
        return all(-self.reach <= p <= self.reach for p in position)

    def column(self, column: int) -> str:
        return column_letters(column + self.reach)

    def row(self, row: int) -> str:
        return str(row + self.reach + 1)

    def name(self, position: Position) -> str:
        return f"{self.column(position[1])}{self.row(position[0])}"

    def position(self, square: str) -> Position:
        """The place a square name such as ``G5`` stands for; ``UserError`` saying why not."""
        found = SQUARE.match(square.strip().lower())
        first, last = self.name((-self.reach, -self.reach)), self.name((self.reach, self.reach))
        if not found:
            raise UserError(
                f"{square!r} is not a square: a column letter and a row number, like "
                f"{self.name((0, 1))} (the centre card is {self.name((0, 0))})"
            )
        position = (int(found.group(2)) - 1 - self.reach, column_index(found.group(1)) - self.reach)
        if not self.contains(position):
            raise UserError(f"{square.upper()} is off the board ({first} to {last})")
        return position


def squares_for(easy: bool, cards: int) -> Squares:
    """The grid of a game: 11 x 11 under the six-by-six limit, else as far as a line of all
    ``cards`` could reach."""
    return Squares(max(cards - 1, 1) if easy else LIMIT - 1)
