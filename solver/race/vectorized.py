"""numpy twin of ``kernels.best_cards``, equal to it word for word where the answers reach
the search's floor, for a claim in a new process.

Why: ``myword race claim`` searches tens of thousands of words for milliseconds of work,
but the kernel first costs Numba's start-up (most of a second: ``bench/
test_race_claim_bench.py``, docs/performance.md). ``index.py`` gives this
path a search while its estimated work stays within a budget (``Budget``, counted in the
costs below, never by a clock), and hands the rest to the kernel; tests hold the two
equal, and both to the plain-Python rules.

How: the kernel's cheap necessary conditions (its bound, one of them tighter) run over all
the words at once, and a word the single cards and ``?`` spell alone takes as many cards as
letters. A claim takes ``length - k`` cards, where ``k`` is the number of two-letter
cards it uses (doubles and ``??``), so the most cards is the word's length minus the fewest
two-letter cards that let the rest be spelled: a search over where they go, not over every
spelling (far slower on a large table). For one or two of them the search
runs over every place and pair of places of all the words at once
(``_one_or_two_pairs``); the few words left that need more are solved one by one
(``most_cards``, the costliest work a word, where most of a large Spanish search's time
goes).
"""

from __future__ import annotations

import numpy as np

from solver.race.table import table_letters

MIN_CARDS = 3

# What the work costs, in microseconds, for ``Budget``: fitted to the times of whole
# searches by ``bench/test_warm_start_bench.py::test_race_numpy_against_numba`` (seeded
# tables of 10-72 cards in both languages, 2 busy cores), rounded up. Bounding: a call
# (numpy's overheads on a group of words); every word filtered by length and letter mask;
# each word whose letter counts are read (those left, or all of them in place when most
# are left); each word kept (the letters its single cards lack); each word and double card
# for the words that need the doubles (the scan of their letter pairs). Solving: each word
# and place squared of ``_one_or_two_pairs`` (its fit: docs/performance.md), each word
# solved one by one, and each step of ``most_cards``'s search.
CALL_US = 200.0
MASK_US_PER_WORD = 0.01
COUNT_US_PER_WORD = 0.06
BOUND_US_PER_WORD = 0.3
BOUND_US_PER_WORD_AND_DOUBLE = 0.06
SOLVE_US_PER_WORD = 40.0
PAIRS_US_PER_PLACES = 0.03
SOLVE_US_PER_STEP = 1.5


class OutOfBudget(Exception):
    """The work would cost more than the budget left: the kernel is cheaper now."""


class Budget:
    """Microseconds of work this path may still spend, estimated by the costs above (never
    by a clock, so that a search takes the same path on any machine and under any load)."""

    def __init__(self, microseconds: float) -> None:
        self.total = self.left = microseconds

    @property
    def spent(self) -> float:
        return self.total - self.left

    def spend(self, microseconds: float) -> None:
        """Count ``microseconds`` of work about to be done; ``OutOfBudget`` past the end."""
        self.left -= microseconds
        if self.left < 0:
            raise OutOfBudget


def _bits_set(masks: np.ndarray) -> np.ndarray:
    """How many bits each ``uint32`` mask has set."""
    if hasattr(np, "bitwise_count"):  # numpy 2
        return np.bitwise_count(masks)
    per_byte = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint8)
    return per_byte[masks.astype(np.uint32).view(np.uint8).reshape(-1, 4)].sum(axis=1)


def bounds(
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
    budget: Budget | None = None,
    floor: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's bound for every word: the upper bound on its cards (0: certainly none, or
    none of ``floor`` cards or more) and the letters its single cards lack. The conditions
    on lengths, letter masks and letter counts run over all the words at once; the scan of a
    word's letter pairs for the doubles only over the words that need the doubles (their
    single cards and wilds fall short).

    The conditions on two-letter cards are tighter than the kernel's, so that fewer words
    are solved one by one in Python (``_pair_cover``): a double card makes up for letters
    the single cards lack only with its own letters that they lack, and no more of a letter
    than the word lacks; a ``??`` for what the doubles leave (the kernel counts 2 for each).
    A word they rule out has no spelling at all, so the answers stay the kernel's.
    ``budget``: spent before each stage (``OutOfBudget`` when it does not last). The letter
    pairs of a word whose letters leave it under the ``floor`` however they are spelled are
    not scanned (a claim of as many cards as letters needs no two-letter card: at the floor
    of a big table's thousand claims, most of a length's words)."""
    if budget is not None:
        budget.spend(CALL_US + words.shape[0] * MASK_US_PER_WORD)
    letters = table_letters(singles, first, second, doubles, wild, double_wild)
    total_letters, wild_letters = letters.total, letters.wild_letters
    missing = np.asarray(masks, dtype=np.uint32) & np.uint32(~letters.mask & 0xFFFFFFFF)
    possible = (np.asarray(lengths) <= total_letters) & (_bits_set(missing) <= wild_letters)
    have = np.minimum(letters.available, 255).astype(np.uint8)
    kept = np.flatnonzero(possible)
    small = len(kept) < words.shape[0] // 3
    if budget is not None:
        budget.spend((len(kept) if small else words.shape[0]) * COUNT_US_PER_WORD)
    if small:  # a few words left: copied out first (a small table)
        short = _row_sums(np.maximum(np.asarray(counts[kept]), have)) - int(have.sum())
        kept = kept[short <= wild_letters]
    else:  # the letter counts read in place: cheaper than copying most of them
        short = _row_sums(np.maximum(counts, have)) - int(have.sum())  # with the doubles
        kept = np.flatnonzero(possible & (short <= wild_letters))
    bound = np.zeros(words.shape[0], dtype=np.int64)
    lacking = np.zeros(words.shape[0], dtype=np.int64)
    if not len(kept):
        return bound, lacking
    if budget is not None:
        budget.spend(len(kept) * BOUND_US_PER_WORD)
    single = np.minimum(singles, 255).astype(np.uint8)
    kept_counts = np.asarray(counts[kept])
    lacking[kept] = _row_sums(np.maximum(kept_counts, single)) - int(single.sum())
    possible = lacking[kept] <= wild  # the single cards and '?' give every letter
    beyond_single_wilds = np.maximum(0, lacking[kept] - wild)
    most = lengths[kept] - (beyond_single_wilds + 1) // 2  # each two-letter card: 2 letters
    pairs_needed = np.flatnonzero(~possible & (most >= floor))  # from two-letter cards
    if len(pairs_needed) and (first.shape[0] or double_wild):
        if budget is not None:
            per_word = BOUND_US_PER_WORD_AND_DOUBLE * (first.shape[0] + 1)
            budget.spend(len(pairs_needed) * per_word)
        rows = kept[pairs_needed]
        lacks = np.maximum(kept_counts[pairs_needed].astype(np.int16) - single, 0)
        cover = _pair_cover(words, lengths, lacks, rows, first, second, doubles, double_wild)
        possible[pairs_needed] = lacking[rows] - wild <= cover
    bound[kept] = np.where(possible, most, 0)
    return bound, lacking


def _row_sums(small: np.ndarray) -> np.ndarray:
    """Each row's sum of an (n, letters) array of small counts, as int64: a float32 product
    with ones (exact for sums under 2**24), several times faster than numpy's sum along a
    short axis."""
    ones = np.ones(small.shape[1], dtype=np.float32)
    return (small.astype(np.float32) @ ones).astype(np.int64)


def _pair_cover(words, lengths, lacks, rows, first, second, doubles, double_wild):
    """For the words ``rows``: how many of the letters their single cards lack (``lacks``,
    by row and letter: how many of each) two-letter cards could give at most. The doubles:
    each as often as the word holds its pair and the table holds copies of it, and of each
    letter no more than the word lacks. Each ``??``: as many as the best pair of adjacent
    letters still lacks after that (0 to 2). The kernel counts 2 for any double or ``??``:
    the tighter count spares the search of words no spelling fits (a ``??`` and a double
    that would both give the one ``e`` a word lacks, a ``??`` needed twice)."""
    lengths = np.asarray(lengths)[rows]
    width = int(lengths.max())  # a group of a few lengths: not the longest word's width
    words = np.asarray(words[rows, :width])
    beyond = np.arange(1, width)[None, :] >= lengths[:, None]  # pairs past the word's end
    lacks = np.minimum(lacks, 127).astype(np.int8)
    kinds = first.shape[0]
    if kinds:
        pairs_at = words[:, :-1].astype(np.int16) * 32 + words[:, 1:]
        pairs_at[beyond] = 32 * 32
        which = np.full(32 * 32 + 1, -1, dtype=np.int64)  # pair code -> double (-1: none)
        which[np.asarray(first) * 32 + np.asarray(second)] = np.arange(kinds)
        found = which[pairs_at]
        row, at = np.nonzero(found >= 0)
        held = np.bincount(row * kinds + found[row, at], minlength=len(rows) * kinds)
        held = held.reshape(len(rows), kinds)  # how often each word holds each double's pair
        letters_of = np.zeros((kinds, lacks.shape[1]), dtype=np.float32)  # double -> letters
        np.add.at(letters_of, (np.arange(kinds), np.asarray(first)), 1)
        np.add.at(letters_of, (np.arange(kinds), np.asarray(second)), 1)
        plays = np.minimum(held, doubles).astype(np.float32)  # float: a fast exact product
        given = np.minimum(plays @ letters_of, lacks).astype(np.int8)
    else:
        given = np.zeros_like(lacks)
    cover = _row_sums(given)
    if double_wild:
        still = lacks - given  # what only wilds can give, by letter
        at = (np.arange(len(rows)) * still.shape[1])[:, None] + words  # (row, letter) flat
        lacking, once = (still > 0).ravel(), (still == 1).ravel()
        before, after = at[:, :-1], at[:, 1:]
        gain = lacking[before].astype(np.int8) + lacking[after]
        gain -= (words[:, :-1] == words[:, 1:]) & once[before]  # a doubled letter lacked once
        gain[beyond] = 0
        cover += int(double_wild) * gain.max(axis=1)
    return cover


def most_cards(
    word: tuple[int, ...],
    singles: dict[int, int],
    pairs: dict[tuple[int, int], int],
    wild: int,
    double_wild: int,
    fewest_pairs: int = 0,
    budget: Budget | None = None,
    least: int = MIN_CARDS,
) -> int:
    """The most cards that spell ``word`` (letter codes) in a claim of ``least`` cards or
    more (3 at least), 0 when none does; ``fewest_pairs``: two-letter cards any claim of it
    needs (the bound's).

    The search is over the places of the two-letter cards only: the letters they leave are
    spelled by single cards, and by ``?`` where the single cards run short. For k = fewest,
    fewest + 1, ... it looks for k non-overlapping pairs of adjacent letters, each given a
    double card of those letters while one is left, else a ``??``, that leave the single
    cards short by no more than the ``?`` cards. Only pairs that make the shortfall smaller
    when placed are tried: a set with a pair that does not could drop it and still spell
    the word with fewer two-letter cards (so k was not the fewest). A word short of no
    letter needs no pair at all.
    """
    length = len(word)
    excess: dict[int, int] = {}  # letters the single cards lack, by letter
    for letter in word:
        excess[letter] = excess.get(letter, 0) + 1
    for letter, count in list(excess.items()):
        if count > singles.get(letter, 0):
            excess[letter] = count - singles.get(letter, 0)
        else:
            del excess[letter]
    short = sum(excess.values()) - wild  # letters neither single cards nor '?' can give
    if short <= 0:
        return length if length >= least else 0
    places = []  # where a two-letter card could go and make the shortfall smaller
    found_doubles: dict[tuple[int, int], int] = {}
    for p in range(length - 1):
        pair = (word[p], word[p + 1])
        if pair[0] not in excess and pair[1] not in excess:
            continue
        if pair in pairs:
            found_doubles[pair] = found_doubles.get(pair, 0) + 1
        elif not double_wild:
            continue
        places.append(p)
    usable = sum(min(n, pairs[pair]) for pair, n in found_doubles.items()) + double_wild
    most = min(usable, length - max(least, MIN_CARDS), len(places))
    steps = None if budget is None else int(budget.left // SOLVE_US_PER_STEP)
    search = _PairSearch(word, places, excess, dict(pairs), double_wild, steps)
    cards = 0
    for k in range(max(fewest_pairs, (short + 1) // 2), most + 1):
        if search.fits(0, 0, k, short):
            cards = length - k
            break
    if budget is not None and steps is not None:
        budget.spend((steps - search.steps_left) * SOLVE_US_PER_STEP)
    return cards


class _PairSearch:
    """Depth-first search for k pairs (``most_cards``), undoing each choice as it returns.

    A branch is left as soon as the pairs still to place cannot make up the shortfall: each
    makes it at most 2 smaller, and all of them together no more than the letters the
    single cards lack still to come in the word (``reach``, from each position on); or as
    soon as the places left hold fewer pairs of a double on the table (``doubles_ahead``)
    than the pairs still to place less the ``??`` cards left.
    ``steps_left``: the steps it may still take (None: no limit), ``OutOfBudget`` past it."""

    def __init__(self, word, places, excess, doubles_left, double_wild, steps_left) -> None:
        self.word, self.places, self.excess = word, places, excess
        self.doubles_left, self.double_wild = doubles_left, double_wild
        self.steps_left = steps_left
        self.doubles_ahead = [0] * (len(places) + 1)  # places from i on a double could take
        for i in range(len(places) - 1, -1, -1):
            pair = (word[places[i]], word[places[i] + 1])
            self.doubles_ahead[i] = self.doubles_ahead[i + 1] + (pair in doubles_left)
        self.reach = [0] * (len(word) + 1)
        seen = dict.fromkeys(excess, 0)
        for p in range(len(word) - 1, -1, -1):
            letter = word[p]
            more = letter in seen and seen[letter] < excess[letter]
            if more:
                seen[letter] += 1
            self.reach[p] = self.reach[p + 1] + more

    def fits(self, start: int, after: int, k: int, short: int) -> bool:
        """Whether ``k`` more pairs from ``places[start:]``, none before letter ``after``,
        bring the shortfall ``short`` to 0 or below."""
        if short <= 0:
            return k == 0
        if k == 0 or short > 2 * k:
            return False  # a pair makes the shortfall at most 2 smaller
        word, excess, places, reach = self.word, self.excess, self.places, self.reach
        for i in range(start, len(places) - k + 1):  # k places left at least
            p = places[i]
            if p < after:
                continue
            if reach[p] < short or self.doubles_ahead[i] + self.double_wild < k:
                return False  # later places reach even less, and offer fewer doubles
            if self.steps_left is not None:
                self.steps_left -= 1
                if self.steps_left < 0:
                    raise OutOfBudget
            a, b = word[p], word[p + 1]
            took_a = excess.get(a, 0) > 0
            if took_a:
                excess[a] -= 1
            took_b = excess.get(b, 0) > 0  # after a: a pair of one letter takes two
            if took_b:
                excess[b] -= 1
            found = False
            if took_a or took_b:
                now_short = short - took_a - took_b
                pair = (a, b)
                if self.doubles_left.get(pair, 0) > 0:  # a double while one is left
                    self.doubles_left[pair] -= 1
                    found = self.fits(i + 1, p + 2, k - 1, now_short)
                    self.doubles_left[pair] += 1
                elif self.double_wild > 0:
                    self.double_wild -= 1
                    found = self.fits(i + 1, p + 2, k - 1, now_short)
                    self.double_wild += 1
            if took_a:
                excess[a] += 1
            if took_b:
                excess[b] += 1
            if found:
                return True
        return False


def _one_or_two_pairs(words, lengths, excess, wild, pair_cards) -> np.ndarray:
    """For each word (letter codes, by row): the fewest two-letter cards, 1 or 2, that
    with the single cards and ``wild`` ``?`` cards spell it; 3 when two are not enough.
    ``excess``: the letters its single cards lack, by row and letter; ``pair_cards``: the
    table's doubles (first letters, second letters, copies) and ``??`` cards.

    ``most_cards``'s search, for one or two cards, over every place and every two places
    apart at once: a card at a place gives the letters there that are still lacking (a
    second copy of a letter only if the word lacks two), a double where its pair is and a
    copy is left, else a ``??``."""
    first, second, doubles, double_wild = pair_cards
    n, width = words.shape
    short = excess.sum(axis=1) - wild  # letters two-letter cards must give
    a = words[:, :-1].astype(np.intp)  # the letters at each place
    b = words[:, 1:].astype(np.intp)
    ex_a = np.take_along_axis(excess, a, axis=1)
    ex_b = np.take_along_axis(excess, b, axis=1)
    which = np.full(32 * 32, -1, dtype=np.int64)  # pair code -> double (-1: none)
    kinds = np.flatnonzero(np.asarray(doubles) > 0)
    which[np.asarray(first)[kinds] * 32 + np.asarray(second)[kinds]] = kinds
    kind = which[a * 32 + b]
    inside = np.arange(width - 1)[None, :] < (np.asarray(lengths)[:, None] - 1)
    usable = inside & ((kind >= 0) | (double_wild > 0))
    gain = (ex_a > 0).astype(np.int8) + (ex_b > (a == b))
    needed = np.full(n, 3, dtype=np.int64)
    needed[(usable & (gain >= short[:, None])).any(axis=1)] = 1
    two = np.flatnonzero((needed > 1) & (short <= 4))
    if not len(two) or width < 4:
        return needed
    places = width - 1
    p, q = np.triu_indices(places, k=2)  # two places apart: q at p + 2 or later
    copies = np.zeros(len(doubles) + 1, dtype=np.int64)
    copies[:-1] = doubles
    for chunk in np.array_split(two, max(1, len(two) * len(p) // 400_000)):
        ap, bp, aq, bq = a[chunk][:, p], b[chunk][:, p], a[chunk][:, q], b[chunk][:, q]
        ex = excess[chunk]
        got = (np.take_along_axis(ex, ap, axis=1) > 0).astype(np.int8)
        got += np.take_along_axis(ex, bp, axis=1) > (bp == ap)
        got += np.take_along_axis(ex, aq, axis=1) > (aq == ap).astype(np.int8) + (aq == bp)
        got += np.take_along_axis(ex, bq, axis=1) > (
            (bq == ap).astype(np.int8) + (bq == bp) + (bq == aq)
        )
        kp, kq = kind[chunk][:, p], kind[chunk][:, q]
        wilds = (kp < 0).astype(np.int8) + (kq < 0)
        wilds += (kp >= 0) & (kp == kq) & (copies[kp] < 2)  # one copy of a double, twice
        fits = usable[chunk][:, p] & usable[chunk][:, q] & (wilds <= double_wild)
        fits &= got >= short[chunk][:, None]
        needed[chunk[fits.any(axis=1)]] = 2
    return needed


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
    budget: Budget | None = None,
) -> np.ndarray | None:
    """``kernels.best_cards`` where it reaches the ``floor``: the most cards that spell each
    word in a claim of ``floor`` cards or more (and 3 or more), 0 for the words with none;
    None when the work would pass the ``budget`` (spent as it goes: the kernel is then
    cheaper). Below the floor the kernel may give a word's cards or 0 (it searches the
    words whose bound reaches the floor, to the end); this path gives 0, sparing the
    search of the words that cannot reach it. ``index.ranked_search`` keeps only claims
    above its floor, so both paths rank alike (tests hold them to it)."""
    try:
        out = np.zeros(words.shape[0], dtype=np.int8)
        table = (singles, first, second, doubles, wild, double_wild)
        least = max(floor, MIN_CARDS)
        bound, lacking = bounds(words, lengths, counts, masks, *table, budget, least)
        searched = np.flatnonzero(bound >= least)
        # A word whose letters the single cards and '?' give is spelled card by card, with
        # as many cards as letters (its bound): no search.
        plain = lacking[searched] <= wild
        out[searched[plain]] = bound[searched[plain]]
        searched = searched[~plain]
        if not len(searched):
            return out
        sizes = np.asarray(lengths[searched])
        fewest = (np.maximum(0, lacking[searched] - wild) + 1) // 2
        # One or two two-letter cards: decided for all those words at once; the words
        # that need more, one by one.
        few = np.flatnonzero(fewest <= 2)
        if len(few):
            if budget is not None:
                places = int(sizes[few].max()) - 1
                budget.spend(len(few) * places * places * PAIRS_US_PER_PLACES)
            excess = np.maximum(np.asarray(counts[searched[few]]).astype(np.int16) - singles, 0)
            needed = _one_or_two_pairs(
                np.asarray(words[searched[few], : int(sizes[few].max())]),
                sizes[few],
                excess,
                int(wild),
                (first, second, doubles, int(double_wild)),
            )
            solved = needed <= 2
            cards = sizes[few[solved]] - needed[solved]
            out[searched[few[solved]]] = np.where(cards >= least, cards, 0)
            fewest[few] = 3
            left = np.ones(len(searched), dtype=bool)
            left[few[solved]] = False
            left &= sizes - fewest >= least  # three pairs may leave too few cards
            searched, sizes, fewest = searched[left], sizes[left], fewest[left]
        if not len(searched):
            return out
        if budget is not None:
            budget.spend(len(searched) * SOLVE_US_PER_WORD)  # refused before any is solved
        held = {letter: int(n) for letter, n in enumerate(singles.tolist()) if n}
        pairs = {
            (int(a), int(b)): int(n) for a, b, n in zip(first, second, doubles, strict=True) if n
        }
        rows = np.asarray(words[searched]).tolist()  # a plain array first: not row by row
        for at, (row, size, k) in enumerate(
            zip(rows, sizes.tolist(), fewest.tolist(), strict=True)
        ):
            word = tuple(row[:size])
            cards = most_cards(word, held, pairs, int(wild), int(double_wild), k, budget, least)
            out[searched[at]] = cards
    except OutOfBudget:
        return None
    return out
