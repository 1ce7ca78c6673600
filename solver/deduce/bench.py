"""Benchmark a strategy: whole rounds against Gamewords drawn from the familiar pool.

Reports, over the rounds: the mean round score, the mean oracle (the best dictionary word
for each row given the Gameword, then the word itself with the bonus), their ratio, how
often the bonus was won, how many rows it took until one candidate remained, and the time
per move. The same seed draws the same Gamewords, so strategies meet the same words.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass

from solver import lexicon, seeds
from solver.deduce.game import RoundResult, oracle, play_round
from solver.deduce.picks import candidates_for
from solver.deduce.rules import default_sheet
from solver.deduce.strategies import check_strategy


@dataclass(frozen=True)
class BenchResult:
    strategy: str
    length: int
    games: int
    seed: int
    prior: str
    gamewords: str  # "familiar": uniform over the pool; else a pick difficulty
    mean_score: float
    mean_oracle: float
    ratio: float  # mean score / mean oracle
    bonus_rate: float
    mean_rows_to_one: float | None  # over the rounds where one candidate remained
    never_one: int  # rounds that ended with more than one candidate
    seconds_per_move: float
    worst: tuple[str, int, int]  # (Gameword, score, oracle) of the lowest ratio

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def draw_gamewords(
    length: int, games: int, seed: int | None, lang: str = "en", gamewords: str = "familiar"
) -> list[str]:
    """Gamewords drawn uniformly (with replacement) from the familiar pool of a length, or
    from the words the bot would hide at a difficulty (``easy``, ``medium``, ``hard``)."""
    if gamewords == "familiar":
        pool = lexicon.words(length, "familiar", lang)
    else:
        pool = candidates_for(length, gamewords, lang)
    rng = seeds.rng(seed)
    return [rng.choice(pool) for _ in range(games)]


def run_bench(
    strategy: str,
    length: int,
    games: int,
    seed: int | None = None,
    prior: str = "familiar",
    lang: str = "en",
    progress: Callable[[RoundResult], None] | None = None,
    gamewords: str = "familiar",
) -> BenchResult:
    check_strategy(strategy)
    sheet = default_sheet(length)
    results, oracles = [], []
    for gameword in draw_gamewords(length, games, seed, lang, gamewords):
        result = play_round(gameword, sheet, strategy, prior=prior, lang=lang)
        results.append(result)
        oracles.append(oracle(gameword, sheet, lang))
        if progress:
            progress(result)
    scores = [r.total for r in results]
    to_one = [n for r in results if (n := r.rows_to_one) is not None]
    worst = min(zip(results, oracles, strict=True), key=lambda pair: pair[0].total / pair[1])
    moves = sum(len(r.rows) for r in results)
    return BenchResult(
        strategy=strategy,
        length=length,
        games=games,
        seed=seeds.DEFAULT_SEED if seed is None else seed,
        prior=prior,
        gamewords=gamewords,
        mean_score=statistics.fmean(scores),
        mean_oracle=statistics.fmean(oracles),
        ratio=sum(scores) / sum(oracles),
        bonus_rate=sum(r.bonus for r in results) / games,
        mean_rows_to_one=statistics.fmean(to_one) if to_one else None,
        never_one=games - len(to_one),
        seconds_per_move=sum(p.seconds for r in results for p in r.rows) / moves,
        worst=(worst[0].gameword, worst[0].total, worst[1]),
    )
