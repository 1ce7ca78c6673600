"""The committed word lists: their form, what they must hold and what they must never hold."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DICTS = ROOT / "dictionaries"
LISTS = {
    "en": [DICTS / "en" / "play.txt", DICTS / "en" / "core.txt"],
    "es": [DICTS / "es" / "play.txt", DICTS / "es" / "core.txt"],
}
LETTERS = {"en": set("abcdefghijklmnopqrstuvwxyz"), "es": set("abcdefghijklmnopqrstuvwxyzñáéíóúü")}
ES_FOLD = str.maketrans("áéíóúü", "aeiouu")


def read_list(path: Path) -> list[str]:
    return path.read_text("utf-8").split("\n")[:-1]


def curated(name: str) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in (DICTS / "curated" / name).open())
    return [line for line in lines if line]


@pytest.fixture(scope="module")
def en_play() -> set[str]:
    return set(read_list(DICTS / "en" / "play.txt"))


@pytest.mark.parametrize("path", [p for paths in LISTS.values() for p in paths], ids=str)
def test_lists_are_sorted_unique_lowercase_letters(path: Path) -> None:
    lang = path.parent.name
    words = read_list(path)
    assert words, f"{path} is empty"
    assert words == sorted(set(words)), "not sorted, or has duplicates"
    letters = set("".join(words))
    assert letters <= LETTERS[lang], f"unexpected characters {letters - LETTERS[lang]}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_core_is_inside_play(lang: str) -> None:
    play = set(read_list(DICTS / lang / "play.txt"))
    core = set(read_list(DICTS / lang / "core.txt"))
    assert core <= play


def test_no_english_blocked_word_anywhere() -> None:
    blocked = set(curated("en-blocklist.txt"))
    assert len(blocked) > 100
    for path in LISTS["en"]:
        assert not blocked & set(read_list(path)), path


def test_no_spanish_blocked_word_anywhere() -> None:
    entries = [e.translate(ES_FOLD) for e in curated("es-blocklist.txt")]
    exact = {e for e in entries if not e.endswith("*")}
    prefixes = tuple(e[:-1] for e in entries if e.endswith("*"))
    for path in LISTS["es"]:
        folded = [w.translate(ES_FOLD) for w in read_list(path)]
        assert not exact.intersection(folded), path
        assert not [w for w in folded if w.startswith(prefixes)], path


@pytest.mark.parametrize("word", ["tables", "jumped", "nephew", "ballet", "wallet", "a", "i"])
def test_known_words_are_present(en_play: set[str], word: str) -> None:
    assert word in en_play


@pytest.mark.parametrize(
    "word", ["london", "etc", "enl", "sri", "kb", "cs", "de", "et", "ja", "si", "b", "pwn", "csc"]
)
def test_known_non_words_are_absent(en_play: set[str], word: str) -> None:
    assert word not in en_play


def test_two_letter_words_are_exactly_the_allowlist(en_play: set[str]) -> None:
    assert {w for w in en_play if len(w) == 2} == set(curated("en-two-letter.txt"))


def test_vowelless_words_are_only_the_kept_ones(en_play: set[str]) -> None:
    vowelless = {w for w in en_play if not set(w) & set("aeiouy")}
    assert vowelless == set(curated("en-no-vowel.txt"))


def test_excluded_entries_are_absent(en_play: set[str]) -> None:
    assert not set(curated("en-exclude.txt")) & en_play


@pytest.mark.parametrize("word", ["canción", "casas", "habló", "niño", "pingüino", "año"])
def test_spanish_forms_are_present(word: str) -> None:
    assert word in set(read_list(DICTS / "es" / "play.txt"))


def test_licence_notices_travel_with_the_lists() -> None:
    assert "Kevin Atkinson" in (DICTS / "en" / "LICENSE-SCOWL.txt").read_text("utf-8")
    hunspell = (DICTS / "es" / "LICENSE-hunspell-es.txt").read_text("utf-8")
    assert "Santiago Bosio" in hunspell and "MOZILLA PUBLIC LICENSE" in hunspell
    assert "Public Domain" in (DICTS / "es" / "LICENSE-wspanish.txt").read_text("utf-8")


@pytest.mark.skipif(
    not Path("/usr/share/dict/scowl").is_dir() or shutil.which("unmunch") is None,
    reason="needs the Debian packages scowl, wspanish, hunspell-es and hunspell-tools",
)
def test_build_script_reproduces_the_committed_lists() -> None:
    result = subprocess.run(
        [sys.executable, str(DICTS / "build.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
