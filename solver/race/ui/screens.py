"""MY WORD! in the Textual app: race the bots on one screen that typing never disturbs.

The screen is a front end of ``live.LiveRace``, like the line mode: it runs the race on
the app's clock (a timer looks at it ten times a second and passes the race time to
``advance``), and sends the person's word with the time of the first key typed into the
empty input line, which is when typing began for the "too late" rule. The table of
cards, the scores, the clock and a scrolling feed of the calls are redrawn around the
input line; nothing is ever printed into it. Help (``?``) pauses the clock.

A race is real time and is not saved while it is played (one that ends is kept for
a review, ``record.py``): escape stops it and shows the scores of the rounds
finished; the end view shows the rounds and the winner, and enter or escape leaves it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, RichLog, Static

from solver.arena.protocol import DEFAULT_TIME_LIMIT
from solver.race.adaptive import AUTO, AutoLevel, is_auto, policy_of, remembered
from solver.race.deck import load_deck
from solver.race.fairness import REACTION_WINDOW, checked_window
from solver.race.live import (
    CLAIM,
    DEAL,
    GAME_OVER,
    ROUND,
    TOO_LATE,
    WRONG,
    Bot,
    Event,
    LiveRace,
    RaceDocument,
    bot_seat,
)
from solver.race.seats import UnknownBot
from solver.race.ui.cards import CardsView
from solver.race.ui.feed import (
    describe,
    level_start_text,
    not_a_call,
    race_document,
    seed_line,
    start_line,
    summary,
    unsaid_warnings,
    winner_text,
)
from solver.runtime import seeds
from solver.runtime.errors import UserError
from solver.ui.options import with_engines

if TYPE_CHECKING:
    from textual import getters

    from solver.ui.app import MywordApp

TICK = 0.1  # seconds between two looks at the clock
DEFAULT_PLAYERS = 3
DEFAULT_PACE = 3.0

RACE_HELP = """\
# MY WORD! — race the bots

Cards are dealt face up, one every few seconds. **Type a word made of cards on the
table and press enter** to claim it: a word of 3 cards or more wins those cards, one
point each. The bots look for words too and call them as they find them.

## The cards

| card | what it is |
|---|---|
| cream, one letter | a single-letter card |
| blue, two letters (QU, ND...) | a double card: both letters, together, in that order |
| amber `?` *any 1* | a wild card for any one letter |
| amber `??` *any 2* | a wild card for any two letters side by side (M, ??, K spells MASK) |
| *new* on top | the card dealt last |

A double card cannot be split or turned round: ND, U, K cannot spell DUNK.
Your word is spelled with the most cards the table allows (fewest wilds among those).

## Calls and rulings (the feed)

- **claims**: the word and the cards it took, `(+4)` the points.
- **wrong call**: a word not in the dictionary, or one the table cannot spell: the caller
  wins nothing and **every other player takes a free card** from the table (from the deck
  when the table is empty). A bot's wrong call is a misread: the feed says which card the
  table lacks.
- **too late**: your word could be spelled from the table at some moment of the reaction
  window before you pressed enter (this race's: {window:g} s; `--reaction-window` or the
  race's new-game form), or since you typed its first letter, but other players took cards it
  needs (their claims, or free cards after another's wrong call). No cards, **no fine**;
  the feed says who took them and how long before you ("Ivo (medium) claimed HAND 0.4 s
  before you"). If your own claim took them, it is a wrong call. The bots' calls are
  ruled the same way.

## The panels

- **Cards won**: each player's points, this round and the whole game; *deals* marks the
  dealer. Each bot has its own name and its level: beginner, easy, medium, hard or
  superhuman (above any person), or *auto* and its skill (0 beginner to 4 superhuman).
- **The bots' level auto** (the default): the bots' skill moves after every round toward
  an even game (up when you won more than your share of the cards, down when less), and is
  remembered for your next race. The feed says the level of each round and the next one.
- **A small terminal** (80 x 24): the input line loses its border, and when the table
  holds more cards than its room the cards are drawn one line tall (the newest
  underlined); `+` folds the calls away to give the table their room.
- **The clock line**: the round, who deals, seconds to the next card; once the deck is out,
  the round ends after a few quiet seconds (*last call*); then the next round, dealt by the
  next player. A game has one round per player.

## Keys

| key | what it does |
|---|---|
| letters, backspace | type a word (it stays in the input line, whatever happens) |
| enter | call the word |
| `?` | this help (the race waits while it is open) |
| `+` | fold the calls (the feed) away, or show them again: the table gets their room |
| escape | stop the race (a race is real time: it is not saved) and see the scores |
| enter or escape, at the end | leave |
| r, at the end of a race that ended | review it table by table (it is saved: `myword review`) |
| ctrl+c or ctrl+q | quit the app at once (the race is not saved) |
"""


COMMAND_KEYS = frozenset("?+")  # never typed: the help and the fold of the calls
SMALL_HEIGHT = 30  # fewer lines: the input line without its border


class WordInput(Input):
    """The input line: letters only, and it lets ``?`` and ``+`` through to the screen's
    keys (help, the fold of the calls)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character not in COMMAND_KEYS and super().check_consume_key(key, character)


class RaceScreen(Screen[RaceDocument]):
    """The race: table of cards, cards won, clock line, feed, and the input line."""

    if TYPE_CHECKING:  # self.app as the app, for the checker only (Textual's getter)
        app = getters.app(lambda: MywordApp)

    BINDINGS: ClassVar = [
        Binding("question_mark", "help", "Help", priority=True),
        Binding("plus", "fold", "Calls", priority=True),
        Binding("escape", "stop", "Stop the race"),
        Binding("escape", "leave", "Leave"),
        Binding("enter", "leave", "Leave", show=False),
        Binding("q", "leave", "Leave", show=False),
        Binding("r", "review", "Review"),  # the end view's (the race saved: ``keep``)
    ]
    DEFAULT_CSS = """
    RaceScreen #status { height: 1; padding: 0 1; background: $boost; }
    RaceScreen #table { height: auto; min-height: 5; border: round $accent; padding: 0 1; }
    RaceScreen #final { height: auto; border: round $success; padding: 0 1; }
    RaceScreen #feed { height: 1fr; border: round $panel; }
    RaceScreen #scores {
        width: auto; min-width: 24; height: auto; border: round $accent; padding: 0 1;
    }
    RaceScreen #word { dock: bottom; margin: 0 0 1 0; }
    RaceScreen.small #word { border: none; height: 1; padding: 0 1; }
    RaceScreen .hidden { display: none; }
    """

    def __init__(self, race: LiveRace, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.race = race
        self.clock = clock
        self.started: float | None = None  # clock reading at race time 0
        self.paused_at: float | None = None
        self.paused = 0.0  # seconds spent in help
        self.began: float | None = None  # race time of the first key of the word typed
        self.newest: str | None = None
        self.feed_lines: list[str] = []  # what the feed has said, in order
        self.old_sub_title = ""
        self.noted = False  # the app printed exit_note() when it quit
        self.kept: Path | None = None  # where the finished race was saved, for a review

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        with Horizontal():
            with Vertical(id="column"):
                yield Static(id="table")
                yield Static(id="final", classes="hidden")
                feed = RichLog(id="feed", wrap=True, markup=False, min_width=20)
                feed.can_focus = False  # the focus stays on the input line
                yield feed
            yield Static(id="scores")
        yield WordInput(
            placeholder="type a word, enter to claim it  (? help)",
            restrict=r"[^\W\d_]*",  # letters only: ? opens the help
            id="word",
        )
        yield Footer()

    def on_mount(self) -> None:
        self.old_sub_title = self.app.sub_title
        # The seed deals the cards to come: shown once the race is over (``feed``).
        self.app.sub_title = "MY WORD!" + (" · a replay" if self.race.replay else "")
        self.query_one("#table", Static).border_title = "Table"
        self.query_one("#scores", Static).border_title = "Cards won"
        self.query_one("#feed", RichLog).border_title = "Calls"
        self.say(start_line(self.race), "dim")
        self.say("Players: " + ", ".join(self.race.labels) + ".", "dim")
        level = level_start_text(self.race)
        if level is not None:
            self.say(level, "dim")
        self.warn()
        self.query_one("#word", Input).focus()
        self.race.warm()
        self.started = self.clock()
        self.tick()
        self.set_interval(TICK, self.tick)

    def exit_note(self) -> str:
        """What the terminal shows when the app is quit with the race on screen: how the
        race ended, the cards won, the seed (a race is real time: it is not saved)."""
        if not self.race.finished:
            self.race.stop()
        self.noted = True
        return summary(self.race)

    def on_unmount(self) -> None:
        self.app.sub_title = self.old_sub_title  # the menu's own, when it comes back

    # -- the clock -----------------------------------------------------------------------

    def race_time(self) -> float:
        if self.started is None:
            return 0.0
        now = self.clock() if self.paused_at is None else self.paused_at
        return now - self.started - self.paused

    def tick(self) -> None:
        """Play what is due and redraw; the input line is never touched."""
        if self.paused_at is not None or self.race.finished:
            return
        self.show(self.race.advance(self.race_time()))

    def show(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == DEAL:
                self.newest = event.cards[0]
            text = describe(self.race, event)
            if text is not None:
                self.say(text, self.style_of(event))
        self.draw()
        self.warn()
        if any(event.kind == GAME_OVER for event in events):
            self.keep()
            self.end_view()

    def keep(self) -> None:
        """Save the race that came to its end, for a review (``record.keep``: it is then
        in the saved games); a save that fails is said in a notice, the end view stays."""
        from solver.race import record
        from solver.race.ui.feed import kept_line

        path, problem = record.keep(self.race)
        self.kept = path
        if problem is not None:
            self.app.notify(str(kept_line(path, problem)), severity="warning")

    def warn(self) -> None:
        """The adaptive level's warnings (its memory unread or unwritten), each once."""
        for line in unsaid_warnings(self.race):
            self.app.notify(line, severity="warning")

    def style_of(self, event: Event) -> str:
        if event.kind == ROUND or event.kind == GAME_OVER:
            return "bold"
        if event.kind == WRONG:
            return "red"
        if event.kind == TOO_LATE:
            return "yellow"
        if event.kind == CLAIM:
            return "bold green" if event.seat == 0 else ""
        return "dim"

    def say(self, line: str, style: str = "") -> None:
        self.feed_lines.append(line)
        self.query_one("#feed", RichLog).write(Text(line, style=style))

    # -- drawing -------------------------------------------------------------------------

    def draw(self) -> None:
        race = self.race
        table = tuple(race.table)
        newest = None
        if self.newest is not None and self.newest in table:
            newest = len(table) - 1 - table[::-1].index(self.newest)
        empty = "No cards on the table." if race.playing else "Between rounds."
        view = CardsView(table, newest, empty, self._table_lines())
        self.query_one("#table", Static).update(view)
        self.query_one("#status", Static).update(self.status_text())
        self.query_one("#scores", Static).update(self.scores_table())

    def _table_lines(self) -> int | None:
        """The lines the table's cards may take and leave the calls three (none when
        folded), in the room the screen has now; None before it is laid out."""
        room = self.query_one("#column").size.height
        if not room:
            return None
        feed = self.query_one("#feed")
        return room - 2 - (5 if feed.display else 0)  # the borders, three lines of calls

    def on_resize(self) -> None:
        self.set_class(self.size.height < SMALL_HEIGHT, "small")
        self.call_after_refresh(self.draw)  # the table's room is known once laid out

    def action_fold(self) -> None:
        """Fold the calls away, or show them again (``+``)."""
        feed = self.query_one("#feed", RichLog)
        feed.display = not feed.display
        self.call_after_refresh(self.draw)

    def status_text(self) -> str:
        race = self.race
        state = race.status(self.race_time())
        dealer = race.labels[state.dealer]
        wait = max(state.wait, 0.0)
        if state.phase == "over":
            return "Race stopped." if race.stopped else "Game over."
        where = f"Round {state.round} of {state.rounds} · dealt by {dealer}"
        if state.phase == "break":
            return f"{where} · starts in {wait:.1f} s"
        if state.phase == "dealing":
            return f"{where} · next card in {wait:.1f} s · {state.to_deal} to deal"
        if wait > 0:
            return f"{where} · deck out · last call: the round ends in {wait:.1f} s if no one calls"
        return f"{where} · deck out · last call"

    def scores_table(self) -> Table:
        race = self.race
        grid = Table.grid(padding=(0, 1))
        grid.add_column()
        grid.add_column(justify="right")
        if race.playing:
            grid.add_column(justify="right")
            grid.add_row(Text("player", "dim"), Text("round", "dim"), Text("game", "dim"))
        else:
            grid.add_row(Text("player", "dim"), Text("game", "dim"))
        for seat, (label, total) in enumerate(zip(race.labels, race.scores(), strict=True)):
            name = Text(label, "bold" if seat == 0 else "")
            if not race.playing:
                grid.add_row(name, str(total))
                continue
            if seat == race.dealer:
                name.append(" · deals", "italic dim")
            grid.add_row(name, str(race.won[seat]), str(total))
        return grid

    def end_view(self) -> None:
        race = self.race
        grid = Table("round", *race.labels, box=None, padding=(0, 1))
        for number, won in enumerate(race.rounds):
            grid.add_row(f"{number + 1} ({race.labels[number]} dealt)", *map(str, won))
        if race.unfinished is not None:
            number = len(race.rounds)
            row = f"{number + 1} ({race.labels[number]} dealt), cut short"
            grid.add_row(row, *map(str, race.unfinished))
        grid.add_row(Text("total", "bold"), *(Text(str(t), "bold") for t in race.scores()))
        if race.stopped:
            title = f"Race stopped in round {len(race.rounds) + 1} of {len(race.seats)}"
            if race.unfinished is None:
                title = f"Race stopped after round {len(race.rounds)} of {len(race.seats)}"
        else:
            title = winner_text(race)
        final = self.query_one("#final", Static)
        final.border_title = "Game over" if not race.stopped else "Stopped"
        final.update(
            Group(
                Text(title, "bold"),
                grid,
                Text(seed_line(race), "dim"),  # only now: the seed dealt the cards to come
                Text("enter or escape: leave", "dim"),
            )
        )
        final.remove_class("hidden")
        self.query_one("#table", Static).add_class("hidden")
        word = self.query_one("#word", Input)
        word.disabled = True
        word.add_class("hidden")
        self.set_focus(None)
        self.draw_status_only()
        self.refresh_bindings()

    def draw_status_only(self) -> None:
        self.query_one("#status", Static).update(self.status_text())
        self.query_one("#scores", Static).update(self.scores_table())

    # -- the person ----------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if not event.value:
            self.began = None
        elif self.began is None:
            self.began = self.race_time()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        word = event.value
        began = self.began
        event.input.value = ""
        self.began = None
        if self.race.finished:
            return
        if not word.strip():
            return
        refused = not_a_call(self.race, word)
        if refused:
            self.notify(refused, severity="warning")
        else:
            self.show(self.race.call(word, self.race_time(), began))

    def action_help(self) -> None:
        from solver.ui.app import HelpScreen

        if self.paused_at is None and not self.race.finished:
            self.paused_at = self.clock()
        text = RACE_HELP.format(window=self.race.reaction_window)
        self.app.push_screen(HelpScreen("MY WORD!", text), callback=self._resume)

    def _resume(self, _: object = None) -> None:
        if self.paused_at is not None:
            self.paused += self.clock() - self.paused_at
            self.paused_at = None
        if not self.race.finished:
            self.query_one("#word", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape stops the race, then leaves the end view; enter and q leave only the end
        view (during the race they are typing); r reviews the race that ended."""
        if action == "stop":
            return not self.race.finished
        if action == "review":  # once the race ended and was saved (``keep``)
            return self.kept is not None
        return action != "leave" or self.race.finished

    def action_stop(self) -> None:
        if self.race.finished:
            return
        self.race.stop()
        self.say("You stopped the race.", "bold")
        self.end_view()

    def action_leave(self) -> None:
        if self.race.finished:
            self.dismiss(race_document(self.race))

    def action_review(self) -> None:
        """The review of the race that ended, table by table (``solver.ui.review_screen``)."""
        if self.kept is not None:
            self.app.open_review(self.kept)


def race_bots(
    level: str,
    players: int,
    engines: tuple[str, ...] = (),
    engine_time: float = DEFAULT_TIME_LIMIT,
    auto: AutoLevel | None = None,
) -> list[Bot]:
    """The bots of a race of ``players`` (the person included): each seat names ``level``
    (a built-in level, a bot of one's own or ``engine:COMMAND ARGS``: ``live.bot_seat``;
    ``auto``: the adaptive level's bots, at ``auto``'s skill) but the last
    ``len(engines)``, which are the engines given (``--engine``), each allowed
    ``engine_time`` seconds a move. More engines than bot seats: one line."""
    seats = players - 1
    if len(engines) > seats:
        raise UserError(
            f"{len(engines)} engines for {seats} bot seat{'s' if seats != 1 else ''} "
            f"(--players {players} counts you too): raise --players or give fewer --engine"
        )
    names = with_engines([level] * (seats - len(engines)), engines)
    try:
        return [
            auto.bot()
            if auto is not None and slot <= seats - len(engines)
            else bot_seat(name, engine_time, slot)
            for slot, name in enumerate(names, start=1)
        ]
    except UnknownBot as error:  # race play's default is a choice too
        raise error.naming(f"{AUTO} (the default)") from None


# ``options``: keyword options, not a document: the app's and ``race play``'s, each read
# leniently (missing or None: the default), as the docstring lists them.
def new_race(options: dict[str, Any]) -> LiveRace:
    """A race from the app's settings or a command's options: ``lang``, ``seed`` (None:
    fresh), ``level`` (``race_level`` first: the app's setting for this game; none: the
    adaptive level, ``auto``), ``reaction_window`` (None: 1 s; a bad one is a
    ``UserError``), and the command's ``players``, ``pace``, ``deck``, ``kids``,
    ``engines`` and ``engine_time``."""
    level = options.get("race_level") or options.get("level") or AUTO
    auto = remembered(policy_of(level)) if is_auto(level) else None
    players = int(options.get("players") or DEFAULT_PLAYERS)
    deck = load_deck(options.get("deck"), options.get("lang"), bool(options.get("kids")))
    engines = tuple(options.get("engines") or ())
    engine_time = float(options.get("engine_time") or DEFAULT_TIME_LIMIT)
    return LiveRace(
        race_bots(level, players, engines, engine_time, auto),
        deck,
        float(options.get("pace") or DEFAULT_PACE),
        seeds.or_fresh(options.get("seed")),
        replay=seeds.is_replay(options.get("seed")),
        reaction_window=_window(options.get("reaction_window")),
        auto=auto,
    )


def _window(seconds: object) -> float:
    """The reaction window of the options (None, or missing: the default; 0 is 0)."""
    return REACTION_WINDOW if seconds is None else checked_window(seconds)


# ``options``: as ``new_race``'s.
def new_game_screen(options: dict[str, Any]) -> Screen:
    """A new race with this game's defaults (3 players, a card every 3 s) and the options
    given; a race is real time and is not saved, so there is no ``resume_screen``."""
    return RaceScreen(new_race(options))
