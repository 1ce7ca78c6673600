"""Compile every kernel and build every on-disk table before a game needs them.

Why: a process with no Numba cache (a new install, an upgrade, any edit to a kernels file)
compiles each kernel at its first call, seconds each, in the middle of a game or the demo;
and a word table is built the first time it is read. ``myword warm`` (and the demo, before
it starts) does all of it at once, naming each piece on a progress bar, so that nothing
compiles or builds later.

Each kernel is called once, on a few real words, through the wrapper the games call: it
compiles under the one signature they use (``jit.py``, "Signatures"). A kernel already
compiled loads from Numba's cache in milliseconds and a table already built is not read,
so a second run shows nothing and is quick. Nothing here is a game's result: the calls
only exist to be compiled.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

LANGS = ("en", "es")


@dataclass(frozen=True)
class Step:
    """One kernel to compile or one table to build."""

    name: str  # what the progress bar shows: "deduce.guess_statistics", "race table en all"
    kind: str  # "kernel" or "table"
    run: Callable[[], object]
    ready: Callable[[], bool] = lambda: False  # a table already on disk (kernels: unknown)


@dataclass(frozen=True)
class Outcome:
    name: str
    kind: str
    seconds: float  # wall clock
    cpu_seconds: float  # this process's CPU time: what it costs on a busy machine too
    built: bool  # compiled or built now (False: loaded from the caches)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "built": self.built,
        }


def steps(langs: Iterable[str] = LANGS) -> list[Step]:
    """The tables of each language, then every kernel of the three games."""
    chosen = list(dict.fromkeys(langs))
    return [step for lang in chosen for step in table_steps(lang)] + kernel_steps(
        chosen[0] if chosen else "en"
    )


def table_steps(lang: str) -> list[Step]:
    """MY WORD!'s word table of each tier a bot plays from, and the word index."""
    from solver import lexicon, tables, wordindex
    from solver.race import bots
    from solver.race.index import table_name, word_table

    def exists(where: object) -> bool:
        return where is not None and where.exists()

    found = [
        Step(
            f"race word table, {lang} {tier}",
            "table",
            lambda tier=tier: word_table(tier, lang),
            lambda tier=tier: exists(tables.where(table_name(tier, lang), lexicon.sources(lang))),
        )
        for tier in sorted({bot.tier for bot in bots.LEVELS.values()}, key=lexicon.TIERS.index)
    ]
    found.append(
        Step(
            f"word index, {lang}",
            "table",
            lambda: wordindex.facts("a", lang),
            lambda: exists(wordindex.where(lang)),
        )
    )
    return found


def kernel_steps(lang: str = "en") -> list[Step]:
    """Every kernel, each called once on small real inputs through its wrapper."""
    return [
        Step(f"{game}.{name}", "kernel", call)
        for game, name, call in (
            ("deduce", "score_against", score_against),
            ("deduce", "history_mismatches", history_mismatches),
            ("deduce", "guess_statistics", guess_statistics),
            ("deduce", "score_matrix", score_matrix),
            ("deduce", "lookahead_units", lookahead_units),
            ("deduce", "max_units", max_units),
            ("deduce", "part_statistics", part_statistics),
            ("race", "best_cards", lambda: best_cards(lang)),
            ("layout", "legal_moves", legal_moves),
            ("layout", "best_points", best_points),
            ("jit", "thread_pool", thread_pool),
        )
    ]


def run(
    chosen: list[Step],
    working: Callable[[int, Step], None] | None = None,
    finished: Callable[[int, Outcome], None] | None = None,
) -> list[Outcome]:
    """Run the steps in order. ``working(i, step)`` is told when step i turns out to compile
    or build (a progress bar starts then, so that a warm run shows nothing), ``finished``
    when each step ends."""
    from numba.core import event

    outcomes = []
    for index, step in enumerate(chosen):
        compiled = _compile_watch()(lambda i=index, s=step: working(i, s) if working else None)
        if step.kind == "table" and not step.ready():
            compiled.working()
        start, cpu = time.perf_counter(), time.process_time()
        with event.install_listener("numba:compile", compiled):
            step.run()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        outcome = Outcome(step.name, step.kind, seconds, cpu, compiled.seen)
        outcomes.append(outcome)
        if finished:
            finished(index, outcome)
    return outcomes


def summary(outcomes: list[Outcome]) -> dict[str, object]:
    """The ``--json`` document: each step's seconds, and the totals."""
    return {
        "seconds": round(sum(o.seconds for o in outcomes), 3),
        "cpu_seconds": round(sum(o.cpu_seconds for o in outcomes), 3),
        "compiled": sum(o.built for o in outcomes if o.kind == "kernel"),
        "built": sum(o.built for o in outcomes if o.kind == "table"),
        "steps": [o.to_json() for o in outcomes],
    }


@cache
def _compile_watch() -> type:
    """A Numba listener class (made at first use: numba loads only when warming)."""
    from numba.core.event import Listener

    class CompileWatch(Listener):
        """Numba's compile events during one step: the first says the step is working."""

        def __init__(self, told: Callable[[], None]) -> None:
            self.told = told
            self.seen = False

        def working(self) -> None:
            if not self.seen:
                self.seen = True
                self.told()

        def on_start(self, event) -> None:
            self.working()

        def on_end(self, event) -> None:
            pass

    return CompileWatch


# The kernels' calls: a few real words, the inputs the games pass, through their wrappers.


def _deduce_inputs():
    import numpy as np

    from solver import lexicon

    candidates = lexicon.encode(["ballet", "nephew", "tables", "jumped", "london"])
    guesses = lexicon.encode(["den", "sod", "ebb", "tab"])
    weights = np.full(len(candidates), 1 / len(candidates))
    return candidates, guesses, weights


def score_against() -> object:
    from solver.deduce import kernels

    candidates, guesses, _ = _deduce_inputs()
    return kernels.score_against(candidates, guesses[0], 1, False)


def history_mismatches() -> object:
    from solver.deduce import default_sheet
    from solver.deduce.candidates import Turn, mismatches

    candidates, _, _ = _deduce_inputs()
    history = [Turn("so", 0), Turn("den", 1250), Turn("ebb", 1000)]
    return mismatches(history, default_sheet(6), candidates, "en")


def guess_statistics() -> object:
    from solver.deduce import kernels

    candidates, guesses, weights = _deduce_inputs()
    return kernels.guess_statistics(candidates, weights, guesses, 1, False)


def score_matrix() -> object:
    from solver.deduce import kernels

    candidates, guesses, _ = _deduce_inputs()
    return kernels.score_matrix(candidates, guesses, 1, False)


def lookahead_units() -> object:
    from solver.deduce import kernels

    candidates, guesses, weights = _deduce_inputs()
    following = kernels.score_matrix(candidates, guesses, 2, False)
    return kernels.lookahead_units(candidates, weights, guesses, 1, False, following)


def part_statistics() -> object:
    import numpy as np

    from solver.deduce import kernels

    candidates, guesses, weights = _deduce_inputs()
    units = kernels.score_matrix(candidates, guesses, 1, False).T.copy()
    members = np.arange(len(candidates), dtype=np.int64)
    scores = kernels.max_units(candidates.shape[1]) + 1
    return kernels.part_statistics(units, members, weights, scores, True)


def max_units() -> object:
    from solver.deduce import kernels

    return kernels.max_units(6)


def best_cards(lang: str = "en") -> object:
    from solver.race import kernels
    from solver.race.index import encode_table, word_table

    vocabulary = word_table("easy", lang)
    words = slice(0, 200)
    columns = (vocabulary.codes, vocabulary.lengths, vocabulary.counts, vocabulary.masks)
    table = encode_table(["c", "a", "t", "er", "s", "?", "??"], lang)
    return kernels.claimable(*(column[words] for column in columns), *table)


def _layout_inputs():
    from solver.layout.arrays import deck_arrays, grid_of, hand_array
    from solver.layout.board import Layout
    from solver.layout.deck import default_deck

    deck = default_deck()
    arrays = deck_arrays(deck)
    numbers = [card.number for card in deck.cards]
    grid = grid_of(Layout().place((0, 0), numbers[0]))
    return grid.cells, arrays.edges, arrays.points, hand_array(numbers[1:6]), True


def legal_moves() -> object:
    from solver.layout import kernels

    return kernels.legal_moves(*_layout_inputs())


def best_points() -> object:
    from solver.layout import kernels

    return kernels.best_points(*_layout_inputs())


def thread_pool() -> object:
    """Start the kernels' thread pool the way the games do (its starter is a kernel too)."""
    from solver import jit

    return jit.use_threads(1, 0)
