"""Bot against bot: whole two-round games between two strategies, in the arena.

Each game: Purple and Red each hide a word chosen by ``picks.pick`` at the chosen
difficulty for each round (6 letters, then 7); each bot then plays its strategy against
the other's word. The two bots' rounds do not interact (a player's guesses never depend on
the opponent's), so a game is four rounds, and the grand totals decide the winner. Game g
of a tournament draws its words with a generator derived from the seed and g, so it comes
out the same wherever it is played (``solver.arena.tournament``); a tie shares the win.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from solver.arena.tournament import Tournament
from solver.deduce import players
from solver.deduce.game import play_round
from solver.deduce.picks import check_difficulty, pick
from solver.deduce.rules import default_sheet
from solver.runtime import seeds
from solver.runtime.errors import UserError

SCORE = "points"
BREAKDOWN = "round"
SIDES = ("purple", "red")


def play_game(
    purple: str,
    red: str,
    rng: random.Random,
    difficulty: str = "medium",
    lang: str = "en",
    words: Callable[[int], Sequence[str]] | None = None,
) -> dict[str, Any]:
    """One whole game: the words hidden, each round's scores and the grand totals. Both
    sides hide words the difficulty picks, or, given ``words``, words drawn from
    ``words(length)`` (the demo's, which no bot hides)."""
    game: dict[str, Any] = {"rounds": []}
    for length in (6, 7):
        sheet = default_sheet(length)
        if words is None:
            purple_word = pick(length, difficulty, rng.randrange(2**32), lang)
            red_word = pick(length, difficulty, rng.randrange(2**32), lang)
        else:
            purple_word, red_word = rng.sample(words(length), 2)
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
    return game


def check(spec: Tournament) -> None:
    if len(spec.entries) != 2:
        raise UserError("a match is two strategies: Purple and Red")
    for strategy in spec.entries:
        players.strategy(strategy)  # a built-in or one of one's own, loaded: else one error
    check_difficulty(spec.option("difficulty", "medium"))


def play(spec: Tournament, g: int) -> dict[str, Any]:
    rng = seeds.derived(spec.seed, "match", g)
    game = play_game(
        *spec.entries, rng, spec.option("difficulty", "medium"), spec.option("lang", "en")
    )
    best = max(game["purple"], game["red"])
    shares = sum(game[side] == best for side in SIDES)
    results = [
        {
            "entry": entry,
            "player": spec.entries[entry],
            "seat": side,
            "score": game[side],
            "win": 1 / shares if game[side] == best else 0.0,
            "moves": 0,
            "seconds": None,
            "breakdown": [r[side] for r in game["rounds"]],
            "extra": {"words": [r[f"{side}_word"] for r in game["rounds"]]},
        }
        for entry, side in enumerate(SIDES)
    ]
    return {"game": g, "seed": spec.seed + g, "results": results}


def tally(totals: dict[str, Any], result: dict[str, Any]) -> None:
    totals["outright_wins"] = totals.get("outright_wins", 0) + (result["win"] == 1.0)
    totals["ties"] = totals.get("ties", 0) + (result["win"] == 0.5)


def report(totals: dict[str, Any], games: int) -> dict[str, Any]:
    return {"outright_wins": totals["outright_wins"], "ties": totals["ties"]}
