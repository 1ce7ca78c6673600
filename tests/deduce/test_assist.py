"""The assistant for a game against a person (``myword deduce assist``): entries, scoring
with marks, the 2000-point rule both ways, totals and bonus, saves, undo, line mode."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import assist, default_sheet, live_advice, marking, score
from solver.deduce.assist import Assistant, Refused, Settings
from solver.deduce.ui import assist_words
from solver.deduce.ui.display import SYMBOLS
from solver.runtime.errors import UserError

SIX = default_sheet(6)
# The rulebook's sample game: Purple hides BALLET, Red NEPHEW (row 8 of Red's sheet is not
# printed; BABY scores the 2000 it shows).
PURPLE = ["so 0", "den 1250", "ebb 1000", "inn 250", "bid 0", "turn 250", "earl 1000",
          "newt 2250", "newel 2500", "endow 2250", "nephew 9000"]  # fmt: skip
RED = ["an", "car", "act", "toe", "old", "toot", "dull", "baby", "palls", "alter", "wallet"]
RED_SCORES = [250, 1000, 1250, 1250, 250, 1000, 1250, 2000, 3000, 3250, 5000]


def new(path: Path | None = None, **settings) -> Assistant:
    return Assistant(assist.new_game(Settings(rounds=1, **settings)), path)


def said(assistant: Assistant, text: str) -> list[str]:
    """An entry made, and the sentences its notes are said in (``ui.assist_words``)."""
    return assist_words.say(assistant.enter(text))


def sample_round(assistant: Assistant) -> list[str]:
    """The sample game entered turn by turn, Purple (you) first; every note said."""
    notes = said(assistant, "ballet")
    for mine, theirs in zip(PURPLE, RED, strict=True):
        notes += said(assistant, mine)
        notes += said(assistant, theirs)
    return notes


def test_their_guesswords_are_scored_and_marked_as_the_rules_say() -> None:
    assistant = new()
    assistant.enter("ballet")
    for index, (guess, expected) in enumerate(zip(RED, RED_SCORES, strict=True)):
        assistant.enter(f":me {PURPLE[index]}")
        (note, *_) = said(assistant, f":they {guess}")
        row = SIX.rows[index]
        right = score("ballet", guess, row.offset, SIX.is_last(index))
        assert right == expected and f"Announce {right:,}" in note
        marks = marking("ballet", guess, row.offset)
        assert SYMBOLS[marks[0]].format(guess[0].upper()) in note
        assert assistant.round["theirs"][-1] == {"guess": guess, "score": right, "said": right}


def test_the_sample_game_adds_up_with_the_bonus() -> None:
    assistant = new()
    notes = sample_round(assistant)
    assert "You named their word: 3,000 bonus in it." in notes
    result = assist.totals(assistant.game)["rounds"][0]
    assert (result["you"], result["they"]) == (19750, 19500)
    assert result["you_bonus"] and not result["they_bonus"]
    assert assistant.waiting().kind == "round over"
    assert said(assistant, ":reveal nephew") == [
        "Their word NEPHEW: every score you heard was right."
    ]
    assistant.enter(":end")
    assert assistant.finished and "You win!" in assist_words.verdict(assistant.game)


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
    assistant.enter(":me den 1250")  # out of turn: taken
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
        warnings = assist_words.advice_warnings(advice)
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
            (warning,) = said(assistant, ":said 250")
            assert "CAR scores 1,000, not 250" in warning and "2,000 points" in warning
    # Two of their turns (ACT, TOE) went by before the correction.
    running = assist.totals(assistant.game)["rounds"][0]["they_penalty"]
    assert said(assistant, ":said 2 1000") == [
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
    assistant.enter(":said 500")  # AN scores 250 against BALLET
    assert assist.totals(assistant.game)["rounds"][0]["they_penalty"] == 0
    (note,) = said(assistant, f":said 1 {RED_SCORES[0]}")
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
            (note,) = said(assistant, ":heard 2 1250")
            assert "stood 2 turn(s): 4,000 points to you" in note
    assert assist.totals(assistant.game)["rounds"][0]["you_penalty"] == 4000
    notes = said(assistant, ":reveal nephew")
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
        ":said 0",
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
        assistant.enter(":undo")
    assistant.enter("ballet")
    assistant.enter("so 0")
    assistant.enter("an")
    assert said(assistant, ":undo") == ["Undone: their AN."]
    assert assistant.round["theirs"] == [] and len(assistant.round["mine"]) == 1
    assistant.enter(":me den")  # a Guessword waiting for its score: undo drops it first
    assert said(assistant, ":undo") == ["Dropped DEN."]
    assert said(assistant, ":undo") == ["Undone: your SO 0."]
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
        (["ballet", ":said 250"], "no rows yet"),
        (["ballet", ":heard 1 250"], "no rows yet"),
        (["ballet", "so 0", ":heard 3 250"], "no row 3 yet"),
        (["ballet", ":heard 250"], ":heard ROW SCORE"),
        (["ballet", "!!"], "letters of the English alphabet"),
        (["ballet", "a b c"], "Cannot read"),
        (["ballet", ":next"], "not over"),
        (["ballet", ":reveal nephew"], "end of the round"),
        (["ballet", "so 0", ":red"], "before the first row"),
        (["ballet", ":undo now"], ":undo takes nothing"),
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
    assert any("XQ is not in the dictionary" in n for n in said(assistant, "xq 0"))
    assert any("may reject it" in n for n in said(assistant, "zz"))


def run(*args: str, input: str = ""):
    return CliRunner().invoke(cli.main, list(args), input=input)


def round_input() -> str:
    lines = ["ballet"]
    for mine, theirs in zip(PURPLE, RED, strict=True):
        lines += [mine, theirs]
    return "\n".join([*lines, ":reveal nephew", ":end", ""])


def test_a_whole_round_in_line_mode_from_stdin(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("deduce", "assist", "--rounds", "1", "--save", str(path), input=round_input())
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Recommended (lookahead, Guesswords from familiar)" in out
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
    # in line mode, as it was played: without --plain a terminal opens the full screen
    assert f"continue with: myword deduce assist --resume {path} --plain" in result.output
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
    notes = said(assistant, "at 500")
    assert notes[0] == "AT is played instead of SO." and assistant.round["mine"][0]["guess"] == "at"


def test_a_gameword_outside_the_familiar_tier_is_called_rare(tmp_path: Path) -> None:
    """SORREL is in the common dictionary (tier core) but not familiar: still rare (the
    core tier once hid it from this warning)."""
    assistant = new(tmp_path / "g.json")
    notes = said(assistant, "sorrel")
    assert any("a rare word" in note for note in notes)
    assert not any("a rare word" in note for note in said(new(tmp_path / "h.json"), "ballet"))


# Words that were commands' names, typed as Guesswords (issue 24: END ended the game, UNDO
# undid, SAID 0 was a score you announced; the others were refused or dropped).
COMMAND_WORDS = ["me", "end", "red", "they", "them", "next", "said", "undo", "show", "help",
                 "mine", "heard", "reveal", "purple", "theirs"]  # fmt: skip


def played_up_to(length: int) -> tuple[Assistant, int]:
    """The sample round played up to the first row of this length, your turn."""
    index = next(i for i, row in enumerate(SIX.rows) if row.length == length)
    assistant = new()
    assistant.enter("ballet")
    for mine, theirs in zip(PURPLE[:index], RED[:index], strict=True):
        assistant.enter(mine)
        assistant.enter(theirs)
    return assistant, index


@pytest.mark.parametrize("word", COMMAND_WORDS)
def test_a_guessword_spelling_a_command_is_a_guessword(word: str) -> None:
    """Theirs typed bare on their turn, yours with the score you heard (SAID 0), in either
    case: each is a row of the sheet, nothing else changes, and a note names the command
    perhaps meant."""
    for typed in (word, word.upper()):
        assistant, index = played_up_to(len(word))
        notes = said(assistant, f"{typed} 0")
        assert assistant.round["mine"][index] == {"guess": word, "heard": 0}
        assert len(assistant.state["entries"]) == 1 + 2 * index + 1
        notes += said(assistant, typed)
        assert assistant.round["theirs"][index]["guess"] == word
        assert not assistant.finished and assistant.round["slips"] == []
        result = assist.totals(assistant.game)["rounds"][0]
        assert result["they_penalty"] == result["you_penalty"] == 0
        assert sum(f"{word.upper()} is entered as a Guessword." in n for n in notes) == 2
        assert any(f"Commands start with ':': :{word}" in n for n in notes) or word in (
            "mine",
            "them",
            "theirs",  # aliases: the note names the command itself
        )


def test_end_as_their_guessword_leaves_the_game_going() -> None:
    """The issue's case: END as their row 2 ended the game, and the round never finished."""
    assistant = new()
    assistant.enter("ballet")
    for mine, theirs in [("so 0", "an"), ("den 1250", "END")]:
        assistant.enter(mine)
        assistant.enter(theirs)
    assert not assistant.finished and assistant.round["theirs"][1]["guess"] == "end"
    assert assistant.waiting().kind == "guess"
    assert said(assistant, ":end") == ["The game is over."] and assistant.finished


def test_an_old_command_typed_bare_is_refused_with_the_command_named() -> None:
    """A person used to the old grammar types `end`, `undo`, `reveal nephew`: where the
    word cannot be a Guessword there, the refusal names the command."""
    assistant = new()
    assistant.enter("ballet")
    refused = "takes a 2-letter word; UNDO has 4. Commands start with ':': :undo."
    with pytest.raises(Refused, match=re.escape(refused)):
        assistant.enter("undo")
    for mine, theirs in zip(PURPLE, RED, strict=True):
        assistant.enter(mine)
        assistant.enter(theirs)
    assert assist.complete(assistant.round)
    refused = "Both sheets are full: :reveal THEIRWORD, then :end. Commands start with ':': :end."
    with pytest.raises(Refused, match=re.escape(refused)):
        assistant.enter("end")
    with pytest.raises(Refused, match=r"Cannot read 'reveal nephew'.*:reveal WORD"):
        assistant.enter("reveal nephew")
    assert assist_words.prompt(assistant.waiting()) == "Round over: :reveal THEIRWORD, then :end"
    assistant.enter(":reveal nephew")
    assert assist_words.prompt(assistant.waiting()) == "Round over: :end"


def test_the_gameword_prompt_names_the_colour_commands_and_keeps_the_word_hidden() -> None:
    assistant = new()
    assert assist_words.prompt(assistant.waiting()).endswith("; you are Purple (:red changes it)")
    assert said(assistant, ":red") == ["You are Red: your opponent plays first in this round."]
    assert assist_words.prompt(assistant.waiting()).endswith("; you are Red (:purple changes it)")
    notes = said(assistant, "purple")  # a Gameword, not a colour: said nowhere
    assert assistant.round["your_word"] == "purple" and assistant.game["you"] == "red"
    assert not any("PURPLE" in note.upper() for note in notes)
    with pytest.raises(Refused, match=r"Unknown command :blue; the commands are :me, :they"):
        assistant.enter(":blue")
    with pytest.raises(
        Refused, match=r"takes a 2-letter word; BALLET has 6\. Your Gameword is set"
    ):
        assistant.enter("ballet")  # PURPLE was meant as the colour: the refusal says why


def test_a_refused_gameword_is_not_said_back() -> None:
    """A mistyped BALLE, typed hidden, was said back in the refusal."""
    assistant = new()
    with pytest.raises(Refused) as refused:
        assistant.enter("balle")
    assert "BALLE" not in str(refused.value).upper()
    assert "takes a 6-letter word; the word typed has 5" in str(refused.value)
    with pytest.raises(Refused, match="Commands start with ':': :said"):
        assistant.enter("said 0")


def test_a_save_of_the_old_grammar_resumes(tmp_path: Path, monkeypatch) -> None:
    """Saves hold the entries as read, not the lines typed: two saves made before commands
    started with ':' (``data/assist-saves-v1``, under their own key) resume, and go on
    under the new grammar."""
    old = Path(__file__).parent / "data" / "assist-saves-v1"
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    for name in ("key", "unfinished.json", "finished.json"):
        shutil.copy(old / name, tmp_path / name)
    state = assist.load(tmp_path / "unfinished.json")
    kinds = {e["kind"] for e in state["entries"]}
    assert kinds == {"colour", "gameword", "mine", "theirs", "said", "heard", "reveal", "next"}
    assistant = Assistant(state, tmp_path / "unfinished.json")
    assert assistant.game["round"] == 1 and assistant.round["your_word"] == "picture"
    assert said(assistant, ":end") == ["The game is over."]
    finished = assist.load(tmp_path / "finished.json")
    for game in (assistant.game, Assistant(finished).game):
        result = assist.totals(game)
        assert (result["you"], result["they"]) == (22000, 20500) and game["finished"]
    assert assist.load(tmp_path / "unfinished.json") == finished


def test_a_guessword_awaiting_its_score_is_saved_and_asked_for_again(tmp_path: Path) -> None:
    """Issue 26: SO typed, the program left before its score: on resume SO was gone."""
    path = tmp_path / "g.json"
    assistant = new(path)
    assistant.enter("ballet")
    assistant.enter("so")  # the score is still to come
    resumed = Assistant(assist.load(path), path)
    waiting = resumed.waiting()
    assert (waiting.kind, waiting.guess) == ("score", "so")
    assert said(resumed, "250") == ["Your row 1: SO heard 250."]
    assert resumed.round["mine"] == [{"guess": "so", "heard": 250}]
    assert assist.load(path) == resumed.state and "pending" not in resumed.state


def test_a_dropped_guessword_stays_dropped_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assistant = new(path)
    for text in ("ballet", "so", ":undo"):
        assistant.enter(text)
    assert Assistant(assist.load(path)).waiting().kind == "guess"


@pytest.mark.parametrize(
    ("entries", "pending"),
    [
        (["ballet"], "den"),  # 3 letters on row 1's 2
        (["ballet"], "s0"),  # not letters
        (["ballet"], "SO"),  # not as typed words are kept
        ([], "so"),  # no Gameword yet
        (["ballet"], 7),
    ],
)
def test_a_saved_guessword_awaiting_its_score_is_checked(
    tmp_path: Path, entries: list[str], pending: object
) -> None:
    path = tmp_path / "g.json"
    assistant = new(path)
    for text in entries:
        assistant.enter(text)
    assist.save(assistant.state | {"pending": pending}, path)
    with pytest.raises(UserError, match=r"not a valid saved game: .*awaiting its score"):
        assist.load(path)


def test_a_guessword_awaiting_its_score_survives_sigkill(tmp_path: Path) -> None:
    """Killed (SIGKILL: nothing runs on the way out) while the score is awaited: resumed,
    the assistant asks for that score again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "g.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "deduce", "assist", "--plain", "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    process.stdin.write("ballet\nso\n")
    process.stdin.flush()
    deadline = time.monotonic() + 300  # tells a hang from a slow machine; no timing
    while not (path.exists() and '"pending": "so"' in path.read_text()):
        assert time.monotonic() < deadline and process.poll() is None, "never saved SO"
        time.sleep(0.05)  # how often to look
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=60)
    result = run("deduce", "assist", "--resume", str(path), input="1000\n")
    assert result.exit_code == 0, result.output
    assert "The score you heard for SO:" in result.output
    assert "Your row 1: SO heard 1,000." in result.output


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("abc", "'abc' is not a score: type the score you heard for SO, in digits, such as"),
        ("1e3", "'1e3' is not a score: type the score you heard for SO"),
        # an Arabic-Indic 1:
        ("\u0661", "'\u0661' is not a score: type the score you heard for SO, in digits"),
        ("-250", "A score cannot be negative: type the score you heard for SO (:undo drops SO)"),
    ],
)
def test_a_score_that_is_no_score_is_refused_with_its_reason(
    tmp_path: Path, typed: str, why: str
) -> None:
    """Each was refused by asking for the score again, without a word of why (found by a
    newcomer's session); `deduce play` and `advise` say why."""
    assistant = new(tmp_path / "g.json")
    assistant.enter("ballet")
    assistant.enter("so")
    with pytest.raises(Refused, match=re.escape(why)):
        assistant.enter(typed)
    assert said(assistant, "250") == ["Your row 1: SO heard 250."]
