"""Seats: a player as the loop asks it, in this process or over the engine protocol.

A game's ``Rules.seat(name)`` turns a built-in name or a plugin (``solver.arena.plugins``)
into an ``InProcess`` seat; ``named`` adds the one form every game shares,
``engine:COMMAND ARGS``, a player in another process of any language
(``solver.arena.engine``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.arena.protocol import PROTOCOL_VERSION, Rules
from solver.runtime.errors import UserError

ENGINE_PREFIX = "engine:"
DEFAULT_TIME_LIMIT = 10.0  # seconds an engine may think over one move
HELLO_TIME_LIMIT = 30.0  # seconds an engine may take to start and answer the handshake


@dataclass(frozen=True)
class Hello:
    """The handshake of one game, to a seat: which game and variant, which seat of how
    many, the protocol's version and the seconds a move may take."""

    game: str
    variant: dict[str, Any]
    seat: int
    seats: int
    time_limit: float = DEFAULT_TIME_LIMIT
    protocol: int = PROTOCOL_VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "hello",
            "protocol": self.protocol,
            "game": self.game,
            "variant": self.variant,
            "seat": self.seat,
            "seats": self.seats,
            "time_limit": self.time_limit,
        }

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Hello:
        return cls(
            game=str(document["game"]),
            variant=dict(document.get("variant") or {}),
            seat=int(document["seat"]),
            seats=int(document["seats"]),
            time_limit=float(document.get("time_limit", DEFAULT_TIME_LIMIT)),
            protocol=int(document["protocol"]),
        )


@dataclass
class InProcess:
    """A player in this process: ``decide(view, seed)`` is its move. Nothing to start or
    close. (Not frozen: the loop may tell it the game's start, which it ignores.)"""

    name: str
    decide_move: Callable[[Any, int], Any]
    hello: Hello | None = field(default=None, repr=False)

    def start(self, hello: Hello) -> None:
        self.hello = hello

    def decide(self, view: Any, seed: int) -> Any:
        return self.decide_move(view, seed)

    def finish(self, scores: tuple[int, ...]) -> None:
        pass

    def close(self) -> None:
        pass


def is_engine(name: str) -> bool:
    return name.strip().startswith(ENGINE_PREFIX)


def engine_command(name: str) -> list[str]:
    """The argument list of ``engine:COMMAND ARGS`` (split as a POSIX shell would)."""
    text = name.strip().removeprefix(ENGINE_PREFIX).strip()
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise UserError(f"engine command {text!r}: {error}") from error
    if not argv:
        raise UserError("engine: give the command that starts the engine (engine:COMMAND ARGS)")
    return argv


def named(rules: Rules, name: str, time_limit: float = DEFAULT_TIME_LIMIT) -> Any:
    """The seat a name stands for: ``engine:COMMAND ARGS`` is an engine in another process;
    anything else is the game's (a built-in, an entry point, ``module:attr`` or
    ``file.py:attr``)."""
    if is_engine(name):
        from solver.arena.engine import EngineSeat

        return EngineSeat(engine_command(name), rules, time_limit=time_limit)
    return rules.seat(name)  # type: ignore[attr-defined]
