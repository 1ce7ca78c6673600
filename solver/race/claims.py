"""MY WORD! claims: which cards on the table spell a word. The single source of truth.

A claim spells a dictionary word with three or more cards from the table, in any order
(rulebook, "Allowable Words"). A double card gives its two letters together and in printed
order (ND, U, K cannot spell DUNK); ``?`` stands for any one letter; ``??`` for any two
adjacent letters (M, ??, K spells MASK). A valid claim wins the cards it uses, one point
each, so of all the ways to spell a word the best uses the most cards; among those, the
one with the fewest wild cards (wilds are worth keeping on the table for no one else), and
then the first in card order, so that the choice is always the same.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from solver.race.deck import DOUBLE_WILD, WILD, is_wild
from solver.wordtools import lexicon

MIN_CARDS = 3
# Why a word cannot be claimed (``Spelling.reason``): callers compare against these.
NOT_A_WORD = "not in the dictionary"
UNSPELLED = "the cards on the table cannot spell it"
TOO_FEW = f"a claim takes at least {MIN_CARDS} cards"


@dataclass(frozen=True)
class Spelling:
    """The cards a word is spelled with (in word order), or why it cannot be claimed."""

    word: str
    cards: tuple[str, ...]
    reason: str = ""  # empty when the word can be claimed

    @property
    def ok(self) -> bool:
        return not self.reason

    @property
    def wilds(self) -> int:
        return sum(is_wild(card) for card in self.cards)


def best_spelling(
    table_cards: list[str] | tuple[str, ...], word: str, lang: str = "en"
) -> Spelling:
    """The most-cards way to spell ``word`` from the table, or the reason there is none."""
    spec = lexicon.language(lang)
    word = spec.normalize(word)
    if not lexicon.is_word(word, lang):
        return Spelling(word, (), NOT_A_WORD)
    return dictionary_word_spelling(table_cards, word)


def dictionary_word_spelling(
    table_cards: list[str] | tuple[str, ...], word: str, most: int | None = None
) -> Spelling:
    """``best_spelling`` of a normalized word known to be in the dictionary (one the index
    found in the word table): the look-up is spared. ``most``: the most cards that spell
    it, when known (the index's count), which spares the search every shorter spelling."""
    table = Counter(card.lower() for card in table_cards)
    cards = most_cards_spelling(word, tuple(sorted(table.items())), most)
    if cards is None:
        return Spelling(word, (), UNSPELLED)
    if len(cards) < MIN_CARDS:
        return Spelling(word, cards, TOO_FEW)
    return Spelling(word, cards)


def most_cards_spelling(
    word: str, table: tuple[tuple[str, int], ...], most: int | None = None
) -> tuple[str, ...] | None:
    """Best card sequence for ``word`` from a table (as sorted (card, count) pairs): the most
    cards, then the fewest wilds, then the first in card order (at each letter: its single
    card, a double, ``?``, ``??``); None when the cards cannot spell it. Equal to
    ``reference.most_cards_spelling``, the rules written as a plain recursion (tests hold
    them equal), which tries every spelling, far slower for a long word on a whole deck.

    ``most``: the most cards, when the caller knows it (the index found it): the search
    then leaves at once every branch that cannot reach it (a thousand long claims on a
    large table are slow without it). The answer is the same: should ``most`` be more than
    the word's most, nothing is found and the search runs again without it."""
    if most is not None:
        found = _spelling(word, table, most)
        if found is not None:
            return found
    return _spelling(word, table, None)


# A race asks again about the same words on the same table: within a game, hardly ever
# across games, whose tables differ. So a few hundred entries keep nearly every hit a far
# larger (or unbounded) cache would, in a small part of its memory (issue 26: a tournament
# worker's memory is bounded; measured: docs/performance.md, "Memory").
@lru_cache(maxsize=256)
def _spelling(
    word: str, table: tuple[tuple[str, int], ...], most: int | None
) -> tuple[str, ...] | None:
    if most == len(word):
        return _card_by_card(word, dict(table))
    if most == len(word) - 1:
        return _with_one_two_letter_card(word, dict(table))
    search = _SpellingSearch(word, dict(table), most)
    search.run(0, 0, 0)
    return search.best


def _card_by_card(
    word: str, counts: dict[str, int], pair_at: int = -1, pair_card: str = ""
) -> tuple[str, ...] | None:
    """The spelling of a card a letter (no two-letter card but ``pair_card`` at ``pair_at``,
    if given), None when there is none. Each letter's single cards go to its first places,
    ``?`` to the rest: the first in card order (a single card before ``?``), with as many
    wilds as the single cards lack, the fewest. Two thirds of a thousand claims on a big
    table are spelled so, without a search."""
    left = {letter: counts.get(letter, 0) for letter in set(word)}
    wilds = counts.get(WILD, 0)
    cards = []
    position = 0
    while position < len(word):
        if position == pair_at:
            cards.append(pair_card)
            position += 2
            continue
        letter = word[position]
        if left[letter] > 0:
            left[letter] -= 1
            cards.append(letter)
        elif wilds > 0:
            wilds -= 1
            cards.append(WILD)
        else:
            return None
        position += 1
    return tuple(cards)


# Where each card comes in card order, at a letter: its single card, a double, '?', '??'.
_CARD_ORDER = {WILD: 2, DOUBLE_WILD: 3}


def _with_one_two_letter_card(word: str, counts: dict[str, int]) -> tuple[str, ...] | None:
    """The best spelling with one two-letter card, None when there is none: every place and
    card for it (a double there, or ``??``), the letters around it card by card; the fewest
    wilds, then the first in card order (``_SpellingSearch``'s answer, without its search:
    a claim that needs one two-letter card took it 150 steps)."""
    best: tuple[tuple[int, list[int]], tuple[str, ...]] | None = None
    for at in range(len(word) - 1):
        for card in (word[at : at + 2], DOUBLE_WILD):
            if not counts.get(card, 0):
                continue
            cards = _card_by_card(word, counts, at, card)
            if cards is None:
                continue
            wilds = sum(c in _CARD_ORDER for c in cards)
            order = [_CARD_ORDER.get(c, 1 if len(c) == 2 else 0) for c in cards]
            if best is None or (wilds, order) < best[0]:
                best = ((wilds, order), cards)
    return None if best is None else best[1]


class _SpellingSearch:
    """Depth first through the cards, in card order, keeping a spelling only when it is
    strictly better than the best so far (the first of equals stays, as in the reference),
    and leaving a branch as soon as what it could reach at best is no better.

    What a branch can reach, from the letters still to spell: ``lack``, how many of them
    the single cards left cannot give, must come from wilds and two-letter cards. A
    two-letter card gives two letters for one card, so the most cards is the letters left
    less half of what ``?`` cannot give; and a double is the only card that gives letters
    without being wild, so the fewest wilds is half of what the doubles left cannot give
    (each only where its pair is still to come, and only its letters the single cards
    lack)."""

    def __init__(self, word: str, counts: dict[str, int], most: int | None = None) -> None:
        self.word = word
        self.singles = {card: n for card, n in counts.items() if len(card) == 1 and n > 0}
        self.singles.pop(WILD, None)
        in_word = {word[p : p + 2] for p in range(len(word) - 1)}
        self.doubles = {c: n for c, n in counts.items() if c in in_word and n > 0}
        self.starts = {  # where each double's pair begins in the word
            pair: [p for p in range(len(word) - 1) if word[p : p + 2] == pair]
            for pair in self.doubles
        }
        self.wild = counts.get(WILD, 0)
        self.double_wild = counts.get(DOUBLE_WILD, 0)
        self.doubles_left = sum(self.doubles.values())
        self.need = Counter(word)  # letters still to spell
        self.lack = sum(max(0, n - self.singles.get(c, 0)) for c, n in self.need.items())
        self.cards: list[str] = []
        # Whether a ``??`` could still give two lacking letters at once: two letters the
        # single cards lack side by side, from each position on (a letter lacking now lacked
        # from the start: a single card given to its letter leaves its lack as it was).
        lacked = {c: n - self.singles.get(c, 0) for c, n in self.need.items()}
        self.lacked_pair_ahead = [False] * (len(word) + 1)
        for p in range(len(word) - 2, -1, -1):
            a, b = word[p], word[p + 1]
            both = lacked[a] > 0 and lacked[b] > (a == b)
            self.lacked_pair_ahead[p] = both or self.lacked_pair_ahead[p + 1]
        self.best: tuple[str, ...] | None = None
        self.best_key = (-1, 0)  # (cards, -wilds) of ``best``; below any spelling's
        if most is not None:  # below any spelling of ``most`` cards, above any shorter one
            self.best_key = (most, -(self.wild + self.double_wild + 1))

    def run(self, position: int, count: int, wilds: int) -> None:
        left = len(self.word) - position
        lack = self.lack
        if lack > self.wild + 2 * (self.double_wild + self.doubles_left):
            return
        most = count + left - (max(0, lack - self.wild) + 1) // 2
        # Lacking letters the doubles could still give (their pair still to come), of each
        # letter no more than it lacks.
        need, singles = self.need, self.singles
        supply: dict[str, int] = {}
        for pair, starts in self.starts.items():
            if self.doubles[pair]:
                plays = min(self.doubles[pair], len(starts) - bisect_left(starts, position))
                if plays:
                    for c in pair:
                        if need[c] > singles.get(c, 0):
                            supply[c] = supply.get(c, 0) + plays
        given = sum(min(n, need[c] - singles.get(c, 0)) for c, n in supply.items())
        by_wilds = max(0, lack - given)  # letters only wilds can give: one or two a card
        two_at_once = self.double_wild if self.lacked_pair_ahead[position] else 0
        fewest_wilds = wilds + by_wilds - min(two_at_once, by_wilds // 2)
        if (most, -fewest_wilds) <= self.best_key:
            return  # nothing here can beat the best: at most a tie, and the first stays
        if left == 0:
            self.best, self.best_key = tuple(self.cards), (count, -wilds)
            return
        bound = (most, -fewest_wilds)  # after each card tried: the best may now reach it
        word = self.word
        letter = word[position]
        if self.singles.get(letter, 0) > 0:
            self.singles[letter] -= 1
            self.need[letter] -= 1
            self._take(letter, position + 1, count, wilds)
            self.need[letter] += 1
            self.singles[letter] += 1
            if bound <= self.best_key:
                return
        pair = word[position : position + 2]
        two = len(pair) == 2
        if two and self.doubles.get(pair, 0) > 0:
            self.doubles[pair] -= 1
            self.doubles_left -= 1
            self._spelled_by(pair, pair, position, count, wilds)
            self.doubles_left += 1
            self.doubles[pair] += 1
            if bound <= self.best_key:
                return
        if self.wild > 0:
            self.wild -= 1
            self._spelled_by(WILD, letter, position, count, wilds + 1)
            self.wild += 1
            if bound <= self.best_key:
                return
        if two and self.double_wild > 0:
            self.double_wild -= 1
            self._spelled_by(DOUBLE_WILD, pair, position, count, wilds + 1)
            self.double_wild += 1

    def _spelled_by(self, card: str, letters: str, position: int, count: int, wilds: int) -> None:
        """``card`` gives ``letters`` at ``position`` without a single card: each letter
        the single cards were short of is one less to find elsewhere."""
        lack = self.lack
        for letter in letters:
            if self.need[letter] > self.singles.get(letter, 0):
                self.lack -= 1
            self.need[letter] -= 1
        self._take(card, position + len(letters), count, wilds)
        for letter in letters:
            self.need[letter] += 1
        self.lack = lack

    def _take(self, card: str, position: int, count: int, wilds: int) -> None:
        self.cards.append(card)
        self.run(position, count + 1, wilds)
        self.cards.pop()
