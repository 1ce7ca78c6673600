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

from collections import Counter
from dataclasses import dataclass
from functools import cache

from solver import lexicon
from solver.race.deck import DOUBLE_WILD, WILD, is_wild

MIN_CARDS = 3


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
        return Spelling(word, (), "not in the dictionary")
    return dictionary_word_spelling(table_cards, word)


def dictionary_word_spelling(table_cards: list[str] | tuple[str, ...], word: str) -> Spelling:
    """``best_spelling`` of a normalized word known to be in the dictionary (one the index
    found in the word table): the look-up is spared."""
    table = Counter(card.lower() for card in table_cards)
    cards = most_cards_spelling(word, tuple(sorted(table.items())))
    if cards is None:
        return Spelling(word, (), "the cards on the table cannot spell it")
    if len(cards) < MIN_CARDS:
        return Spelling(word, cards, f"a claim takes at least {MIN_CARDS} cards")
    return Spelling(word, cards)


@cache
def most_cards_spelling(word: str, table: tuple[tuple[str, int], ...]) -> tuple[str, ...] | None:
    """Best card sequence for ``word`` from a table (as sorted (card, count) pairs)."""
    counts = dict(table)

    @cache
    def best_from(position: int, used: tuple[tuple[str, int], ...]) -> tuple[str, ...] | None:
        if position == len(word):
            return ()
        taken = dict(used)
        options = [
            (word[position], 1),
            (word[position : position + 2], 2),
            (WILD, 1),
            (DOUBLE_WILD, 2),
        ]
        best: tuple[str, ...] | None = None
        for card, width in options:
            if position + width > len(word) or counts.get(card, 0) - taken.get(card, 0) <= 0:
                continue
            if width == 2 and not is_wild(card) and len(card) != 2:
                continue
            now = dict(taken)
            now[card] = now.get(card, 0) + 1
            rest = best_from(position + width, tuple(sorted(now.items())))
            if rest is None:
                continue
            candidate = (card, *rest)
            if best is None or _better(candidate, best):
                best = candidate
        return best

    return best_from(0, ())


def _better(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """More cards, then fewer wilds; the first found wins a full tie."""
    wilds_one = sum(is_wild(c) for c in one)
    wilds_other = sum(is_wild(c) for c in other)
    return (len(one), -wilds_one) > (len(other), -wilds_other)
