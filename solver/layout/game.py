"""My Word (1980) game: the deal, turns, drawing, knocking, the end, and a JSON log.

Rules 3-10 of the rulebook: deal 3 cards each (4 with two or three players, 4 in solo), the
top card of the pack face up in the centre; a turn plays a card next to the layout or on top
of a card (``board.py`` says where), scores its words and draws the top card, or knocks: a
card goes face down to the bottom of the pack and the top card is drawn. The game ends when
the pack is used up and either a player has played all their cards or no player can play.

Our choice where the rules are silent: knocking can go on for ever when nobody can play
while the pack lasts, so the game also ends after a full round of knocks by every player
with no card played in between the pack could not change (every player knocked as many
times as there are cards in the pack). The log holds everything needed to replay a game:
the deck order, the hands, every move with its words and points, and the final scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from solver import seeds
from solver.errors import UserError
from solver.layout.board import Layout, Placement, SubstituteError, declare, placements
from solver.layout.deck import Card, Deck, DeckError, default_deck, document, parse_deck


@dataclass
class GameState:
    deck: Deck
    pack: list[int]  # card numbers, top first
    hands: list[list[int]]
    layout: Layout
    scores: list[int]
    easy: bool
    knocks_in_a_row: int = 0
    log: dict[str, object] = field(default_factory=dict)

    def card(self, number: int) -> Card:
        return self.deck.card(number)


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
    state.knocks_in_a_row = 0
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
    state.knocks_in_a_row += 1
    state.log["moves"].append({"player": player, "kind": "knock", "card": number})  # type: ignore[union-attr]


def finished(state: GameState) -> bool:
    players = len(state.hands)
    if state.knocks_in_a_row >= players * max(len(state.pack), 1):
        return True
    if state.pack:
        return False
    return any(not hand for hand in state.hands) or all(
        not legal_plays(state, p) for p in range(players)
    )


Player = Callable[[GameState, int, random.Random], tuple[str, int, Placement | None]]


def random_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    """Any legal play, at random; a random knock when there is none (the baseline)."""
    plays = legal_plays(state, player)
    if plays:
        number, spot = rng.choice(plays)
        return "play", number, spot
    return "knock", rng.choice(state.hands[player]), None


def greedy_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    """The play that scores most now; without one, knock the card with the fewest places."""
    plays = legal_plays(state, player)
    if plays:
        number, spot = max(plays, key=lambda item: item[1].points)
        return "play", number, spot
    return "knock", state.hands[player][0], None


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


def player_named(name: str) -> Player:
    if name == "beam":
        from solver.layout.players import beam_player

        return beam_player
    return PLAYERS[name]


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
    try:
        order = [int(n) for n in log["deck_order"]]
        players = len(log["hands"])
        moves = log["moves"]
    except (KeyError, TypeError, ValueError):
        raise LogError("not a My Word game log (needs deck_order, hands and moves)") from None
    if sorted(order) != sorted(c.number for c in deck.cards) or not 1 <= players <= 6:
        raise LogError("the deck order is not the deck's cards, or the players are not 1 to 6")
    state = deal_order(players, order, bool(log.get("easy", False)), deck)
    for key in ("players", "seed"):
        if key in log:
            state.log[key] = log[key]
    if state.hands != [list(h) for h in log["hands"]] or state.log["centre"] != log.get("centre"):
        raise LogError("the hands or the centre card do not follow from the deck order")
    for number, move in enumerate(moves, start=1):
        _check_move(state, move, f"move {number}")
    if "scores" in log and log["scores"] != state.scores:
        raise LogError(f"final scores are {state.scores}, the log says {log.get('scores')}")
    return state


def _check_move(state: GameState, move: object, where: str) -> None:
    """Apply one logged move to ``state`` if the rules allow it exactly as logged."""
    if not isinstance(move, dict):
        raise LogError(f"{where}: not a move")
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


def replay(log: dict, deck: Deck | None = None) -> tuple[bool, str]:
    """Re-check every move and score of a log against the rules: (True, summary) or
    (False, the first discrepancy)."""
    try:
        state = rebuild(log, deck)
    except LogError as error:
        return False, str(error)
    if "scores" not in log:
        return False, f"the log has no final scores (a game in progress? scores {state.scores})"
    return True, f"{len(state.log['moves'])} moves checked; scores {state.scores}"
