"""How long a person takes to find each word on a MY WORD! table, and to type it: the
model behind every level's thinking time (``bots.py``), written out with its sources in
``docs/race-people.md``.

After a change of the table, every word of the searcher's vocabulary that the cards can
claim gets a time of its own at which it comes to mind::

    found(w) = (reaction + per_card * cards on the table)
               * exp(rarity * max(0, COMMON_ZIPF - zipf(w)) + length * (letters(w) - 3))
               * exp(look_noise * N0) * exp(word_noise * N(w))

a base time for a common 3-letter word on this table, longer the rarer the word (its
Zipf frequency) and the longer it is, with a log-normal factor shared by this look (a
person is quicker or slower at a moment) and one of the word's own (N0 and N(w) standard
normal). Typing it then takes ``per_key`` seconds a letter and one more for Enter. A
word below the searcher's ``known_zipf`` is not in its vocabulary: it never comes to
mind; nor does a word it would take more than ``GIVE_UP`` seconds to find (a person stops
searching a table that long unchanged; so a round whose deck is out ends soon after,
rather than when a bot finally finds some rare long word minutes later).

Which word is called, and when (the claim policies):

- ``most``: the searcher keeps looking ``patience`` seconds after the first word comes
  to mind, then calls the word with the most cards found by then (the first found of
  them on a tie);
- ``first``: the first word that comes to mind, at once;
- ``wait``: the first word of ``WAIT_FOR`` cards or more to come to mind; none on the
  table: no call, until the deck is out (then as ``most``).

The noise is drawn from the generator the caller hands in (the decision's own seed), the
look's factor first, then the words' factors from a numpy generator seeded by it, one per
claimable word in the index's order (most cards, then most familiar): the same table and
seed give the same times, in this process or served over the engine protocol.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # numpy is imported where times are drawn: listing the bots stays quick
    import numpy as np

COMMON_ZIPF = 5.0  # a word this frequent or more (eat, dog, sea) is found fastest
SHORTEST = 3  # letters of the shortest claim: the base time is for such a word
WAIT_FOR = 5  # cards the ``wait`` policy waits for
GIVE_UP = 12.0  # seconds after a change: a word not found by then is not found at all


class Searcher(Protocol):
    """The parameters of the model (a level: ``bots.RaceBot``), read only (a level is
    frozen)."""

    @property
    def tier(self) -> str: ...

    @property
    def reaction(self) -> float: ...

    @property
    def per_card(self) -> float: ...

    @property
    def rarity(self) -> float: ...

    @property
    def length(self) -> float: ...

    @property
    def known_zipf(self) -> float: ...

    @property
    def look_noise(self) -> float: ...

    @property
    def word_noise(self) -> float: ...

    @property
    def per_key(self) -> float: ...

    @property
    def patience(self) -> float: ...


@dataclass(frozen=True)
class Found:
    """The words a searcher can claim on a table, each with the cards it takes, its index
    in the tier's word table, its letters, when it comes to mind and how long it takes to
    type (seconds from the change of the table), in the index's order."""

    cards: np.ndarray
    index: np.ndarray
    letters: np.ndarray
    found: np.ndarray
    typed: np.ndarray

    def __len__(self) -> int:
        return len(self.index)


def base_time(searcher: Searcher, cards_on_table: int) -> float:
    """Seconds to find a common 3-letter word on a table of this many cards, noise aside."""
    return searcher.reaction + searcher.per_card * cards_on_table


def word_times(
    searcher: Searcher,
    cards_on_table: int,
    zipf: np.ndarray,
    letters: np.ndarray,
    rng: random.Random,
) -> np.ndarray:
    """When each word comes to mind (see the module's docstring), its noise drawn from
    ``rng``: the look's factor, then a seed for the words' own."""
    import numpy as np

    look = rng.gauss(0.0, 1.0)
    words = np.random.default_rng(rng.getrandbits(64)).standard_normal(len(zipf))
    exponent = (
        searcher.rarity * np.maximum(0.0, COMMON_ZIPF - zipf)
        + searcher.length * (letters - SHORTEST)
        + searcher.look_noise * look
        + searcher.word_noise * words
    )
    return base_time(searcher, cards_on_table) * np.exp(exponent)


def found_words(
    table: list[str], searcher: Searcher, rng: random.Random, lang: str
) -> Found | None:
    """Every word of the searcher's vocabulary the table can claim, with its times; None
    when there is none (nothing is drawn from ``rng`` then)."""
    import numpy as np

    from solver.race.index import ranked_indices, word_table

    ranked = ranked_indices(table, searcher.tier, lang, top=None)
    if not ranked:
        return None
    vocabulary = word_table(searcher.tier, lang)
    cards = np.fromiter((count for count, _ in ranked), dtype=np.int64, count=len(ranked))
    index = np.fromiter((i for _, i in ranked), dtype=np.int64, count=len(ranked))
    zipf = vocabulary.zipf[index]
    known = zipf >= searcher.known_zipf
    if not known.any():
        return None
    cards, index, zipf = cards[known], index[known], zipf[known]
    letters = vocabulary.lengths[index].astype(np.int64)
    found = word_times(searcher, len(table), zipf, letters, rng)
    kept = found <= GIVE_UP
    if not kept.any():
        return None
    cards, index, letters, found = cards[kept], index[kept], letters[kept], found[kept]
    typed = searcher.per_key * (letters + 1)  # the letters, then Enter
    return Found(cards, index, letters, found, typed)


def chosen(
    found: Found, policy: str, patience: float, deck_empty: bool
) -> tuple[int, float] | None:
    """The word called by ``policy`` (its position in ``found``) and when, in seconds
    after the change of the table (found, then typed); None: no call yet (``wait``)."""
    import numpy as np

    order = np.argsort(found.found, kind="stable")  # as the words come to mind
    if policy == "first":
        pick = int(order[0])
        return pick, float(found.found[pick] + found.typed[pick])
    if policy == "wait":
        long = order[found.cards[order] >= WAIT_FOR]
        if len(long):
            pick = int(long[0])
            return pick, float(found.found[pick] + found.typed[pick])
        if not deck_empty:
            return None
    decided = float(found.found[order[0]]) + patience
    seen = order[found.found[order] <= decided]
    pick = int(seen[np.argmax(found.cards[seen])])  # the first found of the most cards
    return pick, decided + float(found.typed[pick])


def typing_seconds(words_a_minute: float) -> float:
    """Seconds a key at a typing speed in words a minute (a word: 5 characters)."""
    return 60.0 / (5.0 * words_a_minute)


def geometric(a: float, b: float, share: float) -> float:
    """The point ``share`` of the way from ``a`` to ``b`` on a log scale (times)."""
    if a <= 0 or b <= 0:
        return a + (b - a) * share
    return math.exp(math.log(a) + (math.log(b) - math.log(a)) * share)
