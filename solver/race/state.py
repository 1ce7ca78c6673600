"""A game of MY WORD! as one state: the whole truth of a race in progress, on a virtual
clock, asked one seat at a time (the arena's ``State``: ``solver.arena.protocol``).

The rulebook's game: as many rounds as players, each player dealing once (and playing
too); the dealer turns cards face up one at a time; the first call heard wins (an exact
tie goes to the first player to the dealer's left); a valid claim of 3 or more cards takes
them; a wrong call wins nothing and every other player takes a free card from the table,
or from the deck when the table is empty; the round ends when the deck is dealt and no one
has a call coming; cards left on the table are not scored; one point a card.

**Time is a parameter.** The state owns the race's virtual clock: the dealer deals every
``pace`` seconds, and after every change of the table each seat without a call coming
looks at it (``to_move`` names them one by one, from the dealer's left) and answers with
a ``Call`` (the word and how many seconds after the change it calls it) or a ``Wait``.
Once every seat has looked, the state runs its clock on to the next thing due (the next
card, or the first call heard) and plays it. A seat whose call's cards are still on the
table keeps its call and is not asked again; one whose cards went (or that waited) looks
again. Nothing waits on the wall clock, so thousands of games run in minutes.

A call is spelled when it is made, with the most cards the table allows then
(``claims.best_spelling``); a word the table cannot spell then, or not in the dictionary,
is a wrong call when it is heard. A wrong call that changes nothing (no card left to give)
asks no one again, so a seat calling wrong words for ever still lets the round end.

**Deals.** Round r's pack is shuffled by ``seeds.derived(seed, "deal", r)``: the same seed
deals the same cards whoever plays (only a free card taken from the pack, when the table
is empty, changes what is left to deal). Nothing else in the state is random: a bot's
thinking time and its wrong calls are its own, drawn from its decision's seed.

**A forfeit** (an engine that crashed, answered late or made a move the rules refuse)
ends the game at once: the forfeiting seat scores 0 cards and wins nothing; the others
keep the cards they won, the round cut short included.

Events are data (``RoundBegan``, ``Dealt``, ``Claimed``, ``WrongCall``, ``RoundOver``,
and the arena's ``Forfeited``); their wording is the front end's (``ui/``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal, TypedDict, cast

from solver.arena.protocol import Forfeited, ForfeitedDocument, IllegalMove, fields_json
from solver.race.calls import Call, RaceView, Wait, checked_call
from solver.race.claims import best_spelling
from solver.race.deck import Deck
from solver.runtime import seeds

DEFAULT_PACE = 2.0  # seconds between two cards
FORMAT = 1  # of ``RaceState.to_json``: a document of another format is refused


class RoundBeganDocument(TypedDict):
    """A ``RoundBegan`` as JSON."""

    kind: Literal["round"]
    round: int
    dealer: int


class DealtDocument(TypedDict):
    """A ``Dealt`` as JSON (``time`` in seconds)."""

    kind: Literal["deal"]
    time: float
    round: int
    card: str


class ClaimedDocument(TypedDict):
    """A ``Claimed`` as JSON."""

    kind: Literal["claim"]
    time: float
    round: int
    seat: int
    word: str
    cards: list[str]


class WrongCallDocument(TypedDict):
    """A ``WrongCall`` as JSON: ``free``, ``[seat, card]`` pairs."""

    kind: Literal["wrong"]
    time: float
    round: int
    seat: int
    word: str
    free: list[list[int | str]]


class RoundOverDocument(TypedDict):
    """A ``RoundOver`` as JSON."""

    kind: Literal["round over"]
    time: float
    round: int
    won: list[int]
    left: list[str]


EventDocument = (
    RoundBeganDocument
    | DealtDocument
    | ClaimedDocument
    | WrongCallDocument
    | RoundOverDocument
    | ForfeitedDocument
)  # an event of MY WORD! as JSON


class RaceVariant(TypedDict):
    """What a seat is told of a race at the handshake (``RaceState.variant``)."""

    deck: str
    lang: str
    cards: list[list[str | int]]  # [card, count] pairs
    pace: float  # seconds between two cards


class PendingCall(TypedDict):
    """A call made and not yet heard, in ``RaceStateDocument``: its seat, when it will be
    heard, the word as spelled and the cards it takes (none: a wrong call)."""

    seat: int
    time: float
    word: str
    cards: list[str]


class RaceStateDocument(TypedDict):
    """The whole state of a race (``RaceState.to_json``): for the referee and a save."""

    game: str
    format: int
    players: int
    seed: int
    variant: RaceVariant
    round: int
    table: list[str]
    pack: list[str]
    now: float
    next_deal: float
    won: list[int]
    rounds: list[list[int]]
    pending: list[PendingCall]
    asking: list[int]
    forfeited: int | None
    finished: bool
    events: list[EventDocument]
    unsaid: int


@dataclass(frozen=True)
class RoundBegan:
    """Round ``round`` (0-based) begins, dealt by seat ``dealer``.

    Attributes:
        round: The round, from 0.
        dealer: The dealing seat, from 0.
        kind: ``round``: the event's kind in JSON.
    """

    round: int
    dealer: int
    kind: str = "round"

    def to_json(self) -> RoundBeganDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "round", "round": ..., "dealer": ...}``.
        """
        return cast(RoundBeganDocument, fields_json(self))


@dataclass(frozen=True)
class Dealt:
    """The dealer turned ``card`` face up at ``time`` (seconds into the round).

    Attributes:
        time: Seconds since the round began (the race's virtual clock).
        round: The round, from 0.
        card: The card turned face up (``?`` and ``??`` are wilds).
        kind: ``deal``: the event's kind in JSON.
    """

    time: float
    round: int
    card: str
    kind: str = "deal"

    def to_json(self) -> DealtDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "deal", "time": ..., "round": ..., "card": ...}``.
        """
        return cast(DealtDocument, fields_json(self))


@dataclass(frozen=True)
class Claimed:
    """Seat ``seat``'s call of ``word`` was heard at ``time`` and took ``cards``.

    Attributes:
        time: Seconds since the round began, when the call was heard.
        round: The round, from 0.
        seat: The calling seat, from 0.
        word: The word as spelled when the call was made (normalized).
        cards: The cards it took from the table (3 or more), each a point.
        kind: ``claim``: the event's kind in JSON.
    """

    time: float
    round: int
    seat: int
    word: str
    cards: tuple[str, ...]
    kind: str = "claim"

    def to_json(self) -> ClaimedDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "claim", "time": ..., "round": ..., "seat": ..., "word": ...,
                "cards": [...]}``.
        """
        return cast(ClaimedDocument, fields_json(self))


@dataclass(frozen=True)
class WrongCall:
    """Seat ``seat`` called ``word``, which the table could not spell (or is no word),
    at ``time``: each other seat took a free card, ``free`` the (seat, card) of each.

    Attributes:
        time: Seconds since the round began, when the call was heard.
        round: The round, from 0.
        seat: The calling seat, from 0.
        word: The word called.
        free: The (seat, card) of each free card, in the order given (none when there
            was no card left to give).
        kind: ``wrong``: the event's kind in JSON.
    """

    time: float
    round: int
    seat: int
    word: str
    free: tuple[tuple[int, str], ...]
    kind: str = "wrong"

    def to_json(self) -> WrongCallDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "wrong", "time": ..., "round": ..., "seat": ..., "word": ...,
                "free": [[seat, card], ...]}``.
        """
        return cast(WrongCallDocument, fields_json(self))


@dataclass(frozen=True)
class RoundOver:
    """Round ``round`` ended at ``time``: ``won`` the cards each seat won in it, ``left``
    the cards left on the table (not scored).

    Attributes:
        time: Seconds since the round began, when it ended.
        round: The round, from 0.
        won: The cards each seat won in the round, in seat order.
        left: The cards left on the table, not scored.
        kind: ``round over``: the event's kind in JSON.
    """

    time: float
    round: int
    won: tuple[int, ...]
    left: tuple[str, ...]
    kind: str = "round over"

    def to_json(self) -> RoundOverDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "round over", "time": ..., "round": ..., "won": [...], "left": [...]}``.
        """
        return cast(RoundOverDocument, fields_json(self))


Event = RoundBegan | Dealt | Claimed | WrongCall | RoundOver | Forfeited


# ``document``: parsed JSON (a save's, an engine's), checked here as it is read.
def event_from_json(document: dict[str, Any]) -> Event:
    """An event as its ``to_json`` wrote it.

    Args:
        document: An event as its ``to_json`` wrote it (``Forfeited``'s too).

    Returns:
        The ``RoundBegan``, ``Dealt``, ``Claimed``, ``WrongCall``, ``RoundOver`` or
            ``Forfeited``.

    Raises:
        ValueError: An unknown ``kind``, or a field that is not a number where one is
            needed.
        KeyError: A field is missing.
    """
    kind = document.get("kind")
    if kind == "round":
        return RoundBegan(int(document["round"]), int(document["dealer"]))
    if kind == "deal":
        return Dealt(float(document["time"]), int(document["round"]), str(document["card"]))
    if kind == "claim":
        return Claimed(
            float(document["time"]),
            int(document["round"]),
            int(document["seat"]),
            str(document["word"]),
            tuple(str(card) for card in document["cards"]),
        )
    if kind == "wrong":
        return WrongCall(
            float(document["time"]),
            int(document["round"]),
            int(document["seat"]),
            str(document["word"]),
            tuple((int(seat), str(card)) for seat, card in document["free"]),
        )
    if kind == "round over":
        return RoundOver(
            float(document["time"]),
            int(document["round"]),
            tuple(int(count) for count in document["won"]),
            tuple(str(card) for card in document["left"]),
        )
    if kind == "forfeited":
        return Forfeited(int(document["seat"]), str(document["reason"]))
    raise ValueError(f"not an event of MY WORD!: {document!r}")


@dataclass(frozen=True)
class Pending:
    """A call made and not yet heard: when it will be, the word as spelled when it was
    made, and the cards it takes (none: a wrong call).

    Attributes:
        time: Seconds since the round began, when the call will be heard.
        word: The word as spelled when the call was made.
        cards: The table's cards it takes; empty for a wrong call.
    """

    time: float
    word: str
    cards: tuple[str, ...]


def still_spelled(cards: tuple[str, ...], table: list[str]) -> bool:
    """Whether every card of ``cards`` is still on ``table`` (a call keeps while it is).

    Args:
        cards: A call's cards (a card named twice must be on the table twice).
        table: The cards face up.

    Returns:
        True when the table holds every one of them.
    """
    left = list(table)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


def free_cards(
    caller: int, seats: list[int], table: list[str], cards: list[str], won: list[int]
) -> list[tuple[int, str]]:
    """A wrong call: every other player takes a free card from the table, or from the deck
    when the table is empty. The (seat, card) of each free card, so a feed can say them.

    Args:
        caller: The seat that called wrong, from 0: it takes nothing.
        seats: The seats in the order they take a card (from the dealer's left).
        table: The cards face up, the oldest first; taken from the front (changed in
            place).
        cards: The pack, the next card at the end; taken from the end once the table is
            empty (changed in place).
        won: The cards each seat has won this round; each taker's count grows by one
            (changed in place).

    Returns:
        The (seat, card) of each free card, in the order taken; a seat gets none when
            the table and the pack are both empty.
    """
    given = []
    for other in seats:
        if other == caller:
            continue
        if table:
            given.append((other, table.pop(0)))
        elif cards:
            given.append((other, cards.pop()))
        else:
            continue
        won[other] += 1
    return given


def heard_as(call: Call, table: list[str], lang: str) -> tuple[str, tuple[str, ...]]:
    """A call as the race will hear it: the word spelled with the most cards the table
    allows now, and those cards (none when the table cannot spell it: a wrong call).

    Args:
        call: The call made.
        table: The cards face up now.
        lang: The language's code.

    Returns:
        The word, normalized, and the cards it takes: none for a wrong call (no
            dictionary word, not spelled by the table, or fewer than 3 cards).
    """
    spelled = best_spelling(table, call.word, lang)
    return spelled.word or call.word, spelled.cards if spelled.ok else ()


class RaceState:
    """A game of MY WORD! between ``players`` seats (see the module docstring).

    Made, it has played what is due up to the first change of the table that the seats
    look at.

    Args:
        players: The number of seats, 2 to 6 (as many rounds, each seat dealing once).
        deck: The deck of cards, with its language.
        seed: The game's seed: round r's pack is shuffled by ``seeds.derived(seed,
            "deal", r)``.
        pace: Seconds between two cards dealt.

    Raises:
        ValueError: Fewer than 2 or more than 6 players.
    """

    game = "race"

    def __init__(self, players: int, deck: Deck, seed: int, pace: float = DEFAULT_PACE) -> None:
        if not 2 <= players <= 6:
            raise ValueError("MY WORD! is played by 2 to 6 players")
        self.players = players
        self.deck = deck
        self.seed = seed
        self.pace = pace
        self.round = -1
        self.table: list[str] = []
        self.pack: list[str] = []  # the cards to deal, the next at the end
        self.now = 0.0  # seconds since the round began
        self.next_deal = 0.0
        self.won: list[int] = [0] * players  # this round's
        self.rounds: list[list[int]] = []  # the cards each seat won, per round finished
        self.pending: dict[int, Pending] = {}
        self.asking: list[int] = []  # the seats still to look at this change of the table
        self.forfeited: int | None = None
        self.finished = False
        self.events: list[Event] = []
        self._unsaid = 0  # events[_unsaid:] are not yet returned by apply or forfeit
        self._run()

    # -- the arena's State -------------------------------------------------------------

    @property
    def seats(self) -> int:
        """The number of seats: ``players``."""
        return self.players

    @property
    def lang(self) -> str:
        """The language's code: the deck's."""
        return self.deck.lang

    def variant(self) -> RaceVariant:
        """The deck (its name, language and every card with its count: what is in the
        box, not the order of the pack) and the pace.

        Returns:
            ``deck`` (its name), ``lang``, ``cards`` (``[card, count]`` pairs) and
                ``pace`` (seconds between two cards).
        """
        return {
            "deck": self.deck.name,
            "lang": self.deck.lang,
            "cards": [[card, count] for card, count in self.deck.counts],
            "pace": self.pace,
        }

    def to_move(self) -> int | None:
        """The next seat to look at this change of the table (from the dealer's left).

        Returns:
            The seat, from 0; None when the game is over.
        """
        return self.asking[0] if self.asking else None

    def view(self, seat: int) -> RaceView:
        """What ``seat`` sees now: the table, the cards left to deal, the cards won this
        round and the race's time; never the pack's order or the calls to come.

        Args:
            seat: The seat, from 0.

        Returns:
            The seat's ``RaceView``.
        """
        return RaceView(
            seat, tuple(self.table), len(self.pack), tuple(self.won), self.now, self.lang
        )

    def legal_moves(self, seat: int) -> None:
        """None: a call may be any word, after any delay.

        Args:
            seat: The seat, from 0 (unused).
        """
        return None

    def apply(self, seat: int, move: Any) -> list[Event]:
        """Take ``seat``'s answer to this change of the table; once every seat asked has
        answered, play on (cards dealt, calls heard) to the next change the seats look at.

        Args:
            seat: The seat asked (``to_move()``), from 0.
            move: A ``Call`` (its word and its delay in seconds, finite, 0 or more) or a
                ``Wait``.

        Returns:
            The events this move let happen, in order (none until the last seat asked has
                answered).

        Raises:
            IllegalMove: Not the seat asked now, or a call ``checked_call`` refuses; the
                state is then unchanged.
        """
        if seat != self.to_move():
            raise IllegalMove(f"seat {seat} is not asked now (seat {self.to_move()} is)")
        if not isinstance(move, Wait):
            why = checked_call(move)
            if why is not None:
                raise IllegalMove(why)
        self.asking.pop(0)
        if isinstance(move, Call):
            word, cards = heard_as(move, self.table, self.lang)
            self.pending[seat] = Pending(self.now + float(move.after), word, cards)
        if not self.asking:
            self._run()
        return self._fresh()

    def forfeit(self, seat: int, reason: str) -> list[Event]:
        """End the game at once: ``seat`` scores 0 and wins nothing; the others keep the
        cards they won, the round cut short included.

        Args:
            seat: The seat that forfeits, from 0.
            reason: Why, in one line.

        Returns:
            The events not yet returned, ending with ``Forfeited(seat, reason)``.
        """
        self.forfeited = seat
        self.finished = True
        self.asking = []
        self.pending = {}
        self.events.append(Forfeited(seat, reason))
        return self._fresh()

    def clone(self) -> RaceState:
        """A deep copy, to play on without changing this one.

        Returns:
            The copy.
        """
        return copy.deepcopy(self)

    @property
    def over(self) -> bool:
        """Whether the game is over: every seat has dealt its round, or a seat forfeited."""
        return self.finished

    def scores(self) -> tuple[int, ...]:
        """The cards each seat has won, the round being played included; a seat that
        forfeited scores 0.

        Returns:
            Cards (a point each) per seat, in seat order.
        """
        live = self.won if self.round >= len(self.rounds) else [0] * self.players
        totals = [
            sum(won[seat] for won in self.rounds) + live[seat] for seat in range(self.players)
        ]
        if self.forfeited is not None:
            totals[self.forfeited] = 0
        return tuple(totals)

    def winners(self) -> list[int]:
        """The seats with the most cards (a tie shares the win); never a seat that
        forfeited.

        Returns:
            The winning seats, in seat order.
        """
        scores = self.scores()
        playing = [seat for seat in range(self.players) if seat != self.forfeited]
        best = max(scores[seat] for seat in playing)
        return [seat for seat in playing if scores[seat] == best]

    # -- the rules, step by step ---------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The seat dealing this round, from 0: seat r deals round r."""
        return max(self.round, 0) % self.players

    def seat_order(self) -> list[int]:
        """The seats from the dealer's left: the order that breaks exact ties and that
        seats look at a change of the table in.

        Returns:
            Every seat, from 0, starting at the dealer's left and ending with the dealer.
        """
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    def _fresh(self) -> list[Event]:
        fresh = self.events[self._unsaid :]
        self._unsaid = len(self.events)
        return fresh

    def _run(self) -> None:
        """Play what is due, in the order it is due, until some seat must look at the
        table or the game is over."""
        while not self.asking and not self.finished:
            if self.round < 0 or self.round < len(self.rounds):
                self._begin_round()
            self._step()

    def _begin_round(self) -> None:
        self.round += 1
        self.pack = self.deck.cards()
        seeds.derived(self.seed, "deal", self.round).shuffle(self.pack)
        self.table = []
        self.won = [0] * self.players
        self.pending = {}
        self.now = self.next_deal = 0.0
        self.events.append(RoundBegan(self.round, self.dealer))

    def _step(self) -> None:
        """The next thing due: a card (first, on a tie with a call), the first call
        heard, or the round's end. Then every seat without a call coming looks again."""
        order = self.seat_order()
        first = min(
            self.pending.items(),
            key=lambda item: (item[1].time, order.index(item[0])),
            default=None,
        )
        if self.pack and (first is None or self.next_deal <= first[1].time):
            self.now = self.next_deal
            card = self.pack.pop()
            self.table.append(card)
            self.next_deal += self.pace
            self.events.append(Dealt(self.now, self.round, card))
        elif first is not None:
            seat, call = first
            del self.pending[seat]
            self.now = call.time
            if not call.cards:  # a wrong call: free cards
                given = free_cards(seat, order, self.table, self.pack, self.won)
                self.events.append(WrongCall(self.now, self.round, seat, call.word, tuple(given)))
                if not given:
                    return  # nothing changed: no one looks again (see the docstring)
            else:
                for card in call.cards:
                    self.table.remove(card)
                self.won[seat] += len(call.cards)
                self.events.append(Claimed(self.now, self.round, seat, call.word, call.cards))
        else:
            self._end_round()
            return
        self.asking = [
            seat
            for seat in order
            if not (seat in self.pending and still_spelled(self.pending[seat].cards, self.table))
        ]
        for seat in self.asking:
            self.pending.pop(seat, None)

    def _end_round(self) -> None:
        self.rounds.append(list(self.won))
        self.events.append(RoundOver(self.now, self.round, tuple(self.won), tuple(self.table)))
        self.table = []
        if len(self.rounds) == self.players:
            self.finished = True

    # -- the record ----------------------------------------------------------------------

    def to_json(self) -> RaceStateDocument:
        """The whole state, hidden pack and calls to come included (for the referee and a
        save; never for a seat).

        Returns:
            ``game``, ``format`` (``FORMAT``), the settings, the clock (seconds), the
                table, the pack, the cards won, the calls to come, the seats still to be
                asked and every event so far.
        """
        return {
            "game": self.game,
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "variant": self.variant(),
            "round": self.round,
            "table": list(self.table),
            "pack": list(self.pack),
            "now": self.now,
            "next_deal": self.next_deal,
            "won": list(self.won),
            "rounds": [list(won) for won in self.rounds],
            "pending": [
                {"seat": seat, "time": call.time, "word": call.word, "cards": list(call.cards)}
                for seat, call in sorted(self.pending.items())
            ],
            "asking": list(self.asking),
            "forfeited": self.forfeited,
            "finished": self.finished,
            "events": [event.to_json() for event in self.events],
            "unsaid": self._unsaid,
        }

    # ``document``: parsed JSON (a save's), checked here as it is read.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> RaceState:
        """The state ``to_json`` wrote; a document of another game or format is refused
        in one line (``ValueError``).

        Args:
            document: A state as ``to_json`` wrote it.

        Returns:
            The state, as it was when written (not checked against the rules).

        Raises:
            ValueError: Another game or format, or a number that is not one.
            KeyError: A field is missing.
            DeckError: The deck's cards make no deck (``solver.race.deck``).
        """
        if document.get("game") != cls.game or document.get("format") != FORMAT:
            raise ValueError(
                f"not a MY WORD! state of format {FORMAT} "
                f"(game {document.get('game')!r}, format {document.get('format')!r})"
            )
        variant = document["variant"]
        deck = Deck(
            str(variant["deck"]),
            str(variant["lang"]),
            tuple((str(card), int(count)) for card, count in variant["cards"]),
        )
        state = cls.__new__(cls)
        state.players = int(document["players"])
        state.deck = deck
        state.seed = int(document["seed"])
        state.pace = float(variant["pace"])
        state.round = int(document["round"])
        state.table = [str(card) for card in document["table"]]
        state.pack = [str(card) for card in document["pack"]]
        state.now = float(document["now"])
        state.next_deal = float(document["next_deal"])
        state.won = [int(count) for count in document["won"]]
        state.rounds = [[int(count) for count in won] for won in document["rounds"]]
        state.pending = {
            int(call["seat"]): Pending(
                float(call["time"]), str(call["word"]), tuple(str(c) for c in call["cards"])
            )
            for call in document["pending"]
        }
        state.asking = [int(seat) for seat in document["asking"]]
        forfeited = document["forfeited"]
        state.forfeited = None if forfeited is None else int(forfeited)
        state.finished = bool(document["finished"])
        state.events = [event_from_json(event) for event in document["events"]]
        state._unsaid = int(document["unsaid"])
        return state
