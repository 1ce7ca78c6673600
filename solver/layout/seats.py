"""My Word (1980) players of one's own: what a seat sees, the moves it may make, and the
one method a player has.

A player is anything with ``move(view, rng) -> Play | Knock``: the view holds what its
seat may see (the layout, its own hand, the deck's cards, the scores, how many cards each
other hand and the pack hold), never another hand or the order of the pack, which only
the game holds. ``rng`` is the turn's seeded generator (the same seed, the same game).
One of one's own is named as ``plugins`` says (``--player mine.py:Mine``); the built-ins
(``random``, ``greedy``, ``beam``) play as before.

Example, a player that plays the card with the fewest places first::

    from solver.layout.seats import Knock, Play, legal_plays

    def move(view, rng):
        plays = legal_plays(view)
        if not plays:
            return Knock(view.hand[0])
        return max(plays, key=lambda play: play.placement.points)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from solver.arena import plugins
from solver.layout.board import Layout, Placement, placements
from solver.layout.deck import Card, Deck
from solver.layout.state import GameState
from solver.runtime.errors import UserError

# How the game loop calls a player: the state, the seat, the turn's generator.
Seated = Callable[[GameState, int, random.Random], tuple[str, int, Placement | None]]


@dataclass(frozen=True)
class LayoutView:
    """What seat ``seat`` sees on its turn."""

    seat: int
    hand: tuple[int, ...]  # card numbers
    layout: Layout
    deck: Deck  # every card of the game, by number (what is printed on them is public)
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]  # cards in each seat's hand
    pack_size: int
    easy: bool  # no 6 x 6 limit (rule 9)

    def card(self, number: int) -> Card:
        return self.deck.card(number)

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "layout": [[list(position), list(stack)] for position, stack in self.layout.stacks],
            "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes),
            "pack_size": self.pack_size,
            "easy": self.easy,
        }


@dataclass(frozen=True)
class Play:
    """Play ``card`` from the hand at ``placement`` (one of ``legal_plays``)."""

    card: int
    placement: Placement


@dataclass(frozen=True)
class Knock:
    """Put ``card`` from the hand to the bottom of the pack and draw (rules 7-8)."""

    card: int


class LayoutPlayer(Protocol):
    """A My Word (1980) player: its move from what its seat sees."""

    def move(self, view: LayoutView, rng: random.Random) -> Play | Knock: ...


def view_of(state: GameState, seat: int) -> LayoutView:
    """The view of ``seat``: its own hand only, the sizes of the others and of the pack."""
    return LayoutView(
        seat,
        tuple(state.hands[seat]),
        state.layout,
        state.deck,
        tuple(state.scores),
        tuple(len(hand) for hand in state.hands),
        len(state.pack),
        state.easy,
    )


def as_loop_move(move: Play | Knock) -> tuple[str, int, Placement | None]:
    """A built-in's move as the game loop applies it (a player of one's own is checked
    first: ``seated``)."""
    if isinstance(move, Knock):
        return "knock", move.card, None
    return "play", move.card, move.placement


def legal_plays(view: LayoutView) -> list[Play]:
    """Every card of the hand at every place the rules allow it."""
    return [
        Play(number, spot)
        for number in view.hand
        for spot in placements(view.layout, view.deck, view.card(number), view.easy)
    ]


@dataclass(frozen=True)
class FunctionPlayer:
    """A plain function ``move(view, rng)``, as a player."""

    function: object

    def move(self, view: LayoutView, rng: random.Random) -> Play | Knock:
        return self.function(view, rng)


KIND = plugins.Kind(
    game="layout",
    noun="player",
    plural="players",
    group="myword.layout.players",
    method="move",
    builtins=(
        ("random", "solver.layout.game:random_move"),
        ("greedy", "solver.layout.game:greedy_move"),
        ("beam", "solver.layout.players:beam_move"),
    ),
    wrap=FunctionPlayer,
)


def seated(name: str) -> Seated:
    """A player of one's own, named (``plugins``), as the game loop calls players: handed
    its seat's view, its move checked against the rules (a move the rules do not allow, or
    an exception, is a ``UserError`` naming the player)."""
    player = plugins.load(KIND, name)

    def take_turn(state, seat, rng):
        view = view_of(state, seat)
        try:
            chosen = player.move(view, rng)
        except Exception as error:  # the player's own bug: one line naming it
            raise UserError(f"player {name!r} raised {type(error).__name__}: {error}") from error
        return _checked_move(name, view, chosen)

    return take_turn


def _checked_move(name: str, view: LayoutView, chosen: object) -> tuple[str, int, Placement | None]:
    """A player's move as the game loop applies it, if the rules allow it."""
    if isinstance(chosen, Knock) and chosen.card in view.hand:
        return "knock", chosen.card, None
    if isinstance(chosen, Play) and chosen.card in view.hand:
        allowed = placements(view.layout, view.deck, view.card(chosen.card), view.easy)
        if chosen.placement in allowed:
            return "play", chosen.card, chosen.placement
        raise UserError(
            f"player {name!r} played card {chosen.card} at {list(chosen.placement.position)}: "
            "the rules do not allow it there"
        )
    if isinstance(chosen, Play | Knock):
        raise UserError(f"player {name!r} moved card {chosen.card}, which is not in its hand")
    raise UserError(f"player {name!r} returned {chosen!r}, not a Play or a Knock")
