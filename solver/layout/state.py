"""My Word (1980): the whole truth of a game (``State``), the deal, the moves the rules
allow, and the rule that ends a game; the game's side of ``solver.arena.protocol``.

Rules 3-10 of the rulebook: deal 3 cards each (4 with two or three players, 4 in solo), the
top card of the pack face up in the centre; a turn plays a card next to the layout or on top
of a card (``board.py`` says where), scores its words and draws the top card, or knocks: a
card goes face down to the bottom of the pack and the top card is drawn. The seat after the
dealer (seat 0) starts, then the turn moves to the left.

The state's JSON is the game's log, as it has always been written (``layout solo --json``,
saves, ``layout replay``): the deck order, the hands dealt, the centre card, every move with
its words and points, the players' names and the seed when known, a forfeit if there was
one, and the final scores once the game is over (so a log without them is a game in
progress). ``State.from_json`` reads a log back, every move re-checked by the rules.

Below the game loop (``game.py``) and the players (``players.py``), which both need it: the
beam player plays out turns to where the game would end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict

from solver.arena.protocol import Forfeited, ForfeitNote, IllegalMove
from solver.layout.board import (
    Layout,
    Placement,
    SubstituteError,
    declare,
    fits,
    placement,
    why_not,
)
from solver.layout.deck import (
    Card,
    Deck,
    DeckDocument,
    DeckError,
    default_deck,
    document,
    parse_deck,
)
from solver.layout.moves import Event, Knock, Knocked, Move, MovedDocument, Play, Played
from solver.layout.view import LayoutView, legal_plays, public_history
from solver.runtime import seeds
from solver.runtime.errors import UserError

# Why a game ended: reason codes (data, worded by ``ui/wording.py``), as the log's readers
# and ``replay`` return them.
PACK_OUT = "pack_out"  # the pack is used up and a player has played all their cards
STUCK = "stuck"  # no card in a hand or in the pack can be played
FORFEIT = "forfeit"  # a seat forfeited (``State.forfeited`` says which, and why)
FORFEIT_SCORE = 0  # a seat that forfeits scores nothing (docs/engine-protocol.md) and wins nothing


class LayoutVariant(TypedDict):
    """What a seat is told of a game at the handshake (``State.variant``)."""

    easy: bool
    deck: Literal["default"] | DeckDocument


class PublicLog(TypedDict):
    """A game's log less what deals it (the pack, the hands dealt, the seed): what a save
    shows of a game in progress (``session.public``); the optional keys only when known
    or when they apply."""

    centre: int
    easy: bool
    moves: list[MovedDocument]
    deck: NotRequired[DeckDocument]  # a deck other than the default
    players: NotRequired[list[str]]
    replay: NotRequired[bool]  # only when true
    forfeit: NotRequired[ForfeitNote]
    scores: NotRequired[list[int]]  # once the game is over


class LayoutLog(PublicLog):
    """A game's log (``State.to_json``), whole: what a finished game's save, ``layout solo
    --json`` and ``layout replay`` carry."""

    deck_order: list[int]
    hands: list[list[int]]
    seed: NotRequired[int]


def ending(
    pack: Sequence[int],
    hands: Sequence[Sequence[int]],
    can_play: Callable[[Sequence[int]], bool],
) -> str | None:
    """Why the game is over (``PACK_OUT`` or ``STUCK``), or None while it goes on: the one
    ending rule, asked by the state, by ``replay`` and by the beam player's look-ahead.

    Rule 10: the game ends when the pack is used up and either a player has played all
    their cards or no player can play. Where the rules are silent: while the pack lasts a
    player who cannot play knocks, and knocks alone could go on for ever. Only a play
    changes the layout; a knock only moves one card from a hand to the pack and another
    from the pack to the hand. So once no card in any hand and no card in the pack can be
    played on the layout, nobody can ever play again, and the game ends then, pack or no
    pack (with the pack used up this is rule 10's "no player can play"). While one such
    card exists the game goes on: a card in a hand, the one the last knock drew included,
    can be played on its holder's next turn, and one in the pack reaches a hand after at
    most as many knocks as the pack has cards. Counting knocks in a row is no test: each
    knock changes a hand, and the card it draws may be one that can be played.

    ``can_play(cards)`` says whether any of ``cards`` can be played on the layout. Hands
    are asked in the order given and the pack last, so a caller that already knows one
    hand's plays puts that hand first.

    Args:
        pack: The card numbers left in the pack.
        hands: Each seat's hand, as card numbers, in the order to ask them.
        can_play: Whether any of the card numbers given can be played on the layout now.

    Returns:
        ``PACK_OUT``, ``STUCK``, or None while the game goes on.
    """
    if not pack and not all(hands):
        return PACK_OUT
    for cards in hands:
        if cards and can_play(cards):
            return None
    return None if pack and can_play(pack) else STUCK


def hand_size(players: int) -> int:
    """The cards dealt to each hand (rule 3).

    Args:
        players: The number of seats, 1 to 6.

    Returns:
        4 with one to three players, 3 with more.
    """
    return 4 if players <= 3 else 3


@dataclass(frozen=True)
class Deal:
    """How the game began: the deck order (top card first), the hands dealt, the centre.

    Attributes:
        order: Every card's number, as shuffled, top card first.
        hands: The card numbers dealt to each seat, in seat order.
        centre: The number of the card face up in the centre.
    """

    order: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    centre: int


class LogError(UserError):
    """A game log that the rules do not bear out: the message names the first discrepancy."""


class NotALog(LogError):
    """JSON that is no game log at all (a list, another program's file: none of
    ``LOG_KEYS``): a wrong file, which ``replay`` reports as an error on stderr, not as a
    game whose moves are wrong. A log with those keys but a field spoiled is a discrepancy."""


LOG_KEYS = frozenset({"deck_order", "hands", "moves"})  # the fields every game log has


@dataclass
class State:
    """A game of My Word (1980) in progress (``solver.arena.protocol.State``). It changes
    only through ``apply`` and ``forfeit``; ``clone`` copies it for a look-ahead.

    Attributes:
        deck: The deck played with.
        pack: The card numbers left in the pack, top first.
        hands: Each seat's hand, as card numbers, in seat order.
        layout: The cards played so far, by position.
        points: Each seat's points so far, in seat order.
        easy: The easy game: no 6 x 6 limit on the layout (rule 9).
        dealt: How the game began (the log's deck order, hands and centre).
        players: The seats' names, for the log (a CLI game); None when not known.
        seed: The seed of the deal and the decisions, for the log; None when not known.
        history: Every move so far, in order.
        forfeited: The forfeit that ended the game, or None.
        replay: Dealt from a typed seed (not drawn in secret): said, and logged.
    """

    deck: Deck
    pack: list[int]  # card numbers, top first
    hands: list[list[int]]
    layout: Layout
    points: list[int]  # each seat's points so far
    easy: bool  # no 6 x 6 limit (rule 9)
    dealt: Deal
    players: tuple[str, ...] | None = None  # the seats' names, for the log (a CLI game)
    seed: int | None = None  # the seed of the deal and the decisions, for the log
    history: list[Played | Knocked] = field(default_factory=list)
    forfeited: Forfeited | None = None
    replay: bool = False  # dealt from a typed seed (not drawn in secret): said, and logged
    _ended: tuple[int, str | None] | None = field(default=None, repr=False, compare=False)

    game = "layout"

    # --- what the arena asks ---------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats, 1 to 6."""
        return len(self.hands)

    def variant(self) -> LayoutVariant:
        """Told at the handshake: the easy game or not, and the deck ("default", else the
        deck itself, as ``deck.document`` writes it).

        Returns:
            ``{"easy": ..., "deck": ...}``.
        """
        deck: Literal["default"] | DeckDocument = (
            "default" if self.deck is default_deck() else document(self.deck)
        )
        return {"easy": self.easy, "deck": deck}

    def to_move(self) -> int | None:
        """Whose turn it is: the player at the dealer's left starts (rule 4), then the turn
        moves to the left; None once the game is over. (A hand is empty only once the pack
        is, which ends the game.)

        Returns:
            The seat, from 0; None once the game is over.
        """
        return None if self.over else self.turn()

    def turn(self) -> int:
        """The seat whose turn it is, or would be were the game not over.

        Returns:
            The seat after the last seat that moved, from 0; before the first move the
                seat after the dealer, seat 0: seat 1 (seat 0 in a solo game).
        """
        last = self.history[-1].seat if self.history else 0
        return (last + 1) % self.seats

    def view(self, seat: int) -> LayoutView:
        """The view of ``seat``: its own hand only, the sizes of the others and of the pack,
        and the moves so far with other seats' knocked cards hidden.

        Args:
            seat: The seat, from 0.

        Returns:
            The seat's ``LayoutView``.

        Raises:
            IndexError: No such seat.
        """
        return LayoutView(
            seat,
            tuple(self.hands[seat]),
            self.layout,
            self.deck,
            tuple(self.points),
            tuple(len(hand) for hand in self.hands),
            len(self.pack),
            self.easy,
            public_history(self.history, seat),
        )

    def legal_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now: its plays (``legal_plays``), then a knock of
        each card of its hand (rule 5c lets a player knock even with a play in hand).

        Args:
            seat: The seat, from 0.

        Returns:
            The plays, then the knocks; empty when it is not the seat's turn or the game
                is over.
        """
        if self.to_move() != seat:
            return []
        view = self.view(seat)
        return [*legal_plays(view), *(Knock(number) for number in view.hand)]

    def apply(self, seat: int, move: object) -> list[Event]:
        """Play ``move`` for ``seat``: what happened (``Played`` or ``Knocked``).

        Args:
            seat: The seat that moves (``to_move()``), from 0.
            move: A ``Play`` or a ``Knock``.

        Returns:
            ``[Played]`` (its words and points worked out by the rules) or ``[Knocked]``.

        Raises:
            IllegalMove: A move the rules refuse (the game is over, out of turn, not a
                ``Play`` or ``Knock``, a card not in the hand, a place the card cannot go,
                a word stated for symbols that does not fit); the state is then unchanged.
        """
        current = self.to_move()
        if current is None:
            raise IllegalMove("the game is over")
        if seat != current:
            raise IllegalMove(f"it is seat {current}'s turn, not seat {seat}'s")
        resolved = resolve(self.view(seat), move)
        if isinstance(resolved, Knock):
            return [self._knock(seat, resolved.card)]
        card, spot = resolved
        return [self._play(seat, card, spot)]

    def forfeit(self, seat: int, reason: str) -> list[Event]:
        """End the game: ``seat`` loses it (its score is ``FORFEIT_SCORE``) for ``reason``.

        Args:
            seat: The seat that forfeits, from 0.
            reason: Why, in one line.

        Returns:
            ``[Forfeited(seat, reason)]``.
        """
        self.forfeited = Forfeited(seat, reason)
        return [self.forfeited]

    def clone(self) -> State:
        """A copy to play on without changing this one (the pack, hands, points and
        history copied; the layout, which a play replaces, shared).

        Returns:
            The copy.
        """
        return State(
            self.deck,
            list(self.pack),
            [list(hand) for hand in self.hands],
            self.layout,
            list(self.points),
            self.easy,
            self.dealt,
            self.players,
            self.seed,
            list(self.history),
            self.forfeited,
            self.replay,
        )

    @property
    def over(self) -> bool:
        """Whether the game is over (``why_over`` gives a reason)."""
        return self.why_over() is not None

    def scores(self) -> tuple[int, ...]:
        """Each seat's points; a seat that forfeited scores ``FORFEIT_SCORE``.

        Returns:
            Points per seat, in seat order.
        """
        if self.forfeited is None:
            return tuple(self.points)
        return tuple(
            FORFEIT_SCORE if seat == self.forfeited.seat else points
            for seat, points in enumerate(self.points)
        )

    def to_json(self) -> LayoutLog:
        """The game's log (see the module docstring): the keys in the order they have
        always been written.

        Returns:
            ``deck_order``, ``hands``, ``centre``, ``easy`` and ``moves``; then, when
                known or when they apply, ``deck``, ``players``, ``seed``, ``replay``,
                ``forfeit`` and (once the game is over) ``scores``.
        """
        log: LayoutLog = {
            "deck_order": list(self.dealt.order),
            "hands": [list(hand) for hand in self.dealt.hands],
            "centre": self.dealt.centre,
            "easy": self.easy,
            "moves": [event.to_json() for event in self.history],
        }
        if self.deck is not default_deck():
            log["deck"] = document(self.deck)  # the log alone is enough to replay the game
        if self.players is not None:
            log["players"] = list(self.players)
        if self.seed is not None:
            log["seed"] = self.seed
        if self.replay:
            log["replay"] = True
        if self.forfeited is not None:
            log["forfeit"] = {"seat": self.forfeited.seat, "reason": self.forfeited.reason}
        if self.over:
            log["scores"] = list(self.scores())
        return log

    # ``log``: parsed JSON (a save's, a file's), checked move by move by ``rebuild``.
    @classmethod
    def from_json(cls, log: dict[str, Any], deck: Deck | None = None) -> State:
        """The game a log describes (``rebuild``).

        Args:
            log: A game's log, as ``to_json`` writes it.
            deck: The deck, when the log carries none (None: the default deck).

        Returns:
            The state after the log's last move.

        Raises:
            LogError: The rules do not bear the log out (the message names the first
                discrepancy).
        """
        return rebuild(log, deck)

    # --- the rules of a turn and of the end ------------------------------------------
    def card(self, number: int) -> Card:
        """A card of the deck, by its number.

        Args:
            number: The card's number.

        Returns:
            The card.

        Raises:
            KeyError: The deck has no card of that number.
        """
        return self.deck.card(number)

    @property
    def log(self) -> LayoutLog:
        """The log (``to_json``), as callers of the untyped state read it."""
        return self.to_json()

    def why_over(self) -> str | None:
        """Why the game is over, as a reason code (``FORFEIT``, ``PACK_OUT`` or ``STUCK``),
        or None while it goes on; worked out once per move.

        Returns:
            ``FORFEIT``, ``PACK_OUT`` or ``STUCK``; None while the game goes on.
        """
        if self.forfeited is not None:
            return FORFEIT
        key = len(self.history)
        if self._ended is None or self._ended[0] != key:
            self._ended = key, ending(self.pack, self.hands, self._can_play)
        return self._ended[1]

    def _can_play(self, cards: Sequence[int]) -> bool:
        return any(self.fits(number) for number in cards)

    def fits(self, number: int) -> bool:
        """Can card ``number`` be played anywhere on the layout now?

        Args:
            number: The card's number.

        Returns:
            True when some place on the layout takes it (within 6 x 6 unless ``easy``).

        Raises:
            KeyError: The deck has no card of that number.
        """
        return fits(self.layout, self.deck, self.card(number), self.easy)

    def _play(self, seat: int, number: int, spot: Placement) -> Played:
        self.hands[seat].remove(number)
        self.layout = self.layout.place(spot.position, number)
        self.points[seat] += spot.points
        if self.pack:
            self.hands[seat].append(self.pack.pop(0))
        event = Played(
            seat,
            number,
            spot.position,
            spot.on_top,
            tuple(spot.declared),
            tuple(w.spelled for w in spot.words),
            spot.points,
        )
        self.history.append(event)
        return event

    def _knock(self, seat: int, number: int) -> Knocked:
        if self.pack:
            self.hands[seat].remove(number)
            self.pack.append(number)
            self.hands[seat].append(self.pack.pop(0))
        event = Knocked(seat, number)
        self.history.append(event)
        return event


GameState = State  # its name before it was typed


def resolve(view: LayoutView, move: object) -> Knock | tuple[int, Placement]:
    """The move as the rules make it, from what the seat sees: a ``Knock`` of a card in the
    hand, or the card and its placement (words and points worked out by the rules, with
    the words the play states for symbols).

    Args:
        view: What the moving seat sees.
        move: What the player returned.

    Returns:
        The ``Knock``, or the card's number and its ``Placement``.

    Raises:
        IllegalMove: Not a ``Play`` or ``Knock``, a card not in the hand, a place the card
            cannot go, or a word stated for symbols that does not fit; worded to follow
            the player's name ("player 'mine' moved card 9, ...").
    """
    if not isinstance(move, Play | Knock):
        raise IllegalMove(f"returned {move!r:.60}, not a Play or a Knock")
    if move.card not in view.hand:
        raise IllegalMove(f"moved card {move.card}, which is not in its hand")
    if isinstance(move, Knock):
        return move
    position = move.placement.position
    card = view.card(move.card)
    reason = why_not(view.layout, view.deck, card, position, view.easy)
    spot = None if reason else placement(view.layout, view.deck, card, position)
    if spot is None:
        raise IllegalMove(
            f"played card {move.card} at {list(position)}: the rules do not allow it there"
            + (f" ({reason})" if reason else "")
        )
    stated = move.stated
    if stated:
        try:
            spot = declare(spot, stated)
        except SubstituteError as error:
            raise IllegalMove(f"played card {move.card} at {list(position)}: {error}") from None
    return move.card, spot


# --- the deal --------------------------------------------------------------------------
def deal(
    players: int, seed: int | None = None, easy: bool = False, deck: Deck | None = None
) -> State:
    """A new game: the deck shuffled by the seed (``seeds.rng``), then dealt.

    Args:
        players: The number of seats, 1 to 6.
        seed: The shuffle's seed; None for the documented default seed (never the clock).
        easy: The easy game: no 6 x 6 limit (rule 9).
        deck: The deck; None for the default deck.

    Returns:
        The game before its first move.

    Raises:
        DeckError: The deck is too small for the hands and the centre card.
    """
    deck = deck or default_deck()
    order = [c.number for c in deck.cards]
    seeds.rng(seed).shuffle(order)
    return deal_order(players, order, easy, deck)


def deal_order(players: int, order: list[int], easy: bool, deck: Deck) -> State:
    """The deal from a known deck order (a log's), top card first.

    Args:
        players: The number of seats, 1 to 6.
        order: The deck's card numbers, top card first.
        easy: The easy game: no 6 x 6 limit (rule 9).
        deck: The deck the numbers are of.

    Returns:
        The game before its first move: ``hand_size(players)`` cards to each seat in turn
            from the top, then the centre card, the rest the pack.

    Raises:
        DeckError: The order is too short for the hands and the centre card.
    """
    size = hand_size(players)
    if len(order) < players * size + 1:  # the hands and the centre card
        raise DeckError(
            f"a deck of {len(order)} cards is too small for {players} player(s): "
            f"{players * size + 1} are dealt"
        )
    hands = [order[p * size : (p + 1) * size] for p in range(players)]
    pack = order[players * size :]
    centre = pack.pop(0)
    dealt = Deal(tuple(order), tuple(tuple(hand) for hand in hands), centre)
    return State(
        deck, pack, [list(h) for h in hands], Layout().place((0, 0), centre), [0] * players,
        easy, dealt,
    )  # fmt: skip


# --- reading a log back ------------------------------------------------------------------
# ``log``: parsed JSON, checked here (see ``State.from_json``).
def rebuild(log: dict[str, Any], deck: Deck | None = None) -> State:
    """The game a log describes, every move and score re-checked against the rules;
    raises ``LogError`` at the first discrepancy. The deck is the one the log carries (a
    game with another deck), else ``deck``, else the default deck.

    Args:
        log: A game's log, as ``State.to_json`` writes it (read from JSON).
        deck: The deck, when the log carries none (None: the default deck).

    Returns:
        The state after the log's last move (and its forfeit, if any).

    Raises:
        LogError: Not a log, or one the rules do not bear out: its deck, deal, a move, a
            forfeit or the final scores (the message names the first discrepancy).
    """
    if not isinstance(log, dict) or not LOG_KEYS & log.keys():
        raise NotALog("not a My Word (1980) game log (it has no deck_order, hands or moves)")
    if "deck" in log:
        try:
            deck = parse_deck(log["deck"], "in the log")
        except DeckError as error:
            raise LogError(str(error)) from None
    deck = deck or default_deck()
    if not (
        _whole_numbers(log.get("deck_order"))
        and isinstance(log.get("hands"), list)
        and all(_whole_numbers(hand) for hand in log["hands"])
        and isinstance(log.get("moves"), list)
    ):  # checked here, where the log enters: a wrong type was a traceback further on
        raise LogError("not a My Word (1980) game log (needs deck_order, hands and moves)")
    order, players, moves = list(log["deck_order"]), len(log["hands"]), log["moves"]
    if sorted(order) != sorted(c.number for c in deck.cards) or not 1 <= players <= 6:
        raise LogError("the deck order is not the deck's cards, or the players are not 1 to 6")
    if not isinstance(log.get("easy", False), bool):  # "yes" was read as true
        raise LogError(f"easy is true or false, not {log['easy']!r:.40}")
    try:
        state = deal_order(players, order, log.get("easy", False), deck)
    except DeckError as error:
        raise LogError(str(error)) from None
    if "players" in log:
        names = log["players"]
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise LogError("the players are a list of names")
        state.players = tuple(names)
    if "seed" in log:
        state.seed = log["seed"]
    if "replay" in log:
        if not isinstance(log["replay"], bool):
            raise LogError("replay is true or false")
        state.replay = log["replay"]
    if state.hands != [list(h) for h in log["hands"]] or state.dealt.centre != log.get("centre"):
        raise LogError("the hands or the centre card do not follow from the deck order")
    for number, move in enumerate(moves, start=1):
        _check_move(state, move, f"move {number}")
    if "forfeit" in log:
        _check_forfeit(state, log["forfeit"])
    if "scores" in log:  # the log says the game is over
        if not state.over:
            raise LogError(
                f"the log gives final scores after move {len(moves)}, but the game is not "
                f"over: {_goes_on(state)}"
            )
        if log["scores"] != list(state.scores()):
            raise LogError(
                f"final scores are {list(state.scores())}, the log says {log.get('scores')}"
            )
    return state


def _words_said(words: object) -> str:
    """Words for a message (``BUND, BUNT``; ``none``), not a Python list's repr; what a
    log holds in their place is quoted as it is, cut short."""
    if isinstance(words, list | tuple) or hasattr(words, "__next__"):
        listed = list(words)  # type: ignore[call-overload]
        if all(isinstance(word, str) for word in listed):
            said = ", ".join(word.upper() for word in listed[:6]) or "none"
            return said + (f" and {len(listed) - 6:,} more" if len(listed) > 6 else "")
    return f"{words!r:.40}"


def _whole_numbers(value: object) -> bool:
    """A list of integers from JSON (not bools, not strings)."""
    return isinstance(value, list) and all(type(n) is int for n in value)


def _goes_on(state: State) -> str:
    """Who could still play, for the message that a log claims the end too soon."""
    for player, hand in enumerate(state.hands):
        for number in hand:
            if state.fits(number):
                return f"player {player + 1} can play card {number}"
    playable = next(n for n in state.pack if state.fits(n))
    return f"card {playable} in the pack can be played"


def _check_forfeit(state: State, forfeit: object) -> None:
    if not (
        isinstance(forfeit, dict)
        and type(forfeit.get("seat")) is int
        and 0 <= forfeit["seat"] < state.seats
        and isinstance(forfeit.get("reason"), str)
    ):
        raise LogError("a forfeit names a seat and a reason")
    if state.over:
        raise LogError("the log gives a forfeit after the game was over")
    state.forfeit(forfeit["seat"], forfeit["reason"])


def _check_move(state: State, move: object, where: str) -> None:
    """Apply one logged move to ``state`` if the rules allow it exactly as logged."""
    if not isinstance(move, dict) or type(move.get("card")) is not int:
        raise LogError(f"{where}: not a move")
    position, declared = move.get("position", []), move.get("declared", [])
    if not (
        _whole_numbers(position)
        and isinstance(declared, list)
        and all(isinstance(word, str) for word in declared)
    ):  # (a number in declared was "'int' object has no attribute 'strip'")
        raise LogError(f"{where}: a position is [row, column], symbols a list of words")
    current = state.to_move()
    if current is None:
        raise LogError(f"{where}: the game was over")
    if move.get("player") != current:
        said = move.get("player")  # the log counts seats from 0, people from 1
        named = f"player {said + 1}" if type(said) is int else f"{said!r:.20}"
        raise LogError(f"{where}: it is player {current + 1}'s turn, not {named}'s")
    if move.get("card") not in state.hands[current]:
        raise LogError(f"{where}: card {move.get('card')} is not in player {current + 1}'s hand")
    if move.get("kind") == "knock":
        state.apply(current, Knock(move["card"]))
        return
    if move.get("kind") != "play":
        raise LogError(f"{where}: unknown kind {move.get('kind')!r}")
    if len(position) != 2:  # ([0, 1, 2] was a traceback: too many values to unpack)
        raise LogError(f"{where}: a position is [row, column], not {position!r:.40}")
    spot = placement(state.layout, state.deck, state.card(move["card"]), tuple(position))
    if spot is None or why_not(state.layout, state.deck, state.card(move["card"]),
                               tuple(position), state.easy):  # fmt: skip
        raise LogError(f"{where}: card {move['card']} cannot be played at {list(position)}")
    try:
        spot = declare(spot, list(declared))
    except (SubstituteError, TypeError, AttributeError) as error:
        raise LogError(f"{where}: {error}") from None
    if "on_top" in move and move["on_top"] is not spot.on_top:  # "no" was taken as written
        raise LogError(
            f"{where}: the card goes {'on top' if spot.on_top else 'beside'}, the log says "
            f"on_top {move['on_top']!r:.20}"
        )
    if [w.spelled for w in spot.words] != move.get("words") or spot.points != move.get("points"):
        raise LogError(
            f"{where}: the words are {_words_said(w.spelled for w in spot.words)} for "
            f"{spot.points} points, the log says {_words_said(move.get('words'))} for "
            f"{move.get('points')!r:.20}"
        )
    state.apply(current, Play(move["card"], spot))
