"""Strategies of one's own in What's My Word?: handed only what their seat knows, checked,
and played by the same loop as the built-ins."""

import json
from pathlib import Path

from click.testing import CliRunner

import cli
from solver.deduce import load_sheet, players
from solver.deduce.game import play_round

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "deduce_likeliest.py"


class Watching:
    """A strategy that plays a built-in's move from the view alone, and keeps the views."""

    def __init__(self, inner: players.BuiltinStrategy) -> None:
        self.inner, self.views = inner, []

    def guess(self, view: players.GuesserView) -> str:
        self.views.append(view)
        return self.inner.guess(view)


def test_a_built_in_played_from_its_view_plays_the_same_round() -> None:
    """The loop's own path for the built-ins and the path every other strategy takes (a
    view a row, the move checked) give the same Guesswords and scores."""
    sheet = load_sheet("6")
    for built_in in (players.LOOKAHEAD, players.POINTS):
        watching = Watching(built_in)
        theirs = play_round("ballet", sheet, watching)
        ours = play_round("ballet", sheet, built_in.name)
        assert [(r.guess, r.score) for r in theirs.rows] == [(r.guess, r.score) for r in ours.rows]
        assert len(watching.views) == len(sheet.rows)


def test_a_strategy_sees_the_scores_it_heard_and_never_the_gameword() -> None:
    watching = Watching(players.POINTS)
    played = play_round("nephew", load_sheet("6"), watching)
    last = watching.views[-1]
    assert last.history == tuple((r.guess, r.score) for r in played.rows[:-1])
    assert "nephew" not in json.dumps(last.to_json())
    assert not any("nephew" in repr(value) for value in vars(last).values())


def test_the_example_strategy_plays_a_bench_beside_the_built_ins() -> None:
    """The tutorial's command (docs/tutorials/deduce.md), on a few games: its player is in
    the table, by its name."""
    result = CliRunner().invoke(
        cli.main,
        ["deduce", "bench", "--strategy", f"points,{EXAMPLE}:guess", "--games", "3", "--json"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    names = [p["player"] for p in summary["players"]]
    assert names == ["points", f"{EXAMPLE}:guess"]
    assert all(p["mean_score"] > 0 for p in summary["players"])


def test_an_illegal_guessword_or_a_crash_is_one_line_naming_the_strategy(tmp_path) -> None:
    (tmp_path / "bad.py").write_text(
        "def crash(view):\n    raise RuntimeError('boom')\n\n"
        "def long(view):\n    return 'x' * (view.length + 1)\n\n"
        "def unknown(view):\n    return 'q' * view.length\n"
    )
    for attr, message in [
        # where it was raised: the line shows no traceback (a plugin author's finding)
        ("crash", "on row 1 raised RuntimeError: boom (bad.py, line 2, in crash)"),
        ("long", "on row 1: 'xxx' is not a 2-letter word"),
        ("unknown", "on row 1: 'qq' is not in the dictionary"),
    ]:
        result = CliRunner().invoke(
            cli.main, ["deduce", "solve", "ballet", "--strategy", f"{tmp_path}/bad.py:{attr}"]
        )
        assert result.exit_code != 0
        assert message in result.output and "Traceback" not in result.output


def test_a_strategy_of_one_s_own_plays_whole_matches() -> None:
    """``deduce match`` takes one for either side, and names an unknown one in one line."""
    result = CliRunner().invoke(
        cli.main,
        ["deduce", "match", "--purple", f"{EXAMPLE}:guess", "--games", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    assert [p["player"] for p in json.loads(result.output)["players"]] == [
        f"{EXAMPLE}:guess",
        "points",
    ]
    wrong = CliRunner().invoke(cli.main, ["deduce", "match", "--red", "wizard"])
    assert wrong.exit_code != 0 and "unknown strategy 'wizard'" in wrong.output
