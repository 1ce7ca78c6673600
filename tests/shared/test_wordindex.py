"""The word index (``solver.wordtools.wordindex``): a word's tier and frequency from a SQLite file,
the same answers the lists give, in both languages, and the lists again when no index can
be kept."""

import random

import pytest

from solver.wordtools import lexicon, wordindex


def from_the_lists(word: str, lang: str) -> tuple[str | None, float]:
    """What the lists and wordfreq's buckets say, as before the index: a word of the lists
    has the frequency of its own spellings (``zipf_table``), any other word that of its
    most frequent spelling (LONDON, MADRID)."""
    lex = lexicon.load(lang)
    if word in lex.play:
        table = lexicon.zipf_table(lang)
        return lexicon.tier_from(word, lex, table), table.get(word, 0.0)
    tier = None
    for index, bucket in enumerate(lexicon._frequency_buckets(lang)):
        if word in bucket:
            return tier, lexicon._bucket_zipf(index)
    return tier, 0.0


@pytest.mark.parametrize(
    "lang",
    ["en", pytest.param("es", marks=pytest.mark.heavy)],  # Spanish: seconds, heavy
)
def test_the_index_answers_as_the_lists_do(lang: str) -> None:
    play = sorted(lexicon.load(lang).play)
    words = random.Random(7).sample(play, 500)
    words += ["london", "madrid", "xyzzy", "table", "mesa", "erne", "furlong", "sorrel"]
    for word in words:
        assert lexicon.indexed_facts(word, lang) == from_the_lists(word, lang), word


def test_without_a_cache_the_lists_answer(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")  # no folder can be made under a file
    monkeypatch.setenv("MYWORD_CACHE_DIR", str(blocker))
    wordindex._connection.cache_clear()
    try:
        assert lexicon.indexed_facts("table", "en") is None
        assert lexicon.tier_of("table") == "easy" and lexicon.tier_of("erne") == "all"
        assert lexicon.zipf("table") == pytest.approx(5.05)
    finally:
        wordindex._connection.cache_clear()


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
def test_a_damaged_index_is_not_trusted(tmp_path, monkeypatch, capsys) -> None:
    """Its checksum fails: said in one line, built again at once, and kept for the next."""
    monkeypatch.setenv("MYWORD_CACHE_DIR", str(tmp_path))
    wordindex._connection.cache_clear()
    try:
        assert lexicon.indexed_facts("table", "en") == ("easy", 5.05)
        (index,) = (tmp_path / "tables").glob("words-en-*/words.sqlite")
        wordindex._connection.cache_clear()
        index.write_bytes(b"not a database")
        assert lexicon.indexed_facts("table", "en") == ("easy", 5.05)
        said = capsys.readouterr().err.splitlines()
        assert said == [
            "myword: the word index words-en was damaged (words.sqlite is 14 bytes, not "
            f"{index.stat().st_size}); building it again"
        ]
        wordindex._connection.cache_clear()
        assert lexicon.indexed_facts("table", "en") == ("easy", 5.05)
        assert capsys.readouterr().err == ""  # healthy for the next process
    finally:
        wordindex._connection.cache_clear()


def test_a_check_that_may_not_build_the_index_reads_the_lists(tmp_path, monkeypatch) -> None:
    """The demo checks seven words without building the index (2 s in a fresh install);
    it answers as the index does, and uses the index once one is built."""
    from solver.wordtools.wordcheck import check_word

    monkeypatch.setenv("MYWORD_CACHE_DIR", str(tmp_path))
    wordindex._connection.cache_clear()
    try:
        words = ["tables", "London", "etc", "cwm", "erne", "xyzzy", ""]
        without = [check_word(word, build_index=False) for word in words]
        assert not list(tmp_path.glob("tables/words-en-*/words.sqlite"))  # none was built
        assert lexicon.indexed_facts("table", "en", build=False) is None
        with_index = [check_word(word) for word in words]
        assert list(tmp_path.glob("tables/words-en-*/words.sqlite"))
        assert without == with_index
        assert lexicon.indexed_facts("table", "en", build=False) == ("easy", 5.05)  # built: used
    finally:
        wordindex._connection.cache_clear()
