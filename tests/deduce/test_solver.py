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
    assert not document["consistent"] and document["recommended"] == []
    assert document["inconsistency"]["fewest_wrong_scores"] >= 1


def test_advice_when_the_round_is_over() -> None:
    history = [Turn(p.guess, p.score) for p in play_round("ballet", SIX).rows]
    advice = advise(history, SIX)
    assert advice.next_row is None and advice.choices == ()
    assert advice.deduction.words == ("ballet",)


SIX = default_sheet(6)


@pytest.mark.parametrize("history", ["SO 0, DEN 1250", "SO 0, DEN 1250, EBB 1000", ""])
def test_advice_comes_from_the_chosen_vocabulary(history: str) -> None:
    """Advised Guesswords are words a person accepts: by default a common dictionary
    (``core``); ``all`` may name play-list words like ANE (issue: ERNE, NEPER, EPHAH...)."""
    turns = parse_history(history)
    for vocabulary in ("familiar", "core", "all"):
        advice = advise(turns, SIX, top=5, vocabulary=vocabulary)
        assert advice.vocabulary == vocabulary and advice.choices
        for choice in advice.choices:
            assert choice.guess in lexicon.words(len(choice.guess), vocabulary)
    assert advise(turns, SIX, top=5).vocabulary == "core"


def test_the_vocabulary_changes_the_advice() -> None:
    """ANE is among the five best with every word allowed, and not from the common dictionary."""
    turns = parse_history("SO 0, DEN 1250")
    everything = [c.guess for c in advise(turns, SIX, top=5, vocabulary="all").choices]
    common = [c.guess for c in advise(turns, SIX, top=5).choices]
    assert "ane" in everything and "ane" not in common


def test_the_last_row_may_name_any_word() -> None:
    """The hidden word may lie outside the vocabulary: the last row searches every word."""
    from solver.deduce.strategies import vocabulary_tier

    assert vocabulary_tier(SIX, len(SIX.rows) - 1, "familiar") == "all"
    assert vocabulary_tier(SIX, 0, "familiar") == "familiar"


def test_an_unknown_vocabulary_is_a_user_error() -> None:
    with pytest.raises(UserError, match="unknown vocabulary 'easy'"):
        advise([], SIX, vocabulary="easy")


@pytest.mark.parametrize(("difficulty", "vocabulary"), [("easy", "easy"), ("medium", "core")])
def test_bots_guess_common_words(difficulty: str, vocabulary: str) -> None:
    """Easy and medium bots guess from common words on every row before the last (the hard
    bot may use the whole play list)."""
    import random

    from solver.deduce.bots import bot_guess, level

    history: list[Turn] = []
    for index, row in enumerate(SIX.rows[:-1]):
        guess = bot_guess(level(difficulty), history, SIX, random.Random(index))
        assert guess in lexicon.words(row.length, vocabulary), guess
        history.append(Turn(guess, score("ballet", guess, row.offset, False)))
