"""Word tables built once and kept on disk (``solver.tables``): read back equal, rebuilt
when a source changes or the stored copy is damaged, and still served when nothing can be
written."""

from pathlib import Path

import numpy as np
import pytest

from solver import tables


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "list.txt"
    path.write_text("cat\ndog\n", "utf-8")
    return path


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv(tables.CACHE_VARIABLE, str(tmp_path / "cache"))
    return tmp_path / "cache" / "tables"


def counting_build(calls: list[int]):
    def build() -> tables.Arrays:
        calls.append(1)
        return {"codes": np.arange(6, dtype=np.uint8).reshape(2, 3), "zipf": np.array([1.5, 2.0])}

    return build


def test_built_once_then_read_from_disk(source: Path, cache: Path) -> None:
    calls: list[int] = []
    first = tables.stored("demo", [source], counting_build(calls))
    second = tables.stored("demo", [source], counting_build(calls))
    assert calls == [1]  # the second process (here: call) reads what the first wrote
    assert first.keys() == second.keys()
    for label in first:
        assert first[label].dtype == second[label].dtype
        assert (first[label] == second[label]).all()
    assert second["codes"].flags.writeable  # a read-only array would compile a new signature
    assert len(list(cache.iterdir())) == 1


def test_a_changed_source_is_another_table(source: Path, cache: Path) -> None:
    calls: list[int] = []
    tables.stored("demo", [source], counting_build(calls))
    source.write_text("cat\ndog\nemu\n", "utf-8")
    tables.stored("demo", [source], counting_build(calls))
    assert calls == [1, 1] and len(list(cache.iterdir())) == 2


def test_a_damaged_table_is_built_again(source: Path, cache: Path) -> None:
    calls: list[int] = []
    tables.stored("demo", [source], counting_build(calls))
    (stored,) = cache.iterdir()
    (stored / "codes.npy").write_bytes(b"not an array")
    again = tables.stored("demo", [source], counting_build(calls))
    assert calls == [1, 1] and again["codes"].shape == (2, 3)


def test_nothing_writable_still_serves_the_table(source: Path, tmp_path: Path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")  # no folder can be made under a file, even by root
    monkeypatch.setenv(tables.CACHE_VARIABLE, str(blocker))
    calls: list[int] = []
    assert tables.stored("demo", [source], counting_build(calls))["zipf"][1] == 2.0
    assert calls == [1]


def test_words_round_trip() -> None:
    words = ("año", "cat", "zebra")
    assert tables.array_to_words(tables.words_to_array(words)) == words
    assert tables.array_to_words(tables.words_to_array(())) == ()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_race_table_from_disk_is_the_table_built(lang: str) -> None:
    """What a later process reads is exactly what the build makes (words, codes, counts,
    masks, frequencies), in both languages."""
    from solver.race import index

    index.word_table.cache_clear()
    read = index.word_table("familiar", lang)  # built, or read from this session's cache
    built = index._build_word_table("familiar", lang)
    assert read.words == tables.array_to_words(built["words"])
    for label in ("codes", "lengths", "counts", "masks", "zipf"):
        ours, theirs = getattr(read, label), built[label]
        assert ours.dtype == theirs.dtype and (ours == theirs).all(), label
    assert read.counts.sum() == read.lengths.sum()  # every letter counted once, no padding
