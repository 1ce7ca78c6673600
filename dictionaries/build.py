"""Build the committed word lists from Debian's word-list packages.

The lists are built once here and committed, so that players need neither apt nor a
network. Run it again only to change a curated file in ``curated/`` or to move to a new
package version; ``--check`` rebuilds in memory and fails if any committed file differs,
which is how the tests prove the committed lists are this script's output.

    apt-get install scowl wspanish hunspell-es hunspell-tools
    python dictionaries/build.py            # write the lists
    python dictionaries/build.py --check    # verify the committed lists

English: SCOWL 2020.12.07, ``english-words.*`` and ``american-words.*`` of every size up
to 70, lowercase a-z only, then filtered by the curated files (see README.md here).
Spanish: the public-domain ``wspanish`` lemmas (the familiar pool) and the forms of the
``hunspell-es`` dictionary expanded with ``unmunch`` (the play list).
Both: each line of ``curated/*-blocklist.txt`` is removed with every form of it found in
the lists (``english_blocked``, ``spanish_blocked``), except the words of
``curated/*-blocklist-kept.txt``; the build prints what each line removed.
"""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
CURATED = HERE / "curated"
# The built lists are package data, so that every install carries them (read by
# solver.wordtools.lexicon through importlib.resources); this folder keeps the recipe.
WORDS = HERE.parent / "solver" / "words"

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_README = Path("/usr/share/doc/scowl/README.gz")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
SCOWL_CORE_MAX_SIZE = 50  # familiar tiers draw only on words of SCOWL size <= 50
WSPANISH = Path("/usr/share/dict/spanish")
WSPANISH_COPYRIGHT = Path("/usr/share/doc/wspanish/copyright")
HUNSPELL_ES = Path("/usr/share/hunspell/es_ES")
HUNSPELL_COPYRIGHT = Path("/usr/share/doc/hunspell-es/copyright")
COMMON_LICENSES = Path("/usr/share/common-licenses")

EN_WORD = re.compile(r"[a-z]+")
ES_WORD = re.compile(r"[a-zñáéíóúü]+")
EN_VOWELS = set("aeiouy")
EN_ONE_LETTER = {"a", "i"}
ES_ONE_LETTER = {"a", "e", "o", "u", "y"}
ES_ACCENTED, ES_PLAIN = "áéíóúü", "aeiouu"  # ñ stays a letter of its own
ES_FOLD = str.maketrans(ES_ACCENTED, ES_PLAIN)

# English endings a blocked headword may take (see english_forms). Consonant-initial ones
# attach as they are; vowel-initial ones after the spelling changes of the stem.
EN_CONSONANT_SUFFIXES = ("s", "ly", "ness")
EN_VOWEL_SUFFIXES = (
    "ed", "ing", "ings", "er", "ers", "est", "ish",
    "y", "ies", "ied", "ier", "iest", "ily", "iness",
)  # fmt: skip
EN_CVC = re.compile(r"(^|[^aeiouy])[aeiouy][^aeiouwxy]$")  # crap, gyp, bugger: may double

# Spanish regular verb endings by class, accents folded (as the blocklist is matched):
# present, preterite, imperfect, future, conditional, subjunctives, imperative, non-finite.
ES_VERB_ENDINGS = {
    "ar": "o as a amos ais an e aste asteis aron aba abas abamos abais aban are aras ara "
    "aremos areis aran aria arias ariamos ariais arian es emos eis en aramos arais ase ases "
    "asemos aseis asen ares aren ad ar ando ado ada ados adas aos emonos",
    "er": "o es e emos eis en i iste io imos isteis ieron ia ias iamos iais ian ere eras era "
    "eremos ereis eran eria erias eriamos eriais erian a as amos ais an iera ieras ieramos "
    "ierais ieran iese ieses iesemos ieseis iesen iere ieres ieremos iereis ieren ed er "
    "iendo ido ida idos idas eos amonos",
    "ir": "o es e imos is en i iste io isteis ieron ia ias iamos iais ian ire iras ira iremos "
    "ireis iran iria irias iriamos iriais irian a as amos ais an iera ieras ieramos ierais "
    "ieran iese ieses iesemos ieseis iesen iere ieres ieremos iereis ieren id ir iendo ido "
    "ida idos idas ios amonos",
}
# The forms that take enclitic pronouns: infinitive, gerund, imperative (jódete, folladla).
ES_CLITIC_HOSTS = {
    "ar": "ar ando a ad e en emos",
    "er": "er iendo e ed a an amos",
    "ir": "ir iendo e id a an amos",
}
# Appreciative endings a Spanish noun or adjective takes (diminutive, augmentative,
# pejorative, superlative): puta -> putuela, pendejo -> pendejazo, cabrón -> cabroncito. Each
# is masculine in -o and feminine in -a, with plurals; see ``spanish_appreciatives``.
ES_VOWEL_APPRECIATIVES = ("it", "ill", "ic", "uel", "az", "ot", "uch", "isim")
ES_CONSONANT_APPRECIATIVES = ("cit", "cill", "cic", "zuel", "az", "ot", "isim")
ES_OBJECT_CLITICS = ("lo", "la", "los", "las", "le", "les")
ES_PERSON_CLITICS = ("me", "te", "se", "nos", "os")
ES_CLITICS = (
    "",
    *ES_PERSON_CLITICS,
    *ES_OBJECT_CLITICS,
    *(p + o for p in ES_PERSON_CLITICS for o in ES_OBJECT_CLITICS),
)


def read_curated(name: str) -> list[str]:
    """Words of a curated file: one per line, ``#`` starts a comment."""
    lines = (
        line.split("#", 1)[0].strip() for line in (CURATED / name).read_text("utf-8").splitlines()
    )
    return [line for line in lines if line]


def require(path: Path, package: str) -> Path:
    if not path.exists():
        sys.exit(f"build.py: {path} is missing; install it with: apt-get install {package}")
    return path


def scowl_words(max_size: int) -> set[str]:
    """All lowercase a-z entries of the English and American word lists up to a size."""
    words: set[str] = set()
    for size in SCOWL_SIZES:
        if size > max_size:
            break
        for category in ("english-words", "american-words"):
            path = require(SCOWL_DIR / f"{category}.{size}", "scowl")
            text = path.read_text("utf-8")
            words.update(w for w in text.split() if EN_WORD.fullmatch(w))
    return words


def english_filter(words: set[str]) -> set[str]:
    """Drop what is not a playable word: see README.md, "English play list".

    Blocked words are removed apart, by ``english_blocked``, because each takes its forms
    with it.
    """
    two_letter = set(read_curated("en-two-letter.txt"))
    no_vowel = set(read_curated("en-no-vowel.txt"))
    excluded = set(read_curated("en-exclude.txt"))
    kept = set()
    for word in words:
        if len(word) == 1 and word not in EN_ONE_LETTER:
            continue
        if len(word) == 2 and word not in two_letter:
            continue
        if not EN_VOWELS & set(word) and word not in no_vowel:
            continue
        if word in excluded:
            continue
        kept.add(word)
    return kept


def scowl_notice() -> str:
    """SCOWL's copyright and permission notice, which must travel with derived lists."""
    text = gzip.decompress(require(SCOWL_README, "scowl").read_bytes()).decode("utf-8")
    start = text.index("COPYRIGHT, SOURCES, and CREDITS:")
    end = text.index("FUTURE PLANS:", start)
    header = (
        "The files play.txt and core.txt in this folder are a filtered derivative of\n"
        "SCOWL 2020.12.07 (Spell Checker Oriented Word Lists, Debian package scowl),\n"
        "built by ../build.py. SCOWL's copyright and permission notice follows.\n\n"
    )
    return header + text[start:end].rstrip() + "\n"


def unmunch_spanish() -> list[str]:
    """Every form of the hunspell-es dictionary, as ``unmunch`` expands it."""
    dic = require(HUNSPELL_ES.with_suffix(".dic"), "hunspell-es")
    aff = require(HUNSPELL_ES.with_suffix(".aff"), "hunspell-es")
    result = subprocess.run(["unmunch", str(dic), str(aff)], capture_output=True, check=True)
    # A few entries come out unexpanded as "word/FLAGS|": keep the word itself.
    return [line.split("/", 1)[0] for line in result.stdout.decode("utf-8").splitlines()]


def read_kept(name: str) -> set[str]:
    """Words of a ``*-blocklist-kept.txt`` file: innocent words no expansion may remove."""
    return set(read_curated(name))


def english_vowel_stems(headword: str) -> set[str]:
    """What a vowel-initial ending attaches to: whore -> whor(ing), crap -> crapp(y).

    A final e drops (both spellings are tried: whorish, whoreish); a final c takes k
    (mimicked, so spic never reaches spiced or spicy); a one-syllable word ending in
    consonant-vowel-consonant doubles its last letter (crap -> crappy, never crapy, so tit
    reaches titter but not titer); a longer one may double or not (bullshitted,
    buggered). Words ending in consonant + y are handled by ``english_forms``.
    """
    if headword.endswith("e"):
        return {headword[:-1], headword}
    if headword.endswith("c"):
        return {headword + "k"}
    if EN_CVC.search(headword):
        doubled = headword + headword[-1]
        if len(re.findall(r"[aeiouy]+", headword)) == 1:
            return {doubled}
        return {headword, doubled}
    return {headword}


def english_forms(headword: str) -> set[str]:
    """Every regular inflection of an English headword: plurals, verb forms, comparatives.

    SCOWL's Debian package has no inflection data, so the forms are spelled by rule; they
    are candidates, and only those found in a word list are removed. Only endings are
    added, never a prefix or an arbitrary tail, so ``dick`` cannot reach ``dickens`` and
    ``ass`` cannot reach ``assassin``. Derived words that are not regular forms
    (``shithead``, ``whoredom``) are listed in the blocklist themselves.
    """
    forms = {headword} | {headword + s for s in EN_CONSONANT_SUFFIXES}
    if headword.endswith(("s", "x", "z", "ch", "sh", "o")):
        forms.add(headword + "es")
    if re.search(r"[^aeiou]y$", headword):  # darky -> darkies, sheeny -> sheenier
        stem = headword[:-1] + "i"
        forms |= {stem + s for s in ("es", "ed", "er", "ers", "est", "ly", "ness")}
        forms |= {headword + "ing", headword + "ish"}
        return forms
    for stem in english_vowel_stems(headword):
        forms |= {stem + s for s in EN_VOWEL_SUFFIXES}
    return forms


def spanish_verb_stems(lemma: str) -> set[str]:
    """A verb's stem and its spelling variants: chingar -> ching, chingu (chingue).

    The variants keep the sound before e or i (c -> qu, g -> gu, z -> c in -ar verbs; g ->
    j, c -> z, zc in -er and -ir verbs); a variant that spells no real form finds nothing
    in the word lists.
    """
    stem, kind = lemma[:-2], lemma[-2:]
    stems = {stem}
    if kind == "ar":
        if stem.endswith("c"):
            stems.add(stem[:-1] + "qu")
        elif stem.endswith("g"):
            stems.add(stem + "u")
        elif stem.endswith("z"):
            stems.add(stem[:-1] + "c")
    elif stem.endswith("g"):
        stems.add(stem[:-1] + "j")
    elif stem.endswith("c"):  # emputecer -> emputezco, vencer -> venzo
        stems |= {stem[:-1] + "z", stem[:-1] + "zc"}
    return stems


def spanish_forms(lemma: str) -> set[str]:
    """The regular forms of a Spanish lemma, accents folded: plurals, the feminine, verbs.

    A noun or adjective takes its plural and, from the masculine, its feminine (puto ->
    puta, cabrón -> cabrona); a feminine never reaches a masculine, which is often another
    word (pingo, a rag, is not a form of pinga). A verb in -ar, -er or -ir takes every
    regular ending, and its infinitive, gerund and imperative up to two clitics (jódete is
    jod + e + te; chingolo, a bird, is not ching + o + lo). The build adds the exact forms
    of the lemma's hunspell entries (``hunspell_forms``); this rule is what the tests can
    check without the Debian packages, and it covers the wspanish lemmas.
    """
    word = lemma.translate(ES_FOLD)
    forms = {word, word + "s", word + "es"}
    if word.endswith("z"):  # gilipollez -> gilipolleces
        forms.add(word[:-1] + "ces")
    if word.endswith("o"):
        forms |= {word[:-1] + "a", word[:-1] + "as"}
    elif word[-1] not in "aeiou":
        forms |= {word + "a", word + "as"}
    kind = word[-2:]
    if kind in ES_VERB_ENDINGS:
        for stem in spanish_verb_stems(word):
            forms |= {stem + e for e in ES_VERB_ENDINGS[kind].split()}
            forms |= {stem + h + c for h in ES_CLITIC_HOSTS[kind].split() for c in ES_CLITICS}
    else:
        forms |= spanish_appreciatives(word)
    return forms


def spanish_appreciatives(word: str) -> set[str]:
    """The diminutives, augmentatives, pejoratives and superlatives of a folded noun or
    adjective, with their plurals: puta -> putita, putilla, putuela, putaza, putísima;
    pendejo -> pendejito, pendejazo, pendejón; cabrón -> cabroncito, cabronzuelo, cabronazo.

    They are inflections in all but name (a grammar lists them beside the plural), and
    an insult is as offensive with one. A vowel ending drops before the suffix (c and g
    keep their sound before i: marica -> mariquita, pinga -> pinguita); a consonant ending
    takes the c- or z- variant (cabroncito, cabronzuelo). As with the feminine, a feminine
    lemma takes feminine forms only, and only a masculine takes -ón (picha never reaches
    pichón, a pigeon). Words already in -s (gilipollas, cojones) take none.
    """
    if word.endswith("s"):
        return set()
    feminine = word.endswith("a")
    genders = ("a",) if feminine else ("o", "a")
    if word[-1] in "aeo":
        stem = word[:-1]
        suffixes = ES_VOWEL_APPRECIATIVES
    else:
        stem = word
        suffixes = ES_CONSONANT_APPRECIATIVES
    forms = set()
    for suffix in suffixes:
        base = stem
        if suffix.startswith("i") and stem.endswith("c"):
            base = stem[:-1] + "qu"
        elif suffix.startswith("i") and stem.endswith("g"):
            base = stem + "u"
        forms |= {base + suffix + g + s for g in genders for s in ("", "s")}
    if not feminine and word[-1] in "oe":  # pendejo -> pendejón, pendejona
        forms |= {stem + e for e in ("on", "ona", "ones", "onas")}
    return forms


def spanish_compounds(words: set[str], nouns: set[str]) -> dict[str, str]:
    """Words made of a verb form and a blocked noun (come + mierda, sopla + pollas), the
    commonest way Spanish builds an insult, found in ``words`` (all folded); each with the
    noun it ends in.

    The verb form is the third person (and imperative) of a verb whose infinitive is also
    in ``words``: come (comer), lame (lamer), chupa (chupar). So a word that merely ends
    like a blocked noun stays: computa, disputa and imputa start with no verb form.
    """
    endings = {noun[-3:] for noun in nouns}
    lengths = sorted({len(noun) for noun in nouns})
    found = {}
    for word in words:
        if word[-3:] not in endings:
            continue
        for length in lengths:
            verb, noun = word[:-length], word[-length:]
            if len(verb) >= 3 and noun in nouns and verb[-1] in "ae" and verb + "r" in words:
                found[word] = noun
    return found


def hunspell_entries(lemmas: set[str]) -> dict[str, list[str]]:
    """The hunspell-es dictionary lines (``stem/FLAGS``) of each lemma, accents folded."""
    dic = require(HUNSPELL_ES.with_suffix(".dic"), "hunspell-es")
    entries: dict[str, list[str]] = {}
    for line in dic.read_text("utf-8").splitlines()[1:]:
        stem = line.split("/", 1)[0].translate(ES_FOLD)
        if stem in lemmas:
            entries.setdefault(stem, []).append(line)
    return entries


def hunspell_forms(lines: list[str]) -> set[str]:
    """Every form ``unmunch`` expands from the given dictionary lines, and only those.

    This is the exact paradigm of a blocked lemma, irregular forms included, as the play
    list itself was expanded.
    """
    aff = require(HUNSPELL_ES.with_suffix(".aff"), "hunspell-es")
    with tempfile.TemporaryDirectory() as folder:
        dic = Path(folder) / "blocked.dic"
        dic.write_text(f"{len(lines)}\n" + "".join(f"{line}\n" for line in lines), "utf-8")
        result = subprocess.run(["unmunch", str(dic), str(aff)], capture_output=True, check=True)
    return {line.split("/", 1)[0] for line in result.stdout.decode("utf-8").splitlines()}


def report(label: str, entry: str, removed: set[str], kept: set[str]) -> None:
    """Print what a blocklist entry removed, so a reviewer sees every word it took."""
    shown = sorted(removed)
    more = f" ... and {len(shown) - 24} more" if len(shown) > 24 else ""
    line = f"  {label} {entry!r} removes {len(shown)}: {' '.join(shown[:24])}{more}"
    if kept:
        line += f"; keeps {' '.join(sorted(kept))}"
    print(line)


def check_kept(label: str, entries: list[str], kept: set[str], words: set[str]) -> None:
    """A kept word must be a listed word and must not be a blocklist entry itself."""
    if clash := kept & set(entries):
        sys.exit(f"build.py: {label}: blocked and kept at once: {' '.join(sorted(clash))}")
    if missing := kept - words:
        sys.exit(f"build.py: {label}-kept: not in the word lists: {' '.join(sorted(missing))}")


def english_blocked(words: set[str], verbose: bool = True) -> set[str]:
    """Every word of ``words`` that en-blocklist.txt blocks: each entry with its forms."""
    entries = read_curated("en-blocklist.txt")
    kept = read_kept("en-blocklist-kept.txt")
    check_kept("en-blocklist", entries, kept, words)
    blocked: set[str] = set()
    for entry in entries:
        found = english_forms(entry) & words
        if verbose:
            report("en-blocklist", entry, found - kept, found & kept)
        blocked |= found - kept
    return blocked


def fold_all(words: list[str]) -> list[str]:
    """Fold the accents of many words at once (one pass over their bytes, not a call each).

    The Spanish list holds a million words; folding them one ``translate`` at a time
    takes seconds the build need not spend.
    """
    data = "\n".join(words).encode("utf-8")
    for accented, plain in zip(ES_ACCENTED, ES_PLAIN, strict=True):
        data = data.replace(accented.encode("utf-8"), plain.encode("utf-8"))
    return data.decode("utf-8").split("\n")


def spanish_blocked(words: set[str], exact: bool = True, verbose: bool = True) -> set[str]:
    """Every word of ``words`` that es-blocklist.txt blocks, accents folded.

    Each entry blocks its regular forms (``spanish_forms``: inflections and appreciatives)
    and, with ``exact``, every form unmunch expands from its hunspell-es entries (needs the
    Debian packages); a noun also blocks the compounds of a verb with one of its forms
    (``spanish_compounds``: comemierda). Words are compared folded because the lexicon
    plays them folded: if ``maquetó`` stayed, the blocked ``maqueto`` could be played
    through it.
    """
    entries = read_curated("es-blocklist.txt")
    if stars := [e for e in entries if "*" in e]:
        sys.exit(f"build.py: es-blocklist: prefixes are not supported: {' '.join(stars)}")
    lemmas = [e.translate(ES_FOLD) for e in entries]
    kept = {w.translate(ES_FOLD) for w in read_kept("es-blocklist-kept.txt")}
    paradigms = hunspell_entries(set(lemmas)) if exact else {}
    forms_of: dict[str, set[str]] = {}
    for lemma in lemmas:
        forms_of[lemma] = spanish_forms(lemma)
        if lemma in paradigms:
            forms_of[lemma] |= {f.translate(ES_FOLD) for f in hunspell_forms(paradigms[lemma])}
    ordered = sorted(words)
    folded_words = fold_all(ordered)
    for lemma, compounds in spanish_noun_compounds(folded_words, forms_of, kept).items():
        forms_of[lemma] |= compounds
    wanted = kept.union(*forms_of.values())
    listed: dict[str, list[str]] = {}  # folded form -> the listed words that fold to it
    for word, folded in zip(ordered, folded_words, strict=True):
        if folded in wanted:
            listed.setdefault(folded, []).append(word)
    check_kept("es-blocklist", lemmas, kept, set(listed))
    blocked: set[str] = set()
    for entry, lemma in zip(entries, lemmas, strict=True):
        found = {f for f in forms_of[lemma] if f in listed}
        removed = {w for f in found - kept for w in listed[f]}
        if verbose:
            report("es-blocklist", entry, removed, {w for f in found & kept for w in listed[f]})
        blocked |= removed
    return blocked


def spanish_noun_compounds(
    words: Iterable[str], forms_of: dict[str, set[str]], kept: set[str]
) -> dict[str, set[str]]:
    """The compounds of ``words`` (folded) built on each blocked noun (``spanish_compounds``):
    a lemma that is not a verb, by its forms that are not kept words (culo and polla are
    kept, so tentáculo and oráculo stay)."""
    lemma_of = {
        form: lemma
        for lemma, forms in forms_of.items()
        if lemma[-2:] not in ES_VERB_ENDINGS
        for form in forms - kept
    }
    compounds: dict[str, set[str]] = {}
    for word, noun in spanish_compounds(set(words), set(lemma_of)).items():
        compounds.setdefault(lemma_of[noun], set()).add(word)
    return compounds


def spanish_filter(words: set[str]) -> set[str]:
    return {w for w in words if ES_WORD.fullmatch(w) and (len(w) > 1 or w in ES_ONE_LETTER)}


def scowl_names(max_size: int) -> set[str]:
    """SCOWL's proper names (people and places) up to a size, lowercased: Anton, Nora, Zara."""
    names: set[str] = set()
    for path in SCOWL_DIR.glob("*-proper-names.*"):
        if int(path.suffix[1:]) <= max_size:
            names.update(w.lower() for w in path.read_text("latin-1").split())
    return names


def spanish_core(
    lemmas: set[str],
    hunspell: list[str],
    english: set[str],
    english_names: set[str],
    verbose: bool = True,
) -> set[str]:
    """The wspanish lemmas fit for the familiar pool (``es/core.txt``): no proper name, no
    foreign word. Both stay in the play list (the rulebook forbids them as plays too, but
    a wspanish lemma that hunspell-es lacks is as often a real word that it misses, such
    as guagua or pingüino); they are never hidden, never familiar.

    - A proper name: a lemma that hunspell-es (``hunspell``: unmunch's output, capitalised
      entries included) knows only capitalised (España, Carlos, López): wspanish
      lowercases names. Or one that hunspell-es does not know in lowercase and that is a
      proper name of SCOWL (``english_names``: antón, marión, zara, nora).
    - A foreign word: a lemma that hunspell-es does not know at all, in any case, and that
      is an English word of SCOWL (``english``): post, boy, royal, deal.
    - A name that hunspell-es also lists in lowercase for a rare sense (maría, santiago):
      the lines of ``curated/es-names.txt``, judged by hand (no dictionary we have tells
      them from león or rosa).
    Compared with accents folded, as the lexicon plays words.
    """
    words = {w.translate(ES_FOLD) for w in hunspell if w[:1].islower()}
    names = {w.lower().translate(ES_FOLD) for w in hunspell if w[:1].isupper()}
    english_names = {w.translate(ES_FOLD) for w in english_names}
    curated = read_curated("es-names.txt")
    if missing := set(curated) - lemmas:
        sys.exit(f"build.py: es-names: not wspanish lemmas: {' '.join(sorted(missing))}")
    only_names, known = (names | english_names) - words, names | words
    removed = {
        "a proper name that hunspell-es does not list in lowercase": {
            w for w in lemmas if w.translate(ES_FOLD) in only_names
        },
        "an English word unknown to hunspell-es": {
            w for w in lemmas if w in english and w.translate(ES_FOLD) not in known
        },
        "a name of curated/es-names.txt": set(curated),
    }
    if verbose:
        for reason, found in removed.items():
            shown = sorted(found)
            more = f" ... and {len(shown) - 40} more" if len(shown) > 40 else ""
            print(f"  es/core.txt leaves out {len(shown)}, {reason}: {' '.join(shown[:40])}{more}")
    return lemmas.difference(*removed.values())


def hunspell_notice() -> str:
    text = require(HUNSPELL_COPYRIGHT, "hunspell-es").read_text("utf-8")
    stanza = re.search(r"Files: dictionaries/es/\*\n.*?\n\n", text, re.S)
    assert stanza, "the es stanza of hunspell-es's copyright file moved"
    return (
        "play.txt in this folder holds the word forms of the Spanish hunspell dictionary\n"
        "(Debian package hunspell-es, from libreoffice-dictionaries), expanded with unmunch\n"
        "by ../build.py, lowercased entries only, together with the public-domain wspanish\n"
        "lemmas. It is a separate file under the dictionary's own licence, apart from the\n"
        "rest of myword. The dictionary's copyright stanza, as Debian records it:\n\n"
        + stanza.group(0)
        + "We distribute play.txt under the Mozilla Public License 1.1 (one of the three\n"
        "licences offered); its full text follows. The GPL-3+ and LGPL-3+ options remain\n"
        "open to every recipient.\n\n" + (COMMON_LICENSES / "MPL-1.1").read_text("utf-8")
    )


def wspanish_notice() -> str:
    text = require(WSPANISH_COPYRIGHT, "wspanish").read_text("utf-8")
    return (
        "core.txt in this folder is the lowercase part of the wspanish word list\n"
        "(Debian package wspanish), whose copyright file says:\n\n"
        + "\n".join(line for line in text.splitlines() if "Word list license" in line)
        + "\n"
    )


def lines(words: set[str]) -> str:
    return "".join(f"{w}\n" for w in sorted(words))


def not_known(name: str, core: set[str]) -> set[str]:
    """The words of a ``*-not-known.txt`` file: core words whose frequency is another
    token's, judged by hand (see the file's header and docs/known-words.md). Each must be a
    word of the core list it is taken from."""
    words = set(read_curated(name))
    if missing := words - core:
        sys.exit(f"build.py: {name}: not in core.txt: {' '.join(sorted(missing))}")
    return words


def spanish_abbreviations(forms: set[str]) -> set[str]:
    """The forms of ``curated/es-abbreviations.txt``: abbreviations hunspell-es lists in
    lowercase without their full stop (``etc``, ``sra``), which the rules forbid. Each
    must be a form of the play list (the build stops otherwise)."""
    words = set(read_curated("es-abbreviations.txt"))
    if missing := words - forms:
        sys.exit(f"build.py: es-abbreviations: not in play.txt: {' '.join(sorted(missing))}")
    return words


def build() -> dict[Path, str]:
    """Every output file and its text, computed in memory."""
    en_words = scowl_words(max(SCOWL_SIZES))
    en_blocked = english_blocked(en_words)
    play = english_filter(en_words) - en_blocked
    core = english_filter(scowl_words(SCOWL_CORE_MAX_SIZE)) - en_blocked
    es_lemmas = spanish_filter(set(require(WSPANISH, "wspanish").read_text("utf-8").split()))
    es_hunspell = unmunch_spanish()
    es_forms = spanish_filter(set(es_hunspell)) | es_lemmas
    es_blocked = spanish_blocked(es_forms) | spanish_abbreviations(es_forms)
    es_core = spanish_core(es_lemmas, es_hunspell, en_words, scowl_names(max(SCOWL_SIZES)))
    return {
        WORDS / "en" / "play.txt": lines(play),
        WORDS / "en" / "core.txt": lines(core),
        WORDS / "en" / "not-known.txt": lines(not_known("en-not-known.txt", core)),
        WORDS / "en" / "LICENSE-SCOWL.txt": scowl_notice(),
        WORDS / "es" / "play.txt": lines(es_forms - es_blocked),
        WORDS / "es" / "core.txt": lines(es_core - es_blocked),
        WORDS / "es" / "not-known.txt": lines(not_known("es-not-known.txt", es_core - es_blocked)),
        WORDS / "es" / "LICENSE-hunspell-es.txt": hunspell_notice(),
        WORDS / "es" / "LICENSE-wspanish.txt": wspanish_notice(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args()
    outputs = build()
    differing = []
    for path, text in outputs.items():
        name = path.relative_to(HERE.parent)
        count = (
            text.count("\n") if path.name.endswith(".txt") and "LICENSE" not in path.name else None
        )
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text:
                differing.append(str(name))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        print(f"{name}: {count} words" if count is not None else f"{name}: notice")
    if differing:
        print("differs from the build: " + ", ".join(differing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
