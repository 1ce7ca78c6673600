"""What ``myword demo`` shows, as data: the CLI renders it or prints it as JSON.

The dictionaries at work (how many words each tier holds, familiar samples, a few words
checked, a pool drawn from a page of text), then each game's parts, as the games register
them (``solver.arena.registry``: a What's My Word? round and a whole bot match, a MY WORD! race,
a My Word (1980) game). This module reads the registry and imports no game; the command
loads the games first (``solver.ui.games.load``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from solver.arena import registry
from solver.runtime import seeds
from solver.wordtools import lexicon
from solver.wordtools.wordcheck import CheckDocument, check_word

DEMO_CHECKS = ("tables", "jumped", "nephew", "ballet", "London", "etc", "cwm")
DEMO_LENGTHS = tuple(range(2, 11))
SAMPLE_PAGE = Path("samples") / "page.txt"


class PagePool(TypedDict):
    """The Gamewords of a page of text (``dictionary_tour``'s ``page_pool``)."""

    source: str
    length: int
    words: list[str]


class DictionaryTour(TypedDict):
    """The demo's look at the dictionaries (``dictionary_tour``): JSON-ready as it is."""

    seed: int
    lang: str
    language: str
    totals: dict[str, int]  # words of each tier
    counts: dict[str, dict[int, int]]  # each tier's words by length (``DEMO_LENGTHS``)
    familiar_samples: dict[int, list[str]]  # 8 familiar words of 6 and of 7 letters
    checks: list[CheckDocument]  # ``wordcheck`` on ``DEMO_CHECKS`` (English only)
    page_pool: PagePool | None  # the sample page's 6-letter words (English only)


def warm_steps(lang: str = "en") -> list:
    """What the demo compiles and reads, as ``warm`` steps: the kernels its games call
    (``registry.Kernel.in_demo``; the others, which ``myword warm`` compiles, would only
    lengthen a first demo) and the word tables its games read. Not the word index: it would
    cost a fresh install seconds for the seven words the demo checks, which it reads from the
    lists instead (``myword warm`` builds it)."""
    from solver.ui import warming as warm

    games = registry.games()
    kernels = [f"{g.name}.{k.name}" for g in games for k in g.kernels if k.in_demo]
    tiers = {tier for g in games for table in g.tables for tier in table.demo_tiers()}
    return warm.steps([lang], kernels, tiers, word_index=False)


# Each part's document is its game's own (``registry.DemoPart.play``: ``RaceDocument``,
# ``LayoutLog``...): open here, where no game is imported.
def parts(seed: int | None = None, lang: str = "en") -> dict[str, object]:
    """Every registered game's demo parts, played, by their keys (in the games' order)."""
    return {part.key: part.play(seed, lang) for game in registry.games() for part in game.demo}


def shown_words(length: int, lang: str) -> list[str]:
    """Familiar words the demo may show: none that a game hides (``registry.shown_words``)."""
    allowed = registry.shown_words(length, lang)
    return list(lexicon.words(length, "familiar", lang) if allowed is None else allowed)


def dictionary_tour(seed: int | None = None, lang: str = "en") -> DictionaryTour:
    """Sizes, seeded familiar samples, word checks and a page-of-text pool, JSON-ready. The
    samples too are words no bot hides."""
    rng = seeds.rng(seed)
    counts = lexicon.length_counts(lang)
    page = lexicon.dictionaries_dir() / SAMPLE_PAGE
    page_pool = lexicon.pool(6, lang=lang, from_text=page) if lang == "en" else None
    return {
        "seed": seeds.DEFAULT_SEED if seed is None else seed,
        "lang": lang,
        "language": lexicon.language(lang).name,
        "totals": {tier: sum(by_length.values()) for tier, by_length in counts.items()},
        "counts": {
            tier: {n: by_length.get(n, 0) for n in DEMO_LENGTHS}
            for tier, by_length in counts.items()
        },
        "familiar_samples": {n: sorted(rng.sample(shown_words(n, lang), 8)) for n in (6, 7)},
        "checks": [check_word(w, lang, build_index=False).to_json() for w in DEMO_CHECKS]
        if lang == "en"
        else [],
        "page_pool": None
        if page_pool is None
        else {"source": page_pool.source, "length": 6, "words": list(page_pool.words)},
    }
