"""What a MY WORD! bot sees and what it says: the view of its seat and its move, a call or
a wait; each goes to and from JSON as the engine protocol carries it.

Below the bots (``bots.py``, the built-in levels), the protocol (``seats.py``) and the
race's state (``state.py``), which all speak them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from solver.arena.protocol import IllegalMove
from solver.runtime import fields
from solver.wordtools import lexicon


class RaceViewDocument(TypedDict):
    """A ``RaceView`` as the engine protocol sends it (``now`` in seconds)."""

    seat: int
    table: list[str]
    to_deal: int
    won: list[int]
    now: float
    lang: str


class CallDocument(TypedDict):
    """A ``Call`` as the engine protocol carries it (``after`` in seconds)."""

    kind: Literal["call"]
    word: str
    after: float


class WaitDocument(TypedDict):
    """A ``Wait`` as the engine protocol carries it."""

    kind: Literal["wait"]


MoveDocument = CallDocument | WaitDocument  # a move of MY WORD!, as JSON


@dataclass(frozen=True)
class RaceView:
    """What seat ``seat`` sees the moment the table changes: the cards face up, how many
    are left to deal, the cards each seat has won this round, the race's time. Never the
    order of the pack, nor what the other seats are about to call.

    Attributes:
        seat: The seat that looks, from 0.
        table: The cards face up, in the order they were dealt (``?`` and ``??`` are
            wilds).
        to_deal: Cards left in the dealer's pack.
        won: Cards each seat has won this round, in seat order.
        now: Seconds since the round began (the race's virtual clock).
        lang: The language's code (``en``, ``es``).
    """

    seat: int
    table: tuple[str, ...]  # the cards face up, in the order they were dealt
    to_deal: int  # cards left in the dealer's pack
    won: tuple[int, ...]  # cards each seat has won this round
    now: float  # seconds since the round began (virtual)
    lang: str

    def to_json(self) -> RaceViewDocument:
        """The view as the engine protocol sends it.

        Returns:
            The attributes by name, tuples as lists (``now`` in seconds).
        """
        return {
            "seat": self.seat,
            "table": list(self.table),
            "to_deal": self.to_deal,
            "won": list(self.won),
            "now": self.now,
            "lang": self.lang,
        }

    # ``document``: parsed JSON (an engine's), checked here as it is read.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> RaceView:
        """The view ``to_json`` wrote, exactly (a float goes through JSON unchanged).

        Args:
            document: A view as ``to_json`` wrote it.

        Returns:
            The ``RaceView``.

        Raises:
            KeyError: A field is missing.
            ValueError: A field is not what it must be (``runtime.fields``): a count a
                whole number from 0, ``now`` a finite time from 0, ``table`` a list of
                cards of the language (``index.normalized_cards``), ``lang`` a known one.
        """
        from solver.race.deck import MAX_DECK_CARDS
        from solver.race.index import normalized_cards

        lang = fields.text(document["lang"], "lang", lexicon.LANGUAGES)
        table = fields.items(document["table"], "table", MAX_DECK_CARDS)
        cards = tuple(fields.text(card, f"table[{i}]") for i, card in enumerate(table))
        normalized_cards(cards, lang)  # a DeckError (a ValueError) names a card that is none
        won = fields.items(document["won"], "won", MAX_DECK_CARDS)
        seat = fields.whole(document["seat"], "seat", 0, max(len(won) - 1, 0))
        return cls(
            seat=seat,
            table=cards,
            to_deal=fields.whole(document["to_deal"], "to_deal", 0, MAX_DECK_CARDS),
            won=tuple(fields.whole(n, f"won[{i}]", 0, MAX_DECK_CARDS) for i, n in enumerate(won)),
            now=fields.finite(document["now"], "now", 0.0),
            lang=lang,
        )


@dataclass(frozen=True)
class Call:
    """Call ``word`` ``after`` seconds from the change of the table that prompted it.

    Attributes:
        word: The word called (the race normalizes it and spells its best claim).
        after: Seconds from the change of the table that prompted it, finite, 0 or more
            (``checked_call``).
        kind: ``call``: the move's kind in JSON.
    """

    word: str
    after: float
    kind: Literal["call"] = "call"

    def to_json(self) -> CallDocument:
        """The move as the engine protocol carries it.

        Returns:
            ``{"kind": "call", "word": ..., "after": ...}`` (``after`` in seconds).
        """
        return {"kind": self.kind, "word": self.word, "after": self.after}


@dataclass(frozen=True)
class Wait:
    """No call: look again at the next change of the table.

    Attributes:
        kind: ``wait``: the move's kind in JSON.
    """

    kind: Literal["wait"] = "wait"

    def to_json(self) -> WaitDocument:
        """The move as the engine protocol carries it.

        Returns:
            ``{"kind": "wait"}``.
        """
        return {"kind": self.kind}


Move = Call | Wait


def checked_call(call: object) -> str | None:
    """Why ``call`` is not a call the race can hear.

    Args:
        call: What a bot returned as its call.

    Returns:
        None when it is a ``Call`` with a word (a string) and a finite delay of 0
            seconds or more; else the reason, in one line.
    """
    if not isinstance(call, Call):
        return f"{call!r} is not a Call or a Wait"
    if not isinstance(call.word, str) or not call.word.strip():
        return f"the call's word {call.word!r} is not a word"
    after = call.after
    if isinstance(after, bool) or not isinstance(after, int | float):
        return f"the call's delay {after!r} is not a number of seconds"
    if not math.isfinite(after) or after < 0:
        return f"the call's delay {after!r} is not a finite number of seconds >= 0"
    return None


def move_from_json(document: object) -> Move:
    """A move as the engine protocol carries it.

    Args:
        document: ``{"kind": "call", "word": "cats", "after": 1.5}`` (``after`` in
            seconds) or ``{"kind": "wait"}``.

    Returns:
        The ``Call`` or ``Wait``.

    Raises:
        IllegalMove: Not a dict, an unknown ``kind``, or a call ``checked_call``
            refuses.
    """
    if not isinstance(document, dict):
        raise IllegalMove(f"not a move of MY WORD!: {document!r}")
    kind = document.get("kind")
    if kind == "wait":
        return Wait()
    if kind != "call":
        raise IllegalMove(f"a move's kind is 'call' or 'wait', not {kind!r}")
    call = Call(document.get("word"), document.get("after"))  # type: ignore[arg-type]
    why = checked_call(call)
    if why is not None:
        raise IllegalMove(why)
    return Call(call.word, float(call.after))
