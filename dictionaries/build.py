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
"""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CURATED = HERE / "curated"

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
ES_FOLD = str.maketrans("áéíóúü", "aeiouu")  # ñ stays a letter of its own


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
    """Drop what is not a playable word: see README.md, "English play list"."""
    two_letter = set(read_curated("en-two-letter.txt"))
    no_vowel = set(read_curated("en-no-vowel.txt"))
    excluded = set(read_curated("en-exclude.txt")) | set(read_curated("en-blocklist.txt"))
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


def spanish_blocked(words: set[str]) -> set[str]:
    """Words matched by es-blocklist.txt (words, or prefixes ending in ``*``), accents folded."""
    folded = {word: word.translate(ES_FOLD) for word in words}
    blocked = set()
    for entry in read_curated("es-blocklist.txt"):
        entry = entry.translate(ES_FOLD)
        if entry.endswith("*"):
            matched = {w for w, f in folded.items() if f.startswith(entry[:-1])}
            print(
                f"  es-blocklist {entry!r} removes {len(matched)}: {' '.join(sorted(matched)[:12])}"
            )
        else:
            matched = {w for w, f in folded.items() if f == entry}
        blocked |= matched
    return blocked


def spanish_filter(words: set[str]) -> set[str]:
    return {w for w in words if ES_WORD.fullmatch(w) and (len(w) > 1 or w in ES_ONE_LETTER)}


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


def build() -> dict[Path, str]:
    """Every output file and its text, computed in memory."""
    play = english_filter(scowl_words(max(SCOWL_SIZES)))
    core = english_filter(scowl_words(SCOWL_CORE_MAX_SIZE))
    es_lemmas = spanish_filter(set(require(WSPANISH, "wspanish").read_text("utf-8").split()))
    es_forms = spanish_filter(set(unmunch_spanish())) | es_lemmas
    es_blocked = spanish_blocked(es_forms)
    return {
        HERE / "en" / "play.txt": lines(play),
        HERE / "en" / "core.txt": lines(core),
        HERE / "en" / "LICENSE-SCOWL.txt": scowl_notice(),
        HERE / "es" / "play.txt": lines(es_forms - es_blocked),
        HERE / "es" / "core.txt": lines(es_lemmas - es_blocked),
        HERE / "es" / "LICENSE-hunspell-es.txt": hunspell_notice(),
        HERE / "es" / "LICENSE-wspanish.txt": wspanish_notice(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args()
    outputs = build()
    differing = []
    for path, text in outputs.items():
        name = path.relative_to(HERE)
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
