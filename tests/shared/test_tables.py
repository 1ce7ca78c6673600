"""Word tables built once and kept on disk (``solver.runtime.tables``): read back equal, rebuilt
when a source changes or the stored copy is damaged, and still served when nothing can be
written."""

from pathlib import Path

import numpy as np
import pytest

from solver.runtime import tables


def stored_tables(cache: Path) -> list[Path]:
    """The tables in the cache (beside them: the remembered digests of the sources)."""
    return [path for path in cache.iterdir() if path.is_dir()]


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
    assert len(stored_tables(cache)) == 1


def test_a_changed_source_is_another_table(source: Path, cache: Path) -> None:
    calls: list[int] = []
    tables.stored("demo", [source], counting_build(calls))
    source.write_text("cat\ndog\nemu\n", "utf-8")
    tables.stored("demo", [source], counting_build(calls))
    assert calls == [1, 1] and len(stored_tables(cache)) == 2


def test_a_damaged_table_is_built_again(source: Path, cache: Path) -> None:
    calls: list[int] = []
    tables.stored("demo", [source], counting_build(calls))
    (stored,) = stored_tables(cache)
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


def test_bytes_are_kept_beside_arrays_and_mapped_on_request(source: Path, cache: Path) -> None:
    def build() -> tables.Arrays:
        return {"words": "año\ncat\n".encode(), "codes": np.arange(3, dtype=np.uint8)}

    built = tables.stored("mixed", [source], build)
    loaded = tables.stored("mixed", [source], build)
    mapped = tables.stored("mixed", [source], build, mapped=True)
    assert built["words"] == loaded["words"] == mapped["words"][:] == "año\ncat\n".encode()
    assert (mapped["codes"] == built["codes"]).all() and not mapped["codes"].flags.writeable
    assert loaded["codes"].flags.writeable


def test_a_sources_digest_is_remembered_until_it_changes(
    source: Path, cache: Path, monkeypatch
) -> None:
    first = tables.key("demo", [source])
    tables._digest.cache_clear()  # as a new process: only the file on disk remembers
    read: list[Path] = []
    reading = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: read.append(path) or reading(path))
    assert tables.key("demo", [source]) == first and read == []  # not read again
    source.write_text("cat\ndog\nemu\n", "utf-8")  # another size and time stamp
    assert tables.key("demo", [source]) != first and read == [source.resolve()]


def test_a_damaged_digest_file_is_computed_again(source: Path, cache: Path) -> None:
    first = tables.key("demo", [source])
    tables._digest.cache_clear()
    (cache / tables.DIGESTS).write_text("{not json", "utf-8")
    assert tables.key("demo", [source]) == first


def test_words_round_trip() -> None:
    words = ("año", "cat", "zebra")
    assert tables.array_to_words(tables.words_to_array(words)) == words
    assert tables.array_to_words(tables.words_to_array(())) == ()


@pytest.mark.parametrize(
    "lang",
    ["en", pytest.param("es", marks=pytest.mark.heavy)],  # Spanish: seconds, heavy
)
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
