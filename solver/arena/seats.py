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
"""What a player's name starts with when it is an engine in another process:
``engine:COMMAND ARGS``."""


@dataclass
class InProcess:
    """A player in this process: ``decide(view, seed)`` is its move. Nothing to start or
    close. (Not frozen: the loop may tell it the game's start, which it ignores.)

    Attributes:
        name: The player's name, as the game's messages and records show it.
        decide_move: The player's move for a view, given the decision's seed
            (``decide``).
        hello: The last game's handshake, kept as told (None before the first game).
    """

    name: str
    decide_move: Callable[[Any, int], Any]
    hello: Hello | None = field(default=None, repr=False)

    def start(self, hello: Hello) -> None:
        """Keep the game's handshake (nothing else is done with it).

        Args:
            hello: The game, the variant, this seat and the seats.
        """
        self.hello = hello

    def decide(self, view: Any, seed: int) -> Any:
        """The player's move for ``view``.

        Args:
            view: What the seat sees now (the game's ``View``).
            seed: The decision's own seed (``decision_seed``), for a player that draws at
                random.

        Returns:
            The game's move, as ``decide_move`` returned it (the rules check it).
        """
        return self.decide_move(view, seed)

    def finish(self, scores: tuple[int, ...]) -> None:
        """Nothing: a player in this process is not told the final scores.

        Args:
            scores: Each seat's final score, in seat order (ignored).
        """

    def close(self) -> None:
        """Nothing: a player in this process holds nothing to let go of."""


def stop_if_interrupted(error: BaseException) -> None:
    """Raise the Ctrl-C (or SIGTERM, SIGHUP) that ``error`` comes of, if any: a player's
    code is wrapped to turn its bugs into one line naming it, and a stop signal that lands
    in it (inside a Numba kernel it surfaces as a ``SystemError``) must stop the command,
    not read as the player's bug.

    Args:
        error: What a player's code raised.

    Raises:
        KeyboardInterrupt: ``error`` is one, or comes of one (its cause or context, at any
            depth): that interrupt is raised again. Returns quietly otherwise.
    """
    stop = interrupted(error)
    if stop is not None:
        raise stop from None


def listed_names(text: str) -> list[str]:
    """The players a comma-separated list names, each stripped.

    A name left empty between others ("hard,,easy", "human,,beam") is a typing slip, not a
    seat to drop: it is refused, so that every game's ``--players`` reads alike.

    Args:
        text: The list as typed.

    Returns:
        The names in order; none for a list with no name at all (the caller says how many
            players it needs).

    Raises:
        UserError: A name is empty while others are not.
    """
    named = [name.strip() for name in text.split(",")]
    if any(named) and not all(named):
        raise UserError(f"an empty name in {text!r}: name every player, comma-separated")
    return [name for name in named if name]


def is_engine(name: str) -> bool:
    """Whether a player's name stands for an engine in another process.

    Args:
        name: A player's name, as given (spaces around are ignored).

    Returns:
        True when it starts with ``ENGINE_PREFIX`` (``engine:``).
    """
    return name.strip().startswith(ENGINE_PREFIX)


def engine_command(name: str) -> list[str]:
    """The argument list of ``engine:COMMAND ARGS`` (split as a POSIX shell would).

    Args:
        name: ``engine:COMMAND ARGS`` (the prefix is optional; spaces around are ignored).

    Returns:
        The command and its arguments, for ``subprocess``.

    Raises:
        UserError: The command is quoted wrongly (an unclosed quote), or there is none.
    """
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
    number) keeps apart two seats of one game that name the same engine.

    Args:
        rules: The game's rules (each game's ``arena.RULES``).
        name: ``engine:COMMAND ARGS``, or a name the game's ``Rules.seat`` takes.
        time_limit: Seconds an engine may think over one move.
        slot: The seat's number, from 0: two seats of one game naming the same engine get
            a process each.

    Returns:
        The seat: an ``EngineSeat`` (``solver.arena.engine``) or the game's
            ``InProcess`` seat.

    Raises:
        UserError: The engine's command is missing or quoted wrongly, or no built-in or
            plugin has that name.
    """
    if is_engine(name):
        return running_engine(rules, tuple(engine_command(name)), time_limit, slot)
    return rules.seat(name)


_engines: dict[tuple[str, tuple[str, ...], float, int], Any] = {}


def running_engine(rules: Rules, argv: tuple[str, ...], time_limit: float, slot: int) -> Any:
    """The engine seat for this command, started once in this process and closed when
    the process exits (a worker process of a tournament keeps its engines between games).

    Args:
        rules: The game's rules.
        argv: The engine's command and arguments (``engine_command``).
        time_limit: Seconds the engine may think over one move.
        slot: The seat's number, from 0 (see ``named``).

    Returns:
        The ``EngineSeat`` kept for these four, made on the first call (its process
            starts at its first game's handshake).
    """
    key = (rules.name, argv, time_limit, slot)
    if key not in _engines:
        from solver.arena.engine import EngineSeat

        if not _engines:
            atexit.register(close_engines)
        _engines[key] = EngineSeat(list(argv), rules, time_limit=time_limit)
    return _engines[key]


def close_engines() -> None:
    """Ask every engine this process started to quit (at exit, or when a command is done
    with them). Each is forgotten: naming it again starts a new one."""
    while _engines:
        _, seat = _engines.popitem()
        seat.close()
