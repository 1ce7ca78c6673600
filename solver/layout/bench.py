"""Benchmark My Word (1980) players: solo scores, or head-to-head wins, with 95% intervals
and each player's time per move."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from solver import seeds
from solver.layout.deck import Deck
from solver.layout.game import Player, player_named, run, start_game


def _interval(values: list[float]) -> float:
    """Half-width of a normal 95% confidence interval for the mean."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


@dataclass
class Clock:
    """Time a player spends deciding, and how many decisions."""

    seconds: float = 0.0
    moves: int = 0

    def timing(self, player: Player) -> Player:
        def timed(state, seat, rng):
            started = time.perf_counter()
            try:
                return player(state, seat, rng)
            finally:
                self.seconds += time.perf_counter() - started
                self.moves += 1

        return timed

    @property
    def per_move(self) -> float:
        return self.seconds / max(self.moves, 1)


def run_bench(
    players: list[str],
    games: int,
    seed: int | None = None,
    solo: bool = False,
    easy: bool = False,
    progress: Callable[[], None] | None = None,
    deck: Deck | None = None,
) -> dict[str, object]:
    """Solo: every player plays the same seeded solo games. Otherwise: games between the
    players with the seats rotated game by game, so that nobody always starts."""
    base = seeds.DEFAULT_SEED if seed is None else seed
    if solo:
        clocks = {name: Clock() for name in players}
        timed = {name: clocks[name].timing(player_named(name)) for name in players}
        rows = []
        for name in players:
            scores = []
            for g in range(games):
                state = run(start_game([name], base + g, easy, deck), [timed[name]], base + g)
                scores.append(state.scores[0])
                if progress:
                    progress()
            rows.append(
                {
                    "player": name,
                    "mean_score": statistics.fmean(scores),
                    "ci95": _interval(scores),
                    "seconds_per_move": clocks[name].per_move,
                }
            )
        return {"mode": "solo", "games": games, "seed": base, "easy": easy, "players": rows}
    entries = range(len(players))  # the same name may enter twice: count entries apart
    clock_of = [Clock() for _ in entries]
    entered = [clock_of[e].timing(player_named(players[e])) for e in entries]
    wins = [0.0 for _ in entries]
    totals: list[list[float]] = [[] for _ in entries]
    for g in range(games):
        seated = [(e + g) % len(players) for e in entries]  # seats rotate game by game
        state = run(
            start_game([players[e] for e in seated], base + g, easy, deck),
            [entered[e] for e in seated],
            base + g,
        )
        best = max(state.scores)
        winners = [e for seat, e in enumerate(seated) if state.scores[seat] == best]
        for seat, e in enumerate(seated):
            totals[e].append(state.scores[seat])
        for e in winners:
            wins[e] += 1 / len(winners)
        if progress:
            progress()
    rows = []
    for e in entries:
        rate = wins[e] / games
        rows.append(
            {
                "player": players[e],
                "win_rate": rate,
                "ci95": 1.96 * math.sqrt(rate * (1 - rate) / games),
                "mean_score": statistics.fmean(totals[e]),
                "score_ci95": _interval(totals[e]),
                "seconds_per_move": clock_of[e].per_move,
            }
        )
    return {"mode": "match", "games": games, "seed": base, "easy": easy, "players": rows}
