"""Every example in the README and the documentation site runs, and says what the page says.

The pages: ``README.md`` and the ``docs/`` pages in ``PAGES``. In each:

- A fenced block whose lines start with ``$ `` is a shell session: each command runs (``myword``
  is this checkout's command), in a folder of its own that holds the page's files (below) and
  sees the clone's ``solver/`` and ``examples/``, and its output is compared with the lines
  under it, as doctest compares (``...`` stands for any text, runs of spaces and line breaks
  are equal). A command whose line ends ``# not run: interactive ...`` (a full-screen app, a
  game played by a person, a server) is not run: it must name a command ``myword --help``
  lists, with options it has. One ending ``# slow: ...`` runs only with ``-m heavy``.
- A fenced ``python title="NAME"`` block is a file the page asks you to save: it is written
  into that folder (and imported, so it must at least load). The site shows NAME above the
  code (``pymdownx.highlight``'s title; a ``file=NAME`` the site's Markdown did not know,
  and left the block unread).
- A fenced ``python`` block is run (``exec``, a fresh namespace, in that folder); when a
  ``text`` block follows it, that is what it prints. A ``<!-- not run: REASON -->`` line
  just before a block leaves it out, with its reason.
- A fenced ``pycon`` block is a doctest, run as one.
- Every ``myword ...`` a page names, in a block or inline, names a command that exists and
  only options that command has (the README once showed options nothing accepted).

Found by an independent review: the README's "CAR scores 500" had become 0 and nobody knew.
"""

from __future__ import annotations

import contextlib
import doctest
import io
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
PAGES = [
    ROOT / "README.md",
    ROOT / "docs" / "getting-started.md",
    ROOT / "docs" / "commands.md",
    ROOT / "docs" / "games" / "whats-my-word.md",
    # docs/tutorials/*.md are not here: each game's test_tutorial.py runs its tutorial as
    # written, with fewer games (a tutorial's benches take minutes as printed)
    ROOT / "docs" / "tournaments.md",
    ROOT / "docs" / "words.md",
]
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)
NOT_RUN = re.compile(r"<!-- not run: ([^>]+?) -->\n$")
INTERACTIVE = re.compile(r"\s+# not run: interactive\b.*$")
SLOW = re.compile(r"\s+# slow: .*$")
MATCHING = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # the first line of its text
    info: str  # what follows the fence: `python title="my_bot.py"`
    text: str
    not_run: str | None  # the reason given in a `<!-- not run: ... -->` line before it

    @property
    def language(self) -> str:
        return self.info.split(" ", 1)[0]

    @property
    def file(self) -> str | None:
        found = re.search(r'\btitle="([^"]+)"', self.info)
        return found.group(1) if found else None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class ShellExample:
    """One ``$ command`` of a block and the output printed under it."""

    page: Path
    line: int
    command: str
    output: str

    @property
    def interactive(self) -> bool:
        return bool(INTERACTIVE.search(self.command))

    @property
    def slow(self) -> bool:
        return bool(SLOW.search(self.command))

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text("utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rsplit("\n\n", 1)[-1] if match.start() else ""
        not_run = NOT_RUN.search(before)
        found.append(
            Block(
                page,
                text.count("\n", 0, match.start()) + 2,
                match.group(1).strip(),
                match.group(2),
                not_run.group(1) if not_run else None,
            )
        )
    return found


def all_blocks() -> list[Block]:
    return [block for page in PAGES for block in blocks(page)]


def shell_examples() -> list[ShellExample]:
    examples = []
    for block in all_blocks():
        if not block.text.startswith("$ "):
            continue
        command, output, line = None, [], block.line
        for number, row in enumerate(block.text.splitlines(), block.line):
            if row.startswith("$ "):
                if command is not None:
                    examples.append(ShellExample(block.page, line, command, "\n".join(output)))
                command, output, line = row[2:], [], number
            else:
                output.append(row)
        examples.append(ShellExample(block.page, line, command, "\n".join(output)))
    return examples


def _params(examples: list[ShellExample]) -> list:
    marks = {True: [pytest.mark.heavy], False: []}
    return [
        pytest.param(e, id=e.where.replace("/", "-"), marks=marks[e.slow])
        for e in examples
        if not e.interactive
    ]


@pytest.fixture
def page_folder(tmp_path, request) -> Path:
    """A folder of the page's own: the files it asks you to save, and the clone's
    ``solver/`` and ``examples/`` (pages name files such as ``solver/words/samples/page.txt``
    and ``examples/engine/engine.js`` from a clone's top folder)."""
    page = request.node.callspec.params["example"].page
    folder = tmp_path / "page"
    folder.mkdir()
    for name in ("solver", "examples"):
        (folder / name).symlink_to(ROOT / name)
    for block in blocks(page):
        if block.file:
            (folder / block.file).write_text(block.text, "utf-8")
    return folder


@pytest.fixture
def myword_on_path(tmp_path) -> dict[str, str]:
    """An environment whose ``myword`` is this checkout's (saved games go to the test's data
    folder, ``conftest.private_data_folder``)."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    shim = bin_folder / "myword"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cli "$@"\n', "utf-8")
    shim.chmod(0o755)
    return os.environ | {
        "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }


@pytest.mark.parametrize("example", _params(shell_examples()))
def test_each_shell_example_prints_what_the_page_shows(example, page_folder, myword_on_path):
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", example.command],
        cwd=page_folder,
        env=myword_on_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{example.where}: `{example.command}`\n{done.stderr}"
    # The test's data folder stands where a user's is (platformdirs, on Linux).
    got = done.stdout.replace(os.environ["MYWORD_DATA_DIR"], "~/.local/share/myword")
    if not example.output.strip():
        return  # the page shows no output: that it runs is the example
    checker = doctest.OutputChecker()
    assert checker.check_output(example.output + "\n", got, MATCHING), (
        f"{example.where}: `{example.command}` printed\n{got}"
    )


def test_the_pages_have_runnable_and_interactive_examples() -> None:
    """The README has an example of each kind the brief asks for: played (interactive),
    advice, a benchmark of your own strategy; nothing is left out without saying why."""
    readme = [e for e in shell_examples() if e.page.name == "README.md"]
    assert any(e.interactive for e in readme)
    assert any("advise" in e.command for e in readme)
    assert any("bench" in e.command and "my_strategy.py" in e.command for e in readme)
    for example in shell_examples():
        assert not example.interactive or example.output == "", example.where


def _top_level_commands() -> set[str]:
    """The commands ``myword --help`` lists."""
    usage = subprocess.run(
        [sys.executable, "-m", "cli", "--help"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    listed = usage.split("Commands:", 1)[1]
    return {line.split()[0] for line in listed.splitlines() if line.startswith("  ")}


@pytest.mark.parametrize(
    "example",
    [pytest.param(e, id=e.where.replace("/", "-")) for e in shell_examples() if e.interactive],
)
def test_each_interactive_example_names_a_command_there_is(example) -> None:
    """Not run (it waits for a person), but the command is in ``myword --help``'s list and
    every option it names is one of that command's."""
    command = INTERACTIVE.sub("", example.command)
    words = shlex.split(command)
    assert words[0] == "myword", example.where
    assert words[1] in _top_level_commands(), example.where
    _check_named(command)


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, id=b.where.replace("/", "-")) for b in all_blocks() if b.language == "python"],
)
def test_each_python_example_runs(block, tmp_path, monkeypatch) -> None:
    if block.not_run:
        pytest.skip(f"{block.where}: not run: {block.not_run}")
    for other in blocks(block.page):
        if other.file:
            (tmp_path / other.file).write_text(other.text, "utf-8")
    for name in ("solver", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    saved_files = {b.file.removesuffix(".py") for b in blocks(block.page) if b.file}
    for name in saved_files:
        monkeypatch.delitem(sys.modules, name, raising=False)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block.text, block.where, "exec"), {"__name__": "__doc_example__"})
    page = blocks(block.page)
    following = next((b for b in page if b.line > block.line), None)
    if following is not None and following.language == "text" and not block.file:
        checker = doctest.OutputChecker()
        assert checker.check_output(following.text, printed.getvalue(), MATCHING), (
            f"{block.where} printed\n{printed.getvalue()}"
        )
    for name in saved_files:
        sys.modules.pop(name, None)


def test_the_python_examples_run_as_doctests(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files from a clone's top folder
    doctests = [b for b in all_blocks() if b.language == "pycon" and not b.not_run]
    assert doctests, "the pages have no Python example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=MATCHING)
    for block in doctests:
        test = parser.get_doctest(block.text, {}, block.where, str(block.page), block.line)
        result = runner.run(test)
        assert result.failed == 0, f"the Python example at {block.where} failed"


def named_commands() -> list[str]:
    """Every ``myword ...`` the pages show: inline, and as lines of their blocks."""
    inline, in_blocks = [], []
    for page in PAGES:
        inline += re.findall(r"`(myword [^`]+)`", page.read_text("utf-8"))
        in_blocks += [
            INTERACTIVE.sub("", SLOW.sub("", re.sub(r"^\$ ", "", row)))
            .split(" | ", 1)[-1]
            .split("  #")[0]
            for block in blocks(page)
            for row in block.text.splitlines()
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


def _check_named(named: str) -> None:
    words = shlex.split(named.replace("\\|", "|").replace("|", "\\|"), posix=False)
    command, taken, options, rest = _command_and_options(words[1:])
    assert not isinstance(command, click.Group) or not rest, f"`{named}`: no such command"
    for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(words[1:])):
        assert flag in options or flag in {"-h", "--help", "--version"}, (
            f"`{named}`: {flag} is not an option of `{' '.join(['myword', *taken])}`"
        )


@pytest.mark.parametrize("named", named_commands())
def test_every_command_the_pages_name_exists_with_its_options(named: str) -> None:
    _check_named(named)


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
