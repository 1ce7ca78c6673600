"""The assistant's advice per move, warm, in a process that stays alive (``deduce assist``).

    pytest bench/test_assist_bench.py --benchmark-only -s

Seeded games against real Gamewords: on each row from 2 on, the advice is asked for the
history heard so far (scores computed from the Gameword, the recommended Guessword played).
``compute`` times ``Advisor.advise`` on a position never seen (kernels warm, the strategy's
process-wide memos as the game left them): what a move costs when nothing was worked out
ahead. ``ready`` times it after ``Advisor.speculate`` ran on the previous position (as the
screen does while the table plays on): what a person waits for. Each prints its median and
95th percentile over all moves.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from solver.deduce import assist, default_sheet, live_advice, score
from solver.deduce.candidates import Turn
from solver.wordtools import lexicon

GAMES = 8
SEED = 15


def gamewords(length: int) -> list[str]:
    return random.Random(SEED).sample(lexicon.words(length, "familiar"), GAMES)


def play(advisor: live_advice.Advisor, word: str, speculate: bool) -> list[float]:
    """Seconds per advice on rows 2.. of one game against ``word``."""
    sheet = default_sheet(len(word))
    history: list[Turn] = []
    seconds = []
    for index, row in enumerate(sheet.rows):
        started = time.perf_counter()
        advice = advisor.advise(len(word), history)
        if index:
            seconds.append(time.perf_counter() - started)
        if speculate:
            advisor.speculate(len(word), history)
        guess = advice.choices[0].guess
        history.append(Turn(guess, score(word, guess, row.offset, sheet.is_last(index))))
    return seconds


def report(name: str, seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    figures = {
        "moves": len(ordered),
        "median_ms": statistics.median(ordered) * 1e3,
        "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1e3,
        "max_ms": ordered[-1] * 1e3,
    }
    print(f"\n{name}: " + ", ".join(f"{k} {v:,.1f}" for k, v in figures.items()))
    return figures


@pytest.mark.parametrize("mode", ["compute", "ready"])
@pytest.mark.parametrize("length", [6, 7])
def test_advice_per_move(benchmark, mode: str, length: int) -> None:
    settings = assist.Settings()
    # the kernels compiled, as at the screen's start
    live_advice.warm_up(live_advice.Advisor(settings))
    seconds: list[float] = []

    def games() -> None:
        for word in gamewords(length):
            seconds.extend(play(live_advice.Advisor(settings), word, mode == "ready"))

    benchmark.pedantic(games, rounds=1, iterations=1)
    figures = report(f"{length} letters, {mode}", seconds)
    benchmark.extra_info.update(figures)
