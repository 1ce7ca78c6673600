"""Players of one's own: a strategy, bot or player named wherever a built-in is.

A name is one of four things, tried in this order (as pytest and Datasette find their
plugins):

- a built-in name (``lookahead``, ``hard``...);
- the name of an entry point an installed package registers in the game's group
  (``myword.deduce.strategies``, ``myword.race.bots``, ``myword.layout.players``), in its
  ``pyproject.toml``: ``[project.entry-points."myword.deduce.strategies"] mine =
  "mypackage.strategy:Mine"``;
- ``package.module:attr``, imported as Python imports it;
- ``path/to/file.py:attr``, a file of one's own, loaded from where it is.

What ``attr`` names may be an object with the game's method (``Kind.method``), a class
whose instances have it (made with no arguments), or a plain function, which is that
method. A name is the form a player travels in: a tournament sends names to its worker
processes, and each loads the player itself, so a worker needs the module importable (or
the file where the name says) to play it.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint
    from types import ModuleType

Player = TypeVar("Player")  # the game's player protocol (a strategy, a bot, a player)


def _nothing_else(name: str) -> bool:
    """A game that reads no player's name as something else first (``Kind.taken``).

    Args:
        name: A player's name.

    Returns:
        False.
    """
    return False


@dataclass(frozen=True)
class Kind(Generic[Player]):
    """What a game calls its players and how it finds them.

    Attributes:
        game: The game's name (``deduce``, ``race``, ``layout``).
        noun: What the game calls a player, for messages (``strategy``, ``bot``,
            ``player``).
        plural: The noun's plural (``strategies``).
        group: The entry-point group installed packages register players under.
        method: The one method a player must have (``guess``, ``look``, ``move``).
        builtins: (built-in name, ``module:attr``) pairs, in the order they are listed.
        wrap: Makes a plain function into an object with ``method``.
        taken: Whether the game reads a name as something else before its players (the
            race's ``auto`` and skills such as ``3``, My Word (1980)'s ``human``).
    """

    game: str  # "deduce", "race", "layout"
    noun: str  # "strategy", "bot", "player": for messages
    plural: str  # "strategies", "bots", "players"
    group: str  # the entry-point group installed packages register under
    method: str  # the one method a player must have
    builtins: tuple[tuple[str, str], ...]  # (built-in name, "module:attr"), in order
    wrap: Callable[[Callable[..., Any]], Player]  # a plain function -> an object with ``method``
    taken: Callable[[str], bool] = _nothing_else

    @property
    def builtin(self) -> dict[str, str]:
        """The built-ins as a dict: name to ``module:attr``."""
        return dict(self.builtins)


@dataclass(frozen=True)
class Entry:
    """A player as ``myword <game> players`` lists it.

    Attributes:
        name: The name that loads it.
        path: Where it is: ``module:attr`` or ``file.py:attr``.
        origin: ``built-in``, or the package that registers it (its name and version).
        hidden: Why its name cannot load it (``unreachable``), or empty.
    """

    name: str
    path: str  # "module:attr" or "file.py:attr"
    origin: str  # "built-in", or the package that registers it
    hidden: str = ""  # why the name cannot load it (``unreachable``), else empty

    def to_json(self) -> dict[str, str]:
        """The entry as ``myword <game> players --json`` writes it.

        Returns:
            ``{"name": ..., "path": ..., "origin": ...}``, and ``hidden``: why the name
                cannot load it, for an entry point no name reaches.
        """
        listed = {"name": self.name, "path": self.path, "origin": self.origin}
        return listed | ({"hidden": self.hidden} if self.hidden else {})


def unreachable(kind: Kind[Any], name: str) -> str:
    """Why an entry point's name can never load it (``load`` reads the name another way
    first). Its package's author is told here, since naming it loads something else, or
    nothing, without a word of the entry point.

    Args:
        kind: The game's kind of player.
        name: The entry point's name.

    Returns:
        The reason, or empty when the name loads it.
    """
    if name in kind.builtin:
        return f"the built-in {name} has this name: give it another"
    if name.startswith("engine:"):
        return "a name starting engine: names an engine: give it another"
    if kind.taken(name):
        return f"{kind.game} reads {name} as something else first: give it another"
    if "," in name:
        return "a name with a comma is two names in a list of players: give it another"
    return ""


def registered(kind: Kind[Any]) -> list[Entry]:
    """The players a game can name: its built-ins, then what installed packages register.

    Args:
        kind: The game's kind of player (each game's ``players.KIND``).

    Returns:
        The built-ins in their order, then the entry points by name. One whose name
            loads something else (a built-in's name stays the built-in's) is listed with
            ``hidden`` saying why, so that its author learns it.
    """
    found = [Entry(name, path, "built-in") for name, path in kind.builtins]
    for point in sorted(_entry_points(kind.group), key=lambda p: p.name):
        hidden = unreachable(kind, point.name)
        found.append(Entry(point.name, point.value, _distribution(point), hidden))
    return found


def names(kind: Kind[Any]) -> list[str]:
    """The names a game's player option takes, built-ins first.

    Args:
        kind: The game's kind of player.

    Returns:
        The registered entries' names that load them (``registered`` without the
            hidden ones).
    """
    return [entry.name for entry in registered(kind) if not entry.hidden]


def load(kind: Kind[Player], name: str) -> Player:
    """The player a name stands for, loaded and checked (cached per process: a tournament
    asks for it once a game).

    Args:
        kind: The game's kind of player (each game's ``players.KIND``).
        name: A built-in name, an entry point's name, ``module:attr`` or
            ``path/to/file.py:attr`` (tried in that order; spaces around are ignored).

    Returns:
        An object with the game's method (``kind.method``): the object named, an instance
            of the class named (made with no arguments), or a plain function wrapped by
            ``kind.wrap``.

    Raises:
        UserError: In one line: the name is empty or none of the four forms (the message
            lists the choices), its module or file cannot be imported (the error it
            raised is named), it has no such attribute, or what it names lacks the game's
            method.
    """
    # Checked at run time for the game's one method (``_checked``), which is all that the
    # checker can be told of a plugin's type.
    return cast(Player, _load(kind, name.strip()))


@lru_cache(maxsize=64)  # a worker keeps the last players it loaded, not every one
def _load(kind: Kind[Any], name: str) -> object:
    if not name:
        raise UserError(f"an empty {kind.noun} name ({_choices(kind)})")
    if name in kind.builtin:
        return _checked(kind, name, _import(kind, name, kind.builtin[name]))
    if name.startswith("engine:"):  # seats.named takes engines; this is a Python player
        raise UserError(
            f"{name!r} is an engine: this command takes a {kind.noun} in this process "
            f"({_choices(kind)}); engines play where --engine is offered"
        )
    for point in _entry_points(kind.group):
        if point.name == name:
            try:
                loaded = point.load()
            except Exception as error:  # a broken plugin: say which, and why
                message = f"{kind.noun} {name!r} ({point.value}) fails to load: {error}"
                raise UserError(message) from error
            return _checked(kind, name, loaded)
    if ":" in name:
        return _checked(kind, name, _import(kind, name, name))
    raise UserError(f"unknown {kind.noun} {name!r} ({_choices(kind)})")


def _choices(kind: Kind[Any]) -> str:
    return f"choose from {', '.join(names(kind))}, or give module:attr or path/to/file.py:attr"


def _import(kind: Kind[Any], name: str, path: str) -> object:
    """``module:attr`` or ``file.py:attr``, loaded."""
    where, _, attr = path.rpartition(":")
    if not where or not attr:
        raise UserError(f"{kind.noun} {name!r}: give module:attr or path/to/file.py:attr")
    try:
        if where.endswith(".py"):
            module = _module_from_file(Path(where))
        else:
            module = importlib.import_module(where)
    except UserError:
        raise
    except Exception as error:  # an import error, a syntax error, whatever the code raises
        message = f"cannot load {kind.noun} {name!r}: {type(error).__name__}: {error}"
        raise UserError(message) from error
    try:
        return getattr(module, attr)
    except AttributeError:
        raise UserError(f"cannot load {kind.noun} {name!r}: {where} has no {attr!r}") from None


def _module_from_file(path: Path) -> ModuleType:
    """A Python file of one's own, loaded once per process under a name of its own."""
    path = path.expanduser().resolve()
    if not path.is_file():
        raise UserError(f"no file {str(path)!r}")
    digest = hashlib.sha1(str(path).encode(), usedforsecurity=False).hexdigest()[:12]
    module_name = f"myword_plugin_{digest}"  # the same in every process
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise UserError(f"{str(path)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # classes defined there pickle by this name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def _checked(kind: Kind[Any], name: str, loaded: object) -> object:
    """An object with the game's method: as it is, made from its class, or a function
    wrapped."""
    if inspect.isclass(loaded):
        if not callable(getattr(loaded, kind.method, None)):
            raise _not_a_player(kind, name)
        try:
            loaded = loaded()
        except Exception as error:
            message = f"cannot make {kind.noun} {name!r}: {type(error).__name__}: {error}"
            raise UserError(message) from error
    if callable(getattr(loaded, kind.method, None)):
        return loaded
    if inspect.isfunction(loaded) or inspect.isbuiltin(loaded):
        return kind.wrap(loaded)
    raise _not_a_player(kind, name)


def _not_a_player(kind: Kind[Any], name: str) -> UserError:
    return UserError(
        f"{name!r} is not a {kind.noun}: it needs a {kind.method}() method, or to be a function"
    )


def _entry_points(group: str) -> list[EntryPoint]:
    from importlib.metadata import entry_points

    return list(entry_points(group=group))


def _distribution(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return f"{dist.name} {dist.version}" if dist is not None else "an installed package"
