"""``myword deduce``: What's My Word? commands."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from solver.deduce.vocabularies import DEFAULT_VOCABULARY, VOCABULARIES
from solver.ui.options import (
    ENGINE_LOG_OPTION,
    ENGINE_OPTION,
    ENGINE_TIME_OPTION,
    JSON_OPTION,
    LANG_OPTION,
    SEED,
    FiniteFloat,
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
from solver.ui.tournament import arena_options, arena_spec, capped_workers, run_tournament

DEFAULT_ENGINE_TIME = 10.0  # ENGINE_TIME_OPTION's default: a bench's options say no more

# The longest turn the one-minute variation may be set to: a day. Longer is no limit at all
# (no --turn-seconds), and 1e308 was taken, its countdown 300 digits long.
TURN_SECONDS_MOST = 86_400


@click.group()
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
PLAYED_STRATEGY_OPTION = click.option(
    "--strategy",
    default="lookahead",
    show_default=True,
    help="How the bot picks Guesswords: lookahead, points, entropy, a registered strategy "
    "(myword deduce players), module:attr or path/to/file.py:attr.",
)
PRIOR_OPTION = click.option(
    "--prior",
    type=click.Choice(["familiar", "uniform"]),
    default="familiar",
    show_default=True,
    help="How the opponent is assumed to pick a Gameword: familiar words likelier, or all "
    "alike (weights the candidates).",
)
VOCABULARY_OPTION = click.option(
    "--vocabulary",
    type=click.Choice(list(VOCABULARIES)),
    default=DEFAULT_VOCABULARY,
    show_default=True,
    help="Guesswords from the words a person knows (familiar: Zipf 3+, their own "
    "frequency), a larger dictionary (core, which has words like SORREL and FURLONG), or "
    "every word of the play list (all, which has HENT and EPHAH). The last row may name "
    "any word.",
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
    from solver.wordtools import lexicon

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
@LANG_OPTION
@JSON_OPTION
def score(gameword: str, guess: str, row_number: int, sheet: str, lang: str, as_json: bool) -> None:
    """Score GUESS against GAMEWORD on a row of the sheet, with its marking. Words are read
    as every command reads them (Spanish: an accented vowel is the plain vowel, so CANCIÓN
    is CANCION)."""
    from solver.deduce import load_sheet, marking
    from solver.deduce import score as score_guess
    from solver.deduce.typed import typed_word
    from solver.deduce.ui.display import LEGEND, marked
    from solver.runtime.errors import UserError
    from solver.ui import render

    gameword = typed_word(gameword, "the Gameword", lang)
    guess = typed_word(guess, "the Guessword", lang)
    played = load_sheet(sheet)
    if row_number > len(played.rows):
        raise UserError(f"the {played.name} sheet has {len(played.rows)} rows, not {row_number}")
    if len(gameword) != played.word_length:
        raise UserError(f"the {played.name} sheet takes a {played.word_length}-letter Gameword")
    row = played.rows[row_number - 1]
    if len(guess) != row.length:
        raise UserError(
            f"row {row_number} takes a {row.length}-letter Guessword, not {guess.upper()}"
        )
    last = played.is_last(row_number - 1)
    points = score_guess(gameword, guess, row.offset, last)
    marks = marking(gameword, guess, row.offset)
    if as_json:
        render.emit_json(
            {
                "gameword": gameword,
                "guess": guess,
                "lang": lang,
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
@VOCABULARY_OPTION
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
    length,
    sheet,
    history,
    strategy,
    vocabulary,
    tier,
    from_text,
    from_list,
    prior,
    top,
    seconds,
    lang,
    as_json,
) -> None:
    """Deduce the opponent's Gameword from the scores heard and recommend the next Guessword."""
    from solver.deduce import load_sheet
    from solver.deduce.advisor import advise as advise_next
    from solver.deduce.candidates import parse_history
    from solver.runtime.errors import UserError
    from solver.ui import render

    source = click.get_current_context().get_parameter_source("sheet")
    sheet_given = source != ParameterSource.DEFAULT
    if length is not None and sheet_given and sheet != length:
        raise UserError("give --length or --sheet, not both")
    played = load_sheet(length or sheet)
    pool = _pool(played.word_length, tier, lang, from_text, from_list)
    advice = advise_next(
        parse_history(history), played, strategy, pool, prior, lang, top, seconds, vocabulary
    )
    for warning in advice.warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        render.emit_json(advice.to_json(top))
    else:
        from solver.deduce.ui.display import advice_view

        render.console().print(advice_view(advice, top))


@deduce.command()
@click.argument("gamewords", metavar="GAMEWORD...", nargs=-1, required=True)
@PLAYED_STRATEGY_OPTION
@VOCABULARY_OPTION
@SHEET_OPTION
@pool_options
@PRIOR_OPTION
@LANG_OPTION
@JSON_OPTION
def solve(
    gamewords, strategy, vocabulary, sheet, tier, from_text, from_list, prior, lang, as_json
) -> None:
    """Let the bot play a whole round against each known GAMEWORD."""
    from solver.deduce import load_sheet
    from solver.deduce.game import oracle, play_round
    from solver.deduce.ui.display import sheet_table
    from solver.ui import render

    played = load_sheet(sheet)
    pool = _pool(played.word_length, tier, lang, from_text, from_list)
    results = [
        play_round(w, played, strategy, pool, prior, lang, vocabulary=vocabulary) for w in gamewords
    ]
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


@deduce.command(name="players")
@JSON_OPTION
def deduce_players(as_json: bool) -> None:
    """The strategies --strategy can name: the built-ins and those installed packages
    register (entry points, group myword.deduce.strategies), with their import paths."""
    from solver.deduce.players import KIND
    from solver.ui.players import show_players

    show_players(KIND, as_json)


@deduce.command(name="engine")
@click.option(
    "--player",
    default="lookahead",
    show_default=True,
    help="The strategy to serve: lookahead, points, entropy, a registered strategy (myword "
    "deduce players), module:attr or path/to/file.py:attr.",
)
@ENGINE_LOG_OPTION
def deduce_engine(player: str, log_path: str | None) -> None:
    """Serve a strategy over the engine protocol: JSON lines on stdin and stdout (hello,
    view, over, quit in; ready and move out), so a front end or a referee in any language
    can play it. A view is {"kind": "pick", ...} (hide a Gameword: answer {"kind": "pick",
    "word": ...}) or {"kind": "guess", ...} with the sheet's rows and the scores heard
    (answer {"kind": "guess", "word": ...}). The same view and seed give the same move as
    the strategy in process."""
    import sys

    from solver.deduce.arena import RULES
    from solver.ui.players import serve_player

    sys.exit(serve_player(RULES, player, log_path))


@deduce.command(name="bench")
@click.option(
    "--strategy",
    default="lookahead",
    show_default=True,
    help="lookahead, points, entropy, a registered strategy (myword deduce players), "
    "module:attr, path/to/file.py:attr or engine:COMMAND ARGS; several, comma-separated, "
    "meet the same Gamewords.",
)
@ENGINE_OPTION
@ENGINE_TIME_OPTION
@click.option(
    "--length",
    type=click.Choice(["6", "7"]),
    default="6",
    show_default=True,
    help="Gameword length: the 6-letter round's sheet, or the 7-letter round's.",
)
@click.option(
    "--gamewords",
    type=click.Choice(["familiar", "easy", "medium", "hard"]),
    default="familiar",
    show_default=True,
    help="Draw from the familiar pool, or from what the bot hides at a difficulty.",
)
@VOCABULARY_OPTION
@PRIOR_OPTION
@LANG_OPTION
@arena_options(100)
def deduce_bench(
    strategy, engines, engine_time, length, gamewords, vocabulary, prior, lang, **kwargs
) -> None:
    """Strategies play rounds against the same drawn Gamewords; compare with the oracle.
    An engine (--engine) that crashes, answers late or names a word the rules refuse
    forfeits that round: the rows it played keep their scores, the rest score 0."""
    if engines:
        strategy = ",".join(with_engines(strategy.split(","), engines))
    timed = {"engine_time": engine_time} if engine_time != DEFAULT_ENGINE_TIME else {}
    spec, settings = arena_spec(
        "deduce",
        strategy,
        kwargs,
        length=int(length),
        gamewords=gamewords,
        vocabulary=vocabulary,
        prior=prior,
        lang=lang,
        **timed,
    )
    columns = [
        ("oracle", "mean_oracle", "{:,.0f}"),
        ("ratio", "ratio", "{:.4f}"),
        ("bonus", "bonus_rate", "{:.1%}"),
        ("rows to one", "mean_rows_to_one", "{:.2f}"),
    ]
    title = f"What's My Word? {length} letters: {strategy}, Guesswords from {vocabulary}"
    run_tournament(spec, settings, columns, title)


@deduce.command()
@STRATEGY_OPTION
@click.option(
    "--length",
    type=click.Choice(["6", "7"]),
    default=None,
    help="Gameword length (picks the default sheet) [default: 6].",
)
@SHEET_OPTION
@pool_options
@VOCABULARY_OPTION
@PRIOR_OPTION
@click.option(
    "--opponent",
    type=click.Choice(["familiar", "uniform", "both"]),
    default="familiar",
    show_default=True,
    help="How the opponent draws Gamewords for the mean: familiar words likelier (as "
    "--prior familiar assumes), all alike (as deduce bench draws them), or both.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    callback=capped_workers,
    help="Local processes to walk the game tree in (at most 4 per usable core).",
)
@LANG_OPTION
@JSON_OPTION
def evaluate(
    strategy,
    length,
    sheet,
    tier,
    from_text,
    from_list,
    vocabulary,
    prior,
    opponent,
    workers,
    lang,
    as_json,
) -> None:
    """A strategy's exact expected round score and its ratio to the oracle, over every
    Gameword of the pool: the strategy's game tree is walked, one move per position (no
    sampling, no time budget)."""
    from rich.progress import Progress

    from solver.deduce import load_sheet
    from solver.deduce.evaluate import Setting, summary, walk
    from solver.runtime.errors import UserError
    from solver.ui import render
    from solver.wordtools import lexicon

    source = click.get_current_context().get_parameter_source("sheet")
    sheet_given = source != ParameterSource.DEFAULT
    if length is not None and sheet_given:
        raise UserError("give --length or --sheet, not both")
    played = load_sheet(length or sheet)
    pool = _pool(played.word_length, tier, lang, from_text, from_list)
    pool = pool or lexicon.pool(played.word_length, "familiar", lang)
    setting = Setting(played, strategy, pool, prior, vocabulary)
    chosen = ("familiar", "uniform") if opponent == "both" else (opponent,)
    with Progress(console=render.console(stderr=True), transient=True) as progress:
        title = f"{strategy}, {played.word_length} letters, Guesswords from {vocabulary}"
        task = progress.add_task(title, total=len(pool.words))
        result = walk(setting, workers, lambda done: progress.advance(task, done))
    report = summary(result, chosen)
    if as_json:
        render.emit_json(report)
        return
    from solver.deduce.ui.display import evaluation_table, rows_table

    render.console().print(evaluation_table(report))
    render.console().print(rows_table(report))


DIFFICULTY_OPTION = click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default="medium",
    show_default=True,
    help="How well the bot guesses, and how hard a word it hides.",
)


@deduce.command()
@click.option(
    "--length",
    type=click.Choice(["6", "7"]),
    default="6",
    show_default=True,
    help="Length of the Gameword to pick.",
)
@DIFFICULTY_OPTION
@click.option(
    "--seed", type=SEED, default=None, help="Seed for the draw (default: a fresh one, shown)."
)
@LANG_OPTION
@JSON_OPTION
def pick(length: str, difficulty: str, seed: int | None, lang: str, as_json: bool) -> None:
    """Choose a Gameword for the bot to hide: familiar, and as hard as the difficulty says.
    Each run draws afresh; --seed N draws the word of seed N again."""
    from solver.deduce.picks import candidates_for
    from solver.deduce.picks import pick as pick_word
    from solver.runtime import seeds
    from solver.ui import render

    seed = seeds.or_fresh(seed)
    word = pick_word(int(length), difficulty, seed, lang)
    if as_json:
        pool = candidates_for(int(length), difficulty, lang)
        render.emit_json(
            {
                "word": word,
                "length": int(length),
                "difficulty": difficulty,
                "seed": seed,
                "drawn_from": len(pool),
            }
        )
    else:
        click.echo(word.upper())  # alone on stdout, for scripts: w=$(myword deduce pick)
        click.echo(f"seed {seed}: --seed {seed} draws it again", err=True)


@deduce.command()
@click.option(
    "--purple",
    default=None,
    help="Purple's strategy: lookahead, points, entropy, a registered strategy (myword "
    "deduce players), module:attr, path/to/file.py:attr or engine:COMMAND ARGS.  "
    "[default: lookahead]",
)
@click.option("--red", default=None, help="Red's strategy: as for --purple.  [default: points]")
@click.option(
    "--engine",
    "engines",
    multiple=True,  # given twice, refused in one line (click would keep the last)
    metavar='"COMMAND ARGS"',
    help="The opponent in another process, speaking the engine protocol "
    "(docs/engine-protocol.md): it plays Red, or Purple when --red is given.",
)
@ENGINE_TIME_OPTION
@DIFFICULTY_OPTION
@LANG_OPTION
@arena_options(20)
def match(purple, red, engines, engine_time, difficulty, lang, **kwargs) -> None:
    """Bot against bot: whole two-round games between two strategies. A side whose
    engine crashes, answers late or makes a move the rules refuse forfeits (loses) that
    game."""
    from solver.runtime.errors import UserError

    if len(engines) > 1:
        raise UserError("one --engine: it plays one side (name the other with --purple or --red)")
    engine = engines[0] if engines else None
    if engine is not None:
        if purple is not None and red is not None:
            raise UserError("--engine plays a side: give --purple or --red, not both, with it")
        if red is None:
            red = f"engine:{engine}"
        else:
            purple = f"engine:{engine}"
    purple = "lookahead" if purple is None else purple
    red = "points" if red is None else red
    timed = {"engine_time": engine_time} if engine_time != DEFAULT_ENGINE_TIME else {}
    spec, settings = arena_spec(
        "deduce-match", [purple, red], kwargs, difficulty=difficulty, lang=lang, **timed
    )
    columns = [("outright wins", "outright_wins", "{:d}"), ("ties", "ties", "{:d}")]
    title = f"Purple {purple} v Red {red}, {difficulty} words"
    run_tournament(spec, settings, columns, title)


@deduce.command()
@click.option(
    "--rounds",
    type=click.IntRange(1, 2),
    default=2,
    show_default=True,
    help="1: one round, 6-letter Gamewords; 2: then a second, 7-letter Gamewords.",
)
@DIFFICULTY_OPTION
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for the bot's words and slack (default: a fresh one, shown and saved).",
)
@LANG_OPTION
@click.option(
    "--pool-from",
    type=PathType(path_type=Path),
    default=None,
    help="Both Gamewords from this page of text (the newspaper variation).",
)
@click.option(
    "--turn-seconds",
    type=FiniteFloat(min=1, max=TURN_SECONDS_MOST),
    default=None,
    help="The one-minute variation: a turn later than this scores 0.",
)
@click.option(
    "--accept-nonwords", is_flag=True, help="Accept Guesswords that are not in the dictionary."
)
@click.option(
    "--you-score",
    is_flag=True,
    help="Keep your word on paper and score the bot's Guesswords yourself.",
)
@click.option(
    "--hints",
    type=click.Choice(["on", "off"]),
    default="off",
    show_default=True,
    help="Show your marks, marginal alphabets and what your scores tell from the start "
    "(full-screen: ! shows or hides them at any time). Off by default: they all but solve "
    "the round.",
)
@click.option(
    "--you",
    "colour",
    type=click.Choice(["purple", "red"]),
    default="purple",
    show_default=True,
    help="Purple plays first in round 1, Red in round 2.",
)
@click.option(
    "--opponent",
    default=None,
    help="Who plays against you instead of the bot of --difficulty: lookahead, points, "
    "entropy, a registered strategy (myword deduce players), module:attr, "
    "path/to/file.py:attr or engine:COMMAND ARGS. It hides its own words if it has a "
    "pick() method, else words of --difficulty; one that fails or breaks the rules "
    "forfeits (you win). A saved game names it and starts it again on --resume.",
)
@ENGINE_OPTION
@ENGINE_TIME_OPTION
@click.option(
    "--plain",
    is_flag=True,
    help="Line mode (one prompt, one answer) even in a terminal; pipes and --json use it anyway.",
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
    opponent,
    engines,
    engine_time,
    plain,
    save_path,
    resume_name,
    force,
    as_json,
) -> None:
    """Play What's My Word? against the bot: two rounds, turns alternating, saved as you go.
    In a terminal the game opens full-screen, both sheets side by side (every option works
    there too); --plain, a pipe or --json play it in line mode (--json: played on stderr,
    the finished game on stdout)."""

    from solver.deduce import session
    from solver.deduce.ui import lines
    from solver.deduce.ui.display import game_view
    from solver.runtime import savefile

    settings = new_settings(click.get_current_context().params)
    resumed, path = save_target("deduce", save_path, resume_name, force)
    state = session.load(resumed) if resumed is not None else session.new_game(settings)
    if resumed is not None:
        note_ignored_with_resume(click.get_current_context())
    full_screen = not (plain or as_json) and _interactive()
    with savefile.holding(path):
        session.save(state, path)
        if full_screen:
            _play_full_screen(session.Game(state, path))
        else:
            play_saved(lines, state, game_view, path, "deduce play", as_json)


def new_settings(params: dict):
    """A new game's settings from ``play``'s parsed options: the command's and the app's
    new-game form's (``solver.deduce.ui.form``), so the two start the same game. The
    opponent is checked now (an unknown name, an engine that cannot start: one line)."""
    from solver.deduce import session

    pool_from = params["pool_from"]
    if pool_from is not None and str(pool_from) == "-":  # the moves come on standard input
        from solver.runtime.errors import UserError

        raise UserError(  # (not click's: the app's new-game form calls this too)
            "--pool-from -: a game reads your moves on standard input; give the page as a file"
        )
    return session.Settings(
        rounds=params["rounds"],
        difficulty=params["difficulty"],
        seed=params["seed"],
        lang=params["lang"],
        pool_from=str(pool_from) if pool_from else None,
        turn_seconds=params["turn_seconds"],
        accept_nonwords=params["accept_nonwords"],
        you_score=params["you_score"],
        hints=params["hints"] == "on",
        you=params["colour"],
        opponent=_opponent(params["opponent"], params["engines"]),
        engine_time=params["engine_time"],
    )


def _opponent(name: str | None, engines: tuple[str, ...]) -> str | None:
    """The one opponent --opponent and --engine name (None: the bot of the difficulty),
    checked now: an unknown name is one line listing the choices."""
    from solver.arena.seats import is_engine
    from solver.deduce.arena import RULES
    from solver.runtime.errors import UserError
    from solver.ui.forms import check_engines

    named = with_engines([name] if name is not None else [], engines)
    if len(named) > 1:
        raise UserError("one opponent: give --opponent or --engine, once")
    if not named:
        return None
    if is_engine(named[0]):
        check_engines(named)  # else the game would begin and be won at once by forfeit
    else:
        RULES.seat(named[0])
    return named[0]


def _interactive() -> bool:
    """Whether a person is at a terminal on both ends (else line mode: pipes, scripts)."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _play_full_screen(game) -> None:
    """The game against the bot in the app, on its own screen."""
    from solver.deduce import session
    from solver.deduce.ui import words
    from solver.deduce.ui.screens import DeduceScreen

    try:
        _full_screen(
            DeduceScreen(game),
            game.path,
            "deduce play",
            lambda: session.save(game.state, game.path),
            lambda: (
                f"{words.verdict(game.state)} {words.seed_line(game.state)}"
                if game.finished
                else None
            ),
        )
    finally:
        game.close()


def _full_screen(screen, path, command: str, save, verdict) -> None:
    """A game in the app, opened on its own screen; the app ends when the screen is left.
    The game is saved after every move; a signal (SIGTERM, SIGHUP) saves it once more and
    exits as line mode does (128 + the signal's number). ``verdict()``: what to print when
    the game is over (or has nothing worth saving), else None (then how to resume it)."""
    import sys

    from solver.ui import signals
    from solver.ui.app import run_app
    from solver.ui.saved import saved_note

    hint = saved_note(command, path)
    try:
        with signals.as_interrupts():
            status = run_app(lambda: screen)
    except KeyboardInterrupt as stop:
        with signals.ignored():
            save()
        click.echo(f"\n{verdict() or hint}", err=True)
        sys.exit(signals.exit_status(stop))
    if not screen.noted:  # Ctrl-C: the app printed how to resume already
        click.echo(verdict() or hint)
    sys.exit(status)


@deduce.command()
@click.option(
    "--rounds",
    type=click.IntRange(1, 2),
    default=2,
    show_default=True,
    help="1: one round, 6-letter Gamewords; 2: then a second, 7-letter Gamewords.",
)
@click.option(
    "--you",
    "colour",
    type=click.Choice(["purple", "red"]),
    default="purple",
    show_default=True,
    help="Your colour: Purple plays first in round 1, Red in round 2.",
)
@STRATEGY_OPTION
@VOCABULARY_OPTION
@click.option(
    "--pool",
    "tier",
    type=click.Choice(["familiar", "easy", "all"]),
    default="familiar",
    show_default=True,
    help="The tier your opponent's Gameword is assumed to come from.",
)
@PRIOR_OPTION
@click.option(
    "--top",
    type=click.IntRange(1, 20),
    default=4,
    show_default=True,
    help="How many candidates and alternatives to show (4: the opening book's, valued "
    "exactly, so its early moves need no computing).",
)
@LANG_OPTION
@click.option(
    "--plain",
    is_flag=True,
    help="Line mode (one prompt, one entry) even in a terminal; pipes and --json use it anyway.",
)
@SAVE_OPTION
@RESUME_OPTION
@FORCE_OPTION
@JSON_OPTION
def assist(
    rounds,
    colour,
    strategy,
    vocabulary,
    tier,
    prior,
    top,
    lang,
    plain,
    save_path,
    resume_name,
    force,
    as_json,
) -> None:
    """Your assistant in a game against a person: it keeps both sheets, scores your
    opponent's Guesswords from your Gameword (with the marking), advises your next
    Guessword and warns when the scores you heard cannot all be right. Saved after every
    entry. In a terminal it opens full-screen; --plain, a pipe or --json run it in line mode
    (--json: the game and the advice on stdout at the end).

    \b
    What to type, one entry a line:
      your Gameword        at the start of each round (typed hidden)
      DEN 1250             your Guessword and the score you heard
      DEN                  their Guessword: you are told the score to announce
    Commands start with ':'; a line without it is a word entry (END is a Guessword):
      :me DEN 1250, :they DEN   the same, out of turn
      :said [ROW] SCORE    a score you announced (the right one again corrects it)
      :heard ROW SCORE     a score they corrected
      :reveal WORD         their Gameword, at the end of the round: every score is checked
      :next, :end, :undo   next round, end of the game, take back the last entry
      :purple, :red        your colour, before the first row
      :show, :help (or ?)  both sheets again; every entry and command, explained"""
    from solver.deduce import assist as engine
    from solver.deduce.ui import assist_lines
    from solver.deduce.ui.assist_display import assist_view
    from solver.runtime import savefile

    resumed, path = save_target("assist", save_path, resume_name, force)
    if resumed is not None:
        state = engine.load(resumed)
        note_ignored_with_resume(click.get_current_context())
    else:
        state = engine.new_game(assist_settings(click.get_current_context().params))
    full_screen = not (plain or as_json) and _interactive()
    with savefile.holding(path):  # a new game is saved from its first entry on
        if full_screen:
            _assist_full_screen(engine.Assistant(state, path))
        else:
            play_saved(assist_lines, state, assist_view, path, "deduce assist", as_json)


def assist_settings(params: dict):
    """The assistant's settings from ``assist``'s parsed options: the command's and the
    app's new-game form's (``solver.deduce.ui.form``)."""
    from solver.deduce import assist as engine

    return engine.Settings(
        rounds=params["rounds"],
        you=params["colour"],
        lang=params["lang"],
        strategy=params["strategy"],
        vocabulary=params["vocabulary"],
        prior=params["prior"],
        pool=params["tier"],
        top=params["top"],
    )


def _assist_full_screen(assistant) -> None:
    """The assistant in the app, on its own screen."""
    from solver.deduce import assist as engine
    from solver.deduce.ui import assist_words
    from solver.deduce.ui.assist_screen import AssistScreen

    _full_screen(
        AssistScreen(assistant),
        assistant.path,
        "deduce assist",
        lambda: engine.save(assistant.state, assistant.path) if assistant.started else None,
        lambda: (
            assist_words.verdict(assistant.game)
            if assistant.finished
            else None
            if assistant.started
            else "Nothing entered: no game saved."
        ),
    )
