"""The README's quick start: two commands, the demo and the tests, and CI runs the second."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S)
    assert block, "the quick start has no command block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    demo, tests = quick_start()
    assert demo.startswith("python3 -m venv .venv") and demo.endswith("myword demo")
    assert tests.startswith(".venv/bin/") and tests.endswith("pytest")


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert quick_start()[1] in ci
    assert "python3 -m venv .venv" in ci  # the environment the command expects
