"""The ``myword`` command: parse, call the ``solver`` package, print.

Kept thin on purpose: every command turns its options into one call of a public
function and renders what comes back (``--json`` prints it as a JSON document instead).
Imports happen inside the commands, so that ``myword --help`` starts fast and never loads
numpy or numba.
"""

from __future__ import annotations

import errno
import math
import os
import sys
from pathlib import Path
from typing import NoReturn

import click

LANG_OPTION = click.option(
    "--lang", default="en", show_default=True, help="Language of the dictionaries: en or es."
)
JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON document on stdout, nothing else."
)


class FiniteFloat(click.FloatRange):
    """A FloatRange that also refuses nan and inf: click's lets nan through (every
    comparison with nan is false), and ``--pace nan`` made a race that never ends."""

    name = "finite float range"

    def convert(self, value, param, ctx) -> float:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


class PathType(click.Path):
    """click's Path, with a NUL byte refused as a usage error (click's own stat raises
    ValueError, a traceback; only a program can pass one, never a shell)."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except ValueError:
            self.fail(f"{value!r} is not a valid path", param, ctx)


class UserErrorsAsMessages(click.Group):
    """Turns the package's UserError into click's one-line ``Error: ...`` and exit 1."""

    def invoke(self, ctx: click.Context) -> object:
        from solver.errors import UserError
        from solver.signals import as_interrupts

        try:
            with as_interrupts():  # SIGTERM and SIGHUP stop a command as Ctrl-C does
                result = super().invoke(ctx)
            if sys.stdout is not None:
                sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
            return result
        except UnicodeEncodeError as error:
            shown = error.object[error.start : error.end]
            raise click.ClickException(
                f"the output's encoding ({error.encoding}) cannot show {shown!r}: "
                "set PYTHONIOENCODING=utf-8"
            ) from None
        except OSError as error:
            if error.errno not in OUTPUT_FAILURES:
                raise
            _silence_stdout()
            where = f" {error.filename}" if error.filename else " the output"
            raise click.ClickException(f"cannot write{where}: {error.strerror}") from None
        except UserError as error:
            raise click.ClickException(str(error)) from None
        except KeyboardInterrupt as stop:
            stopped(stop=stop)
        except SystemError as error:
            from solver.arena import interrupted

            stop = interrupted(error)
            if stop is not None:  # Ctrl-C inside a Numba kernel
                stopped(stop=stop)
            raise


# Writes that fail for want of room or a working device (``> /dev/full``): the output
# cannot be shown, which is the user's setup, not a bug.
OUTPUT_FAILURES = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that Python's own flush at exit does not fail
    a second time with an "Exception ignored" message."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError):  # no stdout to point anywhere
        pass


def stopped(note: str = "", stop: BaseException | None = None) -> NoReturn:
    """Ctrl-C, SIGTERM or SIGHUP: one line on stderr and exit 128 + the signal's number,
    130 for Ctrl-C (click's own says "Aborted!", exit 1)."""
    from solver.signals import exit_status

    click.echo(f"\nStopped.{note}", err=True)
    sys.exit(exit_status(stop) if stop is not None else 130)


@click.group(cls=UserErrorsAsMessages, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="myword-games", prog_name="myword")  # the PyPI name
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    envvar="MYWORD_THREADS",
    show_envvar=True,
    help="Threads a kernel may use (never more than the usable cores; default: all of them). "
    "Small work always runs on one.",
)
def main(threads: int | None) -> None:
    """AI opponents and solvers for three word games: What's My Word?, MY WORD! and
    My Word (1980). Start with `myword demo`."""
    if sys.stdout is None:  # started with stdout closed (>&-): nothing could be shown
        raise click.ClickException("standard output is closed: nowhere to print")
    if threads is not None:  # read where numba is first imported (solver/jit.py)
        os.environ["MYWORD_THREADS"] = str(threads)


@main.command()
@click.option("--seed", type=int, default=None, help="Seed for the samples (default 1980).")
@LANG_OPTION
@JSON_OPTION
def demo(seed: int | None, lang: str, as_json: bool) -> None:
    """Show what myword does, on the bundled dictionaries."""
    from solver import render
    from solver.demo import deduce_match, deduce_round, dictionary_tour, layout_game, race_game

    out = render.console()
    with render.console(stderr=True).status("Playing a round (the first run compiles kernels)"):
        tour = dictionary_tour(seed, lang)
        game = deduce_round(seed, lang)
        match = deduce_match(seed, lang)
        race = race_game(seed)
        cards = layout_game(seed)
    if as_json:
        document = {"dictionaries": tour, "whats_my_word": game, "bot_match": match}
        render.emit_json(document | {"my_word_race": race, "my_word_1980": cards})
        return
    out.rule(f"myword demo: the {tour['language']} dictionaries")
    totals = tour["totals"]
    out.print(
        f"{totals['all']:,} words to play; {totals['familiar']:,} familiar "
        f"(of which {totals['easy']:,} easy), the pool bots hide words in."
    )
    shown = list(tour["counts"]["all"])
    lengths = f"{shown[0]} to {shown[-1]}"
    out.print(render.counts_table(tour["counts"], f"Words of {lengths} letters, by tier"))
    for length, sample in tour["familiar_samples"].items():
        out.print(f"[bold]{length}-letter familiar words[/bold] (seed {tour['seed']}): ", end="")
        out.print(" ".join(sample))
    if tour["checks"]:
        out.print(render.check_table(tour["checks"]))
    if tour["page_pool"]:
        pool = tour["page_pool"]
        out.print(f"[bold]6-letter Gamewords from a page of text[/bold] ({pool['source']}):")
        out.print(render.word_columns(pool["words"]))
    out.rule("What's My Word?: the bot finds a hidden word, hearing only the scores")
    from solver.deduce.display import sheet_table

    out.print(sheet_table(game))
    out.print(
        f"{game['total']:,} points; knowing the word one could score {game['oracle']:,}. "
        'Try: myword deduce advise --history "SO 0, DEN 1250"'
    )
    out.rule("Bot against bot: a whole game, lookahead (Purple) v points (Red)")
    for each in match["rounds"]:
        out.print(
            f"{each['length']} letters: Purple hid {each['purple_word'].upper()}, Red hid "
            f"{each['red_word'].upper()}; Purple scored {each['purple']:,}, Red {each['red']:,}"
        )
    purple, red = match["purple"], match["red"]
    winner = "Purple wins" if purple > red else "Red wins" if red > purple else "A tie"
    out.print(f"Grand totals: Purple {purple:,}, Red {red:,}. {winner}.")
    out.print("Play the bot yourself: myword deduce play")
    out.rule("MY WORD!: a bot race (hard v medium), the first round's claims")
    calls = [
        f"{c['player']} {c['word'].upper()} ({len(c['cards'])})"
        if c["valid"]
        else f"{c['player']} {c['word'].upper()} (wrong call)"
        for c in race["first_round_claims"]
    ]
    out.print(", ".join(calls[:12]) + (" ..." if len(calls) > 12 else ""))
    names, totals = race["players"], race["totals"]
    out.print(f"Cards won in the game: {names[0]} {totals[0]}, {names[1]} {totals[1]}.")
    out.print("Race them yourself: myword race play")
    _demo_layout(out, cards)


def _demo_layout(out, log: dict) -> None:
    """The demo's My Word (1980) part: the opening moves, the final layout, the scores."""
    from solver.layout import display
    from solver.layout.board import Layout
    from solver.layout.deck import default_deck

    out.rule("My Word (1980): beam v greedy, laying cards to make 4-letter words")
    layout = Layout().place((0, 0), log["centre"])
    shown = 8
    for number, move in enumerate(log["moves"]):
        if move["kind"] == "play":
            layout = layout.place(tuple(move["position"]), move["card"])
        if number < shown:
            name = log["players"][move["player"]]
            out.print(display.describe_move(move, display.window_of(layout), name), markup=False)
    out.print(f"... {len(log['moves']) - shown} more moves; the layout at the end:")
    out.print(display.board_view(layout, default_deck(), set()))
    scores = ", ".join(f"{p} {s}" for p, s in zip(log["players"], log["scores"], strict=True))
    out.print(f"Final scores: {scores}. Play the bots yourself: myword layout play")


@main.command()
@JSON_OPTION
def games(as_json: bool) -> None:
    """Your saved games, newest first, and how to resume each."""
    from solver import render, savefile

    kept = savefile.listing()
    if as_json:
        render.emit_json({"folder": str(savefile.games_dir()), "games": kept})
        return
    if not kept:
        click.echo(f"No saved games in {savefile.games_dir()}.")
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table("name", "state", "saved", "resume with", title="Saved games")
    table.columns[0].no_wrap = True
    for game in kept:
        command = savefile.GAME_COMMANDS.get(str(game["game"]), "?")
        resume = f"myword {command} --resume {game['name']}"
        state = "finished" if game["finished"] else "unfinished"
        cells = (game["name"], state, str(game["saved"]), "" if game["finished"] else resume)
        table.add_row(*(escape(cell) for cell in cells))  # file names are text, not markup
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


def save_target(game: str, save_path: Path | None, resume_name: str | None, force: bool):
    """The save a game is resumed from (None for a new game) and the file it is saved to.
    A new game never replaces an unfinished one, nor a file that is not a saved game,
    unless ``force``."""
    from solver import savefile

    if resume_name is not None and "\0" in resume_name:
        raise click.BadParameter(
            f"{resume_name!r} is not a valid name or path", param_hint="--resume"
        )
    resumed = None if resume_name is None else savefile.resolve(resume_name)
    target = save_path or resumed or savefile.new_path(game)
    if target != resumed:
        savefile.check_target(target, force)
    return resumed, target


def resume_hint(command: str, path: Path) -> str:
    """How to go on with a saved game: by name when it is in the games folder."""
    from solver import savefile
    from solver.errors import UserError

    try:
        name = path.stem if path.parent == savefile.games_dir() else str(path)
    except UserError:
        name = str(path)
    return f"myword {command} --resume {name}"


def play_saved(session, state, draw, path: Path, command: str, as_json: bool) -> None:
    """Run a person's game; on Ctrl-C, SIGTERM, SIGHUP or end of input save it and say how
    to go on (exit 128 + the signal's number after a signal, 130 for Ctrl-C; 0 after end of
    input or quit). With ``as_json`` the game is played on stderr and the game goes to
    stdout as JSON: the finished game as saved, or, when it ends early, the game so far
    without what a player may not see (``session.public``) with ``ended`` (``unfinished``
    at end of input or quit, ``interrupted`` by a signal) and ``saved`` (its file): a
    script reading stdout always gets one document."""
    from solver import render, signals
    from solver.arena import interrupted
    from solver.terminal import PromptConsole

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
        with signals.ignored():  # a second signal must not cut the save short
            session.save(state, path)
        click.echo(
            f"\nGame saved to {path}; continue with: {resume_hint(command, path)}", err=as_json
        )
        interrupted = isinstance(stop, KeyboardInterrupt)
        if as_json:
            ended = "interrupted" if interrupted else "unfinished"
            render.emit_json(session.public(state) | {"ended": ended, "saved": str(path)})
        sys.exit(signals.exit_status(stop) if interrupted else 0)
    if as_json:
        render.emit_json(session.document(finished))


def _capped_workers(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """Refuse more local processes than a few per usable core, naming the limit."""
    from solver.cores import WORKERS_PER_CORE, max_workers

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
            "--games", type=click.IntRange(min=1), default=default_games, show_default=True
        ),
        click.option(
            "--seed", type=int, default=None, help="Seed of the first game (default 1980)."
        ),
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            default=1,
            show_default=True,
            callback=_capped_workers,
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
            help="Write every game's results to this CSV file.",
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
    """Play a tournament with a progress bar, write what was asked, print the summary."""
    from rich.progress import Progress

    from solver import arena, render

    if arena_args["plot_dir"]:
        from solver.plots import require_matplotlib

        require_matplotlib()  # before the tournament, not after it
    from solver.errors import UserError
    from solver.userfiles import writable_file

    csv_path = arena_args["csv_path"]
    writer = arena.CsvWriter(writable_file(csv_path, "the CSV")) if csv_path else None
    try:
        with Progress(console=render.console(stderr=True), transient=True) as progress:
            task = progress.add_task(title or ", ".join(spec.entries), total=spec.games)
            outcome = arena.play(
                spec,
                arena_args["workers"],
                arena_args["scheduler"],
                lambda done: progress.advance(task, done),
                writer.write if writer else None,
            )
    except KeyboardInterrupt as stop:
        stopped(" The CSV holds the games finished." if writer else "", stop)
    except OSError as error:  # the CSV's disk full, or its device refusing writes
        raise UserError(f"cannot write the CSV {csv_path}: {error.strerror}") from None
    finally:
        if writer:
            try:
                writer.close()  # flushes: a full disk may only show here
            except OSError as error:
                raise UserError(f"cannot write the CSV {csv_path}: {error.strerror}") from None
    summary = outcome.summary
    if writer:
        summary["csv"] = str(writer.path)
    if arena_args["plot_dir"]:
        from solver.plots import plot

        summary["plots"] = [str(p) for p in plot(summary, outcome.scores, arena_args["plot_dir"])]
    if arena_args["as_json"]:
        render.emit_json(summary)
        return
    render.console().print(render.tournament_table(summary, columns, title))
    for written in [summary.get("csv"), *summary.get("plots", [])]:
        if written:
            click.echo(f"wrote {written}", err=True)


def arena_spec(game: str, entries: str | list[str], kwargs: dict, **options):
    """The tournament a bench command asks for, and its shared options (split off the
    command's keyword arguments). ``entries``: a list, or comma-separated names."""
    from solver import arena, seeds
    from solver.errors import UserError

    names = ("games", "seed", "workers", "scheduler", "csv_path", "plot_dir", "as_json")
    settings = {name: kwargs.pop(name) for name in names}
    if isinstance(entries, str):
        names = [e.strip() for e in entries.split(",")]
        if any(names) and not all(names):  # "hard,,easy": a typing mistake, not two players
            raise UserError(f"an empty name in {entries!r}: name every player, comma-separated")
        entries = [name for name in names if name]  # none at all: the arena says so
    seed = seeds.DEFAULT_SEED if settings["seed"] is None else settings["seed"]
    return arena.tournament(game, entries, settings["games"], seed, **options), settings


@main.group()
def words() -> None:
    """Look words up in the dictionaries: validity, familiarity, pools."""


@words.command()
@click.argument("word_list", metavar="WORD...", nargs=-1, required=True)
@LANG_OPTION
@JSON_OPTION
def check(word_list: tuple[str, ...], lang: str, as_json: bool) -> None:
    """Say whether each WORD may be played, whether it is familiar, and its Zipf frequency."""
    from solver import render
    from solver.wordcheck import check_word

    checks = [check_word(w, lang).to_json() for w in word_list]
    if as_json:
        render.emit_json({"lang": lang, "words": checks})
    else:
        render.console().print(render.check_table(checks))


@words.command()
@click.option("--length", "-n", type=click.IntRange(min=1), required=True, help="Word length.")
@click.option(
    "--tier",
    type=click.Choice(["easy", "familiar", "all"]),
    default=None,
    help="Vocabulary tier [default: familiar; all with --from-text or --from-list].",
)
@LANG_OPTION
@click.option(
    "--from-text",
    type=PathType(path_type=Path),
    default=None,
    help="Keep the dictionary words of a text file (a page of a newspaper, say).",
)
@click.option(
    "--from-list",
    type=PathType(path_type=Path),
    default=None,
    help="Keep the dictionary words of a word-list file (one word a line).",
)
@click.option(
    "--sort",
    type=click.Choice(["alpha", "zipf"]),
    default="alpha",
    show_default=True,
    help="Alphabetical, or most common first.",
)
@JSON_OPTION
def pool(
    length: int,
    tier: str | None,
    lang: str,
    from_text: Path | None,
    from_list: Path | None,
    sort: str,
    as_json: bool,
) -> None:
    """List the words of one length a game may draw from.

    On a terminal the words are shown in columns under a heading; through a pipe they come
    one per line, ready for other tools.
    """
    from solver import lexicon, render

    found = lexicon.pool(length, tier, lang, from_text=from_text, from_list=from_list)
    listed = list(found.words)
    if sort == "zipf":
        frequencies = lexicon.zipf_table(lang)
        listed.sort(key=lambda w: (-frequencies.get(w, 0.0), w))
    if as_json:
        render.emit_json(
            {
                "lang": found.lang,
                "length": found.length,
                "tier": found.tier,
                "source": found.source,
                "count": len(listed),
                "words": listed,
                "rejected": list(found.rejected),
            }
        )
        return
    if not sys.stdout.isatty():
        click.echo("\n".join(listed))
        return
    out = render.console()
    source = render.plain(found.source)  # names the user's file
    out.print(f"[bold]{len(listed):,} words[/bold] of {length} letters, {source} ({lang})")
    out.print(render.word_columns(listed))
    if found.rejected:
        left_out = render.plain(" ".join(found.rejected))
        out.print(f"[dim]left out, not {found.tier}-tier words: {left_out}[/dim]")


@words.command()
@LANG_OPTION
@JSON_OPTION
def stats(lang: str, as_json: bool) -> None:
    """Count the words of every length in each tier."""
    from solver import lexicon, render

    counts = lexicon.length_counts(lang)
    if as_json:
        render.emit_json({"lang": lang, "counts": counts})
    else:
        title = f"{lexicon.language(lang).name} words by length and tier"
        render.console().print(render.counts_table(counts, title))


@main.group()
def deduce() -> None:
    """What's My Word?: score Guesswords, get advice, let the bot solve whole rounds."""


SHEET_OPTION = click.option(
    "--sheet", default="6", show_default=True, help="6, 7, or a sheet file of length@offset rows."
)
STRATEGY_OPTION = click.option(
    "--strategy",
    type=click.Choice(["lookahead", "points", "entropy"]),
    default="lookahead",
    show_default=True,
    help="How the bot picks Guesswords.",
)
PRIOR_OPTION = click.option(
    "--prior",
    type=click.Choice(["familiar", "uniform"]),
    default="familiar",
    show_default=True,
    help="Candidate weights: more familiar words likelier, or all alike.",
)


def pool_options(function):
    """--pool / --from-text / --from-list: which words the opponent may have hidden."""
    function = click.option(
        "--from-list", type=PathType(path_type=Path), help="Gamewords from a word-list file."
    )(function)
    function = click.option(
        "--from-text", type=PathType(path_type=Path), help="Gamewords from a page of text."
    )(function)
    return click.option(
        "--pool",
        "tier",
        type=click.Choice(["familiar", "easy", "all"]),
        default=None,
        help="Tier of hidden words [default: familiar; all with a file].",
    )(function)


def _pool(length: int, tier, lang: str, from_text, from_list):
    from solver import lexicon

    if tier is None and from_text is None and from_list is None:
        return None  # the default: the familiar tier
    return lexicon.pool(length, tier, lang, from_text=from_text, from_list=from_list)


@deduce.command()
@click.argument("gameword")
@click.argument("guess")
@click.option(
    "--row", "row_number", type=click.IntRange(min=1), required=True, help="Row number, 1 first."
)
@SHEET_OPTION
@JSON_OPTION
def score(gameword: str, guess: str, row_number: int, sheet: str, as_json: bool) -> None:
    """Score GUESS against GAMEWORD on a row of the sheet, with its marking."""
    from solver import render
    from solver.deduce import load_sheet, marking
    from solver.deduce import score as score_guess
    from solver.deduce.display import LEGEND, marked
    from solver.errors import UserError

    played = load_sheet(sheet)
    if row_number > len(played.rows):
        raise UserError(f"the {played.name} sheet has {len(played.rows)} rows, not {row_number}")
    if len(gameword) != played.word_length:
        raise UserError(f"the {played.name} sheet takes a {played.word_length}-letter Gameword")
    row = played.rows[row_number - 1]
    if len(guess) != row.length:
        raise UserError(f"row {row_number} takes a {row.length}-letter Guessword, not {guess!r}")
    last = played.is_last(row_number - 1)
    points = score_guess(gameword, guess, row.offset, last)
    marks = marking(gameword, guess, row.offset)
    if as_json:
        render.emit_json(
            {
                "gameword": gameword.lower(),
                "guess": guess.lower(),
                "row": row_number,
                "length": row.length,
                "offset": row.offset,
                "last_row": last,
                "score": points,
                "marks": [str(m) for m in marks],
            }
        )
        return
    out = render.console()
    where = f"row {row_number} ({row.length} letters from column {row.offset + 1})"
    words = f"{render.plain(guess.upper())} on {where} against {render.plain(gameword.upper())}"
    out.print(f"{words}: [bold]{points:,}[/bold]")
    out.print(marked(guess, marks))
    out.print(f"[dim]{LEGEND}[/dim]")


@deduce.command()
@click.option(
    "--length",
    type=click.Choice(["6", "7"]),
    default=None,
    help="Gameword length (picks the default sheet).",
)
@SHEET_OPTION
@click.option("--history", default="", help='Rows played so far, e.g. "SO 0, DEN 1250".')
@STRATEGY_OPTION
@pool_options
@PRIOR_OPTION
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="How many candidates and alternatives to show.",
)
@click.option(
    "--seconds",
    type=FiniteFloat(min=0.01),
    default=None,
    help="Time budget for the choice (anytime mode).",
)
@LANG_OPTION
@JSON_OPTION
def advise(
    length, sheet, history, strategy, tier, from_text, from_list, prior, top, seconds, lang, as_json
) -> None:
    """Deduce the opponent's Gameword from the scores heard and recommend the next Guessword."""
    from solver import render
    from solver.deduce import load_sheet
    from solver.deduce.advisor import advise as advise_next
    from solver.deduce.candidates import parse_history
    from solver.errors import UserError

    sheet_given = click.get_current_context().get_parameter_source("sheet").name != "DEFAULT"
    if length is not None and sheet_given and sheet != length:
        raise UserError("give --length or --sheet, not both")
    played = load_sheet(length or sheet)
    pool = _pool(played.word_length, tier, lang, from_text, from_list)
    advice = advise_next(parse_history(history), played, strategy, pool, prior, lang, top, seconds)
    for warning in advice.warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        render.emit_json(advice.to_json(top))
    else:
        from solver.deduce.display import advice_view

        render.console().print(advice_view(advice, top))


@deduce.command()
@click.argument("gamewords", metavar="GAMEWORD...", nargs=-1, required=True)
@STRATEGY_OPTION
@SHEET_OPTION
@pool_options
@PRIOR_OPTION
@LANG_OPTION
@JSON_OPTION
def solve(gamewords, strategy, sheet, tier, from_text, from_list, prior, lang, as_json) -> None:
    """Let the bot play a whole round against each known GAMEWORD."""
    from solver import render
    from solver.deduce import load_sheet
    from solver.deduce.display import sheet_table
    from solver.deduce.game import oracle, play_round

    played = load_sheet(sheet)
    pool = _pool(played.word_length, tier, lang, from_text, from_list)
    results = [play_round(w, played, strategy, pool, prior, lang) for w in gamewords]
    if as_json:
        render.emit_json(
            [dict(r.to_json(), oracle=oracle(r.gameword, played, lang)) for r in results]
        )
        return
    out = render.console()
    for result in results:
        out.print(sheet_table(result.to_json()))
        best = oracle(result.gameword, played, lang)
        ratio = f"{result.total / best:.0%}"
        out.print(f"{result.total:,} points; knowing the word one could score {best:,} ({ratio})")


@deduce.command(name="bench")
@click.option(
    "--strategy",
    default="lookahead",
    show_default=True,
    help="lookahead, points or entropy; several, comma-separated, meet the same Gamewords.",
)
@click.option("--length", type=click.Choice(["6", "7"]), default="6", show_default=True)
@click.option(
    "--gamewords",
    type=click.Choice(["familiar", "easy", "medium", "hard"]),
    default="familiar",
    show_default=True,
    help="Draw from the familiar pool, or from what the bot hides at a difficulty.",
)
@PRIOR_OPTION
@LANG_OPTION
@arena_options(100)
def deduce_bench(strategy, length, gamewords, prior, lang, **kwargs) -> None:
    """Strategies play rounds against the same drawn Gamewords; compare with the oracle."""
    spec, settings = arena_spec(
        "deduce",
        strategy,
        kwargs,
        length=int(length),
        gamewords=gamewords,
        prior=prior,
        lang=lang,
    )
    columns = [
        ("oracle", "mean_oracle", "{:,.0f}"),
        ("ratio", "ratio", "{:.4f}"),
        ("bonus", "bonus_rate", "{:.1%}"),
        ("rows to one", "mean_rows_to_one", "{:.2f}"),
    ]
    run_tournament(spec, settings, columns, f"What's My Word? {length} letters: {strategy}")


DIFFICULTY_OPTION = click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default="medium",
    show_default=True,
    help="How well the bot guesses, and how hard a word it hides.",
)


@deduce.command()
@click.option("--length", type=click.Choice(["6", "7"]), default="6", show_default=True)
@DIFFICULTY_OPTION
@click.option("--seed", type=int, default=None, help="Seed for the draw (default 1980).")
@LANG_OPTION
@JSON_OPTION
def pick(length: str, difficulty: str, seed: int | None, lang: str, as_json: bool) -> None:
    """Choose a Gameword for the bot to hide: familiar, and as hard as the difficulty says."""
    from solver import render
    from solver.deduce.picks import candidates_for
    from solver.deduce.picks import pick as pick_word

    word = pick_word(int(length), difficulty, seed, lang)
    if as_json:
        pool = candidates_for(int(length), difficulty, lang)
        render.emit_json(
            {"word": word, "length": int(length), "difficulty": difficulty, "drawn_from": len(pool)}
        )
    else:
        click.echo(word.upper())


@deduce.command()
@click.option(
    "--purple",
    type=click.Choice(["lookahead", "points", "entropy"]),
    default="lookahead",
    show_default=True,
)
@click.option(
    "--red",
    type=click.Choice(["lookahead", "points", "entropy"]),
    default="points",
    show_default=True,
)
@DIFFICULTY_OPTION
@LANG_OPTION
@arena_options(20)
def match(purple, red, difficulty, lang, **kwargs) -> None:
    """Bot against bot: whole two-round games between two strategies."""
    spec, settings = arena_spec(
        "deduce-match", [purple, red], kwargs, difficulty=difficulty, lang=lang
    )
    columns = [("outright wins", "outright_wins", "{:d}"), ("ties", "ties", "{:d}")]
    title = f"Purple {purple} v Red {red}, {difficulty} words"
    run_tournament(spec, settings, columns, title)


@deduce.command()
@click.option("--rounds", type=click.IntRange(1, 2), default=2, show_default=True)
@DIFFICULTY_OPTION
@click.option("--seed", type=int, default=None, help="Seed for the bot's words and slack.")
@LANG_OPTION
@click.option(
    "--pool-from",
    type=PathType(path_type=Path),
    default=None,
    help="Both Gamewords from this page of text (the newspaper variation).",
)
@click.option(
    "--turn-seconds",
    type=FiniteFloat(min=1),
    default=None,
    help="The one-minute variation: a turn later than this scores 0.",
)
@click.option(
    "--accept-nonwords", is_flag=True, help="Accept Guesswords that are not in the dictionary."
)
@click.option(
    "--you-score", is_flag=True, help="Keep your word on paper and score my guesses yourself."
)
@click.option(
    "--hints",
    type=click.Choice(["on", "off"]),
    default="on",
    show_default=True,
    help="Show your marginal alphabets and what your scores tell.",
)
@click.option(
    "--you",
    "colour",
    type=click.Choice(["purple", "red"]),
    default="purple",
    show_default=True,
    help="Purple plays first in round 1, Red in round 2.",
)
@SAVE_OPTION
@RESUME_OPTION
@FORCE_OPTION
@JSON_OPTION
def play(
    rounds,
    difficulty,
    seed,
    lang,
    pool_from,
    turn_seconds,
    accept_nonwords,
    you_score,
    hints,
    colour,
    save_path,
    resume_name,
    force,
    as_json,
) -> None:
    """Play What's My Word? against the bot: two rounds, turns alternating, saved as you go
    (--json: played on stderr, the finished game on stdout)."""
    from solver import savefile
    from solver.deduce import session
    from solver.deduce.display import game_view

    resumed, path = save_target("deduce", save_path, resume_name, force)
    if resumed is not None:
        state = session.load(resumed)
    else:
        settings = session.Settings(
            rounds=rounds,
            difficulty=difficulty,
            seed=seed,
            lang=lang,
            pool_from=str(pool_from) if pool_from else None,
            turn_seconds=turn_seconds,
            accept_nonwords=accept_nonwords,
            you_score=you_score,
            hints=hints == "on",
            you=colour,
        )
        state = session.new_game(settings)
    with savefile.holding(path):
        session.save(state, path)
        play_saved(session, state, game_view, path, "deduce play", as_json)


@main.group()
def race() -> None:
    """MY WORD!: the speed card game. Find the best claim on a table of cards."""


RACE_DECK_OPTION = click.option(
    "--deck",
    "deck_spec",
    default=None,
    help="en, es, kids (the language's ages 7+ deck), kids-en, kids-es, or a deck file "
    "(card count a line) [default: the language's deck].",
)
RACE_LANG_OPTION = click.option(
    "--lang",
    default=None,
    help="Language of the words: en or es [default: the deck's: es for --deck es or "
    "kids-es, else en]. A deck with letters the language lacks (Ñ in English) is refused.",
)


@race.command()
@click.argument("table")
@click.option("--top", type=click.IntRange(min=1), default=10, show_default=True)
@click.option(
    "--tier",
    type=click.Choice(["easy", "familiar", "all"]),
    default="all",
    show_default=True,
    help="Only words of this tier.",
)
@LANG_OPTION
@JSON_OPTION
def claim(table: str, top: int, tier: str, lang: str, as_json: bool) -> None:
    """The best claims for TABLE, e.g. "A B ND U K ? E": most cards first, then familiar."""
    from solver import render
    from solver.race.index import claims, parse_table

    cards = parse_table(table, lang)
    found = claims(cards, tier, lang, top)
    if as_json:
        render.emit_json({"table": cards, "tier": tier, "claims": [c.to_json() for c in found]})
        return
    from rich.table import Table

    title = render.plain(f"Best claims on {' '.join(cards).upper()}")
    shown = Table("word", "cards", "count", "zipf", title=title)
    for each in found:
        word, used = render.plain(each.word.upper()), render.plain(" ".join(each.cards).upper())
        shown.add_row(word, used, str(each.count), f"{each.zipf:.2f}")
    out = render.console()
    out.print(shown if found else "No word of 3 or more cards on this table.")


@race.command(name="bench")
@click.option(
    "--players",
    default="hard,medium,easy",
    show_default=True,
    help="Bot levels, with an optional claim policy: hard,medium:wait,easy:first.",
)
@click.option(
    "--pace",
    type=FiniteFloat(min=0.1),
    default=2.0,
    show_default=True,
    help="Seconds between two cards dealt.",
)
@RACE_DECK_OPTION
@RACE_LANG_OPTION
@arena_options(100)
def race_bench(players, pace, deck_spec, lang, **kwargs) -> None:
    """Bots race each other over many seeded games: mean cards and wins per seat."""
    from solver.race.deck import load_deck

    lang = load_deck(deck_spec, lang).lang  # --deck es alone is a Spanish race
    spec, settings = arena_spec("race", players, kwargs, pace=pace, deck=deck_spec, lang=lang)
    run_tournament(spec, settings, [("claims a game", "claims_per_game", "{:.1f}")], "MY WORD!")


@race.command(name="play")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=3,
    show_default=True,
    help="Players, you included.",
)
@click.option(
    "--level",
    default="medium",
    show_default=True,
    help="The bots' level (and policy): easy, medium, hard, e.g. hard:wait.",
)
@click.option(
    "--pace",
    type=FiniteFloat(min=0.2),
    default=3.0,
    show_default=True,
    help="Seconds between two cards dealt.",
)
@click.option(
    "--kids",
    is_flag=True,
    help="The ages 7+ rule: only the deck's single letters and QU (no wilds, no Ñ).",
)
@RACE_DECK_OPTION
@click.option("--seed", type=int, default=None, help="Seed for the shuffles and the bots.")
@RACE_LANG_OPTION
@JSON_OPTION
def race_play(players, level, pace, kids, deck_spec, seed, lang, as_json) -> None:
    """Race the bots in real time: type a word and press Enter to claim it (--json: the
    race on stderr, the final totals on stdout)."""
    import queue
    import threading
    import time

    from solver import render
    from solver.race.bots import parse_bot
    from solver.race.deck import load_deck
    from solver.race.live import RaceStopped, play_live_game

    bots = [parse_bot(level) for _ in range(players - 1)]
    deck = load_deck(deck_spec, lang, kids)
    lines: queue.Queue[str] = queue.Queue()

    def read_lines() -> None:
        for line in sys.stdin:
            lines.put(line)

    threading.Thread(target=read_lines, daemon=True).start()
    out = render.console(stderr=as_json)

    def emit_race(totals: list[int] | None, ended: str) -> None:
        names = ["you", *[bot.name for bot in bots]]
        race = {"seed": seed, "players": names, "totals": totals, "deck": deck.name}
        render.emit_json(race | {"lang": deck.lang, "ended": ended})

    def say_plain(line: str) -> None:
        out.print(line, markup=False)  # lines hold the words typed: never markup

    try:
        totals = play_live_game(
            bots, deck, pace, seed, lines, time.monotonic, time.sleep, say_plain
        )
    except KeyboardInterrupt as stop:
        click.echo("\nGame stopped.", err=as_json)
        if as_json:  # still one document: the rounds finished, and how the race ended
            emit_race(stop.totals if isinstance(stop, RaceStopped) else None, "interrupted")
        sys.exit(130)
    if as_json:
        emit_race(totals, "finished")


LAYOUT_DECK_OPTION = click.option(
    "--deck",
    "deck_file",
    type=PathType(path_type=Path),
    default=None,
    help="A deck file in the form of solver/layout/data/deck.json (default: that deck).",
)


@main.group()
def layout() -> None:
    """My Word (1980): lay out cards with letter pairs to make 4-letter words."""


@layout.command()
@click.option(
    "--player",
    type=click.Choice(["beam", "greedy", "random"]),
    default="beam",
    show_default=True,
)
@click.option("--seed", type=int, default=None, help="Seed for the shuffle (default 1980).")
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@click.option("--boards/--no-boards", default=True, help="Draw the layout after each move.")
@LAYOUT_DECK_OPTION
@JSON_OPTION
def solo(player: str, seed: int | None, easy: bool, boards: bool, deck_file, as_json) -> None:
    """One solo game (4 cards in hand): the board after each move, then the final score."""
    from solver import render
    from solver.layout import display
    from solver.layout.board import Layout
    from solver.layout.deck import load_deck
    from solver.layout.game import play_game

    state = play_game([player], seed, easy, load_deck(deck_file))
    if as_json:
        render.emit_json(state.log)
        return
    out = render.console()
    layout = Layout().place((0, 0), state.log["centre"])
    for move in state.log["moves"]:
        if move["kind"] == "play":
            layout = layout.place(tuple(move["position"]), move["card"])
        out.print(display.describe_move(move, display.window_of(layout), player), markup=False)
        if boards and move["kind"] == "play":
            out.print(display.board_view(layout, state.deck, set()))
    out.print(f"[bold]Final score: {state.scores[0]}[/bold] ({len(state.log['moves'])} moves)")


@layout.command(name="play")
@click.option(
    "--players",
    default="human,beam",
    show_default=True,
    help="1 to 6 of human, beam, greedy, random, in seat order; the second seat starts.",
)
@click.option("--seed", type=int, default=None, help="Seed for the shuffle (default 1980).")
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@SAVE_OPTION
@RESUME_OPTION
@FORCE_OPTION
@LAYOUT_DECK_OPTION
@JSON_OPTION
def layout_play(players, seed, easy, save_path, resume_name, force, deck_file, as_json) -> None:
    """Play My Word (1980) in the terminal against bots (or friends, passing the keyboard);
    --json: played on stderr, the finished game's log on stdout."""
    from solver import savefile
    from solver.layout import session

    resumed, path = save_target("layout", save_path, resume_name, force)
    if resumed is not None:
        state = session.load(resumed)
    else:
        from solver.layout.deck import load_deck

        players = session.parse_players(players)
        state = session.new_game(players, seed, easy, load_deck(deck_file))
    with savefile.holding(path):
        session.save(state, path)
        play_saved(session, state, lambda view: view, path, "layout play", as_json)


@layout.command(name="bench")
@click.option("--players", default="beam,greedy", show_default=True, help="random, greedy, beam.")
@click.option("--solo", is_flag=True, help="Each player plays the same solo games.")
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@LAYOUT_DECK_OPTION
@arena_options(100)
def layout_bench(players, solo, easy, deck_file, **kwargs) -> None:
    """Compare players: solo mean scores, or win rates head to head, with 95% intervals."""
    deck = None if deck_file is None else str(deck_file)
    spec, settings = arena_spec("layout", players, kwargs, solo=solo, easy=easy, deck=deck)
    run_tournament(spec, settings, title="My Word (1980)" + (" solo" if solo else ""))


@layout.command()
@click.argument("log_file", metavar="LOG", type=PathType(path_type=Path))
@JSON_OPTION
def replay(log_file: Path, as_json: bool) -> None:
    """Re-check every move and score of a game log (`layout solo --json`, a saved game):
    ok (a finished game), unfinished (a saved game in progress) or the first discrepancy
    (exit 1)."""
    import json

    from solver import render, savefile
    from solver.errors import UserError
    from solver.layout.game import replay as check_log
    from solver.userfiles import regular_file

    try:
        log = json.loads(regular_file(log_file, "log").read_text("utf-8"))
    except UserError:
        raise  # already says what is wrong with the path
    except FileNotFoundError:
        raise UserError(f"no such log: {log_file}") from None
    except (OSError, ValueError) as error:
        raise UserError(f"cannot read the log {log_file}: {error}") from None
    if isinstance(log, dict) and log.get("format") == savefile.FORMAT:
        log = log.get("state")  # a saved game: its log (replay re-checks every move itself)
    result = check_log(log)
    if as_json:
        render.emit_json(result._asdict())
    else:
        click.echo(f"{result.verdict}: {result.message}")
    if not result.ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
