"""What every bench command shares: its options, the tournament spec, and running it with a
progress bar, CSV, plots and a summary table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from solver.arena.csvfile import shown
from solver.runtime.errors import UserError
from solver.ui.group import stopped
from solver.ui.options import JSON_OPTION, SEED, PathType

if TYPE_CHECKING:
    from solver.arena.tournament import Summary


def capped_workers(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """Refuse more local processes than a few per usable core, naming the limit."""
    from solver.runtime.cores import WORKERS_PER_CORE, max_workers

    if value > max_workers():
        raise click.BadParameter(
            f"{value} is more than {max_workers()}, the limit ({WORKERS_PER_CORE} per usable "
            "core on this machine)",
            ctx,
            param,
        )
    return value


def arena_options(default_games: int):
    """The options every bench command shares: how many games, the seed, where they run,
    and what is written."""
    options = [
        click.option(
            "--games",
            type=click.IntRange(min=1),
            default=default_games,
            show_default=True,
            help="How many games (game g plays with seed --seed + g).",
        ),
        click.option(
            "--seed", type=SEED, default=None, help="Seed of the first game (default 1980)."
        ),
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            default=1,
            show_default=True,
            callback=capped_workers,
            help="Local processes to play the games in (at most 4 per usable core).",
        ),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            default=None,
            help="Play on a Dask cluster, given its scheduler's address (tcp://host:8786).",
        ),
        click.option(
            "--csv",
            "csv_path",
            type=PathType(path_type=Path, dir_okay=False),
            default=None,
            help="Write every game's results to this CSV file (a new one: see --force).",
        ),
        click.option(
            "--force",
            "force_csv",
            is_flag=True,
            help="Let --csv replace a file that exists (without it, an existing file is "
            "refused: the CSV of a tournament goes on with --resume).",
        ),
        click.option(
            "--resume",
            "resume_path",
            type=PathType(path_type=Path, dir_okay=False),
            default=None,
            metavar="FILE",
            help="Go on with the tournament whose games this CSV holds (written by --csv): "
            "its games are counted, not played again, and the CSV grows. Give the options "
            "that wrote it; a larger --games plays more.",
        ),
        click.option(
            "--plot",
            "plot_dir",
            type=PathType(path_type=Path, file_okay=False),
            default=None,
            help="Write PNG plots (score distributions, breakdown) into this folder.",
        ),
        JSON_OPTION,
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def run_tournament(spec, arena_args: dict, columns=(), title: str = "") -> None:
    """Play a tournament with a progress bar, write what was asked, print the summary.

    With ``--resume FILE`` the games the CSV holds are read back and counted first, and
    the rest are played and added to it. A stop (Ctrl-C, SIGTERM) or a worker that dies
    says how many games the CSV holds and how to go on."""
    from rich.progress import Progress

    from solver.arena import csvfile
    from solver.arena import tournament as arena
    from solver.arena.processes import WorkersLost
    from solver.ui import render

    if arena_args["plot_dir"]:
        from solver.ui.plots import prepare, require_matplotlib

        require_matplotlib()  # before the tournament, not after it
        prepare(arena_args["plot_dir"])
    csv_path, previous = _csv_and_previous(spec, arena_args)
    writer = csvfile.CsvWriter(csv_path, spec, previous) if csv_path else None
    played = [0]  # games played here (the CSV counts its own: ``writer.games``)

    def write(records: list) -> None:
        played[0] += len(records)
        if writer:
            writer.write(records)

    def so_far() -> str:
        """How many games are kept, and how to go on: for a stop's or a failure's line."""
        if writer is None:
            return f"{played[0]:,} of {spec.games:,} games were played (--csv FILE keeps them)"
        where = _quoted(csv_path)
        return f"{writer.games:,} of {spec.games:,} games are in {where}; --resume {where} goes on"

    def waiting(note: str) -> None:
        stop = f"; --resume {_quoted(csv_path)} goes on" if writer else ""
        progress.console.print(
            f"{note} (Ctrl-C stops{stop})", markup=False, highlight=False, soft_wrap=True
        )

    try:
        console = render.console(stderr=True)
        # no bar off a terminal (it would leave an empty line before an error's one line)
        with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
            task = progress.add_task(title or ", ".join(spec.entries), total=spec.games)
            progress.advance(task, previous.games if previous else 0)
            outcome = arena.play(
                spec,
                arena_args["workers"],
                arena_args["scheduler"],
                lambda done: progress.advance(task, done),
                write,
                before=previous.records() if previous else (),
                on_wait=waiting,
            )
    except KeyboardInterrupt as stop:
        stopped(f" {so_far()}." if writer else "", stop)
    except WorkersLost as lost:
        raise UserError(f"{lost}; {so_far()}") from None
    except OSError as error:  # the CSV's disk full, or its device refusing writes
        raise UserError(f"cannot write the CSV {shown(csv_path)}: {error.strerror}") from None
    finally:
        _close(writer, csv_path)
    summary = outcome.summary
    if writer:
        summary["csv"] = str(writer.path)
    if arena_args["plot_dir"]:
        from solver.ui.plots import plot

        summary["plots"] = [str(p) for p in plot(summary, outcome.scores, arena_args["plot_dir"])]
    if arena_args["as_json"]:
        render.emit_json(summary)
        _fail_if_one_never_played(summary)
        return
    out = render.console()
    out.print(render.tournament_table(summary, columns, title))
    for row in summary["players"]:
        if row.get("forfeits"):
            out.print(
                f"{row['player']} forfeited {row['forfeits']} of {row['games']} games "
                f"(scoring nothing in them); the first: {row['forfeit_reason']}",
                markup=False,
                highlight=False,
                soft_wrap=True,  # one line, whole: a path or a reason is copied from it
            )
    for written_path in [summary.get("csv"), *summary.get("plots", [])]:
        if written_path:
            click.echo(f"wrote {written_path}", err=True)
    _fail_if_one_never_played(summary)


def _csv_and_previous(spec, arena_args: dict):
    """The CSV to write, and what it holds already when resuming (checked whole: a CSV of
    another tournament is refused before anything is played or written)."""
    from solver.arena import csvfile
    from solver.runtime.userfiles import writable_file

    csv_path, resume = arena_args["csv_path"], arena_args["resume_path"]
    if arena_args.get("force_csv") and (csv_path is None or resume is not None):
        raise UserError(  # said, not ignored: it replaces nothing here
            "--force lets --csv FILE replace that file; "
            + ("--resume goes on with its CSV" if resume is not None else "give --csv FILE")
        )
    if resume is None:
        if csv_path is None:
            return None, None
        if not arena_args.get("force_csv"):
            _refuse_replacing(csv_path, spec)
        return writable_file(csv_path, "the CSV"), None
    if csv_path is not None and _same_file(csv_path, resume) is False:
        raise UserError(
            f"--resume {shown(resume)} goes on writing that CSV: give --csv "
            f"{shown(resume)}, or no --csv"
        )
    path = writable_file(resume, "the CSV")
    previous = csvfile.Previous(path, spec).check()
    left = spec.games - previous.games
    click.echo(
        f"{shown(path)} holds {previous.games:,} of the {spec.games:,} games: "
        + (f"playing the other {left:,}" if left else "none left to play"),
        err=True,
    )
    return path, previous


def _refuse_replacing(path: Path, spec) -> None:
    """Refuse to write ``--csv`` over a file that exists (``--force`` lets it): the games
    of a tournament, notes or a saved game were replaced without a word. The CSV of this
    very tournament is pointed to ``--resume``."""
    from solver.arena import csvfile

    try:
        exists = path.exists() and path.stat().st_size > 0
    except OSError:
        return  # a path the system cannot look up: writable_file says why
    if not exists:
        return
    try:
        held = csvfile.Previous(path, spec).check().games
    except (UserError, OSError, ValueError):
        held = None
    if held is not None:
        raise UserError(
            f"{shown(path)} holds {held:,} games of this tournament: --resume {shown(path)} "
            "goes on with them, --force replaces them"
        )
    raise UserError(f"{shown(path)} exists: choose another --csv, or --force to replace it")


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError):
        return str(one) == str(other)


def _close(writer, csv_path) -> None:
    if writer:
        try:
            writer.close()  # flushes: a full disk may only show here
        except OSError as error:
            raise UserError(f"cannot write the CSV {shown(csv_path)}: {error.strerror}") from None


def _quoted(path) -> str:
    """A path as a shell reads it back: ``--resume games.csv`` is typed as shown."""
    import shlex

    text = str(path)
    if text.isprintable():
        return shlex.quote(text)
    return "$'" + text.encode("unicode_escape").decode("ascii").replace("'", "\\'") + "'"


def _fail_if_one_never_played(summary: Summary) -> None:
    """Exit non-zero, after the results, when a player forfeited every game: a table of
    zeros from an engine that never started (a typo in its path) is a failure, not a
    result."""
    for row in summary["players"]:
        if row["games"] and row.get("forfeits") == row["games"]:
            raise UserError(
                f"{row['player']} forfeited every game; the first: {row['forfeit_reason']}"
            )


def arena_spec(game: str, entries: str | list[str], kwargs: dict, **options):
    """The tournament a bench command asks for, and its shared options (split off the
    command's keyword arguments). ``entries``: a list, or comma-separated names."""
    from solver.arena import tournament as arena
    from solver.runtime import seeds

    names = (
        "games", "seed", "workers", "scheduler", "csv_path", "force_csv", "resume_path",
        "plot_dir",
    )  # fmt: skip
    settings = {name: kwargs.pop(name) for name in (*names, "as_json")}
    if isinstance(entries, str):
        from solver.arena.seats import listed_names

        entries = listed_names(entries)  # none at all: the arena says so
    seed = seeds.DEFAULT_SEED if settings["seed"] is None else settings["seed"]
    return arena.tournament(game, entries, settings["games"], seed, **options), settings
