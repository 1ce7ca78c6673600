"""What's My Word? in the arena (``solver.arena.tournament``): strategies on the same words.

Game g draws one Gameword with a generator derived from the seed and g (from the familiar
pool, or from what the bot hides at a difficulty) and every entry (a strategy) plays a
whole round against it alone. Besides the round score it records the oracle (the best
dictionary word for each row given the Gameword, then the word itself with the bonus),
whether the bonus was won and the rows played until one candidate remained; ``report``
gives their means, the score / oracle ratio and the worst round. The breakdown is the score
of each row.
"""

from __future__ import annotations

from typing import Any

from solver.arena.tournament import Tournament
from solver.deduce import players
from solver.deduce.game import oracle, play_round
from solver.deduce.picks import candidates_for, check_difficulty
from solver.deduce.rules import default_sheet
from solver.deduce.strategies import DEFAULT_VOCABULARY, check_vocabulary
from solver.runtime import seeds
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

SCORE = "points"
BREAKDOWN = "row"


def check(spec: Tournament) -> None:
    for strategy in spec.entries:
        players.strategy(strategy)  # a built-in or one of one's own, loaded: else one error
    check_vocabulary(spec.option("vocabulary", DEFAULT_VOCABULARY))
    if spec.option("length", 6) not in (6, 7):
        raise UserError("What's My Word? rounds are 6 or 7 letters")
    if spec.option("gamewords", "familiar") != "familiar":
        check_difficulty(spec.option("gamewords"))


def gameword(spec: Tournament, g: int) -> str:
    """Game g's Gameword: the same for every entry, and whoever plays game g."""
    length, lang = spec.option("length", 6), spec.option("lang", "en")
    kind = spec.option("gamewords", "familiar")
    pool = (
        lexicon.words(length, "familiar", lang)
        if kind == "familiar"
        else candidates_for(length, kind, lang)
    )
    return seeds.derived(spec.seed, "gameword", g).choice(pool)


def play(spec: Tournament, g: int) -> dict[str, Any]:
    length, lang = spec.option("length", 6), spec.option("lang", "en")
    sheet = default_sheet(length)
    word = gameword(spec, g)
    best = oracle(word, sheet, lang)
    results = []
    for entry, strategy in enumerate(spec.entries):
        played = play_round(
            word,
            sheet,
            strategy,
            prior=spec.option("prior", "familiar"),
            lang=lang,
            vocabulary=spec.option("vocabulary", DEFAULT_VOCABULARY),
        )
        results.append(
            {
                "entry": entry,
                "player": strategy,
                "seat": None,
                "score": played.total,
                "win": None,
                "moves": len(played.rows),
                "seconds": sum(row.seconds for row in played.rows),
                "breakdown": [row.score for row in played.rows],
                "extra": {
                    "gameword": word,
                    "oracle": best,
                    "bonus": played.bonus,
                    "rows_to_one": played.rows_to_one,
                },
            }
        )
    return {"game": g, "seed": spec.seed + g, "results": results}


def tally(totals: dict[str, Any], result: dict[str, Any]) -> None:
    """Fold one round into an entry's running totals."""
    extra = result["extra"]
    totals["score"] = totals.get("score", 0) + result["score"]
    totals["oracle"] = totals.get("oracle", 0) + extra["oracle"]
    totals["bonus"] = totals.get("bonus", 0) + extra["bonus"]
    if extra["rows_to_one"] is not None:
        totals["to_one"] = totals.get("to_one", 0) + extra["rows_to_one"]
        totals["to_one_rounds"] = totals.get("to_one_rounds", 0) + 1
    ratio = result["score"] / extra["oracle"]
    if "worst" not in totals or ratio < totals["worst_ratio"]:
        totals["worst_ratio"] = ratio
        totals["worst"] = [extra["gameword"], result["score"], extra["oracle"]]


def report(totals: dict[str, Any], rounds: int) -> dict[str, Any]:
    """The oracle, the score / oracle ratio (of the sums), the bonus rate, the rows to one
    candidate and the worst round."""
    to_one = totals.get("to_one_rounds", 0)
    return {
        "mean_oracle": totals["oracle"] / rounds,
        "ratio": totals["score"] / totals["oracle"],
        "bonus_rate": totals["bonus"] / rounds,
        "mean_rows_to_one": totals["to_one"] / to_one if to_one else None,
        "never_one": rounds - to_one,
        "worst": totals["worst"],
    }
