"""The house's import contracts (``[tool.importlinter]`` in pyproject.toml, issue 25): arrows
point down only, the games never import one another, engines never import a front end,
only ``solver.games`` imports the games' registry entries, and no import circles (lazy
imports inside functions count too)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_import_contracts_are_kept() -> None:
    linter = Path(sys.executable).with_name("lint-imports")  # the venv's, beside python
    result = subprocess.run(
        [str(linter), "--no-cache"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "0 broken" in report, report
