"""A whole game against the bot: turns, totals, scoring by a person, audit, save and resume."""

import json
from pathlib import Path

from click.testing import CliRunner

import cli
from solver import lexicon
from solver.deduce import default_sheet, score, session

SIX, SEVEN = default_sheet(6), default_sheet(7)


def guesses_for(sheet) -> list[str]:
    """One ordinary word per row (the first familiar word of the row's length)."""
    return [lexicon.words(row.length, "familiar")[i % 5] for i, row in enumerate(sheet.rows)]


class ScriptedConsole:
    """Answers prompts from functions of the prompt; records everything said."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.said: list[str] = []
        self.prompts: list[str] = []

    def ask(self, prompt: str, hidden: bool = False) -> str:
        self.prompts.append(prompt)
        return self.answer(prompt)

    def say(self, text: str) -> None:
        self.said.append(text)

    def show(self, state) -> None:
        pass


def plain_player(words: dict[int, str]):
    """Types the Gameword of each length and the ordinary guesses, row after row."""
    rows = {6: iter(guesses_for(SIX)), 7: iter(guesses_for(SEVEN))}
    current = {"length": 6}

    def answer(prompt: str) -> str:
        if "Gameword" in prompt:
            length = 6 if "6-letter" in prompt else 7
            current["length"] = length
            return words[length]
        return next(rows[current["length"]])

    return answer


def test_a_whole_two_round_game(tmp_path: Path) -> None:
    state = session.new_game(session.Settings(seed=3))
    console = ScriptedConsole(plain_player({6: "ballet", 7: "kitchen"}))
    session.play(state, console, tmp_path / "game.json")
    assert state["finished"]
    for game_round, word in zip(state["rounds"], ("ballet", "kitchen"), strict=True):
        sheet = default_sheet(game_round["length"])
        assert len(game_round["you"]) == len(game_round["bot"]) == 11
        for index, entry in enumerate(game_round["bot"]):  # the program never scores wrong
            assert entry["score"] == score(
                word, entry["guess"], sheet.rows[index].offset, sheet.is_last(index)
            )
        for index, entry in enumerate(game_round["you"]):
            row = sheet.rows[index]
            assert entry["score"] == score(
                game_round["bot_word"], entry["guess"], row.offset, sheet.is_last(index)
            )
    result = session.totals(state)
    assert result["bot"] == sum(r["bot"] for r in result["rounds"])
    assert any("Grand total" in line for line in console.said)
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["finished"] and saved == json.loads(json.dumps(state))


def test_turns_alternate_purple_first_then_red_first() -> None:
    state = session.new_game(session.Settings(you="purple"))
    six, seven = state["rounds"]
    assert session.turn_order(six, "purple")[:3] == ["you", "bot", "you"]
    assert session.turn_order(seven, "purple")[:3] == ["bot", "you", "bot"]
    assert session.turn_order(six, "red")[:2] == ["bot", "you"]


def test_non_words_are_rejected_unless_accepted(tmp_path: Path) -> None:
    state = session.new_game(session.Settings(rounds=1, seed=1))
    offered = iter(["xq", "at", *guesses_for(SIX)[1:]])
    console = ScriptedConsole(lambda p: "ballet" if "Gameword" in p else next(offered))
    session.play(state, console, tmp_path / "g.json")
    assert any("I don't accept XQ" in line for line in console.said)
    assert state["rounds"][0]["you"][0]["guess"] == "at"


def test_bot_checks_scores_given_by_a_person_and_audits_them(tmp_path: Path) -> None:
    """You score on paper; one score is wrong and never corrected: caught at the audit,
    or asked about as soon as no word fits; 2000 a turn while undetected."""
    state = session.new_game(session.Settings(rounds=1, seed=5, you_score=True))
    guesses = iter(guesses_for(SIX))
    lie = {"row": None}

    def answer(prompt: str) -> str:
        if prompt.startswith("Reveal"):
            return "ballet"
        if prompt.startswith("Score for"):
            return ""  # keep the score on a recheck
        if prompt.startswith("Score "):
            guess = prompt.split()[1].lower()
            index = len(state["rounds"][0]["bot"])
            row = SIX.rows[index]
            true = score("ballet", guess, row.offset, SIX.is_last(index))
            if index == 2:
                lie["row"] = index
                return str(
                    true + 250
                    if true + 250 in session.possible_scores(row, 6, False)
                    else true - 250
                )
            return str(true)
        return next(guesses)

    console = ScriptedConsole(answer)
    session.play(state, console, tmp_path / "g.json")
    audit = state["rounds"][0]["audit"]
    assert [e["row"] for e in audit["errors"]] == [2]
    assert audit["errors"][0]["turns_undetected"] == 11 - 2
    assert audit["penalty"] == 2000 * 9
    assert (
        session.totals(state)["rounds"][0]["bot"]
        == sum(e["score"] for e in state["rounds"][0]["bot"]) + audit["penalty"]
    )
    assert any("Penalty" in line for line in console.said)


def test_a_recheck_corrects_the_score_and_limits_the_penalty(tmp_path: Path) -> None:
    state = session.new_game(session.Settings(rounds=1, seed=5, you_score=True))
    guesses = iter(guesses_for(SIX))

    def true_score(index: int, guess: str) -> int:
        row = SIX.rows[index]
        return score("ballet", guess, row.offset, SIX.is_last(index))

    def answer(prompt: str) -> str:
        bot_rows = state["rounds"][0]["bot"]
        if prompt.startswith("Reveal"):
            return "ballet"
        if prompt.startswith("Score for"):
            guess = prompt.split()[2].lower()
            index = next(i for i, e in enumerate(bot_rows) if e["guess"] == guess)
            return str(true_score(index, guess))  # corrected
        if prompt.startswith("Score "):
            guess = prompt.split()[1].lower()
            index = len(bot_rows)
            true = true_score(index, guess)
            return "0" if index == 1 and true > 0 else str(true)
        return next(guesses)

    console = ScriptedConsole(answer)
    session.play(state, console, tmp_path / "g.json")
    rechecks = state["rounds"][0]["rechecks"]
    audit = state["rounds"][0]["audit"]
    if rechecks:  # the wrong score made the history inconsistent and was caught
        assert any("Please recheck" in line for line in console.said)
        assert audit["penalty"] == 2000 * (rechecks[0]["turn"] - rechecks[0]["row"])
    else:  # a wrong 0 that some word still fits: caught at the audit
        assert audit["penalty"] == 2000 * (11 - 1) or audit["errors"] == []


def test_turn_seconds_late_answers_score_zero(tmp_path: Path, monkeypatch) -> None:
    clock = {"now": 0.0}
    monkeypatch.setattr(session.time, "monotonic", lambda: clock["now"])
    state = session.new_game(session.Settings(rounds=1, seed=2, turn_seconds=60))
    guesses = iter(guesses_for(SIX))

    def answer(prompt: str) -> str:
        if "Gameword" in prompt:
            return "ballet"
        clock["now"] += 90 if prompt.startswith("Row 1:") else 5
        return next(guesses)

    session.play(state, ScriptedConsole(answer), tmp_path / "g.json")
    first, second = state["rounds"][0]["you"][:2]
    assert first["late"] and first["score"] == 0
    assert not second["late"]


def cli_input(word6: str, word7: str, rows: int | None = None) -> str:
    lines = [word6, *guesses_for(SIX), word7, *guesses_for(SEVEN)]
    return "\n".join(lines[:rows]) + "\n"


def test_a_whole_game_through_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        cli.main,
        ["deduce", "play", "--seed", "4", "--save", str(save)],
        input=cli_input("ballet", "kitchen"),
    )
    assert result.exit_code == 0, result.output
    assert "Round 1: 6-letter Gamewords" in result.output and "Round 2: 7-letter" in result.output
    assert "Grand total" in result.output and "Your marginal alphabets" in result.output
    assert json.loads(save.read_text())["finished"]
    quiet = CliRunner().invoke(
        cli.main,
        ["deduce", "play", "--seed", "4", "--save", str(tmp_path / "j.json"), "--json"],
        input=cli_input("ballet", "kitchen"),
    )
    assert quiet.exit_code == 0 and "Grand total" in quiet.stderr
    assert json.loads(quiet.stdout) == json.loads(save.read_text())  # the finished game


def test_end_of_input_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["deduce", "play", "--seed", "4", "--hints", "off", "--save", str(save)]
    stopped = CliRunner().invoke(cli.main, args, input=cli_input("ballet", "kitchen", rows=6))
    assert stopped.exit_code == 0 and "Game saved to" in stopped.output
    partial = json.loads(save.read_text())
    assert not partial["finished"] and len(partial["rounds"][0]["you"]) == 5
    rest = cli_input("ballet", "kitchen")[len(cli_input("ballet", "kitchen", rows=6)) :]
    resumed = CliRunner().invoke(cli.main, ["deduce", "play", "--resume", str(save)], input=rest)
    assert resumed.exit_code == 0, resumed.output
    finished = json.loads(save.read_text())
    straight = tmp_path / "straight.json"
    CliRunner().invoke(cli.main, [*args[:-1], str(straight)], input=cli_input("ballet", "kitchen"))
    assert finished == json.loads(straight.read_text())


def test_resume_errors_are_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli.main, ["deduce", "play", "--resume", str(tmp_path / "none.json")]
    )
    assert result.exit_code == 1 and "no saved game" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = CliRunner().invoke(cli.main, ["deduce", "play", "--resume", str(bad)])
    assert "is not a saved What's My Word? game" in result.stderr


def test_gamewords_from_a_page_of_text(tmp_path: Path) -> None:
    page = Path(__file__).resolve().parents[2] / "dictionaries" / "samples" / "page.txt"
    state = session.new_game(session.Settings(rounds=2, seed=6, pool_from=str(page)))
    sixes = lexicon.pool(6, from_text=page).words
    assert state["rounds"][0]["bot_word"] in sixes
    assert state["rounds"][1]["bot_word"] in lexicon.pool(7, from_text=page).words
    words = iter(["ballet", "market", "weather"])  # BALLET is not on the page
    rows = iter(guesses_for(SIX) + guesses_for(SEVEN))
    console = ScriptedConsole(lambda p: next(words) if "Gameword" in p else next(rows))
    session.play(state, console, tmp_path / "g.json")
    assert any("not on the page" in line for line in console.said)
    assert state["rounds"][0]["your_word"] == "market"


def test_non_words_are_accepted_when_agreed(tmp_path: Path) -> None:
    state = session.new_game(session.Settings(rounds=1, seed=1, accept_nonwords=True))
    offered = iter(["xq", *guesses_for(SIX)[1:]])
    session.play(
        state,
        ScriptedConsole(lambda p: "ballet" if "Gameword" in p else next(offered)),
        tmp_path / "g.json",
    )
    assert state["rounds"][0]["you"][0] == {"guess": "xq", "score": 0, "late": False}


def test_ctrl_c_saves_and_exits_cleanly(tmp_path: Path, ctrl_c_after) -> None:
    ctrl_c_after(["ballet", "re"])
    save = tmp_path / "game.json"
    result = CliRunner().invoke(cli.main, ["deduce", "play", "--seed", "4", "--save", str(save)])
    assert result.exit_code == 130 and "Game saved to" in result.output
    assert "Traceback" not in result.output
    assert len(json.loads(save.read_text())["rounds"][0]["you"]) == 1
