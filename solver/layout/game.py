"""My Word (1980) games: the built-in simple players, a whole game between named players
through the arena's loop, and the check of a log.

The rules of a turn, the deal, the end and the log are the ``State``'s (``state.py``);
the loop that asks each seat for its move is the arena's (``solver.arena.loop``), the same
one a bench, a tournament worker and the engine protocol's referee play with. Each
decision's generator is ``random.Random`` of its ``decision_seed`` (the game's seed, the
seat, the move number), so a game resumed from its log goes on as it would have, and a
player served over the engine protocol draws what it would draw here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from solver.arena.protocol import DEFAULT_TIME_LIMIT
from solver.layout.board import Placement
from solver.layout.deck import Deck

# The state, the deal and the ending rule live below the players (``state.py``); named
# here too, where the game's callers have always found them.
from solver.layout.moves import Knock, Play
from solver.layout.state import FORFEIT as FORFEIT
from solver.layout.state import PACK_OUT as PACK_OUT
from solver.layout.state import STUCK as STUCK
from solver.layout.state import GameState as GameState
from solver.layout.state import LogError as LogError
from solver.layout.state import NotALog, State
from solver.layout.state import deal as deal
from solver.layout.state import deal_order as deal_order
from solver.layout.state import ending as ending
from solver.layout.state import hand_size as hand_size
from solver.layout.state import rebuild as rebuild
from solver.layout.view import LayoutView
from solver.layout.view import legal_plays as legal_plays_of
from solver.runtime import seeds


def legal_plays(state: State, player: int) -> list[tuple[int, Placement]]:
    """Every (card in hand, placement) the player may play."""
    return [(play.card, play.placement) for play in legal_plays_of(state.view(player))]


def play(state: State, player: int, number: int, spot: Placement) -> None:
    """``player`` plays card ``number`` at ``spot`` (``State.apply``)."""
    state.apply(player, Play(number, spot))


def knock(state: State, player: int, number: int) -> None:
    """``player`` knocks card ``number`` (``State.apply``)."""
    state.apply(player, Knock(number))


def why_over(state: State) -> str | None:
    """Why the game in ``state`` is over (a reason code: ``PACK_OUT``, ``STUCK``,
    ``FORFEIT``), or None while it goes on (``State.why_over``)."""
    return state.why_over()


def finished(state: State) -> bool:
    return state.over


def to_move(state: State) -> int:
    """Whose turn it is, or would be were the game not over (rule 4: the seat after the
    dealer's starts)."""
    return state.turn()


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


BUILTINS = ("reader", "beam", "greedy", "random")


def check_player(name: str) -> None:
    """Load the player ``name`` (a built-in, a plugin or ``engine:...``, whose command is
    checked when it starts): an unknown one is a one-line error listing the choices."""
    from solver.arena.seats import engine_command, is_engine

    if is_engine(name):
        engine_command(name)
        return
    from solver.arena import plugins
    from solver.layout.seats import KIND

    plugins.load(KIND, name)


def run(
    state: State,
    players: list[str],
    seed: int | None,
    on_event: Callable[[Any], None] | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> State:
    """Play on from ``state`` to the end, seat s played by ``players[s]`` (any name
    ``solver.arena.seats.named`` takes: an engine's process is kept for the next game),
    through the arena's loop; the decision seeds derive from ``seed``
    (``seeds.DEFAULT_SEED`` when None) and the move number."""
    from solver.arena.loop import play as play_out
    from solver.arena.seats import named
    from solver.layout.arena import RULES

    seats = [named(RULES, name, time_limit, slot=seat) for seat, name in enumerate(players)]
    play_out(state, seats, _game_seed(seed), on_event)
    return state


def _game_seed(seed: int | None) -> int:
    return seeds.DEFAULT_SEED if seed is None else seed


def start_game(
    players: list[str], seed: int | None = None, easy: bool = False, deck: Deck | None = None
) -> State:
    """The deal for the named players, their names and the seed written in the log."""
    state = deal(len(players), seed, easy, deck)
    state.players = tuple(players)
    state.seed = _game_seed(seed)
    return state


def play_game(
    players: list[str],
    seed: int | None = None,
    easy: bool = False,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> State:
    """A whole game between the named players (one name: the solo game)."""
    return run(start_game(players, seed, easy, deck), players, seed, time_limit=time_limit)


class Replay(NamedTuple):
    """What ``replay`` found: data, worded by ``ui/wording.replay_message`` (a named tuple:
    ``replay(log)[0]`` is still whether it is ok)."""

    ok: bool  # every move as the rules allow, and final scores, if given, that add up
    problem: str | None = None  # the first discrepancy (``LogError``'s line), when not ok
    state: State | None = None  # the game the log describes, checked (when ok)
    scores_written: bool = True  # the log gives final scores
    not_a_log: bool = False  # the JSON is no game log at all (``NotALog``), not a wrong one

    @property
    def finished(self) -> bool:
        """The game the log describes is over by the rules."""
        return self.state is not None and self.state.over

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
        return Replay(False, str(error), not_a_log=isinstance(error, NotALog))
    return Replay(True, None, state, "scores" in log)
