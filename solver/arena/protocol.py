"""The one shape every game has, so that one loop, one bench and one engine protocol serve
all three (as OpenSpiel's ``State`` does for its games).

A game offers:

- a ``State``: the whole truth of a game in progress (hidden words, hands, the pack, the
  clock), held by the loop, the referee and the save only. It says whose decision is next
  (``to_move``), gives each seat its ``View``, applies a seat's ``Move`` and returns what
  happened as ``Event``s (data; ``ui/`` words them), copies itself (``clone``), and says
  when it is over and what each seat scored.
- a ``View`` per seat: only what that seat may see; the only thing a player is handed.
- typed ``Move``s and ``Event``s: frozen dataclasses with ``to_json`` (and the game's
  ``Rules`` reads them back), so that a save, a log, a review and the engine protocol all
  carry the same data.
- a ``Rules``: the game's name, how it reads views, moves and events from JSON, and how a
  named player becomes a ``Seat`` the loop can ask.

A ``Seat`` is a player as the loop sees it: ``decide(view, seed)`` gives the move. The seed
is the decision's own (``decision_seed``): a player that draws at random builds its
generator from it, so a player gives the same move in this process and served over the
engine protocol by another (``solver.arena.engine``). What a game's players implement is
the game's own protocol (a strategy's ``guess``, a bot's ``look``, a player's ``move``);
the game's ``Rules.seat`` adapts it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, NotRequired, Protocol, TypedDict, cast, runtime_checkable

PROTOCOL_VERSION = 1  # of the engine protocol (solver.arena.engine); views and moves too
SEED_BITS = 53  # a decision seed fits a JavaScript number exactly
DEFAULT_TIME_LIMIT = 10.0  # seconds an engine may think over one move
SEATS_MOST = 16  # more seats than any game has (a handshake beyond is refused)
HELLO_TIME_LIMIT = 30.0  # seconds an engine may take to start and answer the handshake


class IllegalMove(ValueError):
    """A move the rules refuse in this state (its message says why, in one line)."""


class SeatFailed(RuntimeError):
    """A seat gave no move: an engine that crashed, timed out or spoke out of turn. The
    loop forfeits the seat's game with this reason; a tournament goes on."""


# A view's, a move's or an event's JSON, of any game: each game's own TypedDicts
# (``RaceViewDocument``, ``CallDocument``, ``ClaimedDocument``...) say its keys; what
# every game shares is only that it is a JSON object.
Document = Mapping[str, Any]


@runtime_checkable
class Jsonable(Protocol):
    """Anything that writes itself as JSON: a view, a move, an event."""

    def to_json(self) -> Document:
        """Itself as JSON.

        Returns:
            A JSON-ready dict (the game's ``Rules`` reads it back).
        """
        ...


def fields_json(item: Any) -> dict[str, Any]:
    """A move's or an event's JSON: its ``kind`` first, then each field in order, tuples
    as lists (nested too). One writer for the typed moves and events of every game, so a
    field added to one is in its JSON without a second list to keep.

    Args:
        item: A frozen dataclass with a ``kind`` field (a typed move or event).

    Returns:
        A JSON-ready dict: ``{"kind": ..., <field>: <value>, ...}``.
    """
    facts: dict[str, Any] = {"kind": item.kind}
    for field in fields(item):
        if field.name != "kind":
            facts[field.name] = _as_json(getattr(item, field.name))
    return facts


def _as_json(value: Any) -> Any:
    return [_as_json(part) for part in value] if isinstance(value, tuple) else value


class ForfeitNote(TypedDict):
    """Who forfeited a game and why, as a save's log keeps it (What's My Word? and My
    Word (1980)): the seat, from 0, and the reason in one line."""

    seat: int
    reason: str


class ForfeitedDocument(TypedDict):
    """A ``Forfeited`` as JSON (an event of every game)."""

    kind: Literal["forfeited"]
    seat: int
    reason: str


@dataclass(frozen=True)
class Forfeited:
    """Seat ``seat`` lost the game without finishing it, for ``reason`` (an engine that
    crashed, answered too late or made a move the rules refuse).

    Attributes:
        seat: The seat that forfeited, from 0.
        reason: Why, in one line.
        kind: ``forfeited``: the event's kind in JSON.
    """

    seat: int
    reason: str
    kind: Literal["forfeited"] = "forfeited"

    def to_json(self) -> ForfeitedDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "forfeited", "seat": ..., "reason": ...}``.
        """
        return cast(ForfeitedDocument, fields_json(self))


# --- the engine protocol's messages (docs/engine-protocol.md), one per ``type`` ---------
class HelloMessage(TypedDict):
    """The referee's handshake of a game (``Hello.to_json``): ``time_limit`` in seconds."""

    type: Literal["hello"]
    protocol: int
    game: str
    variant: Mapping[str, Any]  # the game's own (``State.variant``: ``RaceVariant``...)
    seat: int
    seats: int
    time_limit: float


class ReadyMessage(TypedDict):
    """An engine's answer to the handshake: its protocol and its name."""

    type: Literal["ready"]
    protocol: int
    name: str


class ViewMessage(TypedDict):
    """The referee asking a move: the view (the game's own document), numbered, and the
    decision's seed."""

    type: Literal["view"]
    id: int
    seed: int
    view: Document


class MoveMessage(TypedDict):
    """An engine's move (the game's own document), answering the view of that ``id``."""

    type: Literal["move"]
    id: int | None  # the view's, as the engine read it
    move: Document


class OverMessage(TypedDict):
    """The referee telling a game's end: every seat's score, in seat order."""

    type: Literal["over"]
    scores: list[int]


class QuitMessage(TypedDict):
    """The referee done: the engine exits."""

    type: Literal["quit"]


class ErrorMessage(TypedDict):
    """An engine that cannot answer a line, and why (the referee forfeits the game)."""

    type: Literal["error"]
    message: str


class InfoMessage(TypedDict):
    """An engine's note at any time (the referee logs it and reads on); its other keys
    are the engine's own."""

    type: Literal["info"]
    message: NotRequired[str]


RefereeMessage = HelloMessage | ViewMessage | OverMessage | QuitMessage  # to an engine
EngineMessage = ReadyMessage | MoveMessage | ErrorMessage | InfoMessage  # from one


@dataclass(frozen=True)
class Hello:
    """The handshake of one game, to a seat: which game and variant, which seat of how
    many, the protocol's version and the seconds a move may take.

    Attributes:
        game: The game's name (``deduce``, ``race``, ``layout``).
        variant: The game's settings a seat is told (``State.variant``), JSON-ready.
        seat: The seat told, from 0.
        seats: The number of seats, 1 to ``SEATS_MOST``.
        time_limit: Seconds the seat may take over one move.
        protocol: The engine protocol's version (``PROTOCOL_VERSION``).
    """

    game: str
    variant: Mapping[str, Any]  # the game's own TypedDict (``RaceVariant``...)
    seat: int
    seats: int
    time_limit: float = DEFAULT_TIME_LIMIT
    protocol: int = PROTOCOL_VERSION

    def to_json(self) -> HelloMessage:
        """The handshake as the engine protocol sends it.

        Returns:
            ``{"type": "hello", "protocol": ..., "game": ..., "variant": ..., "seat": ...,
                "seats": ..., "time_limit": ...}`` (``time_limit`` in seconds).
        """
        return {
            "type": "hello",
            "protocol": self.protocol,
            "game": self.game,
            "variant": self.variant,
            "seat": self.seat,
            "seats": self.seats,
            "time_limit": self.time_limit,
        }

    # ``document``: parsed JSON (the referee's line), checked here as it is read.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Hello:
        """The handshake read back.

        Args:
            document: The handshake as ``to_json`` wrote it (``time_limit`` in seconds,
                ``DEFAULT_TIME_LIMIT`` when missing).

        Returns:
            The ``Hello``.

        Raises:
            ValueError: The seat is outside the game's seats, or there are more than
                ``SEATS_MOST`` seats.
            KeyError: A required field (``game``, ``seat``, ``seats``, ``protocol``) is
                missing.
        """
        seat, seats = int(document["seat"]), int(document["seats"])
        if not 0 <= seat < seats <= SEATS_MOST:
            raise ValueError(f"seat {seat} of {seats}: no such seat")
        return cls(
            game=str(document["game"]),
            variant=dict(document.get("variant") or {}),
            seat=seat,
            seats=seats,
            time_limit=float(document.get("time_limit", DEFAULT_TIME_LIMIT)),
            protocol=int(document["protocol"]),
        )


class State(Protocol):
    """A game in progress, whole (see the module docstring)."""

    game: str  # the game's name: "deduce", "race", "layout"

    @property
    def seats(self) -> int:
        """The number of seats."""
        ...

    def variant(self) -> Mapping[str, Any]:
        """The settings of this game a seat is told at the handshake (sheet, language,
        deck, rules variants...): JSON-ready.

        Returns:
            The settings, as ``Hello.variant`` carries them.
        """
        ...

    def to_move(self) -> int | None:
        """The seat whose decision is next; None when the game is over.

        Returns:
            The seat, from 0, or None.
        """
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may see now.

        Args:
            seat: The seat's index, from 0.

        Returns:
            The game's ``View`` for that seat: only what it may see.
        """
        ...

    def legal_moves(self, seat: int) -> Sequence[Any] | None:
        """Every move ``seat`` may make now, when that set is finite and small.

        Args:
            seat: The seat's index, from 0.

        Returns:
            The legal moves, or None when the set is not finite and small (a Guessword is
                any word of the row's length).
        """
        ...

    def apply(self, seat: int, move: Any) -> list[Any]:
        """Play ``move`` for ``seat``.

        Args:
            seat: The seat that moves (``to_move()``).
            move: One of the game's typed moves.

        Returns:
            What happened, as the game's events, in order.

        Raises:
            IllegalMove: The rules refuse the move here; the state is unchanged.
        """
        ...

    def forfeit(self, seat: int, reason: str) -> list[Any]:
        """End the game: ``seat`` loses it.

        Args:
            seat: The seat that forfeits.
            reason: Why, in one line (shown to people and kept in the record).

        Returns:
            The events that say so (a ``Forfeited`` among them).
        """
        ...

    def clone(self) -> State:
        """A copy to play on (a look-ahead) without changing this one.

        Returns:
            The copy.
        """
        ...

    @property
    def over(self) -> bool:
        """Whether the game is over (``to_move()`` is then None)."""
        ...

    def scores(self) -> tuple[int, ...]:
        """Each seat's score so far, final once ``over``.

        Returns:
            One score per seat, in the game's points, in seat order.
        """
        ...

    def to_json(self) -> Mapping[str, Any]:
        """The whole state, hidden parts included (for the referee and a save; never for a
        seat).

        Returns:
            A JSON-ready dict the game reads back.
        """
        ...


class Seat(Protocol):
    """A player as the loop asks it: told the game's start (``Hello``),
    asked a move for each view, told the scores at the end.

    ``decide(view, seed)`` returns the game's move for ``view``; ``seed`` is the
    decision's own (``decision_seed``), so a player that draws at random gives the same
    move in any process. An engine seat raises ``SeatFailed`` when it gives no move (it
    crashed, passed ``Hello.time_limit`` seconds, or spoke out of turn): the loop forfeits
    the seat's game.
    """

    name: str

    def start(self, hello: Any) -> None:
        """Told a game's start, before its first decision.

        Args:
            hello: The handshake (``Hello``): the game, its variant, this seat and the
                seconds a move may take.
        """
        ...

    def decide(self, view: Any, seed: int) -> Any:
        """The seat's move.

        Args:
            view: What the seat sees now (the game's ``View``).
            seed: The decision's own seed (``decision_seed``), below ``2**53``.

        Returns:
            One of the game's typed moves.

        Raises:
            SeatFailed: No move came (an engine crashed, passed ``Hello.time_limit``
                seconds, or spoke out of turn).
        """
        ...

    def finish(self, scores: tuple[int, ...]) -> None:
        """Told the game's end.

        Args:
            scores: Each seat's final score, in the game's points, in seat order.
        """
        ...

    def close(self) -> None:
        """Let go of what the seat holds (an engine's process); the loop calls it once."""
        ...


class Rules(Protocol):
    """What the arena needs to know of a game (each game has one: ``<game>/arena.py``)."""

    # The ``*_from_json`` readers take parsed JSON (a line of an engine's, a save's), not
    # yet checked: each game's reader checks it as it reads.
    @property
    def name(self) -> str:
        """The game's name: "deduce", "race", "layout" (read-only: a game's rules are
        frozen)."""
        ...

    def view_from_json(self, document: dict[str, Any]) -> Any:
        """A seat's view read back from JSON (an engine's side of the protocol).

        Args:
            document: The view as its ``to_json`` wrote it.

        Returns:
            The game's ``View``.
        """
        ...

    def move_from_json(self, document: dict[str, Any]) -> Any:
        """A move read back from JSON (what an engine answered).

        Args:
            document: The move as the engine protocol carries it.

        Returns:
            The game's typed move.

        Raises:
            IllegalMove: Not a move of this game.
        """
        ...

    def event_from_json(self, document: dict[str, Any]) -> Any:
        """An event read back from JSON (a save, a log).

        Args:
            document: The event as its ``to_json`` wrote it.

        Returns:
            The game's typed event (or ``Forfeited``).
        """
        ...

    def seat(self, name: str) -> Seat:
        """A built-in or a plugin, named, as a seat in this process (``engine:...`` is
        the arena's: ``solver.arena.seats.named``).

        Args:
            name: A built-in player's name (with its options) or a plugin's entry-point
                name.

        Returns:
            The seat.

        Raises:
            UserError: No built-in or plugin has that name (``solver.runtime.errors``).
        """
        ...


def decision_seed(game_seed: int, *steps: object) -> int:
    """The seed of one decision, from the game's seed and where the decision falls (its
    seat and move number): the same game asks the same decision with the same seed,
    whoever plays it. Below ``2**53``, so that an engine in JavaScript reads it exactly.

    Args:
        game_seed: The game's seed.
        *steps: Where the decision falls (its seat, its move number...), in order.

    Returns:
        A seed in ``[0, 2**53)``, the same for the same arguments in any process.
    """
    text = "/".join(str(part) for part in (game_seed, *steps))
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
