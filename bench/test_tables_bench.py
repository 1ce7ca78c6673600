"""What checking a table's checksums costs when a process opens it (issue 26, item 6).

Each row opens MY WORD!'s whole race table (English 12 MB, Spanish 90 MB), memory-mapped,
as a command does once: with every part's SHA-256 checked (``tables.verified``), and beside
it (``_reference``) with the checks that cost nothing (the checksums file, the parts' sizes)
but no hashing, which is what opening cost before checksums. Their ratio is the price of
never trusting a damaged table; ``python bench/ratios.py`` prints it.

    pytest bench/test_tables_bench.py --benchmark-only --benchmark-json=tables.json
    python bench/ratios.py tables.json
"""

from __future__ import annotations

import os

import pytest

from solver.race import index
from solver.runtime import tables
from solver.wordtools import lexicon


def _open(lang: str) -> tables.Arrays:
    return tables.stored(
        index.table_name("all", lang),
        lexicon.sources(lang),
        lambda: pytest.fail("the table was built, not read"),
        mapped=True,
    )


@pytest.fixture(scope="module", params=["en", "es"])
def lang(request) -> str:
    index.word_table("all", request.param)  # built, or read, before timing
    return request.param


def _sizes_only(path, facts) -> None:
    """``tables._check_part`` without its hash: the part is there, a plain file, whole."""
    if os.stat(path, follow_symlinks=False).st_size != facts["bytes"]:
        raise tables.Damaged(path.name)


def test_open_race_table(benchmark, lang: str) -> None:
    arrays = benchmark(_open, lang)
    assert len(arrays["lengths"]) > 100_000


def test_open_race_table_reference(benchmark, lang: str, monkeypatch) -> None:
    monkeypatch.setattr(tables, "_check_part", _sizes_only)
    arrays = benchmark(_open, lang)
    assert len(arrays["lengths"]) > 100_000
