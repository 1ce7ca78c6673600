"""The type checker (issue 29, "Types"): mypy is clean on ``solver/`` and ``cli.py`` with the
project's configuration (``[tool.mypy]`` in pyproject.toml), the public interfaces under
``--strict``'s flags; and the wheel tells type checkers that the package is typed
(``solver/py.typed``, PEP 561)."""

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "solver" / "py.typed").is_file()
    assert "py.typed" in _config()["tool"]["setuptools"]["package-data"]["solver"]


def test_the_strict_modules_exist() -> None:
    """A module renamed or moved would silently leave the strict list (mypy does not warn
    of an override naming no module)."""
    overrides = _config()["tool"]["mypy"]["overrides"]
    strict = next(o for o in overrides if o.get("disallow_untyped_defs"))
    for module in strict["module"]:
        assert (ROOT / (module.replace(".", "/") + ".py")).is_file(), module


@pytest.mark.heavy  # about 25 s of checking from a cold cache: CI's heavy step
def test_mypy_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mypy import api

    monkeypatch.chdir(ROOT)  # the config's files are relative to the project
    config = str(ROOT / "pyproject.toml")
    report, errors, status = api.run(["--config-file", config, "--cache-dir", str(tmp_path)])
    assert status == 0, report + errors
    assert report.startswith("Success: no issues found"), report + errors
