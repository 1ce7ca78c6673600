"""A person's game of My Word (1980): its state and the moves made on it, for any front end.

The line mode (``ui/lines.py``) and the full-screen app (``ui/screens.py``) drive the game
the same way through this module: ask whose turn it is, turn what the person chose into a
move (``person_play``, ``parse_play``), let the bots choose theirs (``bot_move``), and make
the move (``make_move``: its event), saving after each. Nothing here draws, prompts or
words: ``ui/wording.py`` puts the events and the state into sentences.

The saved game is the game's own log (``game.py``), with the players and the seed: the same
file ``myword layout replay`` checks, and resuming rebuilds the game from it move by move
through the rules. Bots draw their randomness from the seed and the move number, so a
resumed game goes on exactly as it would have.

A bot seat is any player the arena can seat (``BotSeats``): a built-in, one of one's own
(``module:attr``, ``path/to/file.py:attr``, an entry point) or an engine in another process
(``engine:COMMAND ARGS``). It is handed its seat's view only, never a person's hand. Its name
is in the save, so a resumed game seats it again (an engine's process is started afresh and
told the game's start, then handed views as before). An engine that fails (crashes,
answers late, a move the rules refuse) forfeits the game, as in the arena's loop.

A new game without a seed draws a fresh one of 128 bits (``seeds.fresh``): it deals the
pack and the hands, so it is sealed in the save with them and shown once the game is over,
when ``--seed N`` replays it. A game dealt from a typed seed is a replay (``replay`` in the
log) and says so: whoever typed the seed may know every hand.

Places are kept as (row, column) from the centre card; people see and type fixed square
names (``squares.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from solver.arena.protocol import (
    DEFAULT_TIME_LIMIT,
    Forfeited,
    Hello,
    IllegalMove,
    Seat,
    SeatFailed,
    decision_seed,
)
from solver.layout.board import Placement, placement, placements, why_not, within_limit
from solver.layout.deck import Deck
from solver.layout.game import legal_plays, rebuild, start_game
from solver.layout.moves import Knock, Knocked, Play, Played
from solver.layout.squares import Squares, squares_for
from solver.layout.state import LayoutLog, PublicLog, State, resolve
from solver.runtime import record, savefile, seeds
from solver.runtime.errors import UserError
from solver.runtime.numbers import ascii_digits, whole

HUMAN = "human"
BOTS = ("reader", "beam", "greedy", "random")  # the built-ins; any player the arena seats plays too
LEVEL_BOTS = {"easy": "random", "medium": "greedy", "hard": "reader"}
PLAY_SYNTAX = "a card number and a square, like 17 G5"

Move = Play | Knock
GameState = State  # its name before it was typed


@dataclass(frozen=True)
class Forfeit:
    """A bot seat gave no move the rules allow (an engine that crashed, answered late or
    spoke garbage; a move the rules refuse): made as a move, it forfeits the game."""

    reason: str


def parse_players(spec: str, engines: tuple[str, ...] = ()) -> list[str]:
    """The seats named by ``--players`` (``human`` or any player: ``check_player``), then
    each ``--engine`` as ``engine:COMMAND ARGS``; 1 to 6 of them. Built-in names and
    ``human`` are read in any case; a path or a command is kept as typed."""
    from solver.arena.seats import listed_names

    names = [_seat_name(p) for p in listed_names(spec)]  # "human,,beam" is refused
    names += [f"engine:{command}" for command in engines]
    if not 1 <= len(names) <= 6:
        raise UserError(f"players are 1 to 6 (got {len(names)}: {', '.join(names) or 'none'})")
    for name in names:
        check_player(name)
    return names


def _seat_name(name: str) -> str:
    return name.lower() if name.lower() in (HUMAN, *BOTS) else name


def check_player(name: str) -> None:
    """``human``, or a player the arena can seat (``game.check_player``); an unknown name
    is one line listing the choices, ``human`` among them."""
    from solver.arena import plugins
    from solver.arena.seats import is_engine
    from solver.layout.game import check_player as check_bot
    from solver.layout.seats import KIND

    if name == HUMAN:
        return
    if not is_engine(name) and ":" not in name:
        known = plugins.names(KIND)
        if name not in known:
            raise UserError(
                f"unknown player {name!r} (choose from {HUMAN}, {', '.join(known)}, or give "
                f"module:attr, path/to/file.py:attr or engine:COMMAND ARGS)"
            )
    check_bot(name)


def new_game(
    players: list[str], seed: int | None, easy: bool, deck: Deck | None = None
) -> GameState:
    """A new game; without a seed a fresh one, written in the log (``seed_of``); with one,
    a replay."""
    state = start_game(players, seeds.or_fresh(seed), easy, deck)
    state.replay = seeds.is_replay(seed)
    return state


def seed_of(state: GameState) -> int:
    return int(state.seed or 0)


def document(state: GameState) -> LayoutLog:
    """The game as JSON: its log (what is saved, and what ``replay`` checks)."""
    return state.to_json()


HIDDEN = ("seed", "deck_order", "hands")  # the pack, the hands dealt, and what deals them


def over(state: GameState) -> bool:
    return state.over


def public(state: GameState) -> PublicLog:
    """The log as the players may see it: until the game is over, without the pack, the
    hands dealt and the seed that deals them (``--json`` of a game that ends early)."""
    log = state.to_json()
    if over(state):
        return log
    return cast(PublicLog, {k: v for k, v in log.items() if k not in HIDDEN})


def save(state: GameState, path: Path) -> None:
    """Save the game's log, signed (``savefile``); until the game is over the pack, the
    hands dealt and the seed are sealed (``HIDDEN``), as What's My Word? seals its words."""
    done = over(state)
    log: Mapping[str, object] = state.to_json()
    secret = {} if done else {k: log[k] for k in HIDDEN if k in log}
    identity = savefile.write("layout", public(state), secret, done, path)
    entry = finished_entry(state, identity, Path(path).name) if done else None
    if entry is not None:
        record.add(entry)


def finished_entry(state: GameState, identity: str, name: str | None) -> record.Finished | None:
    """The finished game as the player's record keeps it (``runtime.record``), for the one
    person at the table; None for a game of several people on one screen, which is no one
    person's record. The opponent is the bots' names (``beam``, ``beam, greedy``); a solo
    game has none. The best possible score is the most points a play could score on each
    of the person's turns (``most_each_turn``): a plain measure that a save can afford (the
    review's, the strongest player's search on every turn, takes seconds)."""
    players = list(state.players or ())
    people = [seat for seat, player in enumerate(players) if player == HUMAN]
    if len(people) != 1:
        return None
    you = people[0]
    scores = list(state.scores())
    others = tuple(points for seat, points in enumerate(scores) if seat != you)
    bots = [player for seat, player in enumerate(players) if seat != you]
    return record.Finished(
        game="layout",
        key=identity,
        ended=record.now(),
        opponent=", ".join(dict.fromkeys(bots)) or "solo",
        you=scores[you],
        others=others,
        result=record.result_of(scores[you], others) if others else "solo",
        best=most_each_turn(state, you),
        seed=state.seed,
        save=name,
        details={"easy": bool(state.easy), "replay": bool(state.replay)},
    )


def most_each_turn(state: GameState, seat: int) -> int:
    """The sum, over ``seat``'s turns, of the most points any legal play scored there (a
    knock where a play stood counts that play; a turn with none counts 0)."""
    log = state.to_json()
    start = {key: value for key, value in log.items() if key not in ("scores", "forfeit")}
    total = 0
    for index, logged in enumerate(log["moves"]):
        if logged["player"] == seat:
            before = rebuild(start | {"moves": log["moves"][:index]}, state.deck)
            total += max((spot.points for _, spot in legal_plays(before, seat)), default=0)
    return total


def unsealed(readable: Any, secret: Any) -> Any:
    """A saved log made whole again: its readable part and its sealed one."""
    if isinstance(readable, dict) and isinstance(secret, dict):
        return readable | secret
    return readable


def load(path: Path) -> GameState:
    log, secret = savefile.read("layout", path)
    log = unsealed(log, secret)
    if not isinstance(log, dict) or "players" not in log or "seed" not in log:
        raise UserError(f"{path} is not a saved My Word (1980) game")
    try:  # every move re-checked, and a log with final scores must end the game
        state = rebuild(log)
    except UserError as error:
        raise UserError(f"{path} cannot be resumed: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
        raise UserError(f"{path} is not a valid saved game: {error!r:.80}") from None
    if "scores" in log or state.over:
        raise UserError(f"the game in {path} is over; `myword layout replay {path}` checks it")
    for name in state.players or ():  # each seated again: one of one's own must still load
        try:
            check_player(name)
        except UserError as error:
            raise UserError(f"{path} cannot be resumed: {error}") from None
    return state


def squares(state: GameState) -> Squares:
    """The game's fixed square names (``squares.py``)."""
    return squares_for(state.easy, len(state.deck.cards))


def is_person(state: GameState, player: int) -> bool:
    return (state.players or ())[player] == HUMAN


def open_squares(state: GameState) -> frozenset[tuple[int, int]]:
    """Empty squares touching the layout where a card may go under the size limit."""
    return frozenset(
        square
        for square in state.layout.frontier
        if (state.easy or within_limit(state.layout, square)) and squares(state).contains(square)
    )


def places(state: GameState, number: int) -> list[Placement]:
    """Where card ``number`` may go now, best first."""
    found = placements(state.layout, state.deck, state.card(number), state.easy)
    return sorted(found, key=lambda spot: -spot.points)


def ranked_plays(state: GameState, player: int) -> list[tuple[int, Placement]]:
    """The player's plays, best first."""
    return sorted(legal_plays(state, player), key=lambda item: -item[1].points)


def person_play(state: GameState, player: int, number: int, position: tuple[int, int]) -> Play:
    """The person's play of card ``number`` at ``position``, or ``UserError`` saying why it
    is not legal (symbols stand for the most common word that fits; ``board.declare``
    states others)."""
    if number not in state.hands[player]:
        raise UserError(f"card {number} is not in your hand ({sorted(state.hands[player])})")
    name = squares(state).name(position)
    card = state.card(number)
    reason = why_not(state.layout, state.deck, card, position, state.easy)
    spot = placement(state.layout, state.deck, card, position)
    if reason or spot is None:
        raise UserError(f"card {number} cannot go at {name}: {reason}")
    return Play(number, spot)


def person_knock(state: GameState, player: int, number: int) -> Move:
    if number not in state.hands[player]:
        raise UserError(f"knock which card? one of {sorted(state.hands[player])}")
    return Knock(number)


def parse_play(state: GameState, player: int, line: str) -> tuple[int, Placement, list[str]]:
    """``CARD SQUARE [WORD ...]`` -> the card, its placement and the words stated; raises
    ``UserError`` saying what is wrong."""
    parts = line.split()
    if len(parts) < 2 or not ascii_digits(parts[0]):
        raise UserError(f"not understood: {line!r} (type {PLAY_SYNTAX}, or help)")
    number = whole(parts[0], "card", UserError)
    position = squares(state).position(parts[1])
    spot = person_play(state, player, number, position).placement
    return number, spot, [w.lower() for w in parts[2:]]


def hint(state: GameState, player: int) -> Move:
    """What the reader, the strongest player, would do in the person's place (its own
    seeded choice, from the person's view alone)."""
    from solver.layout.reader import reader_move

    rng = seeds.derived(state.seed, "hint", len(state.history))
    return reader_move(state.view(player), rng)


@dataclass
class BotSeats:
    """The bot seats of a person's game, as the arena's loop seats them
    (``solver.arena.seats.named``): each is started when first asked (an engine's process
    started and told the game's start, ``Hello``), handed its view and the decision's seed
    for each move, told the scores at the end (``finish``) and let go (``close``).

    A seat is started on its first decision, not when the game opens, so that a person
    who only looks and quits starts no process; for the seat the game starts then (its
    view holds all it may know of the moves made before)."""

    state: State
    time_limit: float = DEFAULT_TIME_LIMIT
    _seats: dict[int, Seat] = field(default_factory=dict)

    def seat(self, player: int) -> Seat:
        if player not in self._seats:
            from solver.arena.seats import named
            from solver.layout.arena import RULES

            name = str((self.state.players or ())[player])
            seat = named(RULES, name, self.time_limit, slot=player)
            seat.start(Hello(self.state.game, self.state.variant(), player, self.state.seats))
            self._seats[player] = seat
        return self._seats[player]

    def move(self, player: int) -> Move | Forfeit:
        """The move of the bot in seat ``player`` (``bot_move``)."""
        return bot_move(self.state, player, self.seat(player))

    def finish(self) -> None:
        """The game is over: every seat started is told the scores (an engine: ``over``)."""
        for seat in self._seats.values():
            seat.finish(self.state.scores())

    def close(self) -> None:
        """Let every seat go (an engine is asked to quit); safe to call more than once."""
        from solver.arena.loop import close_all

        seats, self._seats = list(self._seats.values()), {}
        close_all(seats)


def bot_move(state: GameState, player: int, seat: Seat | None = None) -> Move | Forfeit:
    """The bot in seat ``player`` chooses from its view alone, with the seed of this
    decision as the arena's loop gives it to a game played from its deal (``game.run``),
    so that games played here and there go alike. A seat that gives no move, or one the
    rules refuse, forfeits (``Forfeit``, the reason led by its name as the loop words
    it); so does a player of this process that raises (``arena.LayoutRules.seat`` words
    the bug in one line): the game had stopped there, and every resume again, so it could
    never end. Without ``seat``, the player is seated for this move."""
    if seat is None:
        from solver.layout.arena import RULES

        seat = RULES.seat(str((state.players or ())[player]))
    name = str((state.players or ())[player])
    view = state.view(player)
    try:
        move = seat.decide(view, decision_seed(seed_of(state), player, len(state.history)))
        resolve(view, move)
    except (SeatFailed, IllegalMove) as failure:
        return Forfeit(f"{name}: {failure}")
    except UserError as failure:  # a player's own bug, said as the other failures are
        return Forfeit(f"{name}: {str(failure).removeprefix(f'player {name!r} ')}")
    return move


def make_move(state: GameState, move: Move | Forfeit) -> Played | Knocked | Forfeited:
    """Make the move of the player whose turn it is (a ``Forfeit`` forfeits the game);
    what happened (the logged move, or the forfeit)."""
    if isinstance(move, Forfeit):
        (event,) = state.forfeit(state.turn(), move.reason)
    else:
        (event,) = state.apply(state.turn(), move)
    return event
