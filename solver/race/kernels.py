"""Numba kernels for MY WORD!: which words the cards on a table can spell, and with how many.

Words come in as the lexicon's letter codes, padded into one (n, width) ``uint8`` array
with their lengths, letter counts and letter masks; the table as counts of single cards
per letter, the double cards as (first, second, copies) and the wild counts. For each word
the kernel returns the most cards a claim can use and, among those, the fewest wilds; 0
when the word cannot be spelled. ``claims.py`` defines the rules; ``reference.py`` is the
plain-Python twin tests compare with.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True)
def _best_claim(
    word,
    length,
    singles,
    first,
    second,
    doubles,
    wild,
    double_wild,
    taken,
    taken_double,
    floor,
    position,
    next_choice,
    applied,
):
    """Depth-first search over the ways to cut ``word`` into cards: (cards, wilds), best.

    Letter cards are tried first, so the first spelling found is usually the best; the
    search stops as soon as no spelling can beat it: one card a letter (the most possible)
    with ``floor`` wilds (the letters the single cards lack, which only ``?`` can give)."""
    n_doubles = first.shape[0]
    choices = n_doubles + 3
    taken[:] = 0  # scratch buffers are reused word after word
    taken_double[:] = 0
    position[0] = 0
    next_choice[0] = 0
    depth = 0
    cards = 0
    wilds = 0
    used_wild = 0
    used_double_wild = 0
    best_cards = 0
    best_wilds = 0
    while depth >= 0:
        p = position[depth]
        moved = False
        if p == length:
            if cards > best_cards or (cards == best_cards and wilds < best_wilds):
                best_cards = cards
                best_wilds = wilds
                if best_cards == length and best_wilds == floor:
                    return best_cards, best_wilds
        elif cards + (length - p) > best_cards or (
            cards + (length - p) == best_cards and wilds < best_wilds
        ):  # can still beat the best
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
                        width = 2
                elif c == n_doubles + 1:
                    if used_wild < wild:
                        used_wild += 1
                        wilds += 1
                        width = 1
                elif p + 1 < length and used_double_wild < double_wild:
                    used_double_wild += 1
                    wilds += 1
                    width = 2
                if width > 0:
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
            cards -= 1
            if c == 0:
                taken[word[position[depth]]] -= 1
            elif c <= n_doubles:
                taken_double[c - 1] -= 1
            elif c == n_doubles + 1:
                used_wild -= 1
                wilds -= 1
            else:
                used_double_wild -= 1
                wilds -= 1
    return best_cards, best_wilds


@njit(cache=True, parallel=True)
def claimable(words, lengths, counts, masks, singles, first, second, doubles, wild, double_wild):
    """Most cards (0: none) and fewest wilds at that, for every word: two (n,) arrays."""
    n = words.shape[0]
    letters = singles.shape[0]
    best = np.zeros(n, dtype=np.int8)
    best_wilds = np.zeros(n, dtype=np.int8)
    available = singles.copy()
    table_mask = 0
    for letter in range(letters):
        if singles[letter] > 0:
            table_mask |= 1 << letter
    for j in range(first.shape[0]):
        available[first[j]] += doubles[j]
        available[second[j]] += doubles[j]
        table_mask |= (1 << first[j]) | (1 << second[j])
    total_letters = singles.sum() + 2 * doubles.sum() + wild + 2 * double_wild
    wild_letters = wild + 2 * double_wild
    chunks = 64  # each chunk of words reuses one set of scratch buffers
    for chunk in prange(chunks):
        taken = np.zeros(letters, dtype=np.int64)
        taken_double = np.zeros(first.shape[0], dtype=np.int64)
        position = np.zeros(words.shape[1] + 1, dtype=np.int64)
        next_choice = np.zeros(words.shape[1] + 1, dtype=np.int64)
        applied = np.zeros(words.shape[1] + 1, dtype=np.int64)
        for i in range(chunk * n // chunks, (chunk + 1) * n // chunks):
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
            deficit = 0
            floor = 0  # letters no single card gives: '?' wilds when every card is one letter
            for letter in range(letters):
                short = counts[i, letter] - available[letter]
                if short > 0:
                    deficit += short
                lacking = counts[i, letter] - singles[letter]
                if lacking > 0:
                    floor += lacking
            if deficit > wild_letters:
                continue
            cards, wilds = _best_claim(
                words[i],
                length,
                singles,
                first,
                second,
                doubles,
                wild,
                double_wild,
                taken,
                taken_double,
                floor,
                position,
                next_choice,
                applied,
            )
            best[i] = cards
            best_wilds[i] = wilds
    return best, best_wilds
