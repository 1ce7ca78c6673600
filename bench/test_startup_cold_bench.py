"""Cold start: whole ``myword`` processes with nothing compiled and (or) nothing built.

    pytest bench/test_startup_cold_bench.py --benchmark-only

Each round runs the command in a new process whose Numba cache (``NUMBA_CACHE_DIR``) is a
new empty folder, as after a fresh install or an edit to a kernels file; "tables cold" also
gives it an empty table folder (``MYWORD_CACHE_DIR``), "tables warm" one where the word
tables were built beforehand, outside the timing. Rounds are few: each takes tens of
seconds. The "First run" figures of docs/performance.md come from here; note ``uptime``
beside them (a busy machine takes twice as long).
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROUNDS = 2  # each round of a cold demo takes half a minute on a busy machine
COMMANDS = {"warm": ["warm", "--lang", "en"], "demo": ["demo"]}


def myword(args: list[str], numba: Path, tables: Path) -> None:
    environment = os.environ | {"NUMBA_CACHE_DIR": str(numba), "MYWORD_CACHE_DIR": str(tables)}
    subprocess.run(
        [sys.executable, "-m", "cli", *args],
        env=environment,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def built_tables(tmp_path_factory) -> Path:
    """A table folder with English's tables built (and a Numba cache thrown away)."""
    tables = tmp_path_factory.mktemp("tables")
    myword(COMMANDS["warm"], tmp_path_factory.mktemp("numba"), tables)
    return tables


@pytest.mark.parametrize("tables", ["tables cold", "tables warm"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_cold_start(benchmark, built_tables: Path, command: str, tables: str) -> None:
    def fresh() -> tuple[tuple, dict]:
        numba = Path(tempfile.mkdtemp(prefix="numba-"))
        folder = Path(tempfile.mkdtemp(prefix="tables-")) if tables == "tables cold" else None
        return (COMMANDS[command], numba, folder or built_tables), {}

    benchmark.extra_info["load"] = os.getloadavg()[0]
    benchmark.pedantic(myword, setup=fresh, rounds=ROUNDS, iterations=1)


def test_demo_warm(benchmark, built_tables: Path, tmp_path: Path) -> None:
    """The same demo once everything is compiled and built: what the cold start adds."""
    numba = tmp_path / "numba"
    myword(COMMANDS["warm"], numba, built_tables)
    benchmark.extra_info["load"] = os.getloadavg()[0]
    benchmark.pedantic(myword, args=(COMMANDS["demo"], numba, built_tables), rounds=ROUNDS)
