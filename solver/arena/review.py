"""The shape of a finished game's review, the same for the three games: each move with the
engine's analysis beside it, the game's turning points and each seat's share of the best
possible.

Why one shape: ``myword review`` (``solver.ui.review``), the app's review screen and the
record all read a review without knowing the game. Each game turns its finished game's
document into a ``GameReview`` (``solver/<game>/review.py``, named by its registry entry,
``registry.Game.review``); what a value and a cost mean is the game's to say, in
``measure``, and every move's ``cost`` is in points, the game's own.

A move's ``cost`` is what the engine's best was worth beyond the move made, by the
game's measure (``best_value - played_value``). It may be below 0: the engine weighs what
lies beyond the move too (information, what a play opens), so the move made can be worth
more on the measure and still not be the engine's choice. The turning points are the
three moves that cost most (ties in the game's order), among those that cost anything; the
best possible total a seat could have had by the analysis is its total plus what its moves
cost (the moves that cost nothing count nothing), so that a record can show a share of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from solver.runtime.numbers import ascii_digits

TURNING_POINTS = 3  # the moves that cost most, shown first


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a finished game and the engine's analysis of it.

    Attributes:
        index: The move's place among the game's moves (every seat's), from 0.
        seat: The seat that made it, from 0.
        where: Where it was made, as people say it (``round 1, row 3``, ``turn 12``).
        played: What was played, in words ("" when the seat made nothing: a missed
            table).
        best: The best the engine finds in the seat's place ("" when there was none).
        played_value: The move made, by the review's measure (``GameReview.measure``).
        best_value: The engine's best, by the same measure.
        notes: What else is worth saying (the word became certain, ...).
        facts: The game's own figures about the move, JSON-ready (``GameReview.shown``
            says which a table shows).
    """

    index: int  # 0-based, in the order the game's moves were made (every seat's)
    seat: int
    where: str  # where it was made, as people say it: "round 1, row 3", "turn 12"
    played: str  # what was played, in words ("" when the seat made nothing: a missed table)
    best: str  # the best the engine finds in the seat's place ("" when there was none)
    played_value: float  # the move made, by the review's measure
    best_value: float  # the engine's best, by the same measure
    notes: tuple[str, ...] = ()  # what else is worth saying (the word became certain, ...)
    facts: Mapping[str, Any] = field(default_factory=dict)  # the game's own figures, JSON

    @property
    def cost(self) -> float:
        """Points the engine's best was worth beyond the move made (below 0: the move
        made was worth more by the measure; see the module's docstring)."""
        return self.best_value - self.played_value

    # The fixed keys and the game's own ``facts`` merged in (a TypedDict cannot name keys
    # besides its own): open.
    def to_json(self) -> dict[str, Any]:
        """The move as JSON (``myword review --json``).

        Returns:
            Each attribute by name, the values and ``cost`` rounded to one decimal, the
                notes as a list, then the game's ``facts`` merged in.
        """
        return {
            "index": self.index,
            "seat": self.seat,
            "where": self.where,
            "played": self.played,
            "best": self.best,
            "played_value": round(self.played_value, 1),
            "best_value": round(self.best_value, 1),
            "cost": round(self.cost, 1),
            "notes": list(self.notes),
            **dict(self.facts),
        }


class SeatReview(TypedDict):
    """A seat in ``GameReview.to_json``: its total, cost, best possible, share and the
    indexes of its turning points."""

    seat: int
    player: str
    total: int
    cost: float
    best_possible: float
    share: float | None
    turning_points: list[int]


class ReviewDocument(TypedDict):
    """A ``GameReview`` as JSON (``myword review --json``)."""

    game: str
    title: str
    source: str
    measure: str
    players: list[str]
    person: int | None
    seat: int | None  # the seat whose moves are listed (None: every seat's)
    notes: list[str]
    seats: list[SeatReview]
    turning_points: list[dict[str, Any]]  # as ``ReviewedMove.to_json`` writes them: open
    moves: list[dict[str, Any]]


@dataclass(frozen=True)
class GameReview:
    """A finished game reviewed: every seat's moves, with what each cost.

    Attributes:
        game: The game's package name (``deduce``, ``race``, ``layout``).
        title: The game's name as people know it.
        players: The players' names, by seat.
        person: The person's seat, from 0 (None: bots only).
        totals: Each seat's final score from its moves, in the game's points, by seat
            (points given for another's fault, What's My Word?'s penalty for a score
            given wrong, are left out and named in ``notes``).
        measure: What a move's value is, in one sentence.
        moves: Every seat's moves, in the order they were made.
        notes: What is worth saying about the whole game.
        source: The file the game was read from ("" when none).
        shown: Which of the moves' ``facts`` a table shows beside each move, as (key,
            heading) pairs; the heading holds ``{}`` where the value goes (``{} left``),
            else the value follows it.
        decimals: How many decimals a move's worth and cost show (My Word (1980)'s are
            expected points, fractions of a point).
    """

    game: str  # the game's package name: "deduce", "race", "layout"
    title: str  # the game's name as people know it
    players: tuple[str, ...]  # by seat
    person: int | None  # the person's seat (None: bots only)
    totals: tuple[int, ...]  # each seat's final score from its moves, by seat
    measure: str  # what a move's value is, in one sentence
    moves: tuple[ReviewedMove, ...]
    notes: tuple[str, ...] = ()  # about the whole game
    source: str = ""  # the file it was read from
    # Which of the moves' facts a table shows beside each move: (key, heading), the
    # heading with ``{}`` where the value goes ("{} left"), else before it
    shown: tuple[tuple[str, str], ...] = ()
    # How many decimals a move's worth and cost show: My Word (1980)'s are the reader's
    # expected points, fractions of a point (a cost of 0.3 read "cost 0" beside a total of 1)
    decimals: int = 0

    def points(self, value: float) -> str:
        """A worth or a cost as the review shows it: thousands grouped, ``decimals`` kept.

        Args:
            value: A worth or a cost, in points.

        Returns:
            The value as text (``1,250``; ``0.3`` with one decimal).
        """
        return f"{value:,.{self.decimals}f}"

    def of(self, seat: int | None) -> tuple[ReviewedMove, ...]:
        """The moves of ``seat`` (every seat's for None), in the game's order.

        Args:
            seat: A seat, from 0; None for every seat.

        Returns:
            The moves, in the order they were made (empty for a seat with no moves).
        """
        return tuple(m for m in self.moves if seat is None or m.seat == seat)

    def turning_points(self, seat: int | None = None) -> tuple[ReviewedMove, ...]:
        """The ``TURNING_POINTS`` moves of ``seat`` that cost most, costliest first; ties
        in the game's order; none that cost nothing.

        Args:
            seat: A seat, from 0; None for every seat's moves.

        Returns:
            At most ``TURNING_POINTS`` moves, each with a cost above 0 points.
        """
        costly = [m for m in self.of(seat) if m.cost > 0]
        costly.sort(key=lambda m: (-m.cost, m.index))  # sort is stable; index breaks ties
        return tuple(costly[:TURNING_POINTS])

    def cost(self, seat: int) -> float:
        """What the moves of ``seat`` cost, counting only those that cost something.

        Args:
            seat: A seat, from 0.

        Returns:
            The sum of the moves' costs above 0, in points (0.0 when none cost anything).
        """
        return sum((max(0.0, m.cost) for m in self.of(seat)), 0.0)

    def best_possible(self, seat: int) -> float:
        """The total the analysis says ``seat`` could have had: its total plus its cost.

        Args:
            seat: A seat, from 0.

        Returns:
            The best possible total, in points: ``totals[seat] + cost(seat)``.

        Raises:
            IndexError: No such seat.
        """
        return self.totals[seat] + self.cost(seat)

    def share(self, seat: int) -> float | None:
        """The seat's total as a share of its best possible (None when that is 0).

        Args:
            seat: A seat, from 0.

        Returns:
            The share, 0.0 to 1.0 (a total below 0 counts 0); None when the best
                possible is 0 or less.

        Raises:
            IndexError: No such seat.
        """
        best = self.best_possible(seat)
        return None if best <= 0 else max(0.0, self.totals[seat]) / best

    def seat_named(self, name: str) -> int:
        """The seat a ``--seat`` names: its number from 1, or its player's name (any
        case).

        Args:
            name: A seat's number, counted from 1, or a player's name (spaces around and
                case ignored), as the screens call it (``_called``).

        Returns:
            The seat, counted from 0.

        Raises:
            ValueError: No seat has that number or name, or the name is two seats'
                (the message lists the choices).
        """
        text = name.strip().lower()
        if ascii_digits(text) and 1 <= int(text) <= len(self.players):
            return int(text) - 1
        found = [i for i, player in enumerate(self.players) if text in _called(player, i)]
        if len(found) == 1:
            return found[0]
        choices = ", ".join(f"{i + 1} ({p})" for i, p in enumerate(self.players))
        why = "names more than one seat" if found else "is no seat of this game"
        raise ValueError(f"{name!r} {why}: choose {choices} or all")

    def to_json(self, seat: int | None = None) -> ReviewDocument:
        """The review as JSON: every seat's total, best possible and turning points, and
        the moves of ``seat`` (every seat's for None).

        Args:
            seat: The seat whose moves and turning points are listed, from 0; None for
                every seat's.

        Returns:
            The game, its players and notes, one entry per seat under ``seats`` (its
                total, cost, best possible, share and the indexes of its turning points),
                then ``turning_points`` and ``moves`` as ``ReviewedMove.to_json`` writes
                them.
        """
        return {
            "game": self.game,
            "title": self.title,
            "source": self.source,
            "measure": self.measure,
            "players": list(self.players),
            "person": self.person,
            "seat": seat,
            "notes": list(self.notes),
            "seats": [
                {
                    "seat": number,
                    "player": player,
                    "total": self.totals[number],
                    "cost": round(self.cost(number), 1),
                    "best_possible": round(self.best_possible(number), 1),
                    "share": None if (s := self.share(number)) is None else round(s, 4),
                    "turning_points": [m.index for m in self.turning_points(number)],
                }
                for number, player in enumerate(self.players)
            ],
            "turning_points": [m.to_json() for m in self.turning_points(seat)],
            "moves": [m.to_json() for m in self.of(seat)],
        }


def _called(player: str, seat: int) -> set[str]:
    """The names a seat answers to in ``--seat``, in lower case: its player's name; that
    name before a level in brackets (a race's "Edie (beginner)" is "edie"); and the name
    with its seat's number, as the screens and ``layout replay`` tell apart two seats of
    the same player ("beam 2")."""
    name = player.lower()
    short = name.split(" (", 1)[0]
    return {name, short, f"{name} {seat + 1}", f"{short} {seat + 1}"}
