"""Race bots against each other over many seeded games: mean cards and wins per seat."""

from __future__ import annotations

import statistics
from collections.abc import Callable

from solver import seeds
from solver.race.bots import parse_players
from solver.race.deck import load_deck
from solver.race.game import DEFAULT_PACE, play_game


def run_bench(
    players: str,
    games: int,
    seed: int | None = None,
    pace: float = DEFAULT_PACE,
    lang: str = "en",
    progress: Callable[[], None] | None = None,
    deck: str | None = None,
) -> dict[str, object]:
    """Game g uses seed ``seed + g``; a tie for first place counts as a shared win."""
    bots = parse_players(players)
    cards = load_deck(deck or lang)
    base = seeds.DEFAULT_SEED if seed is None else seed
    totals = [[0] * games for _ in bots]
    wins = [0.0] * len(bots)
    for g in range(games):
        result = play_game(bots, base + g, cards, pace, lang)
        for seat, total in enumerate(result.totals):
            totals[seat][g] = total
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        if progress:
            progress()
    return {
        "players": [b.name for b in bots],
        "games": games,
        "seed": base,
        "pace": pace,
        "deck": cards.name,
        "seats": [
            {
                "seat": seat + 1,
                "player": bot.name,
                "mean_cards": statistics.fmean(totals[seat]),
                "wins": wins[seat],
                "win_rate": wins[seat] / games,
            }
            for seat, bot in enumerate(bots)
        ],
    }
