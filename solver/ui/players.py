"""``myword <game> players``: what a game's player option can name, and from where."""

from __future__ import annotations

from solver.arena import plugins


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
        shown.add_row(entry.name, entry.path, entry.origin)
    out = render.console()
    out.print(shown)
    out.print(
        f"Also: module:attr or path/to/file.py:attr, anything with a {kind.method}() method "
        f"or a function. Installed packages register more under the entry-point group "
        f"{kind.group}."
    )
