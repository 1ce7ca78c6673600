"""The rulebook's examples, every one: the sample game, repeated letters, sheets."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import Mark, Row, default_sheet, load_sheet, marking, parse_sheet, score
from solver.deduce.rules import SheetError, possible_scores

# Red's Guesswords against Purple's BALLET; row 8 is not printed, only its 2000.
RED_VS_BALLET = [
    ("an", 250),
    ("car", 1000),
    ("act", 1250),
    ("toe", 1250),
    ("old", 250),
    ("toot", 1000),
    ("dull", 1250),
    (None, 2000),
    ("palls", 3000),
    ("alter", 3250),
    ("wallet", 5000),
]
PURPLE_VS_NEPHEW = [
    ("so", 0),
    ("den", 1250),
    ("ebb", 1000),
    ("inn", 250),
    ("bid", 0),
    ("turn", 250),
    ("earl", 1000),
    ("newt", 2250),
    ("newel", 2500),
    ("endow", 2250),
    ("nephew", 9000),
]


def play_sheet(gameword: str, guesses: list) -> list[int]:
    sheet = default_sheet(6)
    return [
        heard if guess is None else score(gameword, guess, row.offset, sheet.is_last(i))
        for i, (row, (guess, heard)) in enumerate(zip(sheet.rows, guesses, strict=True))
    ]


@pytest.mark.parametrize(
    ("gameword", "guesses", "total"),
    [("ballet", RED_VS_BALLET, 19500), ("nephew", PURPLE_VS_NEPHEW, 19750)],
)
def test_sample_game_every_score_and_total(gameword: str, guesses: list, total: int) -> None:
    scores = play_sheet(gameword, guesses)
    assert scores == [heard for _, heard in guesses]
    assert sum(scores) == total


def test_row_offsets_matter_left_aligned_guesses_score_wrong() -> None:
    wrong = {g for g, heard in RED_VS_BALLET[:7] if score("ballet", g) != heard}
    assert wrong == {"act", "toe", "toot", "dull"}


def test_nephew_scores_the_bonus_and_wallet_does_not() -> None:
    assert score("nephew", "nephew", 0, last_row=True) == 9000
    assert score("ballet", "wallet", 0, last_row=True) == 5000
    assert score("nephew", "nephew", 0, last_row=False) == 6000


def test_repeated_letters_toot_and_dull() -> None:
    # TOOT at row 6 (4@2) under LLET: only the final T scores, matching.
    assert marking("ballet", "toot", 2) == (Mark.NONE, Mark.NONE, Mark.NONE, Mark.MATCHING)
    # DULL (4@1) under ALLE: the first L matches, the second falls under E: non-matching.
    assert marking("ballet", "dull", 1) == (Mark.NONE, Mark.NONE, Mark.MATCHING, Mark.NON_MATCHING)


def test_first_examples_of_the_rulebook() -> None:
    assert score("nephew", "so") == 0
    assert marking("ballet", "an") == (Mark.NON_MATCHING, Mark.NONE)
    assert marking("nephew", "den") == (Mark.NONE, Mark.MATCHING, Mark.NON_MATCHING)
    assert score("ballet", "car") == 1000


def test_non_matching_letters_are_counted_left_to_right_once_each() -> None:
    assert marking("abcdef", "ee", 0) == (Mark.NON_MATCHING, Mark.NONE)
    assert score("eeabcd", "xe", 0) == 1000 and score("eeabcd", "ex", 2) == 250


def test_score_is_case_insensitive_and_checks_placement() -> None:
    assert score("BALLET", "Car") == 1000
    with pytest.raises(ValueError, match="does not fit"):
        score("ballet", "alter", 2)


def test_default_sheets() -> None:
    six, seven = default_sheet(6), default_sheet(7)
    assert str(six) == "2@0 3@0 3@1 3@2 3@3 4@2 4@1 4@0 5@0 5@1 6@0"
    assert str(seven) == "3@0 4@0 4@1 4@2 4@3 5@2 5@1 5@0 6@0 6@1 7@0"
    assert six.word_length == 6 and seven.word_length == 7
    assert len(six.rows) == len(seven.rows) == 11
    assert load_sheet("7") == seven


def test_user_sheet_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "five.txt"
    path.write_text("# a short sheet\n2@0, 3@1\n4@1 5@0\n")
    sheet = load_sheet(path)
    assert sheet.rows == (Row(2, 0), Row(3, 1), Row(4, 1), Row(5, 0))
    assert sheet.name == "five.txt"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2@0 3@x 6@0", "is not a row"),
        ("6@0", "at least two rows"),
        ("2@0 5@1", "full word"),
        ("1@0 6@0", "shorter than 2"),
        ("3@4 6@0", "runs past"),
        ("2@0 61@0", "sheets go up to 60 letters"),
        ("2@0 \uff12@0", "is not a row"),  # a fullwidth digit
        ("2@0 " * 100 + "6@0", "101 rows; a sheet holds 100 at most"),
    ],
)
def test_invalid_sheets(text: str, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        parse_sheet(text, "bad")


def test_missing_sheet_file() -> None:
    with pytest.raises(SheetError, match="no such sheet file"):
        load_sheet("nowhere.txt")


def test_possible_scores() -> None:
    two = possible_scores(Row(2, 0), 6, last_row=False)
    assert two == {0, 250, 500, 1000, 1250, 2000}
    last = possible_scores(Row(6, 0), 6, last_row=True)
    assert 9000 in last and 6000 not in last and 5000 in last and 5250 not in last
    assert 1500 in last  # six non-matching letters


@pytest.mark.parametrize("row", [Row(2, 0), Row(2, 1), Row(3, 1), Row(4, 0)])
def test_possible_scores_are_exactly_the_reachable_ones(row: Row) -> None:
    """Brute force over a five-letter alphabet and four-letter Gamewords."""
    letters = "abcde"
    gamewords = [a + b + c + d for a in letters for b in letters for c in letters for d in letters]
    guesses = [w[: row.length] for w in gamewords[:: 5 ** (4 - row.length)]]
    last = row.length == 4
    reached = {score(g, q, row.offset, last) for g in gamewords for q in guesses}
    assert reached == possible_scores(row, 4, last)


@pytest.mark.kernels
@pytest.mark.parametrize(
    "text",
    [
        pytest.param("2@0 10@0", marks=pytest.mark.heavy),
        "3@0 5@2 8@4 15@0",
        "2@0 3@1 30@0",
        "2@0 60@0",
    ],
)
def test_long_sheets_are_advised_end_to_end(tmp_path: Path, text: str) -> None:
    """Sheets longer than 7 letters once crashed the process (kernel tables sized for 7)."""
    path = tmp_path / "long.txt"
    path.write_text(text)
    first = parse_sheet(text, "long").rows[0]
    guess = "ab"[: first.length] + "x" * (first.length - 2)
    for tier in ("familiar", "all"):
        options = ["--sheet", str(path), "--history", f"{guess} 0", "--pool", tier, "--json"]
        result = CliRunner().invoke(cli.main, ["deduce", "advise", *options])
        assert result.exit_code in (0, 1), result.output
        if result.exit_code:  # no word of the length in the tier: a one-line error
            assert result.stderr.startswith("Error: the pool is empty"), result.stderr
            continue
        advice = json.loads(result.stdout)
        assert advice["next_row"]["length"] == parse_sheet(text, "long").rows[1].length
        assert advice["recommended"] or advice["candidates"] == 0


@pytest.mark.parametrize("sheet", ["6", "long"])
def test_advise_refuses_a_length_and_another_sheet(tmp_path: Path, sheet: str) -> None:
    """--length 7 with --sheet 6 once went quietly to the 7-letter sheet."""
    if sheet == "long":
        sheet = str(tmp_path / "eight.txt")
        Path(sheet).write_text("2@0 8@0")
    result = CliRunner().invoke(cli.main, ["deduce", "advise", "--length", "7", "--sheet", sheet])
    assert result.exit_code == 1 and result.stderr == "Error: give --length or --sheet, not both\n"
    same = CliRunner().invoke(cli.main, ["deduce", "advise", "--length", "7", "--sheet", "7"])
    assert same.exit_code == 0, same.output
