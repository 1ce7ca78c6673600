"""Players of one's own (``solver.arena.plugins``): every form of name, and every way to get one
wrong, each a one-line error listing the choices."""

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import plugins
from solver.deduce import load_sheet, players
from solver.runtime.errors import UserError


def write(tmp_path: Path, name: str, code: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def test_built_in_names_are_the_built_in_strategies() -> None:
    assert players.strategy("lookahead") is players.LOOKAHEAD
    assert players.strategy(" entropy ") is players.ENTROPY


def test_a_function_a_class_and_an_object_in_a_file_are_strategies(tmp_path) -> None:
    path = write(
        tmp_path,
        "mine.py",
        """
        def first(view):
            return "at"

        class Always:
            def guess(self, view):
                return "at"

        ALWAYS = Always()
        """,
    )
    view = players.GuesserView(load_sheet("6"), ())
    for attr in ("first", "Always", "ALWAYS"):
        found = players.strategy(f"{path}:{attr}")
        assert found.guess(view) == "at"


def test_module_attr_names_an_importable_strategy() -> None:
    found = players.strategy("solver.deduce.players:POINTS")
    assert found is players.POINTS


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nosuch", "unknown strategy 'nosuch' (choose from lookahead, points, entropy, or give"),
        ("nosuch.module:attr", "No module named 'nosuch'"),
        ("solver.deduce.players:NOSUCH", "has no 'NOSUCH'"),
        ("solver.deduce.players:KIND", "is not a strategy: it needs a guess() method"),
        ("/no/such/file.py:guess", "no file '/no/such/file.py'"),
        ("", "an empty strategy name"),
        (":guess", "give module:attr or path/to/file.py:attr"),
    ],
)
def test_a_bad_name_is_one_clear_error(name: str, message: str) -> None:
    with pytest.raises(UserError, match=message.replace("(", r"\(").replace(")", r"\)")):
        players.strategy(name)


def test_a_file_that_fails_to_import_is_one_clear_error(tmp_path) -> None:
    path = write(tmp_path, "broken.py", "raise RuntimeError('not today')\n")
    with pytest.raises(UserError, match="RuntimeError: not today"):
        players.strategy(f"{path}:guess")


def test_installed_packages_register_strategies_by_entry_point(tmp_path, monkeypatch) -> None:
    """A package installed with an entry point in ``myword.deduce.strategies`` is listed by
    ``myword deduce players`` and can be named like a built-in."""
    package = write(tmp_path, "their_strategy.py", "def guess(view):\n    return 'at'\n")
    dist = tmp_path / "their_strategy-1.2.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: their-strategy\nVersion: 1.2\n")
    (dist / "entry_points.txt").write_text(
        "[myword.deduce.strategies]\ntheirs = their_strategy:guess\n"
        "points = their_strategy:guess\nengine:sly = their_strategy:guess\n"
    )
    monkeypatch.syspath_prepend(str(package.parent))
    plugins._load.cache_clear()
    listed = CliRunner().invoke(cli.main, ["deduce", "players", "--json"])
    assert listed.exit_code == 0, listed.output
    entries = json.loads(listed.output)["players"]
    assert {"name": "theirs", "path": "their_strategy:guess", "origin": "their-strategy 1.2"} in (
        entries
    )
    assert [e["origin"] for e in entries[:3]] == ["built-in"] * 3
    view = players.GuesserView(load_sheet("6"), ())
    assert players.strategy("theirs").guess(view) == "at"
    # Names no one can load them by are listed, saying why, for their author to rename
    # (they were left out without a word).
    hidden = {e["name"]: e.get("hidden", "") for e in entries if e["origin"] != "built-in"}
    assert hidden["theirs"] == ""
    assert hidden["points"].startswith("the built-in points has this name")
    assert hidden["engine:sly"].startswith("a name starting engine: names an engine")
    assert "engine:sly" not in plugins.names(players.KIND)
    assert plugins.names(players.KIND).count("points") == 1
    table = CliRunner().invoke(cli.main, ["deduce", "players"], env={"COLUMNS": "200"})
    assert "not loaded by this name: the built-in points has this name" in table.output


def test_the_players_table_names_each_with_its_import_path() -> None:
    shown = CliRunner().invoke(cli.main, ["deduce", "players"])
    assert shown.exit_code == 0
    assert "lookahead" in shown.output and "solver.deduce.players:LOOKAHEAD" in shown.output
    assert "myword.deduce.strategies" in shown.output


def test_the_registry_is_keyed_by_kind() -> None:
    assert [e.name for e in plugins.registered(players.KIND)][:3] == [
        "lookahead",
        "points",
        "entropy",
    ]


def test_a_player_given_by_its_file_is_named_by_the_file_in_tables() -> None:
    from solver.ui.render import player_labels

    assert player_labels(["hard", "/home/me/bots/mine.py:look"]) == ["hard", "mine.py:look"]
    alike = ["/a/mine.py:look", "/b/mine.py:look"]  # two files of one name: whole names
    assert player_labels(alike) == alike
    assert player_labels(["x/mine.py:look", "x/mine.py:look"]) == ["mine.py:look"] * 2
    # An engine by its command with each path cut to its file: a table's width had cut
    # every engine's whole command to "engine:no…" (a plugin author's finding).
    engines = ["engine:node /home/me/engines/mine.js --fast", "engine:/usr/bin/python3 b.py"]
    assert player_labels(engines) == ["engine:node mine.js --fast", "engine:python3 b.py"]
    options = ["engine:C:\\bots\\mine.exe --model=/data/big.bin"]  # a flag keeps its name
    assert player_labels(options) == ["engine:mine.exe --model=big.bin"]
    twins = ["engine:node /a/mine.js", "engine:node /b/mine.js"]
    assert player_labels(twins) == twins


def test_names_a_game_reads_as_something_else_are_hidden_with_the_reason() -> None:
    """A race reads auto, a skill and a level with its policy before any bot's name, My
    Word (1980) reads human as the person's seat, and a comma splits a list of players: an
    entry point so named could never be loaded (a code review's finding)."""
    from solver.layout.seats import KIND as LAYOUT
    from solver.race.seats import KIND as RACE

    for name in ("auto", "auto:first", "3", "2.5", "hard:wait"):
        assert plugins.unreachable(RACE, name).startswith("race reads"), name
    assert plugins.unreachable(LAYOUT, "human").startswith("layout reads human")
    assert "comma" in plugins.unreachable(LAYOUT, "mine,yours")
    assert plugins.unreachable(RACE, "steady") == plugins.unreachable(LAYOUT, "mine") == ""
