"""What a MY WORD! bot sees and what it says: the view of its seat and its call.

Below the bots (``bots.py``, the built-in levels) and the protocol (``seats.py``), which
both speak them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RaceView:
    """What seat ``seat`` sees the moment the table changes."""

    seat: int
    table: tuple[str, ...]  # the cards face up, in the order they were dealt
    to_deal: int  # cards left in the dealer's pack
    won: tuple[int, ...]  # cards each seat has won this round
    now: float  # seconds since the round began (virtual)
    lang: str

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "table": list(self.table),
            "to_deal": self.to_deal,
            "won": list(self.won),
            "now": self.now,
            "lang": self.lang,
        }


@dataclass(frozen=True)
class Call:
    """Call ``word`` ``after`` seconds from the change of the table that prompted it."""

    word: str
    after: float
