"""Fixtures of the stored-table tests (``test_tables``, ``test_table_damage``): a small word
list and a cache folder of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.runtime import tables


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A word list of two words, the source of a small table."""
    path = tmp_path / "list.txt"
    path.write_text("cat\ndog\n", "utf-8")
    return path


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    """The tables folder of a cache of this test's own."""
    monkeypatch.setenv(tables.CACHE_VARIABLE, str(tmp_path / "cache"))
    return tmp_path / "cache" / "tables"
