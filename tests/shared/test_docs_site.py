"""The documentation site (mkdocs.yml, docs/) builds with ``mkdocs build --strict``: a broken
link or anchor, a page left out of the nav, a reference the API pages cannot resolve fails
it, as it fails CI. Without the docs group (``pip install -e . --group docs``) it skips, unless
``MYWORD_REQUIRE_DOCS=1`` (CI sets it after installing the group): there it must build.

Heavy: the build takes 5-6 s (the API reference reads the sources, the CLI reference loads
every command), so CI's second step runs it, not the README's test command."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.heavy

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_click")


def missing_tools() -> list[str]:
    missing = []
    for name in TOOLS:
        try:
            if importlib.util.find_spec(name) is None:
                missing.append(name)
        except ModuleNotFoundError:  # a parent package missing (mkdocstrings_handlers)
            missing.append(name)
    return missing


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built strictly into a folder of the test's own (never the clone's site/)."""
    missing = missing_tools()
    if missing:
        message = (
            f"the docs group is not installed ({', '.join(missing)}): pip install -e . --group docs"
        )
        if os.environ.get("MYWORD_REQUIRE_DOCS") == "1":
            pytest.fail(f"MYWORD_REQUIRE_DOCS=1 but {message}")
        pytest.skip(message)
    built = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return built


def test_the_site_builds_strictly(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "engine-protocol" / "index.html").is_file()


def every_command() -> list[str]:
    """Every command's full name (``myword deduce advise``), walked from cli.py's group the
    way ``--help`` finds them (the lazy ones loaded through ``cli.COMMANDS``)."""
    import click

    import cli

    names = []

    def walk(command: click.Command, path: str, parent: click.Context | None) -> None:
        names.append(path)
        context = click.Context(command, info_name=path.rsplit(" ", 1)[-1], parent=parent)
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                walk(command.get_command(context, name), f"{path} {name}", context)

    walk(cli.main, "myword", None)
    return names


def test_the_cli_reference_has_every_command(site: Path) -> None:
    """The CLI reference is generated from click, so that it and ``--help`` cannot drift:
    every command, the lazily loaded ones included, has its heading on the page."""
    import re

    import cli

    page = (site / "reference" / "cli" / "index.html").read_text("utf-8")
    headings = set(re.findall(r'<h\d id="(myword[a-z-]*)"', page))
    commands = every_command()
    assert {f"myword {name}" for name in cli.COMMANDS} <= set(commands)
    missing = [name for name in commands if name.replace(" ", "-") not in headings]
    assert missing == [], f"not in docs/reference/cli.md's page: {missing}"


# What the API reference must document: the one shape of every game, each game's view,
# moves and player protocol, and the lexicon (docs/reference/api/).
INTERFACES = {
    "arena": [
        "solver.arena.protocol.State",
        "solver.arena.protocol.Seat",
        "solver.arena.protocol.Rules",
        "solver.arena.loop.play",
        "solver.arena.registry.Game",
        "solver.arena.plugins.load",
        "solver.arena.review.GameReview",
        "solver.arena.tournament.tournament",
        "solver.arena.tournament.run",
        "solver.arena.tournament.play",
        "solver.arena.tournament.summary",
    ],
    "deduce": [
        "solver.deduce.players.GuesserView",
        "solver.deduce.players.Strategy",
        "solver.deduce.state.Guess",
        "solver.deduce.state.DeduceState",
    ],
    "race": [
        "solver.race.calls.RaceView",
        "solver.race.calls.Call",
        "solver.race.calls.Wait",
        "solver.race.index.claims",
        "solver.race.seats.RaceBotProtocol",
        "solver.race.state.RaceState",
    ],
    "layout": [
        "solver.layout.seats.LayoutPlayer",
        "solver.layout.view.LayoutView",
        "solver.layout.moves.Play",
        "solver.layout.moves.Knock",
        "solver.layout.state.State",
    ],
    "lexicon": ["solver.wordtools.lexicon.is_word", "solver.wordtools.lexicon.words"],
}


@pytest.mark.parametrize("page", sorted(INTERFACES))
def test_the_api_reference_documents_the_public_interfaces(site: Path, page: str) -> None:
    html = (site / "reference" / "api" / page / "index.html").read_text("utf-8")
    missing = [name for name in INTERFACES[page] if f'id="{name}"' not in html]
    assert missing == [], f"not in docs/reference/api/{page}.md's page: {missing}"


def test_every_code_block_is_read_as_one(site: Path) -> None:
    """A fence the site's Markdown does not know (```` ```python file=my_bot.py ````) is
    left as paragraphs with its backticks showing, and everything to the next fence read
    as code: the race tutorial lost its section 4 that way, and the strict build passed."""
    import re

    broken = {}
    for page in sorted(site.rglob("*.html")):
        text = re.sub(r"<(pre|code)\b.*?</\1>", "", page.read_text("utf-8"), flags=re.DOTALL)
        if "```" in text:
            broken[str(page.relative_to(site))] = text.count("```")
    assert broken == {}
    race = (site / "tutorials" / "race" / "index.html").read_text("utf-8")
    for number in range(1, 8):
        assert re.search(rf"<h2 id=[^>]*>{number}\.", race), f"section {number}"
