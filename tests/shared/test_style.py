"""ruff keeps the code base in one style; CI runs it with the tests."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff_is_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


FRONT_ENDS = ("textual", "textual_serve", "rich", "click", "solver.ui", "solver.ui.render")


def test_engines_import_no_front_end() -> None:
    """Rules, kernels, players and game state stay free of any UI (issue 14): a screen asks
    the game for its state and sends it moves; only each game's ``ui/`` draws."""
    import ast

    root = Path(__file__).resolve().parents[2] / "solver"
    for game in ("deduce", "race", "layout"):
        for module in (root / game).glob("*.py"):
            for node in ast.walk(ast.parse(module.read_text("utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module or ""]
                else:
                    continue
                for name in names:
                    assert not name.startswith(FRONT_ENDS) and ".ui" not in name, (
                        f"{module.relative_to(root)} imports {name}"
                    )
