"""What a player asks of a single word: may I play it, is it familiar, how common is it?"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TypedDict, cast

from solver.wordtools import lexicon


class CheckDocument(TypedDict):
    """A ``WordCheck`` as JSON (``words check --json``, the demo's checks)."""

    word: str
    normalized: str
    valid: bool
    tier: str | None
    familiar: bool
    zipf: float
    note: str


class ChecksDocument(TypedDict):
    """What ``words check --json`` prints: the language and each word's check."""

    lang: str
    words: list[CheckDocument]


@dataclass(frozen=True)
class WordCheck:
    word: str  # as the user typed it
    normalized: str  # as the dictionaries store it (lowercase, accents folded)
    valid: bool  # in the play list
    tier: str | None  # smallest tier holding it: easy, familiar, core, all; None if not a word
    familiar: bool  # easy or familiar: fit to be a Gameword
    zipf: float  # wordfreq Zipf frequency, 0 if unseen
    note: str  # why a word is not valid, or not familiar above the line; empty otherwise

    def to_json(self) -> CheckDocument:
        return cast(CheckDocument, asdict(self))


def check_word(word: str, lang: str = "en", build_index: bool = True) -> WordCheck:
    """Everything the dictionaries say about one word. Without ``build_index`` the word
    index (``wordindex``) is asked only once built: building it costs seconds, more than
    reading the lists for a few words once (the demo)."""
    spec = lexicon.language(lang)
    normalized = spec.normalize(word)
    tier = lexicon.tier_of(normalized, lang, build_index)
    note = ""
    if tier is None:
        if not normalized:
            note = "empty"
        elif shown := spec.shown_foreign(normalized):
            note = f"has characters that are not {spec.name} letters: {shown}"
            note += lexicon.other_languages(word, lang)
        else:
            note = f"not in the {spec.name} play list"
    frequency = lexicon.zipf(normalized, lang, build_index) if normalized else 0.0
    if tier == "core" and frequency >= lexicon.FAMILIAR_ZIPF:
        # a core word above the line that is not familiar: its frequency is another
        # token's, a name or a contraction (``lexicon.not_known``, docs/known-words.md)
        note = "not familiar: its frequency is another word's"
    return WordCheck(
        word=word,
        normalized=normalized,
        valid=tier is not None,
        tier=tier,
        familiar=tier in ("easy", "familiar"),
        zipf=frequency,
        note=note,
    )
