"""``myword warm`` compiles every kernel under the one signature the games use.

Each probe runs in a fresh interpreter (a kernel's signatures are per process, and other
tests call kernels with inputs of their own), with the session's Numba cache and tables.
"""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.ui import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="module")
def registered_games() -> None:
    """The games' entries in the registry warm reads (``solver.ui.games``), as the commands
    load them."""
    from solver.ui import games

    games.load()


SIGNATURES = """
import json
import sys


def signatures():
    # Every compiled kernel of the games: qualified name -> its signatures.
    found = {}
    for name in ("solver.runtime.jit", "solver.deduce.kernels", "solver.race.kernels",
                 "solver.layout.kernels"):
        module = sys.modules.get(name)
        for value in vars(module).values() if module else ():
            if hasattr(value, "py_func") and hasattr(value, "signatures") and value.signatures:
                found[f"{name}.{value.py_func.__name__}"] = [str(s) for s in value.signatures]
    return found
"""

COMPILES = """
import json
from collections import Counter

from solver.runtime import jit  # as a game imports Numba: its cache folder chosen first
from numba.core import event

from solver.ui import games, showcase as demo, warming as warm

games.load()  # the games fill the registry warm and the demo read


class Compiles(event.Listener):
    # Each compile of one of myword's own functions: "module.function (argument types)".
    def __init__(self):
        self.seen = Counter()

    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        if function.__module__.startswith("solver"):
            self.seen[f"{function.__module__}.{function.__name__} {ev.data['args']}"] += 1

    def on_end(self, ev):
        pass


def play_the_demo():  # every game the demo plays
    demo.dictionary_tour()
    demo.parts()  # the round, the bot match, the race, the card game
"""

WARM_COUNTING_COMPILES = (
    COMPILES
    + """
import contextlib, io, os

import cli

# One core, as `taskset -c 0 myword warm` gives: no second process, so that every compile
# is seen here.
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

warming = Compiles()
shown = io.StringIO()
with event.install_listener("numba:compile", warming), contextlib.redirect_stdout(shown):
    cli.main(["warm"], standalone_mode=False)  # `myword warm`, as the command runs it
print(json.dumps({"warm": warming.seen, "shown": shown.getvalue()}))
"""
)


def probe(source: str, only: dict[str, str] | None = None, **environment: str) -> dict:
    """The JSON ``source`` prints, run in a new interpreter with this process's environment
    and ``environment``, or with ``only``."""
    result = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env=os.environ | environment if only is None else only,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


ODD_INPUTS = (
    SIGNATURES
    + """
import numpy as np

from solver.wordtools import lexicon
from solver.deduce import kernels

pool = lexicon.word_codes(5, "easy")  # cached: read-only
guess = lexicon.encode(["den", "sod"])
weights = np.full(len(pool), 1 / len(pool), dtype=np.float32)
kernels.score_against(pool, guess[0], 1, False)
kernels.score_against(pool[::2], guess[1, :], np.int32(1), np.bool_(False))
kernels.guess_statistics(pool, weights, guess, np.int8(1), 0)
kernels.guess_statistics(pool.copy(), weights.astype(np.float64), guess, 1, False)
wrapped = signatures()
if sys.argv[1:] == ["raw"]:  # the kernel itself, as no caller should call it
    kernels.score_against_kernel(pool.copy(), guess[0].copy(), 1, False)  # writeable
print(json.dumps(signatures()))
"""
)


@pytest.mark.kernels
@pytest.mark.parametrize("raw", [False, True])
def test_the_wrappers_hand_every_input_to_one_signature(raw: bool) -> None:
    """Read-only and writeable, strided, float32 and int32 inputs all reach the kernel as
    one type; a writeable copy of the pool given to the kernel directly compiles a second
    signature (so this check can fail)."""
    source = ODD_INPUTS.replace("sys.argv[1:]", "['raw']" if raw else "[]")
    found = probe(source)
    assert len(found["solver.deduce.kernels.guess_statistics_kernel"]) == 1
    assert len(found["solver.deduce.kernels.score_against_kernel"]) == (2 if raw else 1)


def test_warm_reports_each_step_as_json_and_is_quiet_when_warm() -> None:
    first = CliRunner().invoke(cli.main, ["warm", "--lang", "en", "--json"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    names = [step["name"] for step in report["steps"]]
    assert "race.best_cards" in names and "word index, en" in names
    assert all(step["seconds"] >= 0 for step in report["steps"])
    # the whole run's clock: at least its longest step (the two processes' steps overlap,
    # so their sum may be more)
    assert report["wall_seconds"] >= max(step["seconds"] for step in report["steps"])
    again = CliRunner().invoke(cli.main, ["warm", "--lang", "en"])
    assert again.exit_code == 0 and again.output == ""  # everything was ready
    report = json.loads(CliRunner().invoke(cli.main, ["warm", "--lang", "en", "--json"]).stdout)
    assert report["compiled"] == report["built"] == 0


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_tables_built_by_the_second_process_are_reported_built(tmp_path: Path) -> None:
    """MY WORD!'s word tables are built by the second process (the first loads them from
    disk after its own steps): each is reported built once, on disk, and a second run has
    nothing to do."""
    environment = os.environ | {"MYWORD_CACHE_DIR": str(tmp_path), "MYWORD_THREADS": "2"}
    command = [sys.executable, "-m", "cli", "warm", "--lang", "en", "--json"]

    def warm_report() -> dict:
        done = subprocess.run(
            command, cwd=ROOT, env=environment, capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout)

    report = warm_report()
    tables = [step for step in report["steps"] if step["kind"] == "table"]
    race = [step for step in tables if step["name"].startswith("race word table")]
    assert race and all(step["built"] for step in tables), tables
    assert report["built"] == len(tables)
    assert len(list(tmp_path.glob("tables/race-*"))) >= len(race)
    again = warm_report()
    assert again["built"] == again["compiled"] == 0


PLAY_AFTER_WARM = (
    COMPILES
    + """
from solver.wordtools import lexicon
from solver.runtime import tables

playing = Compiles()
with event.install_listener("numba:compile", playing):
    play_the_demo()
    for step in warm.kernel_steps():  # every kernel, through the wrappers the games call
        step.run()
stamps = warm.Stamps()
print(json.dumps({
    "compiled": playing.seen,
    "kernels stamped": all(stamps.holds(step) for step in warm.kernel_steps()),
    "tables missing": [
        step.name for lang in warm.LANGS for step in warm.table_steps(lang) if not step.ready()
    ],
}))
"""
)


def fresh_user(home: Path) -> dict[str, str]:
    """The environment of a user with nothing cached: an empty HOME, no cache folder chosen
    (the test session's own tables folder left out too)."""
    chosen = ("NUMBA_CACHE_DIR", "MYWORD_CACHE_DIR", "XDG_CACHE_HOME")
    environment = {k: v for k, v in os.environ.items() if k not in chosen}
    home.mkdir()
    return environment | {"HOME": str(home)}


def compiled_beside_the_sources() -> set[Path]:
    return set((ROOT / "solver").rglob("*.nb[ic]"))


@pytest.mark.heavy
def test_the_first_game_after_warm_compiles_nothing(tmp_path: Path) -> None:
    """A fresh user runs ``myword warm`` (both languages, every kernel, each compiled once
    under one signature; the second process builds MY WORD!'s tables of both), then plays
    in a new process: the demo's games and every kernel's wrapper compile nothing, every
    table is where the games read it, and nothing was cached beside the sources. (One cold
    start serves both checks: each costs every kernel's compile. The warm-up runs in one
    process, to count every compile; its second process, which builds the tables when
    there are two cores, has tests of its own above and below.) Before, warm imported
    Numba before choosing its cache folder and cached What's My Word?'s kernels beside
    the sources, its second process died on the first Spanish table (a traceback, exit
    0), and the first game compiled again."""
    environment = fresh_user(tmp_path / "home")
    beside = compiled_beside_the_sources()
    warmed = probe(WARM_COUNTING_COMPILES, only=environment)  # fails on a traceback
    kernels = sum(len(game.kernels) for game in games.load())  # 11 since the layout reader
    assert f"Compiled {kernels} kernels" in warmed["shown"]
    # Every function compiles under one signature (a read-only pool, an int32 or a strided
    # slice would give a second, and seconds more). Compiles are counted as Numba
    # announces them: a kernel loaded from the cache does not list the functions compiled
    # into it, so only a cold process shows them all.
    functions = Counter(signature.split(" ")[0] for signature in warmed["warm"])
    assert {name: n for name, n in functions.items() if n > 1} == {}
    assert max(warmed["warm"].values()) == 1
    assert "solver.race.kernels._most_cards" in functions  # inner functions are counted too
    played = probe(PLAY_AFTER_WARM, only=environment)
    assert played == {"compiled": {}, "kernels stamped": True, "tables missing": []}
    assert compiled_beside_the_sources() <= beside
    assert list((tmp_path / "home").rglob("*.nbi"))  # in the user's cache folder


def broken() -> None:
    raise RuntimeError("a step that fails\nover two lines")


def test_a_step_that_fails_is_reported_and_never_stamped(monkeypatch, tmp_path: Path) -> None:
    from solver.ui import warming as warm

    monkeypatch.setattr(warm, "_stamp_folder", lambda: tmp_path / "stamps")
    chosen = [
        warm.Step("test.fails", "kernel", broken),
        warm.Step("test.works", "kernel", lambda: None),
        warm.Step("test table", "table", broken, lambda: False),
    ]
    outcomes = warm.run(chosen, second_process=False)
    assert [o.error for o in outcomes] == [
        "RuntimeError: a step that fails over two lines",
        None,
        "RuntimeError: a step that fails over two lines",
    ]
    stamps = warm.Stamps()
    assert not stamps.holds(chosen[0]) and stamps.holds(chosen[1])
    report = warm.summary(outcomes, 1.0)
    assert report["failed"] == 2 and report["steps"][0]["error"] == outcomes[0].error
    again = warm.run(chosen, second_process=False)  # the failed kernel is tried again
    assert again[0].error is not None and again[1].seconds == 0.0


def test_a_kernel_cached_where_games_do_not_look_fails_its_step(
    monkeypatch, tmp_path: Path
) -> None:
    """The kernels of this process are cached in its Numba folder; were the games to look
    elsewhere, the step is not done (its stamp would say so falsely)."""
    from solver.deduce import kernels  # noqa: F401  (defined: its cache path is fixed)
    from solver.ui import warming as warm

    monkeypatch.setattr(warm, "_stamp_folder", lambda: tmp_path / "stamps")
    here, elsewhere = (warm.Step(f"test.kernel {n}", "kernel", lambda: None) for n in (1, 2))
    assert warm.run([here], second_process=False)[0].error is None
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))  # where games look
    outcome = warm.run([elsewhere], second_process=False)[0]
    assert outcome.error is not None and "elsewhere" in outcome.error
    assert outcome.error.startswith("RuntimeError: solver.deduce.kernels.")


def test_the_second_process_knows_every_step_it_may_be_handed() -> None:
    """Its steps are found by name; with the first language's alone it once died (a
    traceback, ``KeyError: 'race word table, es easy'``) on the first Spanish table."""
    from solver.ui import warming as warm
    from solver.wordtools import lexicon

    for first in warm.LANGS:
        known = warm.helper_steps(first)
        for langs in (warm.LANGS, warm.LANGS[::-1], [first]):
            shared = [s.name for s in warm.steps(langs, tiers=lexicon.TIERS) if s.second_process]
            assert shared and set(shared) <= set(known), (first, langs)


def test_a_step_failing_in_the_second_process_is_reported_without_a_traceback(capfd) -> None:
    from solver.ui import warming as warm

    helper = warm.Helper(["no such step"], "en")
    try:
        outcome = helper.wait_for("no such step", lambda: None)
    finally:
        helper.stop()
    assert outcome is not None and outcome.error == "the second process has no such step"
    assert "Traceback" not in capfd.readouterr().err


def test_warm_exits_non_zero_naming_the_failed_steps(monkeypatch) -> None:
    """On one line, after the summary; with --json each step's error, and the count."""
    from solver.ui import warming as warm

    chosen = [
        warm.Step("test.fails", "kernel", broken),
        warm.Step("test table", "table", lambda: None, lambda: False),
        warm.Step("test shared", "table", broken, lambda: False, second_process=True),
    ]
    monkeypatch.setattr(warm, "steps", lambda langs: chosen)
    monkeypatch.setattr(warm, "_stamp_folder", lambda: None)
    result = CliRunner().invoke(cli.main, ["warm"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stdout.startswith("Compiled 0 kernels and built 1 tables in ")
    error = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert error == [
        "Error: warm-up failed at 2 of 3 steps: test.fails: RuntimeError: a step that fails "
        "over two lines; and at test shared"
    ]
    assert "Warm-up failed at 2 of 3 steps" in result.stderr
    assert "Warmed up" not in result.stderr  # the progress bar claims nothing done
    result = CliRunner().invoke(cli.main, ["warm", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["failed"] == 2 and report["built"] == 1
    errors = {step["name"]: step["error"] for step in report["steps"]}
    assert errors["test table"] is None and errors["test.fails"].startswith("RuntimeError")
    assert errors["test shared"]  # the second process's error, or this one's (one core)
    assert [step["built"] for step in report["steps"]] == [False, True, False]


def test_ctrl_c_is_left_to_the_first_process(capfd) -> None:
    """Ctrl-C reaches both processes; the first stops the second (``Helper.stop``), which
    once printed a traceback of its own over the first one's "Stopped."."""
    import signal

    from solver.ui import warming as warm

    helper = warm.Helper(["no such step", *["word list, en easy"] * 30], "en")
    try:
        assert helper.wait_for("no such step", lambda: None) is not None  # it has started
        os.kill(helper.process.pid, signal.SIGINT)
        helper.process.join(timeout=300)
        assert helper.process.exitcode == 0
        assert helper.wait_for("word list, en easy", lambda: None).error is None
    finally:
        helper.stop()
    assert "Traceback" not in capfd.readouterr().err
