"""My Word (1980) in words: one function per event kind (``played``, ``knocked``,
``forfeited``), the reasons a game ends (``why_over``), what ``replay`` found
(``replay_message``) and the lines every front end shows (who is who, the scores, the
result, the seed, a hint). The game returns events and data (``state.py``, ``session.py``); only
here are they put into English, so the line mode, the full-screen app, ``solo`` and the
demo say the same things.
"""

from __future__ import annotations

from solver.arena.protocol import Forfeited
from solver.layout.game import Replay
from solver.layout.moves import Knock, Knocked, Played
from solver.layout.session import HUMAN, Move, hint, seed_of, squares
from solver.layout.squares import Squares
from solver.layout.state import FORFEIT, PACK_OUT, STUCK, State

ENDINGS = {  # the reason codes of ``State.why_over``, said
    PACK_OUT: "the pack is used up and a player has played all their cards",
    STUCK: "no card in a hand or in the pack can be played",
}


def seed_line(state: State) -> str:
    """How to replay the game: said once it is over (or for a game of bots alone), since
    the seed deals the pack and the hands, and replaying it elsewhere would show them."""
    seed = seed_of(state)
    # The seed once per line: 39 digits twice would not fit a terminal's width.
    if state.replay:
        return f"this game replayed --seed {seed}"
    return f"replay this game with --seed {seed}"


def replay_note(state: State) -> str:
    """Said as a game dealt from a typed seed begins: the seed deals every hand and the
    pack, so whoever typed it may know them, and the game is a replay, not a fair game."""
    if not state.replay:
        return ""
    return f"A replay of seed {seed_of(state)}: the hands and the pack are those it deals."


def names(state: State, you: bool = True) -> list[str]:
    """How players are called on screen: a lone person is "you" (``you``; a replay of a
    log keeps "human"); names that repeat are numbered by seat from 1 ("greedy 1",
    "greedy 2"), as people count; a log that names no players: "player 1", "player 2"."""
    players = list(state.players or ())
    if len(players) != len(state.hands):
        return [f"player {seat + 1}" for seat in range(len(state.hands))]
    called = ["you" if you and p == HUMAN and players.count(HUMAN) == 1 else p for p in players]
    if len(set(called)) < len(called):
        return [f"{p} {i + 1}" for i, p in enumerate(called)]
    return called


def says(name: str, verb: str) -> str:
    """``name`` and the verb agreeing with it: "you play", "beam plays"."""
    if name == "you":
        return f"you {verb}"
    return f"{name} {verb}es" if verb.endswith(("s", "sh", "ch")) else f"{name} {verb}s"


def scores_line(state: State) -> str:
    parts = [f"{name} {score}" for name, score in zip(names(state), state.points, strict=True)]
    return " · ".join(parts) + f" · pack {len(state.pack)} cards"


def hint_text(state: State, player: int, move: Move | None = None) -> str:
    move = move or hint(state, player)
    number = move.card
    if isinstance(move, Knock):
        return f"hint: no play; knock card {number}"
    spot = move.placement
    words = ", ".join(w.spelled.upper() for w in spot.words)
    on_top = " (on top)" if spot.on_top else ""
    return f"hint: {number} {squares(state).name(spot.position)}{on_top}: {words} +{spot.points}"


def describe_move(event: Played | Knocked | Forfeited, squares: Squares, name: str) -> str:
    """One line for an event, by its kind."""
    if isinstance(event, Played):
        return played(event, squares, name)
    if isinstance(event, Knocked):
        return knocked(event, name)
    return forfeited(event, name)


def describe(state: State, event: Played | Knocked | Forfeited) -> str:
    name = names(state)[event.seat]
    if isinstance(event, Forfeited):  # the reason is led by the seat's name as seated
        return forfeited(event, name, str((state.players or ())[event.seat]))
    return describe_move(event, squares(state), name)


def result_line(state: State, you: bool = True) -> str:
    """Who won (several players), or the solo score (``you``: as ``names`` says)."""
    scores = state.scores()
    if len(scores) == 1:
        return f"your score: {scores[0]}"
    lost = None if state.forfeited is None else state.forfeited.seat  # wins nothing
    standing = [(n, s) for seat, (n, s) in enumerate(zip(names(state, you), scores, strict=True))
                if seat != lost]  # fmt: skip
    best = max(s for _, s in standing)
    winners = [n for n, s in standing if s == best]
    verb = "wins" if len(winners) == 1 and winners != ["you"] else "win"
    return f"{' and '.join(winners)} {verb}"


def played(event: Played, squares: Squares, name: str) -> str:
    """A play: who, which card, where, the words (and the symbols' words) and the points."""
    where = squares.name(event.position)
    on_top = " on top" if event.on_top else ""
    words = ", ".join(w.upper() for w in event.words)
    declared = f" (symbols: {', '.join(event.declared).upper()})" if event.declared else ""
    return (
        f"{says(name, 'play')} card {event.card}{on_top} at {where}: {words}{declared} "
        f"+{event.points}"
    )


def knocked(event: Knocked, name: str) -> str:
    return f"{says(name, 'knock')}: card {event.card} goes to the bottom of the pack"


def forfeited(event: Forfeited, name: str, seated: str | None = None) -> str:
    """A forfeit: who, and why (the loop's reason begins with the seat's name, ``name`` or
    the name it was ``seated`` by: said once)."""
    reason = event.reason.removeprefix(name + ": ")
    if seated is not None:
        reason = reason.removeprefix(seated + ": ")
    return f"{name} forfeits the game: {reason}"


def why_over(state: State, you: bool = True) -> str | None:
    """Why the game is over, in words (its reason code, ``State.why_over``, said; a
    forfeit with its seat and reason), or None while it goes on."""
    code = state.why_over()
    if code == FORFEIT and state.forfeited is not None:
        seat = state.forfeited.seat
        who = names(state, you)[seat]  # "beam", never a seat counted from 0
        players = state.players or ()
        seated = players[seat] if seat < len(players) else who  # "beam" of "beam 2"
        reason = state.forfeited.reason.removeprefix(who + ": ").removeprefix(seated + ": ")
        return f"{who} forfeited: {reason}"
    return None if code is None else ENDINGS[code]


def replay_message(result: Replay) -> str:
    """What ``replay`` found, in one line: the first discrepancy; or the moves checked and
    either the game in progress (whose turn, the scores so far) or how it ended."""
    state = result.state
    if state is None:
        return str(result.problem)
    moves = len(state.history)
    checked = f"{moves} move{'' if moves == 1 else 's'} checked"
    called = names(state, you=False)  # a log is read by anyone: its players by name
    # "greedy 1: 294", not "greedy 1 294" (read as 1,294 where two seats are greedy)
    scores = ", ".join(f"{n}: {p}" for n, p in zip(called, state.scores(), strict=True))
    if not state.over:
        return (
            f"{checked}; a game in progress, {called[state.turn()]} to move; scores so far {scores}"
        )
    unwritten = "" if result.scores_written else " (the log gives no final scores)"
    won = f"; {result_line(state, you=False)}" if len(state.hands) > 1 else ""
    return f"{checked}; game over, {why_over(state, you=False)}; scores {scores}{won}{unwritten}"
