"""``myword <game> players``: what a game's player option can name, and from where; and
``myword <game> engine --player NAME``: any of them served over the engine protocol."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING

from solver.arena import plugins

if TYPE_CHECKING:
    from solver.arena.protocol import Rules


def show_players(kind: plugins.Kind, as_json: bool) -> None:
    """The built-ins and the registered players of a game, as a table or ``--json``."""
    from rich.table import Table

    from solver.ui import render

    entries = plugins.registered(kind)
    if as_json:
        listed = [entry.to_json() for entry in entries]
        render.emit_json({"game": kind.game, "group": kind.group, "players": listed})
        return
    shown = Table("name", "import path", "origin", title=kind.plural.capitalize())
    for entry in entries:
        origin = (
            f"{entry.origin} (not loaded by this name: {entry.hidden})"
            if entry.hidden
            else entry.origin
        )
        shown.add_row(render.plain(entry.name), render.plain(entry.path), render.plain(origin))
    out = render.console()
    out.print(shown)
    out.print(
        f"Also: module:attr or path/to/file.py:attr, anything with a {kind.method}() method "
        f"or a function. Installed packages register more under the entry-point group "
        f"{kind.group}. And engine:COMMAND ARGS, a player in another process of any "
        f"language (the engine protocol)."
    )


def serve_player(
    rules: Rules, name: str, log: str | None = None, prepare: Callable[[], object] | None = None
) -> int:
    """Serve the player ``name`` (a built-in or a plugin) over the engine protocol on
    stdin and stdout until the referee quits (``solver.arena.engine.serve``); the exit
    code. The player is loaded before the first line is read, so a wrong name is a one-line
    error at once, not a silent engine. ``log``: a file that receives every line heard
    (``> ``) and said (``< ``), marked as the referee's own log marks them, for whoever
    debugs a front end."""
    import sys

    from solver.arena.engine import serve
    from solver.arena.seats import is_engine
    from solver.runtime.errors import UserError

    if is_engine(name):
        raise UserError(
            f"{name!r} is an engine already: run its command itself; "
            "engine --player serves a built-in or a plugin"
        )
    rules.seat(name)  # loads it: raises UserError if unknown
    if prepare is not None:  # what the game loads before its first answer (a kernel)
        prepare()
    if log is None:
        return serve(rules, lambda hello: rules.seat(name))
    try:
        record = open(log, "a", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as error:
        raise UserError(f"cannot write the log {log!r}: {error.strerror or error}") from None
    with record:
        return serve(
            rules,
            lambda hello: rules.seat(name),
            _Recorded(sys.stdin, record, "> "),  # what the referee said, as its own log
            _Recorded(sys.stdout, record, "< "),  # writes them: > to the engine, < from it
        )


class _Recorded:
    """A text stream that copies every line through it to a record, prefixed. A record
    that cannot be written (a full disk) stops, said once on stderr; the engine goes on."""

    def __init__(self, stream: IO[str], record: IO[str] | None, prefix: str) -> None:
        self.stream, self.record, self.prefix = stream, record, prefix

    def _copy(self, text: str) -> None:
        if self.record is None:
            return
        try:
            self.record.write(self.prefix + text)
            self.record.flush()
        except OSError as error:
            self.record = None
            import sys

            sys.stderr.write(f"myword: the log stopped: {error.strerror or error}\n")

    def __iter__(self) -> Iterator[str]:
        for line in self.stream:
            self._copy(line)
            yield line

    def write(self, text: str) -> int:
        self._copy(text)
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()
