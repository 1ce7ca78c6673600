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
