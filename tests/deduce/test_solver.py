"""Strategies, whole rounds, the oracle and the advisor, as a user relies on them."""

import numpy as np
import pytest

from solver.deduce import default_sheet, score
from solver.deduce.advisor import advise
from solver.deduce.candidates import Deduction, Turn, deduce, parse_history
from solver.deduce.game import oracle, play_round
from solver.deduce.strategies import STRATEGIES, choose
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

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


# --- Inconsistent histories: which fix, and warnings true to what was heard (issue 24) ---


def played(hidden: str, guesses: str, wrong_row: int, heard: int) -> list[Turn]:
    """The rows of ``guesses`` scored against ``hidden`` by the rules, but row
    ``wrong_row`` (1 first) heard as ``heard``: a person's slip."""
    sheet = default_sheet(len(hidden))
    history = [
        Turn(guess, score(hidden, guess, row.offset, sheet.is_last(index)))
        for index, (guess, row) in enumerate(zip(guesses.split(), sheet.rows, strict=False))
    ]
    assert history[wrong_row - 1].heard != heard
    history[wrong_row - 1] = Turn(history[wrong_row - 1].guess, heard)
    return history


def fits_but(word: str, history: list[Turn], sheet, changed: tuple[int, ...]) -> bool:
    """Whether ``word`` gives every heard score except on the rows ``changed`` (0-based)."""
    return all(
        (score(word, t.guess, sheet.rows[r].offset, sheet.is_last(r)) == t.heard) != (r in changed)
        for r, t in enumerate(history)
    )


def check_every_fix_is_true(advice, history: list[Turn]) -> None:
    """Each fix named changes exactly its rows: its word gives every other heard score and
    would score what it says on its rows; "heard" is what was heard."""
    wrong = advice.inconsistency
    assert advice.history == tuple(history)
    for fix in [wrong, *wrong.others]:
        assert len(fix.rows) == wrong.fewest
        assert fits_but(fix.word, history, advice.sheet, fix.rows)
        for r, right in zip(fix.rows, fix.corrected, strict=True):
            row = advice.sheet.rows[r]
            assert score(fix.word, history[r].guess, row.offset, advice.sheet.is_last(r)) == right


SLIPS = [
    # hidden word, guesses, the row heard wrong (1 first) and what was heard
    ("alarms", "by key kor pox wiz duet dado", 3, 1250),  # was fixed with GRAHAM, not familiar
    ("joyful", "or war haw yep opt apse sech blew", 1, 1000),  # with OILING, not familiar
    ("brands", "um dos tic wet sap lite ziti jail uncut phots brands", 10, 1250),  # 9,000 "wrong"
]


@pytest.mark.parametrize(("hidden", "guesses", "wrong_row", "heard"), SLIPS)
def test_the_likeliest_fix_keeps_the_hidden_word(hidden, guesses, wrong_row, heard) -> None:
    """A familiar word needing as few changes as any is preferred to words outside the pool,
    and the bonus heard on the last row (only the exact word earns it) is kept."""
    history = played(hidden, guesses, wrong_row, heard)
    advice = advise(history, SIX)
    wrong = advice.inconsistency
    assert wrong is not None and wrong.fewest == 1
    assert wrong.rows == (wrong_row - 1,) and wrong.word == hidden
    assert hidden in advice.deduction.words and advice.deduction.source == "familiar tier"
    check_every_fix_is_true(advice, history)


def test_fixes_with_familiar_words_come_first() -> None:
    """CHAPEL, row 1 heard 1,250 (ER scores 250): several single rows could be the wrong
    one; the ones a familiar word fits come before any only rarer words fit (HARPER, not
    familiar, was named first)."""
    history = played("chapel", "er aby non sow dey muzz gust peso", 1, 1250)
    advice = advise(history, SIX)
    wrong = advice.inconsistency
    familiar = set(lexicon.pool(6).words)
    named = [wrong, *wrong.others]
    in_pool = [fix.word in familiar for fix in named]
    assert in_pool[0] and in_pool == sorted(in_pool, reverse=True)
    assert any(fix.rows == (0,) and fix.word == "chapel" for fix in named)
    check_every_fix_is_true(advice, history)


def test_the_pool_given_is_the_one_preferred() -> None:
    history = played("joyful", "or war haw yep opt apse sech blew", 1, 1000)
    rare = lexicon.Pool(("oiling",), 6, "en", "all", "word list test")
    from solver.deduce.candidates import explain

    assert explain(history, SIX, pool=rare).word == "oiling"
    assert explain(history, SIX).word == "joyful"


def test_warnings_describe_the_history_as_heard_once_each() -> None:
    """The warnings were computed on the history after the assumed fix: a non-word warned
    of twice, and a rare-word warning naming one change where two were made, with the
    corrected score shown as heard."""
    history = played("joyful", "or war haw yep opt apse sech blew", 1, 1000)
    history[5] = Turn("epsa", history[5].heard)  # a non-word the opponent accepted
    advice = advise(history, SIX)
    assert advice.warnings == ("EPSA is not in the dictionary (allowed if accepted)",)
    assert advice.inconsistency.rows == (0,)
    document = advice.to_json(5)
    assert document["history"][0] == {"guess": "or", "heard": 1000}
    assert document["inconsistency"]["would_have_scored"] == [250]


def test_the_rare_word_warning_is_true_to_what_was_heard() -> None:
    """No familiar word fits, a rare one does: each "would score" names one row, the score
    heard there and the score the named familiar word gives, and that word gives every
    other score heard."""
    import re

    history = [
        Turn(guess, score("ballet", guess, row.offset, False))
        for guess, row in zip(["so", "den", "ebb"], SIX.rows, strict=False)
    ]
    history[1] = Turn("den", history[1].heard - 250)
    advice = advise(history, SIX)
    (warning,) = [w for w in advice.warnings if "would score" in w]
    said = r"row (\d+) \((\w+), heard ([\d,]+)\) would score ([\d,]+) if their word were (\w+)"
    found = re.findall(said, warning)
    assert found
    for number, guess, heard, right, word in found:
        r = int(number) - 1
        assert guess.lower() == history[r].guess and int(heard.replace(",", "")) == history[r].heard
        row = SIX.rows[r]
        assert score(word.lower(), history[r].guess, row.offset) == int(right.replace(",", ""))
        assert fits_but(word.lower(), history, SIX, (r,))


def test_the_assistants_warning_names_the_row_the_heard_and_the_right_score() -> None:
    from solver.deduce.ui.assist_words import advice_warnings

    history = played("joyful", "or war haw yep opt apse sech blew", 1, 1000)
    (warning,) = advice_warnings(advise(history, SIX))
    assert "Most likely row 1 (OR: heard 1,000, it would score 250 if their word were JOYFUL)" in (
        warning
    )
