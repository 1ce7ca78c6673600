"""My Word (1980) game: the deal, turns, drawing, knocking, the end, and a JSON log.

Rules 3-10 of the rulebook: deal 3 cards each (4 with two or three players, 4 in solo), the
top card of the pack face up in the centre; a turn plays a card next to the layout or on top
of a card (``board.py`` says where), scores its words and draws the top card, or knocks: a
card goes face down to the bottom of the pack and the top card is drawn. The game ends when
the pack is used up and either a player has played all their cards or no player can play;
``ending`` holds that rule and our choice where the rules are silent (knocks could go on for
ever while the pack lasts), for the game loop, ``replay`` and the beam player's look-ahead
alike. The log holds everything needed to replay a game: the deck order, the hands, every
move with its words and points, and the final scores (written once the game is over, so a
log without them is a game in progress).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from solver.layout.board import Layout, Placement, SubstituteError, declare, fits, placements
from solver.layout.deck import Deck, DeckError, default_deck, document, parse_deck
from solver.layout.seats import Knock, LayoutView, Play, as_loop_move, view_of
from solver.layout.seats import legal_plays as legal_plays_of

# The state and the ending rule live below the players (``state.py``); named here too, where
# the game loop's callers have always found them.
from solver.layout.state import PACK_OUT as PACK_OUT
from solver.layout.state import STUCK as STUCK
from solver.layout.state import GameState as GameState
from solver.layout.state import ending as ending
from solver.runtime import seeds
from solver.runtime.errors import UserError


def hand_size(players: int) -> int:
    return 4 if players <= 3 else 3


def deal(
    players: int, seed: int | None = None, easy: bool = False, deck: Deck | None = None
) -> GameState:
    deck = deck or default_deck()
    order = [c.number for c in deck.cards]
    seeds.rng(seed).shuffle(order)
    return deal_order(players, order, easy, deck)


def deal_order(players: int, order: list[int], easy: bool, deck: Deck) -> GameState:
    """The deal from a known deck order (a log's), top card first."""
    size = hand_size(players)
    if len(order) < players * size + 1:  # the hands and the centre card
        raise DeckError(
            f"a deck of {len(order)} cards is too small for {players} player(s): "
            f"{players * size + 1} are dealt"
        )
    hands = [order[p * size : (p + 1) * size] for p in range(players)]
    pack = order[players * size :]
    centre = pack.pop(0)
    log = {
        "deck_order": list(order),
        "hands": [list(h) for h in hands],
        "centre": centre,
        "easy": easy,
        "moves": [],
    }
    if deck is not default_deck():
        log["deck"] = document(deck)  # the log alone is enough to replay the game
    return GameState(
        deck, pack, hands, Layout().place((0, 0), centre), [0] * players, easy, log=log
    )


def legal_plays(state: GameState, player: int) -> list[tuple[int, Placement]]:
    """Every (card in hand, placement) the player may play."""
    return [
        (number, spot)
        for number in state.hands[player]
        for spot in placements(state.layout, state.deck, state.card(number), state.easy)
    ]


def play(state: GameState, player: int, number: int, spot: Placement) -> None:
    state.hands[player].remove(number)
    state.layout = state.layout.place(spot.position, number)
    state.scores[player] += spot.points
    if state.pack:
        state.hands[player].append(state.pack.pop(0))
    state.log["moves"].append(  # type: ignore[union-attr]
        {
            "player": player,
            "kind": "play",
            "card": number,
            "position": list(spot.position),
            "on_top": spot.on_top,
            "declared": spot.declared,
            "words": [w.spelled for w in spot.words],
            "points": spot.points,
        }
    )


def knock(state: GameState, player: int, number: int) -> None:
    if state.pack:
        state.hands[player].remove(number)
        state.pack.append(number)
        state.hands[player].append(state.pack.pop(0))
    state.log["moves"].append({"player": player, "kind": "knock", "card": number})  # type: ignore[union-attr]


def _fits(state: GameState, number: int) -> bool:
    return fits(state.layout, state.deck, state.card(number), state.easy)


def why_over(state: GameState) -> str | None:
    """Why the game in ``state`` is over, or None while it goes on (``ending``)."""
    return ending(state.pack, state.hands, lambda cards: any(_fits(state, n) for n in cards))


def finished(state: GameState) -> bool:
    return why_over(state) is not None


def _goes_on(state: GameState) -> str:
    """Who could still play, for the message that a log claims the end too soon."""
    for player, hand in enumerate(state.hands):
        for number in hand:
            if _fits(state, number):
                return f"player {player} can play card {number}"
    playable = next(n for n in state.pack if _fits(state, n))
    return f"card {playable} in the pack can be played"


Player = Callable[[GameState, int, random.Random], tuple[str, int, Placement | None]]


def random_move(view: LayoutView, rng: random.Random) -> Play | Knock:
    """Any legal play, at random; a random knock when there is none (the baseline)."""
    plays = legal_plays_of(view)
    if plays:
        return rng.choice(plays)
    return Knock(rng.choice(view.hand))


def greedy_move(view: LayoutView, rng: random.Random) -> Play | Knock:
    """The play that scores most now; without one, knock the first card of the hand."""
    plays = legal_plays_of(view)
    if plays:
        return max(plays, key=lambda play: play.placement.points)
    return Knock(view.hand[0])


def random_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    """``random_move`` as the loop calls a player: from the seat's view alone."""
    return as_loop_move(random_move(view_of(state, player), rng))


def greedy_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    """``greedy_move`` as the loop calls a player: from the seat's view alone."""
    return as_loop_move(greedy_move(view_of(state, player), rng))


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


def player_named(name: str) -> Player:
    """A built-in (``random``, ``greedy``, ``beam``) or a player of one's own
    (``seats.seated``: an entry point, ``module:attr`` or ``file.py:attr``)."""
    if name == "beam":
        from solver.layout.players import beam_player

        return beam_player
    if name in PLAYERS:
        return PLAYERS[name]
    from solver.layout.seats import seated

    return seated(name)


def to_move(state: GameState) -> int:
    """Whose turn it is: the player at the dealer's left starts (rule 4), then the turn
    moves to the left. (A hand is empty only once the pack is, which ends the game.)"""
    moves = state.log["moves"]
    last = moves[-1]["player"] if moves else 0  # type: ignore[index]
    return (last + 1) % len(state.hands)


def apply(state: GameState, player: int, move: tuple[str, int, Placement | None]) -> None:
    kind, number, spot = move
    if kind == "play" and spot is not None:
        play(state, player, number, spot)
    else:
        knock(state, player, number)


def run(
    state: GameState,
    chosen: list[Player],
    seed: int | None,
    after_move: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play on from ``state`` to the end. Each turn's player gets a generator derived from
    the seed and the move number, so a game resumed from its log goes on as it would have."""
    while not finished(state):
        current = to_move(state)
        rng = seeds.derived(seed, "layout", len(state.log["moves"]))  # type: ignore[arg-type]
        apply(state, current, chosen[current](state, current, rng))
        if after_move:
            after_move(state)
    state.log["scores"] = list(state.scores)
    return state


def start_game(
    players: list[str], seed: int | None = None, easy: bool = False, deck: Deck | None = None
) -> GameState:
    """The deal for the named players, their names and the seed written in the log."""
    state = deal(len(players), seed, easy, deck)
    state.log.update(players=list(players), seed=seeds.DEFAULT_SEED if seed is None else seed)
    return state


def play_game(
    players: list[str], seed: int | None = None, easy: bool = False, deck: Deck | None = None
) -> GameState:
    """A whole game between the named players (one name: the solo game)."""
    chosen = [player_named(name) for name in players]
    return run(start_game(players, seed, easy, deck), chosen, seed)


class LogError(UserError):
    """A game log that the rules do not bear out: the message names the first discrepancy."""


def rebuild(log: dict, deck: Deck | None = None) -> GameState:
    """The game a log describes, every move and score re-checked against the rules;
    raises ``LogError`` at the first discrepancy. The deck is the one the log carries (a
    game with another deck), else ``deck``, else the default deck."""
    if isinstance(log, dict) and "deck" in log:
        try:
            deck = parse_deck(log["deck"], "in the log")
        except DeckError as error:
            raise LogError(str(error)) from None
    deck = deck or default_deck()
    if not (
        isinstance(log, dict)
        and _whole_numbers(log.get("deck_order"))
        and isinstance(log.get("hands"), list)
        and all(_whole_numbers(hand) for hand in log["hands"])
        and isinstance(log.get("moves"), list)
    ):  # checked here, where the log enters: a wrong type was a traceback further on
        raise LogError("not a My Word game log (needs deck_order, hands and moves)")
    order, players, moves = list(log["deck_order"]), len(log["hands"]), log["moves"]
    if sorted(order) != sorted(c.number for c in deck.cards) or not 1 <= players <= 6:
        raise LogError("the deck order is not the deck's cards, or the players are not 1 to 6")
    try:
        state = deal_order(players, order, bool(log.get("easy", False)), deck)
    except DeckError as error:
        raise LogError(str(error)) from None
    for key in ("players", "seed"):
        if key in log:
            state.log[key] = log[key]
    if state.hands != [list(h) for h in log["hands"]] or state.log["centre"] != log.get("centre"):
        raise LogError("the hands or the centre card do not follow from the deck order")
    for number, move in enumerate(moves, start=1):
        _check_move(state, move, f"move {number}")
    if "scores" in log:  # the log says the game is over
        if not finished(state):
            raise LogError(
                f"the log gives final scores after move {len(moves)}, but the game is not "
                f"over: {_goes_on(state)}"
            )
        if log["scores"] != state.scores:
            raise LogError(f"final scores are {state.scores}, the log says {log.get('scores')}")
    return state


def _whole_numbers(value: object) -> bool:
    """A list of integers from JSON (not bools, not strings)."""
    return isinstance(value, list) and all(type(n) is int for n in value)


def _check_move(state: GameState, move: object, where: str) -> None:
    """Apply one logged move to ``state`` if the rules allow it exactly as logged."""
    if not isinstance(move, dict) or type(move.get("card")) is not int:
        raise LogError(f"{where}: not a move")
    position, declared = move.get("position", []), move.get("declared", [])
    if not (_whole_numbers(position) and isinstance(declared, list)):
        raise LogError(f"{where}: a position is [row, column], symbols a list")
    if finished(state):
        raise LogError(f"{where}: the game was over")
    current = to_move(state)
    if move.get("player") != current:
        raise LogError(f"{where}: it is player {current}'s turn, not {move.get('player')}'s")
    if move.get("card") not in state.hands[current]:
        raise LogError(f"{where}: card {move.get('card')} is not in player {current}'s hand")
    if move.get("kind") == "knock":
        knock(state, current, move["card"])
        return
    if move.get("kind") != "play":
        raise LogError(f"{where}: unknown kind {move.get('kind')!r}")
    position = tuple(move.get("position", ()))
    card = state.card(move["card"])
    allowed = {p.position: p for p in placements(state.layout, state.deck, card, state.easy)}
    spot = allowed.get(position)
    if spot is None:
        raise LogError(f"{where}: card {move['card']} cannot be played at {list(position)}")
    try:
        spot = declare(spot, list(move.get("declared", [])))
    except (SubstituteError, TypeError) as error:
        raise LogError(f"{where}: {error}") from None
    if [w.spelled for w in spot.words] != move.get("words") or spot.points != move.get("points"):
        raise LogError(
            f"{where}: the words are {[w.spelled for w in spot.words]} for {spot.points} "
            f"points, the log says {move.get('words')} for {move.get('points')}"
        )
    play(state, current, move["card"], spot)


class Replay(NamedTuple):
    """What ``replay`` found (a named tuple: ``replay(log)[0]`` is still whether it is ok)."""

    ok: bool  # every move as the rules allow, and final scores, if given, that add up
    message: str  # a summary, or the first discrepancy
    finished: bool = False  # the game the log describes is over by the rules

    @property
    def verdict(self) -> str:
        """``ok`` (a finished game), ``unfinished`` (a game in progress) or ``discrepancy``."""
        if not self.ok:
            return "discrepancy"
        return "ok" if self.finished else "unfinished"


def replay(log: dict, deck: Deck | None = None) -> Replay:
    """Re-check every move and score of a log against the rules. A log with final scores
    must describe a game that is over (``ending``); a log without them is a saved game in
    progress, and is reported as unfinished (ok, not finished) unless its moves end the
    game, when it is a finished game whose scores were not written."""
    try:
        state = rebuild(log, deck)
    except LogError as error:
        return Replay(False, str(error))
    moves = len(state.log["moves"])
    checked = f"{moves} move{'' if moves == 1 else 's'} checked"
    why = why_over(state)
    if why is None:
        return Replay(
            True,
            f"{checked}; a game in progress, player {to_move(state)} to move, "
            f"scores so far {state.scores}",
        )
    unwritten = "" if "scores" in log else " (the log gives no final scores)"
    return Replay(True, f"{checked}; game over, {why}; scores {state.scores}{unwritten}", True)
