"""My Word (1980) in the arena (``solver.arena.tournament``): game g between players.

Every game is played by the arena's one loop (``solver.arena.loop.play``) with seats named
as ``solver.arena.seats.named`` takes them, so built-ins, players of one's own and engines
in other processes (``engine:COMMAND ARGS``) play in any mix, here, in worker processes
and on Dask alike.

Solo (option ``solo``): every entry plays the same seeded solo game alone. Otherwise the
entries play together, the seats rotating game by game so that nobody always starts;
a tie for first place shares the win. The breakdown is the points of each of the
player's turns, in order (a knock scores 0). A seat that forfeits (an engine that crashed,
answered late or made a move the rules refuse) scores ``state.FORFEIT_SCORE`` and wins
nothing; the record says why (``forfeit``) and the table counts forfeits. An engine's
process is started once per worker and seat and serves all its games
(``seats.named``); option ``engine_time``: the seconds it may think over one move.
"""

from __future__ import annotations

from functools import cache
from typing import TypedDict

from solver.arena.loop import Outcome
from solver.arena.loop import play as play_out
from solver.arena.protocol import DEFAULT_TIME_LIMIT
from solver.arena.seats import named
from solver.arena.tournament import Result, Tournament, TournamentRecord
from solver.layout.arena import RULES, new_state
from solver.layout.deck import Deck, load_deck
from solver.layout.game import BUILTINS, check_player
from solver.layout.moves import Knocked, Played
from solver.runtime.errors import UserError

SCORE = "points"
BREAKDOWN = "turn"
NAMES = BUILTINS


def check(spec: Tournament) -> None:
    solo = spec.option("solo", False)
    for name in spec.entries:  # each named first: a wrong name is the error to hear
        check_player(name)  # a built-in, one of one's own or an engine: else one error
    if not 1 <= len(spec.entries) <= 6 or (not solo and len(spec.entries) < 2):
        raise UserError(
            f"give 2 to 6 players (1 or more with --solo), not {len(spec.entries)}: "
            f"{', '.join(NAMES)}, a player of your own or an engine"
        )
    _deck(spec.option("deck"))


@cache
def _deck(path: str | None) -> Deck:
    return load_deck(path)


def _game(spec: Tournament, names: list[str], seed: int, entries: list[int]) -> Outcome:
    """One game between ``names`` (seat order) through the arena's loop. ``entries``: each
    seat's entry in the tournament, which keys its engine: the seats rotate game by game,
    and an engine keyed by its seat was started once for every seat it sat in (a handshake
    that never came cost its 30 s that many times)."""
    easy = bool(spec.option("easy", False))
    state = new_state(seed, len(names), easy, _deck(spec.option("deck")))
    limit = float(spec.option("engine_time", DEFAULT_TIME_LIMIT))
    seats = [
        named(RULES, name, limit, slot=entry) for name, entry in zip(names, entries, strict=True)
    ]
    return play_out(state, seats, seed)


def _results(outcome: Outcome, seated: list[int], names: list[str], solo: bool) -> list[Result]:
    forfeits = {event.seat: event.reason for event in outcome.forfeits}
    playing = [seat for seat in range(len(outcome.scores)) if seat not in forfeits]
    best = max((outcome.scores[seat] for seat in playing), default=None)
    winners = [seat for seat in playing if outcome.scores[seat] == best]
    results: list[Result] = []
    for seat, entry in enumerate(seated):
        turns = [
            event
            for event in outcome.events
            if isinstance(event, Played | Knocked) and event.seat == seat
        ]
        won = seat in winners
        results.append(
            {
                "entry": entry,
                "player": names[seat],
                "seat": None if solo else seat + 1,
                "score": outcome.scores[seat],
                "win": None if solo else (1 / len(winners) if won else 0.0),
                "moves": outcome.moves[seat],
                "seconds": outcome.seconds[seat],
                "breakdown": [event.points for event in turns],
                "forfeit": forfeits.get(seat),
            }
        )
    return results


def play(spec: Tournament, g: int) -> TournamentRecord:
    seed = spec.seed + g
    entries = list(range(len(spec.entries)))
    if spec.option("solo", False):
        results: list[Result] = []
        for entry in entries:
            name = spec.entries[entry]
            results.extend(_results(_game(spec, [name], seed, [entry]), [entry], [name], True))
        return {"game": g, "seed": seed, "results": results}
    seated = [(entry + g) % len(entries) for entry in entries]  # seats rotate game by game
    names = [spec.entries[e] for e in seated]
    outcome = _game(spec, names, seed, seated)
    return {"game": g, "seed": seed, "results": _results(outcome, seated, names, False)}


class NoMeasures(TypedDict):
    """The game's own running totals and measures: none (the arena's are all there is)."""


def tally(totals: NoMeasures, result: Result) -> None:
    """Nothing of its own: the arena counts forfeits (a result's ``forfeit``)."""


def report(totals: NoMeasures, games: int) -> NoMeasures:
    return {}
