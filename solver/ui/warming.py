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

Where: the kernels are compiled into the folder the games read (``jit.py`` chooses it
before Numba loads, in both processes here), and a kernel step is done only when every
kernel loaded is cached there (``_check_kernels_cached``). A step that fails is reported
(``Outcome.error``; ``myword warm`` exits non-zero) and never stamped done.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import TypedDict

LANGS = ("en", "es")


@dataclass(frozen=True)
class Step:
    """One kernel to compile or one table to build."""

    name: str  # what the progress bar shows: "deduce.guess_statistics", "race table en all"
    kind: str  # "kernel" or "table"
    run: Callable[[], object]
    ready: Callable[[], bool] = lambda: False  # a table already on disk (kernels: unknown)
    second_process: bool = False  # done by the second process when there is one (``run``)


class WarmStepDocument(TypedDict):
    """An ``Outcome`` as JSON (a step of ``myword warm --json``)."""

    name: str
    kind: str
    seconds: float
    cpu_seconds: float
    built: bool
    error: str | None


class WarmReport(TypedDict):
    """What ``myword warm --json`` prints (``summary``)."""

    wall_seconds: float
    seconds: float
    cpu_seconds: float
    compiled: int
    built: int
    failed: int
    steps: list[WarmStepDocument]


@dataclass(frozen=True)
class Outcome:
    name: str
    kind: str
    seconds: float  # wall clock
    cpu_seconds: float  # this process's CPU time: what it costs on a busy machine too
    built: bool  # compiled or built now (False: loaded from the caches)
    error: str | None = None  # why the step failed, on one line (None: it is done)

    def to_json(self) -> WarmStepDocument:
        return {
            "name": self.name,
            "kind": self.kind,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "built": self.built,
            "error": self.error,
        }


def one_line(error: BaseException, limit: int = 300) -> str:
    """An exception as one line (its type and message, white space folded, cut at
    ``limit`` characters): what a failed step reports (Numba's errors span pages)."""
    text = " ".join(f"{type(error).__name__}: {error}".split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
    """The lexicon's table of each tier (every command reads them), each game's word tables
    (``registry.Table``) of each tier its players read (or of ``tiers``), and the word index
    (``word_index``)."""
    from solver.arena import registry
    from solver.runtime import tables
    from solver.wordtools import lexicon

    def exists(where: Path | None) -> bool:
        return where is not None and where.exists()

    def tier_ready(tier: str) -> bool:
        return exists(tables.where(lexicon.tier_table_name(tier, lang), lexicon.sources(lang)))

    def table_ready(table: registry.Table, tier: str) -> bool:
        return exists(table.where(tier, lang))

    found = [
        Step(
            f"word list, {lang} {tier}",
            "table",
            partial(lexicon.words, 3, tier, lang),  # builds the whole table
            partial(tier_ready, tier),
        )
        for tier in lexicon.TIERS
    ]
    found += [
        Step(
            f"{table.label}, {lang} {tier}",
            "table",
            partial(table.build, tier, lang),
            partial(table_ready, table, tier),
            second_process=game.second_process,
        )
        for game in registry.games()
        for table in game.tables
        for tier in sorted(tiers or set(table.tiers()), key=lexicon.TIERS.index)
    ]
    if not word_index:
        return found
    found.append(
        Step(
            f"word index, {lang}",
            "table",
            lambda: lexicon.indexed_facts("a", lang),
            lambda: exists(lexicon.word_index_path(lang)),
        )
    )
    return found


def kernel_steps(lang: str = "en") -> list[Step]:
    """Every kernel of every registered game (``registry.Kernel``), each called once on
    small real inputs through its wrapper.

    The kernels of a game marked ``second_process`` (MY WORD!'s and My Word (1980)'s), and
    its word tables, are done in a second process while this one builds the lexicon's
    tables and compiles What's My Word?'s kernels: compiling is single-threaded, so one
    process alone leaves a core idle: the two halves of a cold demo cost about as long
    each (docs/performance.md, "First run")."""
    from solver.arena import registry

    return [
        Step(
            f"{game.name}.{kernel.name}",
            "kernel",
            partial(kernel.call, lang),
            second_process=game.second_process,
        )
        for game in registry.games()
        for kernel in game.kernels
    ]


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

    A step that raises is not stopped at: its outcome carries the error (``error``), the
    other steps go on, and it is not stamped. A step that failed in the second process is
    not tried again here (it would fail the same way); one that process never reported (it
    died) is done here.
    """
    from solver.runtime.cores import usable_cores

    stamps = Stamps()
    ready = {step.name for step in chosen if stamps.holds(step) or _ready(step)}
    outcomes: list[Outcome] = [Outcome(step.name, step.kind, 0.0, 0.0, False) for step in chosen]
    left = [(index, step) for index, step in enumerate(chosen) if step.name not in ready]
    if not left:
        for index, outcome in enumerate(outcomes):
            if finished:
                finished(index, outcome)
        return outcomes
    shared = [step.name for _, step in left if step.second_process]
    helper = Helper(shared, lang) if shared and second_process and usable_cores() > 1 else None
    _load_numba()  # after starting the second process, which need not wait for it

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
            if done_there is not None and done_there.error is not None:
                outcome = replace(done_there, kind=step.kind)  # failed there
            else:
                outcome = run_step(step, tell)
                if done_there is not None and outcome.error is None and not outcome.built:
                    outcome = done_there  # compiled or built there, loaded here
                if step.kind == "table" and outcome.error is None:
                    # not on disk when the run began: built by this run, here or by the
                    # second process (the race tables it builds build the lexicon's too)
                    outcome = replace(outcome, built=True)
            outcomes[index] = outcome
            if outcome.error is None:
                stamps.done(step)
            if finished:
                finished(index, outcome)
    finally:
        if helper:
            helper.stop()
    return outcomes


def run_step(step: Step, working: Callable[[], None]) -> Outcome:
    """Run one step, timed, watching for compiles (the first tells ``working``); a failure
    is returned as the outcome's ``error``, never raised. A kernel step fails too when a
    kernel it loaded is cached where the games do not look (``_check_kernels_cached``)."""
    _load_numba()
    from numba.core import event

    compiled = _compile_watch()(working)
    start, cpu = time.perf_counter(), time.process_time()
    error = None
    try:
        if step.kind == "table" and not step.ready():
            compiled.working()
        with event.install_listener("numba:compile", compiled):
            step.run()
        if step.kind == "kernel":
            _check_kernels_cached()
    except Exception as failed:
        error = one_line(failed)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    built = compiled.seen and error is None  # a compile or build that failed made nothing
    return Outcome(step.name, step.kind, seconds, cpu, built, error)


def _ready(step: Step) -> bool:
    """Whether a table is on disk already; a check that fails says no (the step then runs,
    and reports the failure)."""
    try:
        return step.ready()
    except Exception:
        return False


def _load_numba() -> None:
    """Import Numba the way the games do: through ``jit.py``, which chooses its cache
    folder first. Importing ``numba`` directly (as this module once did for its compile
    events) left What's My Word?'s kernels cached beside their sources, where no game
    looks, and the first game compiled them again."""
    from solver.runtime import jit  # noqa: F401


def _kernel_modules() -> tuple[str, ...]:
    from solver.arena import registry

    return tuple(game.kernel_module for game in registry.games())


def _check_kernels_cached() -> None:
    """Raise unless every kernel loaded in this process keeps its cache in the folder
    every process reads (``cachedir.numba_folder``). Asked of each dispatcher (Numba's
    cache path, fixed when the kernel is defined), not of Numba's settings, which Numba
    reads again at its first compile and so say nothing of kernels defined before."""
    import sys

    from solver.runtime import cachedir

    folder = cachedir.numba_folder()
    if folder is None or not cachedir.writable(folder):
        return  # Numba keeps to its own choice, and every process makes the same
    for name in _kernel_modules():
        module = sys.modules.get(name)
        for value in vars(module).values() if module else ():
            path = getattr(getattr(value, "_cache", None), "_cache_path", None)
            if isinstance(path, str) and not Path(path).is_relative_to(folder):
                function = f"{name}.{value.py_func.__name__}"
                raise RuntimeError(f"{function} is cached in {path}, not in {folder}")


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


def _kernel_files() -> tuple[str, ...]:
    """The files (under ``solver/``) whose contents the compiled kernels depend on."""
    from solver.arena import registry

    return ("runtime/jit.py", *(game.kernel_file for game in registry.games()))


def _stamp_folder() -> Path | None:
    import hashlib
    import os
    import sys
    from importlib import metadata

    from solver.runtime import cachedir

    cache = cachedir.numba_folder()  # where jit.py has Numba cache the kernels
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
    for name in _kernel_files():
        source = Path(__file__).parent.parent / name
        digest.update(f"{source}|{source.stat().st_mtime_ns}|".encode() + source.read_bytes())
    return cache / f"myword-warm-{digest.hexdigest()}"


class Helper:
    """A second process doing some steps ahead (kernels to compile, tables to build),
    reporting each as it ends."""

    def __init__(self, names: list[str], lang: str) -> None:
        import multiprocessing

        from solver.arena import registry

        context = multiprocessing.get_context("spawn")  # no forked Numba or thread state
        self.reports, sending = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_compile_share,
            args=(names, lang, sending, registry.sources()),
            daemon=True,
        )
        self.process.start()
        sending.close()
        self.done: dict[str, Outcome | None] = {}

    def wait_for(self, name: str, waiting: Callable[[], None]) -> Outcome | None:
        """The step's outcome there (its ``error`` when it failed there), once it has ended;
        None when the process ended without reporting it (this process then does the step
        itself)."""
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


def _compile_share(names: list[str], lang: str, reports, sources: tuple[str, ...] = ()) -> None:
    """The second process: run the named steps, sending each outcome (with its error when
    the step failed: the first process reports it). ``sources``: the modules that
    registered the first process's games (``registry.sources``), imported here so that this
    process knows the same steps. Nothing here ends in a traceback: a
    failure outside a step (finding the steps, loading Numba) is sent as every remaining
    step's error. Ctrl-C is left to the first process, which stops this one (``stop``):
    here it once printed a traceback over the first process's "Stopped."."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    left = list(names)
    try:
        import importlib

        for source in sources:
            importlib.import_module(source)
        _load_numba()
        chosen = helper_steps(lang)
        while left:
            name = left[0]
            step = chosen.get(name)
            if step is None:
                outcome = Outcome(name, "", 0.0, 0.0, False, "the second process has no such step")
            else:
                outcome = run_step(step, lambda: None)
            reports.send((name, outcome))
            left.pop(0)
    except Exception as error:
        with contextlib.suppress(OSError):  # the first process has gone
            for name in left:
                reports.send((name, Outcome(name, "", 0.0, 0.0, False, one_line(error))))
    finally:
        reports.close()


def helper_steps(lang: str) -> dict[str, Step]:
    """Every step the first process may hand the second, by name: the tables of every
    language and tier (the first process's language alone once left Spanish's tables out,
    and the second process died on the first of them), and the kernels, on ``lang``."""
    from solver.wordtools import lexicon

    tables = [step for code in LANGS for step in table_steps(code, lexicon.TIERS)]
    return {step.name: step for step in [*tables, *kernel_steps(lang)]}


def summary(outcomes: list[Outcome], wall_seconds: float) -> WarmReport:
    """The ``--json`` document: each step's seconds, their totals (the second process's
    steps ran beside this one's, so they add up to more than the ``wall_seconds`` the
    whole run took), and how many steps failed (each failed step's ``error``)."""
    return {
        "wall_seconds": round(wall_seconds, 3),
        "seconds": round(sum(o.seconds for o in outcomes), 3),
        "cpu_seconds": round(sum(o.cpu_seconds for o in outcomes), 3),
        "compiled": sum(o.built for o in outcomes if o.kind == "kernel"),
        "built": sum(o.built for o in outcomes if o.kind == "table"),
        "failed": sum(o.error is not None for o in outcomes),
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
