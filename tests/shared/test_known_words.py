"""The measure of a word a person knows (docs/known-words.md): the familiar tier.

A word is known when it is in the core dictionary, wordfreq meets it at least once per
million words (Zipf >= 3.0), and that frequency is its own: not a misread Spanish word,
not a line of the hand-judged not-known.txt (issue 27: the bot played HENT, SOKE and
HAZAN; the advice gave FER and HES).
"""

import pytest
import wordfreq

from solver.wordtools import lexicon
from solver.wordtools.wordcheck import check_word

KNOWN = ("easy", "familiar")


def known(word: str, lang: str = "en") -> bool:
    return lexicon.tier_of(word, lang) in KNOWN


@pytest.mark.parametrize(
    "word",
    # everyday words, and words that share their letters with a name or a contraction
    # but whose own sense is everyday (kept on purpose: the list's header says why)
    ["table", "ballet", "nephew", "armada", "jargon", "retina", "ill", "its", "lets", "tom"],
)
def test_words_people_know_are_known(word: str) -> None:
    assert known(word)
    assert lexicon.zipf(word) >= lexicon.FAMILIAR_ZIPF


@pytest.mark.parametrize("word", ["hent", "soke", "hazan"])
def test_the_bots_rare_words_are_not_known_they_are_rare(word: str) -> None:
    """The hard bot played them from the whole play list: outside the core dictionary
    (SCOWL size 70) and met fewer than 100 times per billion words (Zipf below 2)."""
    assert lexicon.is_word(word)
    assert lexicon.tier_of(word) == "all"
    assert lexicon.zipf(word) < 2.0
    assert not known(word)


@pytest.mark.parametrize(("word", "other"), [("hes", "he's"), ("fer", "for")])
def test_fer_and_hes_are_not_known_their_frequency_is_another_words(word: str, other: str) -> None:
    """Both are core words above the line, by a frequency that is another token's: "hes"
    typed for "he's", "fer" for "for" (wordfreq counts letters, not senses). The hand list
    says so; without it they were familiar and HES easy."""
    assert word in lexicon.load("en").core
    assert lexicon.zipf(word) >= lexicon.FAMILIAR_ZIPF
    assert wordfreq.zipf_frequency(other, "en") > lexicon.zipf(word) + 1
    assert word in lexicon.load("en").not_known
    assert lexicon.tier_of(word) == "core"
    assert not known(word)


def test_the_label_follows_the_measure() -> None:
    """``words check`` calls a word familiar by the same measure (FER was familiar, HES
    easy): the label a person reads is the one the bots use."""
    for word in ("fer", "hes"):
        checked = check_word(word)
        assert checked.valid and not checked.familiar and checked.tier == "core"
        assert checked.note == "not familiar: its frequency is another word's"
    assert check_word("armada").familiar and check_word("armada").note == ""
    assert check_word("furlong").note == ""  # below the line: nothing to explain


# Spanish reads its misread words first (seconds): CI's heavy step
LANGS = ["en", pytest.param("es", marks=pytest.mark.heavy)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("length", [2, 3, 4, 5, 6, 7])
def test_every_known_word_meets_the_measure(lang: str, length: int) -> None:
    """The familiar and easy tiers, every Guessword length of both sheets, both
    languages: core words, Zipf >= 3.0, their frequency their own."""
    core = lexicon.load(lang).core
    left_out = lexicon.not_known(lang)
    for tier, floor in (("familiar", lexicon.FAMILIAR_ZIPF), ("easy", lexicon.EASY_ZIPF)):
        words = lexicon.words(length, tier, lang)
        assert words
        zipfs = lexicon.zipfs(length, tier, lang)
        assert zipfs.min() >= floor
        assert set(words) <= core
        assert not set(words) & left_out


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_above_the_line_is_left_out_but_the_judged_words(lang: str) -> None:
    """The converse: a core word of 3 letters at Zipf >= 3.0 is known unless it is judged
    not known (or misread)."""
    table = lexicon.zipf_table(lang)
    above = {w for w in lexicon.load(lang).core if len(w) == 3 and table.get(w, 0.0) >= 3.0}
    assert set(lexicon.words(3, "familiar", lang)) == above - lexicon.not_known(lang)


@pytest.mark.parametrize(
    ("lang", "size"), [("en", 60), pytest.param("es", 39, marks=pytest.mark.heavy)]
)
def test_the_judged_list_holds_only_words_the_line_would_let_in(lang: str, size: int) -> None:
    """Every line of not-known.txt is a core word at Zipf >= 3.0: a rarer word needs no
    judgement (the line leaves it out), and a word outside core.txt is never known."""
    listed = lexicon.load(lang).not_known
    assert len(listed) == size
    table = lexicon.zipf_table(lang)
    assert [w for w in sorted(listed) if table.get(w, 0.0) < lexicon.FAMILIAR_ZIPF] == []
    assert listed <= lexicon.load(lang).core


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_judged_list_is_keyed_in_the_tables(lang: str) -> None:
    """The stored tier tables are keyed on not-known.txt: a word added to it leaves the
    familiar tier without clearing any cache."""
    assert lexicon.dictionaries_dir() / lang / lexicon.NOT_KNOWN in lexicon.sources(lang)


def test_a_folder_without_a_judged_list_judges_nothing(tmp_path, monkeypatch) -> None:
    """A word list of one's own (MYWORD_DICTIONARIES) need not have a not-known.txt."""
    for lang in ("en", "es"):
        (tmp_path / lang).mkdir()
        for name in ("play.txt", "core.txt"):
            (tmp_path / lang / name).write_text("table\ntables\n", "utf-8")
    monkeypatch.setenv("MYWORD_DICTIONARIES", str(tmp_path))
    lexicon.load.cache_clear()
    try:
        assert lexicon.load("en").not_known == frozenset()
        assert tmp_path / "en" / lexicon.NOT_KNOWN not in lexicon.sources("en")
    finally:
        lexicon.load.cache_clear()


@pytest.mark.heavy  # Spanish reads its misread words first (seconds): CI's heavy step
def test_spanish_words_of_english_text_are_not_known() -> None:
    """Spanish text quotes English (song titles, names): HER, CAR and SINGLE take their
    Spanish count from it; AS (an ace), RED (a net) and ONCE (eleven) are Spanish words of
    their own and stay known."""
    for word in ("her", "car", "single", "ceo"):
        assert lexicon.tier_of(word, "es") == "core"
        assert wordfreq.zipf_frequency(word, "en") > lexicon.zipf(word, "es")
    for word in ("as", "red", "once"):
        assert known(word, "es")


def test_the_gameword_pools_are_unchanged_by_the_judged_list() -> None:
    """No 6- or 7-letter word is judged: the familiar pools (and every figure measured on
    them) are the ones the design page measured."""
    assert not {w for w in lexicon.load("en").not_known if len(w) in (6, 7)}
    assert len(lexicon.words(6, "familiar")) == 3212
    assert len(lexicon.words(7, "familiar")) == 3518
