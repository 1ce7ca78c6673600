"""MY WORD! in the arena (``solver.arena.tournament``): game g of a race between bots.

The entries are bot specs (``hard``, ``medium:wait``...) in fixed seats (the dealer
rotates round by round inside a game); game g uses seed ``seed + g``; a tie for first
place shares the win. The score is the cards won; the breakdown, the cards won in each
round. Bots race on a virtual clock, so there is no time per move to report.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from solver.arena.tournament import Tournament
from solver.race.deck import Deck, load_deck
from solver.race.game import DEFAULT_PACE, play_game
from solver.race.seats import bench_players

SCORE = "cards"
BREAKDOWN = "round"


def check(spec: Tournament) -> None:
    """Bad bots or a deck the language lacks letters of: one error before any game."""
    bench_players(",".join(spec.entries))
    _deck(spec)


def _deck(spec: Tournament) -> Deck:
    """The options ``deck`` (a name or a file; default: the language's deck) and ``lang``
    (default: the deck's language), met in ``load_deck``."""
    return _loaded(spec.option("deck"), spec.option("lang"))


@cache
def _loaded(deck: str | None, lang: str | None) -> Deck:
    return load_deck(deck, lang)


def play(spec: Tournament, g: int) -> dict[str, Any]:
    seed = spec.seed + g
    bots = bench_players(",".join(spec.entries))
    result = play_game(bots, seed, _deck(spec), spec.option("pace", DEFAULT_PACE))
    totals, winners = result.totals, result.winners
    results = [
        {
            "entry": seat,
            "player": spec.entries[seat],
            "seat": seat + 1,
            "score": totals[seat],
            "win": 1 / len(winners) if seat in winners else 0.0,
            "moves": sum(c.player == seat and c.valid for r in result.rounds for c in r.claims),
            "seconds": None,
            "breakdown": [r.won[seat] for r in result.rounds],
        }
        for seat in range(len(bots))
    ]
    return {"game": g, "seed": seed, "results": results}


def tally(totals: dict[str, Any], result: dict[str, Any]) -> None:
    totals["claims"] = totals.get("claims", 0) + result["moves"]


def report(totals: dict[str, Any], games: int) -> dict[str, Any]:
    return {"claims_per_game": totals["claims"] / max(games, 1)}
