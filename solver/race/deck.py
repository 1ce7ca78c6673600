"""MY WORD! decks: the cards, where the default letters come from, loading another deck.

The 2006 rulebook gives counts, not letters: 54 single-letter cards, 15 double-letter
cards, 3 wild cards, and an Ñ card used only in Spanish. The default deck is therefore an
assumption (``shared/design/my-word-cards.md``), derived here reproducibly and kept in
``data/deck-{en,es}.txt``:

- Doubles: QU and ND (named by the rules), IT and SH (seen in the real game), then the
  most useful other two-letter sequences: bigrams ranked by their count over the familiar
  vocabulary of 3 letters or more, each word weighted by its frequency (wordfreq), until
  there are 15.
- Singles: 54 cards shared out by letter frequency (same counts, same weights) with the
  largest-remainder method, every letter at least once except Q, which is only useful on
  the QU card.
- Wilds: two ``?`` (any one letter) and one ``??`` (two adjacent letters).
- Spanish: the same recipe over the Spanish familiar vocabulary (Ñ counted as a letter, so
  it gets its own card), QU and ND kept as the named doubles.
- Ages 7 and up (``kids``): the single letters and QU of a deck, nothing else (the
  rulebook removes the other doubles, the wilds and the Ñ card); so each language has its
  own (``kids-en``, ``kids-es``: the Spanish singles, without Ñ). It is a rule applied to
  the deck, not a list of its own, so it follows the default deck files and applies to a
  deck file as well.

Cards are lowercase strings: ``"e"``, ``"qu"``, ``"ñ"``, ``"?"``, ``"??"``. A deck file
has one ``card count`` pair a line (``#`` comments).

A deck is played in one language (``Deck.lang``), and every letter on its cards must be a
letter of that language: the anagram index codes words and tables by the language's
alphabet, so a Ñ card in an English game is a card no word can use. ``Deck`` checks it
when it is made, so no command or function can pair them wrongly; ``load_deck`` is where
a deck named on the command line (or in Python) meets the language asked for.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from solver.runtime.errors import UserError
from solver.wordtools import lexicon

SINGLES = 54
DOUBLES = 15
WILD, DOUBLE_WILD = "?", "??"
NAMED_DOUBLES = {"en": ("qu", "nd", "it", "sh"), "es": ("qu", "nd")}
LANGS = ("en", "es")  # languages with a default deck
KIDS = "kids"  # the kids deck of the game's language
KIDS_REMOVE = (WILD, "ñ")  # single cards the ages 7 and up rules take out
DECKS = (*LANGS, KIDS, *(f"{KIDS}-{lang}" for lang in LANGS))
# Limits that keep a game or a claim query quick (the default decks: 73 cards, 3 wilds);
# a table of cards holds at most a deck. Checked where a deck or a table enters.
MAX_DECK_CARDS = 150
MAX_WILDS = 6  # ? and ?? cards together: each multiplies the spellings searched
COUNT = re.compile(r"[0-9]{1,4}")  # ASCII digits: str.isdigit() also takes "²"


class DeckError(UserError):
    """A deck that cannot be played with: a bad file, or letters the language lacks."""


@dataclass(frozen=True)
class Deck:
    """A deck: each card with how many copies there are, in a fixed order, and the language
    it is played in. Made only with at least 3 cards and with letters of that language
    (``DeckError`` otherwise), so a game never meets a card its words cannot use."""

    name: str
    lang: str
    counts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        size = sum(count for _, count in self.counts)
        if size < 3:
            raise DeckError(f"deck {self.name}: a deck needs at least 3 cards")
        if size > MAX_DECK_CARDS:
            raise DeckError(
                f"deck {self.name} has {size:,} cards; the limit is {MAX_DECK_CARDS} a deck"
            )
        wilds = sum(count for card, count in self.counts if is_wild(card))
        if wilds > MAX_WILDS:
            raise DeckError(f"deck {self.name} has {wilds} wild cards; the limit is {MAX_WILDS}")
        language = lexicon.language(self.lang)
        letters = set(language.alphabet)
        foreign = sorted({c for c, _ in self.counts if not is_wild(c) and set(c) - letters})
        if foreign:
            raise DeckError(
                f"deck {self.name} has {_listed(foreign)}, which {language.name} words never "
                f"use{where_they_fit(foreign)}"
            )

    def cards(self) -> list[str]:
        """Every card, copies included, in the deck's fixed order (shuffle a copy)."""
        return [card for card, count in self.counts for _ in range(count)]

    def __len__(self) -> int:
        return sum(count for _, count in self.counts)


def is_wild(card: str) -> bool:
    return card in (WILD, DOUBLE_WILD)


def _listed(cards: list[str]) -> str:
    shown = ", ".join(card.upper() for card in cards)
    return f"the card {shown}" if len(cards) == 1 else f"the cards {shown}"


def where_they_fit(cards: list[str]) -> str:
    """The hint of an error about letters a language lacks: the language whose letters
    the cards are (": play it in Spanish (--lang es)"), or nothing."""
    fits = [
        lang
        for lang in sorted(lexicon.LANGUAGES)
        if all(set(c) <= set(lexicon.language(lang).alphabet) for c in cards)
    ]
    if not fits:
        return ""
    name = lexicon.language(fits[0]).name
    return f": play it in {name} (--lang {fits[0]})"


def parse_deck(text: str, name: str, lang: str = "en") -> Deck:
    """A deck from ``card count`` lines; cards are 1 or 2 letters, or wilds. The letters
    are checked against the language by ``Deck`` itself."""
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}  # a card listed twice is a slip, never summed silently
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) != 2 or not COUNT.fullmatch(fields[1]):
            raise DeckError(
                f"deck {name}, line {number}: write a card and a count (0 to 9999), e.g. 'qu 1'"
            )
        card, count = fields[0].lower(), int(fields[1])
        if not (is_wild(card) or (1 <= len(card) <= 2 and card.isalpha())):
            raise DeckError(f"deck {name}, line {number}: {fields[0]!r} is not a card")
        if card in first_line:
            raise DeckError(
                f"deck {name}, line {number}: {card.upper()} is listed again "
                f"(first on line {first_line[card]}); write each card once, with its count"
            )
        first_line[card] = number
        counts[card] = count
    return Deck(name, lang, tuple(sorted(counts.items(), key=_card_order)))


def check_table(cards: list[str], deck: Deck) -> None:
    """Refuse a table the deck cannot make (``DeckError``): a card it does not hold, or
    more copies of a card than it has. Cards as ``index.parse_table`` gives them."""
    held = dict(deck.counts)
    missing = [card for card, _ in sorted(Counter(cards).items(), key=_card_order)]
    missing = [card for card in missing if card not in held]
    if missing:
        doubles = " ".join(c.upper() for c, _ in deck.counts if len(c) == 2 and not is_wild(c))
        shown = any(len(c) == 2 and not is_wild(c) for c in missing)  # else beside the point
        named = (
            f"no {missing[0].upper()} card"
            if len(missing) == 1
            else f"none of the cards {', '.join(c.upper() for c in missing)}"
        )
        also = f" (its double-letter cards: {doubles or 'none'})" if shown else ""
        raise DeckError(f"deck {deck.name} has {named}{also}")
    for card, count in sorted(Counter(cards).items()):
        if count > held[card]:
            copies = "copy" if held[card] == 1 else "copies"
            raise DeckError(
                f"deck {deck.name} has {held[card]} {copies} of {card.upper()}, the table {count}"
            )


def _card_order(item: tuple[str, int]) -> tuple[int, str]:
    card = item[0]
    return (2 if is_wild(card) else len(card) - 1, card)


def load_deck(
    spec: str | Path | Deck | None = None, lang: str | None = None, kids: bool = False
) -> Deck:
    """The deck a game is played with, in the language it is played in: where a deck
    named on the command line (or in Python) meets the language, for every command.

    ``spec``: ``en``, ``es``, ``kids``, ``kids-en``, ``kids-es``, the path of a deck file,
    a ``Deck`` already made, or None (the language's default deck). ``lang``: None plays a
    built-in deck in its own language (``es`` is a Spanish game: nobody asking for the
    Spanish deck wants it refused for want of ``--lang es``) and a file or a ``Deck`` in
    the language it was made for (a file: English, as A to Z fit every language; a file
    with an Ñ asks for ``--lang es`` in its error). ``kids`` (or ``spec`` ``kids``): the
    ages 7 and up rule, the deck's single letters and QU only. A deck with letters the
    language lacks is a ``DeckError`` that names the language that has them."""
    if isinstance(spec, str) and not spec.strip():  # Path("") is ".", a folder
        raise DeckError("no deck given: name en, es, kids, kids-en, kids-es or a deck file")
    named = isinstance(spec, str) and spec not in DECKS and spec.lower() in DECKS
    if named and not Path(str(spec)).exists():  # --deck EN is en (a file so named stays one)
        spec = str(spec).lower()
    if str(spec) == KIDS:
        spec, kids = None, True
    if isinstance(spec, Deck):
        deck = spec
    elif spec is None:
        deck = builtin_deck(lexicon.language(lang or "en").code)
    elif str(spec) in DECKS:
        deck = builtin_deck(str(spec))
    else:
        deck = _deck_file(Path(spec), lang or "en")
    if kids:
        deck = kids_deck(deck)
    return deck if lang is None or lang == deck.lang else replace(deck, lang=lang)


def _deck_file(path: Path, lang: str) -> Deck:
    from solver.runtime.userfiles import regular_file

    try:
        text = regular_file(path, "deck", DeckError).read_text("utf-8")
    except FileNotFoundError:
        known = ", ".join(DECKS)
        raise DeckError(f"no such deck file: {path} (use {known} or a file)") from None
    except UnicodeDecodeError:
        raise DeckError(f"cannot read deck {path}: it is not UTF-8 text") from None
    except OSError as error:
        raise DeckError(f"cannot read deck {path}: {error.strerror}") from None
    return parse_deck(text, path.name, lang)


def kids_deck(deck: Deck) -> Deck:
    """The rulebook's deck for ages 7 and up: the single letters and the QU card only
    ("All other Double Letter Cards, the Ñ card, and the three Wild Cards, should be
    removed from the deck"), named ``kids-NAME``."""
    kept = tuple(
        (c, n) for c, n in deck.counts if c == "qu" or (len(c) == 1 and c not in KIDS_REMOVE)
    )
    name = deck.name if deck.name.startswith(f"{KIDS}-") else f"{KIDS}-{deck.name}"
    return Deck(name, deck.lang, kept)


@lru_cache(maxsize=16)  # the package's decks, a few
def builtin_deck(name: str) -> Deck:
    """A deck of the package, in its own language: ``en``, ``es`` (``data/deck-*.txt``),
    ``kids-en``, ``kids-es``, and ``kids``, the English kids deck."""
    lang = name.removeprefix(f"{KIDS}-") if name != KIDS else "en"
    if lang not in LANGS or name not in DECKS:
        known = ", ".join(DECKS)
        raise DeckError(f"unknown deck {name!r} (choose from {known}, or a file)")
    if lang != name:
        return kids_deck(builtin_deck(lang))
    text = (Path(__file__).parent / "data" / f"deck-{name}.txt").read_text("utf-8")
    return parse_deck(text, name, name)


def _weighted_counts(lang: str) -> tuple[dict[str, float], dict[str, float]]:
    """Letter and bigram counts over the familiar words of 3+ letters, weighted by use."""
    table = lexicon.zipf_table(lang)
    letters: defaultdict[str, float] = defaultdict(float)
    bigrams: defaultdict[str, float] = defaultdict(float)
    for length in range(3, 16):
        for word in lexicon.words(length, "familiar", lang):
            weight = 10 ** table.get(word, 0.0)
            for c, n in Counter(word).items():
                letters[c] += weight * n
            for pair in pairwise(word):
                bigrams["".join(pair)] += weight
    return letters, bigrams


def largest_remainder(weights: dict[str, float], seats: int) -> dict[str, int]:
    """Share ``seats`` in proportion to ``weights``, at least one each (Hamilton's method on
    what is left after the minimum)."""
    keys = sorted(weights)
    shares = {k: 1 for k in keys}
    left = seats - len(keys)
    total = sum(weights.values())
    quotas = {k: left * weights[k] / total for k in keys}
    for k in keys:
        shares[k] += int(quotas[k])
    remaining = seats - sum(shares.values())
    by_remainder = sorted(keys, key=lambda k: (-(quotas[k] - int(quotas[k])), k))
    for k in by_remainder[:remaining]:
        shares[k] += 1
    return shares


def derive_deck(lang: str) -> str:
    """The text of the default deck file for a language (see the module docstring)."""
    letters, bigrams = _weighted_counts(lang)
    named = NAMED_DOUBLES[lang]
    doubles = list(named)
    for pair, _ in sorted(bigrams.items(), key=lambda item: (-item[1], item[0])):
        if len(doubles) == DOUBLES:
            break
        if pair not in doubles:
            doubles.append(pair)
    # Every letter of the alphabet, even one no familiar word uses (Spanish w, once the
    # English words of wspanish left the familiar pool): the recipe's "at least once".
    weights = dict.fromkeys(lexicon.language(lang).alphabet, 0.0) | letters
    singles = largest_remainder({c: w for c, w in weights.items() if c != "q"}, SINGLES)
    lines = [
        f"# MY WORD! default deck ({lexicon.language(lang).name}), derived by",
        "# python -m solver.race.deck (see solver/race/deck.py for the recipe). card count",
    ]
    lines += [f"{card} {count}" for card, count in sorted(singles.items())]
    lines += [f"{pair} 1" for pair in doubles]
    lines += [f"{WILD} 2", f"{DOUBLE_WILD} 1"]
    return "\n".join(lines) + "\n"


def main() -> None:
    for lang in ("en", "es"):
        path = Path(__file__).resolve().parent / "data" / f"deck-{lang}.txt"
        path.write_text(derive_deck(lang), "utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
