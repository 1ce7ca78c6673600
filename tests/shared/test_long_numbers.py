"""A number of more than 4,300 digits (Python's limit for reading one) was a traceback in
``--history``, an assistant's entry, ``layout play`` and a ``--sheet`` file (issue 26): it
is refused in one line, and a game in progress goes on."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from solver.runtime.numbers import DIGITS_MOST, whole

LONG = "1" + "0" * 4400


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def test_whole_reads_what_games_need_and_refuses_more() -> None:
    assert whole("1,250", "score", ValueError) == 1250
    assert whole("9" * DIGITS_MOST, "score", ValueError) == int("9" * DIGITS_MOST)
    with pytest.raises(ValueError, match=r"score 100000000000\.\.\. has 4401 digits"):
        whole(LONG, "score", ValueError)


def test_a_long_score_in_a_history_is_one_line() -> None:
    result = run("deduce", "advise", "--history", f"so {LONG}")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith("Error: the score of 'so', 100000000000... has 4401 digits")


def test_a_long_row_in_a_sheet_file_is_one_line(tmp_path) -> None:
    sheet = tmp_path / "big.sheet"
    sheet.write_text(f"2@0 3@{LONG}\n")
    result = run("deduce", "advise", "--sheet", str(sheet))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "sheet big.sheet: row 100000000000... has 4401 digits" in result.output


def test_a_long_number_typed_in_a_game_is_refused_and_the_game_goes_on(tmp_path) -> None:
    layout = run(
        "layout", "play", "--plain", "--seed", "1", "--save", str(tmp_path / "l.json"),
        input=f"{LONG} A1\nquit\n",
    )  # fmt: skip
    assert "card 100000000000... has 4401 digits" in layout.output
    assert "Game saved to" in layout.output and "Traceback" not in layout.output
    assist = run("deduce", "assist", "--plain", "--rounds", "1", input=f"ballet\nso\n{LONG}\n")
    assert "The number 100000000000... has 4401 digits" in assist.output
    assert "Traceback" not in assist.output


OTHER_DIGITS = ["²", "٣", "\uff11\uff12"]  # fullwidth 12 last; isdigit() holds for each


def test_digits_of_other_scripts_are_no_number() -> None:
    """``str.isdigit`` holds for "²" (int() then raised: a traceback in ``layout play``'s
    "² A1" and "knock ²", and in ``review --seat ²``) and for "٣" (read as 3)."""
    from solver.runtime.numbers import ascii_digits

    assert ascii_digits("17") and not any(ascii_digits(d) for d in OTHER_DIGITS)
    for digits in OTHER_DIGITS:
        with pytest.raises(ValueError, match="is not a number"):
            whole(digits, "card", ValueError)
    assert whole("-250", "score", ValueError) == -250  # the sign stays for callers to judge
    from solver.race.bots import is_skill

    assert is_skill("3") and not is_skill("٣")  # float() reads "٣" as 3: a level named so


def test_digits_of_other_scripts_typed_in_a_game_are_refused(tmp_path) -> None:
    lines = "".join(f"{d} A1\nknock {d}\n" for d in OTHER_DIGITS)
    layout = run(
        "layout", "play", "--plain", "--seed", "1", "--save", str(tmp_path / "l.json"),
        input=f"{lines}quit\n",
    )  # fmt: skip
    assert layout.exception is None or isinstance(layout.exception, SystemExit)
    assert "Traceback" not in layout.output and "Game saved to" in layout.output
    assert layout.output.count("not understood: '") == len(OTHER_DIGITS)
    assert layout.output.count("knock which card? one of") == len(OTHER_DIGITS)


def test_a_seat_in_other_digits_is_refused_in_one_line(tmp_path) -> None:
    from solver.arena.review import GameReview

    found = GameReview("toy", "Toy", ("you", "bot"), 0, (500, 300), "points", ())
    for digits in OTHER_DIGITS:
        with pytest.raises(ValueError, match="choose 1 \\(you\\), 2 \\(bot\\) or all"):
            found.seat_named(digits)


def test_a_size_in_other_digits_is_ignored() -> None:
    """COLUMNS=² was a traceback in every command that prints (rich reads it with int())."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for size in ("COLUMNS", "LINES"):
        env = os.environ | {size: "²"}
        done = subprocess.run(
            [sys.executable, "-m", "cli", "deduce", "score", "ballet", "den", "--row", "2"],
            capture_output=True, text=True, cwd=root, env=env, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "DEN on row 2" in done.stdout
