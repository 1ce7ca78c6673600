"""Every example in the README runs, and says what the README says it says.

- A fenced block whose lines start with ``$ `` is a shell session: each command runs (``myword``
  is this checkout's command) and its output is compared with the lines under it, as doctest
  compares (``...`` stands for any text, runs of spaces and line breaks are equal).
- A fenced ``pycon`` block is a doctest, run as one.
- Every ``myword ...`` the README names, in a block or inline, names a command that exists and
  only options that command has (the README once showed options nothing accepted).

Found by an independent review: the README's "CAR scores 500" had become 0 and nobody knew.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
MATCHING = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class ShellExample:
    """One ``$ command`` of a README block and the output printed under it."""

    line: int
    command: str
    output: str


def _blocks() -> list[tuple[int, str, str]]:
    """(first line number, language, text) of every fenced block."""
    text = README.read_text("utf-8")
    return [
        (text.count("\n", 0, match.start()) + 2, match.group(1), match.group(2))
        for match in FENCE.finditer(text)
    ]


def shell_examples() -> list[ShellExample]:
    examples = []
    for first, _, text in _blocks():
        if not text.startswith("$ "):
            continue
        command, output, line = None, [], first
        for number, row in enumerate(text.splitlines(), first):
            if row.startswith("$ "):
                if command is not None:
                    examples.append(ShellExample(line, command, "\n".join(output)))
                command, output, line = row[2:], [], number
            else:
                output.append(row)
        examples.append(ShellExample(line, command, "\n".join(output)))
    return examples


@pytest.fixture
def myword_on_path(tmp_path) -> dict[str, str]:
    """An environment whose ``myword`` is this checkout's, run from the repository (saved
    games go to the test's data folder, ``conftest.private_data_folder``)."""
    shim = tmp_path / "myword"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cli "$@"\n', "utf-8")
    shim.chmod(0o755)
    return os.environ | {
        "PATH": f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }


@pytest.mark.parametrize("example", shell_examples(), ids=lambda e: f"line{e.line}")
def test_each_shell_example_prints_what_the_readme_shows(example, myword_on_path) -> None:
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", example.command],
        cwd=ROOT,
        env=myword_on_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    # The test's data folder stands where a user's is (platformdirs, on Linux).
    got = done.stdout.replace(os.environ["MYWORD_DATA_DIR"], "~/.local/share/myword")
    checker = doctest.OutputChecker()
    assert checker.check_output(example.output + "\n", got, MATCHING), (
        f"README line {example.line}: `{example.command}` printed\n{got}"
    )


def test_the_python_examples_run_as_doctests(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files from a clone's top folder
    blocks = [(first, text) for first, language, text in _blocks() if language == "pycon"]
    assert blocks, "the README has no Python example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=MATCHING)
    for first, text in blocks:
        test = parser.get_doctest(text, {}, "README", str(README), first)
        result = runner.run(test)
        assert result.failed == 0, f"the Python example at README line {first} failed"


def named_commands() -> list[str]:
    """Every ``myword ...`` the README shows: inline, and as lines of its blocks."""
    text = README.read_text("utf-8")
    inline = re.findall(r"`(myword [^`]+)`", text)
    in_blocks = [
        re.sub(r"^\$ ", "", row).split(" | ", 1)[-1].split("  #")[0]
        for _, _, block in _blocks()
        for row in block.splitlines()
        if re.match(r"^(\$ )?(\S+ \| )?myword ", row) or re.match(r"^\$ .*\| myword ", row)
    ]
    return sorted({command.strip() for command in [*inline, *in_blocks]})


def _names(param: click.Parameter) -> list[str]:
    return [*param.opts, *param.secondary_opts]  # --boards and --no-boards


def _command_and_options(
    words: list[str],
) -> tuple[click.Command, list[str], set[str], list[str]]:
    """Walk the click tree down the subcommand names; the options the command accepts."""
    context = click.Context(cli.main)
    command: click.Command = cli.main
    taken = []
    options = {name for param in cli.main.params for name in _names(param)}
    rest = list(words)
    while rest and isinstance(command, click.Group):
        word = rest[0]
        if word.startswith("-"):  # an option of the group, and its value (--threads N)
            rest.pop(0)
            param = next((p for p in command.params if word in p.opts), None)
            if isinstance(param, click.Option) and not param.is_flag and rest:
                rest.pop(0)
            continue
        names = word.split("\\|")  # `solo\|play\|replay` names several
        found = [command.get_command(context, name) for name in names]
        if not all(found) or not names:
            break
        rest.pop(0)
        taken.append(word)
        command = found[0]
        options |= {name for sub in found for param in sub.params for name in _names(param)}
    return command, taken, options, rest


@pytest.mark.parametrize("named", named_commands())
def test_every_command_the_readme_names_exists_with_its_options(named: str) -> None:
    words = shlex.split(named.replace("\\|", "|").replace("|", "\\|"), posix=False)
    command, taken, options, rest = _command_and_options(words[1:])
    assert not isinstance(command, click.Group) or not rest, f"`{named}`: no such command"
    for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(words[1:])):
        assert flag in options or flag in {"-h", "--help", "--version"}, (
            f"`{named}`: {flag} is not an option of `{' '.join(['myword', *taken])}`"
        )


def test_every_commands_short_help_is_a_whole_sentence() -> None:
    """Click cuts a command's one-line help at the first ". ": `race --help` showed "The
    best claims for TABLE, e.g." and stopped."""

    def walk(group: click.Group, context: click.Context, path: str):
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            yield f"{path} {name}", command
            if isinstance(command, click.Group):
                yield from walk(command, click.Context(command, parent=context), f"{path} {name}")

    context = click.Context(cli.main)
    for path, command in walk(cli.main, context, "myword"):
        line = command.get_short_help_str(limit=200)
        assert not re.search(r"\b(e\.g|i\.e|etc)\.?$", line), f"{path}: {line!r}"
