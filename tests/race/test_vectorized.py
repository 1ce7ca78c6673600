"""The numpy path of a claim (``race/vectorized.py``) against the kernel, word for word, and
``race claim`` in a new process (numpy, no Numba) against the kernel's answer."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.race import builtin_deck, kernels, vectorized
from solver.race.deck import DOUBLE_WILD, WILD
from solver.race.index import claims, encode_table, parse_table, word_table

pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[2]
BLOCK = 4000  # words compared per table: a window of the vocabulary, anywhere in it


@st.composite
def tables(draw: st.DrawFn, lang: str) -> list[str]:
    """A deal from the language's deck, sometimes with extra wilds, one card, or only wilds
    (and Ñ, the alphabet's last code, in Spanish)."""
    cards = builtin_deck(lang).cards()
    kind = draw(st.sampled_from(["deal", "deal", "one card", "only wilds", "wilds"]))
    if kind == "one card":
        return [draw(st.sampled_from(cards))]
    if kind == "only wilds":
        return draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD]), min_size=1, max_size=6))
    indices = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=16, unique=True))
    table = [cards[i] for i in indices]
    if kind == "wilds":
        table += draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD]), min_size=1, max_size=3))
    if lang == "es" and draw(st.booleans()):
        table.append("ñ")
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("tier", ["familiar", "all"])
def test_the_numpy_path_is_the_kernel_word_for_word(lang: str, tier: str) -> None:
    vocabulary = word_table(tier, lang)
    size = len(vocabulary.lengths)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=tables(lang), where=st.floats(0, 1), floor=st.sampled_from([0, 3, 5, 8]))
    def check(table: list[str], where: float, floor: int) -> None:
        start = int(where * max(size - BLOCK, 0))
        part = slice(start, min(start + BLOCK, size))
        arrays = vocabulary.kernel_arrays(part)
        encoded = encode_table(table, lang)
        ours = vectorized.best_cards(*arrays, *encoded, floor)
        assert ours is not None
        assert np.array_equal(ours, kernels.best_cards(*arrays, *encoded, floor)), table

    check()


def test_the_numpy_path_gives_up_past_its_limit() -> None:
    vocabulary = word_table("all", "en")
    arrays = vocabulary.kernel_arrays(slice(0, 20_000))
    encoded = encode_table([*"abcdeilmnorst", WILD], "en")
    assert vectorized.best_cards(*arrays, *encoded, 3, most_searched=10) is None
    assert vectorized.best_cards(*arrays, *encoded, 3, most_searched=None) is not None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_claim_in_a_new_process_is_the_kernels_claim(lang: str) -> None:
    """``claims`` in a new process runs on numpy without importing Numba, and finds what
    the kernel finds."""
    hands = ["C H ER O ST A P L E ? D", "A B ND U K ? E", "N I Ñ O A S" if lang == "es" else "Q"]
    probe = (
        "import sys\n"
        "from solver.race.index import claims, parse_table\n"
        f"for hand in {hands!r}:\n"
        f"    found = claims(parse_table(hand, {lang!r}), 'all', {lang!r}, 10)\n"
        "    print([c.to_json() for c in found])\n"
        "print('numba' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    *found, numba_loaded = result.stdout.splitlines()
    assert numba_loaded == "False"
    import solver.race.kernels  # noqa: F401  (from here on, this process uses the kernel)

    for hand, line in zip(hands, found, strict=True):
        assert line == str([c.to_json() for c in claims(parse_table(hand, lang), "all", lang, 10)])
