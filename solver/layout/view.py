"""What one seat of My Word (1980) may see, and the plays the rules allow it.

The view holds the layout, the seat's own hand, the deck's cards (what is printed on them
is public), the scores, how many cards each hand and the pack hold, and the public history
of the game (``history``: who played which card where for how many points, who knocked;
the card a knock put under the pack only when it was the seat's own); never another hand,
another seat's knocked card or the order of the pack, which only the game's ``State``
holds. The history is what a player who reads the table needs (``belief.py``): a knocker
had no play, a play tells what the rest of the hand could not beat, and one's own knocked
cards lie at known places near the bottom of the pack. Its JSON carries all an
engine in another language needs to play without our code: besides the above, every legal
play with the words it makes and its points (``legal``), so that such an engine may simply
choose one. ``LayoutView.from_json`` reads it back exactly (the plays are worked out again
from the rules, not read).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypedDict

from solver.layout.board import Layout, Position, placements
from solver.layout.deck import Card, Deck, DeckDocument, default_deck, document, parse_deck
from solver.layout.moves import Knocked, MovedDocument, Play, Played, event_from_json
from solver.runtime import fields


class LegalPlayDocument(TypedDict):
    """A legal play in a view's JSON (``legal``): the card, where, and what it makes."""

    card: int
    position: list[int]  # [row, column]
    on_top: bool
    words: list[str]
    declared: list[str]
    points: int


class LayoutViewDocument(TypedDict):
    """A ``LayoutView`` as the engine protocol sends it, with every legal play."""

    seat: int
    hand: list[int]
    layout: list[list[list[int]]]  # [[row, column], [card, ...]] pairs, bottom card first
    scores: list[int]
    hand_sizes: list[int]
    pack_size: int
    easy: bool
    deck: DeckDocument
    legal: list[LegalPlayDocument]
    history: list[MovedDocument]


@dataclass(frozen=True)
class LayoutView:
    """What seat ``seat`` sees on its turn: nothing of another hand or the pack's order.

    Attributes:
        seat: This seat, from 0.
        hand: The card numbers in this seat's hand.
        layout: The cards laid out so far, by position.
        deck: Every card of the game by number (what is printed on them is public).
        scores: Each seat's points so far, by seat.
        hand_sizes: How many cards each seat holds, by seat.
        pack_size: How many cards are left in the pack.
        easy: No 6 x 6 limit on the layout (rule 9).
        history: Every move so far, in order (``public_history``).
    """

    seat: int
    hand: tuple[int, ...]  # card numbers
    layout: Layout
    deck: Deck  # every card of the game, by number (what is printed on them is public)
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]  # cards in each seat's hand
    pack_size: int
    easy: bool  # no 6 x 6 limit (rule 9)
    # Every move so far, in order (``public_history``): plays whole, knocks with the card
    # only when the seat knocked it itself (``Knocked.card`` is None for another seat's).
    history: tuple[Played | Knocked, ...] = ()

    def card(self, number: int) -> Card:
        """The card numbered ``number`` (its four letter pairs).

        Args:
            number: The card's number.

        Returns:
            The card.

        Raises:
            KeyError: No card of the deck has that number.
        """
        return self.deck.card(number)

    def to_json(self) -> LayoutViewDocument:
        """The view as the engine protocol sends it: these fields, and ``legal``, every
        legal play (``legal_plays``) written as a move is.

        Returns:
            The attributes by name (the layout as ``[position, stack]`` pairs, the deck
                as its document, the history as the log writes moves), and ``legal``.
        """
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "layout": [[list(position), list(stack)] for position, stack in self.layout.stacks],
            "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes),
            "pack_size": self.pack_size,
            "easy": self.easy,
            "deck": _deck_document(self.deck),
            "legal": [_play_json(play) for play in legal_plays(self)],
            "history": [event.to_json() for event in self.history],
        }

    # ``document``: parsed JSON (the referee's line), checked here as it is read.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> LayoutView:
        """The view ``to_json`` wrote (the default deck is read back as that very deck, so
        that what is built once per deck, its kernel arrays, is not built again).

        Args:
            document: A view as ``to_json`` writes it (``legal`` is not read back).

        Returns:
            The view.

        Raises:
            KeyError: A field is missing.
            ValueError: A field is not what it must be (``runtime.fields``): a card a
                number of the deck and in one place only, counts whole numbers in range.
        """
        deck = _deck_of(document["deck"])
        size = len(deck.cards)
        card = _card_reader(deck)
        stacks = _stacks(fields.items(document["layout"], "layout", size), card, size)
        given = fields.items(document["hand"], "hand", size)
        hand = tuple(card(n, f"hand[{i}]") for i, n in enumerate(given))
        seen = [*hand, *(n for _, stack in stacks for n in stack)]
        if len(set(seen)) < len(seen):
            raise ValueError("a card is twice in the hand and the layout")
        sizes = fields.items(document["hand_sizes"], "hand_sizes", 6)
        seat = fields.whole(document["seat"], "seat", 0, max(len(sizes) - 1, 0))
        easy = document["easy"]
        if not isinstance(easy, bool):
            raise ValueError(f"easy is true or false, not {easy!r:.40}")
        scores = fields.items(document["scores"], "scores", 6)
        return cls(
            seat=seat,
            hand=hand,
            layout=Layout(tuple(sorted(stacks))),
            deck=deck,
            scores=tuple(fields.whole(n, f"scores[{i}]") for i, n in enumerate(scores)),
            hand_sizes=tuple(
                fields.whole(n, f"hand_sizes[{i}]", 0, size) for i, n in enumerate(sizes)
            ),
            pack_size=fields.whole(document["pack_size"], "pack_size", 0, size),
            easy=easy,
            history=tuple(
                _event_of(event) for event in fields.items(document.get("history", []), "history")
            ),
        )


def public_history(history: list[Played | Knocked], seat: int) -> tuple[Played | Knocked, ...]:
    """The moves as ``seat`` saw them: every play, every knock with its card hidden unless
    ``seat`` made it (the card went face down under the pack, rule 5c).

    Args:
        history: Every move of the game, in order.
        seat: The seat that sees them, from 0.

    Returns:
        The moves in order, another seat's ``Knocked`` with its card None.
    """
    return tuple(
        Knocked(event.seat, None) if isinstance(event, Knocked) and event.seat != seat else event
        for event in history
    )


def _card_reader(deck: Deck) -> Callable[[object, str], int]:
    """A reader of a card's number that must be one of ``deck``'s (a number outside it was
    a ``KeyError`` deep in the player)."""
    numbers = {card.number for card in deck.cards}

    def card(value: object, what: str) -> int:
        number = fields.whole(value, what)
        if number not in numbers:
            raise ValueError(f"{what} is {number}, not a card of the deck")
        return number

    return card


# ``given``: the view's ``layout`` field, a list checked item by item here.
def _stacks(
    given: list[Any], card: Callable[[object, str], int], size: int
) -> list[tuple[Position, tuple[int, ...]]]:
    """The layout's stacks as a view gives them: ``[[row, column], [card, ...]]`` each."""
    stacks = []
    for i, entry in enumerate(given):
        position, stack = fields.pair(entry, f"layout[{i}]")
        where = f"layout[{i}]'s position"
        row, column = (fields.whole(n, where) for n in fields.pair(position, where))
        listed = fields.items(stack, f"layout[{i}]'s stack", size)
        cards = tuple(card(n, f"layout[{i}]'s card") for n in listed)
        stacks.append(((row, column), cards))
    return stacks


# ``document``: parsed JSON, as in ``LayoutView.from_json``.
def _event_of(document: dict[str, Any]) -> Played | Knocked:
    """A move of a view's history as ``to_json`` wrote it (a hidden knock's card is null)."""
    if not isinstance(document, dict):
        raise ValueError(f"a history item is not an object: {document!r:.40}")
    if document.get("kind") == "knock" and document.get("card") is None:
        return Knocked(fields.whole(document["player"], "a knock's player", 0, 5), None)
    event = event_from_json(document)
    if not isinstance(event, Played | Knocked):
        raise ValueError(f"not a move of the game: {document.get('kind')!r:.40}")
    return event


@cache
def _default_document() -> DeckDocument:
    return document(default_deck())


def _deck_document(deck: Deck) -> DeckDocument:
    return _default_document() if deck is default_deck() else document(deck)


# ``written``: parsed JSON, a view's deck, checked by ``parse_deck``.
def _deck_of(written: dict[str, object]) -> Deck:
    if written == _default_document():
        return default_deck()
    return parse_deck(written, "in the view")


def _play_json(play: Play) -> LegalPlayDocument:
    spot = play.placement
    return {
        "card": play.card,
        "position": list(spot.position),
        "on_top": spot.on_top,
        "words": [word.spelled for word in spot.words],
        "declared": spot.declared,
        "points": spot.points,
    }


def legal_plays(view: LayoutView) -> list[Play]:
    """Every card of the hand at every place the rules allow it (the hand's order, then
    the places' order).

    Args:
        view: A seat's view.

    Returns:
        The legal plays, each with its placement's words and points; empty when the seat
            can only knock.
    """
    return [
        Play(number, spot)
        for number in view.hand
        for spot in placements(view.layout, view.deck, view.card(number), view.easy)
    ]
