"""The anagram index: every word the cards on a table can claim, best first.

Best means the most cards (one point each), then the most familiar word (a person calls
the word they think of first; for a bot it is the safer call). The search runs over the
whole play list (or a tier) in a Numba kernel; only the words returned are spelled out
card by card, by the rules in ``claims.py``.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TypedDict

import numpy as np

from solver.race import vectorized
from solver.race.claims import MIN_CARDS, dictionary_word_spelling
from solver.race.deck import (
    DOUBLE_WILD,
    MAX_DECK_CARDS,
    MAX_WILDS,
    WILD,
    DeckError,
    is_wild,
    where_they_fit,
)
from solver.wordtools import lexicon

# A vocabulary's words as the kernel reads them: codes, lengths, letter counts, letter masks.
WordArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
# A table as the kernel reads it (``encode_table``): single counts, the doubles' first and
# second letters and counts, the wild and double-wild counts.
EncodedTable = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int]


class ClaimDocument(TypedDict):
    """A ``Claim`` as JSON (``race claims --json``): its fields and its count of cards."""

    word: str
    cards: Sequence[str]  # a tuple until written
    zipf: float
    count: int


@dataclass(frozen=True)
class Claim:
    """A word the table can spell, and the cards it takes.

    Attributes:
        word: The word, in lower case.
        cards: The cards it takes, in the word's order (``"??"`` for a double wild).
        zipf: How common the word is (wordfreq's Zipf scale: 3 is rare, 6 very common).
    """

    word: str
    cards: tuple[str, ...]  # the cards it takes, in word order
    zipf: float

    @property
    def count(self) -> int:
        """How many cards the claim takes: its points."""
        return len(self.cards)

    def to_json(self) -> ClaimDocument:
        """Its fields and count, by hand (``asdict`` deep-copies each card, slow for a
        thousand claims).

        Returns:
            ``{"word": ..., "cards": [...], "zipf": ..., "count": ...}``.
        """
        return {"word": self.word, "cards": self.cards, "zipf": self.zipf, "count": self.count}


@dataclass(frozen=True)
class WordTable:
    """A vocabulary as the kernel reads it. The arrays may be memory-mapped, read-only: a
    kernel is handed copies of the parts it searches (``_searched``)."""

    blob: np.ndarray  # the words, UTF-8, newline-separated
    starts: np.ndarray  # (n + 1,) where word i begins in ``blob`` (one past the end last)
    codes: np.ndarray  # (n, width) letter codes, padded with 0
    lengths: np.ndarray  # (n,)
    counts: np.ndarray  # (n, letters) how many of each letter
    masks: np.ndarray  # (n,) bit l set when letter l occurs
    zipf: np.ndarray  # (n,)

    def word(self, index: int) -> str:
        """Word ``index``, decoded alone: a claim names ten words of a million."""
        return self.blob[self.starts[index] : self.starts[index + 1] - 1].tobytes().decode()

    def kernel_arrays(self, part: slice = slice(None)) -> WordArrays:
        """Codes, lengths, counts and masks of a part of the words (memory-mapped: the
        kernel's wrapper copies the part it is given, once, into a plain array)."""
        return self.codes[part], self.lengths[part], self.counts[part], self.masks[part]

    @cached_property
    def words(self) -> tuple[str, ...]:
        """Every word, decoded (for a whole-vocabulary pass; ``word`` for a few)."""
        from solver.runtime import tables

        return tables.array_to_words(self.blob)


@lru_cache(maxsize=16)  # a tier and a language: every one
def word_table(tier: str = "all", lang: str = "en") -> WordTable:
    """Every word of the tier with at least 3 letters, ready for the kernel: built once per
    word lists and kept on disk (``tables``), memory-mapped by each process (a claim reads
    the lengths it searches, a part of the table; its size: docs/performance.md, "Memory")."""
    from solver.runtime import tables

    lexicon.check_tier(tier)
    arrays = tables.stored(
        table_name(tier, lang),
        lexicon.sources(lang),
        lambda: _build_word_table(tier, lang),
        mapped=True,
        label="race word table",
    )
    return WordTable(
        arrays["words"],
        arrays["starts"],
        arrays["codes"],
        arrays["lengths"],
        arrays["counts"],
        arrays["masks"],
        arrays["zipf"],
    )


def table_name(tier: str, lang: str) -> str:
    """The name ``word_table`` keeps a tier's table under (``tables``)."""
    return f"race-{tier}-{lang}"


def _build_word_table(tier: str, lang: str) -> dict[str, np.ndarray]:
    from solver.runtime import tables

    letters = len(lexicon.language(lang).alphabet)
    all_lengths = {len(w) for w in lexicon.load(lang).play}
    lengths_present = [
        n for n in sorted(all_lengths) if n >= MIN_CARDS and lexicon.words(n, tier, lang)
    ]
    words = tuple(w for n in lengths_present for w in lexicon.words(n, tier, lang))
    codes = np.zeros((len(words), max(lengths_present)), dtype=np.uint8)
    start = 0
    for n in lengths_present:
        block = lexicon.word_codes(n, tier, lang)
        codes[start : start + len(block), :n] = block
        start += len(block)
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    counts = np.zeros((len(words), letters), dtype=np.uint8)
    for column in range(codes.shape[1]):  # padding (code 0 past the end) is not counted
        filled = lengths > column
        np.add.at(counts, (np.flatnonzero(filled), codes[filled, column]), 1)
    masks = ((counts > 0).astype(np.uint32) << np.arange(letters, dtype=np.uint32)).sum(
        axis=1, dtype=np.uint32
    )
    frequencies = lexicon.zipf_table(lang)
    zipf = np.array([frequencies.get(w, 0.0) for w in words])
    sizes = [len(w.encode("utf-8")) + 1 for w in words]  # each word and its newline
    return {
        "words": tables.words_to_array(words),
        "starts": np.concatenate(([0], np.cumsum(sizes, dtype=np.int64))).astype(np.int64),
        "codes": codes,
        "lengths": lengths,
        "counts": counts,
        "masks": masks,
        "zipf": zipf,
    }


def parse_table(text: str | list[str], lang: str = "en") -> list[str]:
    """Cards from ``"A B ND U K ? E"`` (spaces or commas), checked against the alphabet.

    Args:
        text: The cards as text, or already as a list.
        lang: The language whose letters the cards are.

    Returns:
        The cards, normalized (lower case).

    Raises:
        DeckError: A card that is none (one or two letters of the language, ``?`` or
            ``??``), or a table larger than a deck.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    alphabet = set(lexicon.language(lang).alphabet)
    cards = []
    for token in tokens:
        card = lexicon.language(lang).normalize(token)
        if is_wild(card) or (1 <= len(card) <= 2 and set(card) <= alphabet):
            cards.append(card)
            continue
        if 1 <= len(card) <= 2 and card.isalpha():  # letters, of another language
            name = lexicon.language(lang).name
            raise DeckError(f"{token!r} is not a card in {name}{where_they_fit([card])}")
        raise DeckError(f"{token!r} is not a card (one or two letters, ? or ??)")
    if len(cards) > MAX_DECK_CARDS:
        raise DeckError(
            f"a table holds at most a deck, {MAX_DECK_CARDS} cards ({len(cards)} given)"
        )
    wilds = sum(1 for card in cards if is_wild(card))
    if wilds > MAX_WILDS:
        raise DeckError(f"a table holds at most {MAX_WILDS} wild cards ({wilds} given)")
    return cards


def encode_table(cards: list[str], lang: str = "en") -> EncodedTable:
    """The table as the kernel reads it: single counts, doubles, wild counts. Cards in any
    case (``"C"`` or ``"c"``, ``"Nd"``); a card outside the language is a ``DeckError``."""
    spec = lexicon.language(lang)
    index = {letter: code for code, letter in enumerate(spec.alphabet)}
    held = Counter(normalized_cards(cards, lang))
    singles = np.zeros(len(spec.alphabet), dtype=np.int64)
    pairs = sorted(c for c in held if len(c) == 2 and not is_wild(c))
    for card, count in held.items():
        if len(card) == 1 and not is_wild(card):
            singles[index[card]] = count
    first = np.array([index[p[0]] for p in pairs], dtype=np.int64)
    second = np.array([index[p[1]] for p in pairs], dtype=np.int64)
    doubles = np.array([held[p] for p in pairs], dtype=np.int64)
    return singles, first, second, doubles, held[WILD], held[DOUBLE_WILD]


def normalized_cards(cards: list[str] | tuple[str, ...], lang: str = "en") -> list[str]:
    """Cards as the tables hold them (lowercase, accents folded: ``"Nd"`` is ``"nd"``), for
    the functions that take a table from Python as well as from ``parse_table``; a card
    outside the language is a ``DeckError``."""
    alphabet = _alphabet(lang)
    found = []
    for card in cards:
        if not (is_wild(card) or (1 <= len(card) <= 2 and all(c in alphabet for c in card))):
            folded = lexicon.language(lang).normalize(card)
            if not (is_wild(folded) or (1 <= len(folded) <= 2 and set(folded) <= alphabet)):
                name = lexicon.language(lang).name
                raise DeckError(f"{card!r} is not a card in {name} (one or two letters, ? or ??)")
            card = folded
        found.append(card)
    return found


@lru_cache(maxsize=4)  # a language
def _alphabet(lang: str) -> frozenset[str]:
    return frozenset(lexicon.language(lang).alphabet)


# A search runs on numpy (``race/vectorized.py``) while Numba is not loaded and its
# estimated work (``vectorized.Budget``, by the costs measured there) stays under what the
# kernel would cost first: Numba's start-up in a new process (importing it, then loading
# the cached kernel), taken as ``NUMBA_START_US`` (the floor of
# ``bench/test_race_claim_bench.py``); once Numba is loaded (a game, a live race, a
# benchmark) the kernel costs no more and does everything (``vectorized_budget``). A
# thousand claims on a deal, and tables made to cost numpy most, stay within it by the
# estimate (measured: docs/performance.md, "MY WORD!: a claim's search").
NUMBA_START_US = 1_000_000  # microseconds
# The most numpy may spend, should ``_outgrows`` not foresee it: twice the kernel's start,
# so that a search numpy finishes within twice that is not cut at Numba's start to pay
# Numba's start on top.
NUMPY_BUDGET_US = 2 * NUMBA_START_US  # microseconds
# ``_outgrows``'s projection, from a tenth of Numba's start on: the cost of each length and
# the claims it finds grow as over the last ``GROWTH_SPAN`` lengths searched, until the
# top is full; then the floor rises, and each length left down to it costs ``TAIL_SHARE``
# of the last one. Fitted first to the estimated costs of 1,260 searches (seeded tables of
# 10-72 cards, tops 10, 200 and 1000, both languages); refitted when the numpy path grew
# faster, on the slowest searches (deals, and tables of two to six ``??`` among up to
# twenty doubles; how they fared: docs/performance.md, "MY WORD!: a claim's search").
GROWTH_SPAN = 3
TAIL_SHARE = 0.35
BLOCK_WORDS = 12000  # words a kernel call searches at least (calls cost tens of microseconds)


def ranked_indices(
    table_cards: list[str], tier: str = "all", lang: str = "en", top: int | None = 10
) -> list[tuple[int, int]]:
    """(cards, word index) of the best claims, best first: most cards, then most familiar.
    On numpy while Numba is not loaded and the search is small, else on the kernel
    (``vectorized_budget``)."""
    return ranked_search(table_cards, tier, lang, top, vectorized_budget())


def ranked_search(
    table_cards: list[str],
    tier: str,
    lang: str,
    top: int | None,
    budget: vectorized.Budget | None,
) -> list[tuple[int, int]]:
    """``ranked_indices``, each group of words searched on numpy while the ``budget`` lasts
    (None: none) and the words left look likely to fit in it, then on the kernel.

    With ``top`` the search is branch and bound on word length, since a word of n letters
    takes at most n cards: lengths are searched longest first, and the search stops as soon
    as the top is full with claims of more cards than any shorter word could take.
    """
    vocabulary = word_table(lexicon.check_tier(tier), lang)
    table = encode_table(table_cards, lang)
    lengths = vocabulary.lengths
    total_letters = int(table[0].sum() + 2 * table[3].sum() + table[4] + 2 * table[5])
    found_cards: list[np.ndarray] = []
    found_words: list[np.ndarray] = []
    found = 0
    on_numpy = 0  # words numpy searched so far
    numpy_lengths: list[tuple[float, int]] = []  # each length numpy searched: cost, claims
    longest = min(int(lengths[-1]), total_letters)
    stop = int(np.searchsorted(lengths, longest + 1))
    shortest = longest
    while shortest >= MIN_CARDS:
        floor = _top_floor(found_cards, top)  # words that cannot reach it are not searched
        if shortest < floor:
            break  # no shorter word can take as many cards as the top already holds
        if budget is not None:
            left = stop - int(np.searchsorted(lengths, floor))  # words left to search
            if _outgrows(budget, numpy_lengths, found, top, (shortest, floor), on_numpy, left):
                budget = None  # the kernel takes over now rather than at the budget's end
        # Search the next lengths down together, some thousands of words a kernel call;
        # numpy, whose calls cost less than its words, one length at a time, so that the
        # floor rises as soon as it can (a length's claims can spare the next its search).
        start = int(np.searchsorted(lengths, shortest))
        at_least = 1 if budget is not None and budget.left > 0 else BLOCK_WORDS
        while shortest > MIN_CARDS and stop - start < at_least:
            shortest -= 1
            start = int(np.searchsorted(lengths, shortest))
        spent = budget.spent if budget is not None else 0.0

        exact = _best_cards(vocabulary, slice(start, stop), table, floor, budget)
        on_numpy += stop - start
        if budget is not None and budget.left < 0:
            budget = None  # numpy gave up on this group: the kernel does the rest
        claimable = np.flatnonzero(exact >= MIN_CARDS)
        if budget is not None:
            numpy_lengths.append((budget.spent - spent, len(claimable)))
        found_cards.append(exact[claimable])
        found_words.append(start + claimable)
        found += len(claimable)
        stop = start
        shortest -= 1
    if not found:
        return []
    cards = np.concatenate(found_cards)
    words = np.concatenate(found_words)
    order = np.lexsort((words, -vocabulary.zipf[words], -cards))[:top]
    return list(zip(cards[order].tolist(), words[order].tolist(), strict=True))


def _top_floor(found_cards: list[np.ndarray], top: int | None) -> int:
    """The fewest cards a claim must take to enter the ``top`` (ties in: the most familiar
    of them enter), given the cards of the claims found so far; ``MIN_CARDS`` while the top
    is not full."""
    if top is None or sum(len(cards) for cards in found_cards) < top:
        return MIN_CARDS
    so_far = np.concatenate(found_cards)
    return int(np.partition(so_far, len(so_far) - top)[len(so_far) - top])


def _outgrows(
    budget: vectorized.Budget,
    searched: list[tuple[float, int]],
    found: int,
    top: int | None,
    lengths: tuple[int, int],
    on_numpy: int,
    words_left: int,
) -> bool:
    """Whether the rest of the search, projected to its end, would cost numpy more than the
    kernel would from here on (Numba's start) or than the ``budget`` left: then the kernel
    takes over now. What numpy has spent is spent: a search it finishes in 1.2 s costs less
    than one it hands over at 0.6 s. ``searched``: the estimated cost and the claims of each length
    numpy searched, longest first; ``lengths``: the next length down and the floor (the
    fewest cards a claim must take to enter the top); ``found``: the claims so far. Lengths
    cost more and hold more claims as they shorten (measured: docs/performance.md, "MY WORD!:
    a claim's search") until the top is full and the floor rises: the projection
    follows the growth of the last ``GROWTH_SPAN`` lengths (clamped to 1-3 times the cost
    and 1.5-4 times the claims a length) until the top is full, then adds ``TAIL_SHARE`` of
    the last length projected; once it is full, each length left down to the floor costs
    ``TAIL_SHARE`` of the last. Without a top (every claim) every word left is searched: the
    words left at the cost per word so far."""
    if budget.spent < NUMBA_START_US / 10 or len(searched) < GROWTH_SPAN:
        return False
    limit = min(NUMBA_START_US, budget.left)  # what the kernel costs from here on, at most
    if top is None:
        return budget.spent / max(on_numpy, 1) * words_left > limit
    (first_cost, first_claims), (cost, claims) = searched[-GROWTH_SPAN], searched[-1]
    shortest, floor = lengths
    if found >= top:
        return TAIL_SHARE * cost * max(1, shortest - floor + 1) > limit
    steps = 1 / (GROWTH_SPAN - 1)
    cost_growth = min(max((cost / max(first_cost, 1.0)) ** steps, 1.0), 3.0)
    claims_growth = min(max((max(claims, 1) / max(first_claims, 1)) ** steps, 1.5), 4.0)
    projected, claims = 0.0, max(claims, 1)
    for _ in range(shortest - MIN_CARDS + 1):  # each length left, until the top is full
        cost *= cost_growth
        claims *= claims_growth
        projected += cost
        found += claims
        if found >= top:
            break
    return projected + TAIL_SHARE * cost > limit


def vectorized_budget() -> vectorized.Budget | None:
    """The numpy path's budget for one search (``NUMPY_BUDGET_US``); None once Numba is
    loaded (a game, a live race, a benchmark: the kernel does everything)."""
    if "numba" in sys.modules:
        return None
    return vectorized.Budget(NUMPY_BUDGET_US)


def load_kernel() -> None:
    """Load the search kernel now (from Numba's cache; compiled when it is not there),
    under the signature the searches use, so that the first search of a game or a live
    race does not wait for it; from then on every search runs on it
    (``vectorized_budget``): a game searches after every change of the table."""
    from solver.race import kernels

    word = np.array([[0, 1, 2]], dtype=np.uint8)  # "abc", on a table holding it
    none = np.zeros(0, dtype=np.int64)
    abc = (word, [3], [[1, 1, 1]], [0b111], np.ones(3, dtype=np.int64), none, none, none)
    kernels.best_cards(*abc, 0, 0, MIN_CARDS)


def _best_cards(
    vocabulary: WordTable,
    group: slice,
    table: EncodedTable,
    floor: int,
    budget: vectorized.Budget | None,
) -> np.ndarray:
    """``kernels.best_cards`` over a group of the vocabulary's words: by numpy while the
    ``budget`` lasts, else by the kernel. Both give the same claims at or above the
    ``floor`` (tests hold them equal), all that ``ranked_search`` keeps."""
    if budget is not None:
        found = vectorized.best_cards(*vocabulary.kernel_arrays(group), *table, floor, budget)
        if found is not None:
            return found
    from solver.race import kernels

    return kernels.best_cards(*vocabulary.kernel_arrays(group), *table, floor)


def claims(
    table_cards: list[str], tier: str = "all", lang: str = "en", top: int | None = 10
) -> list[Claim]:
    """The claimable words for a table, best first (most cards, then most familiar), each
    spelled card by card by the rules.

    Args:
        table_cards: The cards face up, in any case (``["C", "A", "T", "S"]``).
        tier: The vocabulary: ``easy``, ``familiar``, ``core`` or ``all``.
        lang: The language.
        top: How many claims at most (None: every one).

    Returns:
        The ``Claim`` list, best first.
    """
    cards = normalized_cards(table_cards, lang)
    vocabulary = word_table(lexicon.check_tier(tier), lang)
    result = []
    for most, index in ranked_indices(cards, tier, lang, top):
        spelling = dictionary_word_spelling(cards, vocabulary.word(index), most)
        result.append(Claim(spelling.word, spelling.cards, float(vocabulary.zipf[index])))
    return result
