"""numpy twin of ``kernels.best_cards``, equal to it word for word, for one claim in a new
process.

Why: ``myword race claim`` searches a few thousand words for a few milliseconds of work, but
the kernel first costs Numba's start-up (import 0.2 s, loading the cached kernel 0.2 s, on 2
idle cores). ``index.py`` gives this path the searches it can do faster than Numba starts
(``NUMPY_WORDS_UNTIL``); tests hold it equal to the kernel.

How: the kernel's cheap necessary conditions (its bound) run over all the words at
once; the few words whose bound reaches the floor are then solved exactly, one by one. A
claim takes ``length - k`` cards, where ``k`` is the number of two-letter cards it uses
(doubles and ``??``), so the most cards is the word's length minus the fewest two-letter
cards that let the rest be spelled: for k = 0, 1, ..., every way of placing k
non-overlapping pairs is tried, and it works when the letters left over are short of single
cards by no more than the ``?`` cards, and the pairs are short of matching doubles by no
more than the ``??`` cards.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np

from solver.race.table import table_letters

MIN_CARDS = 3


def _bits_set(masks: np.ndarray) -> np.ndarray:
    """How many bits each ``uint32`` mask has set."""
    if hasattr(np, "bitwise_count"):  # numpy 2
        return np.bitwise_count(masks)
    per_byte = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint8)
    return per_byte[masks.astype(np.uint32).view(np.uint8).reshape(-1, 4)].sum(axis=1)


def bounds(
    words, lengths, counts, masks, singles, first, second, doubles, wild, double_wild
) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's bound for every word: the upper bound on its cards (0: certainly none)
    and the letters its single cards lack. The conditions on lengths and letter masks,
    cheap, run first; the ones on letter counts only over the words that pass them."""
    letters = table_letters(singles, first, second, doubles, wild, double_wild)
    available, table_mask = letters.available, letters.mask
    total_letters, wild_letters = letters.total, letters.wild_letters
    bound = np.zeros(words.shape[0], dtype=np.int64)
    lacking = np.zeros(words.shape[0], dtype=np.int64)
    missing = np.asarray(masks, dtype=np.uint32) & np.uint32(~table_mask & 0xFFFFFFFF)
    kept = np.flatnonzero((lengths <= total_letters) & (_bits_set(missing) <= wild_letters))
    if not len(kept):
        return bound, lacking
    counts, words, lengths = counts[kept], words[kept], lengths[kept]
    have = np.minimum(available, 255).astype(np.uint8)
    single = np.minimum(singles, 255).astype(np.uint8)
    short = (np.maximum(counts, have) - have).sum(axis=1, dtype=np.int64)
    short_singles = (np.maximum(counts, single) - single).sum(axis=1, dtype=np.int64)
    cover = np.zeros(len(kept), dtype=np.int64)
    if first.shape[0]:
        inside = np.arange(1, words.shape[1])[None, :] < lengths[:, None]
        for j in range(first.shape[0]):
            pairs = ((words[:, :-1] == first[j]) & (words[:, 1:] == second[j]) & inside).sum(1)
            cover += 2 * np.minimum(pairs, doubles[j])
    possible = (short <= wild_letters) & (short_singles <= cover + wild_letters)
    beyond_single_wilds = np.maximum(0, short_singles - wild)
    bound[kept] = np.where(possible, lengths - (beyond_single_wilds + 1) // 2, 0)
    lacking[kept] = short_singles
    return bound, lacking


def most_cards(
    word: tuple[int, ...],
    singles: dict[int, int],
    pairs: dict[tuple[int, int], int],
    wild: int,
    double_wild: int,
    fewest_pairs: int,
) -> int:
    """The most cards that spell ``word`` (letter codes), 0 when none do; ``fewest_pairs``:
    two-letter cards any claim of it needs (from the bound)."""
    length = len(word)
    letters = Counter(word)
    two_letter_cards = sum(pairs.values()) + double_wild
    for k in range(fewest_pairs, min(two_letter_cards, length // 2) + 1):
        for chosen in combinations(range(length - k), k):
            left = letters.copy()
            needed: Counter[tuple[int, int]] = Counter()
            for i, start in enumerate(chosen):
                p = start + i  # k non-overlapping pairs among `length` letters
                left[word[p]] -= 1
                left[word[p + 1]] -= 1
                needed[word[p], word[p + 1]] += 1
            if sum(max(0, n - singles.get(letter, 0)) for letter, n in left.items()) > wild:
                continue
            if sum(max(0, n - pairs.get(pair, 0)) for pair, n in needed.items()) > double_wild:
                continue
            return length - k
    return 0


def best_cards(
    words,
    lengths,
    counts,
    masks,
    singles,
    first,
    second,
    doubles,
    wild,
    double_wild,
    floor,
    most_searched: int | None = None,
) -> np.ndarray | None:
    """``kernels.best_cards``: the most cards that spell each word in a claim (0: no claim of
    3 cards or more), words whose bound is under ``floor`` left at 0; None when more than
    ``most_searched`` words would have to be solved one by one (the kernel is then faster)."""
    out = np.zeros(words.shape[0], dtype=np.int8)
    bound, lacking = bounds(
        words, lengths, counts, masks, singles, first, second, doubles, wild, double_wild
    )
    searched = np.flatnonzero(bound >= max(floor, MIN_CARDS))
    if most_searched is not None and len(searched) > most_searched:
        return None
    if not len(searched):
        return out
    held = {letter: int(n) for letter, n in enumerate(singles.tolist()) if n}
    pairs = {(int(a), int(b)): int(n) for a, b, n in zip(first, second, doubles, strict=True) if n}
    fewest = (np.maximum(0, lacking[searched] - wild) + 1) // 2
    for i, k in zip(searched.tolist(), fewest.tolist(), strict=True):
        word = tuple(words[i, : lengths[i]].tolist())
        cards = most_cards(word, held, pairs, int(wild), int(double_wild), k)
        if cards >= MIN_CARDS:
            out[i] = cards
    return out
