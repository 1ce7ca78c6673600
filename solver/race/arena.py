"""MY WORD! for the arena: its ``Rules`` (``solver.arena.protocol``) and a new game from a
seed, so that the generic loop (``solver.arena.loop``), a tournament's workers and the
engine protocol (``solver.arena.engine``) all play the race one way.

A seat is a built-in level (``hard``, ``medium:wait``...), a bot of one's own
(``plugins``: an entry point, ``module:attr`` or ``path/to/file.py:attr``), or, through
``solver.arena.seats.named``, ``engine:COMMAND ARGS``. Its move is a ``Call`` or a
``Wait``, on JSON ``{"kind": "call", "word": "cats", "after": 1.5}`` or
``{"kind": "wait"}``; its view is ``RaceView`` (the table, the cards to deal, the cards
won this round, the race's time, the language).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.arena.seats import InProcess
from solver.race.calls import Move, RaceView, move_from_json
from solver.race.deck import MAX_DECK_CARDS, Deck, check_table, load_deck
from solver.race.index import normalized_cards
from solver.race.seats import seated
from solver.race.state import DEFAULT_PACE, Event, RaceState, event_from_json
from solver.runtime import fields
from solver.wordtools import lexicon


class RaceRules:
    """MY WORD!'s ``Rules``."""

    name = "race"

    def view_from_json(self, document: dict[str, Any]) -> RaceView:
        return RaceView.from_json(document)

    def view_checker(self, variant: Mapping[str, Any]) -> Callable[[RaceView], None]:
        """The check of a game's views by its handshake: a view whose table the game's
        deck (the handshake's ``cards``, read once here) cannot make, a card it lacks or
        more copies than it holds, is refused (``DeckError``, a ``ValueError``). An engine
        is told the deck, so a table of other cards is a referee's error, answered as one
        (the view alone cannot tell).

        Args:
            variant: The handshake's variant (``RaceState.variant``).

        Returns:
            The check of one view: it raises, or returns nothing.

        Raises:
            ValueError: The variant's deck is none (its ``cards`` of the wrong shape).
        """
        deck = deck_from_variant(variant)

        def check(view: RaceView) -> None:
            check_table(normalized_cards(view.table, view.lang), deck)

        return check

    def move_from_json(self, document: dict[str, Any]) -> Move:
        return move_from_json(document)

    def event_from_json(self, document: dict[str, Any]) -> Event:
        return event_from_json(document)

    def seat(self, name: str) -> InProcess:
        return seated(name)


RULES = RaceRules()


def deck_from_variant(variant: Mapping[str, Any]) -> Deck:
    """The deck a handshake's variant names card by card (``RaceState.variant``)."""
    pairs = fields.items(variant["cards"], "cards", MAX_DECK_CARDS)
    counts = []
    for i, item in enumerate(pairs):
        card, count = fields.pair(item, f"cards[{i}]")
        counts.append(
            (
                fields.text(card, f"cards[{i}]"),
                fields.whole(count, f"cards[{i}]", 0, MAX_DECK_CARDS),
            )
        )
    name = fields.text(variant.get("deck", "the handshake's"), "deck")
    return Deck(name, fields.text(variant["lang"], "lang", lexicon.LANGUAGES), tuple(counts))


def new_state(
    seed: int,
    players: int = 2,
    deck: Deck | str | None = None,
    lang: str | None = None,
    pace: float = DEFAULT_PACE,
) -> RaceState:
    """A new game of ``players`` seats, its packs shuffled from ``seed``; ``deck`` and
    ``lang`` meet in ``load_deck`` (no deck: the language's own; no language: the
    deck's)."""
    return RaceState(players, load_deck(deck, lang), seed, pace)
