"""The pages in docs/: every link leads somewhere, the engine protocol's transcript of a
whole game is what the protocol says today (the game is played again, line for line), and
everything the API reference renders states its contract (issue 29): each parameter under
``Args:``, what comes out under ``Returns:`` or ``Yields:``, each dataclass field under
``Attributes:``, in the Google style the reference reads."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from solver.arena import loop
from solver.arena.seats import named
from solver.race.arena import RULES, new_state

DOCS = Path(__file__).resolve().parents[2] / "docs"
MYWORD = Path(sys.executable).with_name("myword")
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")


def test_every_link_between_pages_leads_to_a_page() -> None:
    broken = []
    for page in DOCS.rglob("*.md"):
        for target, _ in LINK.findall(page.read_text()):
            if "://" in target:
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(DOCS)} -> {target}")
    assert broken == []


def test_the_transcript_of_a_whole_game_is_what_the_protocol_says(tmp_path) -> None:
    page = (DOCS / "engine-protocol.md").read_text()
    marker = page.index("<!-- transcript: race, small.deck, seed 7, engine hard against medium")
    shown = page[marker:].split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    deck = tmp_path / "small.deck"
    deck.write_text("a 2\nc 1\ne 2\nr 1\ns 1\nt 2\nh 1\n")
    log = io.StringIO()
    served = named(RULES, f"engine:{MYWORD} race engine --player hard", slot=9)
    served.log = log
    try:
        outcome = loop.play(new_state(7, 2, deck=str(deck)), [served, RULES.seat("medium")], 7)
    finally:
        served.close()
    assert outcome.scores == (19, 0)
    assert log.getvalue().splitlines() == shown


# -- contracts in docstrings -------------------------------------------------------------
# The API reference's pages (docs/reference/api/*.md) render a module with ``::: module``,
# its members filtered by an ``options: members:`` list when there is one; mkdocs.yml leaves
# out names starting with ``_`` and anything without a docstring (so a public function
# without one is missing from the reference, not merely terse).
DIRECTIVE = re.compile(r"^::: ([\w.]+)\n((?:[ \t]+.*\n)*)", re.MULTILINE)
MEMBER = re.compile(r"^\s+- (\w+)\s*$", re.MULTILINE)
SECTION = re.compile(r"^(Args|Returns|Yields|Raises|Attributes|Example|Examples):[ \t]*$", re.M)
ENTRY = re.compile(r"^    (\*{0,2}\w+)(?: \([^)]*\))?:", re.MULTILINE)


def rendered_modules() -> Iterator[tuple[str, list[str] | None]]:
    """Each module the API reference renders, with its ``members:`` list (None: all)."""
    for page in sorted((DOCS / "reference" / "api").glob("*.md")):
        for name, options in DIRECTIVE.findall(page.read_text()):
            yield name, MEMBER.findall(options) or None


def sections(doc: str) -> dict[str, str]:
    """A cleaned docstring's Google sections, by header, each with its indented body."""
    parts = SECTION.split(doc)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def documented_names(body: str) -> set[str]:
    """The names a section's entries document (``name:`` or ``name (type):``)."""
    return set(ENTRY.findall(body))


def contract_problems(where: str, function: Callable[..., Any], doc: str | None) -> list[str]:
    """What the docstring ``doc`` of ``function`` lacks: a parameter not under ``Args:``,
    no ``Returns:`` or ``Yields:`` for a function that returns something (by its
    annotation)."""
    if not doc:
        return [f"{where}: no docstring"]
    found = sections(inspect.cleandoc(doc))
    signature = inspect.signature(function)
    problems = []
    documented = documented_names(found.get("Args", ""))
    for parameter in signature.parameters.values():
        if parameter.name in ("self", "cls"):
            continue
        stars = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}
        label = stars.get(parameter.kind, "") + parameter.name
        if label not in documented:
            problems.append(f"{where}: {label} not under Args")
    returned = signature.return_annotation
    returns_nothing = returned in ("None", None, inspect.Signature.empty)
    if not returns_nothing and "Returns" not in found and "Yields" not in found:
        problems.append(f"{where}: no Returns or Yields")
    return problems


def class_problems(where: str, cls: type) -> list[str]:
    """What a class's contract lacks: its docstring, a dataclass field not under
    ``Attributes:``, a parameter of its own ``__init__`` not under ``Args:``, and what each
    public method, class method or property of its own lacks."""
    if not cls.__doc__:
        return [f"{where}: no docstring"]
    problems = []
    found = sections(inspect.cleandoc(cls.__doc__))
    if dataclasses.is_dataclass(cls):
        documented = documented_names(found.get("Attributes", ""))
        for field in dataclasses.fields(cls):
            if not field.name.startswith("_") and field.name not in documented:
                problems.append(f"{where}: field {field.name} not under Attributes")
    elif (
        inspect.isfunction(init := vars(cls).get("__init__")) and init.__module__ == cls.__module__
    ):
        # its own ``__init__`` (not a Protocol's), merged into the class's entry
        doc = "\n".join(filter(None, (cls.__doc__, init.__doc__)))
        problems += contract_problems(f"{where}.__init__", init, doc)
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, classmethod | staticmethod):
            member = member.__func__
        if isinstance(member, property):
            if not member.__doc__:  # a property is documented as what it is: no sections
                problems.append(f"{where}.{name}: no docstring")
        elif inspect.isfunction(member):
            problems += contract_problems(f"{where}.{name}", member, member.__doc__)
    return problems


def module_problems(module_name: str, members: list[str] | None) -> list[str]:
    """What the contracts of a module's rendered functions and classes lack."""
    module = importlib.import_module(module_name)
    problems = []
    for name, value in vars(module).items():
        if name.startswith("_") or (members is not None and name not in members):
            continue
        if getattr(value, "__module__", None) != module_name:
            continue  # imported: rendered (if at all) where it is defined
        if getattr(value, "__name__", name) != name:
            continue  # another name for a class or function (``GameState = State``)
        where = f"{module_name}.{name}"
        if inspect.isclass(value):
            problems += class_problems(where, value)
        elif inspect.isfunction(function := inspect.unwrap(value)):  # lru_cache too
            problems += contract_problems(where, function, value.__doc__)
    return problems


def test_the_api_reference_renders_modules_that_exist() -> None:
    modules = dict(rendered_modules())
    assert "solver.arena.loop" in modules and modules["solver.arena.seats"]
    for name in modules:
        importlib.import_module(name)


def test_everything_the_api_reference_renders_states_its_contract() -> None:
    problems = [
        problem
        for module_name, members in rendered_modules()
        for problem in module_problems(module_name, members)
    ]
    assert problems == []


def test_a_docstring_without_its_contract_is_found() -> None:
    def documented(seat: int, *steps: object, time_limit: float = 1.0) -> str:
        """A function with its contract.

        Args:
            seat: A seat, from 0.
            *steps: Where the decision falls.
            time_limit: Seconds.

        Returns:
            Its name.
        """
        return ""

    assert contract_problems("f", documented, documented.__doc__) == []
    stripped = "A function with its contract.\n\nArgs:\n    seat: A seat, from 0.\n"
    assert contract_problems("f", documented, stripped) == [
        "f: *steps not under Args",
        "f: time_limit not under Args",
        "f: no Returns or Yields",
    ]
    assert contract_problems("f", documented, None) == ["f: no docstring"]

    @dataclasses.dataclass
    class Event:
        """An event.

        Attributes:
            seat: A seat, from 0.
        """

        seat: int
        round: int

        def to_json(self) -> dict[str, Any]:
            return {}

    assert class_problems("E", Event) == [
        "E: field round not under Attributes",
        "E.to_json: no docstring",
    ]
