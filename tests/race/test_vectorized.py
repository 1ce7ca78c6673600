"""The numpy path of a claim (``race/vectorized.py``) against the kernel, word for word (where
the answers reach the search's floor), and
``race claim`` in a new process (numpy, no Numba) against the kernel's answer."""

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.race import builtin_deck, kernels, reference, vectorized
from solver.race.deck import DOUBLE_WILD, MAX_WILDS, WILD
from solver.race.index import claims, encode_table, parse_table, word_table
from solver.wordtools import lexicon

pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[2]
BLOCK = 4000  # words compared per table: a window of the vocabulary, anywhere in it


def reaching(cards: np.ndarray, floor: int) -> np.ndarray:
    """The kernel's answers where they reach the floor, 0 elsewhere: what the numpy path
    gives (below the floor the kernel may give a word's cards or 0)."""
    return np.where(cards >= max(floor, 3), cards, 0).astype(cards.dtype)


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


@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.heavy)])
@pytest.mark.parametrize(  # "all" past 1 GB beside the suite: CI's heavy step
    "tier", ["familiar", pytest.param("all", marks=pytest.mark.heavy)]
)
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
        assert np.array_equal(ours, reaching(kernels.best_cards(*arrays, *encoded, floor), floor))

    check()


def test_the_numpy_path_gives_up_past_its_budget() -> None:
    vocabulary = word_table("all", "en")
    arrays = vocabulary.kernel_arrays(slice(0, 20_000))
    encoded = encode_table([*"abcdeilmnorst", WILD], "en")
    assert vectorized.best_cards(*arrays, *encoded, 3, vectorized.Budget(100)) is None
    spent = vectorized.Budget(1e9)
    assert vectorized.best_cards(*arrays, *encoded, 3, spent) is not None
    assert spent.left < 1e9  # the work was counted
    assert vectorized.best_cards(*arrays, *encoded, 3, None) is not None


def deal(lang: str, size: int, seed: int) -> list[str]:
    """``size`` cards dealt from the language's deck (72 cards: the whole deck), as the
    benchmark deals them."""
    return random.Random(seed).sample(builtin_deck(lang).cards(), size)


@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.heavy)])
def test_the_numpy_path_on_big_tables_with_doubles_and_wilds(lang: str) -> None:
    """Tables of 20 to 72 cards (the deck's doubles and wilds among them, and extra ones),
    where the search needs most pairs: the longest words, and a window anywhere."""
    vocabulary = word_table("all", lang)
    size = len(vocabulary.lengths)
    rng = random.Random(24)
    for number, cards in enumerate([20, 30, 45, 60, 72, 30, 45, 25]):
        table = deal(lang, cards, number)
        if number >= 5:  # more wilds and doubles than a deal gives
            table += rng.sample([WILD, DOUBLE_WILD, DOUBLE_WILD, "qu", "nd", "er"], 3)
        encoded = encode_table(table, lang)
        start = rng.randrange(size - BLOCK)
        for part in (slice(size - BLOCK, size), slice(start, start + BLOCK)):
            arrays = vocabulary.kernel_arrays(part)
            for floor in (3, 9):
                ours = vectorized.best_cards(*arrays, *encoded, floor)
                assert np.array_equal(
                    ours, reaching(kernels.best_cards(*arrays, *encoded, floor), floor)
                )


@st.composite
def wild_tables(draw: st.DrawFn) -> list[str]:
    """Up to 30 cards of the English deck, often with extra doubles and up to six wilds
    (several ``??``), the cases where a word's spellings multiply."""
    cards = builtin_deck("en").cards()
    indices = draw(st.lists(st.integers(0, len(cards) - 1), min_size=2, max_size=30, unique=True))
    extra = draw(st.lists(st.sampled_from([WILD, DOUBLE_WILD, "th", "er", "in"]), max_size=4))
    table = [cards[i] for i in indices] + extra
    while sum(card in (WILD, DOUBLE_WILD) for card in table) > MAX_WILDS:
        table.remove(next(card for card in table if card in (WILD, DOUBLE_WILD)))
    return table


def test_most_cards_is_the_references() -> None:
    """The per-word solver against the plain recursion of the rules, on words the table
    could spell (its letters there, doubles' and wilds' counted) and on random ones."""
    vocabulary = word_table("all", "en")
    words = [w for w in vocabulary.words if len(w) <= 11]
    codes = {letter: code for code, letter in enumerate(lexicon.language("en").alphabet)}

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=wild_tables(), seed=st.integers(0, 2**32 - 1))
    def check(table: list[str], seed: int) -> None:
        singles, first, second, doubles, wild, double_wild = encode_table(table, "en")
        held = {letter: int(n) for letter, n in enumerate(singles.tolist()) if n}
        pairs = {(int(a), int(b)): int(n) for a, b, n in zip(first, second, doubles, strict=True)}
        rng = random.Random(seed)
        letters = [c for card in table if card not in (WILD, DOUBLE_WILD) for c in card]
        chosen = rng.sample(words, 40) + [
            "".join(rng.sample(letters, min(len(letters), rng.randint(3, 9)))) for _ in range(20)
        ]
        want = reference.claimable(tuple(chosen), table)
        for word, cards in zip(chosen, want.tolist(), strict=True):
            code = tuple(codes[c] for c in word)
            got = vectorized.most_cards(code, held, pairs, int(wild), int(double_wild))
            assert got == cards, (word, table)
        # All at once: the words one or two two-letter cards spell are found without the
        # per-word search; a floor spares the words that cannot reach it.
        arrays = word_arrays(chosen, codes)
        for floor in (3, 6):
            got = vectorized.best_cards(*arrays, *encode_table(table, "en"), floor)
            assert np.array_equal(got, reaching(np.asarray(want), floor)), (table, floor)

    check()


@pytest.mark.parametrize(
    ("table", "cards"),
    [
        (["c", "c", "an"], [0, 0]),  # one AN card cannot give both ANs
        (["c", "c", "an", "an"], [4, 0]),  # nor the last A of CANCA
        (["c", "c", "an", "??"], [4, 3]),  # the ?? gives the other AN, or CA
        (["c", "c", "??", "??", "a"], [4, 4]),
        (["c", "c", "a", "an", "?"], [5, 4]),  # C AN C A ?, C A ? C A
        (["b", "an", "na"], [0, 0, 0]),  # BANAN: AN twice (NA would overlap an AN)
        (["b", "an", "an", "na"], [3, 0, 0]),
        (["b", "an", "na", "??"], [3, 0, 0]),
    ],
)
def test_each_copy_of_a_double_is_played_once(table: list[str], cards: list[int]) -> None:
    """The search for one or two two-letter cards, at once for many words, plays a double
    no more often than the table holds it, and ``??`` where it runs out."""
    codes = {letter: code for code, letter in enumerate(lexicon.language("en").alphabet)}
    words = ["cancan", "canca"] if table[0] == "c" else ["banan", "banana", "nana"]
    arrays = word_arrays(words, codes)
    got = vectorized.best_cards(*arrays, *encode_table(table, "en"), 3)
    assert got.tolist() == cards
    assert reference.claimable(tuple(words), table).tolist() == cards


def word_arrays(words: list[str], codes: dict[str, int]) -> tuple[np.ndarray, ...]:
    """Words as a word table holds them (codes, lengths, letter counts, letter masks)."""
    width = max(len(w) for w in words)
    letters = np.zeros((len(words), width), dtype=np.uint8)
    counts = np.zeros((len(words), len(codes)), dtype=np.uint8)
    masks = np.zeros(len(words), dtype=np.uint32)
    for row, word in enumerate(words):
        for at, letter in enumerate(word):
            letters[row, at] = codes[letter]
            counts[row, codes[letter]] += 1
            masks[row] |= 1 << codes[letter]
    return letters, np.array([len(w) for w in words]), counts, masks


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
