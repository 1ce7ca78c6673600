"""MY WORD! against bots in real time: the race as a state that front ends drive.

The rules are the simulation's (``game.py``): one round per player, each dealing once;
the dealer turns a card face up every ``pace`` seconds; a valid claim of 3 or more cards
takes them; a wrong call wins nothing and every other player takes a free card from the
table (from the deck when the table runs short); cards left at the end are not scored.
Seat 0 is the person ("you"), the other seats are bots, each with a name drawn from the
seed and its level, so that "Ada (medium)" and "Bo (medium)" can be told apart.

**Time is a parameter.** The race never reads a clock: a front end passes the time (in
seconds since the race began) to ``advance(now)``, which plays everything due by then
(deals, the bots' calls, the end of a round, the start of the next) at the very time it
was due, and to ``call(word, now, began)``, the person's claim. The line mode and the
Textual screen (``solver/race/ui/``) are two front ends of this one engine; tests drive
it with made-up times. Typing a word claims it with the best spelling the table allows
(``claims.best_spelling``): most cards, fewest wilds.

**Too late** (``fairness.py`` says the rule and why). A race has a rule the rulebook
never needed (at a real table everybody hears the calls): a word you saw on the table may
lose its cards to a bot before you press Enter. The ruling on a word the table cannot
spell when the call arrives, the same for every seat:

- *too late* (a ``TooLate`` event: no fine, no cards): the word is in the dictionary and
  could be claimed on a table shown from ``min(began, call - reaction_window)`` to the
  call, without the cards the caller's own claims and wrong calls took since; that is, it
  is gone only because other players took its cards. The event names each of them
  (``Taken``: who, how, when, how long before the call). ``began`` is given by the front
  end: the Textual screen passes the time of the first key typed into the empty input
  line; the line mode passes the time the previous line arrived (or the round began,
  whichever is later), since a pipe cannot tell when typing began. A bot's or an
  engine's ``began`` is when it looked at the change its call answers.
- *wrong call* otherwise (a word not in the dictionary, fewer than 3 cards, or cards the
  table never held in that time): the caller wins nothing and every other player takes
  a free card. A bot's wrong call is a misread: it calls a word that needs a card the
  table lacks (the feed says which), and pays the same.

Once the deck is out, a round ends when no bot has a call coming and the table has not
changed for two paces (the "last call"); the next round begins ``ROUND_BREAK`` seconds
later, dealt by the next player.

**Bots of one's own and engines.** A bot seat is a built-in level (a ``RaceBot``, asked
as it always was: its thinking time, its wrong calls and their misreads drawn from the
round's generator), or an arena seat (``solver.arena.seats``: a bot of one's own, in
process, or ``engine:COMMAND ARGS``, a bot in another process over the engine protocol),
built by ``bot_seat``. An arena seat is told the game's start (its handshake) before the
first card, is asked after every change of the table with its ``RaceView`` only (never
what the others are about to call) and the decision's own seed, and is told the scores
at the end. Its call is on the race's clock as a built-in's is: the word, ``after``
seconds from the change that prompted it, however long the seat took to answer. A seat
that fails (an engine that crashed, answered late or said a move the rules refuse; a bot
of one's own that raised or returned no call) **forfeits**: the race ends at once, the
seat scores 0 and wins nothing, the others keep the cards they won, the round cut short
included (as ``state.RaceState.forfeit``). A race is real time: it is not saved while it
is played (one that ended is kept for a review: ``record.py``), so no seat has to be
started again for a resumed one.

Deals are replayed exactly by the seed: each round's shuffle is drawn from
``seeds.derived(seed, "deal", round)``, whatever happened before (only a free card taken
from the deck, when the table is empty, changes what is left to deal); the bots' timing
and mistakes come from ``seeds.derived(seed, "bots", round)`` and so also depend on the
person's calls.

**The adaptive level** (``auto``: ``adaptive.AutoLevel``): after every round its skill
moves toward an even game, and every built-in bot seat plays the next round at it
(``_adapt``); the front ends say each move (``ui/feed.level_move_text``).
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict, cast

from solver.arena.protocol import DEFAULT_TIME_LIMIT, Hello, IllegalMove, SeatFailed
from solver.arena.protocol import decision_seed as seat_seed
from solver.race import claims
from solver.race.adaptive import AutoDocument, AutoLevel
from solver.race.bots import LEVELS, RaceBot, is_level, misread, parse_bot
from solver.race.calls import Call, RaceView, Wait, checked_call
from solver.race.claims import Spelling, best_spelling
from solver.race.deck import DOUBLE_WILD, WILD, Deck, is_wild, load_deck
from solver.race.fairness import REACTION_WINDOW, checked_window
from solver.race.index import load_kernel, ranked_indices
from solver.race.state import RaceVariant, free_cards, heard_as, still_spelled
from solver.runtime import record, seeds
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

YOU = 0  # the person's seat
ROUND_BREAK = 3.0  # seconds between the end of a round and the first card of the next
LAST_CALL_PACES = 2.0  # once the deck is out: paces of quiet before the round ends

# Bot names: short, easy to tell apart, one per seat (a game has at most 6 players).
NAMES = ("Ada", "Bo", "Cleo", "Dev", "Edie", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kit", "Lou")

# Kinds of event, as the feed and --json name them.
ROUND, DEAL, CLAIM, WRONG, TOO_LATE, NOT_NOW = (
    "round",
    "deal",
    "claim",
    "wrong",
    "too late",
    "not now",
)
ROUND_OVER, GAME_OVER, FORFEIT = "round over", "game over", "forfeit"
CALLS = (CLAIM, WRONG, TOO_LATE, NOT_NOW)

# Why a call won nothing (``Reason.code``); ``ui/feed.py`` words each.
NOT_A_WORD = "not a word"  # not in the dictionary
TOO_FEW = "too few cards"  # the table spells it with fewer than claims.MIN_CARDS cards
UNSPELLED = "unspelled"  # the table cannot spell it (no one letter to blame)
LACKS = "lacks"  # the table holds ``held`` (maybe 0) of ``letter``, and no wild makes up
BETWEEN_ROUNDS = "between rounds"  # no round is on
# Why a word the table could spell while it was typed is gone (too late): the change
# that took its cards.
CLAIMED_FIRST = "claimed first"  # seat ``seat`` claimed ``word``
GIVEN_AWAY = "given away"  # its cards went as free cards after seat ``seat``'s wrong call
DEALT = "dealt"  # a card dealt (never the cause: a deal takes no card; kept for safety)
SEAT_FAILED = "seat failed"  # a forfeit: ``detail`` is the failure the arena reported


class ReasonDocument(TypedDict):
    """A ``Reason`` as data: its code and every fact, used or not."""

    code: str
    seat: int
    word: str
    letter: str
    held: int
    detail: str


@dataclass(frozen=True)
class Reason:
    """Why a call won nothing, or why a seat forfeited, as data: a ``code`` and the facts
    it needs (the front end words it: ``ui/feed.reason_text``)."""

    code: str
    seat: int = -1  # CLAIMED_FIRST, GIVEN_AWAY: whose claim or wrong call
    word: str = ""  # CLAIMED_FIRST: the word claimed
    letter: str = ""  # LACKS: the letter the table lacks
    held: int = 0  # LACKS: how many of it the table holds
    detail: str = ""  # SEAT_FAILED: what went wrong, as the arena said it

    def to_json(self) -> ReasonDocument:
        return cast(ReasonDocument, asdict(self))


_SPELLING_CODES = {
    claims.NOT_A_WORD: NOT_A_WORD,
    claims.TOO_FEW: TOO_FEW,
    claims.UNSPELLED: UNSPELLED,
}


Bot = Any  # a built-in ``RaceBot``, or an arena seat (``solver.arena.protocol.Seat``)


def bot_seat(spec: str, time_limit: float = DEFAULT_TIME_LIMIT, slot: int = 0) -> Bot:
    """The bot a name stands for in a live race: a built-in level (``hard``,
    ``medium:wait``...) as a ``RaceBot``, so that a race of built-ins plays as it always
    did; anything else (a bot of one's own, an entry point, ``engine:COMMAND ARGS``) as
    the arena's seat for it (``seats.named``; ``slot``, the seat's number, keeps two
    seats naming one engine in two processes). An unknown name: a ``UserError`` listing
    the choices."""
    from solver.arena.seats import named
    from solver.race.arena import RULES

    if is_level(spec):
        return parse_bot(spec)
    return named(RULES, spec, time_limit, slot)


def short_name(name: str) -> str:
    """A seat's name as a label shows it: each path reduced to its file's name
    (``engine:node examples/engine/engine.js`` is ``engine:node engine.js``)."""
    return " ".join(Path(part).name if "/" in part else part for part in name.split(" "))


@dataclass(frozen=True)
class Seat:
    """A player: the person (no bot) or a named bot (a level, or a seat of one's own)."""

    name: str
    bot: Bot | None = None

    @property
    def level(self) -> str:
        """What the bot is: its level (``medium``), or the short name of its seat."""
        if isinstance(self.bot, RaceBot):
            return self.bot.name
        return short_name(str(getattr(self.bot, "name", "")))

    @property
    def label(self) -> str:
        """How every front end names the seat: ``you`` or ``Ada (medium)``."""
        return self.name if self.bot is None else f"{self.name} ({self.level})"


@dataclass(frozen=True)
class Event:
    """One thing that happened, at race time ``time`` (seconds), in round ``round`` (0..).

    ``cards`` are the cards a claim took, the card dealt, or the cards left at a round's
    end; ``free`` the (seat, card) each other player took after a wrong call; ``reason``
    why a call was wrong, too late or not now, or why a seat forfeited (data: the front
    end words it)."""

    time: float
    round: int
    kind: str
    seat: int = -1
    word: str = ""
    cards: tuple[str, ...] = ()
    reason: Reason | None = None
    free: tuple[tuple[int, str], ...] = ()


class TakenDocument(TypedDict):
    """A ``Taken`` as data (its times rounded to the millisecond in a call's document)."""

    code: str
    seat: int
    word: str
    time: float
    before: float
    cards: Sequence[str]  # a tuple until written (``record.event_json``), a list read back


@dataclass(frozen=True)
class Taken:
    """A change of the table that took cards a too-late word needed (``fairness.py``):
    seat ``seat``'s claim of ``word`` (``code`` CLAIMED_FIRST) or the free cards given
    after seat ``seat``'s wrong call (GIVEN_AWAY), at race time ``time``, ``before``
    seconds before the call; ``cards``, the cards of the word's best spelling it took."""

    code: str
    seat: int
    word: str
    time: float
    before: float
    cards: tuple[str, ...]

    def to_json(self) -> TakenDocument:
        rounded = {"time": round(self.time, 3), "before": round(self.before, 3)}
        return cast(TakenDocument, asdict(self) | rounded | {"cards": list(self.cards)})


@dataclass(frozen=True)
class TooLate(Event):
    """Seat ``seat`` called ``word`` too late: no cards, no fine. ``takers``, every change
    that took its cards, in order (``fairness.py``); ``reason``, the last of them (the one
    that left it unclaimable) as a ``Reason``."""

    kind: str = TOO_LATE
    takers: tuple[Taken, ...] = ()


class EventDocument(TypedDict):
    """An ``Event`` as data: a call in ``LiveRace.to_json``, any event in a saved race
    (``record.event_json``). Its sequences are tuples until written, lists read back."""

    time: float
    round: int
    kind: str
    seat: int
    word: str
    cards: Sequence[str]
    reason: ReasonDocument | str | None  # worded (a str) in ``--json``'s document
    free: Sequence[Sequence[int | str]]  # (seat, card) pairs
    takers: NotRequired[Sequence[TakenDocument]]  # a ``TooLate``'s


class BotDocument(TypedDict):
    """A bot seat in a race's document: its name and level."""

    name: str
    level: str


class ForfeitDocument(TypedDict):
    """Who forfeited a race (a label) and why."""

    player: str
    reason: ReasonDocument | str  # worded (a str) in ``--json``'s document


class LiveVariant(RaceVariant):
    """What a seat of a live race is told at the handshake: a race's variant and the
    reaction window of the "too late" rule (seconds)."""

    reaction_window: float


class RaceDocument(TypedDict):
    """A live race as data (``LiveRace.to_json``): seats, settings, cards won and calls."""

    seed: int
    players: list[str]
    bots: list[BotDocument]
    deck: str
    lang: str
    pace: float
    reaction_window: float
    rounds: list[list[int]]
    totals: list[int]
    unfinished_round: list[int] | None
    winners: list[str]
    calls: list[EventDocument]
    replay: NotRequired[bool]  # only when true
    auto: NotRequired[AutoDocument]
    forfeit: NotRequired[ForfeitDocument]


@dataclass(frozen=True)
class Status:
    """What a clock shows: the round, who deals, and how long until the next thing."""

    round: int  # 1-based; 0 before the first
    rounds: int
    dealer: int
    phase: str  # "dealing", "last call", "break", "over"
    wait: float  # seconds to the next card, the round's end (if no one calls) or next round
    to_deal: int


def seat_names(count: int, seed: int) -> list[str]:
    """``count`` different bot names, drawn from the seed (the same seed, the same names)."""
    return seeds.derived(seed, "names").sample(NAMES, count)


def why_not(spelling: Spelling, table: list[str], lang: str) -> Reason:
    """Why a word cannot be claimed, as precisely as can be said: the letter the table
    lacks when no wild card can make up for it."""
    if spelling.reason != claims.UNSPELLED:
        return Reason(_SPELLING_CODES[spelling.reason])
    have: Counter[str] = Counter()
    for card in table:
        if not is_wild(card):
            have.update(card)
    wild_letters = table.count(WILD) + 2 * table.count(DOUBLE_WILD)
    short = Counter(spelling.word) - have
    if short and sum(short.values()) > wild_letters:
        letter = next(c for c in spelling.word if short[c])
        return Reason(LACKS, letter=letter, held=have[letter])
    return Reason(UNSPELLED)


Pending = dict[int, tuple[float, str, tuple[str, ...]]]  # seat -> (call time, word, cards)


class Forfeit(Exception):
    """A bot seat gave no call the race can hear: it forfeits (``reason`` says why)."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)  # the failure, as the arena or the plugin check said it
        self.seat = seat
        self.reason = reason


def search_again(
    pending: Pending,
    players: list[Bot],
    seats: list[int],
    table: list[str],
    to_deal: int,
    won: list[int],
    now: float,
    rng: random.Random,
    lang: str,
    seed_of: Any = None,
) -> None:
    """After a change of the table: a bot whose word can still be spelled keeps it (it has
    found it already); the bots in ``seats`` without one search again, from ``now``, on
    their view of the table, as the state does (``state.RaceState``). A built-in looks
    (``RaceBot.look``) with its thinking time from the round's one generator ``rng``; an
    arena seat decides on its view with the seed ``seed_of(seat)`` gives, and raises
    ``Forfeit`` when it gives no call the race can hear."""
    for seat in seats:
        if seat in pending and still_spelled(pending[seat][2], table):
            continue
        pending.pop(seat, None)
        view = RaceView(seat, tuple(table), to_deal, tuple(won), now, lang)
        player = players[seat]
        if isinstance(player, RaceBot):
            call = player.look(view, rng)
        else:
            call = asked(player, seat, view, seed_of(seat))
        if call is not None:  # spelled now; a word the table cannot spell: a wrong call
            word, used = heard_as(call, table, lang)
            pending[seat] = (now + call.after, word, used)


def asked(player: Bot, seat: int, view: RaceView, seed: int) -> Call | None:
    """An arena seat's call on ``view`` (None for a wait), or ``Forfeit`` with the reason
    it gave none: an engine that failed or said a move the rules refuse, a bot of one's
    own that raised or returned no call (``seats.PluginBot.ask`` words it)."""
    try:
        move = player.decide(view, seed)
    except (SeatFailed, IllegalMove, UserError) as failure:
        raise Forfeit(seat, str(failure)) from None
    if isinstance(move, Wait) or move is None:
        return None
    why = checked_call(move)
    if why is not None:
        raise Forfeit(seat, why)
    return move


@dataclass
class LiveRace:
    """A race between the person (seat 0) and ``bots`` (seats 1..), moved on by times."""

    bots: list[Bot]
    deck: Deck
    pace: float
    seed: int
    lang: str | None = None
    replay: bool = False  # dealt from a typed seed, not one drawn in secret: said
    reaction_window: float = REACTION_WINDOW  # seconds: the "too late" rule's (fairness.py)
    auto: AutoLevel | None = None  # the adaptive level: its bots move after every round
    seats: list[Seat] = field(init=False)
    rounds: list[list[int]] = field(init=False, default_factory=list)  # won, rounds done
    events: list[Event] = field(init=False, default_factory=list)
    round: int = field(init=False, default=-1)
    playing: bool = field(init=False, default=False)
    finished: bool = field(init=False, default=False)
    stopped: bool = field(init=False, default=False)
    unfinished: list[int] | None = field(init=False, default=None)  # a round cut short
    forfeited: int | None = field(init=False, default=None)  # the seat that forfeited
    unattended: bool = field(init=False, default=False)  # the person can call no more

    def __post_init__(self) -> None:
        self.reaction_window = checked_window(self.reaction_window)
        self.deck = load_deck(self.deck, self.lang)
        self.lang = self.deck.lang
        names = seat_names(len(self.bots), self.seed)
        self.seats = [Seat("you"), *(Seat(n, b) for n, b in zip(names, self.bots, strict=True))]
        if not any(isinstance(bot, RaceBot) for bot in self.bots):
            # No level plays (every other seat an engine or a bot of one's own): nothing
            # for the adaptive level to move, and a race against programs is no measure
            # of the person to remember (it had moved and saved the level all the same).
            self.auto = None
        self.table: list[str] = []
        self.to_deal: list[str] = []
        self.won = [0] * len(self.seats)
        self.next_deal = 0.0
        self.last_change = 0.0
        self.starts_at = 0.0  # when the next round begins (between rounds)
        self.round_began = 0.0
        self._pending: Pending = {}
        self._rng = seeds.derived(self.seed, "bots", 0)
        # The table after each change of the round, when, and who changed it how.
        self._history: list[tuple[float, tuple[str, ...], Reason | None]] = []
        self._looked: dict[int, float] = {}  # bot seat -> when it looked for its call
        self._started = False  # the arena seats were told the game's start
        self._decisions = 0  # decisions asked of arena seats: each has its own seed
        self._forfeit: Forfeit | None = None  # a seat that failed, its forfeit not yet played
        self._identity = secrets.token_hex(16)  # the race's key in the person's record

    # -- what front ends read ----------------------------------------------------------

    @property
    def labels(self) -> list[str]:
        return [seat.label for seat in self.seats]

    @property
    def dealer(self) -> int:
        return max(self.round, 0) % len(self.seats)

    @property
    def totals(self) -> list[int]:
        """Cards won in the rounds finished."""
        return [sum(won[seat] for won in self.rounds) for seat in range(len(self.seats))]

    def scores(self) -> list[int]:
        """Cards won so far, the round being played (or cut short) included; a seat that
        forfeited scores 0."""
        live = self.won if self.playing else self.unfinished or [0] * len(self.seats)
        scores = [total + now for total, now in zip(self.totals, live, strict=True)]
        if self.forfeited is not None:
            scores[self.forfeited] = 0
        return scores

    @property
    def winners(self) -> list[int]:
        """The seats with the most cards of the rounds finished; after a forfeit, the most
        cards won (the round cut short included) among the seats that did not forfeit."""
        if self.forfeited is not None:
            scores = self.scores()
            playing = [seat for seat in range(len(self.seats)) if seat != self.forfeited]
            best = max(scores[seat] for seat in playing)
            return [seat for seat in playing if scores[seat] == best]
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    @property
    def decided(self) -> bool:
        """Whether ``winners`` means anything: a round finished, or a seat forfeited."""
        return bool(self.rounds) or self.forfeited is not None

    @property
    def best(self) -> int:
        """The winners' cards (``winners``)."""
        counts = self.scores() if self.forfeited is not None else self.totals
        return counts[self.winners[0]]

    def status(self, now: float) -> Status:
        rounds = len(self.seats)
        if self.finished:
            return Status(len(self.rounds), rounds, self.dealer, "over", 0.0, 0)
        if not self.playing:
            upcoming = self.round + 1
            return Status(upcoming + 1, rounds, upcoming, "break", self.starts_at - now, 0)
        if self.to_deal:
            wait = self.next_deal - now
            return Status(self.round + 1, rounds, self.dealer, "dealing", wait, len(self.to_deal))
        wait = self.last_change + self.last_call - now
        return Status(self.round + 1, rounds, self.dealer, "last call", wait, 0)

    @property
    def last_call(self) -> float:
        """Seconds of quiet after the deck is out before the round ends."""
        return LAST_CALL_PACES * self.pace

    def warm(self) -> None:
        """Load the bots' vocabularies and the search kernel now, and tell the seats of
        one's own the game's start (an engine starts its process), so that the first card
        does not wait for them (a second or two the first time). The kernel is loaded
        whatever the search it would take: a race searches after every change of the
        table, and a numpy search of a big table (``index._best_cards``) took seconds."""
        load_kernel()
        tiers = {bot.tier for bot in self.bots if isinstance(bot, RaceBot)}
        if self.auto is not None:  # its bots may reach any level's vocabulary
            tiers |= {level.tier for level in LEVELS.values()}
        for tier in sorted(tiers):
            ranked_indices(["a", "b", "c"], tier, self.lang or "en", top=1)
        lexicon.is_word("cat", self.lang or "en")
        self._start_seats()

    def variant(self) -> LiveVariant:
        """What a seat is told at the handshake, as ``state.RaceState.variant``: the deck
        (its name, language and every card with its count) and the pace, and the reaction
        window of the "too late" rule, which a live race adds (``fairness.py``)."""
        return {
            "deck": self.deck.name,
            "lang": self.deck.lang,
            "cards": [[card, count] for card, count in self.deck.counts],
            "pace": self.pace,
            "reaction_window": self.reaction_window,
        }

    def _arena_seats(self) -> list[tuple[int, Any]]:
        return [(s, seat.bot) for s, seat in enumerate(self.seats) if _is_arena_seat(seat.bot)]

    def _start_seats(self) -> None:
        """Each arena seat's handshake, once, before the first card (an engine that fails
        it forfeits at its first decision, as in the arena's loop)."""
        if self._started:
            return
        self._started = True
        for seat, bot in self._arena_seats():
            bot.start(Hello("race", self.variant(), seat, len(self.seats)))

    def _finish_seats(self) -> None:
        """Tell each arena seat the race is over, with the scores (``over``)."""
        if not self._started:
            return
        scores = tuple(self.scores())
        for _, bot in self._arena_seats():
            bot.finish(scores)

    # -- moves -------------------------------------------------------------------------

    def advance(self, now: float) -> list[Event]:
        """Play everything due by ``now``, each at the time it was due; what happened."""
        return [event for step in self.steps(now) for event in step]

    def steps(self, now: float) -> Iterator[list[Event]]:
        """Play everything due by ``now`` one step at a time (a card dealt, a call ruled, a
        round begun or ended), each at the time it was due, yielding each step's events
        while the race stands as that step left it. A front end that shows the table after
        every change (the line mode) so shows every table, in order, even when it looks at
        the clock late and finds many cards due at once."""
        while not self.finished:
            due = self._next_due()
            if due > now:
                break
            happened = self._step(due)
            happened += self._forfeits(due)
            self.events += happened
            yield happened

    def call(self, word: str, now: float, began: float | None = None) -> list[Event]:
        """The person calls ``word`` at ``now``, having begun typing it at ``began`` (None:
        at ``now``). Plays what was due first; the events, the ruling last. A blank line
        is no call."""
        happened = self.advance(now)
        word = word.strip()
        if not word or self.finished:
            return happened
        if not self.playing:
            why = Reason(BETWEEN_ROUNDS)
            ruling = Event(now, self.round, NOT_NOW, YOU, word.lower(), reason=why)
        else:
            began = now if began is None else min(max(began, self.round_began), now)
            ruling = self._rule(YOU, word, now, began)
        ruled = [ruling, *self._forfeits(now)]
        self.events += ruled
        return [*happened, *ruled]

    def input_ended(self) -> None:
        """The person can make no more calls (line mode: the end of the input). The race
        plays out, so a script gets a whole race, but it no longer measures the person:
        the adaptive level moves no more (``_adapt``) and the race is not added to the
        record (``record.keep``; it is still saved, for a review). A race fed by
        ``< /dev/null`` had set the remembered level to beginner and counted a loss."""
        self.unattended = True

    def stop(self) -> None:
        """End the race now (the person left): the rounds finished keep their scores; the
        cards won in the round cut short are kept apart (``unfinished``)."""
        if self.finished:
            return
        if self.playing:
            self.unfinished = list(self.won)
        self.finished = self.stopped = True
        self.playing = False
        self._finish_seats()

    def _forfeits(self, now: float) -> list[Event]:
        """A seat that failed while the table was searched forfeits now: the race ends."""
        if self._forfeit is None or self.finished:
            return []
        seat, reason = self._forfeit.seat, self._forfeit.reason
        self._forfeit = None
        self.forfeited = seat
        if self.playing:
            self.unfinished = list(self.won)
        self.playing = False
        self.finished = True
        self._finish_seats()
        return [
            Event(now, self.round, FORFEIT, seat, reason=Reason(SEAT_FAILED, detail=reason)),
            Event(now, self.round, GAME_OVER),
        ]

    # -- the rules, step by step ---------------------------------------------------------

    def _seat_order(self) -> list[int]:
        """The seats from the dealer's left: the order that breaks exact ties."""
        count = len(self.seats)
        return [(self.dealer + 1 + k) % count for k in range(count)]

    def _next_due(self) -> float:
        if not self.playing:
            return self.starts_at
        times = [when for when, _, _ in self._pending.values()]
        if self.to_deal:
            times.append(self.next_deal)
        elif not self._pending:
            times.append(self.last_change + self.last_call)
        return min(times)

    def _step(self, now: float) -> list[Event]:
        if not self.playing:
            return [self._begin_round(now)]
        if self.to_deal and self.next_deal <= now:  # a deal first on a tie, as in game.py
            card = self.to_deal.pop()
            self.table.append(card)
            self.next_deal += self.pace
            self._changed(now, Reason(DEALT))
            return [Event(now, self.round, DEAL, self.dealer, cards=(card,))]
        order = self._seat_order()
        due = [seat for seat, (when, _, _) in self._pending.items() if when <= now]
        if due:
            seat = min(due, key=order.index)
            _, word, used = self._pending.pop(seat)
            bot = self.seats[seat].bot
            assert bot is not None
            if not still_spelled(used, self.table):  # cannot happen: kept up to date
                self._search(now)
                return []
            if isinstance(bot, RaceBot) and self._rng.random() < bot.error_rate:
                word = misread(self.table, bot, self._rng, self.deck.lang) or word
            return [self._rule(seat, word, now, self._looked.get(seat, now))]
        return self._end_round(now)

    def _begin_round(self, now: float) -> Event:
        self._start_seats()
        self.round += 1
        self.playing = True
        self.to_deal = self.deck.cards()
        seeds.derived(self.seed, "deal", self.round).shuffle(self.to_deal)
        self._rng = seeds.derived(self.seed, "bots", self.round)
        self.table = []
        self.won = [0] * len(self.seats)
        self._pending = {}
        self.next_deal = self.round_began = self.last_change = now
        self._history = [(now, (), None)]
        self._looked = {}
        return Event(now, self.round, ROUND, self.dealer)

    def _end_round(self, now: float) -> list[Event]:
        self.rounds.append(list(self.won))
        self._adapt()
        self.playing = False
        left = tuple(self.table)
        self.table = []
        ended = [Event(now, self.round, ROUND_OVER, self.dealer, cards=left)]
        if len(self.rounds) == len(self.seats):
            self.finished = True
            self._finish_seats()
            ended.append(Event(now, self.round, GAME_OVER))
        else:
            self.starts_at = now + ROUND_BREAK
        return ended

    def _adapt(self) -> None:
        """The adaptive level's move after a round (``adaptive.AutoLevel``): every built-in
        bot seat plays the next round at the new skill (a bot of one's own or an engine
        keeps its seat); the front ends say it from ``auto.moves``."""
        if self.auto is None or self.unattended:
            return
        self.auto.after_round(self.round, self.won)
        bot = self.auto.bot()
        for seat, each in enumerate(self.seats):
            if isinstance(each.bot, RaceBot):
                self.seats[seat] = Seat(each.name, bot)
                self.bots[seat - 1] = bot

    def _changed(self, now: float, how: Reason) -> None:
        self.last_change = now
        self._history.append((now, tuple(self.table), how))
        self._search(now)

    def _search(self, now: float) -> None:
        if self._forfeit is not None:  # the race ends at this step: no one is asked
            return
        bots = [seat.bot or self.bots[0] for seat in self.seats]  # seat 0 never searched
        order = [seat for seat in self._seat_order() if seat != YOU]
        kept = dict(self._pending)
        try:
            search_again(
                self._pending,
                bots,
                order,
                self.table,
                len(self.to_deal),
                self.won,
                now,
                self._rng,
                self.deck.lang,  # self.lang, once set from the deck
                self._seed_of,
            )
        except Forfeit as forfeit:
            self._forfeit = forfeit
        for seat, pending in self._pending.items():  # a new call: it began with this look
            if kept.get(seat) is not pending:
                self._looked[seat] = now

    def _seed_of(self, seat: int) -> int:
        """The seed of an arena seat's next decision: from the race's seed, the round,
        the seat and how many decisions came before (the same race asks the same)."""
        self._decisions += 1
        return seat_seed(self.seed, "live", self.round, seat, self._decisions)

    def _rule(self, seat: int, word: str, now: float, began: float) -> Event:
        """The dealer's ruling on seat ``seat``'s call, begun at ``began``: a claim, too
        late or wrong, by one rule for every seat (``fairness.py``)."""
        lang = self.deck.lang
        spelling = best_spelling(self.table, word, lang)
        if spelling.ok:
            for card in spelling.cards:
                self.table.remove(card)
            self.won[seat] += len(spelling.cards)
            self._changed(now, Reason(CLAIMED_FIRST, seat, spelling.word))
            return Event(now, self.round, CLAIM, seat, spelling.word, spelling.cards)
        if spelling.reason != claims.NOT_A_WORD:
            takers = self._taken_by(seat, spelling.word, began, now)
            if takers:
                last = takers[-1]
                why = Reason(last.code, last.seat, last.word)
                return TooLate(
                    now, self.round, seat=seat, word=spelling.word, reason=why, takers=takers
                )
        reason = why_not(spelling, self.table, lang)
        given = free_cards(seat, self._seat_order(), self.table, self.to_deal, self.won)
        self._changed(now, Reason(GIVEN_AWAY, seat))
        return Event(now, self.round, WRONG, seat, spelling.word, reason=reason, free=tuple(given))

    def _taken_by(self, caller: int, word: str, began: float, now: float) -> tuple[Taken, ...]:
        """If ``word``, called by ``caller`` at ``now``, is too late (``fairness.py``):
        every change of the table that made its best claim worse, from the last table of
        the caller's protection on which it could be claimed, in order; else ().

        The protection: the tables on show from ``min(began, now - reaction_window)``
        (not before the round began) to ``now``. Each is looked at without the cards the
        caller's own later claims and wrong calls took, so that the caller's own doing
        never excuses a call (and is never named)."""
        start = max(min(began, now - self.reaction_window), self.round_began)
        first = max(i for i, (when, _, _) in enumerate(self._history) if when <= start)
        left: list[Counter[str]] = []  # the tables from ``first``, without the caller's doing
        own: Counter[str] = Counter()  # cards the caller's changes after a table took
        for index in range(len(self._history) - 1, first - 1, -1):
            _, table, how = self._history[index]
            left.append(Counter(table) - own)
            if how is not None and how.seat == caller and how.code in (CLAIMED_FIRST, GIVEN_AWAY):
                own += Counter(self._history[index - 1][1]) - Counter(table)
        left.reverse()
        spelled = [best_spelling(list(cards.elements()), word, self.deck.lang) for cards in left]
        could = [index for index, spelling in enumerate(spelled) if spelling.ok]
        if not could:
            return ()
        last = could[-1]  # the word's last table; then back to where this stretch began
        since = last
        while since > 0 and spelled[since - 1].ok:
            since -= 1
        takers = []
        for index in range(since + 1, min(last + 2, len(left))):
            before, after = spelled[index - 1], spelled[index]
            if after.ok and _worth(after) >= _worth(before):
                continue  # its best claim is as good as before: this change took nothing
            took = Counter(before.cards) & (left[index - 1] - left[index])
            when, _, how = self._history[first + index]
            assert how is not None
            takers.append(
                Taken(how.code, how.seat, how.word, when, now - when, tuple(took.elements()))
            )
        return tuple(takers)

    # -- the record ----------------------------------------------------------------------

    def finished_entry(self, save: str | None = None) -> record.Finished:
        """The race as the player's record keeps it (``runtime.record.Finished``; ``save``:
        the file its review reads, ``race/record.py``). The best
        possible score is every card any player won: all of them were the person's to
        claim first. The opponent is the bots' level (``auto``, its skill at the start and
        the end in ``details["auto"]``; ``medium``; ``easy, hard`` for a mixed table)."""
        scores = self.scores()
        winners = self.winners if self.decided else []
        result = "win" if winners == [0] else "tie" if 0 in winners else "loss"
        if self.auto is not None:  # one opponent in the tallies, however it moved
            opponent = "auto"
        else:
            opponent = ", ".join(dict.fromkeys(seat.level for seat in self.seats if seat.bot))
        won = self.totals  # every card won, the round cut short by a forfeit included
        if self.unfinished is not None:
            won = [total + now for total, now in zip(won, self.unfinished, strict=True)]
        return record.Finished(
            game="race",
            key=self._identity,
            ended=record.now(),
            opponent=opponent,
            you=scores[0],
            others=tuple(scores[1:]),
            result=result,
            best=sum(won),
            seed=self.seed,
            save=save,
            details={
                "rounds": len(self.rounds),
                "deck": self.deck.name,
                "lang": self.deck.lang,
                "replay": self.replay,
            }
            | ({} if self.auto is None else {"auto": self.auto.to_json()}),
        )

    def to_json(self) -> RaceDocument:
        """The race as data: seats, seed, rounds, totals and every call, each reason as its
        code and facts (``Reason.to_json``; ``--json`` prints them worded:
        ``ui/feed.race_document``)."""
        document: RaceDocument = {
            "seed": self.seed,
            "players": self.labels,
            "bots": [{"name": s.name, "level": s.level} for s in self.seats if s.bot],
            "deck": self.deck.name,
            "lang": self.deck.lang,
            "pace": self.pace,
            "reaction_window": self.reaction_window,
            "rounds": self.rounds,
            "totals": self.totals,
            "unfinished_round": self.unfinished,
            "winners": [self.labels[seat] for seat in self.winners] if self.decided else [],
            "calls": [_call_json(event) for event in self.events if event.kind in CALLS],
        }
        if self.replay:
            document["replay"] = True
        if self.auto is not None:
            document["auto"] = self.auto.to_json()
        forfeit = self._forfeit_json()
        if forfeit is not None:
            document["forfeit"] = forfeit
        return document

    def _forfeit_json(self) -> ForfeitDocument | None:
        """After a forfeit (only then: a race without one reads as it always did): who
        forfeited and why."""
        if self.forfeited is None:
            return None
        reason = next(e.reason for e in self.events if e.kind == FORFEIT)
        assert reason is not None
        return {"player": self.labels[self.forfeited], "reason": reason.to_json()}


def _call_json(event: Event) -> EventDocument:
    reason = None if event.reason is None else event.reason.to_json()
    called = cast(EventDocument, asdict(event) | {"time": round(event.time, 3), "reason": reason})
    if isinstance(event, TooLate):
        called["takers"] = [taken.to_json() for taken in event.takers]
    return called


def _worth(spelling: Spelling) -> tuple[int, int]:
    """How good a claim is (more is better): its cards, then the fewer wilds."""
    return len(spelling.cards), -sum(is_wild(card) for card in spelling.cards)


def _is_arena_seat(bot: Bot | None) -> bool:
    return bot is not None and not isinstance(bot, RaceBot)
