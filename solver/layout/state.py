"""My Word (1980): a game's state and the rule that ends it, below the game loop
(``game.py``) and the players (``players.py``), which both need them: the beam player plays
out turns to where the game would end, and the loop plays its players (``beam`` among them).
With these in ``game.py`` the two modules imported each other (issue 25).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from solver.layout.board import Layout
from solver.layout.deck import Card, Deck


@dataclass
class GameState:
    deck: Deck
    pack: list[int]  # card numbers, top first
    hands: list[list[int]]
    layout: Layout
    scores: list[int]
    easy: bool
    log: dict[str, object] = field(default_factory=dict)

    def card(self, number: int) -> Card:
        return self.deck.card(number)


PACK_OUT = "the pack is used up and a player has played all their cards"
STUCK = "no card in a hand or in the pack can be played"


def ending(
    pack: Sequence[int],
    hands: Sequence[Sequence[int]],
    can_play: Callable[[Sequence[int]], bool],
) -> str | None:
    """Why the game is over (``PACK_OUT`` or ``STUCK``), or None while it goes on: the one
    ending rule, asked by the game loop, by ``replay`` and by the beam player's look-ahead.

    Rule 10: the game ends when the pack is used up and either a player has played all
    their cards or no player can play. Where the rules are silent: while the pack lasts a
    player who cannot play knocks, and knocks alone could go on for ever. Only a play
    changes the layout; a knock only moves one card from a hand to the pack and another
    from the pack to the hand. So once no card in any hand and no card in the pack can be
    played on the layout, nobody can ever play again, and the game ends then, pack or no
    pack (with the pack used up this is rule 10's "no player can play"). While one such
    card exists the game goes on: a card in a hand, the one the last knock drew included,
    can be played on its holder's next turn, and one in the pack reaches a hand after at
    most as many knocks as the pack has cards. Counting knocks in a row is no test: each
    knock changes a hand, and the card it draws may be one that can be played.

    ``can_play(cards)`` says whether any of ``cards`` can be played on the layout. Hands
    are asked in the order given and the pack last, so a caller that already knows one
    hand's plays puts that hand first.
    """
    if not pack and not all(hands):
        return PACK_OUT
    for cards in hands:
        if cards and can_play(cards):
            return None
    return None if pack and can_play(pack) else STUCK
