"""The house's import contracts (``[tool.importlinter]`` in pyproject.toml, issue 25): arrows
point down only, the games never import one another, engines never import a front end,
only ``solver.ui.games`` imports the games' registry entries, and no import circles (lazy
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


def test_the_top_of_solver_holds_packages_only() -> None:
    """The flat top of ``solver`` is sorted into layers (runtime, word tools, arena, the
    games, ui): a module left at the top would belong to none of them."""
    solver = ROOT / "solver"
    assert sorted(p.name for p in solver.glob("*.py")) == ["__init__.py"]
    packages = {p.name for p in solver.iterdir() if (p / "__init__.py").exists()}
    assert packages == {"runtime", "wordtools", "arena", "deduce", "race", "layout", "ui"}


def test_every_shared_module_has_its_layer() -> None:
    """The layers contract names the packages at the top of ``solver`` and the modules of
    ``solver.ui`` one by one (a layer may not hold a package and its module): a module
    added to ``solver.ui`` and left out of the list would escape it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["id"] == "layers")["layers"]
    named = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    solver = ROOT / "solver"
    modules = {f"solver.ui.{p.stem}" for p in (solver / "ui").glob("*.py") if p.stem != "__init__"}
    modules |= {f"solver.{p.name}" for p in solver.iterdir() if (p / "__init__.py").exists()}
    modules -= {"solver.ui"}  # listed module by module
    assert sorted(modules - named) == []
