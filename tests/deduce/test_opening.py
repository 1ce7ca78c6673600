"""The opening book is the solver's own answer, stored: its first-row part must match a
fresh computation, and its rollout part must cover every early position the default play
reaches (rebuilding it takes minutes, so the test checks its settings and its coverage)."""

import json
from importlib import resources

import numpy as np
import pytest

from solver.deduce import candidates as cand
from solver.deduce import default_sheet, opening
from solver.deduce.advisor import advise
from solver.deduce.book_builder import book_text, build_book, deepenable, improvable
from solver.deduce.game import play_round
from solver.deduce.opening import BOOK, book_choices, settings
from solver.deduce.strategies import DEFAULT_STRATEGY, DEFAULT_VOCABULARY
from solver.wordtools import lexicon


def stored() -> dict:
    return json.loads(resources.files("solver.deduce").joinpath(BOOK).read_text("utf-8"))


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
def test_book_matches_a_fresh_computation() -> None:
    document = stored()
    assert document["settings"] == settings(), "rebuild: python -m solver.deduce.book_builder"
    fresh = json.loads(json.dumps(build_book()))
    assert {k: document[k] for k in ("settings", "entries")} == fresh


def test_the_rollout_part_matches_its_settings() -> None:
    document = stored()
    assert document["rollout"]["settings"] == opening.rollout_settings(), (
        "rebuild: python -m solver.deduce.book_builder --part rollout"
    )
    assert opening.stored_positions()  # in use, not ignored
    assert (DEFAULT_STRATEGY, "familiar", DEFAULT_VOCABULARY) in opening.BOOKED


@pytest.mark.parametrize("length", opening.BOOKED_LENGTHS)
@pytest.mark.parametrize(("strategy", "prior", "vocabulary"), opening.BOOKED)
def test_the_book_covers_every_early_position_of_the_play(
    length: int, strategy: str, prior: str, vocabulary: str
) -> None:
    """Follow the booked moves through the first rows for every familiar Gameword: each
    position met (two or more candidates) must be in the book, and its choices must be
    words of the vocabulary."""
    from solver.deduce import kernels

    sheet = default_sheet(length)
    pool = lexicon.pool(length)
    codes = lexicon.encode(pool.words)
    frontier = [np.arange(len(pool.words))]
    met = 0
    for r in range(opening.BOOK_ROWS):
        following = []
        allowed = set(lexicon.words(sheet.rows[r].length, vocabulary))
        for members in frontier:
            deduction = cand.among(pool, members, prior)
            booked = opening.booked_choices(deduction, sheet, r, strategy, prior, "en", vocabulary)
            assert booked, f"row {r + 1}: {len(members)} candidates not booked"
            assert all(c.guess in allowed for c in booked)
            met += 1
            guess = lexicon.encode([booked[0].guess])[0]
            units = kernels.score_against(codes[members], guess, sheet.rows[r].offset, False)
            following += [members[units == u] for u in np.unique(units)]
        frontier = [m for m in following if len(m) > 1]
    assert met > 20


def test_the_game_plays_the_booked_move() -> None:
    sheet = default_sheet(6)
    deduction = cand.deduce([], sheet)
    root = opening.booked_choices(
        deduction, sheet, 0, "lookahead", "familiar", "en", DEFAULT_VOCABULARY
    )
    assert root is not None
    assert play_round("ballet", sheet).rows[0].guess == root[0].guess
    assert advise([], sheet, top=3).choices[0] == root[0]


def test_advice_on_an_empty_sheet_comes_from_the_book() -> None:
    sheet = default_sheet(6)
    from_book = book_choices(sheet, "points", "familiar", "en", 3, True)
    assert from_book is not None and len(from_book) == 3
    assert advise([], sheet, strategy="points", top=3).choices == tuple(from_book)
    assert book_choices(sheet, "lookahead", "familiar", "en", 3, False) is None  # custom pool
    root = opening.booked_choices(
        cand.deduce([], sheet), sheet, 0, "lookahead", "familiar", "en", DEFAULT_VOCABULARY
    )
    many = advise([], sheet, top=opening.ROLLOUT_TOP + 2)  # the rollout book holds the empty
    assert many.from_book and many.choices == tuple(root)  # sheet: its moves, all it holds


def test_first_advice_needs_no_numba() -> None:
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys\nfrom click.testing import CliRunner\nimport cli\n"
        "r = CliRunner().invoke(cli.main, ['deduce', 'advise', '--length', '7', '--json'])\n"
        "assert r.exit_code == 0, r.output\nprint('numba' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root)
    assert result.stdout.strip() == "False", result.stderr


def test_the_book_file_is_its_document_as_json() -> None:
    document = stored()
    assert json.loads(book_text(document)) == document
    first_row_only = {k: document[k] for k in ("settings", "entries")}
    assert json.loads(book_text(first_row_only)) == first_row_only


def test_only_a_shallower_book_of_the_same_settings_is_deepened(capsys) -> None:
    positions = {"some position": {}}
    shallower = {**opening.rollout_settings(), "rows": opening.BOOK_ROWS - 1}
    assert deepenable({"settings": shallower, "positions": positions}) == positions
    other = {**opening.rollout_settings(), "objective": "elsewhere"}
    assert deepenable({"settings": other, "positions": positions}) == {}
    deeper = {**opening.rollout_settings(), "rows": opening.BOOK_ROWS + 1}
    assert deepenable({"settings": deeper, "positions": positions}) == {}
    assert "cannot be deepened" in capsys.readouterr().err


def test_only_the_round_before_is_improved(capsys, monkeypatch) -> None:
    """``--improve`` builds the last round of policy iteration on the stored book only when
    that book is the round before, made with the same settings otherwise."""
    monkeypatch.setattr(opening, "BOOK_ROUNDS", 2)
    positions = {"some position": {}}
    before = {**opening.rollout_settings(), "rounds": 1}
    assert improvable({"settings": before, "positions": positions}) == positions
    same = opening.rollout_settings()
    assert improvable({"settings": same, "positions": positions}) == {}
    other = {**before, "top": opening.ROLLOUT_TOP + 1}
    assert improvable({"settings": other, "positions": positions}) == {}
    assert "not the round before" in capsys.readouterr().err


@pytest.mark.parametrize("gameword", ["ballet", "nephew", "kitchen"])
def test_the_booked_rows_come_from_the_book_with_any_top(gameword, monkeypatch) -> None:
    """On the booked rows ``deduce advise`` answers from the book, with the default --top 5
    (the book holds 8 moves) and with a --top asking for more than it holds (it answers
    with what it holds): nothing is searched (it once searched on rows 2-4 when --top asked
    for more, 3.4 ms instead of 0.3)."""
    from solver.deduce import advisor, score

    def no_search(*args, **kwargs):
        raise AssertionError("searched a position the book holds")

    monkeypatch.setattr(advisor, "choose", no_search)
    sheet = default_sheet(len(gameword))
    history: list[cand.Turn] = []
    more = opening.ROLLOUT_TOP + 2
    for index in range(opening.BOOK_ROWS):
        deduction = cand.deduce(history, sheet)
        booked = opening.booked_choices(
            deduction, sheet, index, "lookahead", "familiar", "en", DEFAULT_VOCABULARY
        )
        advice = advise(history, sheet, top=5)
        assert advice.from_book and advice.choices == tuple(booked[:5])
        assert advice.to_json(5)["recommended_from"] == "opening book"
        wide = advise(history, sheet, top=more)
        assert wide.from_book and wide.choices == tuple(booked)
        assert len(booked) == opening.ROLLOUT_TOP < more
        guess = advice.choices[0].guess
        row = sheet.rows[index]
        history.append(cand.Turn(guess, score(gameword, guess, row.offset, False)))
    monkeypatch.undo()
    assert not advise(history, sheet, top=3).from_book  # the row after the book


def test_the_command_says_the_book_holds_fewer_than_asked() -> None:
    from click.testing import CliRunner

    import cli

    first = advise([], default_sheet(6), top=1).choices[0].guess
    history = f"{first} 250"
    wide = ["deduce", "advise", "--history", history, "--top", "10"]
    plain = CliRunner().invoke(cli.main, wide)
    assert plain.exit_code == 0, plain.output
    assert "The opening book holds 8 Guesswords here (--top 10 asked for more)" in plain.output
    assert "From the opening book. Ranked by expected points to the" in plain.output
    document = json.loads(CliRunner().invoke(cli.main, [*wide, "--json"]).stdout)
    assert document["recommended_from"] == "opening book" and len(document["recommended"]) == 8
