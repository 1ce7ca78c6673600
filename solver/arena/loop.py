"""The one game loop: any game's ``State``, any mix of ``Seat``s, played to the end.

Why one loop: a bench, a tournament worker, a Dask task, the engine protocol's referee and
a replay all play games the same way, so each game only says what its state, views and
moves are (``solver.arena.protocol``). A seat that gives no move (``SeatFailed``: an
engine that crashed, answered late or spoke garbage) or a move the rules refuse
(``IllegalMove``) forfeits the game, and the reason goes in the events; the caller (a
tournament) goes on with the next game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from solver.arena.protocol import (
    Forfeited,
    Hello,
    IllegalMove,
    Seat,
    SeatFailed,
    State,
    decision_seed,
)


class OutcomeDocument(TypedDict):
    """An ``Outcome`` as JSON (``Outcome.to_json``)."""

    scores: list[int]
    events: list[Any]  # each as its game's ``to_json`` writes it: open here, as ``events``
    moves: list[int]
    seconds: list[float]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: each seat's score, every event in order, the forfeits among
    them, and per seat the moves it made and the seconds it spent deciding.

    Attributes:
        scores: Each seat's final score, in the game's points, in seat order.
        events: Every event of the game, in order (the game's typed events, a
            ``Forfeited`` among them when a seat forfeited).
        moves: The moves each seat made, in seat order (a move refused counts).
        seconds: Wall-clock seconds each seat spent deciding, in seat order (left out of
            equality: never the same twice).
    """

    scores: tuple[int, ...]
    events: tuple[Any, ...]
    moves: tuple[int, ...]
    seconds: tuple[float, ...] = field(compare=False)  # measured: never equal twice

    @property
    def forfeits(self) -> tuple[Forfeited, ...]:
        """The ``Forfeited`` events among ``events``, in order (empty when no seat forfeited)."""
        return tuple(event for event in self.events if isinstance(event, Forfeited))

    def to_json(self) -> OutcomeDocument:
        """The outcome as JSON, for a record or a bench's output.

        Returns:
            ``{"scores": [...], "events": [...], "moves": [...], "seconds": [...]}``: each
                event as its ``to_json`` writes it, seconds rounded to microseconds.
        """
        return {
            "scores": list(self.scores),
            "events": [event.to_json() for event in self.events],
            "moves": list(self.moves),
            "seconds": [round(spent, 6) for spent in self.seconds],
        }


def play(
    state: State,
    seats: Sequence[Seat],
    seed: int,
    on_event: Callable[[Any], None] | None = None,
) -> Outcome:
    """Play ``state`` to its end, asking ``seats[s]`` for seat s's moves; the decision
    seeds derive from ``seed`` (the game's), so the same seed plays the same game. Each
    seat is told the start (its ``Hello``, without the seed: a player never learns what
    draws the hidden cards) and the final scores; closing the seats is the caller's, who
    may play many games with them.

    A seat that raises ``SeatFailed`` or makes a move the rules refuse (``IllegalMove``)
    forfeits the game, which then ends normally; any other exception a seat raises (a
    player's bug, a ``UserError``) is not caught and leaves the game unfinished.

    Args:
        state: The game at its start (or where it stands); played on in place.
        seats: One seat per seat of the game, in seat order (``seats[0]`` plays seat 0).
        seed: The game's seed, which every decision's seed derives from
            (``decision_seed``).
        on_event: Called with each event as it happens (a feed, a log); None for none.

    Returns:
        The scores, the events in order, and each seat's moves and seconds spent deciding.

    Raises:
        ValueError: The number of seats is not the game's.
    """
    if len(seats) != state.seats:
        raise ValueError(f"{len(seats)} seats for a game of {state.seats}")
    for index, player in enumerate(seats):
        player.start(Hello(state.game, state.variant(), index, state.seats))
    events: list[Any] = []
    moves = [0] * state.seats
    seconds = [0.0] * state.seats
    decisions = 0
    while (seat := state.to_move()) is not None:
        view = state.view(seat)
        started = time.perf_counter()
        try:
            move = seats[seat].decide(view, decision_seed(seed, seat, decisions))
            seconds[seat] += time.perf_counter() - started
            happened = state.apply(seat, move)
        except (SeatFailed, IllegalMove) as failure:
            seconds[seat] += time.perf_counter() - started
            happened = state.forfeit(seat, f"{seats[seat].name}: {failure}")
        moves[seat] += 1
        decisions += 1
        for event in happened:
            events.append(event)
            if on_event is not None:
                on_event(event)
    scores = state.scores()
    for player in seats:
        player.finish(scores)
    return Outcome(scores, tuple(events), tuple(moves), tuple(seconds))


def close_all(seats: Sequence[Seat]) -> None:
    """Close every seat (each once), even when one fails to.

    Args:
        seats: The seats to close; a seat named twice (an engine in two seats) is closed
            once.

    Raises:
        Exception: The first error a seat's ``close`` raised, once every seat was asked to
            close (of whatever type it raised).
    """
    errors = []
    for seat in {id(seat): seat for seat in seats}.values():
        try:
            seat.close()
        except Exception as error:  # one seat's failure must not keep the others open
            errors.append(error)
    if errors:
        raise errors[0]
