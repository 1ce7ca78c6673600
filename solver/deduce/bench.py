"""What's My Word? in the arena (``solver.arena``): strategies against the same Gamewords.

Game g draws one Gameword with a generator derived from the seed and g (from the familiar
pool, or from what the bot hides at a difficulty) and every entry (a strategy) plays a
whole round against it alone. Besides the round score it records the oracle (the best
dictionary word for each row given the Gameword, then the word itself with the bonus),
whether the bonus was won and the rows played until one candidate remained; ``summarise``
gives their means, the score / oracle ratio and the worst round. The breakdown is the score
of each row.
"""

from __future__ import annotations

from typing import Any

from solver import lexicon, seeds
from solver.arena import Tournament
from solver.deduce.game import oracle, play_round
from solver.deduce.picks import candidates_for, check_difficulty
from solver.deduce.rules import default_sheet
from solver.deduce.strategies import check_strategy
from solver.errors import UserError

SCORE = "points"
BREAKDOWN = "row"


def check(spec: Tournament) -> None:
    for strategy in spec.entries:
        check_strategy(strategy)
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
            word, sheet, strategy, prior=spec.option("prior", "familiar"), lang=lang
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


def summarise(spec: Tournament, results: list[dict[str, Any]]) -> dict[str, Any]:
    extra = [r["extra"] for r in results]
    to_one = [e["rows_to_one"] for e in extra if e["rows_to_one"] is not None]
    worst = min(results, key=lambda r: r["score"] / r["extra"]["oracle"])
    return {
        "mean_oracle": sum(e["oracle"] for e in extra) / len(extra),
        "ratio": sum(r["score"] for r in results) / sum(e["oracle"] for e in extra),
        "bonus_rate": sum(e["bonus"] for e in extra) / len(extra),
        "mean_rows_to_one": sum(to_one) / len(to_one) if to_one else None,
        "never_one": len(extra) - len(to_one),
        "worst": [worst["extra"]["gameword"], worst["score"], worst["extra"]["oracle"]],
    }
