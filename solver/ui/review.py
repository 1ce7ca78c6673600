"""``myword review``: a finished game, move by move, with the engine's analysis beside each
move, its turning points first.

Why here, above the games: the command reads any game's save, so it asks the games'
registry (``solver.ui.games.load``) which game wrote it and imports that game's review
(``registry.Game.review``); the review itself is the shared shape of
``solver.arena.review``, drawn here the same for every game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from solver.ui.options import JSON_OPTION

if TYPE_CHECKING:
    from rich.console import Console

    from solver.arena.review import GameReview, ReviewedMove


@click.command()
@click.argument("game", metavar="NAME|FILE")
@click.option(
    "--seat",
    default=None,
    metavar="SEAT|all",
    help="Whose moves: a seat's number from 1 or its player's name (you, bot, beam...), or "
    "all (default: yours).",
)
@JSON_OPTION
def review(game: str, seat: str | None, as_json: bool) -> None:
    """Step through a finished game (its name in `myword games`, or its file): the turning
    points (the three moves that cost most), then every move with the engine's best beside
    it and what the choice cost."""
    from solver.ui import render

    found = load(game)
    chosen = chosen_seat(found, seat)
    if as_json:
        render.emit_json(found.to_json(chosen))
        return
    show(render.console(), found, chosen)


def load(name_or_path: str) -> GameReview:
    """The review of the finished game a name or a file holds; ``UserError`` in one line
    for anything else (no such game, not a save, damaged or changed, unfinished, a kind of
    game that has no review)."""
    from solver.arena import registry
    from solver.runtime import savefile
    from solver.runtime.errors import UserError, one_line
    from solver.ui.games import load as load_games

    if "\0" in name_or_path or not name_or_path.strip():
        raise UserError("name a saved game (as `myword games` lists it) or its file")
    path = savefile.resolve(name_or_path)
    if not path.exists():
        raise UserError(f"no saved game {name_or_path} (see `myword games`)")
    envelope = savefile.peek(path)
    if envelope is None:
        savefile.read("", path, resuming=False)  # says why: not JSON, not a regular file...
        raise UserError(f"{path} is not a saved myword game")
    load_games()
    kind = str(envelope.get("game"))
    entry = registry.saved_as(kind)
    if entry is None or not entry.review:
        if kind not in savefile.KINDS:  # damaged, or another program's
            named = envelope.get("game")
            said = "it names no kind" if named is None else f"its kind: {one_line(str(named))!r}"
            raise UserError(f"{path} holds no game this myword knows ({said})")
        made = savefile.GAME_COMMANDS.get(kind)
        what = f"made by `myword {made}`" if made else f"of the kind {kind!r}"
        raise UserError(f"{path} holds a game {what}, which has no review")
    readable, sealed = savefile.read(kind, path, resuming=False)  # the signature checked
    if not envelope.get("finished"):
        command = savefile.GAME_COMMANDS.get(kind, "")
        resume = f": finish it first (myword {command} --resume {_name(path)})" if command else ""
        raise UserError(f"the game in {path} is not finished{resume}")
    return entry.reviewed(readable, sealed, str(path))  # type: ignore[return-value]


def _name(path: Path) -> str:
    from solver.runtime import savefile

    return path.stem if path.parent == savefile.games_dir() else str(path)


def chosen_seat(found: GameReview, seat: str | None) -> int | None:
    """The seat whose moves are shown: the one named, None for all; by default the
    person's (every seat's in a game of bots only)."""
    if seat is None:
        return found.person
    if seat.strip().lower() == "all":
        return None
    try:
        return found.seat_named(seat)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--seat") from None


# What the seats' table measures, against what ``myword record`` measures: the same game
# read 14% here and 10% there, under the same word (a newcomer's finding). The full screen
# says it in its help (``review_screen.HELP``).
SEATS_NOTE = (
    "best possible: the total with every move's cost won back, by this analysis; share: "
    "the total as a part of it (myword record measures each game its own way, so its "
    "share can differ)"
)


def show(out: Console, found: GameReview, seat: int | None) -> None:
    """The review in line mode: who scored what and of how much, the turning points, then
    every move of ``seat``."""
    from rich.markup import escape
    from rich.table import Table

    out.print(f"[bold]{escape(found.title)}[/bold], reviewed: {escape(found.source)}")
    out.print(f"[dim]{escape(found.measure)}[/dim]")
    seats = Table("seat", "player", "total", "cost", "best possible", "share", box=None)
    for number, player in enumerate(found.players):
        share = found.share(number)
        seats.add_row(
            str(number + 1),
            escape(player),
            f"{found.totals[number]:,}",
            found.points(found.cost(number)),
            found.points(found.best_possible(number)),
            "" if share is None else f"{share:.0%}",
        )
    out.print(seats)
    out.print(f"[dim]{SEATS_NOTE}[/dim]")
    for note in found.notes:
        out.print(f"  {escape(note)}")
    whose = "every seat" if seat is None else found.players[seat]
    turning = found.turning_points(seat)
    if turning:
        title = f"Turning points ({escape(whose)}): cost most"
        out.print(_table(found, turning, title, seat is None))
    else:
        out.print(f"No move of {escape(whose)} cost anything by the analysis.")
    out.print(_table(found, found.of(seat), f"Every move ({escape(whose)})", seat is None))


def _table(found: GameReview, moves: tuple[ReviewedMove, ...], title: str, every: bool):
    """The moves, one each: where, then what was played and the engine's best with their
    worth, the cost and the game's own figures (``GameReview.shown``) on one line, the
    notes on the next (two columns: readable at 80 columns, whatever the game's words)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column("move", no_wrap=True)
    table.add_column("played (worth), the engine's best (worth), cost")
    for move in moves:
        where = f"{move.where} ({found.players[move.seat]})" if every else move.where
        shown = [_shown(heading, move.facts.get(key)) for key, heading in found.shown]
        line = Text(_worth(found, move.played, move.played_value))
        line.append("  best ", style="dim")
        line.append(_worth(found, move.best, move.best_value))
        line.append("  cost ", style="dim")
        line.append(found.points(move.cost), style="bold" if move.cost > 0 else "")
        for figure in shown:
            line.append(f"  {figure}", style="dim")
        if move.notes:
            line.append("\n" + "; ".join(move.notes), style="italic")
        table.add_row(Text(where), line)
    return table


def _worth(found: GameReview, what: str, value: float) -> str:
    return f"{what or '-'} ({found.points(value)})"


def _shown(heading: str, value: object) -> str:
    """A game's own figure as the table shows it: ``heading`` with ``{}`` where the value
    goes ("{} left"), or before it."""
    if value is None:
        return ""
    return heading.format(_fact(value)) if "{}" in heading else f"{heading} {_fact(value)}"


def _fact(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)
