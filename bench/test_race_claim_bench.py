"""``myword race claim`` as a person runs it: a new process for every claim, warm caches.

    pytest bench/test_race_claim_bench.py --benchmark-only --benchmark-columns=min,median,max

Tables are dealt from each language's deck with a seeded shuffle (``random.Random(seed)``,
the first ``size`` cards), five seeds a size, 10 to 72 cards (72: the whole deck); each
round of a benchmark is one table, so its max is the worst of the five and its median the
median. ``--top 1000`` runs on three of them a size, and on the whole deck, with
``--json`` and printing the table (to a pipe: the long spellings folded into 80 columns).
Before
timing, one claim runs on the kernel and one on numpy in each language, so that the word
tables and Numba's cache are on disk (warm: what a person meets after ``myword warm`` or a
first claim). Three floors are timed in the same run, since a busy machine slows
everything alike: ``python -c pass``, ``python -c "import numpy"`` and Numba's start-up
(importing it and loading the cached search kernel), which every claim that outgrows
numpy's budget pays. The goal (issue 24): any table, any ``--top`` up to 1,000, under 1 s.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solver.race import builtin_deck

ROOT = Path(__file__).resolve().parents[1]
MYWORD = [sys.executable, "-m", "cli"]  # this checkout's code, whatever is installed
SIZES = (10, 20, 30, 45, 60, 72)
SEEDS = 5
FLOORS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import numpy'": [sys.executable, "-c", "import numpy"],
    "numba start (import, load the kernel)": [
        sys.executable,
        "-c",
        "from solver.race.index import load_kernel; load_kernel()",
    ],
}


def deal(lang: str, size: int, seed: int) -> list[str]:
    """The first ``size`` cards of the language's deck after a seeded shuffle."""
    return random.Random(seed).sample(builtin_deck(lang).cards(), size)


def claim(lang: str, cards: list[str] | str, *options: str) -> list[str]:
    table = cards if isinstance(cards, str) else " ".join(cards)
    return [*MYWORD, "race", "claim", table, "--lang", lang, *options]


def run(command: list[str]) -> None:
    """Run a command to the end, its output discarded (as a pipe would take it)."""
    subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Tables built and the kernel compiled: a claim on the kernel (a whole deck) and one on
    numpy, in each language."""
    for lang in ("en", "es"):
        run(claim(lang, builtin_deck(lang).cards()))
        run(claim(lang, deal(lang, 10, 0)))


def note(benchmark) -> None:
    benchmark.extra_info["load"] = round(os.getloadavg()[0], 2)


@pytest.mark.parametrize("floor", list(FLOORS))
def test_floor(benchmark, floor: str) -> None:
    benchmark.pedantic(run, (FLOORS[floor],), rounds=SEEDS, iterations=1)
    note(benchmark)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_claim_top_10(benchmark, lang: str, size: int) -> None:
    """The default claim (top 10) on five seeded tables of ``size`` cards, one a round."""
    tables = iter(deal(lang, size, seed) for seed in range(SEEDS))
    benchmark.pedantic(
        run, setup=lambda: ((claim(lang, next(tables)),), {}), rounds=SEEDS, iterations=1
    )
    note(benchmark)


@pytest.mark.parametrize("output", ["table", "json"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_claim_top_1000(benchmark, lang: str, size: int, output: str) -> None:
    """``--top 1000``, as a table or ``--json``, on three of the same tables (those of 20-45
    cards are the ones whose thousand claims take numpy longest)."""
    options = ["--top", "1000", *(["--json"] if output == "json" else [])]
    tables = iter(deal(lang, size, seed) for seed in range(3))
    benchmark.pedantic(
        run, setup=lambda: ((claim(lang, next(tables), *options),), {}), rounds=3, iterations=1
    )
    note(benchmark)


@pytest.mark.parametrize("output", ["table", "json"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_claim_top_1000_whole_deck(benchmark, lang: str, output: str) -> None:
    """The thousand best claims on the whole deck (72 cards, wilds and doubles all there)."""
    options = ["--top", "1000", *(["--json"] if output == "json" else [])]
    command = claim(lang, builtin_deck(lang).cards(), *options)
    benchmark.pedantic(run, (command,), rounds=3, iterations=1)
    note(benchmark)


def test_claim_of_the_issue(benchmark) -> None:
    """The Spanish table of issue 24, item 14: 15.9 s before (11 ms of it in the kernel)."""
    command = claim("es", "on e o ?? e h nd c a p c i n en l n a t ta es")
    benchmark.pedantic(run, (command,), rounds=3, iterations=1)
    note(benchmark)
