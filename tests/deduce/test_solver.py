"""Strategies, whole rounds, the oracle and the advisor, as a user relies on them."""

import numpy as np
import pytest

from solver import lexicon
from solver.deduce import default_sheet, score
from solver.deduce.advisor import advise
from solver.deduce.candidates import Deduction, Turn, deduce, parse_history
from solver.deduce.game import oracle, play_round
from solver.deduce.strategies import STRATEGIES, choose
from solver.errors import UserError

SIX, SEVEN = default_sheet(6), default_sheet(7)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_whole_round_fills_every_row_and_wins_the_bonus(strategy: str) -> None:
    result = play_round("ballet", SIX, strategy)
    assert len(result.rows) == 11 and result.bonus
    for index, played in enumerate(result.rows):
        assert played.score == score("ballet", played.guess, played.row.offset, SIX.is_last(index))
        assert len(played.guess) == played.row.length and lexicon.is_word(played.guess)
    assert result.total == sum(p.score for p in result.rows)
    assert result.rows_to_one is not None and result.rows_to_one <= 10


def test_same_inputs_same_round() -> None:
    first, second = play_round("nephew", SIX), play_round("nephew", SIX)
    assert [p.guess for p in first.rows] == [p.guess for p in second.rows]


def test_seven_letter_round() -> None:
    result = play_round("kitchen", SEVEN)
    assert result.bonus and result.rows[-1].score == 10000


def test_oracle_is_the_best_word_for_each_row() -> None:
    """Checked against the rules, word by word, in plain Python."""
    expected = 0
    for index, row in enumerate(SIX.rows):
        if SIX.is_last(index):
            expected += 9000
            continue
        expected += max(score("ballet", w, row.offset) for w in lexicon.words(row.length))
    assert oracle("ballet", SIX) == expected


def test_last_row_names_the_single_candidate() -> None:
    history = "SO 0, DEN 1250, EBB 1000, INN 250, BID 0, TURN 250, EARL 1000, NEWT 2250"
    deduction = deduce(parse_history(history + ", NEWEL 2500, ENDOW 2250"), SIX)
    assert deduction.words == ("nephew",)
    assert choose(deduction, SIX, 10)[0].guess == "nephew"


def test_last_row_prefers_the_most_probable_of_two() -> None:
    words = ("ballet", "mallet")
    for probabilities, named in (([0.7, 0.3], "ballet"), ([0.2, 0.8], "mallet")):
        weights = np.array(probabilities)
        pair = Deduction(words, weights, weights, lexicon.encode(words), "test", False, 2)
        assert choose(pair, SIX, 10)[0].guess == named


def test_points_and_entropy_rank_by_their_measure() -> None:
    deduction = deduce([], SIX)
    by_points = choose(deduction, SIX, 0, "points", top=10)
    assert [c.expected_points for c in by_points] == sorted(
        (c.expected_points for c in by_points), reverse=True
    )
    by_bits = choose(deduction, SIX, 0, "entropy", top=10)
    assert [round(c.expected_bits, 9) for c in by_bits] == sorted(
        (round(c.expected_bits, 9) for c in by_bits), reverse=True
    )


def test_anytime_mode_returns_a_guess_within_a_tiny_budget() -> None:
    deduction = deduce([], SEVEN)
    choices = choose(deduction, SEVEN, 0, "lookahead", top=3, seconds=0.001)
    assert choices and len(choices[0].guess) == 3


def test_unknown_strategy_is_a_user_error() -> None:
    with pytest.raises(UserError, match="unknown strategy"):
        choose(deduce([], SIX), SIX, 0, "magic")


def test_advice_for_the_sample_game() -> None:
    advice = advise(parse_history("SO 0, DEN 1250, EBB 1000"), SIX, top=3)
    document = advice.to_json(3)
    assert document["next_row"] == {
        "number": 4,
        "length": 3,
        "offset": 2,
        "columns": [3, 4, 5],
        "last": False,
    }
    assert document["consistent"] and document["candidates"] == len(advice.deduction.words)
    assert len(document["recommended"]) == 3 and len(document["most_probable"]) == 3
    assert document["alphabets"]["columns"][1]["known"] == "e"


def test_advice_on_an_inconsistent_history() -> None:
    advice = advise(
        parse_history("SO 0, DEN 1250, EBB 1250, INN 250, BID 0, TURN 250, EARL 1000"), SIX
    )
    document = advice.to_json(5)
    assert not document["consistent"]
    wrong = document["inconsistency"]
    assert wrong["fewest_wrong_scores"] == 1 and wrong["rows"] == [3]  # EBB: NEPHEW gives 1000
    # The game goes on while the opponent rechecks: advice on the likeliest fix, said so.
    assert wrong["advice_assumes_the_fix"] and document["recommended"]
    fixed = advise(
        parse_history("SO 0, DEN 1250, EBB 1000, INN 250, BID 0, TURN 250, EARL 1000"), SIX
    )
    assert [c.guess for c in advice.choices] == [c.guess for c in fixed.choices]


def test_every_equally_small_fix_is_named() -> None:
    """Two rows could each be the wrong one: both are named, the likelier first (found by a
    newcomer: only one was, and the advice stopped)."""
    history = []
    for row, guess in zip(SIX.rows, ["so", "den", "ebb", "inn", "bid", "turn"], strict=False):
        history.append(Turn(guess, score("nephew", guess, row.offset, False)))
    history[1] = Turn("den", history[1].heard + 250)
    wrong = advise(history, SIX).inconsistency
    assert wrong is not None and wrong.fewest == 1
    named = [wrong.rows, *(fix.rows for fix in wrong.others)]
    assert (1,) in named


def test_a_wrong_score_is_suspected_before_a_rare_word() -> None:
    """No familiar word fits: the warning says a score heard may be wrong, naming the rows
    that would let a familiar word fit (the wrong one among them), before the advice turns
    to rare words (found by a newcomer: it only said it searched every word)."""
    history = []
    for row, guess in zip(SIX.rows, ["so", "den", "ebb"], strict=False):
        history.append(Turn(guess, score("ballet", guess, row.offset, False)))
    history[1] = Turn("den", history[1].heard - 250)  # DEN scores 250 against BALLET
    advice = advise(history, SIX)
    assert advice.deduction.widened and advice.inconsistency is None
    (warning,) = [w for w in advice.warnings if "no word of the familiar tier" in w]
    assert "a score heard is wrong: row" in warning and "row 2 (DEN, heard 0)" in warning
