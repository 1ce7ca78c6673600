"""myword deduce ...: score, advise, solve and bench through the command line."""

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import cli


def run(*args: str):
    return CliRunner().invoke(cli.main, list(args))


def test_score_plain_shows_marks_in_symbols() -> None:
    result = run("deduce", "score", "BALLET", "dull", "--row", "7")
    assert result.exit_code == 0
    assert "1,250" in result.output and "~D~ ~U~ (L) _L_" in result.output


def test_score_json_with_the_bonus() -> None:
    document = json.loads(
        run("deduce", "score", "nephew", "nephew", "--row", "11", "--json").stdout
    )
    assert document["score"] == 9000 and document["last_row"] is True
    assert document["marks"] == ["matching"] * 6


def test_score_on_the_seven_letter_sheet() -> None:
    document = json.loads(
        run("deduce", "score", "kitchen", "chin", "--row", "5", "--sheet", "7", "--json").stdout
    )
    assert document["offset"] == 3 and document["score"] == 3250


def test_advise_json() -> None:
    result = run(
        "deduce", "advise", "--length", "6", "--history", "SO 0, DEN 1250", "--top", "3", "--json"
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["next_row"]["number"] == 3 and document["candidates"] > 1
    assert len(document["recommended"]) == 3


def test_advise_plain() -> None:
    result = run("deduce", "advise", "--history", "SO 0, DEN 1250")
    assert result.exit_code == 0
    for heading in ("Next: row 3 of 11", "Most probable", "Marginal alphabets", "Recommended"):
        assert heading in result.output


def test_each_advice_column_holds_one_measure_named_in_its_header() -> None:
    """One "value" column held the opening book's 31,516 (points to the round's end) beside
    the lookahead's 1,678 (a score over two rows), under a caption that described only the
    second. Each measure now has its own column, named in its header, and --json names each
    value's measure: the book's moves on an empty sheet, the lookahead's off the book."""
    for args, measure, header in (
        ([], "points_to_end", "expected points to round's end"),
        (["--history", "SO 0, DEN 1250, EBB 1000"], "lookahead_score", "lookahead score"),
    ):
        document = json.loads(run("deduce", "advise", "--top", "5", *args, "--json").stdout)
        measures = {c["measure"] for c in document["recommended"]}
        assert measures == {measure}
        output = run("deduce", "advise", "--top", "5", *args).output
        table = output[output.index("Recommended (lookahead") :]
        lines = table.splitlines()
        cells = zip(row_cells(lines[2]), row_cells(lines[3]), strict=True)
        head = [" ".join(c).strip() for c in cells]
        assert head == ["Guessword", "expected points this row", "expected bits", header]
        rows = [row_cells(line) for line in lines if line.startswith("│")]
        for row, choice in zip(rows, document["recommended"], strict=True):
            assert abs(int(row[3].replace(",", "")) - choice["value"]) <= 1  # JSON's rounding
        assert "value" not in table


def row_cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split("[┃│]", line)[1:-1]]


def test_advise_warns_about_non_words_on_stderr() -> None:
    result = run("deduce", "advise", "--history", "XQ 0", "--json")
    assert result.exit_code == 0
    assert "XQ is not in the dictionary" in result.stderr
    json.loads(result.stdout)


def test_advise_reports_an_inconsistent_history() -> None:
    history = "SO 0, DEN 1250, EBB 1250, INN 250, BID 0, TURN 250, EARL 1000, NEWT 2250"
    result = run("deduce", "advise", "--history", history)
    assert result.exit_code == 0
    assert "No dictionary word fits" in result.output and "Changing 1 score" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deduce", "advise", "--history", "SOS 0"], "takes a 2-letter Guessword"),
        (["deduce", "advise", "--history", "SO 1300"], "multiple of 250"),
        (["deduce", "advise", "--history", "SO 1750"], "impossible"),
        (["deduce", "advise", "--history", "S0 0"], "cannot read"),
        (["deduce", "advise", "--sheet", "nowhere.txt"], "no such sheet file"),
        (["deduce", "advise", "--length", "7", "--sheet", "x.txt"], "not both"),
        (["deduce", "score", "ballet", "car", "--row", "1"], "takes a 2-letter Guessword"),
        (["deduce", "score", "ballet", "an", "--row", "12"], "has 11 rows"),
        (["deduce", "score", "ballets", "an", "--row", "1"], "6-letter Gameword"),
        (["deduce", "solve", "balle"], "not a 6-letter word"),
        (["deduce", "solve", "xqzzyv"], "not in the dictionary"),
        (["deduce", "solve", "canción"], "not English letters: ó (Spanish words: --lang es)"),
        (["deduce", "solve", "ballet", "--strategy", "magic"], "unknown strategy 'magic'"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert message in result.stderr and "Traceback" not in result.stderr


def test_solve_several_gamewords_json() -> None:
    result = run("deduce", "solve", "ballet", "nephew", "--json")
    assert result.exit_code == 0
    rounds = json.loads(result.stdout)
    assert [r["gameword"] for r in rounds] == ["ballet", "nephew"]
    assert all(r["bonus"] and len(r["rows"]) == 11 and r["total"] <= r["oracle"] for r in rounds)


def test_solve_plain_prints_the_sheet() -> None:
    result = run("deduce", "solve", "nephew")
    assert result.exit_code == 0
    assert "round total (bonus won)" in result.output and "NEPHEW" in result.output


def test_pick_and_match_json() -> None:
    picked = json.loads(
        run(
            "deduce", "pick", "--length", "7", "--difficulty", "hard", "--seed", "2", "--json"
        ).stdout
    )
    assert (
        len(picked["word"]) == 7 and picked["difficulty"] == "hard" and picked["drawn_from"] > 100
    )
    assert picked["seed"] == 2
    plain = run("deduce", "pick", "--seed", "2")
    assert plain.stdout.strip() == picked_six(2) and "seed 2" in plain.stderr
    result = run("deduce", "match", "--games", "1", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    purple, red = document["players"]
    assert purple["player"] == "lookahead" and red["player"] == "points"
    assert purple["wins"] + red["wins"] == 1 and len(purple["breakdown"]) == 2  # two rounds


def picked_six(seed: int) -> str:
    return json.loads(run("deduce", "pick", "--seed", str(seed), "--json").stdout)["word"].upper()


def test_pick_without_a_seed_draws_afresh_and_says_which() -> None:
    """Issue 14: without --seed, pick always drew AFFAIR. Now each run draws a fresh seed,
    shows it, and --seed with that number draws the same word again."""
    documents = [json.loads(run("deduce", "pick", "--json").stdout) for _ in range(6)]
    assert len({d["seed"] for d in documents}) > 1
    for document in documents[:2]:
        assert picked_six(document["seed"]) == document["word"].upper()
    plain = run("deduce", "pick")
    seed = int(plain.stderr.split()[1].rstrip(":"))
    assert plain.stdout.strip() == picked_six(seed)


def test_bench_json() -> None:
    args = ("deduce", "bench", "--strategy", "points,entropy", "--games", "3", "--seed", "5")
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    points, entropy = document["players"]
    assert document["games"] == 3 and points["games"] == entropy["games"] == 3
    assert 0 < points["ratio"] <= 1 and points["mean_oracle"] == entropy["mean_oracle"]
    assert len(points["breakdown"]) == 11  # the rows of the sheet
    again = json.loads(run(*args, "--json").stdout)
    for row in [*document["players"], *again["players"]]:
        del row["seconds_per_move"]  # the only thing allowed to differ
    assert document == again
    bad = run("deduce", "bench", "--strategy", "points,guessing")
    assert bad.exit_code == 1 and "guessing" in bad.output


def test_play_opens_the_full_screen_game_at_a_terminal(monkeypatch, tmp_path) -> None:
    """At a terminal `deduce play` opens the app (every option passed to the game); with
    --plain, --json or a pipe it plays in line mode."""
    from solver.deduce.ui import commands
    from solver.ui import app

    opened = []

    def run_app(first):
        opened.append(first().game)
        return 0

    monkeypatch.setattr(app, "run_app", run_app)
    monkeypatch.setattr(commands, "_interactive", lambda: True)
    args = ["deduce", "play", "--rounds", "1", "--seed", "5", "--you", "red", "--you-score"]
    args += ["--difficulty", "easy", "--hints", "off", "--turn-seconds", "30"]
    result = run(*args, "--accept-nonwords", "--save", str(tmp_path / "a.json"))
    assert result.exit_code == 0, result.output
    assert "continue with: myword deduce play --resume" in result.output  # left unfinished
    settings = opened[0].settings
    assert (settings.rounds, settings.seed, settings.you, settings.difficulty) == (
        1,
        5,
        "red",
        "easy",
    )
    assert settings.you_score and not settings.hints and settings.turn_seconds == 30
    assert settings.accept_nonwords
    plain = run("deduce", "play", "--plain", "--save", str(tmp_path / "b.json"))
    assert len(opened) == 1 and "Game saved to" in plain.output  # line mode: end of input
    monkeypatch.setattr(commands, "_interactive", lambda: False)
    piped = run("deduce", "play", "--save", str(tmp_path / "c.json"))
    assert len(opened) == 1 and "Your 6-letter Gameword" in piped.output


# --- Words are read the same way everywhere: folded (issue 24, item 1) ------------------


@pytest.mark.parametrize(
    ("args", "points"),
    [
        (["canción", "cancion", "--row", "11", "--sheet", "7"], 10000),  # 7 matching + bonus
        (["nepalí", "mise", "--row", "6"], 500),  # I and E non-matching, as in NEPALI
        (["NEPALÍ", "MISÉ", "--row", "6"], 500),
        (["cancio\u0301n", "CANCIÓN", "--row", "11", "--sheet", "7"], 10000),  # a combining accent
    ],
)
def test_score_folds_accents_as_every_command_does(args: list[str], points: int) -> None:
    result = run("deduce", "score", *args, "--lang", "es", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["score"] == points and document["lang"] == "es"
    assert document["gameword"].isascii() and document["guess"].isascii()


def test_score_says_which_language_an_accented_word_belongs_to() -> None:
    result = run("deduce", "score", "canción", "cancion", "--row", "11", "--sheet", "7")
    assert result.exit_code != 0 and "Traceback" not in result.stderr
    assert "not English letters: ó (Spanish words: --lang es)" in result.stderr
    result = run("deduce", "score", "bal1et", "an", "--row", "1")
    assert result.exit_code != 0 and "not English letters: 1" in result.stderr


def _spanish_words() -> dict[int, list[str]]:
    """Spanish words as the word list spells them, accents and all, by length."""
    from solver.wordtools import lexicon

    path = lexicon.dictionaries_dir() / "es" / "core.txt"
    by_length: dict[int, list[str]] = {}
    for word in path.read_text("utf-8").split():
        by_length.setdefault(len(word), []).append(word)
    return by_length


SPANISH = _spanish_words()


@settings(max_examples=200, deadline=None)
@given(data=st.data(), length=st.sampled_from([6, 7]), upper=st.booleans())
def test_score_of_spanish_words_is_the_score_of_their_folded_forms(
    data, length: int, upper: bool
) -> None:
    """Any two Spanish words, as spelled (accents, either case): the score is the rules'
    score of the words folded first (103 of 400 such pairs were scored wrong)."""
    from solver.deduce import default_sheet, score
    from solver.wordtools import lexicon

    sheet = default_sheet(length)
    number = data.draw(st.integers(1, len(sheet.rows)), "row")
    row = sheet.rows[number - 1]
    gameword = data.draw(st.sampled_from(SPANISH[length]), "gameword")
    guess = data.draw(st.sampled_from(SPANISH[row.length]), "guess")
    if upper:
        gameword, guess = gameword.upper(), guess.upper()
    result = run(
        "deduce", "score", gameword, guess, "--row", str(number), "--sheet", str(length),
        "--lang", "es", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    fold = lexicon.language("es").normalize
    expected = score(fold(gameword), fold(guess), row.offset, sheet.is_last(number - 1))
    assert json.loads(result.stdout)["score"] == expected


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_advise_reads_an_accented_history_as_folded() -> None:
    """A Guessword typed with its accents is the same Guessword: same advice, and the
    history shown as the dictionaries store it."""
    accented = run(
        "deduce", "advise", "--lang", "es", "--history", "té 0, Más 1250", "--top", "2",
        "--json",
    )  # fmt: skip
    plain = run(
        "deduce", "advise", "--lang", "es", "--history", "te 0, mas 1250", "--top", "2",
        "--json",
    )  # fmt: skip
    assert accented.exit_code == 0, accented.output
    assert json.loads(accented.stdout) == json.loads(plain.stdout)
    assert json.loads(accented.stdout)["history"][1] == {"guess": "mas", "heard": 1250}
    english = run("deduce", "advise", "--history", "té 250")
    assert english.exit_code != 0 and "(Spanish words: --lang es)" in english.stderr


def test_an_inconsistent_history_warns_of_a_non_word_once() -> None:
    history = "SO 0, DEN 1250, ONL 1250, INN 250, BID 0, TURN 250, EARL 1000"
    result = run("deduce", "advise", "--history", history)
    assert result.exit_code == 0, result.output
    assert result.stderr.count("ONL is not in the dictionary") == 1
    assert "No dictionary word fits" in result.output
