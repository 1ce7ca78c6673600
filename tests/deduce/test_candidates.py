"""Deduction from heard scores: filtering, widening, inconsistency, alphabets, prior."""

import numpy as np
import pytest

from solver.deduce import default_sheet, parse_sheet, score
from solver.deduce.candidates import (
    HistoryError,
    Turn,
    check_history,
    deduce,
    explain,
    marginal_alphabets,
    parse_history,
)
from solver.wordtools import lexicon

SIX = default_sheet(6)
NEPHEW_HISTORY = "SO 0, DEN 1250, EBB 1000, INN 250, BID 0, TURN 250, EARL 1000, NEWT 2250"
BALLET_HISTORY = "AN 250, CAR 1000, ACT 1250, TOE 1250, OLD 250, TOOT 1000, DULL 1250"


def test_parse_history() -> None:
    assert parse_history("SO 0, DEN 1250; ebb=1000\\nINN: 250".replace("\\n", "\n")) == [
        Turn("SO", 0),
        Turn("DEN", 1250),
        Turn("ebb", 1000),
        Turn("INN", 250),
    ]
    assert parse_history("  ") == []
    with pytest.raises(HistoryError, match="cannot read"):
        parse_history("SO zero")


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("SOS 0", "takes a 2-letter Guessword"),
        ("S1 0", "cannot read"),
        ("SÖ 0", "not English letters"),
        ("SO 100", "multiple of 250"),
        ("SO 1750", "impossible"),
        (", ".join(["SO 0"] * 12), "has 11 rows"),
    ],
)
def test_impossible_histories_are_errors(history: str, message: str) -> None:
    with pytest.raises(HistoryError, match=message):
        check_history(parse_history(history), SIX)


def test_non_words_are_allowed_with_a_warning() -> None:
    warnings = check_history(parse_history("XQ 0, DEN 1250"), SIX)
    assert warnings == ["XQ is not in the dictionary (allowed if accepted)"]


@pytest.mark.parametrize(
    ("history", "word"), [(NEPHEW_HISTORY, "nephew"), (BALLET_HISTORY, "ballet")]
)
def test_sample_game_histories_keep_the_gameword(history: str, word: str) -> None:
    deduction = deduce(parse_history(history), SIX)
    assert word in deduction.words and not deduction.widened
    assert deduction.probabilities.sum() == pytest.approx(1.0)
    assert all(
        score(c, t.guess, row.offset) == t.heard
        for c in deduction.words
        for t, row in zip(parse_history(history), SIX.rows, strict=False)
    )


def test_filter_uses_the_heard_number_not_a_decoded_pair() -> None:
    """1000 is one matching letter or four non-matching ones: both kinds must survive."""
    sheet = parse_sheet("4@0 6@0", "test")
    deduction = deduce([Turn("tale", 1000)], sheet)
    matching = {
        w for w in deduction.words if sum(a == b for a, b in zip(w, "tale", strict=False)) == 1
    }
    four_non_matching = set(deduction.words) - matching
    assert matching and four_non_matching
    assert all(set("tale") <= set(w) for w in four_non_matching)
    assert all(score(w, "tale") == 1000 for w in deduction.words)


def test_widens_to_every_word_when_no_familiar_word_fits() -> None:
    hidden = "sorrel"
    assert lexicon.tier_of(hidden) == "core"  # in the dictionary, not in the familiar tier
    history = [
        Turn(g, score(hidden, g, row.offset))
        for g, row in zip(["re", "sol", "orr", "rel"], SIX.rows, strict=False)
    ]
    deduction = deduce(history, SIX)
    assert deduction.widened and deduction.source == "all dictionary words"
    assert hidden in deduction.words


def test_inconsistent_history_names_the_fewest_wrong_scores() -> None:
    history = parse_history(NEPHEW_HISTORY.replace("EBB 1000", "EBB 1250"))
    assert not deduce(history, SIX).consistent
    wrong = explain(history, SIX)
    assert wrong.fewest == 1 and wrong.rows == (2,)
    assert score(wrong.word, "ebb", SIX.rows[2].offset) == wrong.corrected[0]


def test_marginal_alphabets() -> None:
    deduction = deduce(parse_history(NEPHEW_HISTORY), SIX)
    alphabets = marginal_alphabets(deduction)
    assert alphabets.columns[1].known == "e"
    assert "s" in alphabets.absent and "o" in alphabets.absent
    assert "e" in alphabets.present and "n" in alphabets.present
    assert all(len(c.possible) >= 1 for c in alphabets.columns)


def test_prior_familiar_favours_common_words_and_uniform_does_not() -> None:
    history = parse_history("SO 0, DEN 1250")
    familiar = deduce(history, SIX, prior="familiar")
    uniform = deduce(history, SIX, prior="uniform")
    assert set(familiar.words) == set(uniform.words)
    assert np.allclose(uniform.probabilities, 1 / len(uniform.words))
    top, bottom = familiar.words[0], familiar.words[-1]
    assert lexicon.zipf(top) >= lexicon.zipf(bottom)
    assert familiar.probabilities[0] > familiar.probabilities[-1]


def test_custom_pool_from_a_list(tmp_path) -> None:
    listing = tmp_path / "words.txt"
    listing.write_text("ballet\nwallet\nmallet\nnephew\n")
    pool = lexicon.pool(6, from_list=listing)
    deduction = deduce(parse_history("AN 250, CAR 1000"), SIX, pool)
    assert deduction.words and set(deduction.words) <= {"ballet", "wallet", "mallet"}
    assert deduction.source == "word list words.txt"


def test_an_unheard_row_says_nothing_and_keeps_the_rows_aligned() -> None:
    """A late Guessword (one-minute variation) is not scored: its row is skipped."""
    from solver.deduce.candidates import UNHEARD

    history = [Turn("an", 250), Turn("car", UNHEARD), Turn("act", 1250), Turn("toe", 1250)]
    with_gap = deduce(history, SIX)
    without = deduce([history[0], Turn("car", 1000), *history[2:]], SIX)
    assert "ballet" in with_gap.words and set(without.words) <= set(with_gap.words)
    rest = parse_history("OLD 250, TOOT 1000, DULL 1250, BALL 0")
    wrong = explain([*history, *rest], SIX)  # BALL 0 is the lie: row 8, not the unheard 2
    assert not deduce([*history, *rest], SIX).consistent
    assert wrong.fewest == 1 and wrong.rows == (7,) and wrong.corrected[0] > 0


def test_negative_scores_are_errors() -> None:
    with pytest.raises(HistoryError, match="cannot be negative"):
        check_history(parse_history("SO -250"), SIX)


def test_an_accent_typed_as_a_combining_mark_is_read_with_its_letter() -> None:
    from solver.deduce.candidates import typed_history
    from solver.deduce.typed import typed_word

    (turn,) = parse_history("cancio\u0301n 250")
    assert typed_history([turn], "es") == [Turn("cancion", 250)]
    assert typed_word(" CANCIÓN ", "the Gameword", "es") == "cancion"
    with pytest.raises(HistoryError, match=r"not English letters: é \(Spanish words: --lang es\)"):
        check_history([Turn("té", 0)], SIX)
