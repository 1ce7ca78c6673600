"""``myword layout``: My Word (1980) commands."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from solver.ui.options import (
    ENGINE_LOG_OPTION,
    ENGINE_OPTION,
    ENGINE_TIME_OPTION,
    JSON_OPTION,
    SEED,
    PathType,
    with_engines,
)
from solver.ui.saved import (
    FORCE_OPTION,
    RESUME_OPTION,
    SAVE_OPTION,
    note_ignored_with_resume,
    play_saved,
    save_target,
)
from solver.ui.tournament import arena_options, arena_spec, run_tournament

LAYOUT_DECK_OPTION = click.option(
    "--deck",
    "deck_file",
    type=PathType(path_type=Path),
    default=None,
    help="A deck file in the form of solver/layout/data/deck.json (default: that deck).",
)


@click.group()
def layout() -> None:
    """My Word (1980): lay out cards with letter pairs to make 4-letter words."""


PLAYER_HELP = (
    "reader, beam, greedy, random, a registered player (myword layout players), module:attr, "
    "path/to/file.py:attr or engine:COMMAND ARGS"
)


@layout.command()
@click.option("--player", default="beam", show_default=True, help=PLAYER_HELP + ".")
@click.option(
    "--seed", type=SEED, default=None, help="Seed for the shuffle (default: a fresh one)."
)
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@click.option("--boards/--no-boards", default=True, help="Draw the layout after each move.")
@LAYOUT_DECK_OPTION
@ENGINE_OPTION
@ENGINE_TIME_OPTION
@JSON_OPTION
@click.pass_context
def solo(
    ctx, player: str, seed: int | None, easy: bool, boards: bool, deck_file, engines,
    engine_time, as_json,
) -> None:  # fmt: skip
    """One solo game (4 cards in hand): the board after each move, then the final score.
    Without --seed a fresh seed, shown (and in the --json log), so that --seed replays it.
    --engine "COMMAND ARGS": the player is an engine (instead of --player)."""
    from click.core import ParameterSource

    from solver.layout.game import check_player
    from solver.runtime.errors import UserError

    if engines:
        if len(engines) > 1 or ctx.get_parameter_source("player") != ParameterSource.DEFAULT:
            raise UserError("a solo game has one player: give --player or one --engine, not both")
        player = with_engines([], engines)[0]
    check_player(player)
    from solver.layout import session
    from solver.layout.board import Layout
    from solver.layout.deck import load_deck
    from solver.layout.game import play_game
    from solver.layout.moves import Played
    from solver.layout.ui import display, wording
    from solver.runtime import seeds
    from solver.ui import render

    seed = seeds.or_fresh(seed)
    state = play_game([player], seed, easy, load_deck(deck_file), engine_time)
    if as_json:
        render.emit_json(state.to_json())
        return
    out = render.console()
    out.print(wording.seed_line(state), markup=False)
    squares = session.squares(state)
    layout = Layout().place((0, 0), state.dealt.centre)
    for event in state.history:
        if isinstance(event, Played):
            layout = layout.place(event.position, event.card)
        out.print(wording.describe_move(event, squares, player), markup=False)
        if boards and isinstance(event, Played):
            out.print(display.board_view(layout, state.deck, squares))
    if state.forfeited is not None:
        out.print(wording.forfeited(state.forfeited, player), markup=False)
    out.print(f"[bold]Final score: {state.scores()[0]}[/bold] ({len(state.history)} moves)")


@layout.command(name="play")
@click.option(
    "--players",
    default="human,beam",
    show_default=True,
    help="1 to 6 seats, comma-separated, in seat order. The first seat deals, so the second "
    "plays first, as the rulebook's player at the dealer's left (with the default, the beam "
    "bot starts). Each seat: human, or " + PLAYER_HELP + ".",
)
@click.option(
    "--seed", type=SEED, default=None, help="Seed for the shuffle (default: a fresh one, shown)."
)
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@click.option("--plain", is_flag=True, help="Line mode even in a terminal (no full screen).")
@SAVE_OPTION
@RESUME_OPTION
@FORCE_OPTION
@LAYOUT_DECK_OPTION
@ENGINE_OPTION
@ENGINE_TIME_OPTION
@JSON_OPTION
@click.pass_context
def layout_play(
    ctx, players, seed, easy, plain, save_path, resume_name, force, deck_file, engines,
    engine_time, as_json,
) -> None:  # fmt: skip
    """Play My Word (1980) against bots (or friends, passing the keyboard): full screen in
    a terminal, else (or with --plain) line mode; --json: played on stderr, the finished
    game's log on stdout. Each --engine "COMMAND ARGS" seats an engine after the --players
    (without --players: you against the engines); a seat that fails (crashes, raises, answers
    late) or breaks the rules forfeits the game; a resumed game seats its players again."""
    from solver.layout import session
    from solver.layout.ui import lines
    from solver.runtime import savefile
    from solver.runtime.errors import UserError

    resumed, path = save_target("layout", save_path, resume_name, force)
    if resumed is not None:
        if engines:
            raise UserError("--engine seats a new game's player; a resumed game keeps its own")
        state = session.load(resumed)
        note_ignored_with_resume(ctx, frozenset({"engine_time"}))
    else:
        state = new_state(ctx)
    from solver.ui.app import can_run

    if not (plain or as_json) and can_run():
        _play_full_screen(state, path, engine_time)
        return
    with savefile.holding(path):
        session.save(state, path)
        playing = lines.Playing(engine_time)
        play_saved(playing, state, lambda view: view, path, "layout play", as_json)


def new_state(ctx: click.Context):
    """A new game from ``layout play``'s parsed options: the command's and the app's
    new-game form's (``solver.layout.ui.form``), so the two seat the same players. Each
    --engine sits after the --players, or after you alone when --players was not given; an
    engine that cannot start is one line now, not a game its seat forfeits at once."""
    from click.core import ParameterSource

    from solver.layout import session
    from solver.layout.deck import load_deck
    from solver.ui.forms import check_engines

    params = ctx.params
    players, engines = params["players"], params["engines"]
    if engines and ctx.get_parameter_source("players") == ParameterSource.DEFAULT:
        players = session.HUMAN
    seats = session.parse_players(players, engines)
    check_engines(list(seats))
    return session.new_game(seats, params["seed"], params["easy"], load_deck(params["deck_file"]))


def _play_full_screen(state, path: Path, engine_time: float) -> None:
    """The game in the full-screen app. The screen saves after every move, so Ctrl-C (which
    quits the app, printing how to resume), SIGTERM or SIGHUP leave the game saved as of
    the last move."""
    from solver.layout import session
    from solver.layout.game import finished
    from solver.layout.ui import wording
    from solver.layout.ui.screens import game_screen
    from solver.ui import signals
    from solver.ui.app import run_app

    screen = game_screen(state, path, engine_time=engine_time)
    try:
        with signals.as_interrupts():
            status = run_app(lambda: screen)
    except KeyboardInterrupt as stop:
        with signals.ignored():
            session.save(state, path)
        click.echo(f"\n{screen.exit_note()}")
        sys.exit(signals.exit_status(stop))
    if finished(state):
        click.echo(f"Game over: {wording.scores_line(state)}: {wording.result_line(state)}.")
        click.echo(f"{wording.seed_line(state)}; the game is in {path}")
    elif screen.left:
        click.echo(screen.exit_note())
    if status:
        sys.exit(status)


@layout.command(name="bench")
@click.option(
    "--players", default="beam,greedy", show_default=True, help=PLAYER_HELP + ", comma-separated."
)
@click.option("--solo", is_flag=True, help="Each player plays the same solo games.")
@click.option("--easy", is_flag=True, help="The easy game: no 6 x 6 limit.")
@LAYOUT_DECK_OPTION
@ENGINE_OPTION
@ENGINE_TIME_OPTION
@arena_options(100)
def layout_bench(players, solo, easy, deck_file, engines, engine_time, **kwargs) -> None:
    """Compare players: solo mean scores, or win rates head to head, with 95% intervals.
    Each --engine "COMMAND ARGS" adds a player in another process (any language)."""
    deck = None if deck_file is None else str(deck_file)
    from solver.arena.seats import listed_names

    names = with_engines(listed_names(players), engines)
    options = {"solo": solo, "easy": easy, "deck": deck}
    if engines or any(n.startswith("engine:") for n in names):
        options["engine_time"] = engine_time
    spec, settings = arena_spec("layout", names, kwargs, **options)
    run_tournament(spec, settings, title="My Word (1980)" + (" solo" if solo else ""))


@layout.command(name="engine")
@click.option(
    "--player", default="beam", show_default=True, help=PLAYER_HELP.rsplit(" or ", 1)[0] + "."
)
@ENGINE_LOG_OPTION
def layout_engine(player: str, log_path: str | None) -> None:
    """Serve a player over the engine protocol (docs/engine-protocol.md) on stdin and
    stdout, for a referee or a front end of another program."""
    from solver.layout.arena import RULES
    from solver.ui.players import serve_player

    sys.exit(serve_player(RULES, player, log_path))


@layout.command(name="players")
@JSON_OPTION
def layout_players(as_json: bool) -> None:
    """The players --player and --players can name: the built-ins and those installed
    packages register (entry points, group myword.layout.players), with their import paths."""
    from solver.layout.seats import KIND
    from solver.ui.players import show_players

    show_players(KIND, as_json)


@layout.command()
@click.argument("log_file", metavar="LOG", type=PathType(path_type=Path))
@JSON_OPTION
def replay(log_file: Path, as_json: bool) -> None:
    """Re-check every move and score of a game log (`layout solo --json`, a saved game):
    ok (a finished game), unfinished (a saved game in progress) or the first discrepancy
    (exit 1)."""
    import json

    from solver.layout.game import replay as check_log
    from solver.runtime import savefile
    from solver.runtime.errors import UserError
    from solver.runtime.userfiles import regular_file
    from solver.ui import render

    try:
        log = json.loads(regular_file(log_file, "log").read_text("utf-8"))
    except UserError:
        raise  # already says what is wrong with the path
    except FileNotFoundError:
        raise UserError(f"no such log: {log_file}") from None
    except UnicodeDecodeError:  # as deck files say it, not the codec's words
        raise UserError(f"cannot read the log {log_file}: it is not UTF-8 text") from None
    except (OSError, ValueError, RecursionError) as error:  # (arrays nested thousands deep)
        raise UserError(f"cannot read the log {log_file}: {error}") from None
    if isinstance(log, dict) and log.get("format") == savefile.FORMAT:
        from solver.layout.session import unsealed

        # A saved game: its log, the sealed part (the pack, while the game goes on) opened
        # with this install's key; replay re-checks every move itself.
        log = unsealed(*savefile.read("layout", log_file, resuming=False))
    from solver.layout.ui.wording import replay_message

    result = check_log(log)
    if result.not_a_log:  # a wrong file, not a game whose moves are wrong: an error
        raise UserError(f"{log_file} is {result.problem}")
    message = replay_message(result)
    if as_json:
        render.emit_json({"ok": result.ok, "message": message, "finished": result.finished})
    else:
        click.echo(f"{result.verdict}: {message}")
    if not result.ok:
        sys.exit(1)
