"""Small commands start fast: they must never import numba (nor numpy, which they don't need)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from click.testing import CliRunner
import cli
for args in {commands!r}:
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 0, result.output
print(sorted(m for m in ("numba", "numpy", "llvmlite") if m in sys.modules))
"""


@pytest.mark.parametrize(
    "commands",
    [
        [["--help"]],
        [["--version"]],
        [["words", "--help"]],
        [["words", "check", "table", "etc", "--json"]],
        [["words", "pool", "--length", "6"]],
        [["words", "stats"]],
        [["deduce", "--help"], ["deduce", "score", "ballet", "dull", "--row", "7"]],
    ],
)
def test_small_commands_never_import_numba(commands: list[list[str]]) -> None:
    probe = PROBE.format(commands=commands)
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "[]"


def jit_calls_without_cache(source: str) -> list[int]:
    """Lines where numba's njit/jit decorates a function without ``cache=True``."""
    missing = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name not in ("njit", "jit"):
                continue
            keywords = decorator.keywords if isinstance(decorator, ast.Call) else []
            cached = any(
                k.arg == "cache" and isinstance(k.value, ast.Constant) and k.value.value is True
                for k in keywords
            )
            if not cached:
                missing.append(node.lineno)
    return missing


def test_the_cache_check_catches_a_kernel_without_cache() -> None:
    source = "@njit\ndef a(x): return x\n@numba.njit(cache=True)\ndef b(x): return x\n"
    source += "@njit(parallel=True)\ndef c(x): return x\n"
    assert jit_calls_without_cache(source) == [2, 6]


def test_every_kernel_caches_its_compilation() -> None:
    offenders = {
        str(path.relative_to(ROOT)): lines
        for path in (ROOT / "solver").rglob("*.py")
        if (lines := jit_calls_without_cache(path.read_text("utf-8")))
    }
    assert offenders == {}


ENVIRONMENT_PROBE = """
import importlib, os, sys
before = dict(os.environ)
for name in sys.argv[1:]:
    importlib.import_module(name)
changed = sorted(k for k in before.keys() | os.environ.keys() if before.get(k) != os.environ.get(k))
print(changed)
"""


@pytest.mark.parametrize(
    "modules",
    [["solver"], ["solver.deduce"], ["solver.race"], ["solver.layout"], ["cli"]],
)
def test_importing_the_library_leaves_the_environment_alone(modules: list[str]) -> None:
    """A program that imports myword keeps its own environment: the settings that are the
    program's (OpenBLAS's one thread) are made where the ``myword`` command starts
    (``cli.run``), not on import."""
    env = {k: v for k, v in __import__("os").environ.items() if k != "OPENBLAS_NUM_THREADS"}
    result = subprocess.run(
        [sys.executable, "-c", ENVIRONMENT_PROBE, *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert result.stdout.strip() == "[]", result.stdout


def test_the_command_runs_openblas_on_one_thread_unless_the_user_chose() -> None:
    """``myword`` (``cli.run``, the console script and ``python -m cli``) sets
    ``OPENBLAS_NUM_THREADS=1`` before any command imports numpy, and keeps a user's value."""
    import os

    probe = (
        "import os, sys, cli\n"
        "cli.main = lambda: print(os.environ.get('OPENBLAS_NUM_THREADS'), "
        "'numpy' in sys.modules)\n"
        "cli.run()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for given, expected in ((None, "1 False"), ("3", "3 False")):
        chosen = env if given is None else env | {"OPENBLAS_NUM_THREADS": given}
        result = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=chosen
        )
        assert result.stdout.strip() == expected, result.stderr
