"""The assistant for a game against a person (``myword deduce assist``): entries, scoring
with marks, the 2000-point rule both ways, totals and bonus, saves, undo, line mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import assist, default_sheet, live_advice, marking, score
from solver.deduce.assist import Assistant, Refused, Settings

SIX = default_sheet(6)
# The rulebook's sample game: Purple hides BALLET, Red NEPHEW (row 8 of Red's sheet is not
# printed; BABY scores the 2000 it shows).
PURPLE = ["so 0", "den 1250", "ebb 1000", "inn 250", "bid 0", "turn 250", "earl 1000",
          "newt 2250", "newel 2500", "endow 2250", "nephew 9000"]  # fmt: skip
RED = ["an", "car", "act", "toe", "old", "toot", "dull", "baby", "palls", "alter", "wallet"]
RED_SCORES = [250, 1000, 1250, 1250, 250, 1000, 1250, 2000, 3000, 3250, 5000]


def new(path: Path | None = None, **settings) -> Assistant:
    return Assistant(assist.new_game(Settings(rounds=1, **settings)), path)


def sample_round(assistant: Assistant) -> list[str]:
    """The sample game entered turn by turn, Purple (you) first; every note said."""
    notes = assistant.enter("ballet")
    for mine, theirs in zip(PURPLE, RED, strict=True):
        notes += assistant.enter(mine)
        notes += assistant.enter(theirs)
    return notes


def test_their_guesswords_are_scored_and_marked_as_the_rules_say() -> None:
    assistant = new()
    assistant.enter("ballet")
    for index, (guess, expected) in enumerate(zip(RED, RED_SCORES, strict=True)):
        assistant.enter(f"me {PURPLE[index]}")
        (note, *_) = assistant.enter(f"they {guess}")
        row = SIX.rows[index]
        right = score("ballet", guess, row.offset, SIX.is_last(index))
        assert right == expected and f"Announce {right:,}" in note
        marks = marking("ballet", guess, row.offset)
        assert assist.SYMBOLS[marks[0]].format(guess[0].upper()) in note
        assert assistant.round["theirs"][-1] == {"guess": guess, "score": right, "said": right}


def test_the_sample_game_adds_up_with_the_bonus() -> None:
    assistant = new()
    notes = sample_round(assistant)
    assert "You named their word: 3,000 bonus in it." in notes
    result = assist.totals(assistant.game)["rounds"][0]
    assert (result["you"], result["they"]) == (19750, 19500)
    assert result["you_bonus"] and not result["they_bonus"]
    assert assistant.waiting().kind == "round over"
    assert assistant.enter("reveal nephew") == [
        "Their word NEPHEW: every score you heard was right."
    ]
    assistant.enter("end")
    assert assistant.finished and "You win!" in assistant.verdict()


def test_turns_follow_the_colours_loosely() -> None:
    """Purple first in round 1, Red first in round 2; entries out of turn are taken."""
    assistant = Assistant(assist.new_game(Settings(rounds=2, you="red")))
    assistant.enter("ballet")
    assert assistant.turn() == "they"
    assistant.enter("an")  # a bare word on their turn is theirs
    assert assistant.turn() == "you"
    assistant.enter("so")  # on yours it is yours, the score asked next
    assert assistant.waiting().kind == "score"
    assistant.enter("0")
    assistant.enter("me den 1250")  # out of turn: taken
    assert len(assistant.round["mine"]) == 2 and assistant.turn() == "they"


def test_the_first_impossible_score_is_warned_at_once_naming_the_row() -> None:
    """NEPHEW's sample scores with row 3 heard wrong (EBB 250, not 1000): no warning
    while a word fits, a warning naming the scores at the first entry that leaves none."""
    assistant = new()
    advisor = live_advice.Advisor(assistant.settings)
    assistant.enter("ballet")
    heard = [*PURPLE[:2], "ebb 250", *PURPLE[3:]]
    first_warned = None
    for index, entry in enumerate(heard):
        assistant.enter(entry)
        advice = advisor.advise(6, assistant.history())
        warnings = live_advice.advice_warnings(advice)
        if advice.inconsistency is None:
            assert not warnings
            continue
        first_warned = index
        (warning,) = warnings
        wrong = advice.inconsistency
        assert "no word fits the scores you heard" in warning and "2,000 points" in warning
        for row in wrong.rows:
            assert f"row {row + 1} ({heard[row].split()[0].upper()}" in warning
        break
    assert first_warned is not None
    # Every history before it fits a word; at it, the mistake's row is among those named.
    assert 2 in advice.inconsistency.rows or advice.inconsistency.fewest >= 1


def test_a_score_you_said_wrong_warns_and_costs_you_until_corrected(tmp_path: Path) -> None:
    assistant = new(tmp_path / "g.json")
    assistant.enter("ballet")
    for index in range(4):
        assistant.enter(PURPLE[index])
        assistant.enter(RED[index])
        if index == 1:  # CAR scores 1000; you announced 250
            (warning,) = assistant.enter("said 250")
            assert "CAR scores 1,000, not 250" in warning and "2,000 points" in warning
    # Two of their turns (ACT, TOE) went by before the correction.
    running = assist.totals(assistant.game)["rounds"][0]["they_penalty"]
    assert assistant.enter("said 2 1000") == [
        "Their row 2 (CAR) now stands right: 1,000; it stood 2 turn(s): 4,000 points to them."
    ]
    # The running total showed what the correction costs: it does not change when made
    # (a newcomer saw 4,000 before and 2,000 after).
    assert running == 4000
    result = assist.totals(assistant.game)["rounds"][0]
    assert result["they_penalty"] == 2 * 2000
    assert result["they"] == sum(RED_SCORES[:4]) + 4000


def test_a_slip_caught_at_once_costs_nothing(tmp_path: Path) -> None:
    assistant = new(tmp_path / "g.json")
    assistant.enter("ballet")
    assistant.enter(PURPLE[0])
    assistant.enter(RED[0])
    assistant.enter("said 500")  # AN scores 250 against BALLET
    assert assist.totals(assistant.game)["rounds"][0]["they_penalty"] == 0
    (note,) = assistant.enter(f"said 1 {RED_SCORES[0]}")
    assert note.endswith("caught at once, no penalty.")


def test_a_correction_they_make_and_the_reveal_credit_you(tmp_path: Path) -> None:
    """They said 0 for DEN (1250 is right) and corrected it two of your turns later; at the
    reveal a score never corrected (INN: 500 heard, 250 right) counts to the end."""
    assistant = new()
    assistant.enter("ballet")
    heard = [*PURPLE]
    heard[1] = "den 0"
    heard[3] = "inn 500"
    for index, (mine, theirs) in enumerate(zip(heard, RED, strict=True)):
        assistant.enter(mine)
        assistant.enter(theirs)
        if index == 3:
            (note,) = assistant.enter("heard 2 1250")
            assert "stood 2 turn(s): 4,000 points to you" in note
    assert assist.totals(assistant.game)["rounds"][0]["you_penalty"] == 4000
    notes = assistant.enter("reveal nephew")
    assert "Row 4: you heard 500, the right score is 250; undetected for 8 turn(s)." in notes
    result = assist.totals(assistant.game)["rounds"][0]
    assert result["you_penalty"] == 2000 * (2 + 8)
    assert result["you_rows"] == 19750  # rows counted at their right scores


def test_saved_after_every_entry_and_resumed_equal(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assistant = new(path)
    for text in [
        "ballet",
        *[x for pair in zip(PURPLE[:4], RED[:4], strict=True) for x in pair],
        "said 0",
    ]:
        assistant.enter(text)
        loaded = assist.load(path)
        assert loaded == assistant.state
        assert Assistant(loaded).game == assistant.game
    saved = path.read_text()
    assert "ballet" not in saved  # your Gameword is sealed
    assert json.loads(saved)["game"] == "assist"


def test_undo_takes_back_one_entry_at_a_time(tmp_path: Path) -> None:
    assistant = new(tmp_path / "g.json")
    with pytest.raises(Refused, match="Nothing to undo"):
        assistant.enter("undo")
    assistant.enter("ballet")
    assistant.enter("so 0")
    assistant.enter("an")
    assert assistant.enter("undo") == ["Undone: their AN."]
    assert assistant.round["theirs"] == [] and len(assistant.round["mine"]) == 1
    assistant.enter("me den")  # a Guessword waiting for its score: undo drops it first
    assert assistant.enter("undo") == ["Dropped DEN."]
    assert assistant.enter("undo") == ["Undone: your SO 0."]
    assert assist.load(tmp_path / "g.json") == assistant.state


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (["balle"], "takes a 6-letter word"),
        (["ball3t"], "letters of the English alphabet"),
        (["ballet", "dens 250"], "takes a 2-letter word; DENS has 4"),
        (["ballet", "so 300"], "multiples of 250"),
        (["ballet", "so 5000"], "impossible on your row 1"),
        (["ballet", "so -250"], "cannot be negative"),
        (["ballet", "so 1,2"], "Cannot read"),
        (["ballet", "1250"], "A score alone"),
        (["ballet", "said 250"], "no rows yet"),
        (["ballet", "heard 1 250"], "no rows yet"),
        (["ballet", "so 0", "heard 3 250"], "no row 3 yet"),
        (["ballet", "heard 250"], "heard ROW SCORE"),
        (["ballet", "!!"], "letters of the English alphabet"),
        (["ballet", "a b c"], "Cannot read"),
        (["ballet", "next"], "not over"),
        (["ballet", "reveal nephew"], "end of the round"),
        (["ballet", "so 0", "red"], "before the first row"),
        (["ballet", "undo now"], "undo takes nothing"),
    ],
)
def test_bad_entries_are_refused_in_one_line(entries: list[str], message: str) -> None:
    assistant = new()
    *before, last = entries
    for text in before:
        assistant.enter(text)
    state = json.dumps(assistant.state)
    with pytest.raises(Refused, match=message) as refused:
        assistant.enter(last)
    assert "\n" not in str(refused.value)
    assert json.dumps(assistant.state) == state  # nothing changed


def test_a_non_word_is_warned_not_refused() -> None:
    assistant = new()
    assistant.enter("ballet")
    assert any("XQ is not in the dictionary" in n for n in assistant.enter("xq 0"))
    assert any("may reject it" in n for n in assistant.enter("zz"))


def run(*args: str, input: str = ""):
    return CliRunner().invoke(cli.main, list(args), input=input)


def round_input() -> str:
    lines = ["ballet"]
    for mine, theirs in zip(PURPLE, RED, strict=True):
        lines += [mine, theirs]
    return "\n".join([*lines, "reveal nephew", "end", ""])


def test_a_whole_round_in_line_mode_from_stdin(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("deduce", "assist", "--rounds", "1", "--save", str(path), input=round_input())
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Recommended (lookahead, Guesswords from core)" in out
    assert "Most probable Gamewords" in out
    assert "Their row 2: CAR. Announce 1,000" in out
    assert "Grand total: you 19,750, your opponent 19,500. You win!" in out
    state = assist.load(path)
    assert Assistant(state).finished


def test_end_of_input_before_the_first_entry_saves_nothing(tmp_path: Path) -> None:
    """Nothing to resume, so no save, no lock file, no resume hint (found by a newcomer: an
    empty game among the saved ones); --json still gets its one document."""
    path = tmp_path / "g.json"
    result = run("deduce", "assist", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "Nothing entered: no game saved." in result.output
    assert "continue with" not in result.output
    result = run("deduce", "assist", "--save", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["saved"] is None
    assert list(tmp_path.iterdir()) == []


def test_end_of_input_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("deduce", "assist", "--rounds", "1", "--save", str(path), input="ballet\nso 0\n")
    assert result.exit_code == 0
    assert "continue with: myword deduce assist --resume" in result.output
    result = run("deduce", "assist", "--resume", str(path), "--json", input="an\n")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["ended"] == "unfinished"
    assert [r["guess"] for r in document["game"]["rounds"][0]["theirs"]] == ["an"]
    assert document["game"]["rounds"][0]["your_word"] is None  # sealed
    assert document["advice"]["next_row"]["number"] == 2
    assert document["advice"]["recommended"]


def test_line_mode_refuses_bad_entries_and_goes_on(tmp_path: Path) -> None:
    result = run(
        "deduce", "assist", "--save", str(tmp_path / "g.json"),
        input="ballet\nso 300\nfoo bar baz\nso 0\n",
    )  # fmt: skip
    assert result.exit_code == 0
    assert "300 is not a score" in result.output and "Cannot read" in result.output
    assert "Your row 1: SO heard 0." in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "3"], "--rounds"),
        (["--resume", "nothing-here"], "no saved game"),
        (["--top", "0"], "--top"),
        (["--pool", "rare"], "--pool"),
    ],
)
def test_bad_options_are_one_line(args: list[str], message: str) -> None:
    result = run("deduce", "assist", *args)
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_a_save_of_another_game_is_refused(tmp_path: Path) -> None:
    from solver.deduce import session

    path = tmp_path / "bot.json"
    session.save(session.new_game(session.Settings(rounds=1, seed=1)), path)
    result = run("deduce", "assist", "--resume", str(path))
    assert result.exit_code != 0 and "resume it with myword deduce play" in result.output


def test_an_entry_starting_with_a_number_is_refused_plainly(tmp_path: Path) -> None:
    """'12 34' read as a Guessword said 'Your row 11 takes letters ..., not 1 2'."""
    assistant = new(tmp_path / "g.json")
    assistant.enter("ballet")
    with pytest.raises(Refused, match="An entry starts with a word, not 12"):
        assistant.enter("12 34")


def test_a_word_with_its_score_replaces_the_word_waiting_for_one(tmp_path: Path) -> None:
    """Your Guessword typed alone waits for its score; another word with a score is played
    instead, and the note says so (it was silent)."""
    assistant = new(tmp_path / "g.json")
    assistant.enter("ballet")
    assistant.enter("so")
    notes = assistant.enter("at 500")
    assert notes[0] == "AT is played instead of SO." and assistant.round["mine"][0]["guess"] == "at"


def test_a_gameword_outside_the_familiar_tier_is_called_rare(tmp_path: Path) -> None:
    """SORREL is in the common dictionary (tier core) but not familiar: still rare (the
    core tier once hid it from this warning)."""
    assistant = new(tmp_path / "g.json")
    notes = assistant.enter("sorrel")
    assert any("a rare word" in note for note in notes)
    assert not any("a rare word" in note for note in new(tmp_path / "h.json").enter("ballet"))
