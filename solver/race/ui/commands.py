"""``myword race``: MY WORD! commands."""

from __future__ import annotations

import sys

import click

from solver.ui.options import (
    ENGINE_LOG_OPTION,
    ENGINE_OPTION,
    ENGINE_TIME_OPTION,
    JSON_OPTION,
    SEED,
    FiniteFloat,
    lang_code,
    with_engines,
)
from solver.ui.tournament import arena_options, arena_spec, run_tournament


@click.group()
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
    callback=lang_code,
    default=None,
    help="Language of the words: en or es [default: the deck's: es for the decks es and "
    "kids-es, else en]. A deck with letters the language lacks (Ñ in English) is refused.",
)


@race.command()
@click.argument("table")
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="How many claims to list, best first.",
)
@click.option(
    "--tier",
    type=click.Choice(["easy", "familiar", "all"]),
    default="all",
    show_default=True,
    help="Only words of this tier.",
)
@click.option(
    "--deck",
    "deck_spec",
    default=None,
    help="Check the table against this deck: en, es, kids, kids-en, kids-es or a deck file "
    "(card count a line). Without it any one- or two-letter card is taken: the letters of "
    "the real deck's double cards are not published.",
)
@RACE_LANG_OPTION
@JSON_OPTION
def claim(
    table: str, top: int, tier: str, deck_spec: str | None, lang: str | None, as_json: bool
) -> None:
    """The best claims for TABLE (cards such as "A B ND U K ? E"): most cards first, then
    familiar."""
    from solver.race.index import claims, parse_table
    from solver.ui import render

    deck = None
    if deck_spec is not None:
        from solver.race.deck import load_deck

        deck = load_deck(deck_spec, lang)  # --deck es alone is a Spanish table
        lang = deck.lang
    lang = lang or "en"
    cards = parse_table(table, lang)
    if deck is not None:
        from solver.race.deck import check_table

        check_table(cards, deck)
    found = claims(cards, tier, lang, top)
    if as_json:
        render.emit_json(
            {
                "table": cards,
                "tier": tier,
                "deck": deck and deck.name,  # the deck the table was checked against
                "claims": [c.to_json() for c in found],
            }
        )
        return
    title = f"Best claims on {' '.join(cards).upper()}"
    headers = ("word", "cards", "count", "zipf")
    rows = [
        [each.word.upper(), " ".join(each.cards).upper(), str(each.count), f"{each.zipf:.2f}"]
        for each in found
    ]
    if not found:
        click.echo("No word of 3 or more cards on this table.")
    elif not render.print_plain_table(  # rich only to draw in colour, a few rows
        title, headers, rows, many_rows=len(rows) > render.MANY_ROWS
    ):
        from rich.table import Table

        shown = Table(*headers, title=render.plain(title))
        for row in rows:
            shown.add_row(*(render.plain(cell) for cell in row))
        render.console().print(shown)


@race.command(name="players")
@JSON_OPTION
def race_players(as_json: bool) -> None:
    """The bots a race can seat (bench --players, play --level): the built-in levels and
    those installed packages register (entry points, group myword.race.bots), with their
    import paths."""
    from solver.race.seats import KIND
    from solver.ui.players import show_players

    show_players(KIND, as_json)


@race.command(name="engine")
@click.option(
    "--player",
    default="hard",
    show_default=True,
    help="The bot to serve: a level with an optional claim policy (hard, medium:wait...), "
    "a registered bot (myword race players), module:attr or path/to/file.py:attr.",
)
@ENGINE_LOG_OPTION
def race_engine(player: str, log_path: str | None) -> None:
    """Serve a bot over the engine protocol: JSON lines on stdin and stdout (hello, view,
    over, quit in; ready and move out), so a front end or a referee in any language can
    race it. Its moves are {"kind": "call", "word": ..., "after": seconds} or {"kind":
    "wait"}; a view is the table, the cards to deal, the cards won and the race's time.
    The same view and seed give the same move as the bot in process."""
    from solver.race.arena import RULES
    from solver.race.index import load_kernel
    from solver.ui.players import serve_player

    # the kernel loads once the name is checked, before the handshake is answered: the
    # first move is then as quick as the others
    sys.exit(serve_player(RULES, player, log_path, prepare=load_kernel))


@race.command(name="bench")
@click.option(
    "--players",
    default="hard,medium,easy",
    show_default=True,
    help="Bot levels (beginner, easy, medium, hard, superhuman, or a skill from 0 to 4 "
    "such as 2.5), with an optional claim policy (hard,medium:wait,easy:first), a "
    "registered bot (myword race players), module:attr, path/to/file.py:attr, or "
    "engine:COMMAND ARGS (a bot in another process, over the engine protocol).",
)
@ENGINE_OPTION
@ENGINE_TIME_OPTION
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
def race_bench(players, engines, engine_time, pace, deck_spec, lang, **kwargs) -> None:
    """Bots race each other over many seeded games: mean cards and wins per seat. A seat
    whose engine crashes, answers late or makes a move the rules refuse forfeits that game
    (0 cards, no win) and the bench goes on."""
    from solver.arena.protocol import DEFAULT_TIME_LIMIT
    from solver.race.deck import load_deck

    lang = load_deck(deck_spec, lang).lang  # --deck es alone is a Spanish race
    if engines:
        players = ",".join(with_engines(players.split(","), engines))
    options = {"pace": pace, "deck": deck_spec, "lang": lang}
    if engine_time != DEFAULT_TIME_LIMIT:  # the options of a bench without engines as before
        options["engine_time"] = engine_time
    spec, settings = arena_spec("race", players, kwargs, **options)
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
    default="auto",
    show_default=True,
    help="The bots: auto (the adaptive level: it moves after every round toward an even "
    "game and is remembered for your next race), a level (beginner; easy: a casual player "
    "beats it most of the time; medium; hard: a strong player wins about half the time; "
    "superhuman: above any person), a skill from 0 (beginner) to 4 (superhuman), each "
    "with an optional claim policy (auto:first, hard:wait), a registered bot (myword race "
    "players), module:attr, path/to/file.py:attr, or engine:COMMAND ARGS (a bot in another "
    "process, over the engine protocol). The levels: docs/race-people.md.",
)
@ENGINE_OPTION
@ENGINE_TIME_OPTION
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
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Replay a race: the same seed deals the same cards [default: a fresh seed, shown].",
)
@RACE_LANG_OPTION
@click.option(
    "--reaction-window",
    "reaction_window",
    type=FiniteFloat(min=0.0, max=10.0),
    default=1.0,
    show_default=True,
    metavar="SECONDS",
    help="A word another player took less than this long before your call is too late "
    "(no fine), not a wrong call; 0: only while you typed it.",
)
@click.option(
    "--plain",
    is_flag=True,
    help="Line mode even in a terminal: one word a line, Enter calls it (the table is "
    "printed as it changes, among what you type).",
)
@JSON_OPTION
def race_play(
    players,
    level,
    engines,
    engine_time,
    pace,
    kids,
    deck_spec,
    seed,
    lang,
    reaction_window,
    plain,
    as_json,
) -> None:
    """Race the bots in real time: type a word made of the cards on the table and press
    Enter to claim it. In a terminal the race has its own screen (? there explains it);
    with --plain, --json or a pipe it runs in line mode (--json: the race on stderr, the
    race's document on stdout). Without --seed a fresh seed is drawn and shown.

    A word of 3 cards or more wins its cards, one point each. A wrong call (not a word,
    or cards the table lacks) wins nothing and every other player takes a free card. A
    word is "too late" (no cards, no fine) when the table could spell it at some moment
    of the --reaction-window before your call, or since you began typing it, and only
    other players took its cards (their claims, or free cards after another's wrong
    call); the feed names them ("Ivo (medium) claimed HAND 0.4 s before you"). Typing
    begins at the first key in the race's screen; in line mode, when your previous line
    arrived (or the round began). The bots' calls are ruled by the same rule.

    Each bot seat is --level, but the last ones when --engine is given (one seat each).
    A bot of one's own or an engine sees only its seat's view (the table, the cards to
    deal, the cards won), never what you type; one that fails (crashes, answers late,
    says a move the rules refuse) forfeits: the race ends, it scores 0 and wins nothing."""
    race = live_race(click.get_current_context().params)
    if not (plain or as_json) and sys.stdin.isatty() and sys.stdout.isatty():
        from solver.race.ui.feed import summary
        from solver.race.ui.screens import RaceScreen
        from solver.ui.app import run_app

        screen = RaceScreen(race)
        status = run_app(lambda: screen)
        if race.round >= 0 and not screen.noted:  # say how it ended, once the screen is gone
            click.echo(summary(race))
        sys.exit(status)
    play_lines(race, as_json)


def live_race(params: dict):
    """A race from ``race play``'s parsed options: the command's and the app's new-game
    form's (``solver.race.ui.form``), so the two start the same race. An engine that
    cannot start is one line now, not a race its seat forfeits at once."""
    from solver.race.ui.screens import new_race
    from solver.ui.forms import check_engines

    check_engines(with_engines([params["level"]], params["engines"]))
    return new_race(
        {
            "players": params["players"],
            "level": params["level"],
            "pace": params["pace"],
            "kids": params["kids"],
            "deck": params["deck_spec"],
            "seed": params["seed"],
            "lang": params["lang"],
            "engines": params["engines"],
            "engine_time": params["engine_time"],
            "reaction_window": params["reaction_window"],
        }
    )


def play_lines(race, as_json: bool) -> None:
    """The line-mode race: lines from stdin, the feed on stdout (stderr with --json)."""
    import queue
    import threading
    import time

    from solver.race.ui.feed import (
        level_start_text,
        race_document,
        seed_line,
        start_line,
        unsaid_warnings,
    )
    from solver.race.ui.lines import RaceStopped, play_live_game
    from solver.ui import render, signals
    from solver.ui.terminal import UnreadableLine, read_line

    lines: queue.Queue[str] = queue.Queue()
    input_over = threading.Event()  # the input's end: the race then no longer counts for you

    out = render.console(stderr=as_json)

    def say_plain(line: str) -> None:
        out.print(line, markup=False)  # lines hold the words typed: never markup

    def read_lines() -> None:
        """Every line typed, to the race; one that cannot be read is refused here, in one
        line, and is no call (``terminal.read_line``)."""
        while True:
            try:
                lines.put(read_line())
            except UnreadableLine as refused:
                say_plain(f"Error: {refused}")
            except EOFError:
                input_over.set()
                return

    threading.Thread(target=read_lines, daemon=True).start()

    say_plain(start_line(race))
    say_plain("Players: " + ", ".join(race.labels) + ".")
    level = level_start_text(race)
    if level is not None:
        say_plain(level)
    for warning in unsaid_warnings(race):
        click.echo(f"Warning: {warning}", err=True)
    race.warm()
    try:
        play_live_game(race, lines, time.monotonic, time.sleep, say_plain, input_over.is_set)
    except KeyboardInterrupt as stop:
        click.echo(f"\nGame stopped. {seed_line(race)}", err=as_json)
        if as_json:  # still one document: the rounds finished, and how the race ended
            totals = stop.totals if isinstance(stop, RaceStopped) else race.totals
            render.emit_json(
                race_document(race)
                | {"totals": totals, "ended": "interrupted", "input_ended": race.unattended}
            )
        sys.exit(signals.exit_status(stop))
    say_plain(seed_line(race))  # only now: the seed dealt the cards to come
    from solver.race import record
    from solver.race.ui.feed import kept_line

    kept = kept_line(*record.keep(race))  # saved for a review (myword review)
    if kept is not None:
        say_plain(kept)
    if as_json:
        ended = "finished" if race.forfeited is None else "forfeited"
        # input_ended: the input ended before the race did (not in the record)
        render.emit_json(race_document(race) | {"ended": ended, "input_ended": race.unattended})
