"""A toy game for the arena's own tests (the loop and the engine protocol), small enough to
see whole: two seats take 1 or 2 from a pile in turn; who takes the last wins.

Run as a script it is an engine: ``python toy_game.py BEHAVIOUR`` serves a player that
takes 1 (``good``), or misbehaves as a broken engine would (``crash``, ``silent``,
``illegal``, ``garbage``, ``chatty``, ``old``, ``mute``, ``closes``).
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solver.arena.protocol import Forfeited, IllegalMove
from solver.arena.seats import InProcess


@dataclass(frozen=True)
class PileView:
    seat: int
    pile: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "pile": self.pile}


@dataclass(frozen=True)
class Take:
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"take": self.count}


@dataclass(frozen=True)
class Took:
    seat: int
    count: int
    kind: str = "took"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "count": self.count}


@dataclass
class PileState:
    pile: int = 7
    turn: int = 0
    winner: int | None = None
    forfeited: int | None = None
    game: str = "pile"
    seats: int = 2
    log: list[Any] = field(default_factory=list)

    def variant(self) -> dict[str, Any]:
        return {"pile": 7}

    def to_move(self) -> int | None:
        return None if self.over else self.turn

    def view(self, seat: int) -> PileView:
        return PileView(seat, self.pile)

    def legal_moves(self, seat: int) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def apply(self, seat: int, move: Any) -> list[Any]:
        if not isinstance(move, Take) or move not in self.legal_moves(seat):
            raise IllegalMove(f"cannot take {getattr(move, 'count', move)!r} from {self.pile}")
        self.pile -= move.count
        if self.pile == 0:
            self.winner = seat
        self.turn = 1 - seat
        return [Took(seat, move.count)]

    def forfeit(self, seat: int, reason: str) -> list[Any]:
        self.forfeited, self.winner = seat, 1 - seat
        return [Forfeited(seat, reason)]

    def clone(self) -> PileState:
        return PileState(self.pile, self.turn, self.winner, self.forfeited)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def scores(self) -> tuple[int, ...]:
        return tuple(int(seat == self.winner) for seat in range(2))

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "winner": self.winner}


def random_take(view: PileView, seed: int) -> Take:
    return Take(random.Random(seed).choice([n for n in (1, 2) if n <= view.pile]))


class PileRules:
    name = "pile"

    def view_from_json(self, document: dict[str, Any]) -> PileView:
        return PileView(int(document["seat"]), int(document["pile"]))

    def move_from_json(self, document: dict[str, Any]) -> Take:
        if not isinstance(document.get("take"), int):
            raise IllegalMove(f"not a move of this game: {document!r}")
        return Take(document["take"])

    def event_from_json(self, document: dict[str, Any]) -> Took:
        return Took(document["seat"], document["count"])

    def seat(self, name: str) -> InProcess:
        if name != "random":
            raise ValueError(name)
        return InProcess("random", random_take)


RULES = PileRules()


def main(behaviour: str) -> int:
    import json

    from solver.arena.engine import serve

    if behaviour == "good":
        return serve(RULES, lambda hello: RULES.seat("random"))
    for line in sys.stdin:  # the misbehaving engines, by hand
        message = json.loads(line)
        if message["type"] == "hello":
            if behaviour == "mute":
                continue  # never ready: the referee's handshake limit does the waiting
            if behaviour == "closes":
                os.close(1)  # its output gone, the process still reading
                continue
            protocol = 0 if behaviour == "old" else 1
            print(
                json.dumps({"type": "ready", "protocol": protocol, "name": behaviour}), flush=True
            )
        elif message["type"] == "view":
            if behaviour == "crash":
                sys.stderr.write("Traceback: something broke\n")
                return 3
            if behaviour == "silent":
                continue  # never answers: the referee's time limit does the waiting
            if behaviour == "garbage":
                print("bestmove e2e4", flush=True)
                continue
            if behaviour == "chatty":
                print(json.dumps({"type": "info", "thinking": True}), flush=True)
            count = 5 if behaviour == "illegal" else 1
            print(
                json.dumps({"type": "move", "id": message["id"], "move": {"take": count}}),
                flush=True,
            )
        elif message["type"] == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
