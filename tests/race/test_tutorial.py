"""The MY WORD! tutorial (``docs/tutorials/race.md``) runs as written: its file is written
where a newcomer would save it, its Python prints what the page shows, its commands (with
fewer games) end in a table with the newcomer's bot in it, and its bench prints the table
the page shows (heavy: 40 games, 10 s; its figures had drifted from the page's)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorials" / "race.md"
MYWORD = Path(sys.executable).with_name("myword")
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str, str]]:
    """(language, info after it, code) of every fenced block, in order."""
    return [(m[1], m[2].strip(), m[3]) for m in BLOCK.finditer(TUTORIAL.read_text())]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The newcomer's folder, with every file the tutorial asks them to save."""
    where = tmp_path_factory.mktemp("newcomer")
    for language, info, code in blocks():
        if language == "python" and (named := re.fullmatch(r'title="([^"]+)"', info)):
            (where / named[1]).write_text(code)
    return where


def python_with_output() -> list[tuple[str, str]]:
    found = blocks()
    return [
        (code, found[k + 1][2] if k + 1 < len(found) and found[k + 1][0] == "text" else "")
        for k, (language, info, code) in enumerate(found)
        if language == "python" and not info
    ]


def test_the_tutorial_has_its_parts() -> None:
    assert [info for _, info, _ in blocks() if info] == ['title="my_bot.py"']
    assert len(python_with_output()) == 2
    assert any("my_bot.py:look" in command for command in commands())


@pytest.mark.parametrize("index", [0, 1])
def test_its_python_prints_what_the_page_shows(folder: Path, index: int) -> None:
    code, shown = python_with_output()[index]
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == shown


def commands() -> list[str]:
    """The page's ``myword`` commands: lines of its ``sh`` blocks, and the ``$ `` lines of
    its ``console`` blocks (whose output the page shows), without their comments."""
    return [
        re.sub(r"\s+# slow: .*$", "", line.removeprefix("$ "))
        for language, _, code in blocks()
        if language in ("sh", "console")
        for line in code.splitlines()
        if line.startswith(("myword ", "$ myword "))
    ]


@pytest.mark.parametrize(
    "command",
    [  # the engine's bench is CI's heavy step (test_engine.py races the engine in the suite)
        pytest.param(command, marks=pytest.mark.heavy) if "--engine" in command else command
        for command in commands()
    ],
)
def test_its_commands_end_in_a_table(folder: Path, command: str) -> None:
    if "node " in command and shutil.which("node") is None:
        pytest.skip("node is not installed")
    argv = shlex.split(command.replace("examples/", f"{ROOT}/examples/"))
    argv = [str(MYWORD), *argv[1:]]
    argv[argv.index("--games") + 1] = "2"
    ran = subprocess.run(argv, cwd=folder, capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert "MY WORD!: 2 games" in ran.stdout and "mean cards" in ran.stdout
    for player in argv[argv.index("--players") + 1].split(","):
        assert player[:12] in ran.stdout


@pytest.mark.heavy
def test_its_bench_prints_the_table_the_page_shows(folder: Path) -> None:
    """The same seed deals the same cards, as the page says: its table is the one a reader
    gets, figure for figure (a stale table read 150.4 where the bench gives 154.7)."""
    import doctest

    (session,) = [code for language, _, code in blocks() if language == "console"]
    command, *shown = session.splitlines()
    argv = shlex.split(re.sub(r"\s+# slow: .*$", "", command.removeprefix("$ ")))
    ran = subprocess.run(
        [str(MYWORD), *argv[1:]], cwd=folder, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    checker = doctest.OutputChecker()
    assert checker.check_output(
        "\n".join(shown) + "\n", ran.stdout, doctest.NORMALIZE_WHITESPACE
    ), ran.stdout
