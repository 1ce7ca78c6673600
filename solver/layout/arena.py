"""My Word (1980) for the arena (``solver.arena.protocol.Rules``): how its views, moves and
events read from JSON, how a named player becomes a seat, and a new game from a seed.

A player named here is a built-in (``random``, ``greedy``, ``beam``) or one of one's own
(``plugins``: an entry point, ``module:attr``, ``file.py:attr``); ``engine:COMMAND ARGS``
is the arena's (``solver.arena.seats.named``). The seat hands the player its view and
``random.Random(seed)`` of the decision's seed, so that a player draws the same numbers
here and served over the engine protocol.

A player in this process whose move the rules refuse, or that raises, is a bug in that
player's code: one line naming it (``UserError``), as a bench or a game has always said,
not a forfeit. A player in another process forfeits the game instead (the loop's
``IllegalMove``), and a tournament goes on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from solver.arena import plugins
from solver.arena.protocol import IllegalMove
from solver.arena.seats import InProcess, stop_if_interrupted
from solver.layout.deck import Deck
from solver.layout.moves import Event, Move, event_from_json, move_from_json
from solver.layout.seats import KIND
from solver.layout.state import State, deal, resolve
from solver.layout.view import LayoutView
from solver.runtime.errors import UserError, raised


@dataclass(frozen=True)
class LayoutRules:
    """My Word (1980)'s ``Rules``."""

    name: str = "layout"

    def view_from_json(self, document: dict[str, Any]) -> LayoutView:
        return LayoutView.from_json(document)

    def move_from_json(self, document: dict[str, Any]) -> Move:
        return move_from_json(document)

    def event_from_json(self, document: dict[str, Any]) -> Event:
        return event_from_json(document)

    def seat(self, name: str) -> InProcess:
        """The player ``name`` (a built-in or a plugin, loaded now: an unknown name is one
        line listing the choices) as a seat of this process."""
        player = plugins.load(KIND, name)

        def decide(view: LayoutView, seed: int) -> Move:
            try:
                chosen = player.move(view, random.Random(seed))
            except Exception as error:  # the player's own bug: one line naming it
                stop_if_interrupted(error)
                raise UserError(f"player {name!r} {raised(error)}") from error
            try:
                resolve(view, chosen)
            except IllegalMove as refused:
                raise UserError(f"player {name!r} {refused}") from None
            return chosen

        return InProcess(name, decide)


RULES = LayoutRules()


def new_state(
    seed: int | None = None,
    players: int = 2,
    easy: bool = False,
    deck: Deck | None = None,
    names: list[str] | None = None,
) -> State:
    """A new game of ``players`` seats, the deck shuffled by ``seed`` (the deal is the same
    one the game has always dealt for that seed); ``names`` and the seed go in its log."""
    state = deal(players, seed, easy, deck)
    if names is not None:
        if len(names) != players:
            raise ValueError(f"{len(names)} names for {players} players")
        state.players = tuple(names)
    state.seed = seed
    return state
