"""Bot against bot: whole two-round games between strategies, each hiding picked words.

Each game: Purple and Red each hide a word chosen by ``picks.pick`` at the chosen
difficulty for each round (6 letters, then 7); each bot then plays its strategy against
the other's word. The two bots' rounds do not interact (a player's guesses never depend on
the opponent's), so a game is four rounds, and the grand totals decide the winner.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from solver import seeds
from solver.deduce.game import play_round
from solver.deduce.picks import check_difficulty, pick
from solver.deduce.rules import default_sheet
from solver.deduce.strategies import check_strategy


def play_match(
    purple: str,
    red: str,
    games: int,
    seed: int | None = None,
    difficulty: str = "medium",
    lang: str = "en",
    progress: Callable[[], None] | None = None,
) -> dict[str, Any]:
    check_strategy(purple)
    check_strategy(red)
    check_difficulty(difficulty)
    rng = seeds.rng(seed)
    records = []
    for _ in range(games):
        game: dict[str, Any] = {"rounds": []}
        for length in (6, 7):
            sheet = default_sheet(length)
            purple_word = pick(length, difficulty, rng.randrange(2**32), lang)
            red_word = pick(length, difficulty, rng.randrange(2**32), lang)
            game["rounds"].append(
                {
                    "length": length,
                    "purple_word": purple_word,
                    "red_word": red_word,
                    "purple": play_round(red_word, sheet, purple, lang=lang).total,
                    "red": play_round(purple_word, sheet, red, lang=lang).total,
                }
            )
        game["purple"] = sum(r["purple"] for r in game["rounds"])
        game["red"] = sum(r["red"] for r in game["rounds"])
        records.append(game)
        if progress:
            progress()
    wins = {
        "purple": sum(g["purple"] > g["red"] for g in records),
        "red": sum(g["red"] > g["purple"] for g in records),
        "ties": sum(g["red"] == g["purple"] for g in records),
    }
    return {
        "purple": purple,
        "red": red,
        "games": games,
        "seed": seeds.DEFAULT_SEED if seed is None else seed,
        "difficulty": difficulty,
        "wins": wins,
        "mean_total": {
            side: statistics.fmean(g[side] for g in records) for side in ("purple", "red")
        },
        "mean_round": [
            {
                "length": length,
                "purple": statistics.fmean(g["rounds"][i]["purple"] for g in records),
                "red": statistics.fmean(g["rounds"][i]["red"] for g in records),
            }
            for i, length in enumerate((6, 7))
        ],
        "games_played": records,
    }
