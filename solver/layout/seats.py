"""My Word (1980) players of one's own: what a seat sees, the moves it may make, and the
one method a player has.

A player is anything with ``move(view, rng) -> Play | Knock``: the view holds what its
seat may see (the layout, its own hand, the deck's cards, the scores, how many cards each
other hand and the pack hold), never another hand or the order of the pack, which only
the game holds. ``rng`` is the turn's seeded generator (the same seed, the same game).
One of one's own is named as ``plugins`` says (``--player mine.py:Mine``); the built-ins
(``random``, ``greedy``, ``beam``) play as before.

Example, a player that plays the card with the fewest places first:

```python
from solver.layout.seats import Knock, Play, legal_plays

def move(view, rng):
    plays = legal_plays(view)
    if not plays:
        return Knock(view.hand[0])
    return max(plays, key=lambda play: play.placement.points)
```
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from solver.arena import plugins
from solver.layout.moves import Knock, Play
from solver.layout.state import State
from solver.layout.view import LayoutView, legal_plays

__all__ = ["KIND", "Knock", "LayoutPlayer", "LayoutView", "Play", "legal_plays", "view_of"]


class LayoutPlayer(Protocol):
    """A My Word (1980) player: its move from what its seat sees."""

    def move(self, view: LayoutView, rng: random.Random) -> Play | Knock:
        """The seat's move on its turn.

        Args:
            view: What the seat may see (its own hand, never another's or the pack's order).
            rng: The turn's seeded generator: a player that draws only from it plays the
                same game again from the same seed.

        Returns:
            A ``Play`` of a card of the hand at a place the rules allow (one of
                ``legal_plays(view)``, words stated for its symbols), or a ``Knock`` of a
                card of the hand.

        Raises:
            Exception: Whatever the player raises; the game does not catch it for a
                player in its own process (a plugin's or an engine's failure forfeits its
                seat, in one line).
        """
        ...


def view_of(state: State, seat: int) -> LayoutView:
    """The view of ``seat`` (``State.view``).

    Args:
        state: The game.
        seat: A seat of the game, from 0.

    Returns:
        What that seat may see now.
    """
    return state.view(seat)


@dataclass(frozen=True)
class FunctionPlayer:
    """A plain function ``move(view, rng)``, as a player (``LayoutPlayer``).

    Attributes:
        function: Called with the view and the turn's generator; returns a ``Play`` or a
            ``Knock``.
    """

    function: Callable[[LayoutView, random.Random], Play | Knock]

    def move(self, view: LayoutView, rng: random.Random) -> Play | Knock:
        """What the function returns.

        Args:
            view: What the seat may see.
            rng: The turn's seeded generator.

        Returns:
            The function's ``Play`` or ``Knock`` (the rules check it).
        """
        return self.function(view, rng)


KIND: plugins.Kind[LayoutPlayer] = plugins.Kind(
    game="layout",
    noun="player",
    plural="players",
    group="myword.layout.players",
    method="move",
    builtins=(
        ("random", "solver.layout.game:random_move"),
        ("greedy", "solver.layout.game:greedy_move"),
        ("beam", "solver.layout.players:beam_move"),
        ("reader", "solver.layout.reader:reader_move"),
    ),
    wrap=FunctionPlayer,
    taken=lambda name: name.strip().lower() == "human",  # the person's seat in --players
)
