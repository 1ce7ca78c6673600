"""My Word (1980) in the arena (``solver.arena.tournament``): game g between players.

Solo (option ``solo``): every entry plays the same seeded solo game alone. Otherwise the
entries play together, the seats rotating game by game so that nobody always starts;
a tie for first place shares the win. The breakdown is the points of each of the
player's turns, in order (a knock scores 0).
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

from solver.arena.tournament import Tournament
from solver.layout.deck import Deck, load_deck
from solver.layout.game import PLAYERS, Player, player_named, run, start_game
from solver.runtime.errors import UserError

SCORE = "points"
BREAKDOWN = "turn"
NAMES = ("beam", *PLAYERS)


def check(spec: Tournament) -> None:
    solo = spec.option("solo", False)
    if not 1 <= len(spec.entries) <= 6 or (not solo and len(spec.entries) < 2):
        raise UserError(f"give 2 to 6 of {', '.join(NAMES)} (1 or more with --solo)")
    for name in spec.entries:
        player_named(name)  # a built-in or one of one's own, loaded: else one error
    _deck(spec.option("deck"))


@cache
def _deck(path: str | None) -> Deck:
    return load_deck(path)


def _timed(player: Player, spent: list[float]) -> Player:
    def timed(state, seat, rng):
        started = time.perf_counter()
        try:
            return player(state, seat, rng)
        finally:
            spent[0] += time.perf_counter() - started

    return timed


def _results(state, seated: list[int], names: list[str], spent: list[list[float]], solo: bool):
    best = max(state.scores)
    winners = [seat for seat, score in enumerate(state.scores) if score == best]
    results = []
    for seat, entry in enumerate(seated):
        turns = [m for m in state.log["moves"] if m["player"] == seat]
        results.append(
            {
                "entry": entry,
                "player": names[seat],
                "seat": None if solo else seat + 1,
                "score": state.scores[seat],
                "win": None if solo else (1 / len(winners) if seat in winners else 0.0),
                "moves": len(turns),
                "seconds": spent[seat][0],
                "breakdown": [m.get("points", 0) for m in turns],
            }
        )
    return results


def play(spec: Tournament, g: int) -> dict[str, Any]:
    seed = spec.seed + g
    easy = bool(spec.option("easy", False))
    deck = _deck(spec.option("deck"))
    entries = list(range(len(spec.entries)))
    if spec.option("solo", False):
        results = []
        for entry in entries:
            name = spec.entries[entry]
            spent = [[0.0]]
            state = run(
                start_game([name], seed, easy, deck), [_timed(player_named(name), spent[0])], seed
            )
            results.extend(_results(state, [entry], [name], spent, True))
        return {"game": g, "seed": seed, "results": results}
    seated = [(entry + g) % len(entries) for entry in entries]  # seats rotate game by game
    names = [spec.entries[e] for e in seated]
    spent = [[0.0] for _ in seated]
    chosen = [_timed(player_named(n), s) for n, s in zip(names, spent, strict=True)]
    state = run(start_game(names, seed, easy, deck), chosen, seed)
    return {"game": g, "seed": seed, "results": _results(state, seated, names, spent, False)}


def tally(totals: dict[str, Any], result: dict[str, Any]) -> None:
    """Nothing beyond the arena's own figures."""


def report(totals: dict[str, Any], games: int) -> dict[str, Any]:
    return {}
