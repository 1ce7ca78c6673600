"""The numpy path (``vectorized.py``) against the kernels, to the last bit, and the advice it
gives against the advice the kernels give: a new process may answer with either
(``scoring.py``), so they must never differ."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.deduce import kernels, scoring, vectorized
from solver.deduce.rules import default_sheet
from solver.wordtools import lexicon

pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[2]


def random_words(rng: np.random.Generator, n: int, length: int, letters: int) -> np.ndarray:
    return rng.integers(0, letters, size=(n, length), dtype=np.uint8)


@st.composite
def problems(draw: st.DrawFn):
    """Candidates and guesses over a small alphabet (repeated letters are the rule), any
    Gameword length the kernels take, any row, weights that sum to 1 or are ragged."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    length = draw(st.integers(2, 9))
    letters = draw(st.sampled_from([2, 3, 6, 27]))
    n = draw(st.integers(1, 60))
    k = draw(st.integers(1, length))
    last = k == length and draw(st.booleans())
    offset = 0 if last else draw(st.integers(0, length - k))
    candidates = random_words(rng, n, length, letters)
    guesses = random_words(rng, draw(st.integers(1, 30)), k, letters)
    if last and draw(st.booleans()):
        guesses[0] = candidates[0]  # the bonus
    weights = rng.random(n) ** draw(st.sampled_from([1, 8]))
    weights /= weights.sum()
    return candidates, weights, guesses, offset, last


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), next_k=st.integers(1, 4))
def test_the_numpy_path_is_the_kernels_to_the_last_bit(problem, next_k: int) -> None:
    candidates, weights, guesses, offset, last = problem
    assert np.array_equal(
        vectorized.score_matrix(candidates, guesses, offset, last),
        kernels.score_matrix(candidates, guesses, offset, last),
    )
    assert np.array_equal(
        vectorized.score_against(candidates, guesses[0], offset, last),
        kernels.score_against(candidates, guesses[0], offset, last),
    )
    ours = vectorized.guess_statistics(candidates, weights, guesses, offset, last)
    theirs = kernels.guess_statistics(candidates, weights, guesses, offset, last)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))
    length = candidates.shape[1]
    next_guesses = np.ascontiguousarray(guesses[:, : min(next_k, length)])
    next_units = kernels.score_matrix(candidates, next_guesses, 0, False)
    assert np.array_equal(
        vectorized.lookahead_units(candidates, weights, guesses, offset, last, next_units),
        kernels.lookahead_units(candidates, weights, guesses, offset, last, next_units),
    )
    rows = min(3, len(guesses))
    history = (
        guesses[:rows],
        np.full(rows, guesses.shape[1], dtype=np.int64),
        np.full(rows, offset, dtype=np.int64),
        np.full(rows, last, dtype=np.bool_),
        kernels.score_matrix(candidates[:1], guesses[:rows], offset, last)[0],
    )
    assert np.array_equal(
        vectorized.history_mismatches(candidates, *history),
        kernels.history_mismatches(candidates, *history),
    )


def test_on_the_game_words_too() -> None:
    """The familiar 6-letter pool against the rows of the default sheet, as advice asks."""
    pool = np.array(lexicon.word_codes(6, "familiar")[::7])  # C-contiguous, writeable
    weights = np.linspace(1, 2, len(pool))
    weights /= weights.sum()
    sheet = default_sheet(6)
    for r, row in enumerate(sheet.rows):
        guesses = np.array(lexicon.word_codes(row.length, "core")[::5])
        last = sheet.is_last(r)
        ours = vectorized.guess_statistics(pool, weights, guesses, row.offset, last)
        theirs = kernels.guess_statistics(pool, weights, guesses, row.offset, last)
        assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True)), r


def test_the_path_is_chosen_by_size_while_numba_is_not_loaded(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "numba", raising=False)
    assert scoring.numpy_pays(1000, scoring.SCORINGS_NUMPY_UNTIL)
    assert not scoring.numpy_pays(scoring.SCORINGS_NUMPY_UNTIL, scoring.SCORINGS_NUMPY_UNTIL)
    monkeypatch.setitem(sys.modules, "numba", object())
    assert not scoring.numpy_pays(1000, scoring.SCORINGS_NUMPY_UNTIL)


HISTORIES = [  # 30 to 1,247 candidates left: the endgame search (24 or fewer) loads Numba
    "SO 0, DEN 1250, EBB 1000",
    "SO 0",
    "TO 250",
    "AT 250, DEN 1000",
    "AN 0, SET 1000",
    "ME 250, ART 1250, SEA 250",
]


@pytest.mark.parametrize("strategy", ["lookahead", "points", "entropy"])
def test_advice_in_a_new_process_is_the_advice_of_the_kernels(strategy: str) -> None:
    """A new process answers a short history with numpy, never importing Numba; a process
    with Numba loaded answers with the kernels: the advice is the same, to the last digit."""
    probe = f"""
import json, sys
from solver.deduce import load_sheet
from solver.deduce.advisor import advise
from solver.deduce.candidates import parse_history
if sys.argv[1] == "kernels":
    import solver.deduce.kernels
out = []
for history in {HISTORIES!r}:
    advice = advise(parse_history(history), load_sheet(6), {strategy!r}, top=8)
    out.append(advice.to_json(8))
    out.append([repr(choice) for choice in advice.choices])  # every float, unrounded
out.append("numba" in sys.modules)
print(json.dumps(out))
"""
    found = {}
    for path in ("numpy", "kernels"):
        result = subprocess.run(
            [sys.executable, "-c", probe, path],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        found[path] = result.stdout
    assert found["numpy"].rstrip().endswith("false]")  # answered without Numba
    assert found["numpy"].replace("false]", "true]") == found["kernels"]
