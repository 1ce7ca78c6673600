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
- Ages 7 and up (``kids``): the single letters and QU only.

Cards are lowercase strings: ``"e"``, ``"qu"``, ``"ñ"``, ``"?"``, ``"??"``. A deck file
has one ``card count`` pair a line (``#`` comments); ``load_deck`` validates it.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path

from solver import lexicon
from solver.errors import UserError

SINGLES = 54
DOUBLES = 15
WILD, DOUBLE_WILD = "?", "??"
NAMED_DOUBLES = {"en": ("qu", "nd", "it", "sh"), "es": ("qu", "nd")}
DECKS = ("en", "es", "kids")


class DeckError(UserError):
    """A deck file that cannot be played with."""


@dataclass(frozen=True)
class Deck:
    """A deck: each card with how many copies there are, in a fixed order."""

    name: str
    lang: str
    counts: tuple[tuple[str, int], ...]

    def cards(self) -> list[str]:
        """Every card, copies included, in the deck's fixed order (shuffle a copy)."""
        return [card for card, count in self.counts for _ in range(count)]

    def __len__(self) -> int:
        return sum(count for _, count in self.counts)


def is_wild(card: str) -> bool:
    return card in (WILD, DOUBLE_WILD)


def parse_deck(text: str, name: str, lang: str = "en") -> Deck:
    """A deck from ``card count`` lines; cards are 1 or 2 letters of the language, or wilds."""
    alphabet = set(lexicon.language(lang).alphabet)
    counts: Counter[str] = Counter()
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) != 2 or not fields[1].isdigit():
            raise DeckError(f"deck {name}, line {number}: write a card and a count, e.g. 'qu 1'")
        card, count = fields[0].lower(), int(fields[1])
        if not (is_wild(card) or (1 <= len(card) <= 2 and set(card) <= alphabet)):
            raise DeckError(f"deck {name}, line {number}: {fields[0]!r} is not a card")
        counts[card] += count
    if sum(counts.values()) < 3:
        raise DeckError(f"deck {name}: a deck needs at least 3 cards")
    return Deck(name, lang, tuple(sorted(counts.items(), key=_card_order)))


def _card_order(item: tuple[str, int]) -> tuple[int, str]:
    card = item[0]
    return (2 if is_wild(card) else len(card) - 1, card)


def load_deck(spec: str | Path) -> Deck:
    """``en``, ``es`` or ``kids`` for a built-in deck, or the path of a deck file."""
    if str(spec) in DECKS:
        return builtin_deck(str(spec))
    path = Path(spec)
    try:
        return parse_deck(path.read_text("utf-8"), path.name)
    except FileNotFoundError:
        raise DeckError(f"no such deck file: {path} (use en, es, kids or a file)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DeckError(f"cannot read deck {path}: {error}") from None


@cache
def builtin_deck(name: str) -> Deck:
    if name == "kids":
        full = builtin_deck("en")
        kept = tuple((c, n) for c, n in full.counts if c == "qu" or (len(c) == 1 and c != WILD))
        return Deck("kids", "en", kept)
    if name not in ("en", "es"):
        raise DeckError(f"unknown deck {name!r} (choose from {', '.join(DECKS)}, or a file)")
    text = resources.files("solver.race").joinpath(f"data/deck-{name}.txt").read_text("utf-8")
    return parse_deck(text, name, name)


def _weighted_counts(lang: str) -> tuple[Counter[str], Counter[str]]:
    """Letter and bigram counts over the familiar words of 3+ letters, weighted by use."""
    table = lexicon.zipf_table(lang)
    letters: Counter[str] = Counter()
    bigrams: Counter[str] = Counter()
    for length in range(3, 16):
        for word in lexicon.words(length, "familiar", lang):
            weight = 10 ** table.get(word, 0.0)
            letters.update({c: weight * n for c, n in Counter(word).items()})
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
    singles = largest_remainder({c: w for c, w in letters.items() if c != "q"}, SINGLES)
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
