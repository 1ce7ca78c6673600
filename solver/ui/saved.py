"""Saved games: the ``games`` listing, the save options, and running a person's game so that
nothing is lost on Ctrl-C, a signal or end of input."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from solver.ui.options import JSON_OPTION, PathType


@click.command()
@click.option(
    "--delete",
    "to_delete",
    metavar="NAME|FILE",
    multiple=True,
    help="Delete this saved game (its name in the list, or its file); may be repeated.",
)
@JSON_OPTION
def games(to_delete: tuple[str, ...], as_json: bool) -> None:
    """Your saved games, newest first, and how to resume each, or review it once finished
    (--delete NAME removes one)."""
    from solver.runtime import savefile
    from solver.ui import render

    if to_delete:
        if any("\0" in name or not name.strip() for name in to_delete):
            raise click.BadParameter(
                "name a saved game (as `myword games` lists it)", param_hint="--delete"
            )
        paths = [savefile.resolve(name) for name in to_delete]  # all found before any goes
        for path in paths:
            savefile.delete(path)
        if as_json:
            render.emit_json({"deleted": [str(path) for path in paths]})
        else:
            click.echo("\n".join(f"deleted {path}" for path in paths))
        return
    kept = savefile.listing()
    if as_json:
        render.emit_json({"folder": str(savefile.games_dir()), "games": kept})
        return
    if not kept:
        click.echo(f"No saved games in {savefile.games_dir()}.")
        return
    from rich.markup import escape
    from rich.table import Table

    from solver.runtime.errors import one_line

    table = Table("name", "state", "saved", "resume or review with", title="Saved games")
    table.columns[0].no_wrap = True
    for game in kept:
        kind, name = str(game["game"]), game["name"]
        if kind not in savefile.KINDS:  # damaged, or another program's: none can resume it
            state, going_on = "unreadable", f"myword games --delete {name}"
        elif not game["intact"]:  # changed by hand, or another install's: refused to resume
            state, going_on = "changed outside myword", f"myword games --delete {name}"
        elif game["finished"]:  # looked back on, move by move (``myword review``)
            state = "finished"
            going_on = f"myword review {name}" if kind in savefile.REVIEWED else ""
        else:  # (a race is saved once over: an unfinished one is none of ours)
            state, command = "unfinished", savefile.GAME_COMMANDS.get(kind)
            going_on = f"myword {command} --resume {name}" if command else ""
        saved = str(game["saved"]) if game["saved"] is not None else "?"
        cells = (name, state, saved, going_on)
        # a file's name and its unchecked fields are text: not markup, no escape sequence
        table.add_row(*(escape(one_line(cell)) for cell in cells))
    out = render.console()
    out.print(table)
    out.print(f"Kept in {savefile.games_dir()}", markup=False)


SAVE_OPTION = click.option(
    "--save",
    "save_path",
    type=PathType(path_type=Path),
    default=None,
    help="Where the game is saved after every turn (default: a new file in your games "
    "folder; see `myword games`).",
)
RESUME_OPTION = click.option(
    "--resume",
    "resume_name",
    metavar="NAME|FILE",
    default=None,
    help="Continue a saved game: its name in `myword games`, or its file.",
)
FORCE_OPTION = click.option(
    "--force", is_flag=True, help="Let --save replace an unfinished game or another file."
)


# What a resumed game still takes from its command line: how it is shown and saved.
# Everything else is the saved game's own (a command whose resumed game takes more names it).
RESUMED_TAKES = frozenset({"plain", "save_path", "resume_name", "force", "as_json"})


def note_ignored_with_resume(ctx: click.Context, also_takes: frozenset[str] = frozenset()) -> None:
    """Say on stderr which options given on the command line a resumed game ignores (its
    settings are the saved game's): `--resume NAME --difficulty hard` went on at the old
    level without a word. ``also_takes``: the command's options its resumed game does use
    (My Word (1980)'s ``engine_time``; What's My Word? keeps its save's)."""
    from click.core import ParameterSource

    given = [
        param.opts[0]
        for param in ctx.command.params
        if isinstance(param, click.Option)
        and param.name not in RESUMED_TAKES | also_takes
        and ctx.get_parameter_source(param.name or "") is ParameterSource.COMMANDLINE
    ]
    if given:
        click.echo(
            f"A resumed game keeps its own settings: {', '.join(given)} "
            f"{'is' if len(given) == 1 else 'are'} not used.",
            err=True,
        )


def save_target(game: str, save_path: Path | None, resume_name: str | None, force: bool):
    """The save a game is resumed from (None for a new game) and the file it is saved to.
    A new game never replaces an unfinished one, nor a file that is not a saved game,
    unless ``force``."""
    from solver.runtime import savefile

    if resume_name is not None and "\0" in resume_name:
        raise click.BadParameter(
            f"{resume_name!r} is not a valid name or path", param_hint="--resume"
        )
    if resume_name is not None and not resume_name.strip():  # Path("") is "."
        raise click.BadParameter(
            "name a saved game (see `myword games`) or its file", param_hint="--resume"
        )
    resumed = None if resume_name is None else savefile.resolve(resume_name)
    target = save_path or resumed or savefile.new_path(game)
    if target != resumed:
        savefile.check_target(target, force)
        if resumed is not None:  # the game moves: the file left behind is an older copy
            savefile.continue_in(resumed, target)
    return resumed, target


def saved_note(command: str, path: Path, plain: bool = False) -> str:
    """What every front end says on leaving a game it saved: where, and how to go on (the
    full screen said "Game saved;" without the file, line mode "Game saved to FILE;")."""
    return f"Game saved to {path}; continue with: {resume_hint(command, path, plain)}"


def resume_hint(command: str, path: Path, plain: bool = False) -> str:
    """How to go on with a saved game: by name when it is in the games folder; ``plain``:
    in line mode, as it was played (without ``--plain`` a terminal opens the full screen)."""
    from solver.runtime import savefile
    from solver.runtime.errors import UserError

    try:
        name = path.stem if path.parent == savefile.games_dir() else str(path)
    except UserError:
        name = str(path)
    return f"myword {command} --resume {name}" + (" --plain" if plain else "")


def review_hint(path: Path | None, what: str = "Game") -> str:
    """What a finished game says last: where it was kept and how to review it (by name
    when it is in the games folder); nothing for a game that was not kept."""
    if path is None:
        return ""
    from solver.runtime import savefile
    from solver.runtime.errors import UserError

    try:
        name = path.stem if path.parent == savefile.games_dir() else str(path)
    except UserError:
        name = str(path)
    return f"{what} saved as {name}; review it with: myword review {name}"


def play_saved(session, state, draw, path: Path, command: str, as_json: bool) -> None:
    """Run a person's game; on Ctrl-C, SIGTERM, SIGHUP or end of input save it and say how
    to go on (exit 128 + the signal's number after a signal, 130 for Ctrl-C; 0 after end of
    input or quit). With ``as_json`` the game is played on stderr and the game goes to
    stdout as JSON: the finished game as saved, or, when it ends early, the game so far
    without what a player may not see (``session.public``) with ``ended`` (``unfinished``
    at end of input or quit, ``interrupted`` by a signal) and ``saved`` (its file, or null
    when nothing was worth saving): a script reading stdout always gets one document. A
    session whose ``worth_keeping(state)`` is false (nothing entered yet) is not saved:
    there is nothing to resume."""
    from solver.arena.tournament import interrupted
    from solver.ui import render, signals
    from solver.ui.terminal import PromptConsole

    try:
        try:
            with signals.as_interrupts():
                finished = session.play(state, PromptConsole(draw, stderr=as_json), path)
        except SystemError as error:  # a signal while a Numba kernel ran (the bot thinking)
            stop = interrupted(error)
            if stop is None:
                raise
            raise stop from None
    except (EOFError, KeyboardInterrupt) as stop:
        by_signal = isinstance(stop, KeyboardInterrupt)
        if not getattr(session, "worth_keeping", lambda _: True)(state):
            from solver.runtime import savefile

            savefile.discard(path)
            click.echo("\nNothing entered: no game saved.", err=as_json)
            if as_json:
                ended = "interrupted" if by_signal else "unfinished"
                render.emit_json(session.public(state) | {"ended": ended, "saved": None})
            sys.exit(signals.exit_status(stop) if by_signal else 0)
        with signals.ignored():  # a second signal must not cut the save short
            session.save(state, path)
        click.echo(
            "\n" + saved_note(command, path, plain=True),
            err=as_json,
        )
        if as_json:
            ended = "interrupted" if by_signal else "unfinished"
            render.emit_json(session.public(state) | {"ended": ended, "saved": str(path)})
        sys.exit(signals.exit_status(stop) if by_signal else 0)
    if as_json:
        render.emit_json(session.document(finished))
