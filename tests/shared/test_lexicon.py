"""solver.wordtools.lexicon: words, tiers, Zipf, letter codes, pools, as the games use them."""

from pathlib import Path

import numpy as np
import pytest
import wordfreq
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.runtime.errors import LexiconError, UserError
from solver.wordtools import lexicon

PAGE = Path(__file__).resolve().parents[2] / "solver" / "words" / "samples" / "page.txt"


def test_is_word_ignores_case_and_spaces() -> None:
    assert lexicon.is_word("Tables")
    assert lexicon.is_word(" nephew ")
    assert not lexicon.is_word("london")
    assert not lexicon.is_word("don't")
    assert not lexicon.is_word("")


def test_spanish_accents_fold_and_enye_stays() -> None:
    assert lexicon.is_word("canción", "es")
    assert lexicon.is_word("CANCION", "es")
    assert lexicon.is_word("año", "es")
    assert lexicon.language("es").normalize("Ñandú") == "ñandu"
    assert lexicon.encode(["año"], "es").tolist() != lexicon.encode(["ano"], "es").tolist()


def test_load_happens_once() -> None:
    assert lexicon.load("en") is lexicon.load("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_frequencies_are_the_files_and_lists_wordfreq_names(lang: str) -> None:
    """The tables' key names the file wordfreq's public API reads (found without importing
    wordfreq, for start-up), and the buckets are its ``get_frequency_list``."""
    assert lexicon._wordfreq_data(lang) == Path(wordfreq.available_languages("best")[lang])
    assert list(lexicon._written_buckets(lang)) == wordfreq.get_frequency_list(lang)
    wordfreq.get_frequency_list.cache_clear()  # wordfreq's own cache: not kept by the suite


def test_zipf_matches_wordfreq_across_the_play_list() -> None:
    sample = [*sorted(lexicon.load("en").play)[::20], "table", "armada", "zyzzyva", "the"]
    table = lexicon.zipf_table("en")
    mismatches = [w for w in sample if table.get(w, 0.0) != wordfreq.zipf_frequency(w, "en")]
    assert mismatches == []
    assert [lexicon.zipf(w) for w in sample[::50]] == [table.get(w, 0.0) for w in sample[::50]]


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
def test_a_spanish_word_has_the_frequency_of_its_own_spellings() -> None:
    """A folded word's Zipf is the highest of the spellings our list holds that fold to it
    (sólo and solo), never another spelling's (issue 24: londrés took Londres's 4.76)."""
    spec = lexicon.language("es")
    spellings: dict[str, list[str]] = {}
    for word in (lexicon.dictionaries_dir() / "es" / "play.txt").read_text("utf-8").split():
        spellings.setdefault(spec.fold(word), []).append(word)
    sample = [*sorted(lexicon.load("es").core)[::20], "londres", "paul", "solo", "cancion"]
    assert len(sample) > 4000
    table = lexicon.zipf_table("es")
    own = {w: max(wordfreq.zipf_frequency(s, "es") for s in spellings[w]) for w in sample}
    assert [w for w in sample if table.get(w, 0.0) != own[w]] == []
    assert [lexicon.zipf(w, "es") for w in sample[::100]] == [own[w] for w in sample[::100]]


def test_zipf_of_a_folded_spanish_word_is_its_accented_spelling() -> None:
    assert lexicon.zipf("cancion", "es") == wordfreq.zipf_frequency("canción", "es")


def test_londres_has_the_frequency_of_londres_not_of_london() -> None:
    """The list holds the rare lemma londrés; Londres, the city, folds to the same letters."""
    assert wordfreq.zipf_frequency("londres", "es") > 4.5
    assert lexicon.zipf("londrés", "es") == lexicon.zipf("LONDRES", "es") == 1.66
    assert lexicon.tier_of("londres", "es") == "core"


ISSUE_24_WORDS = ["londres", "paul", "alan", "carter", "marion", "super", "oil", "police"]


@pytest.mark.parametrize(
    "word", [*ISSUE_24_WORDS, "robin", "colin", "dean", "jordan", "anton", "rene", "cia"]
)
def test_names_and_foreign_words_are_in_no_familiar_spanish_tier(word: str) -> None:
    assert lexicon.is_word(word, "es")  # a Spanish word all the same (paúl, súper, oíl)
    assert lexicon.tier_of(word, "es") in ("core", "all")
    assert word not in lexicon.words(len(word), "familiar", "es")


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_misread_words_are_those_another_spelling_outnumbers() -> None:
    """PAUL is read as Paul (4.58) before paúl (3.01), SUPER as super before súper."""
    misread = lexicon.misread("es")
    assert {"paul", "super", "jordan", "cia", "rene"} <= misread
    assert not {"cancion", "solo", "mas", "esta", "leon", "rosa"} & misread
    table = lexicon.zipf_table("es")
    assert len({w for w in misread if table.get(w, 0.0) >= lexicon.FAMILIAR_ZIPF}) < 20
    assert lexicon.misread("en") == frozenset()  # English spellings do not fold
    assert lexicon.tier_of("super", "es") == "core"
    assert lexicon.zipf("super", "es") == wordfreq.zipf_frequency("súper", "es")


@pytest.mark.parametrize(
    "word", ["españa", "carlos", "david", "maría", "santiago", "post", "boy", "zara"]
)
def test_proper_names_and_foreign_words_stay_playable_but_are_never_core(word: str) -> None:
    """dictionaries/build.py leaves them out of es/core.txt (docs/words.md)."""
    assert lexicon.is_word(word, "es")
    assert lexicon.tier_of(word, "es") == "all"


@pytest.mark.parametrize("length", [4, 6, 7])
def test_tiers_nest(length: int) -> None:
    easy = set(lexicon.words(length, "easy"))
    familiar = set(lexicon.words(length, "familiar"))
    everything = set(lexicon.words(length, "all"))
    assert easy < familiar < everything
    assert all(len(w) == length for w in everything)


def test_familiar_sizes_match_the_design_page() -> None:
    # dictionaries.md measured about 3,200 / 3,500 familiar and 1,900 / 2,000 easy words.
    assert 3000 <= len(lexicon.words(6, "familiar")) <= 3400
    assert 3300 <= len(lexicon.words(7, "familiar")) <= 3700
    assert 1800 <= len(lexicon.words(6, "easy")) <= 2000
    assert 1900 <= len(lexicon.words(7, "easy")) <= 2100


def test_tier_of() -> None:
    assert lexicon.tier_of("table") == "easy"
    assert lexicon.tier_of("armada") == "familiar"
    assert lexicon.tier_of("furlong") == "core"  # in the common dictionary, not familiar
    assert lexicon.tier_of("erne") == "all"  # only in the play list
    assert lexicon.tier_of("london") is None


def test_words_are_sorted_tuples() -> None:
    six = lexicon.words(6, "familiar")
    assert isinstance(six, tuple) and list(six) == sorted(six)
    assert lexicon.words(40) == ()


def test_length_counts_agree_with_words() -> None:
    counts = lexicon.length_counts("en")
    for tier in lexicon.TIERS:
        for length in (2, 5, 6, 7):
            assert counts[tier][length] == len(lexicon.words(length, tier))
    assert sum(counts["core"].values()) == len(lexicon.load("en").core)


def test_codes_are_small_integer_arrays_for_kernels() -> None:
    codes = lexicon.word_codes(6, "familiar")
    assert codes.dtype == np.uint8
    assert codes.shape == (len(lexicon.words(6, "familiar")), 6)
    assert codes.flags.c_contiguous and not codes.flags.writeable
    assert codes.max() < 26
    assert lexicon.decode(codes) == list(lexicon.words(6, "familiar"))


def test_encode_letters_in_alphabet_order() -> None:
    assert lexicon.encode(["abz"]).tolist() == [[0, 1, 25]]
    assert lexicon.encode(["ñandú"], "es").tolist() == [[26, 0, 13, 3, 20]]
    assert lexicon.decode(lexicon.encode(["ñandú"], "es"), "es") == ["ñandu"]
    assert lexicon.encode([]).shape == (0, 0)


def test_encode_rejects_mixed_lengths_and_foreign_letters() -> None:
    with pytest.raises(LexiconError, match="same length"):
        lexicon.encode(["cat", "horse"])
    with pytest.raises(LexiconError, match="not letters of English"):
        lexicon.encode(["niño"])


def test_codes_feed_a_numba_kernel() -> None:
    from numba import njit

    @njit
    def letter_histogram(codes: np.ndarray) -> np.ndarray:
        counts = np.zeros(26, dtype=np.int64)
        for i in range(codes.shape[0]):
            for j in range(codes.shape[1]):
                counts[codes[i, j]] += 1
        return counts

    codes = lexicon.word_codes(5, "easy")
    expected = np.bincount(codes.ravel(), minlength=26)
    assert (letter_histogram(codes) == expected).all()


def test_pool_defaults_to_the_familiar_tier() -> None:
    found = lexicon.pool(6)
    assert found.tier == "familiar"
    assert found.words == lexicon.words(6, "familiar")


def test_pool_from_a_page_of_text() -> None:
    found = lexicon.pool(6, from_text=PAGE)
    assert found.tier == "all" and found.source == "text page.txt"
    assert {"market", "summer", "stalls", "bakers", "willow"} <= set(found.words)
    assert all(lexicon.is_word(w) and len(w) == 6 for w in found.words)
    sevens = lexicon.pool(7, from_text=PAGE)
    assert "harbour" in sevens.rejected  # British spelling: the lists are American
    assert "cheeses" in sevens.words


def test_text_tokens_keep_apostrophes_and_hyphens_whole() -> None:
    assert lexicon.text_tokens("o\u2019clock, well-known bakers' tables") == [
        "o\u2019clock",
        "well-known",
        "bakers",
        "tables",
    ]


def test_pool_from_text_keeps_a_tier_when_asked() -> None:
    found = lexicon.pool(6, "easy", from_text=PAGE)
    assert set(found.words) <= set(lexicon.words(6, "easy"))


def test_pool_from_a_word_list(tmp_path: Path) -> None:
    listing = tmp_path / "mine.txt"
    listing.write_text("# my Gamewords\nBallet\nnephew  # the sample game\nxqzzyv\nwallet\n")
    found = lexicon.pool(6, from_list=listing)
    assert found.words == ("ballet", "nephew", "wallet")
    assert found.rejected == ("xqzzyv",)


def test_pool_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="no such file"):
        lexicon.pool(6, from_text=tmp_path / "missing.txt")
    with pytest.raises(LexiconError, match="is a folder"):
        lexicon.pool(6, from_text=tmp_path)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00abc")
    with pytest.raises(LexiconError, match="not UTF-8"):
        lexicon.pool(6, from_list=binary)
    empty = tmp_path / "empty.txt"
    empty.write_text("cat dog\n")
    with pytest.raises(LexiconError, match="pool is empty"):
        lexicon.pool(6, from_text=empty)
    with pytest.raises(LexiconError, match="not both"):
        lexicon.pool(6, from_text=empty, from_list=empty)
    with pytest.raises(LexiconError, match="pool is empty"):
        lexicon.pool(40)


def test_unknown_language_and_tier_are_user_errors() -> None:
    with pytest.raises(UserError, match="unknown language 'xx'"):
        lexicon.load("xx")
    with pytest.raises(UserError, match="unknown tier 'rare'"):
        lexicon.words(6, "rare")
    with pytest.raises(UserError, match="at least 1"):
        lexicon.words(0)


def test_missing_dictionaries_folder_is_a_clear_error(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MYWORD_DICTIONARIES", str(tmp_path / "nowhere"))
    with pytest.raises(LexiconError, match="word lists not found"):
        lexicon.dictionaries_dir()


@settings(max_examples=300, deadline=None)
@given(
    lang=st.sampled_from(["en", "es"]),
    letters=st.lists(st.integers(0, 26), min_size=1, max_size=12),
    count=st.integers(1, 5),
)
def test_encode_and_decode_are_inverse(lang: str, letters: list[int], count: int) -> None:
    alphabet = lexicon.language(lang).alphabet
    word = "".join(alphabet[i % len(alphabet)] for i in letters)
    codes = lexicon.encode([word] * count, lang)
    assert codes.shape == (count, len(word))
    assert lexicon.decode(codes, lang) == [word] * count


@given(st.text(alphabet="aáeéiíoóuúüñnAÁÑ \t", max_size=12))
def test_spanish_normalize_is_idempotent_and_keeps_enye(text: str) -> None:
    spanish = lexicon.language("es")
    once = spanish.normalize(text)
    assert spanish.normalize(once) == once
    assert once.count("ñ") == text.lower().count("ñ")
    assert not set(once) & set("áéíóúü")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_stored_codes_are_the_words_encoded(lang: str) -> None:
    """``word_codes`` reads the codes the stored table was built with: the same array
    ``encode`` makes, read-only, for every tier and length."""
    for tier in lexicon.TIERS:
        for length in range(1, 16):
            found = lexicon.words(length, tier, lang)
            if not found:
                continue
            codes = lexicon.word_codes(length, tier, lang)
            assert np.array_equal(codes, lexicon.encode(found, lang)), (tier, length)
            assert codes.dtype == np.uint8 and codes.flags.c_contiguous
            assert not codes.flags.writeable


@pytest.fixture
def fresh_lexicon_caches():
    """Per-process caches emptied before and after: the test's tables are its own."""
    from solver.runtime import tables

    def clear() -> None:
        for cached in (lexicon._tier_table, lexicon.words, lexicon.word_codes, tables._folder):
            cached.cache_clear()
        lexicon._zipf_by_word.cache_clear()

    clear()
    yield
    clear()


def test_with_nothing_writable_the_tables_are_built_in_memory(
    tmp_path: Path, monkeypatch, fresh_lexicon_caches
) -> None:
    expected = lexicon.words(6, "familiar"), lexicon.word_codes(6, "familiar").copy()
    lexicon._tier_table.cache_clear()
    lexicon.words.cache_clear()
    lexicon.word_codes.cache_clear()
    blocker = tmp_path / "file"
    blocker.write_text("")  # no folder can be made under a file, even by root
    monkeypatch.setenv("MYWORD_CACHE_DIR", str(blocker))
    assert lexicon.words(6, "familiar") == expected[0]
    assert np.array_equal(lexicon.word_codes(6, "familiar"), expected[1])
    assert lexicon.is_word("ballet") and lexicon.zipf_of(["table"])[0] == 5.05
    assert not any(blocker.parent.glob("**/lexicon-*"))
