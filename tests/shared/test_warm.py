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

ROOT = Path(__file__).resolve().parents[2]

SIGNATURES = """
import json
import sys


def signatures():
    # Every compiled kernel of the games: qualified name -> its signatures.
    found = {}
    for name in ("solver.jit", "solver.deduce.kernels", "solver.race.kernels",
                 "solver.layout.kernels"):
        module = sys.modules.get(name)
        for value in vars(module).values() if module else ():
            if hasattr(value, "py_func") and hasattr(value, "signatures") and value.signatures:
                found[f"{name}.{value.py_func.__name__}"] = [str(s) for s in value.signatures]
    return found
"""

COMPILES_IN_WARM_THEN_DEMO = """
import json
from collections import Counter

from numba.core import event

from solver import demo, warm


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


warming, playing = Compiles(), Compiles()
with event.install_listener("numba:compile", warming):
    warm.run(demo.warm_steps(), second_process=False)  # all compiles seen here
with event.install_listener("numba:compile", playing):
    demo.dictionary_tour()
    demo.deduce_round()
    demo.deduce_match()
    demo.race_game()
    demo.layout_game()
print(json.dumps({"warm": warming.seen, "demo": playing.seen}))
"""


def probe(source: str, **environment: str) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env=os.environ | environment,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.kernels
def test_a_cold_start_compiles_each_kernel_once_all_in_the_warm_step(tmp_path: Path) -> None:
    """With no Numba cache (a fresh install), ``warm`` then the demo's games: every function
    compiles under one signature (a read-only pool, an int32 or a strided slice would give
    a second, and seconds more), and the demo compiles nothing the warm step did not.
    Compiles are counted as Numba announces them: a kernel loaded from the cache does not
    list the functions compiled into it, so only a cold process shows them all."""
    found = probe(COMPILES_IN_WARM_THEN_DEMO, NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    functions = Counter(signature.split(" ")[0] for signature in found["warm"])
    assert {name: n for name, n in functions.items() if n > 1} == {}
    assert max(found["warm"].values()) == 1
    assert found["demo"] == {}
    assert "solver.race.kernels._most_cards" in functions  # inner functions are counted too


ODD_INPUTS = (
    SIGNATURES
    + """
import numpy as np

from solver import lexicon
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
