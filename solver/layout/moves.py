"""My Word (1980) moves and events, typed, to and from JSON.

A player's ``Move`` is a ``Play`` (a card from the hand at a place, rule 5a/5b) or a
``Knock`` (a card to the bottom of the pack, rule 5c). What the game says happened is an
``Event``: ``Played`` (the words made and the points they scored) or ``Knocked``, and the
arena's ``Forfeited`` when a seat lost the game without finishing it. The wording of
events is the front end's (``ui/wording.py``); the engine returns these.

The JSON of a ``Played`` or ``Knocked`` is a move of the game's log exactly as the log has
always held it (``{"player": 0, "kind": "play", "card": 17, ...}``), so that the logs and
saves of every earlier version read back unchanged; "player" there is the seat.

A ``Play`` read from JSON (an engine's answer) names its card, its position and the words
it states for symbols (rule 7); the state works out the rest from the rules
(``State.apply``), so an engine never has to spell the words or add up the points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from solver.arena.protocol import Forfeited, IllegalMove
from solver.layout.board import Placement, Position
from solver.runtime import fields


class PlayDocument(TypedDict):
    """A ``Play`` as the engine protocol carries it: ``position``, ``[row, column]``."""

    kind: Literal["play"]
    card: int
    position: list[int]
    declared: list[str]


class KnockDocument(TypedDict):
    """A ``Knock`` as the engine protocol carries it."""

    kind: Literal["knock"]
    card: int


class PlayedDocument(TypedDict):
    """A ``Played`` as the game's log writes it (``player``: the seat)."""

    player: int
    kind: Literal["play"]
    card: int
    position: list[int]
    on_top: bool
    declared: list[str]
    words: list[str]
    points: int


class KnockedDocument(TypedDict):
    """A ``Knocked`` as the game's log writes it (``card`` null when hidden, in a view)."""

    player: int
    kind: Literal["knock"]
    card: int | None


@dataclass(frozen=True)
class Play:
    """Play ``card`` from the hand at ``placement`` (one of ``legal_plays``).

    Attributes:
        card: The card's number, a card of the hand.
        placement: Where it goes (from ``legal_plays``, or ``Placement(position, False,
            ())`` for a move read from JSON: the rules place it again).
        declared: Words stated for symbols (rule 7), beside any the placement states
            itself (``board.declare``).
    """

    card: int
    placement: Placement
    declared: tuple[str, ...] = ()

    @property
    def position(self) -> Position:
        """Where the card goes: (row, column) from the centre card, ``placement``'s."""
        return self.placement.position

    @property
    def stated(self) -> list[str]:
        """The words this play states for symbols (rule 7): its own, else its placement's."""
        return list(self.declared) or self.placement.declared

    kind: ClassVar[Literal["play"]] = "play"

    def to_json(self) -> PlayDocument:
        """The move as the engine protocol carries it.

        Returns:
            ``{"kind": "play", "card": ..., "position": [row, column], "declared": [...]}``
                (``declared``: the words it states, ``stated``).
        """
        return {
            "kind": self.kind,
            "card": self.card,
            "position": list(self.placement.position),
            "declared": self.stated,
        }


@dataclass(frozen=True)
class Knock:
    """Put ``card`` from the hand to the bottom of the pack and draw (rule 5c).

    Attributes:
        card: The card's number, a card of the hand.
    """

    card: int

    kind: ClassVar[Literal["knock"]] = "knock"

    def to_json(self) -> KnockDocument:
        """The move as the engine protocol carries it.

        Returns:
            ``{"kind": "knock", "card": ...}``.
        """
        return {"kind": self.kind, "card": self.card}


Move = Play | Knock


@dataclass(frozen=True)
class Played:
    """Seat ``seat`` played ``card`` at ``position`` (on top of a card, rule 5b), making
    ``words`` (as spelled, symbols replaced by ``declared``) for ``points``.

    Attributes:
        seat: The seat that played, from 0.
        card: The card's number.
        position: Where it went: (row, column) from the centre card.
        on_top: It went on top of a card (rule 5b), not beside the layout.
        declared: The words stated for symbols (rule 7).
        words: The words it made, as spelled, symbols replaced.
        points: What the play scored.
        kind: ``play``: the event's kind in the log.
    """

    seat: int
    card: int
    position: Position
    on_top: bool
    declared: tuple[str, ...]
    words: tuple[str, ...]
    points: int
    kind: Literal["play"] = "play"

    def to_json(self) -> PlayedDocument:
        """The move as the game's log writes it.

        Returns:
            ``player`` (the seat), ``kind``, ``card``, ``position``, ``on_top``,
                ``declared``, ``words`` and ``points``.
        """
        return {
            "player": self.seat,
            "kind": self.kind,
            "card": self.card,
            "position": list(self.position),
            "on_top": self.on_top,
            "declared": list(self.declared),
            "words": list(self.words),
            "points": self.points,
        }


@dataclass(frozen=True)
class Knocked:
    """Seat ``seat`` knocked ``card`` (with the pack used up, the card stays in the hand).
    In another seat's view the card is None: it went face down (``view.public_history``).

    Attributes:
        seat: The seat that knocked, from 0.
        card: The card's number; None in another seat's view.
        kind: ``knock``: the event's kind in the log.
    """

    seat: int
    card: int | None
    kind: Literal["knock"] = "knock"

    @property
    def points(self) -> int:
        """0: a knock scores nothing (so every move, played or knocked, has ``points``)."""
        return 0

    def to_json(self) -> KnockedDocument:
        """The move as the game's log writes it.

        Returns:
            ``{"player": seat, "kind": "knock", "card": ...}`` (``card`` null when
                hidden).
        """
        return {"player": self.seat, "kind": self.kind, "card": self.card}


MovedDocument = PlayedDocument | KnockedDocument  # a move of a log or a view's history


Event = Played | Knocked | Forfeited


def _position(value: object) -> Position:
    if not (isinstance(value, list | tuple) and len(value) == 2):
        raise ValueError(f"a position is [row, column], not {value!r}")
    return fields.whole(value[0], "a position's row"), fields.whole(value[1], "its column")


def _words(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if not (isinstance(value, list | tuple) and all(isinstance(w, str) for w in value)):
        raise ValueError(f"words are a list of strings, not {value!r}")
    return tuple(value)


def move_from_json(document: object) -> Move:
    """A move as an engine sends it.

    Args:
        document: ``{"kind": "play", "card": 17, "position": [0, 1], "declared":
            ["tall"]}`` (``declared`` optional) or ``{"kind": "knock", "card": 17}``.

    Returns:
        The ``Play`` or ``Knock`` (not yet checked against the rules: the game does that).

    Raises:
        IllegalMove: Anything else, saying what is wrong.
    """
    try:
        if not isinstance(document, dict):
            raise ValueError(f"a move is a JSON object, not {document!r:.60}")
        kind = document.get("kind")
        if kind == "knock":
            return Knock(fields.whole(document.get("card"), "card"))
        if kind == "play":
            position = _position(document.get("position"))
            return Play(
                fields.whole(document.get("card"), "card"),
                Placement(position, False, ()),
                _words(document.get("declared")),
            )
        raise ValueError(f"a move's kind is play or knock, not {kind!r:.40}")
    except ValueError as error:
        raise IllegalMove(str(error)) from None


# ``document``: parsed JSON (a log's, a view's), checked here as it is read.
def event_from_json(document: dict[str, Any]) -> Event:
    """An event as ``to_json`` wrote it (a logged move, or a forfeit).

    Args:
        document: A ``Played``, ``Knocked`` or ``Forfeited`` as its ``to_json`` wrote it.

    Returns:
        The event.

    Raises:
        ValueError: A kind or a field that is not one of an event's.
        KeyError: A forfeit without its seat or reason.
    """
    kind = document.get("kind")
    if kind == "forfeited":
        return Forfeited(int(document["seat"]), str(document["reason"]))
    if kind == "knock":
        return Knocked(
            fields.whole(document.get("player"), "player"),
            fields.whole(document.get("card"), "card"),
        )
    if kind == "play":
        return Played(
            fields.whole(document.get("player"), "player"),
            fields.whole(document.get("card"), "card"),
            _position(document.get("position")),
            bool(document.get("on_top")),
            _words(document.get("declared")),
            _words(document.get("words")),
            fields.whole(document.get("points"), "points"),
        )
    raise ValueError(f"not a My Word (1980) event: {kind!r:.40}")
