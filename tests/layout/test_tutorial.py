"""docs/tutorials/layout.md works as written: its player, its game and its benchmark (with
fewer games), run from a folder of one's own."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner

import cli

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = (ROOT / "docs" / "tutorials" / "layout.md").read_text("utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", TUTORIAL, re.S)


def test_the_tutorial_player_plays_and_benchmarks(tmp_path, monkeypatch) -> None:
    (tmp_path / "my_player.py").write_text(_blocks("python")[0])
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    commands = [
        line for block in _blocks("sh") for line in block.splitlines() if line.startswith("myword")
    ]
    assert len(commands) == 4
    runner = CliRunner()
    for command in commands:
        argv = shlex.split(command)[1:]
        if "--games" in argv:
            argv[argv.index("--games") + 1] = "3"
        if "--engine" in argv and shutil.which("node") is None:
            continue
        person = "quit\n" if argv[:2] == ["layout", "play"] else None  # after its move
        result = runner.invoke(cli.main, argv, input=person)
        assert result.exit_code == 0, (command, result.output)
        if person:
            assert "my_player.py:move plays card" in result.output or "knocks" in result.output
            assert "Game saved" in result.output
        if argv[:2] == ["layout", "solo"]:
            assert "Final score" in result.output
        if argv[:2] == ["layout", "bench"]:
            assert "win rate" in result.output
    table = runner.invoke(cli.main, [*shlex.split(commands[2])[1:-2], "--games", "3", "--json"])
    rows = json.loads(table.stdout)["players"]
    assert [row["player"] for row in rows] == ["my_player.py:move", "greedy", "random"]
    assert rows[0]["mean_score"] > rows[2]["mean_score"]
