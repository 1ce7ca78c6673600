"""My Word (1980) layout: where a card may go and the words and points it makes.

The layout is a grid of stacks (a card played on top covers another, rule 5b); only the
top card of a stack shows. Two cards side by side make ``left card's right pair + right
card's left pair``, one above the other ``upper card's bottom pair + lower card's top
pair`` (``shared/design/my-word-1980.md``). A card must make a dictionary word on every
edge where it touches a card (rule 5a/5b), and must touch at least one.

Symbols (red cards, rule 7): a ``..`` pair stands for any two letters, declared by the
player for that turn; the word then scores three times the value of the letter pair the
symbols meet. Two symbol pairs meeting make no word a player could score (0 points) but
are allowed, since any two letters may be declared on each side.

Limits (rule 9): in the basic game the layout never exceeds six cards wide or six deep;
the easy game has no limit. This module is the single source of truth for those rules;
players and the game loop build on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property

from solver.layout.deck import SYMBOL, Card, Deck
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

Position = tuple[int, int]  # (row, column); rows grow downwards
LIMIT = 6
SYMBOL_FACTOR = 3

# (row step, column step, edge of the placed card, edge of the neighbour, placed card first)
DIRECTIONS = (
    (0, -1, "left", "right", False),  # neighbour on the left: its right pair begins the word
    (0, 1, "right", "left", True),  # neighbour on the right
    (-1, 0, "top", "bottom", False),  # neighbour above: its bottom pair begins the word
    (1, 0, "bottom", "top", True),  # neighbour below
)


class SubstituteError(UserError):
    """A word stated for symbols that the dictionary or the printed letters rule out."""


@dataclass(frozen=True)
class Word:
    """A word made where two cards touch: its two printed pairs and what it scores."""

    begin: str  # first pair as printed ("..": symbols)
    end: str  # second pair as printed
    spelled: str  # the word, with symbols replaced by the letters declared
    points: int

    @property
    def symbols(self) -> bool:
        return SYMBOL in (self.begin, self.end)

    def fits(self, word: str) -> bool:
        """Could the player declare ``word`` here? Printed letters must match; symbols
        stand for any two."""
        return (
            len(word) == 4
            and (self.begin == SYMBOL or word[:2] == self.begin)
            and (self.end == SYMBOL or word[2:] == self.end)
        )


@dataclass(frozen=True)
class Layout:
    """Stacks of card numbers by position, bottom card first."""

    stacks: tuple[tuple[Position, tuple[int, ...]], ...] = ()

    @cached_property
    def by_position(self) -> dict[Position, tuple[int, ...]]:
        """The stacks as a dict, built once per layout (layouts never change)."""
        return dict(self.stacks)

    def as_dict(self) -> dict[Position, tuple[int, ...]]:
        return dict(self.by_position)

    @cached_property
    def bounds(self) -> tuple[int, int, int, int]:
        """First row, last row, first column, last column the layout spans."""
        rows = [r for (r, _), _ in self.stacks]
        columns = [c for (_, c), _ in self.stacks]
        return min(rows), max(rows), min(columns), max(columns)

    @cached_property
    def frontier(self) -> frozenset[Position]:
        """The empty squares touching a card: where a card may go next to the layout."""
        stacks = self.by_position
        return frozenset(
            (row + dr, column + dc)
            for row, column in stacks
            for dr, dc, *_ in DIRECTIONS
            if (row + dr, column + dc) not in stacks
        )

    def top(self, position: Position) -> int | None:
        stack = self.by_position.get(position)
        return stack[-1] if stack else None

    def place(self, position: Position, card: int) -> Layout:
        stacks = self.as_dict()
        stacks[position] = (*stacks.get(position, ()), card)
        return Layout(tuple(sorted(stacks.items())))


def _pair_value(deck: Deck, pair: str, beginning: bool) -> int:
    return (deck.begin_values if beginning else deck.end_values).get(pair, 0)


@cache
def _four_letter_words(lang: str) -> tuple[frozenset[str], dict[str, str], dict[str, str], str]:
    """The 4-letter words, and what symbols stand for when nothing is declared: the most
    common word for each first pair and each last pair, and the most common word of all
    (the points are the same whichever word fits, so bots say the word people know)."""
    frequency = lexicon.zipf_table(lang)
    words = sorted(lexicon.words(4, "all", lang), key=lambda w: (-frequency.get(w, 0.0), w))
    by_begin: dict[str, str] = {}
    by_end: dict[str, str] = {}
    for word in words:
        by_begin.setdefault(word[:2], word)
        by_end.setdefault(word[2:], word)
    return frozenset(words), by_begin, by_end, words[0]


def make_word(begin: str, end: str, deck: Deck, lang: str = "en") -> Word | None:
    """The word two touching pairs make, or None when none can be made. A symbol pair takes
    the letters of the most common word that fits (the player may declare another)."""
    words, by_begin, by_end, first = _four_letter_words(lang)
    if begin == SYMBOL and end == SYMBOL:
        return Word(begin, end, first, 0)
    if begin == SYMBOL:
        spelled = by_end.get(end)
        return (
            None
            if spelled is None
            else Word(begin, end, spelled, SYMBOL_FACTOR * _pair_value(deck, end, False))
        )
    if end == SYMBOL:
        spelled = by_begin.get(begin)
        return (
            None
            if spelled is None
            else Word(begin, end, spelled, SYMBOL_FACTOR * _pair_value(deck, begin, True))
        )
    spelled = begin + end
    if spelled not in words:
        return None
    return Word(begin, end, spelled, _pair_value(deck, begin, True) + _pair_value(deck, end, False))


@dataclass(frozen=True)
class Placement:
    """A legal place for a card, and what playing it there makes."""

    position: Position
    on_top: bool  # covers the card there (rule 5b)
    words: tuple[Word, ...]

    @property
    def points(self) -> int:
        return sum(w.points for w in self.words)

    @property
    def declared(self) -> list[str]:
        """The words stated for the symbols (rule 7), in the order of ``words``."""
        return [w.spelled for w in self.words if w.symbols]


def declare(spot: Placement, words: list[str], lang: str = "en") -> Placement:
    """The placement with the words a player states for its symbols (rule 7): each symbol
    word takes the first stated word that fits it; the points do not change, since the
    symbols triple the printed pair whatever letters they stand for. Raises
    ``SubstituteError`` when a stated word is not a word or fits no symbol edge."""
    dictionary = _four_letter_words(lang)[0]
    spec = lexicon.language(lang)
    stated = [spec.normalize(w) for w in words]  # as every typed word is read
    for typed, word in zip(words, stated, strict=True):
        if shown := spec.shown_foreign(word):
            raise SubstituteError(
                f"{typed!r} holds characters that are not {spec.name} letters: {shown}"
            )
        if word not in dictionary:
            raise SubstituteError(f"{word.upper()} is not a 4-letter word in the dictionary")
    new_words = []
    for made in spot.words:
        choice = next((w for w in stated if made.symbols and made.fits(w)), None)
        if choice is not None:
            stated.remove(choice)
            made = Word(made.begin, made.end, choice, made.points)
        new_words.append(made)
    if stated:
        symbol_words = [w for w in spot.words if w.symbols]
        patterns = [(w.begin + w.end).replace(SYMBOL, "__").upper() for w in symbol_words]
        raise SubstituteError(
            f"{stated[0].upper()} fits none of the symbol edges here "
            f"({', '.join(patterns) or 'this play has no symbols'})"
        )
    return Placement(spot.position, spot.on_top, tuple(new_words))


def within_limit(layout: Layout, position: Position) -> bool:
    """Would a card at ``position`` keep the layout within six by six (rule 9)?"""
    first_row, last_row, first_column, last_column = layout.bounds
    row, column = position
    return (
        max(last_row, row) - min(first_row, row) < LIMIT
        and max(last_column, column) - min(first_column, column) < LIMIT
    )


def _touching(
    layout: Layout, deck: Deck, card: Card, position: Position, lang: str
) -> list[tuple[str, str, str, Word | None]]:
    """Each edge of ``card`` at ``position`` that touches a card: (edge, first pair,
    second pair, the word they make or None)."""
    stacks = layout.by_position
    found = []
    for dr, dc, own_edge, their_edge, placed_first in DIRECTIONS:
        neighbour = stacks.get((position[0] + dr, position[1] + dc))
        if not neighbour:
            continue
        own, theirs = card.edge(own_edge), deck.card(neighbour[-1]).edge(their_edge)
        begin, end = (own, theirs) if placed_first else (theirs, own)
        found.append((own_edge, begin, end, make_word(begin, end, deck, lang)))
    return found


def placement(
    layout: Layout, deck: Deck, card: Card, position: Position, lang: str = "en"
) -> Placement | None:
    """Playing ``card`` at ``position`` (on top if occupied), or None when it is not legal."""
    touching = _touching(layout, deck, card, position, lang)
    if not touching or any(word is None for *_, word in touching):
        return None
    words = tuple(word for *_, word in touching if word is not None)
    return Placement(position, position in layout.by_position, words)


def why_not(
    layout: Layout, deck: Deck, card: Card, position: Position, easy: bool, lang: str = "en"
) -> str | None:
    """Why ``card`` cannot go at ``position``, in words a player can act on; None if it can."""
    if not easy and not within_limit(layout, position):
        return f"the layout would be more than {LIMIT} cards wide or deep (rule 9)"
    touching = _touching(layout, deck, card, position, lang)
    if not touching:
        return "it would not touch the layout"
    for edge, begin, end, word in touching:
        if word is None:
            shown = f"{begin}+{end}".replace(SYMBOL, "..").upper()
            return f"its {edge} edge would read {shown}, which makes no word"
    return None


def _legal(layout: Layout, deck: Deck, card: Card, easy: bool, lang: str) -> Iterator[Placement]:
    """The legal places for ``card`` one by one, so that a caller can stop at the first."""
    for position in sorted(layout.frontier | layout.by_position.keys()):
        if not easy and not within_limit(layout, position):
            continue
        legal = placement(layout, deck, card, position, lang)
        if legal is not None:
            yield legal


def placements(
    layout: Layout, deck: Deck, card: Card, easy: bool = False, lang: str = "en"
) -> list[Placement]:
    """Every legal place for ``card``: next to the layout (rule 5a) or on top of a card
    (5b), making words on every touching edge, inside 6 x 6 unless ``easy`` (rule 9)."""
    return list(_legal(layout, deck, card, easy, lang))


def fits(layout: Layout, deck: Deck, card: Card, easy: bool = False, lang: str = "en") -> bool:
    """Can ``card`` be played anywhere on ``layout``? The test of ``placements``, stopping
    at the first place: the end of the game asks it of every card in play, every turn."""
    return next(_legal(layout, deck, card, easy, lang), None) is not None
