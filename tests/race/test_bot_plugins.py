"""MY WORD! bots of one's own: handed only their seat's view, their calls spelled and
ruled as anyone's, raced by the same loop and bench as the built-ins."""

import json
import random
from pathlib import Path

from click.testing import CliRunner

import cli
from solver.race import seats
from solver.race.bots import parse_bot, parse_players
from solver.race.game import play_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "race_steady.py"


def write(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "mine.py"
    path.write_text(code)
    return path


def test_the_built_ins_race_as_before_beside_the_seat_machinery() -> None:
    """Built-in bots named through ``bench_players`` play the game ``parse_players`` does."""
    ours = play_game(seats.bench_players("hard,medium:wait"), 5).to_json()
    before = play_game(parse_players("hard,medium:wait"), 5).to_json()
    assert ours == before


def test_a_bot_sees_the_table_the_counts_and_never_the_pack(tmp_path) -> None:
    seen: list[seats.RaceView] = []

    def look(view, rng):
        seen.append(view)
        return None

    bot = seats.PluginBot("watching", seats.FunctionBot(look))
    result = play_game([bot, parse_bot("easy")], 2)
    assert seen and {view.seat for view in seen} == {0}
    first = seen[0]
    assert len(first.table) == 1 and first.to_deal == 71 and first.won == (0, 0)
    assert sorted(vars(first)) == ["lang", "now", "seat", "table", "to_deal", "won"]
    assert result.totals[0] == sum(r.won[0] for r in result.rounds)


def test_a_word_the_table_cannot_spell_is_a_wrong_call(tmp_path) -> None:
    """And a bot that calls wrong words for ever still lets the round end: once nothing is
    left to give, its call changes nothing and no one looks again (it ran for ever)."""

    def look(view, rng):
        return seats.Call("zzzzzz", 0.5)

    bot = seats.PluginBot("wrong", seats.FunctionBot(look))
    result = play_game([bot, parse_bot("easy")], 3)
    mine = [c for r in result.rounds for c in r.claims if c.player == 0]
    assert mine and not any(c.valid for c in mine)
    assert result.totals[0] == 0 and result.totals[1] > 0  # free cards to the other


def test_the_example_bot_races_in_a_bench_beside_the_built_ins() -> None:
    result = CliRunner().invoke(
        cli.main,
        ["race", "bench", "--players", f"hard,{EXAMPLE}:look", "--games", "2", "--json"],
    )
    assert result.exit_code == 0, result.output
    players = json.loads(result.output)["players"]
    assert [p["player"] for p in players] == ["hard", f"{EXAMPLE}:look"]
    assert players[1]["mean_score"] > 0


def test_a_bad_bot_is_one_line_naming_it(tmp_path) -> None:
    path = write(
        tmp_path,
        "from solver.race.seats import Call\n\n"
        "def crash(view, rng):\n    raise RuntimeError('boom')\n\n"
        "def late(view, rng):\n    return Call('cat', -1)\n\n"
        "def text(view, rng):\n    return 'cat'\n",
    )
    for attr, message in [
        ("crash", "raised RuntimeError: boom"),
        ("late", "not None or a Call(word, seconds >= 0)"),
        ("text", "returned 'cat', not None or a Call"),
        ("nosuch", "has no 'nosuch'"),
    ]:
        result = CliRunner().invoke(
            cli.main, ["race", "bench", "--players", f"hard,{path}:{attr}", "--games", "1"]
        )
        assert result.exit_code != 0
        assert message in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(cli.main, ["race", "bench", "--players", "hard,nosuch"])
    levels = "beginner, easy, medium, hard, superhuman"
    assert f"unknown bot 'nosuch' (choose from {levels}" in result.output


def test_the_players_list_names_the_levels() -> None:
    result = CliRunner().invoke(cli.main, ["race", "players", "--json"])
    listed = json.loads(result.output)
    assert listed["group"] == "myword.race.bots"
    names = [p["name"] for p in listed["players"]]
    assert names == ["beginner", "easy", "medium", "hard", "superhuman"]


def test_a_built_in_is_a_bot_of_the_protocol() -> None:
    """A built-in level has ``look(view, rng)``: seated as a bot of one's own (its calls
    checked, asked through its view), the superhuman bot (no wrong calls: a bot of one's
    own makes its own) races the games it races by name."""
    from solver.race.bots import SUPERHUMAN

    view = seats.RaceView(0, ("c", "a", "t"), 5, (0, 0), 0.0, "en")
    assert isinstance(SUPERHUMAN.look(view, random.Random(1)), seats.Call)
    for seed in (1, 2):
        as_plugin = play_game([seats.PluginBot("superhuman", SUPERHUMAN), parse_bot("easy")], seed)
        by_name = play_game([parse_bot("superhuman"), parse_bot("easy")], seed)
        assert as_plugin.to_json() == by_name.to_json()


def test_an_error_from_inside_myword_names_the_bots_line_that_called(tmp_path: Path) -> None:
    """A bot that hands ``claims`` a tier it lacks: the error is raised in myword's
    lexicon, but the line names the bot's own call, the place its author can change."""
    (tmp_path / "tiers.py").write_text(
        "from solver.race.index import claims\n\n"
        "def look(view, rng):\n"
        "    return claims(list(view.table), 'nonsense')\n"
    )
    result = CliRunner().invoke(
        cli.main, ["race", "bench", "--players", f"easy,{tmp_path}/tiers.py:look", "--games", "1"]
    )
    assert result.exit_code == 1
    assert "raised LexiconError: unknown tier 'nonsense'" in result.output
    assert result.output.rstrip().endswith("(tiers.py, line 4, in look)"), result.output


def test_an_error_from_the_standard_library_names_the_bots_line_that_called() -> None:
    """`random.choice([])` was placed in random.py (a code review's finding)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        bot = Path(folder) / "empty.py"
        bot.write_text("import random\n\ndef look(view, rng):\n    return random.choice([])\n")
        result = CliRunner().invoke(
            cli.main, ["race", "bench", "--players", f"easy,{bot}:look", "--games", "1"]
        )
    assert result.exit_code == 1
    assert result.output.rstrip().endswith("(empty.py, line 4, in look)"), result.output
