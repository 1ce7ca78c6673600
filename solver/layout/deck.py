"""My Word (1980) deck: 48 cards with a letter pair on each edge, generated reproducibly.

The cards' pairs, values and red cards are not published (``shared/design/my-word-1980.md``),
so the default deck is an assumption, derived here from the dictionary and a seed and kept
in ``data/deck.json``:

- Two cards side by side make ``left card's right pair + right card's left pair``; one above
  the other, ``upper card's bottom pair + lower card's top pair``. So right and bottom pairs
  begin 4-letter words and left and top pairs end them.
- Beginnings: the 24 most common first pairs of the familiar 4-letter words as they stood
  when the deck was made (``_deck_words``); endings: the 24 most common last pairs. Each
  appears on 4 cards (48 cards x 2 edges = 96 = 24 x 4).
- The pairs are dealt to the cards by a seeded shuffle (seed ``DECK_SEED``).
- Red cards: 6 cards carry the symbol pair ``..`` instead of one pair, on a different edge
  in turn (top, right, bottom, left, ...), so every edge has a symbol somewhere.
- Values: a pair is worth more the fewer partners it has, a partner being a pair of the other
  kind in the deck with which it spells a dictionary word: the fifth with fewest partners is
  worth 5, the next 4, ... the fifth with most partners 1.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from solver.runtime import seeds
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

CARDS = 48
PAIRS_EACH = 24
RED_CARDS = 6
DECK_SEED = 1980
SYMBOL = ".."
EDGES = ("top", "right", "bottom", "left")


class CardDocument(TypedDict):
    """A card in a deck's JSON form: its number and its four edges (a pair or SYMBOL)."""

    number: int
    top: str
    right: str
    bottom: str
    left: str


class DeckDocument(TypedDict):
    """A deck in its JSON form (``document``, ``parse_deck``; the default deck's file also
    says how it was derived: ``lang`` and ``seed``)."""

    cards: list[CardDocument]
    begin_values: dict[str, int]  # a beginning pair's points
    end_values: dict[str, int]  # an ending pair's points
    lang: NotRequired[str]
    seed: NotRequired[int]


BEGINNING_EDGES = ("right", "bottom")
ENDING_EDGES = ("left", "top")
# Limits checked where a deck enters (the default: 48 cards, values 1 to 5): the kernels
# index arrays by card number and add values in 16 bits.
MIN_CARDS = 5  # the centre card and a solo hand of 4
MAX_CARDS = 200
MAX_VALUE = 99


class DeckError(UserError):
    """A deck file that cannot be played with."""


@dataclass(frozen=True)
class Card:
    number: int
    top: str
    right: str
    bottom: str
    left: str

    @property
    def red(self) -> bool:
        return SYMBOL in (self.top, self.right, self.bottom, self.left)

    def edge(self, name: str) -> str:
        return getattr(self, name)


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    begin_values: dict[str, int]  # value of each beginning pair (right, bottom edges)
    end_values: dict[str, int]  # value of each ending pair (left, top edges)

    @cached_property
    def by_number(self) -> dict[int, Card]:
        """Cards by number, built once: move generation looks cards up constantly."""
        return {card.number: card for card in self.cards}

    def card(self, number: int) -> Card:
        return self.by_number[number]


def _deck_words(lang: str) -> list[str]:
    """The 4-letter words the pairs are counted over: core words of Zipf >= 3.0, less the
    misread Spanish ones, which was the familiar tier when the deck was made. Issue 27 left
    out of that tier the words whose frequency is another token's (``lexicon.not_known``:
    hes, cant, lite), a judgement about words a person knows; the deck is a product, made
    once (``data/deck.json``), and a word judged later must not deal its cards again."""
    zipfs = lexicon.zipfs(4, "core", lang)
    misread = lexicon.misread(lang)
    return [
        w
        for w, z in zip(lexicon.words(4, "core", lang), zipfs.tolist(), strict=True)
        if z >= lexicon.FAMILIAR_ZIPF and w not in misread
    ]


def _common_pairs(lang: str) -> tuple[list[str], list[str]]:
    words = _deck_words(lang)
    firsts = Counter(w[:2] for w in words)
    lasts = Counter(w[2:] for w in words)
    top = lambda counts: [p for p, _ in sorted(counts.items(), key=lambda i: (-i[1], i[0]))]  # noqa: E731
    return top(firsts)[:PAIRS_EACH], top(lasts)[:PAIRS_EACH]


def _values(pairs: list[str], partners: dict[str, int]) -> dict[str, int]:
    """5 for the fifth of pairs with fewest partners ... 1 for the fifth with most."""
    ranked = sorted(pairs, key=lambda p: (partners[p], p))
    return {p: 5 - (rank * 5) // len(ranked) for rank, p in enumerate(ranked)}


def derive_deck(lang: str = "en", seed: int = DECK_SEED) -> DeckDocument:
    """The default deck as a JSON-ready dict (see the module docstring for the recipe)."""
    beginnings, endings = _common_pairs(lang)
    play = lexicon.load(lang).play
    rng = seeds.rng(seed)
    begins = [p for p in beginnings for _ in range(CARDS * 2 // PAIRS_EACH)]
    ends = [p for p in endings for _ in range(CARDS * 2 // PAIRS_EACH)]
    rng.shuffle(begins)
    rng.shuffle(ends)
    cards: list[dict[str, int | str]] = []  # an edge named by a variable below
    for n in range(CARDS):
        right, bottom = begins[2 * n], begins[2 * n + 1]
        left, top = ends[2 * n], ends[2 * n + 1]
        cards.append({"number": n + 1, "top": top, "right": right, "bottom": bottom, "left": left})
    for k, card in enumerate(rng.sample(cards, RED_CARDS)):
        card[EDGES[k % len(EDGES)]] = SYMBOL
    begin_partners = {b: sum(b + e in play for e in endings) for b in beginnings}
    end_partners = {e: sum(b + e in play for b in beginnings) for e in endings}
    return {
        "lang": lang,
        "seed": seed,
        "cards": cast(list[CardDocument], cards),
        "begin_values": _values(beginnings, begin_partners),
        "end_values": _values(endings, end_partners),
    }


def _is_pair(pair: object) -> bool:
    """Two lowercase letters, as on a card's edge."""
    return isinstance(pair, str) and len(pair) == 2 and pair.isalpha() and pair.islower()


def _is_count(value: object, low: int, high: int) -> bool:
    """An integer from JSON (not a bool, not "5") in ``low..high``."""
    return type(value) is int and low <= value <= high


def _checked_card(raw: object, name: str) -> Card:
    """One card of a deck document, every field of the right type: a card numbered "5"
    was played by ``solo`` and then refused by ``replay``."""
    if not isinstance(raw, dict) or set(raw) != {"number", *EDGES}:
        raise DeckError(f"deck {name}: each card is {{number, top, right, bottom, left}}")
    if not _is_count(raw["number"], 1, MAX_CARDS):
        raise DeckError(f"deck {name}: a card number is a whole number from 1 to {MAX_CARDS}")
    for edge in EDGES:
        if raw[edge] != SYMBOL and not _is_pair(raw[edge]):
            raise DeckError(
                f"deck {name}: card {raw['number']} {edge} is {raw[edge]!r}, not two "
                f"lowercase letters or {SYMBOL!r}"
            )
    return Card(**raw)


def _checked_values(raw: object, name: str, kind: str) -> dict[str, int]:
    if not isinstance(raw, dict) or not all(
        _is_pair(k) and _is_count(v, 0, MAX_VALUE) for k, v in raw.items()
    ):
        raise DeckError(f"deck {name}: {kind} maps pairs to whole numbers from 0 to {MAX_VALUE}")
    return dict(raw)


# ``document``: parsed JSON (a deck file's, a log's, a view's), checked here as it is read.
def parse_deck(document: dict[str, object], name: str) -> Deck:
    """A deck from its JSON form, every field checked where it enters: a wrong type, a
    repeated number or a deck too small to deal or too large to play is a ``DeckError``."""
    if not isinstance(document, dict) or not isinstance(raw := document.get("cards"), list):
        raise DeckError(f"deck {name} is not a My Word deck: it needs a list of cards")
    if not MIN_CARDS <= len(raw) <= MAX_CARDS:
        raise DeckError(
            f"deck {name} is not a My Word deck: it has {len(raw):,} cards, "
            f"a deck has {MIN_CARDS} to {MAX_CARDS}"
        )
    cards = tuple(_checked_card(card, name) for card in raw)
    repeated = sorted(n for n, times in Counter(c.number for c in cards).items() if times > 1)
    if repeated:
        raise DeckError(f"deck {name}: card numbers repeated: {repeated[:5]}")
    begin_values = _checked_values(document.get("begin_values"), name, "begin_values")
    end_values = _checked_values(document.get("end_values"), name, "end_values")
    for card in cards:
        for edge in BEGINNING_EDGES:
            pair = card.edge(edge)
            if pair != SYMBOL and pair not in begin_values:
                raise DeckError(
                    f"deck {name}: card {card.number} {edge} pair {pair!r} has no value"
                )
        for edge in ENDING_EDGES:
            pair = card.edge(edge)
            if pair != SYMBOL and pair not in end_values:
                raise DeckError(
                    f"deck {name}: card {card.number} {edge} pair {pair!r} has no value"
                )
    return Deck(cards, begin_values, end_values)


def document(deck: Deck) -> DeckDocument:
    """The deck in the JSON form ``parse_deck`` reads (game logs carry decks this way)."""
    return {
        "cards": [
            {"number": c.number, "top": c.top, "right": c.right, "bottom": c.bottom, "left": c.left}
            for c in deck.cards
        ],
        "begin_values": dict(deck.begin_values),
        "end_values": dict(deck.end_values),
    }


@cache
def default_deck() -> Deck:
    text = resources.files("solver.layout").joinpath("data/deck.json").read_text("utf-8")
    return parse_deck(json.loads(text), "default")


def load_deck(spec: str | Path | None = None) -> Deck:
    """The default deck, or a deck file in the same JSON form."""
    if spec is None or str(spec) == "default":
        return default_deck()
    from solver.runtime.userfiles import regular_file

    path = Path(spec)
    try:
        text = regular_file(spec, "deck", DeckError).read_text("utf-8")
    except FileNotFoundError:
        raise DeckError(f"no such deck file: {path}") from None
    except UnicodeDecodeError:
        raise DeckError(f"cannot read deck {path}: it is not UTF-8 text") from None
    except OSError as error:
        raise DeckError(f"cannot read deck {path}: {error.strerror}") from None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:  # (arrays nested thousands deep)
        raise DeckError(f"cannot read deck {path}: not JSON ({error})") from None
    # A deck file is played with English words (the game has no other language); one made
    # for another ("lang": "xx", "es") was taken without a word. (A deck derived in Python
    # for another language, as the kernels' tests make, is parse_deck's, not a file.)
    lang = document.get("lang") if isinstance(document, dict) else None
    if lang is not None and str(lang).lower() != "en":
        raise DeckError(
            f"deck {path.name} is for the language {str(lang)[:20]!r}: My Word (1980) is "
            "played with English words (give lang en, or none)"
        )
    return parse_deck(document, path.name)


def main() -> None:
    path = Path(__file__).resolve().parent / "data" / "deck.json"
    path.write_text(json.dumps(derive_deck(), indent=1) + "\n", "utf-8")
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
