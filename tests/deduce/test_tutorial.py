"""docs/tutorials/deduce.md works as written: its strategy file, played and benchmarked
by its own commands (with fewer games)."""

import json
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

import cli

TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "deduce.md"


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", TUTORIAL.read_text("utf-8"), re.S)


def test_the_tutorial_s_strategy_plays_and_benchmarks_by_its_commands(
    tmp_path, monkeypatch
) -> None:
    (code,) = blocks("python")
    (tmp_path / "my_strategy.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    commands = [
        line.removeprefix("$ ")
        for block in blocks("console")
        for line in block.split("\n")
        if line.startswith("$ ")
    ]
    assert len(commands) == 3
    for command in commands:
        argv = shlex.split(command)[1:]
        if "--games" in argv:
            argv[argv.index("--games") + 1] = "2"
        result = CliRunner().invoke(cli.main, argv)
        assert result.exit_code == 0, (command, result.output)
        assert "Traceback" not in result.output
    bench = commands[1]
    argv = shlex.split(bench)[1:]
    argv[argv.index("--games") + 1] = "2"
    result = CliRunner().invoke(cli.main, [*argv, "--json"])
    players = [p["player"] for p in json.loads(result.output)["players"]]
    assert players == ["lookahead", "points", "my_strategy.py:guess"]
