"""Dictionaries -> words, letter codes, Zipf frequencies, tiers and pools.

Every game asks the same questions of a language: is this a word, which words of this
length are there, how familiar is a word, and what are those words as small integers a
Numba kernel can read. This module answers them once for all three games.

Where the words come from (see ``dictionaries/README.md``):

- ``play.txt``: every word a player may use (English: SCOWL <= 70, filtered).
- ``core.txt``: the words eligible for the familiar tiers (English: SCOWL <= 50;
  Spanish: the wspanish lemmas, less proper names and foreign words).

Tiers, smallest first (each inside the next):

- ``easy``: core words with a wordfreq Zipf frequency >= 3.5 (common, friendly words).
- ``familiar``: the words a person knows (``docs/known-words.md``): core words with a Zipf
  of 3.0 or more (met at least once per million words) whose frequency is their own. The
  rulebook wants a Gameword the opponent knows, a table challenges a Guessword it does not
  know, and below 3.0 a visible share of words is obscure (sorrel, monger, furlong). It is
  What's My Word?'s default Guessword vocabulary as well as its Gameword pool.
- ``core``: every word of ``core.txt``, a common dictionary. It keeps rarer words people
  know from the dictionary (ragout, zither) and leaves out the play list's obscure ones
  (erne, ephah, nappe, lethe), but it also holds words most people do not know: 18,115 of
  its 61,346 English words have a Zipf below 2.
- ``all``: the whole play list.

Zipf values are computed at run time with wordfreq (its data is CC BY-SA, so no file of
frequencies is shipped) and kept in memory.

Spanish: an accented vowel is the same letter as the plain vowel (as on Spanish letter
tiles and cards: CANCIÓN is spelled with an O), while ñ is a letter of its own. Words are
therefore stored folded (``canción`` -> ``cancion``). A folded word's Zipf is that of its
spellings in our list as the dictionary writes them (the most frequent when several fold
together: sólo and solo), never of another spelling that folds to the same letters: the
rare lemma londrés is not credited with Londres (1.66, not 4.76), nor paúl with Paul.
And a word whose letters, as the game shows them, wordfreq sees more often in a spelling
our list lacks (PAUL is more often Paul than paúl, SUPER more often super than súper) is
no familiar word (``misread``): a player would read the name or the foreign word.
Proper names and foreign words that the source dictionary lowercases are left out of
``core.txt`` when the lists are built (``dictionaries/README.md``).

A frequency is a word's own only when wordfreq counts the word: wordfreq counts letters,
so HES holds "hes" typed for "he's" (3.96), FER "fer" for "for", LEE the name Lee. Such
words, judged by hand, are listed in ``not-known.txt`` beside the lists (built from
``dictionaries/curated/en-not-known.txt``): they are in no familiar tier (``not_known``),
as the misread Spanish words are not.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from solver.runtime.errors import LexiconError

if TYPE_CHECKING:  # numpy is imported where codes are made, not at start-up
    import numpy as np

TIERS = ("easy", "familiar", "core", "all")
# What a process keeps of the lists (issue 26: a long-lived tournament worker's memory is
# bounded): every cache here is keyed by a language, a tier and a word length, so these
# sizes hold all of them (two languages, four tiers, lengths up to 45) with room to spare,
# and nothing past them. Evicted, an entry is read again from the stored tables.
LANGUAGES_HELD = 4
TIERS_HELD = 4 * len(TIERS)
LENGTHS_HELD = 512
EASY_ZIPF = 3.5
FAMILIAR_ZIPF = 3.0

# Letters written inside a word that the rules forbid (don't, well-known): a token
# holding one is not a word, rather than two words.
# Compiled when first used (``_token``): start-up time that a word look-up does not need.
_TOKEN = r"[^\W\d_]+(?:['\u2019\-][^\W\d_]+)*"


@dataclass(frozen=True)
class Language:
    """What the games need to know about a language's letters.

    Attributes:
        code: The language's code (``en``, ``es``).
        name: Its name in English (``Spanish``), for messages.
        alphabet: Its letters in code order: letter code i is ``alphabet[i]``.
        folding: (accented, plain) letter pairs: an accented letter counts as the plain
            one (Spanish ``ó`` is ``o``); empty when none fold.
    """

    code: str
    name: str
    alphabet: str  # letter code i is alphabet[i]
    folding: tuple[tuple[str, str], ...] = ()  # (accented, plain) letter pairs

    def fold(self, text: str) -> str:
        """Text with accented letters replaced by the letters they count as.

        Args:
            text: Lowercase text (an uppercase accented letter is not folded).

        Returns:
            The text, each accented letter of ``folding`` replaced by its plain letter.
        """
        for accented, plain in self.folding:  # str.replace beats str.translate here
            text = text.replace(accented, plain)
        return text

    def normalize(self, word: str) -> str:
        """The form words are stored in: trimmed, lowercase, accents folded. Every word a
        person types goes through here. An accent typed as a combining mark after its
        vowel (``o`` + U+0301, as macOS and some keyboards send it) is composed first
        (NFC), so that it folds like the accented letter; and again after lowercasing,
        which can itself decompose a letter (``İ`` lowers to ``i`` + U+0307): what cannot
        be composed stays visible, so ``foreign_letters`` refuses it, rather than a
        combining mark counting as a letter of the row. Lowercase, not casefold: ``ß``
        and ``ﬁ`` stay one character that is no letter of the game, rather than turning
        into two letters the person did not type.

        Args:
            word: Any text a person typed or a file held.

        Returns:
            The word in its stored form (possibly empty, possibly with characters that
                are no letters: ``foreign_letters`` finds them).
        """
        word = word.strip()
        if word.isascii():
            return self.fold(word.lower())
        import unicodedata  # only for letters beyond ASCII: start-up spared

        lowered = unicodedata.normalize("NFC", word).lower()
        return self.fold(unicodedata.normalize("NFC", lowered))

    def foreign_letters(self, word: str) -> set[str]:
        """Characters of a normalized word that are not letters of this alphabet.

        Args:
            word: A normalized word (``normalize``).

        Returns:
            The characters, each once; empty when every one is a letter.
        """
        return set(word) - set(self.alphabet)

    def shown_foreign(self, word: str) -> str:
        """The characters of a normalized word that are not letters of this alphabet, as a
        message shows them ("" when there are none): one that cannot be seen or stands
        on another (a combining mark, a zero-width joiner, a right-to-left mark, a byte
        that was not text) by its code point and name, ``U+0307 (COMBINING DOT ABOVE)``.

        Args:
            word: A normalized word (``normalize``).

        Returns:
            The characters in code-point order, separated by spaces, each as
                ``shown_character`` writes it.
        """
        return " ".join(shown_character(c) for c in sorted(self.foreign_letters(word)))


LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "abcdefghijklmnopqrstuvwxyz"),
    "es": Language(
        "es",
        "Spanish",
        "abcdefghijklmnopqrstuvwxyzñ",
        tuple(zip("áéíóúü", "aeiouu", strict=True)),
    ),
}


def shown_character(character: str) -> str:
    """A character as a message can show it: itself when it is a visible character of its
    own, else its code point and name (``U+200D (ZERO WIDTH JOINER)``).

    Args:
        character: One character.

    Returns:
        The character, or ``U+XXXX (NAME)`` (``U+XXXX`` alone when Unicode names none).
    """
    import unicodedata

    if character.isprintable() and unicodedata.category(character)[0] not in "MCZ":
        return character
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" ({name})" if name else "")


def language(lang: str) -> Language:
    """The language with this code.

    Args:
        lang: A language code: ``en`` or ``es``.

    Returns:
        Its alphabet, how its words are normalized, its files.

    Raises:
        LexiconError: No language has that code (the message names those there are).
    """
    try:
        return LANGUAGES[lang]
    except KeyError:
        known = ", ".join(sorted(LANGUAGES))
        raise LexiconError(f"unknown language {lang!r} (choose from {known})") from None


def dictionaries_dir() -> Path:
    """Where the built word lists are: ``$MYWORD_DICTIONARIES``, or the package's own
    ``solver/words`` (package data, so that a wheel or any install carries them).

    Returns:
        The folder, holding a folder per language code (``en/``, ``es/``).

    Raises:
        LexiconError: The folder does not exist (the message says how to point at one).
    """
    configured = os.environ.get("MYWORD_DICTIONARIES")
    # The package's own folder: setuptools installs package data as files (importlib's
    # resources, which would also read a zipped package, cost start-up time).
    folder = Path(configured) if configured else Path(__file__).parent.parent / "words"
    if not folder.is_dir():
        raise LexiconError(
            f"word lists not found in {folder}: set MYWORD_DICTIONARIES to a folder holding "
            "en/ and es/ (as solver/words does), or reinstall myword"
        )
    return folder


@dataclass(frozen=True)
class Lexicon:
    """One language's word lists, loaded once; words are normalized and sorted.

    Attributes:
        language: The language.
        play: Every word a player may use (tier ``all``), normalized.
        core: The words the familiar tiers are drawn from (tier ``core``), all of them in
            ``play``.
        not_known: Core words whose wordfreq frequency is another token's
            (``not-known.txt``): in no familiar tier, whatever their Zipf value.
    """

    language: Language
    play: frozenset[str]
    core: frozenset[str]
    # Core words whose wordfreq frequency is another token's (``not-known.txt``): in no
    # familiar tier, whatever their Zipf value.
    not_known: frozenset[str] = frozenset()

    def is_word(self, word: str) -> bool:
        """Whether a player may use this word.

        Args:
            word: Any text, normalized first (case, Spanish accents).

        Returns:
            True when it is in ``play``.
        """
        return self.language.normalize(word) in self.play


def _read_words(path: Path, lang: Language) -> list[str]:
    return lang.fold(_read_text(path)).split()


def _read_text(path: Path) -> str:
    try:
        return path.read_text("utf-8")
    except FileNotFoundError:
        raise LexiconError(
            f"word list {path} is missing: rebuild it with dictionaries/build.py"
        ) from None


@lru_cache(maxsize=LANGUAGES_HELD)
def _written(lang: str) -> frozenset[str]:
    """The play list as the dictionaries write it, accents kept (``canción``): the
    spellings whose frequencies a word takes. Read only when the tables are built."""
    spec = language(lang)
    return frozenset(_read_text(dictionaries_dir() / spec.code / "play.txt").split())


@lru_cache(maxsize=LANGUAGES_HELD)
def load(lang: str = "en") -> Lexicon:
    """Load a language's lists once per process.

    Args:
        lang: A language code (``language``).

    Returns:
        The language's lists (``not_known`` empty when the language has no
            ``not-known.txt``).

    Raises:
        LexiconError: An unknown language, or its word lists are missing.
    """
    spec = language(lang)
    folder = dictionaries_dir() / spec.code
    play = frozenset(_read_words(folder / "play.txt", spec))
    core = frozenset(_read_words(folder / "core.txt", spec)) & play
    unknown = folder / NOT_KNOWN
    not_known = frozenset(_read_words(unknown, spec)) & core if unknown.is_file() else frozenset()
    return Lexicon(spec, play, core, not_known)


NOT_KNOWN = "not-known.txt"  # optional beside play.txt and core.txt: see ``Lexicon.not_known``


def sources(lang: str = "en") -> tuple[Path, ...]:
    """The files a language's words and frequencies are read from: what a table built from
    them (``tables.stored``) must be keyed on.

    Args:
        lang: A language code.

    Returns:
        The paths of ``play.txt``, ``core.txt``, ``not-known.txt`` (when there is one)
            and wordfreq's frequency file for the language.

    Raises:
        LexiconError: An unknown language, no word-list folder, or wordfreq missing or
            without frequencies for the language.
    """
    folder = dictionaries_dir() / language(lang).code
    unknown = folder / NOT_KNOWN
    listed = (folder / "play.txt", folder / "core.txt", *([unknown] if unknown.is_file() else []))
    return (*listed, _wordfreq_data(lang))


def not_known(lang: str = "en") -> frozenset[str]:
    """Core words that are in no familiar tier, whatever their frequency: those whose
    frequency is another token's (``Lexicon.not_known``, judged by hand) and the misread
    ones (``misread``, found by rule).

    Args:
        lang: A language code.

    Returns:
        The words, normalized.

    Raises:
        LexiconError: An unknown language, its word lists missing, or wordfreq's data
            missing or unreadable (Spanish reads it for ``misread``).
    """
    return load(lang).not_known | misread(lang)


def is_word(word: str, lang: str = "en") -> bool:
    """Whether a player may use this word (case and, in Spanish, accents ignored).

    Looked up among the play list's words of its length (``words``, from the stored
    table), so that a command asking about a few words never loads the whole list (the
    Spanish one holds a million forms).

    Args:
        word: Any text; case and (in Spanish) accents are ignored.
        lang: A language code (``language``).

    Returns:
        True when the word is on the language's play list (tier ``all``).

    Raises:
        LexiconError: An unknown language.
    """
    from bisect import bisect_left

    normalized = language(lang).normalize(word)
    if not normalized:
        return False
    group = words(len(normalized), "all", lang)
    found = bisect_left(group, normalized)
    return found < len(group) and group[found] == normalized


def _wordfreq_data(lang: str) -> Path:
    """wordfreq's best frequency file for a language (its "large" list, else "small"): the
    file ``wordfreq.available_languages("best")[lang]`` names (tests/shared/test_lexicon.py
    holds it to that).

    Found beside wordfreq's sources rather than asked of wordfreq: every table a command
    opens is keyed on this file (``sources``), and importing wordfreq would cost every
    start-up the import of its tokenizers (regex, ftfy, langcodes; measured on
    docs/performance.md, "Start-up"), where finding its folder imports nothing."""
    import importlib.util

    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise LexiconError("wordfreq is not installed: pip install -e . installs it")
    data = Path(spec.submodule_search_locations[0]) / "data"
    for size in ("large", "small"):
        if (path := data / f"{size}_{lang}.msgpack.gz").exists():
            return path
    raise LexiconError(f"wordfreq has no frequencies for {lang!r}")


@lru_cache(maxsize=LANGUAGES_HELD)
def _written_buckets(lang: str) -> tuple[list[str], ...]:
    """wordfreq's words by frequency, as wordfreq spells them (accents kept): bucket i
    holds Zipf ``9 - i / 100``.

    Read through wordfreq's public ``read_cBpack`` (bucket i holds the words of frequency
    10 ** (-i / 100)) from the file ``available_languages`` names, only when a table or the
    word index is built: importing wordfreq costs start-up time (docs/performance.md),
    paid then and not by a command that reads what was built. Not ``get_frequency_list``,
    which is the same lists but keeps every language it was asked for in a cache of its
    own for the life of the process (a large one for Spanish: docs/performance.md, "Memory"),
    out of reach of ``LANGUAGES_HELD``.
    """
    import wordfreq

    code = language(lang).code
    found = wordfreq.available_languages("best").get(code)
    if found is None:
        raise LexiconError(f"wordfreq has no frequencies for {lang!r}")
    try:
        return tuple(wordfreq.read_cBpack(found))
    except ValueError as error:  # its header is not the one wordfreq reads
        raise LexiconError(f"wordfreq's data for {lang!r} cannot be read: {error}") from None


@lru_cache(maxsize=LANGUAGES_HELD)
def _frequency_buckets(lang: str) -> tuple[list[str], ...]:
    """``_written_buckets`` normalized (accents folded), bucket for bucket and word for
    word: what a word that is not in our lists (LONDON) is looked up in."""
    spec = language(lang)
    buckets = _written_buckets(lang)
    if spec.folding:
        buckets = tuple(spec.fold("\n".join(b)).split("\n") if b else b for b in buckets)
    return buckets


def _bucket_zipf(index: int) -> float:
    return round(9 - index / 100, 2)


@lru_cache(maxsize=LANGUAGES_HELD)
def zipf_table(lang: str = "en") -> dict[str, float]:
    """Zipf frequency of every word of the play list that wordfreq has seen (absent: 0).

    Read from the stored table of the play list (``words``); use it to look up many words
    of any length (``zipf_of`` for words of one length). Where spellings fold together
    (Spanish accents) the value is that of the list's own spellings (``_zipf_from_wordfreq``).

    Args:
        lang: A language code.

    Returns:
        Each seen word (normalized) with its Zipf value, above 0; a word absent has 0.

    Raises:
        LexiconError: An unknown language, or its word lists are missing.
    """
    table = _tier_table("all", lang)
    found = _words_of(bytes(table.words))
    return {w: z for w, z in zip(found, table.zipf.tolist(), strict=True) if z > 0}


@lru_cache(maxsize=LANGUAGES_HELD)
def _zipf_from_wordfreq(lang: str) -> dict[str, float]:
    """``zipf_table`` as wordfreq's buckets give it: what the stored tables are built from
    (slow for Spanish: seconds).

    A word's value is that of its spellings in the play list as written (``_written``):
    londrés has londrés's frequency, not that of Londres, which also folds to LONDRES but
    is a name the list does not hold. When several listed spellings fold together (sólo,
    solo), the most frequent gives the value."""
    spec = language(lang)
    written = _written(lang)
    table: dict[str, float] = {}
    buckets = _written_buckets(lang)
    for index in range(len(buckets) - 1, -1, -1):  # rarest first: the most frequent wins
        found = written.intersection(buckets[index])
        table.update(dict.fromkeys((spec.fold(w) for w in found), _bucket_zipf(index)))
    return table


@lru_cache(maxsize=LANGUAGES_HELD)
def misread(lang: str = "en") -> frozenset[str]:
    """Core words whose letters wordfreq sees more often in a spelling our list lacks: a
    name or a foreign word that folds to the same letters (paúl: Paul 4.58 against 3.01;
    súper: super 4.74 against 4.46; jordán, cía, ítem). The game shows a word in plain
    capitals, so a player would read PAUL as the name: such a word is in no familiar tier
    (it stays in ``core``, a word a person may still guess). Empty for English, whose
    spellings do not fold. Spanish: seconds, once per word lists (the stored tables
    and the word index keep the tiers it decides).

    Args:
        lang: A language code.

    Returns:
        The core words (normalized) read as another spelling; empty for a language whose
            spellings do not fold.

    Raises:
        LexiconError: An unknown language, its word lists missing, or wordfreq's data
            missing or unreadable.
    """
    spec = language(lang)
    if not spec.folding:
        return frozenset()
    core, written, own = load(lang).core, _written(lang), _zipf_from_wordfreq(lang)
    other: dict[str, float] = {}  # folded -> the most frequent unlisted spelling's Zipf
    for index, (spelled, folded) in enumerate(
        zip(_written_buckets(lang), _frequency_buckets(lang), strict=True)
    ):
        zipf_here = _bucket_zipf(index)
        for word, key in zip(spelled, folded, strict=True):
            if key in core and key not in other and word not in written:
                other[key] = zipf_here
    return frozenset(w for w, z in other.items() if z > own.get(w, 0.0))


def frequencies(lang: str = "en") -> dict[str, float]:
    """Zipf frequency of every word wordfreq has seen, normalized (the most frequent
    spelling wins): what the word index (``wordindex``) stores for words of any list.

    Args:
        lang: A language code.

    Returns:
        Each word wordfreq has seen (normalized) with its Zipf value.

    Raises:
        LexiconError: An unknown language, or wordfreq has no readable frequencies for
            it.
    """
    table: dict[str, float] = {}
    buckets = _frequency_buckets(lang)
    for index in range(len(buckets) - 1, -1, -1):  # rarest first: the most frequent wins
        table.update(dict.fromkeys(buckets[index], _bucket_zipf(index)))
    return table


def indexed_facts(
    word: str, lang: str = "en", build: bool = True
) -> tuple[str | None, float] | None:
    """``(tier, zipf)`` of a normalized word from the word index (``wordindex``), built
    from this language's lists when missing (unless ``build`` is false); None when no
    index can be kept or none is built yet: the caller reads the lists. The index is handed
    what it is built from, so that it never imports this module (which asks it).

    Args:
        word: A normalized word.
        lang: A language code.
        build: Build the index when it is missing (a one-time cost).

    Returns:
        The word's smallest tier (None when it is not on the play list) and its Zipf
            value (0.0 when wordfreq has not seen it); None when no index can be kept, or
            none is built and ``build`` is false.

    Raises:
        LexiconError: An unknown language, or the files the index is keyed on are
            missing.
    """
    from solver.wordtools import wordindex

    return wordindex.facts(word, lang, sources(lang), index_rows, build)


def word_index_path(lang: str = "en") -> Path | None:
    """The word index's file (it exists once built); None when nothing can be written.

    Args:
        lang: A language code.

    Returns:
        The path of the index's SQLite file, keyed on the language's sources; None when
            no folder for tables can be written.

    Raises:
        LexiconError: An unknown language, or the files the index is keyed on are
            missing.
    """
    from solver.wordtools import wordindex

    return wordindex.where(lang, sources(lang))


def index_rows(lang: str) -> list[tuple[str, str | None, float]]:
    """What the word index holds: every word wordfreq has seen with its Zipf value, and
    every word of the play list with its smallest tier (the others' tier is None).

    Args:
        lang: A language code.

    Returns:
        One ``(word, tier, zipf)`` row per word, normalized, in no particular order.

    Raises:
        LexiconError: An unknown language, its word lists missing, or wordfreq's data
            missing or unreadable.
    """
    lexicon = load(lang)
    table = _zipf_from_wordfreq(lang)  # as the tables are built, without numpy
    rows: dict[str, tuple[str | None, float]] = {
        word: (None, zipf) for word, zipf in frequencies(lang).items()
    }
    for word in lexicon.play:
        rows[word] = (tier_from(word, lexicon, table), table.get(word, 0.0))
    return [(word, tier, zipf) for word, (tier, zipf) in rows.items()]


def zipf(word: str, lang: str = "en", build_index: bool = True) -> float:
    """Zipf frequency (log10 of uses per billion words), as wordfreq rounds it; 0 if unseen.

    Asked of the word index (``wordindex``: a SQLite look-up, no list loaded; without
    ``build_index``, only once built), else by scanning the frequency buckets (slower);
    for many words use ``zipf_table``.

    Args:
        word: Any text, normalized as the language does.
        lang: A language code.
        build_index: Build the word index if it is not built yet (a one-time cost).

    Returns:
        The Zipf value, 0.0 to about 8; 0.0 for a word wordfreq has not seen.

    Raises:
        LexiconError: An unknown language.
    """
    key = language(lang).normalize(word)
    if (known := indexed_facts(key, lang, build_index)) is not None:
        return known[1]
    if key and key in (listed := _zipf_by_word(len(key), lang)):  # a word of our list
        return listed[key]
    for index, bucket in enumerate(_frequency_buckets(lang)):
        if key in bucket:
            return _bucket_zipf(index)
    return 0.0


def tier_of(word: str, lang: str = "en", build_index: bool = True) -> str | None:
    """The smallest tier holding the word. Asked of the word index when one can be kept
    (no list loaded; without ``build_index``, only once built), else of the lists.

    Args:
        word: Any text, normalized as the language does.
        lang: A language code.
        build_index: Build the word index if it is not built yet.

    Returns:
        ``easy``, ``familiar``, ``core`` or ``all`` (``TIERS``, smallest first), or None
            when it is not a word at all.

    Raises:
        LexiconError: An unknown language.
    """
    normalized = language(lang).normalize(word)
    if (known := indexed_facts(normalized, lang, build_index)) is not None:
        return known[0]
    lexicon = load(lang)
    if normalized not in lexicon.play:
        return None
    return tier_from(normalized, lexicon, None, build_index)


def tier_from(
    word: str, lexicon: Lexicon, table: dict[str, float] | None, build_index: bool = True
) -> str:
    """The smallest tier of a word of the play list (``table``: ``zipf_table``, or None to
    look its frequency up alone, as ``zipf`` does).

    Args:
        word: A normalized word of the play list.
        lexicon: The language's lists (``load``).
        table: Zipf values by word (``zipf_table``); None to look the word's up alone.
        build_index: When looking it up alone, build the word index if it is missing.

    Returns:
        ``easy``, ``familiar``, ``core`` or ``all``.
    """
    if word in lexicon.core:
        if table is None:
            frequency = zipf(word, lexicon.language.code, build_index)
        else:
            frequency = table.get(word, 0.0)
        if frequency >= FAMILIAR_ZIPF and word in not_known(lexicon.language.code):
            return "core"
        if frequency >= EASY_ZIPF:
            return "easy"
        if frequency >= FAMILIAR_ZIPF:
            return "familiar"
        return "core"
    return "all"


def check_tier(tier: str) -> str:
    """``tier`` itself, when it is one of ``TIERS``.

    Args:
        tier: A tier's name.

    Returns:
        ``tier``, unchanged.

    Raises:
        LexiconError: Any other name (the message names the tiers).
    """
    if tier not in TIERS:
        raise LexiconError(f"unknown tier {tier!r} (choose from {', '.join(TIERS)})")
    return tier


def _by_length(tier: str, lang: str, frequencies: dict[str, float]) -> dict[int, list[str]]:
    """A tier's words grouped by length, each group sorted: one pass over the list, where
    asking each length in turn would scan the whole list (a million Spanish forms) once per
    length. ``frequencies``: ``_zipf_from_wordfreq``."""
    lexicon = load(lang)
    if tier == "all":
        chosen: Iterable[str] = lexicon.play
    elif tier == "core":
        chosen = lexicon.core
    else:
        floor = EASY_ZIPF if tier == "easy" else FAMILIAR_ZIPF
        left_out = not_known(lang)
        chosen = (w for w in lexicon.core if frequencies.get(w, 0.0) >= floor and w not in left_out)
    groups: dict[int, list[str]] = {}
    for word in sorted(chosen):
        groups.setdefault(len(word), []).append(word)
    return dict(sorted(groups.items()))


@dataclass(frozen=True)
class _TierTable:
    """A tier's words by length with their Zipf values, as stored (see ``_tier_table``)."""

    words: bytes  # UTF-8, each word followed by a newline; sorted by length, then word
    codes: bytes  # each length's words as letter codes, a byte each, row after row
    lengths: list[int]  # the lengths present, increasing
    word_starts: list[int]  # where each length's words begin, by word (one entry more)
    byte_starts: list[int]  # the same, by byte of ``words``
    code_starts: list[int]  # the same, by byte of ``codes``
    coded: list[bool]  # whether a length has codes (not when its words have foreign letters)
    zipf: memoryview[float]  # one float64 per word

    def group(self, length: int) -> tuple[int, int, int, int] | None:
        """Where a length's words are: (first word, end, first byte, end); None when there
        are none."""
        from bisect import bisect_left

        found = bisect_left(self.lengths, length)
        if found == len(self.lengths) or self.lengths[found] != length:
            return None
        words_at, bytes_at = self.word_starts, self.byte_starts
        return words_at[found], words_at[found + 1], bytes_at[found], bytes_at[found + 1]


def tier_table_name(tier: str, lang: str) -> str:
    """The name a tier's table is kept under (``tables``).

    Args:
        tier: One of ``TIERS`` (not checked).
        lang: A language code (not checked).

    Returns:
        ``lexicon-<tier>-<lang>``.
    """
    return f"lexicon-{tier}-{lang}"


@lru_cache(maxsize=TIERS_HELD)
def _tier_table(tier: str, lang: str) -> _TierTable:
    """A tier's words by length with their Zipf values: built once per word lists from the
    lists and wordfreq (seconds in Spanish) and kept on disk (``tables``), then read
    by every process memory-mapped (a process reads the lengths it asks for, not the list)
    and without numpy (``words pool`` and ``words stats`` have no other use for it). Stored
    as bytes: ``words``, ``codes``, ``index`` (JSON: the lengths and where they start) and
    ``zipf`` (float64 in the machine's byte order, as the cache is the machine's own)."""
    import json

    from solver.runtime import tables

    stored = tables.stored(
        tier_table_name(tier, lang),
        sources(lang),
        lambda: _build_tier_table(tier, lang),
        mapped=True,
        label="word list",
    )
    index = json.loads(bytes(stored["index"]))
    return _TierTable(
        stored["words"],
        stored["codes"],
        index["lengths"],
        index["word_starts"],
        index["byte_starts"],
        index["code_starts"],
        index["coded"],
        memoryview(stored["zipf"]).cast("B").cast("d"),
    )


def _build_tier_table(tier: str, lang: str) -> dict[str, bytes]:
    import json
    from array import array
    from itertools import accumulate

    frequencies = _zipf_from_wordfreq(lang)
    groups = _by_length(tier, lang, frequencies)
    spec = language(lang)
    chosen = [word for group in groups.values() for word in group]
    encoded = ["".join(word + "\n" for word in group).encode("utf-8") for group in groups.values()]
    # A group with letters outside the alphabet (a list of one's own, MYWORD_DICTIONARIES)
    # gets no codes: ``word_codes`` then encodes it, and says which letters are foreign.
    coded = [not spec.foreign_letters("".join(group)) for group in groups.values()]
    codes = [
        _code_bytes("".join(group), spec) if fit else b""
        for group, fit in zip(groups.values(), coded, strict=True)
    ]
    index = {
        "lengths": list(groups),
        "word_starts": [0, *accumulate(len(group) for group in groups.values())],
        "byte_starts": [0, *accumulate(len(block) for block in encoded)],
        "code_starts": [0, *accumulate(len(block) for block in codes)],
        "coded": coded,
    }
    return {
        "words": b"".join(encoded),
        "codes": b"".join(codes),
        "index": json.dumps(index).encode(),
        "zipf": array("d", [frequencies.get(w, 0.0) for w in chosen]).tobytes(),
    }


def _words_of(blob: bytes) -> tuple[str, ...]:
    """The words of a part of a table's ``words`` (each followed by a newline)."""
    return tuple(blob.decode("utf-8").split("\n")[:-1])


@lru_cache(maxsize=LENGTHS_HELD)
def words(length: int, tier: str = "all", lang: str = "en") -> tuple[str, ...]:
    """The words of one length in a tier, sorted.

    Args:
        length: Letters, 1 or more.
        tier: One of ``TIERS``.
        lang: A language code.

    Returns:
        The words in their stored (normalized) form; empty when there are none.

    Raises:
        LexiconError: A length below 1, an unknown tier or language.
    """
    check_tier(tier)
    if length < 1:
        raise LexiconError(f"a word length must be at least 1, not {length}")
    table = _tier_table(tier, lang)
    group = table.group(length)
    if group is None:
        return ()
    return _words_of(table.words[group[2] : group[3]])


def zipfs(length: int, tier: str = "all", lang: str = "en") -> np.ndarray:
    """The Zipf values of ``words(length, tier, lang)``, aligned (0 for unseen words).

    Args:
        length: Letters in the words.
        tier: One of ``TIERS``.
        lang: A language code.

    Returns:
        A ``float64`` array, one value per word of ``words(length, tier, lang)``; empty
            when there are none.

    Raises:
        LexiconError: An unknown tier or language, or its word lists are missing.
    """
    import numpy as np

    table = _tier_table(check_tier(tier), lang)
    group = table.group(length)
    if group is None:
        return np.zeros(0)
    return np.array(table.zipf[group[0] : group[1]], dtype=np.float64)


@lru_cache(maxsize=LENGTHS_HELD)
def _zipf_by_word(length: int, lang: str) -> dict[str, float]:
    table = _tier_table("all", lang)
    group = table.group(length)
    if group is None:
        return {}
    values = table.zipf[group[0] : group[1]].tolist()
    return dict(zip(words(length, "all", lang), values, strict=True))


def zipf_of(found: Iterable[str], lang: str = "en") -> np.ndarray:
    """Zipf values of words of the play list (0 for others), as ``zipf_table`` gives them,
    reading only the lengths asked for (a few thousand words, not the whole list).

    Args:
        found: Normalized words, of any lengths.
        lang: A language code.

    Returns:
        A ``float64`` array, one value per word in order (0.0 for a word not on the play
            list or not seen by wordfreq).

    Raises:
        LexiconError: An unknown language, or its word lists are missing.
    """
    import numpy as np

    return np.array([_zipf_by_word(len(w), lang).get(w, 0.0) for w in found], dtype=np.float64)


def encode(word_list: Iterable[str], lang: str = "en") -> np.ndarray:
    """Words of one length as a C-contiguous ``uint8`` array of letter codes, shape (n, L).

    Code i is the i-th letter of the language's alphabet (a=0 ... z=25, Spanish ñ=26), the
    layout every Numba kernel in myword takes.

    Args:
        word_list: Words of one length (normalized first: case, Spanish accents).
        lang: A language code.

    Returns:
        The codes, shape (number of words, length); shape (0, 0) for no words.

    Raises:
        LexiconError: Words of different lengths, or letters outside the alphabet.
    """

    spec = language(lang)
    return _encode_normalized([spec.normalize(w) for w in word_list], spec)


def _encode_normalized(normalized: list[str], spec: Language) -> np.ndarray:
    """``encode`` for words already in their stored form (the lists' own words)."""
    import numpy as np

    if not normalized:
        return np.zeros((0, 0), dtype=np.uint8)
    length = len(normalized[0])
    if any(len(w) != length for w in normalized):
        raise LexiconError("words to encode must all have the same length")
    joined = "".join(normalized)
    if foreign := spec.foreign_letters(joined):
        raise LexiconError(f"not letters of {spec.name}: {' '.join(sorted(foreign))}")
    flat = np.frombuffer(_code_bytes(joined, spec), dtype=np.uint8)
    return flat.reshape(len(normalized), length).copy()


def _code_bytes(letters: str, spec: Language) -> bytes:
    """Letters of the alphabet as their codes, a byte each."""
    table = {ord(letter): chr(code) for code, letter in enumerate(spec.alphabet)}
    return letters.translate(table).encode("latin-1")


def decode(codes: np.ndarray, lang: str = "en") -> list[str]:
    """The words an array of letter codes spells (the inverse of ``encode``).

    Args:
        codes: Letter codes, shape (n, length), each below the alphabet's size.
        lang: A language code.

    Returns:
        The n words, in order.
    """
    alphabet = language(lang).alphabet
    return ["".join(alphabet[code] for code in row) for row in codes.tolist()]


@lru_cache(maxsize=LENGTHS_HELD)
def word_codes(length: int, tier: str = "all", lang: str = "en") -> np.ndarray:
    """``encode(words(length, tier, lang))``, cached and read-only: row i is word i. Read
    from the stored table (encoded when it was built).

    Args:
        length: Letters in the words.
        tier: One of ``TIERS``.
        lang: A language code.

    Returns:
        A read-only ``uint8`` array of shape (number of words, ``length``); shape (0, 0)
            when there are none.

    Raises:
        LexiconError: A length below 1, an unknown tier or language, its word lists
            missing, or words with letters outside the alphabet (a list of one's own).
    """
    import numpy as np

    table = _tier_table(check_tier(tier), lang)
    group = table.group(length)
    if group is None or not table.coded[table.lengths.index(length)]:
        codes = _encode_normalized(list(words(length, tier, lang)), language(lang))
    else:
        start = table.code_starts[table.lengths.index(length)]
        count = (group[1] - group[0]) * length
        flat = np.frombuffer(table.codes, dtype=np.uint8, count=count, offset=start)
        codes = flat.reshape(group[1] - group[0], length)
    codes.flags.writeable = False
    return codes


@dataclass(frozen=True)
class Pool:
    """Words of one length a game may draw from (hidden words, candidates), with provenance.

    Attributes:
        words: The words, normalized and sorted.
        length: Letters in each word.
        lang: The language's code.
        tier: The tier the words were checked against (one of ``TIERS``).
        source: Where they came from, for people (``familiar tier``, ``text news.txt``,
            ``word list my.txt``).
        rejected: Tokens of that length in the file that are not words of the tier,
            normalized and sorted (empty for a dictionary pool).
    """

    words: tuple[str, ...]
    length: int
    lang: str
    tier: str
    source: str  # a phrase for people: "familiar tier", "text news.txt", "word list my.txt"
    rejected: tuple[str, ...] = ()  # tokens of that length left out as not words of the tier


def other_languages(text: str, lang: str) -> str:
    """A hint when a word's letters are another language's: `` (Spanish words: --lang es)``.

    Args:
        text: A word as typed.
        lang: The language it was read in.

    Returns:
        The hint, with its space and parentheses, or "" when no other language fits.
    """
    fitting = []
    for spec in LANGUAGES.values():
        word = spec.normalize(text)
        if spec.code != lang and word and not spec.foreign_letters(word):
            fitting.append(f"{spec.name} words: --lang {spec.code}")
    return f" ({'; '.join(fitting)})" if fitting else ""


STDIN = "-"  # a text or word list read from standard input: ``curl ... | myword words pool``


def _read_source(path: Path) -> str:
    from solver.runtime.userfiles import MAX_INPUT_MB, regular_file

    if str(path) == STDIN:  # a pipe: read at most the limit of any input, then refuse
        import sys

        if sys.stdin is None or sys.stdin.closed:
            raise LexiconError("- reads standard input, and there is none")
        data = sys.stdin.buffer.read(MAX_INPUT_MB * 1_000_000 + 1)
        if len(data) > MAX_INPUT_MB * 1_000_000:
            raise LexiconError(
                f"standard input is larger than the {MAX_INPUT_MB} MB limit for an input"
            )
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise LexiconError("standard input is not UTF-8 text") from None
    try:
        return regular_file(path, "file", LexiconError).read_text("utf-8")
    except FileNotFoundError:
        raise LexiconError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise LexiconError(f"{path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise LexiconError(f"{path} is not UTF-8 text") from None
    except OSError as error:
        raise LexiconError(f"cannot read {path}: {error.strerror}") from None


def text_tokens(text: str) -> list[str]:
    """The words of running text; hyphenated and apostrophe'd tokens are kept whole.

    Args:
        text: Running text.

    Returns:
        The tokens of letters, in order, as written (not normalized; ``don't`` and
            ``well-known`` one token each, which is then no word).
    """
    return _token().findall(text)


@cache
def _token() -> re.Pattern[str]:
    return re.compile(_TOKEN)


def list_entries(text: str) -> list[str]:
    """The entries of a word-list file: one per line, ``#`` starts a comment.

    Args:
        text: The file's text.

    Returns:
        Each line's entry, trimmed, in order; blank lines and comments left out.
    """
    entries = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [entry for entry in entries if entry]


def pool(
    length: int,
    tier: str | None = None,
    lang: str = "en",
    *,
    from_text: Path | None = None,
    from_list: Path | None = None,
) -> Pool:
    """The pool of words of a length: a tier of the dictionary, or the dictionary words of
    a text (the "Gamewords from a page of a newspaper" variation) or of a word-list file.

    Args:
        length: Letters of the pool's words.
        tier: One of ``TIERS``; by default ``familiar`` for a dictionary pool and ``all``
            for a file, since the file's author has already chosen the words.
        lang: A language code.
        from_text: A text file: its dictionary words of that length (``-``: standard
            input).
        from_list: A word-list file, one word a line (``-``: standard input); a line that
            is no word, two words say, is left out and listed as such.

    Returns:
        The pool, its words sorted, with where they came from.

    Raises:
        LexiconError: Both files given, an unreadable file, an unknown tier or language,
            or an empty pool (no game can draw from it).
    """
    if from_text is not None and from_list is not None:
        raise LexiconError("give a text or a word list, not both")
    spec = language(lang)
    source = from_text if from_text is not None else from_list
    tier = check_tier(tier or ("familiar" if source is None else "all"))
    allowed = words(length, tier, lang)
    if source is None:
        found = Pool(allowed, length, lang, tier, f"{tier} tier")
    else:
        text = _read_source(source)
        tokens = text_tokens(text) if from_text is not None else list_entries(text)
        candidates = {spec.normalize(t) for t in tokens}
        candidates = {c for c in candidates if len(c) == length}
        kind = "text" if from_text is not None else "word list"
        found = Pool(
            tuple(sorted(candidates.intersection(allowed))),
            length,
            lang,
            tier,
            f"{kind} {'on standard input' if str(source) == STDIN else Path(source).name}",
            tuple(sorted(candidates.difference(allowed))),
        )
    if not found.words:
        where = f"in the {found.source}"
        if found.source != f"{found.tier} tier":  # a text or a list: its words of the tier
            where = f"of tier {found.tier!r} in the {found.source}"
        raise LexiconError(f"the pool is empty: no {length}-letter {spec.name} words {where}")
    return found


def length_counts(lang: str = "en") -> dict[str, dict[int, int]]:
    """Words at each length in the play list (tier ``all``), in the core list the familiar
    tiers draw on (``core``), and in the ``familiar`` and ``easy`` tiers: read from the
    stored tables' indexes.

    Args:
        lang: A language code.

    Returns:
        For each of ``all``, ``core``, ``familiar`` and ``easy``, the number of words at
            each length (in letters) that has any, shortest first.

    Raises:
        LexiconError: An unknown language, or its word lists are missing.
    """
    counts = {}
    for tier in ("all", "core", "familiar", "easy"):
        table = _tier_table(tier, lang)
        sizes = [end - start for start, end in pairwise(table.word_starts)]
        counts[tier] = dict(zip(table.lengths, sizes, strict=True))
    return counts
