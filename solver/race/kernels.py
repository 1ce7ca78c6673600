"""Numba kernels for MY WORD!: which words the cards on a table can spell, and with how many.

Words come in as the lexicon's letter codes, padded into one (n, width) ``uint8`` array
with their lengths, letter counts and letter masks; the table as counts of single cards
per letter, the double cards as (first, second, copies) and the wild counts. For each word
the kernel returns the most cards a claim can use (0 when the word cannot be spelled); the
rules in ``claims.py`` then spell the words people are shown. ``reference.py`` is the
plain-Python twin tests compare with.

Most words are ruled out by three cheap necessary conditions (length, letters missing from
the table, letters short even counting doubles and wilds, letters lacking from the single
cards that neither the doubles present in the word nor the wilds can give); the rest are
searched depth first, letter cards first, stopping at a proven upper bound.
"""

from __future__ import annotations

import numpy as np

from solver.race.table import table_letters
from solver.runtime.jit import kernel_array, njit
from solver.runtime.threads import split_rows, use_threads

# The dtypes the kernels take (``jit.kernel_array``): dtype objects, checked by identity.
UINT8, INT64, UINT32 = (np.dtype(t) for t in (np.uint8, np.int64, np.uint32))
# Words from which best_cards splits them over every configured thread. A race's calls
# search 400-25,000 words in far less time than handing half to another thread costs (it
# must wake); the whole table (111,000 words) gains from a second thread (measured by
# bench/test_threads_bench.py: docs/performance.md, "Threads").
BEST_CARDS_PARALLEL_FROM = 100_000


@njit(cache=True)
def _most_cards(
    word,
    length,
    singles,
    first,
    second,
    doubles,
    wild,
    double_wild,
    bound,
    short,
    by_letter,
    taken_double,
    by_depth,
):
    """The most cards that spell ``word`` (0: none), searching no further than ``bound``.

    Along the search it keeps ``short``: how many of the letters still to spell the single
    cards left cannot give. A branch whose ``short`` exceeds what the wilds and doubles
    left could give is abandoned at once.

    The zeroed scratch comes in three shapes, each sized by what indexes it (see
    ``scratch_buffers``): ``by_letter`` (2, alphabet) by letter code, ``taken_double``
    (doubles,) by double, ``by_depth`` (4, word width + 1) by search depth.
    """
    n_doubles = first.shape[0]
    choices = n_doubles + 3
    need = by_letter[0]  # letters still to spell, by letter
    taken = by_letter[1]
    position = by_depth[0]
    next_choice = by_depth[1]
    applied = by_depth[2]
    short_at = by_depth[3]
    for p in range(length):  # the buffers are zero: cleared after every word
        need[word[p]] += 1
    doubles_left = 0
    for j in range(n_doubles):
        doubles_left += doubles[j]
    position[0] = 0
    next_choice[0] = 0
    depth = 0
    cards = 0
    used_wild = 0
    used_double_wild = 0
    used_doubles = 0
    best = 0
    while depth >= 0:
        p = position[depth]
        moved = False
        if p == length:
            if cards > best:
                best = cards
                if best >= bound:
                    break
        elif cards + (length - p) > best and short <= (
            (wild - used_wild)
            + 2 * (double_wild - used_double_wild)
            + 2 * (doubles_left - used_doubles)
        ):
            while next_choice[depth] < choices:
                c = next_choice[depth]
                next_choice[depth] += 1
                width = 0
                if c == 0:
                    letter = word[p]
                    if singles[letter] - taken[letter] > 0:
                        taken[letter] += 1
                        width = 1
                elif c <= n_doubles:
                    j = c - 1
                    if (
                        p + 1 < length
                        and first[j] == word[p]
                        and second[j] == word[p + 1]
                        and doubles[j] - taken_double[j] > 0
                    ):
                        taken_double[j] += 1
                        used_doubles += 1
                        width = 2
                elif c == n_doubles + 1:
                    if used_wild < wild:
                        used_wild += 1
                        width = 1
                elif p + 1 < length and used_double_wild < double_wild:
                    used_double_wild += 1
                    width = 2
                if width > 0:
                    short_at[depth] = short
                    if c != 0:  # letters spelled without their single card
                        for k in range(p, p + width):
                            letter = word[k]
                            if need[letter] > singles[letter] - taken[letter]:
                                short -= 1
                            need[letter] -= 1
                    else:
                        need[word[p]] -= 1
                    applied[depth] = c
                    cards += 1
                    position[depth + 1] = p + width
                    next_choice[depth + 1] = 0
                    depth += 1
                    moved = True
                    break
        if moved:
            continue
        depth -= 1  # this level is done: undo the choice that led to it
        if depth >= 0:
            c = applied[depth]
            p = position[depth]
            cards -= 1
            short = short_at[depth]
            if c == 0:
                taken[word[p]] -= 1
                need[word[p]] += 1
            else:
                width = 1 if c == n_doubles + 1 else 2
                for k in range(p, p + width):
                    need[word[k]] += 1
                if c <= n_doubles:
                    taken_double[c - 1] -= 1
                    used_doubles -= 1
                elif c == n_doubles + 1:
                    used_wild -= 1
                else:
                    used_double_wild -= 1
    for p in range(length):
        need[word[p]] = 0
        taken[word[p]] = 0
    taken_double[:n_doubles] = 0
    return best


def scratch_buffers(
    letters: int, doubles: int, width: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed scratch for ``_most_cards``, each buffer sized by what indexes it: letter codes
    (``letters``, the alphabet), the table's distinct doubles, and search depths (a word of
    ``width`` letters is at most ``width`` cards deep, plus the level that finds it spelled).
    Sizing one buffer by another's bound once let Ñ and short vocabularies write past it.
    Made by the wrapper, one set per thread, rather than in the kernel: Numba took most of a
    second to compile the allocations.
    """
    by_letter = np.zeros((2, letters), dtype=np.int64)
    taken_double = np.zeros(doubles, dtype=np.int64)
    by_depth = np.zeros((4, width + 1), dtype=np.int64)
    return by_letter, taken_double, by_depth


def best_cards(
    words, lengths, counts, masks, singles, first, second, doubles, wild, double_wild, floor
):
    """The most cards that spell each word in a claim (see the kernel). Threads by the
    number of words."""
    words, lengths = kernel_array(words, UINT8), kernel_array(lengths, INT64)
    counts, masks = kernel_array(counts, UINT8), kernel_array(masks, UINT32)
    table = (
        kernel_array(singles, INT64),
        kernel_array(first, INT64),
        kernel_array(second, INT64),
        kernel_array(doubles, INT64),
    )
    letters = table_letters(*table, wild, double_wild)
    available = kernel_array(letters.available, INT64)
    scalars = (int(wild), int(double_wild), int(floor), letters.mask, letters.total)

    def search(start: int, stop: int) -> np.ndarray:
        scratch = scratch_buffers(table[0].shape[0], table[1].shape[0], words.shape[1])
        return best_cards_kernel(
            words[start:stop],
            lengths[start:stop],
            counts[start:stop],
            masks[start:stop],
            *table,
            *scalars,
            available,
            *scratch,
        )

    return split_rows(words.shape[0], use_threads(words.shape[0], BEST_CARDS_PARALLEL_FROM), search)


@njit(cache=True, nogil=True)
def best_cards_kernel(
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
    table_mask,
    total_letters,
    available,
    by_letter,
    taken_double,
    by_depth,
):
    """The most cards that spell each word in a claim (0: no claim of 3 cards or more),
    bounds and search in one pass. Words whose bound is under ``floor`` are not searched
    (0): the caller already holds better claims. ``table_mask``, ``total_letters`` and
    ``available`` are the table's letters (``table.table_letters``); the last three arrays
    are ``scratch_buffers``."""
    n = words.shape[0]
    out = np.zeros(n, dtype=np.int8)
    wild_letters = wild + 2 * double_wild
    floor = max(floor, 3)  # a claim takes three cards at least
    for i in range(n):
        # The bound: cheap necessary conditions, in the loop rather than in a function of
        # their own. Inlined, a call bound its dozen arrays anew for every word, and Numba
        # counts each binding with an atomic increment and decrement: several times
        # slower (docs/performance.md, "First run").
        length = lengths[i]
        if length > total_letters:
            continue
        missing = masks[i] & ~table_mask
        distinct_missing = 0
        while missing:
            missing &= missing - 1
            distinct_missing += 1
        if distinct_missing > wild_letters:
            continue
        short = 0  # letters the table lacks even counting the doubles' letters
        lacking = 0  # letters the single cards lack
        seen = 0
        for p in range(length):  # each distinct letter of the word once
            letter = words[i, p]
            if seen & (1 << letter):
                continue
            seen |= 1 << letter
            need = counts[i, letter]
            if need > available[letter]:
                short += need - available[letter]
            if need > singles[letter]:
                lacking += need - singles[letter]
        if short > wild_letters:
            continue
        cover = 0  # letters the doubles can give: only where the word has their pair
        for j in range(first.shape[0]):
            pairs = 0
            for p in range(length - 1):
                if words[i, p] == first[j] and words[i, p + 1] == second[j]:
                    pairs += 1
            cover += 2 * min(pairs, doubles[j])
        if lacking > cover + wild_letters:
            continue
        # Letters the singles lack and no '?' gives need two-letter cards, each a card.
        bound = length - (max(0, lacking - wild) + 1) // 2
        if bound < floor:
            continue
        cards = _most_cards(
            words[i],
            length,
            singles,
            first,
            second,
            doubles,
            wild,
            double_wild,
            bound,
            np.int64(lacking),
            by_letter,
            taken_double,
            by_depth,
        )
        if cards >= 3:
            out[i] = cards
    return out


def claimable(words, lengths, counts, masks, singles, first, second, doubles, wild, double_wild):
    """The most cards that spell each word in a claim (0: none): an (n,) array."""
    table = (singles, first, second, doubles, wild, double_wild)
    return best_cards(words, lengths, counts, masks, *table, 3)
