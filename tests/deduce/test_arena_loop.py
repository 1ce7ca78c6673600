"""What's My Word?'s bench and matches played by the generic loop (``solver.arena.loop``),
the built-ins' fast path giving the rounds of old exactly."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver.arena import tournament as arena
from solver.deduce import bench, default_sheet
from solver.deduce.game import play_round
from solver.deduce.match import game_seed, play_game


@pytest.mark.parametrize("strategy", ["lookahead", "points", "entropy"])
def test_a_built_in_plays_the_bench_s_rounds_as_play_round_does(strategy: str) -> None:
    """The loop, the seat and the remembered deductions change nothing: every row's score,
    the bonus and the rows to one candidate are play_round's."""
    spec = arena.tournament("deduce", [strategy], 3, 21, length=6)
    for record in arena.run(spec):
        result = record["results"][0]
        word = result["extra"]["gameword"]
        old = play_round(word, default_sheet(6), strategy)
        assert result["breakdown"] == [row.score for row in old.rows]
        assert result["score"] == old.total and result["moves"] == len(old.rows)
        assert result["extra"]["bonus"] == old.bonus
        assert result["extra"]["rows_to_one"] == old.rows_to_one
        assert word == bench.gameword(spec, record["game"])


def test_a_match_game_is_the_same_from_the_same_seed_and_differs_from_another() -> None:
    first = play_game("points", "points", game_seed(8, 0), "easy")
    assert first == play_game("points", "points", game_seed(8, 0), "easy") | {
        "seconds": first["seconds"]
    }
    other = play_game("points", "points", game_seed(8, 1), "easy")
    assert [r["purple_word"] for r in other["rounds"]] != [
        r["purple_word"] for r in first["rounds"]
    ]
    assert first["moves"] == [24, 24]  # a pick and 11 Guesswords a round, each side
    assert first["winners"] in (["purple"], ["red"], ["purple", "red"])


def test_a_strategy_of_one_s_own_that_names_a_nonword_stops_the_bench_in_one_line(
    tmp_path,
) -> None:
    (tmp_path / "bad.py").write_text("def unknown(view):\n    return 'q' * view.length\n")
    result = CliRunner().invoke(
        cli.main,
        ["deduce", "bench", "--strategy", f"points,{tmp_path}/bad.py:unknown", "--games", "1"],
    )
    assert result.exit_code != 0, result.output
    assert "on row 1: 'qq' is not in the dictionary" in result.output
    assert "Traceback" not in result.output


def test_the_match_command_s_json_keeps_its_records_shape() -> None:
    result = CliRunner().invoke(
        cli.main, ["deduce", "match", "--games", "1", "--difficulty", "easy", "--json"]
    )
    assert result.exit_code == 0, result.output
    players = json.loads(result.output)["players"]
    assert [p["player"] for p in players] == ["lookahead", "points"]
    assert sum(p["wins"] for p in players) == 1
