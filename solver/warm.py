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
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LANGS = ("en", "es")


@dataclass(frozen=True)
class Step:
    """One kernel to compile or one table to build."""

    name: str  # what the progress bar shows: "deduce.guess_statistics", "race table en all"
    kind: str  # "kernel" or "table"
    run: Callable[[], object]
    ready: Callable[[], bool] = lambda: False  # a table already on disk (kernels: unknown)
    second_process: bool = False  # done by the second process when there is one (``run``)


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


def steps(
    langs: Iterable[str] = LANGS,
    kernels: Collection[str] | None = None,
    tiers: Collection[str] | None = None,
    word_index: bool = True,
) -> list[Step]:
    """The tables of each language, then the kernels: every one, or those named in
    ``kernels`` (``game.kernel``); MY WORD!'s tables of every bot's tier, or of ``tiers``;
    the word index unless told not to."""
    chosen = list(dict.fromkeys(langs))
    compiled = kernel_steps(chosen[0] if chosen else "en")
    if kernels is not None:
        compiled = [step for step in compiled if step.name in kernels]
    tables = [step for lang in chosen for step in table_steps(lang, tiers, word_index)]
    return tables + compiled


def table_steps(
    lang: str, tiers: Collection[str] | None = None, word_index: bool = True
) -> list[Step]:
    """The lexicon's table of each tier (every command reads them), MY WORD!'s word table of
    each tier a bot plays from (or of ``tiers``), and the word index (``word_index``)."""
    from solver import lexicon, tables, wordindex
    from solver.race import bots
    from solver.race.index import table_name, word_table

    def exists(where: object) -> bool:
        return where is not None and where.exists()

    found = [
        Step(
            f"word list, {lang} {tier}",
            "table",
            lambda tier=tier: lexicon.words(3, tier, lang),  # builds the whole table
            lambda tier=tier: exists(
                tables.where(lexicon.tier_table_name(tier, lang), lexicon.sources(lang))
            ),
        )
        for tier in lexicon.TIERS
    ]
    found += [
        Step(
            f"race word table, {lang} {tier}",
            "table",
            lambda tier=tier: word_table(tier, lang),
            lambda tier=tier: exists(tables.where(table_name(tier, lang), lexicon.sources(lang))),
            second_process=True,
        )
        for tier in sorted(
            tiers or {bot.tier for bot in bots.LEVELS.values()}, key=lexicon.TIERS.index
        )
    ]
    if not word_index:
        return found
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
        Step(f"{game}.{name}", "kernel", call, second_process=game in SECOND_PROCESS_GAMES)
        for game, name, call in (
            ("deduce", "score_against", score_against),
            ("deduce", "history_mismatches", history_mismatches),
            ("deduce", "guess_statistics", guess_statistics),
            ("deduce", "score_matrix", score_matrix),
            ("deduce", "lookahead_units", lookahead_units),
            ("deduce", "max_units", max_units),
            ("deduce", "part_shortlist_statistics", part_shortlist_statistics),
            ("race", "best_cards", lambda: best_cards(lang)),
            ("layout", "legal_moves", legal_moves),
            ("layout", "best_points", best_points),
        )
    ]


# MY WORD!'s and My Word (1980)'s kernels and MY WORD!'s word tables are done in a second
# process while this one builds the lexicon's tables and compiles What's My Word?'s
# kernels: compiling is single-threaded, so one process alone leaves a core idle. A cold
# demo on 2 idle cores (CPU seconds; each process's first kernel includes Numba's start,
# about 1 s): here the lexicon's tables 0.7 and What's My Word?'s kernels 5.4, there the
# race tables 0.45, best_cards 4.1 and legal_moves 1.6.
SECOND_PROCESS_GAMES = ("race", "layout")


def run(
    chosen: list[Step],
    working: Callable[[int, Step], None] | None = None,
    finished: Callable[[int, Outcome], None] | None = None,
    lang: str = "en",
    second_process: bool = True,
) -> list[Outcome]:
    """Run the steps in order. ``working(i, step)`` is told when step i turns out to compile
    or build (a progress bar starts then, so that a warm run shows nothing), ``finished``
    when each step ends.

    Steps already done are skipped at once (``0 s``): a table on disk, a kernel this Numba
    cache holds (``Stamps``), so a warm run imports nothing. With more than one usable core
    (and ``second_process``) the steps marked ``second_process`` are done meanwhile in a
    second process (``Helper``), and this one does its own first: it then loads their
    kernels from Numba's cache and their tables from disk. ``working`` and ``finished`` are
    told each step's index in ``chosen``, in the order the steps are done.
    """
    from solver.cores import usable_cores

    stamps = Stamps()
    ready = {step.name for step in chosen if stamps.holds(step) or step.ready()}
    outcomes: list[Outcome] = [Outcome(step.name, step.kind, 0.0, 0.0, False) for step in chosen]
    left = [(index, step) for index, step in enumerate(chosen) if step.name not in ready]
    if not left:
        for index, outcome in enumerate(outcomes):
            if finished:
                finished(index, outcome)
        return outcomes
    shared = [step.name for _, step in left if step.second_process]
    helper = Helper(shared, lang) if shared and second_process and usable_cores() > 1 else None
    from numba.core import event  # after starting the second process: 0.5 s it need not wait

    order = sorted(
        range(len(chosen)), key=lambda i: helper is not None and chosen[i].name in shared
    )
    try:
        for index in order:
            step = chosen[index]
            if step.name in ready:
                if finished:
                    finished(index, outcomes[index])
                continue

            def tell(i: int = index, s: Step = step) -> None:
                if working:
                    working(i, s)

            done_there = None
            if helper and step.name in shared:
                done_there = helper.wait_for(step.name, tell)
            compiled = _compile_watch()(tell)
            if step.kind == "table" and not step.ready():
                compiled.working()
            start, cpu = time.perf_counter(), time.process_time()
            with event.install_listener("numba:compile", compiled):
                step.run()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            outcome = Outcome(step.name, step.kind, seconds, cpu, compiled.seen)
            if done_there is not None and not compiled.seen:  # compiled there, loaded here
                outcome = done_there
            outcomes[index] = outcome
            stamps.done(step)
            if finished:
                finished(index, outcome)
    finally:
        if helper:
            helper.stop()
    return outcomes


class Stamps:
    """Which kernel steps this Numba cache holds compiled: a file per step, in a folder of
    the cache named by a hash of everything the compiled code depends on (Python, Numba,
    myword, the kernel files and Numba's settings), so that a warm run need not import
    Numba to know. Clearing the cache clears the stamps with it; any other change gives
    another folder, and the steps are run (a kernel still cached then loads in
    milliseconds)."""

    def __init__(self) -> None:
        self.folder = _stamp_folder()

    def holds(self, step: Step) -> bool:
        return (
            step.kind == "kernel" and self.folder is not None and (self.folder / step.name).exists()
        )

    def done(self, step: Step) -> None:
        if step.kind != "kernel" or self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / step.name).touch()
        except OSError:
            pass  # unwritable: the next run checks by loading the kernels


KERNEL_FILES = ("jit.py", "deduce/kernels.py", "race/kernels.py", "layout/kernels.py")


def _stamp_folder() -> Path | None:
    import hashlib
    import os
    import sys
    from importlib import metadata

    from solver import cachedir

    configured = os.environ.get("NUMBA_CACHE_DIR")
    cache = Path(configured) if configured else cachedir.user_folder("numba")
    if cache is None:
        return None
    digest = hashlib.blake2b(digest_size=10)
    settings = sorted(  # Numba's settings that change compiled code (not where, nor threads)
        (k, v)
        for k, v in os.environ.items()
        if k.startswith("NUMBA_") and k not in ("NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS")
    )
    digest.update(repr((sys.version, metadata.version("numba"), cachedir.version())).encode())
    digest.update(repr(settings).encode())
    for name in KERNEL_FILES:
        source = Path(__file__).parent / name
        digest.update(f"{source}|{source.stat().st_mtime_ns}|".encode() + source.read_bytes())
    return cache / f"myword-warm-{digest.hexdigest()}"


class Helper:
    """A second process doing some steps ahead (kernels to compile, tables to build),
    reporting each as it ends."""

    def __init__(self, names: list[str], lang: str) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # no forked Numba or thread state
        self.reports, sending = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_compile_share, args=(names, lang, sending), daemon=True
        )
        self.process.start()
        sending.close()
        self.done: dict[str, Outcome | None] = {}

    def wait_for(self, name: str, waiting: Callable[[], None]) -> Outcome | None:
        """The step's outcome there, once it has ended; None when the process failed or
        ended without it (this process then does the step itself)."""
        told = False
        while name not in self.done:
            if self.reports.poll(0.05):
                try:
                    finished, outcome = self.reports.recv()
                except EOFError:  # the process ended
                    return None
                self.done[finished] = outcome
            elif not self.process.is_alive() and not self.reports.poll():
                return None
            elif not told:
                waiting()  # still compiling there: the progress bar shows it
                told = True
        return self.done[name]

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()
        self.reports.close()


def _compile_share(names: list[str], lang: str, reports) -> None:
    """The second process: run the named steps, sending each outcome (None when a step
    failed: the first process then runs it itself and shows the error)."""
    from numba.core import event

    chosen = {step.name: step for step in [*table_steps(lang), *kernel_steps(lang)]}
    for name in names:
        step = chosen[name]
        compiled = _compile_watch()(lambda: None)
        if step.kind == "table" and not step.ready():
            compiled.working()  # a table built here counts as built
        start, cpu = time.perf_counter(), time.process_time()
        try:
            with event.install_listener("numba:compile", compiled):
                step.run()
        except Exception:
            reports.send((name, None))
            continue
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        reports.send((name, Outcome(name, step.kind, seconds, cpu, compiled.seen)))
    reports.close()


def summary(outcomes: list[Outcome], wall_seconds: float) -> dict[str, object]:
    """The ``--json`` document: each step's seconds, their totals (the second process's
    steps ran beside this one's, so they add up to more than the ``wall_seconds`` the
    whole run took)."""
    return {
        "wall_seconds": round(wall_seconds, 3),
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


def part_shortlist_statistics() -> object:
    """Through the endgame search, which alone calls it: a search near the end of a round."""
    import numpy as np

    from solver.deduce import default_sheet, endgame

    candidates, _, _ = _deduce_inputs()
    sheet = default_sheet(candidates.shape[1])
    return endgame.endgame_values(
        candidates[:3], np.ones(3), sheet, len(sheet.rows) - 3, "en", "core"
    )


def max_units() -> object:
    from solver.deduce import kernels

    return kernels.max_units(6)


def best_cards(lang: str = "en") -> object:
    from solver.race import kernels
    from solver.race.index import encode_table, word_table

    vocabulary = word_table("familiar", lang)  # a table the demo reads too
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
