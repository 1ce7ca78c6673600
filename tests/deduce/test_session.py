"""A whole game against the bot: turns, totals, scoring by a person, audit, save and resume."""

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

import cli
from solver.deduce import candidates as cand
from solver.deduce import default_sheet, possible_scores, score, session
from solver.deduce.ui import display, lines, words
from solver.wordtools import lexicon

SIX, SEVEN = default_sheet(6), default_sheet(7)


def saved_game(path: Path) -> dict:
    """A save as the game it holds (signature checked, sealed words restored, totals)."""
    return session.document(session.load(path))


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
    lines.play(state, console, tmp_path / "game.json")
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
    saved = saved_game(tmp_path / "game.json")
    assert saved["finished"] and saved == json.loads(json.dumps(session.document(state)))
    assert saved["totals"] == result


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
    lines.play(state, console, tmp_path / "g.json")
    assert any("does not accept XQ" in line for line in console.said)
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
    lines.play(state, console, tmp_path / "g.json")
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
    lines.play(state, console, tmp_path / "g.json")
    rechecks = [r for r in state["rounds"][0]["rechecks"] if r["was"] != r["now"]]
    audit = state["rounds"][0]["audit"]
    if rechecks:  # the wrong score made the history inconsistent and was caught
        assert any("Please recheck" in line for line in console.said)
        assert audit["penalty"] == 2000 * (rechecks[0]["turn"] - rechecks[0]["row"])
    else:  # a wrong 0 that some word still fits: caught at the audit
        assert audit["penalty"] == 2000 * (11 - 1) or audit["errors"] == []


def true_score(word: str, index: int, guess: str) -> int:
    row = SIX.rows[index]
    return score(word, guess, row.offset, SIX.is_last(index))


def wrong_score(word: str, index: int, guess: str) -> int:
    """The possible score nearest the right one (a slip of one letter, usually)."""
    true = true_score(word, index, guess)
    allowed = possible_scores(SIX.rows[index], 6, SIX.is_last(index))
    return min((v for v in allowed if v != true), key=lambda v: (abs(v - true), -v))


def scoring_player(state, word: str, wrong_rows: set[int], fix: bool, named: list[int]):
    """A person scoring the bot on paper: wrong on ``wrong_rows``, right elsewhere. Asked
    to recheck a row, they correct it when it is wrong (``fix``) and keep it otherwise;
    every row the bot names is appended to ``named``."""
    guesses = iter(guesses_for(SIX))
    said: list[str] = []

    def answer(prompt: str) -> str:
        bot_rows = state["rounds"][0]["bot"]
        if prompt.startswith("Reveal"):
            return word
        if prompt.startswith("Score for"):
            index = int(re.findall(r"recheck row (\d+)", " ".join(said))[-1]) - 1
            named.append(index)
            entry = bot_rows[index]
            true = true_score(word, index, entry["guess"])
            return str(true) if fix and entry["heard"] != true else ""
        if prompt.startswith("Score "):
            guess, index = prompt.split()[1].lower(), len(bot_rows)
            if index in wrong_rows:
                return str(wrong_score(word, index, guess))
            return str(true_score(word, index, guess))
        return next(guesses)

    return answer, said


def scored_game(tmp_path: Path, seed: int, wrong_rows: set[int], fix: bool):
    """A one-round --you-score game against an easy bot, scored by ``scoring_player``."""
    state = session.new_game(
        session.Settings(rounds=1, seed=seed, you_score=True, difficulty="easy", hints=False)
    )
    named: list[int] = []
    answer, said = scoring_player(state, "ballet", wrong_rows, fix, named)
    console = ScriptedConsole(answer)
    console.say = said.append  # type: ignore[method-assign]
    lines.play(state, console, tmp_path / "g.json")
    return state, named, said


def test_a_second_wrong_score_is_found_without_naming_right_rows(tmp_path: Path) -> None:
    """Issue 11: rows 2 and 5 scored wrong. The bot rightly asked about row 2, which was
    corrected; then, at the second wrong score, it named row 7 and then row 6, both scored
    right, and row 5 only two turns later. It must weigh every explanation and believe the
    scores already rechecked."""
    state, named, _ = scored_game(tmp_path, seed=1, wrong_rows={1, 4}, fix=True)
    assert named == [1, 4]
    errors = state["rounds"][0]["audit"]["errors"]
    assert [(e["row"], e["turns_undetected"]) for e in errors] == [(1, 3), (4, 2)]


def test_a_score_rechecked_is_never_named_again(tmp_path: Path) -> None:
    """A person who keeps every score: each row is asked about once at most, and once every
    explanation needs a confirmed score changed, the bot says it will audit at the end."""
    state, named, said = scored_game(tmp_path, seed=1, wrong_rows={3, 7}, fix=False)
    assert named and len(named) == len(set(named))
    assert any("even the ones you rechecked" in line for line in said)
    kept = state["rounds"][0]["rechecks"]
    assert [r["row"] for r in kept] == named and all(r["was"] == r["now"] for r in kept)
    audit = state["rounds"][0]["audit"]
    assert {e["row"] for e in audit["errors"]} == {3, 7}
    assert audit["penalty"] == 2000 * ((11 - 3) + (11 - 7))


def test_the_suspect_is_never_a_confirmed_score() -> None:
    """The rulebook's sample against NEPHEW with EBB scored 1250 instead of 1000: EBB is
    named; confirmed, another row is named; with every row confirmed, none is."""
    history = cand.parse_history(
        "SO 0, DEN 1250, EBB 1250, INN 250, BID 0, TURN 250, EARL 1000, NEWT 2250"
    )
    found = session.suspect(history, SIX, frozenset())
    assert found is not None and found.row == 2 and found.expected == 1000
    assert found.fewest == 1 and found.word == "nephew"
    other = session.suspect(history, SIX, frozenset({2}))
    assert other is not None and other.row != 2
    assert session.suspect(history, SIX, frozenset(range(8))) is None
    right = [cand.Turn(t.guess, 1000 if i == 2 else t.heard) for i, t in enumerate(history)]
    assert session.suspect(right, SIX, frozenset()) is None  # consistent: nothing to name


def test_a_recheck_takes_only_a_possible_score(tmp_path: Path) -> None:
    """A recheck answer that is not a score on that row is asked again, not stored (a
    negative or impossible score used to be kept, or to end in a traceback)."""
    state = session.new_game(
        session.Settings(rounds=1, seed=1, you_score=True, difficulty="easy", hints=False)
    )
    named: list[int] = []
    answer, said = scoring_player(state, "ballet", {1}, True, named)
    bad = iter(["-250", "1300", "lots", "٢٥٠", "+250", "1_250", "1,2,5,0"])

    def sloppy(prompt: str) -> str:
        if prompt.startswith("Score for"):
            return next(bad, None) or answer(prompt)
        return answer(prompt)

    console = ScriptedConsole(sloppy)
    console.say = said.append  # type: ignore[method-assign]
    lines.play(state, console, tmp_path / "g.json")
    assert any("1300 is impossible" in line for line in said)
    # said as the assistant and advise say it (it was "-250 is impossible on a row")
    assert any("A score cannot be negative." in line for line in said)
    # digits of another script, a sign, underscores and stray commas are no score a
    # person meant: int() took them all ("٢٥٠" was 250)
    assert sum("A score is a number" in line for line in said) == 5
    assert all(r["now"] >= 0 and r["now"] % 250 == 0 for r in state["rounds"][0]["rechecks"])
    assert state["rounds"][0]["audit"]["errors"][0]["row"] == 1


def rendered(renderable) -> str:
    console = Console(file=io.StringIO(), width=220, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_after_the_audit_the_sheet_adds_up(tmp_path: Path) -> None:
    """Issue 11: after the audit the bot's sheet showed the score you gave on the wrong row
    while its total was corrected. Every row must show the right score (and what you said),
    and rows plus penalty must be the total shown."""
    state, _, _ = scored_game(tmp_path, seed=1, wrong_rows={3, 7}, fix=False)
    screen = rendered(display.game_view(state))
    number = r"([\d,]+)"
    cells = re.findall(rf"│ │\s+(\d+) │[^│]*│\s*{number}(?: \(you said {number}\))?\s*│", screen)
    assert [int(c[0]) for c in cells] == list(range(1, 12))  # the bot's 11 rows
    shown = [int(c[1].replace(",", "")) for c in cells]
    bot_rows = state["rounds"][0]["bot"]
    assert shown == [true_score("ballet", i, e["guess"]) for i, e in enumerate(bot_rows)]
    assert [i for i, c in enumerate(cells) if c[2]] == [3, 7]  # marked: what you said
    assert [int(cells[i][2].replace(",", "")) for i in (3, 7)] == [
        bot_rows[i]["heard"] for i in (3, 7)
    ]
    penalty = re.search(rf"undetected x 2,000\s*│\s*{number}", screen)
    total = re.search(rf"round total\s*│\s*{number}", screen)
    assert penalty and total
    penalty_points, total_points = (int(m[1].replace(",", "")) for m in (penalty, total))
    assert penalty_points == 2000 * ((11 - 3) + (11 - 7))
    assert total_points == sum(shown) + penalty_points == session.totals(state)["bot"]
    assert (
        f"Round 1 total: you {session.totals(state)['you']:,}, the bot {total_points:,} "
        f"({sum(shown):,} for the bot's Guesswords + {penalty_points:,} penalty)"
    ) in screen


def test_you_score_json_adds_up(tmp_path: Path) -> None:
    """--you-score --json through the command line (the answers a scripted person gave,
    typed again): the rows hold the right scores and what you said, and with the penalty
    they make the totals the document reports."""
    state = session.new_game(
        session.Settings(rounds=1, seed=1, you_score=True, difficulty="easy", hints=False)
    )
    answer, said = scoring_player(state, "ballet", {3, 7}, False, [])
    typed: list[str] = []

    def typing(prompt: str) -> str:
        typed.append(answer(prompt))
        return typed[-1]

    console = ScriptedConsole(typing)
    console.say = said.append  # type: ignore[method-assign]
    lines.play(state, console, tmp_path / "g.json")
    args = ["deduce", "play", "--rounds", "1", "--you-score", "--seed", "1"]
    args += ["--difficulty", "easy", "--hints", "off", "--save", str(tmp_path / "c.json")]
    result = CliRunner().invoke(cli.main, [*args, "--json"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    played = document["rounds"][0]
    assert played["bot"] == state["rounds"][0]["bot"]  # the same game, typed again
    for index, entry in enumerate(played["bot"]):
        assert entry["score"] == true_score("ballet", index, entry["guess"])
        assert (entry["heard"] != entry["score"]) == (index in (3, 7))
    total = document["totals"]["rounds"][0]
    penalty = played["audit"]["penalty"]
    assert penalty == total["penalty"] == 2000 * ((11 - 3) + (11 - 7))
    assert total["bot"] == sum(e["score"] for e in played["bot"]) + penalty
    assert document["totals"]["bot"] == total["bot"]
    assert "Grand total" in result.stderr


def test_turn_seconds_late_answers_score_zero(tmp_path: Path, monkeypatch) -> None:
    clock = {"now": 0.0}
    monkeypatch.setattr(lines.time, "monotonic", lambda: clock["now"])
    state = session.new_game(session.Settings(rounds=1, seed=2, turn_seconds=60))
    guesses = iter(guesses_for(SIX))

    def answer(prompt: str) -> str:
        if "Gameword" in prompt:
            return "ballet"
        clock["now"] += 90 if prompt.startswith("Row 1:") else 5
        return next(guesses)

    lines.play(state, ScriptedConsole(answer), tmp_path / "g.json")
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
        ["deduce", "play", "--seed", "4", "--hints", "on", "--save", str(save)],
        input=cli_input("ballet", "kitchen"),
    )
    assert result.exit_code == 0, result.output
    assert "Round 1: 6-letter Gamewords" in result.output and "Round 2: 7-letter" in result.output
    assert "Grand total" in result.output and "Your marginal alphabets" in result.output
    assert saved_game(save)["finished"]
    quiet = CliRunner().invoke(
        cli.main,
        [
            "deduce",
            "play",
            "--seed",
            "4",
            "--hints",
            "on",
            "--save",
            str(tmp_path / "j.json"),
            "--json",
        ],
        input=cli_input("ballet", "kitchen"),
    )
    assert quiet.exit_code == 0 and "Grand total" in quiet.stderr
    assert json.loads(quiet.stdout) == saved_game(save)  # the finished game


def test_end_of_input_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["deduce", "play", "--seed", "4", "--hints", "off", "--save", str(save)]
    stopped = CliRunner().invoke(cli.main, args, input=cli_input("ballet", "kitchen", rows=6))
    assert stopped.exit_code == 0 and "Game saved to" in stopped.output
    partial = saved_game(save)
    assert not partial["finished"] and len(partial["rounds"][0]["you"]) == 5
    rest = cli_input("ballet", "kitchen")[len(cli_input("ballet", "kitchen", rows=6)) :]
    resumed = CliRunner().invoke(cli.main, ["deduce", "play", "--resume", str(save)], input=rest)
    assert resumed.exit_code == 0, resumed.output
    finished = saved_game(save)
    straight = tmp_path / "straight.json"
    CliRunner().invoke(cli.main, [*args[:-1], str(straight)], input=cli_input("ballet", "kitchen"))
    assert finished == saved_game(straight)


def test_resume_errors_are_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli.main, ["deduce", "play", "--resume", str(tmp_path / "none.json")]
    )
    assert result.exit_code == 1 and "no saved game" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = CliRunner().invoke(cli.main, ["deduce", "play", "--resume", str(bad)])
    assert "is not a saved myword game" in result.stderr


def test_gamewords_from_a_page_of_text(tmp_path: Path) -> None:
    page = Path(__file__).resolve().parents[2] / "solver" / "words" / "samples" / "page.txt"
    state = session.new_game(session.Settings(rounds=2, seed=6, pool_from=str(page)))
    sixes = lexicon.pool(6, from_text=page).words
    assert state["rounds"][0]["bot_word"] in sixes
    assert state["rounds"][1]["bot_word"] in lexicon.pool(7, from_text=page).words
    words = iter(["ballet", "market", "weather"])  # BALLET is not on the page
    rows = iter(guesses_for(SIX) + guesses_for(SEVEN))
    console = ScriptedConsole(lambda p: next(words) if "Gameword" in p else next(rows))
    lines.play(state, console, tmp_path / "g.json")
    assert any("not on the page" in line for line in console.said)
    assert state["rounds"][0]["your_word"] == "market"


def test_non_words_are_accepted_when_agreed(tmp_path: Path) -> None:
    state = session.new_game(session.Settings(rounds=1, seed=1, accept_nonwords=True))
    offered = iter(["xq", *guesses_for(SIX)[1:]])
    lines.play(
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
    assert len(saved_game(save)["rounds"][0]["you"]) == 1


def test_a_new_game_without_a_seed_draws_one_shows_it_and_replays(tmp_path: Path) -> None:
    """Issue 14: every game was the same (EATING, then FORCING). A game without --seed
    draws a fresh seed, says it and keeps it in the save; --seed with it replays the game."""
    games = [session.new_game(session.Settings()) for _ in range(5)]
    drawn = {g["settings"]["seed"] for g in games}
    assert len(drawn) > 1 and all(isinstance(seed, int) for seed in drawn)
    assert len({g["rounds"][0]["bot_word"] for g in games}) > 1
    first = games[0]
    again = session.new_game(session.Settings(seed=first["settings"]["seed"]))
    assert again["rounds"] == first["rounds"]
    save = tmp_path / "fresh.json"
    result = CliRunner().invoke(cli.main, ["deduce", "play", "--save", str(save)], input="")
    seed = saved_game(save)["settings"]["seed"]
    # The seed draws the bot's words: until the game is over it is neither said nor readable
    # in the save (a newcomer replayed a shown seed elsewhere and read the bot's word).
    assert isinstance(seed, int) and str(seed) not in result.output
    readable = json.loads(save.read_text("utf-8"))["state"]
    assert readable["settings"]["seed"] is None
    console = ScriptedConsole(plain_player({6: "ballet", 7: "kitchen"}))
    lines.play(session.new_game(session.Settings(seed=seed)), console, tmp_path / "end.json")
    assert console.said[-2] == f"This game replayed --seed {seed}."  # typed: a replay
    # and last, where the finished game is and how to review it (a newcomer had to find
    # myword games alone: only the race said it)
    end = tmp_path / "end.json"
    assert console.said[-1] == f"Game saved as {end}; review it with: myword review {end}"


def test_the_bot_is_the_bot_and_you_play(tmp_path: Path) -> None:
    """Issue 14: the bot called itself "me" and "bot", and "purple plays first" read as
    "you plays". One name, and verbs that agree with "you"."""
    state = session.new_game(session.Settings(seed=3, you="red"))
    console = ScriptedConsole(plain_player({6: "ballet", 7: "kitchen"}))
    lines.play(state, console, tmp_path / "game.json")
    said = "\n".join([*console.said, *console.prompts])
    assert "Round 1: 6-letter Gamewords; the bot (Purple) plays first." in said
    assert "Round 2: 7-letter Gamewords; you (Red) play first." in said
    assert not re.search(r"\b(me|my|mine|I)\b", said)
    assert "The bot's Guessword for row 1" in said
    screen = rendered(display.game_view(state))
    assert "The bot's Guesswords" in screen and not re.search(r"\b(me|my|Mine)\b", screen)


def test_a_save_from_before_fresh_seeds_still_resumes(tmp_path: Path) -> None:
    """Saves made before every game had its seed hold "seed": null (the default seed): the
    save format is unchanged, so they load and play on, showing no seed."""
    state = session.new_game(session.Settings(rounds=1, seed=None))
    state["settings"]["seed"] = None  # as an older myword wrote it
    path = tmp_path / "old.json"
    session.save(state, path)
    game = session.Game(session.load(path), path)
    assert game.settings.seed is None and words.seed_line(game.state) == ""
    assert game.waiting().kind == session.GAMEWORD
    game.choose_gameword("ballet")
    assert session.load(path)["rounds"][0]["your_word"] == "ballet"


def test_a_gameword_outside_the_familiar_tier_is_called_rare() -> None:
    """SORREL is in the common dictionary (tier core) but not familiar: the note still says
    the rules ask for a familiar word (the core tier once hid it)."""
    rare = session.Game(session.new_game(session.Settings(rounds=1, seed=1)))
    assert any("rare word" in note for note in words.say(rare.choose_gameword("sorrel"), 0))
    common = session.Game(session.new_game(session.Settings(rounds=1, seed=1)))
    assert words.say(common.choose_gameword("ballet"), 0) == []
