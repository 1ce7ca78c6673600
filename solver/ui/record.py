"""Your record: ``myword record`` and the app's record screen (issue 28).

Every finished game is kept in the data folder's record (``runtime.record``); this shows it:
games, wins, losses and ties by game and opponent, the mean share of the best possible score
(each game's own measure, in ``runtime.record``), the last games, and that share over time, as
a line of bars in the terminal and the app, and as a PNG with ``--plot`` (matplotlib). No
Textual here, so that ``myword record`` starts fast: the app's screen (``app.RecordScreen``)
shows ``view``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

import click
from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from solver.runtime import record as kept
from solver.runtime.errors import UserError
from solver.ui.choices import title
from solver.ui.options import JSON_OPTION, PathType

RECENT = 10  # the last games listed
BARS = "▁▂▃▄▅▆▇█"
SPARK_GAMES = 40  # the last games a line of bars shows


def share_text(share: float | None) -> str:
    return "-" if share is None else f"{share:.0%}"


def bars(shares: list[float | None]) -> str:
    """Shares of the best possible score as a line of bars, 0 to 100% (a gap: no share)."""
    top = len(BARS) - 1
    return "".join(" " if s is None else BARS[min(top, max(0, round(s * top)))] for s in shares)


class RecordDocument(TypedDict):
    """The record as ``myword record --json`` prints it."""

    record: str
    games: int
    tallies: list[kept.TallyRow]
    entries: list[kept.FinishedEntry]


def document(entries: list[kept.Finished], where: Path) -> RecordDocument:
    """The record as ``--json`` prints it: where it is kept, the tallies, every game."""
    return {
        "record": str(where),
        "games": len(entries),
        "tallies": [tally.to_json() for tally in kept.tallies(entries)],
        "entries": [entry.to_json() for entry in entries],
    }


def tally_table(entries: list[kept.Finished]) -> Table:
    table = Table(title="Your record", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("game", "opponent"):
        table.add_column(name, overflow="fold")
    for name in ("games", "won", "lost", "tied", "mean share"):
        table.add_column(name, justify="right")
    for tally in kept.tallies(entries):
        table.add_row(
            Text(title(tally.game)),
            Text(tally.opponent),
            str(tally.games),
            str(tally.wins),
            str(tally.losses),
            str(tally.ties),
            share_text(tally.mean_share),
        )
    return table


def recent_table(entries: list[kept.Finished], count: int = RECENT) -> Table:
    shown = min(count, len(entries))
    table = Table(
        title="The last game" if shown == 1 else f"The last {shown} games",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("ended", no_wrap=True)
    table.add_column("game", no_wrap=True)
    table.add_column("opponent", overflow="fold")
    for name in ("score", "result", "share"):
        table.add_column(name, no_wrap=True)
    for entry in reversed(entries[-count:]):
        # points as every other screen writes them: 29,250, not 29250
        others = " · ".join(f"{points:,}" for points in entry.others) or "solo"
        table.add_row(
            entry.ended[:10],  # the day (UTC); --json has the time
            Text(title(entry.game)),
            Text(entry.opponent),
            f"{entry.you:,} v {others}",
            entry.result,
            share_text(entry.share),
        )
    return table


def trend(entries: list[kept.Finished]) -> Group:
    """Each game's share of the best possible score over its last games, as bars."""
    lines = [Text("Share of the best possible score, oldest to newest (▁ 0%, █ 100%)")]
    for game in kept.GAMES:
        shares = [entry.share for entry in entries if entry.game == game][-SPARK_GAMES:]
        if any(share is not None for share in shares):
            lines.append(Text(f"  {title(game):<16} {bars(shares)}"))
        elif shares:
            counted = f"{len(shares)} game{'s' if len(shares) != 1 else ''}"
            lines.append(Text(f"  {title(game):<16} (no share: {counted})"))
    return Group(*lines)


def view(entries: list[kept.Finished], where: Path) -> Group:
    """The whole record as the terminal and the app show it."""
    if not entries:
        return Group(Text(f"No finished games yet: your record is kept in {where}."))
    return Group(tally_table(entries), Text(""), trend(entries), Text(""), recent_table(entries))


def plot(entries: list[kept.Finished], path: Path) -> None:
    """The share of the best possible score over time, one line per game (PNG)."""
    from solver.ui import plots

    plots.require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    figure, axes = pyplot.subplots(figsize=(8, 4))
    for game in kept.GAMES:
        points = [(n, e.share) for n, e in enumerate(entries, 1) if e.game == game]
        points = [(n, share) for n, share in points if share is not None]
        if points:
            numbers, shares = zip(*points, strict=True)
            axes.plot(numbers, [100 * s for s in shares], marker="o", label=title(game))
    axes.set_xlabel("game (all games in the order played)")
    axes.set_ylabel("share of the best possible score (%)")
    axes.set_ylim(0, 105)  # a share of 100% is drawn whole, not cut by the frame
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))  # games are counted whole
    axes.set_title("Your record")
    if axes.lines:
        axes.legend()
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=110)
    except OSError as error:
        raise UserError(f"cannot write the plot {path}: {error.strerror or error}") from None
    finally:
        pyplot.close(figure)


def loaded(game: str | None) -> tuple[list[kept.Finished], Path]:
    from solver.runtime import savefile

    folder = savefile.data_dir()
    entries = kept.load(folder)
    if game is not None:
        entries = [entry for entry in entries if entry.game == game]
    return entries, kept.path(folder)


@click.command(name="record")
@click.option(
    "--game",
    type=click.Choice(kept.GAMES),
    default=None,
    help="Only this game's games (deduce: What's My Word?, race: MY WORD!, layout: My "
    "Word (1980)).",
)
@click.option(
    "--plot",
    "plot_path",
    type=PathType(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE.png",
    help="Also draw the share of the best possible score over time (needs the plot extra).",
)
@JSON_OPTION
def record(game: str | None, plot_path: Path | None, as_json: bool) -> None:
    """Your record: every finished game, wins and losses by game and opponent, and your
    share of the best possible score over time."""
    from solver.ui import render

    entries, where = loaded(game)
    if plot_path is not None:
        plot(entries, plot_path)
    if as_json:
        render.emit_json(document(entries, where) | {"plot": plot_path and str(plot_path)})
        return
    out = render.console()
    out.print(view(entries, where))
    if plot_path is not None:
        out.print(f"Plot written to {plot_path}", markup=False)
