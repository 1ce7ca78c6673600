"""MY WORD! in the arena (``solver.arena.tournament``): game g of a race between bots.

The entries are bot specs (``hard``, ``medium:wait``...), bots of one's own
(``module:attr``, ``file.py:attr``, an entry point) or engines (``engine:COMMAND ARGS``)
in fixed seats (the dealer rotates round by round inside a game); game g uses seed
``seed + g`` and is played by the arena's one loop (``solver.arena.loop``) on the race's
state (``state.RaceState``). A tie for first place shares the win; a seat that forfeits
(an engine that crashed, answered late or made a move the rules refuse) scores 0 and wins
nothing, and the tournament goes on. The score is the cards won; the breakdown, the cards
won in each round; the moves, the claims won. Bots race on a virtual clock, so there is
no time per move to report.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from solver.arena import loop
from solver.arena.protocol import DEFAULT_TIME_LIMIT
from solver.arena.seats import is_engine, named
from solver.arena.tournament import Result, Tournament, TournamentRecord
from solver.race.arena import RULES
from solver.race.deck import Deck, load_deck
from solver.race.index import load_kernel
from solver.race.seats import seat_bot
from solver.race.state import DEFAULT_PACE, Claimed, RaceState, RoundOver
from solver.runtime.errors import UserError

SCORE = "cards"
BREAKDOWN = "round"


def check(spec: Tournament) -> None:
    """Bad bots or a deck the language lacks letters of: one error before any game."""
    if not 2 <= len(spec.entries) <= 6:
        raise UserError("MY WORD! is played by 2 to 6 players")
    for entry in spec.entries:
        if not entry.strip():
            raise UserError(f"an empty name in {','.join(spec.entries)!r}: name every player")
        if not is_engine(entry):
            seat_bot(entry)
    _deck(spec)


def _deck(spec: Tournament) -> Deck:
    """The options ``deck`` (a name or a file; default: the language's deck) and ``lang``
    (default: the deck's language), met in ``load_deck``."""
    return _loaded(spec.option("deck"), spec.option("lang"))


@lru_cache(maxsize=16)  # the decks of the last tournaments a worker played
def _loaded(deck: str | None, lang: str | None) -> Deck:
    return load_deck(deck, lang)


class RaceTotals(TypedDict, total=False):
    claims: int


class RaceReport(TypedDict):
    claims_per_game: float


def play(spec: Tournament, g: int) -> TournamentRecord:
    seed = spec.seed + g
    load_kernel()  # a game searches after every change of the table: the kernel, always
    state = RaceState(len(spec.entries), _deck(spec), seed, spec.option("pace", DEFAULT_PACE))
    limit = spec.option("engine_time", DEFAULT_TIME_LIMIT)
    # an engine's process is kept for the next games (``named``: closed at exit)
    seats = [named(RULES, entry, limit, slot) for slot, entry in enumerate(spec.entries)]
    outcome = loop.play(state, seats, seed)
    winners = state.winners()
    claims = [0] * len(seats)
    rounds: list[tuple[int, ...]] = []
    for event in outcome.events:
        if isinstance(event, Claimed):
            claims[event.seat] += 1
        elif isinstance(event, RoundOver):
            rounds.append(event.won)
    forfeits = {event.seat: event.reason for event in outcome.forfeits}
    results: list[Result] = [
        {
            "forfeit": forfeits.get(seat),
            "entry": seat,
            "player": spec.entries[seat],
            "seat": seat + 1,
            "score": outcome.scores[seat],
            "win": 1 / len(winners) if seat in winners else 0.0,
            "moves": claims[seat],
            "seconds": None,  # a virtual clock: no time per move to report
            "breakdown": [won[seat] for won in rounds],
        }
        for seat in range(len(seats))
    ]
    return {"game": g, "seed": seed, "results": results}


def tally(totals: RaceTotals, result: Result) -> None:
    totals["claims"] = totals.get("claims", 0) + result["moves"]


def report(totals: RaceTotals, games: int) -> RaceReport:
    return {"claims_per_game": totals["claims"] / max(games, 1)}
