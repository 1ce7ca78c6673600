"""Seats: a player as the loop asks it, in this process or over the engine protocol.

A game's ``Rules.seat(name)`` turns a built-in name or a plugin (``solver.arena.plugins``)
into an ``InProcess`` seat; ``named`` adds the one form every game shares,
``engine:COMMAND ARGS``, a player in another process of any language
(``solver.arena.engine``).
"""

from __future__ import annotations

import atexit
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.arena.protocol import DEFAULT_TIME_LIMIT, Hello, Rules
from solver.arena.tournament import interrupted
from solver.runtime.errors import UserError

__all__ = [
    "ENGINE_PREFIX",
    "Hello",
    "InProcess",
    "close_engines",
    "engine_command",
    "is_engine",
    "named",
    "running_engine",
    "stop_if_interrupted",
]

ENGINE_PREFIX = "engine:"


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


def stop_if_interrupted(error: BaseException) -> None:
    """Raise the Ctrl-C (or SIGTERM, SIGHUP) that ``error`` comes of, if any: a player's
    code is wrapped to turn its bugs into one line naming it, and a stop signal that lands
    in it (inside a Numba kernel it surfaces as a ``SystemError``) must stop the command,
    not read as the player's bug."""
    stop = interrupted(error)
    if stop is not None:
        raise stop from None


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


def named(rules: Rules, name: str, time_limit: float = DEFAULT_TIME_LIMIT, slot: int = 0) -> Any:
    """The seat a name stands for: ``engine:COMMAND ARGS`` is an engine in another process;
    anything else is the game's (a built-in, an entry point, ``module:attr`` or
    ``file.py:attr``).

    An engine's process is kept for the rest of this process (``running_engine``), so a
    tournament's games, each naming its seats afresh, start it once; ``slot`` (the seat's
    number) keeps apart two seats of one game that name the same engine."""
    if is_engine(name):
        return running_engine(rules, tuple(engine_command(name)), time_limit, slot)
    return rules.seat(name)


_engines: dict[tuple[str, tuple[str, ...], float, int], Any] = {}


def running_engine(rules: Rules, argv: tuple[str, ...], time_limit: float, slot: int) -> Any:
    """The engine seat for this command, started once in this process and closed when
    the process exits (a worker process of a tournament keeps its engines between games)."""
    key = (rules.name, argv, time_limit, slot)
    if key not in _engines:
        from solver.arena.engine import EngineSeat

        if not _engines:
            atexit.register(close_engines)
        _engines[key] = EngineSeat(list(argv), rules, time_limit=time_limit)
    return _engines[key]


def close_engines() -> None:
    """Ask every engine this process started to quit (at exit, or when a command is done
    with them)."""
    while _engines:
        _, seat = _engines.popitem()
        seat.close()
