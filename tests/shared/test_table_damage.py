"""Damaged word tables are never trusted (issue 26, item 6): every stored table carries
checksums (``tables.CHECKSUMS``), checked when a process opens it; any damage is said in one
line on stderr and the table is built again, so that the answer is the one a fresh cache
gives and the next run is healthy.

Three layers, fastest first: a generated set of damages (a byte flipped at many offsets of
headers and data, truncated at many lengths, zeroed, appended to, replaced by a folder, a
link, a pipe or an empty file, deleted, swapped with another part or another table's) on a
small table, each repaired in this process; the same damages on a copy of every real table
of every game and language, each refused by the check; and the real commands (``myword
race claim``, ``words check``, ``layout solo``) in subprocesses of their own caches, after a
few of them.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from solver.runtime import tables

LANGS = ("en", "es")
RACE_TIERS = ("easy", "familiar", "all")  # what ``race claim --tier`` and the bots read
ONE_LINE = re.compile(
    r"myword: the [a-z ]+ [a-z]+(-[a-z]+)* was damaged \([^\n]+\); building it again"
)


# The damages ----------------------------------------------------------------------------
#
# Each damage changes one table folder. Files are never changed in place: each is replaced
# by a new file (a new inode), so that a table copied by hard links (``linked_copy``) leaves
# its original untouched.


@dataclass(frozen=True)
class Damage:
    name: str
    apply: Callable[[Path], None]  # given the table's folder

    def __str__(self) -> str:
        return self.name


def _rewrite(path: Path, data: bytes) -> None:
    path.unlink()
    path.write_bytes(data)


def _flip(part: str, offset: int, bits: int) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        data = bytearray((place / part).read_bytes())
        at = offset % len(data)
        data[at] ^= bits
        _rewrite(place / part, bytes(data))

    return apply


def _truncate(part: str, length: Callable[[int], int]) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        data = (place / part).read_bytes()
        _rewrite(place / part, data[: length(len(data))])

    return apply


def _append(part: str, tail: bytes) -> Callable[[Path], None]:
    return lambda place: _rewrite(place / part, (place / part).read_bytes() + tail)


def _zero(part: str) -> Callable[[Path], None]:
    return lambda place: _rewrite(place / part, bytes((place / part).stat().st_size))


def _zero_data(part: str) -> Callable[[Path], None]:
    """The array's header kept, its data zeroed: still a valid array, of other values."""

    def apply(place: Path) -> None:
        data = (place / part).read_bytes()
        header = _header_length(place / part)
        _rewrite(place / part, data[:header] + bytes(len(data) - header))

    return apply


def _as_folder(part: str) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        (place / part).unlink()
        (place / part).mkdir()
        (place / part / "inside").write_text("x")

    return apply


def _as_link(part: str, target: str) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        (place / part).unlink()
        (place / part).symlink_to(target if target.startswith("/") else place / target)

    return apply


def _as_pipe(part: str) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        (place / part).unlink()
        os.mkfifo(place / part)

    return apply


def _swap(first: str, second: str) -> Callable[[Path], None]:
    def apply(place: Path) -> None:
        a, b = (place / first).read_bytes(), (place / second).read_bytes()
        _rewrite(place / first, b)
        _rewrite(place / second, a)

    return apply


def _header_length(path: Path) -> int:
    """Where an array's data begins (its header's end); 0 for bytes."""
    if path.suffix != ".npy":
        return 0
    head = path.read_bytes()[:12]  # magic (6), version (2), header length (2 or 4)
    if head[6] == 1:
        return 10 + int.from_bytes(head[8:10], "little")
    return 12 + int.from_bytes(head[8:12], "little")


def damages(place: Path, few: bool = False) -> list[Damage]:
    """Every damage of the generated set, for the table kept at ``place`` (its files decide
    where a byte is flipped: in the header, at the first byte of data, in the middle, at
    the end). ``few``: each kind of damage once a part (a byte flipped in the header, at
    the first byte of data and in the middle; cut in half), for the big tables."""
    parts = sorted(path.name for path in place.iterdir())
    found = []
    for part in parts:
        size = (place / part).stat().st_size
        header = _header_length(place / part)
        offsets = {0, 6, 8, 9, 11, 30, header - 2, header - 1, header, header + 1, size - 1}
        offsets = sorted(offsets | {size // 4, size // 2, 3 * size // 4})
        if few:
            offsets = sorted({8, header, size // 2})
        found += [
            Damage(f"{part}: byte {at} flipped ({bits:#x})", _flip(part, at, bits))
            for at in offsets
            if 0 <= at < size
            for bits in ((0x01, 0xFF) if at in (header, size // 2) else (0x01,))
        ]
        lengths = {"empty": lambda n: 0, "1 byte": lambda n: 1, "64 bytes": lambda n: 64}
        lengths |= {"half": lambda n: n // 2, "less its last byte": lambda n: n - 1}
        if few:
            lengths = {"half": lambda n: n // 2}
        found += [
            Damage(f"{part}: cut to {label}", _truncate(part, length))
            for label, length in lengths.items()
            if 0 <= length(size) < size
        ]
        found += [
            Damage(f"{part}: a byte appended", _append(part, b"\0")),
            Damage(f"{part}: garbage appended", _append(part, b"garbage" * 100)),
            Damage(f"{part}: replaced by a folder", _as_folder(part)),
            Damage(f"{part}: replaced by a link to /dev/zero", _as_link(part, "/dev/zero")),
            Damage(f"{part}: replaced by a pipe", _as_pipe(part)),
            Damage(f"{part}: deleted", lambda place, part=part: (place / part).unlink()),
        ]
        if size:
            found.append(Damage(f"{part}: zeroed", _zero(part)))
        others = [other for other in parts if other != part]
        if others:
            found.append(Damage(f"{part}: a link to {others[0]}", _as_link(part, others[0])))
            found.append(Damage(f"{part}: swapped with {others[0]}", _swap(part, others[0])))
    found += [
        Damage("the folder: emptied", _emptied),
        Damage("the folder: replaced by an empty file", _folder_as_file),
        Damage("the folder: replaced by a link to itself", _folder_as_loop),
    ]
    return found


def _emptied(place: Path) -> None:
    for path in place.iterdir():
        path.unlink()


def _folder_as_file(place: Path) -> None:
    shutil.rmtree(place)
    place.write_bytes(b"")


def _folder_as_loop(place: Path) -> None:
    shutil.rmtree(place)
    place.symlink_to(place)


def linked_copy(place: Path, into: Path) -> Path:
    """A copy of a table, by hard links, under the same name (its checksums name it)."""
    copy = into / place.name
    if copy.is_symlink() or copy.is_file():
        copy.unlink()
    elif copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(place, copy, copy_function=os.link)
    return copy


# A small table: every damage, repaired in this process ------------------------------------


def small_table() -> tables.Arrays:
    return {
        "codes": np.arange(600, dtype=np.uint8).reshape(200, 3),
        "zipf": np.linspace(0.0, 8.0, 50),
        "words": "año\ncat\n".encode(),
        "empty": b"",
    }


def same(found: tables.Arrays, expected: tables.Arrays) -> bool:
    if found.keys() != expected.keys():
        return False
    for label, value in expected.items():
        if isinstance(value, bytes):
            if bytes(found[label][:]) != value:
                return False
        elif found[label].dtype != value.dtype or not np.array_equal(found[label], value):
            return False
    return True


def built_once(calls: list[int]) -> Callable[[], tables.Arrays]:
    def build() -> tables.Arrays:
        calls.append(1)
        return small_table()

    return build


def _small_place(source: Path, cache: Path) -> Path:
    calls: list[int] = []
    tables.stored("demo", [source], built_once(calls), mapped=True)
    place = tables.where("demo", [source])
    assert place is not None and calls == [1] and (place / tables.CHECKSUMS).is_file()
    return place


def test_the_generated_set_is_large(source: Path, cache: Path) -> None:
    """Many damages of every kind, on every part and the checksums themselves."""
    found = damages(_small_place(source, cache))
    assert len(found) >= 100
    assert {d.name.partition(":")[0] for d in found} >= {
        "codes.npy",
        "zipf.npy",
        "words.bin",
        "empty.bin",
        tables.CHECKSUMS,
        "the folder",
    }


@pytest.mark.parametrize("mapped", [True, False])
def test_every_damage_is_said_once_and_repaired(source: Path, cache: Path, capsys, mapped) -> None:
    """Each damage of the generated set: the table read is the one built (never the
    damaged bytes), one line on stderr names the table and the damage, and the next
    process reads a healthy table from disk without building it or saying anything."""
    place = _small_place(source, cache)
    capsys.readouterr()
    for damage in damages(place):
        damage.apply(place)
        calls: list[int] = []
        found = tables.stored("demo", [source], built_once(calls), mapped=mapped)
        said = capsys.readouterr()
        assert same(found, small_table()), damage
        assert calls == [1], damage
        lines = said.err.splitlines()
        assert len(lines) == 1 and ONE_LINE.fullmatch(lines[0]), (damage, said.err)
        assert "word table demo was damaged" in lines[0] and "Traceback" not in said.err
        again = tables.stored("demo", [source], built_once(calls), mapped=mapped)
        assert same(again, small_table()) and calls == [1], damage  # read, not built
        assert capsys.readouterr().err == "", damage


def test_a_table_swapped_with_another_is_refused(source: Path, cache: Path, capsys) -> None:
    """Two tables' folders swapped (or one copied under the other's name): each has sound
    checksums, of the other table; refused, and each built again."""
    first = _small_place(source, cache)

    def other() -> tables.Arrays:
        return {"codes": np.zeros((200, 3), dtype=np.uint8), "zipf": np.ones(50)}

    tables.stored("other", [source], other)
    second = tables.where("other", [source])
    assert second is not None
    aside = first.with_name("aside")
    first.rename(aside)
    second.rename(first)
    aside.rename(second)
    capsys.readouterr()
    assert same(tables.stored("demo", [source], small_table), small_table())
    assert same(tables.stored("other", [source], other), other())
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all("checksums.json is another table's" in line for line in lines)


def test_a_table_that_cannot_be_replaced_is_built_in_memory(
    source: Path, cache: Path, capsys, monkeypatch
) -> None:
    """A read-only cache (here: every rename refused, as on a read-only disk): the answer
    comes from a table built in memory, and one line says so; nothing damaged is read."""
    place = _small_place(source, cache)
    _flip("codes.npy", 200, 0x01)(place)
    capsys.readouterr()

    def refused(*_: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(os, "rename", refused)
    calls: list[int] = []
    assert same(tables.stored("demo", [source], built_once(calls), mapped=True), small_table())
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        "myword: the word table demo was damaged (checksum mismatch in codes.npy) and cannot "
        "be replaced (Read-only file system); using one built in memory"
    )


def test_a_table_without_checksums_is_refused(source: Path, cache: Path) -> None:
    """A table as an older myword wrote it, or half written by hand: not trusted."""
    place = _small_place(source, cache)
    (place / tables.CHECKSUMS).unlink()
    with pytest.raises(tables.Damaged, match=r"checksums\.json is missing"):
        tables.verified(place)


# Every real table of every game: every damage refused ------------------------------------


@dataclass(frozen=True)
class Stored:
    """A real table: what builds (or reads) it, and where it is kept."""

    label: str  # "race-all-en"
    build: Callable[[], object]
    place: Callable[[], Path | None]


def real_tables(lang: str) -> list[Stored]:
    """Every table a game or command of this language keeps: the lexicon's word lists of
    each tier, MY WORD!'s race tables of each tier, and the word index."""
    from solver.race import index
    from solver.wordtools import lexicon, wordindex

    def lexicon_place(tier: str) -> Path | None:
        return tables.where(lexicon.tier_table_name(tier, lang), lexicon.sources(lang))

    def race_place(tier: str) -> Path | None:
        return tables.where(index.table_name(tier, lang), lexicon.sources(lang))

    def index_place() -> Path | None:
        path = wordindex.where(lang, lexicon.sources(lang))
        return None if path is None else path.parent

    found = [
        Stored(
            f"lexicon-{tier}-{lang}",
            lambda t=tier: lexicon.words(3, t, lang),
            lambda t=tier: lexicon_place(t),
        )
        for tier in lexicon.TIERS
    ]
    found += [
        Stored(
            f"race-{tier}-{lang}",
            lambda t=tier: index.word_table(t, lang),
            lambda t=tier: race_place(t),
        )
        for tier in RACE_TIERS
    ]
    found.append(Stored(f"words-{lang}", lambda: lexicon.indexed_facts("a", lang), index_place))
    return found


def _built(stored: Stored) -> Path:
    stored.build()  # built into the session's table cache, or read from it
    place = stored.place()
    assert place is not None and place.is_dir(), stored.label
    return place


def _each_damage_refused(place: Path, into: Path, others: list[Path], few: bool) -> int:
    """Apply every damage to a linked copy of the table at ``place``; each must fail the
    check (``tables.verified``) with ``Damaged``. Plus every part swapped with the same
    part of another table. Returns how many were tried."""
    tried = 0
    for damage in damages(place, few):
        copy = linked_copy(place, into)
        damage.apply(copy)
        with pytest.raises(tables.Damaged):
            tables.verified(copy)
            pytest.fail(f"{place.name}, {damage}: not refused")
        tried += 1
    for other in others:
        for part in sorted(p.name for p in place.iterdir() if (other / p.name).exists()):
            copy = linked_copy(place, into)
            (copy / part).unlink()
            shutil.copyfile(other / part, copy / part)
            with pytest.raises(tables.Damaged):
                tables.verified(copy)
            tried += 1
        copy = linked_copy(other, into)  # the other table, under this one's name
        copy.rename(copy.with_name(place.name + ".tmp"))
        shutil.rmtree(into / place.name)
        (into / (place.name + ".tmp")).rename(into / place.name)
        with pytest.raises(tables.Damaged, match=r"another table's"):
            tables.verified(into / place.name)
        tried += 1
    assert tables.verified(linked_copy(place, into))  # the undamaged copy passes
    return tried


def _check_every_table(lang: str, tmp_path: Path, few: bool) -> None:
    found = real_tables(lang)
    places = {stored.label: _built(stored) for stored in found}
    kept = {p.name.rsplit("-", 1)[0] for p in places["race-all-" + lang].parent.iterdir()}
    kinds = {name.split("-")[0] for name in kept if not name.startswith(".") and "." not in name}
    assert kinds <= {"race", "lexicon", "words"}  # no kind of table left out of this test
    for stored in found:
        place = places[stored.label]
        kind = stored.label.split("-")[0]
        others = [p for label, p in places.items() if label.startswith(kind) and p != place]
        into = tmp_path / stored.label
        into.mkdir()
        assert _each_damage_refused(place, into, others[:1], few) >= 20, stored.label


def test_each_kind_of_damage_to_every_english_table_is_refused(tmp_path: Path) -> None:
    _check_every_table("en", tmp_path, few=True)


@pytest.mark.heavy  # thousands of checks of tables of up to 90 MB
@pytest.mark.parametrize("lang", LANGS)
def test_every_damage_to_every_table_is_refused(tmp_path: Path, lang: str) -> None:
    _check_every_table(lang, tmp_path, few=False)


def test_a_damaged_race_table_answers_right_in_this_process(capsys) -> None:
    """The audit's silent wrong answer: a byte of the word lengths changed made ``race
    claim`` answer "No word of 3 or more cards". Now: the right claims, one line, and the
    table is kept healthy."""
    from solver.race import index

    index.word_table.cache_clear()
    expected = index.claims(["c", "a", "t", "s"], "familiar")
    place = tables.where(index.table_name("familiar", "en"), _sources("en"))
    assert place is not None
    lengths = bytearray((place / "lengths.npy").read_bytes())
    lengths[len(lengths) // 2] ^= 0x10
    _rewrite(place / "lengths.npy", bytes(lengths))
    capsys.readouterr()
    try:
        index.word_table.cache_clear()
        assert index.claims(["c", "a", "t", "s"], "familiar") == expected
        (line,) = capsys.readouterr().err.splitlines()
        assert line == (
            "myword: the race word table race-familiar-en was damaged "
            "(checksum mismatch in lengths.npy); building it again"
        )
        assert tables.verified(place)
    finally:
        index.word_table.cache_clear()


def _sources(lang: str) -> tuple[Path, ...]:
    from solver.wordtools import lexicon

    return lexicon.sources(lang)


# The real commands, each in a process of its own cache -----------------------------------


def _own_cache(tmp_path: Path, labels: list[str], lang: str = "en") -> dict[str, Path]:
    """A cache folder of the test's own holding copies of the named tables (built first in
    the session's cache when missing): the tables of each table's name."""
    cache = tmp_path / "cache" / "tables"
    cache.mkdir(parents=True)
    places = {}
    for stored in real_tables(lang):
        if stored.label in labels:
            original = _built(stored)
            shutil.copytree(original, cache / original.name)
            places[stored.label] = cache / original.name
    return places


def _run(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = os.environ | {
        "MYWORD_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": "120",
    }
    return subprocess.run(
        [sys.executable, "-m", "cli", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
        check=False,
    )


@dataclass(frozen=True)
class Case:
    """A damage to one table, and the command that reads it."""

    table: str
    damage: Callable[[Path], None]
    command: tuple[str, ...]
    name: str


CASES = [
    Case(
        "race-all-en",
        _zero_data("lengths.npy"),
        ("race", "claim", "C A T S ND ?", "--json"),
        "race table: the lengths zeroed (was: no word of 3 or more cards)",
    ),
    Case(
        "race-all-en",
        _flip("lengths.npy", 400_000, 0x07),
        ("race", "claim", "C A T S ND ?", "--json"),
        "race table: a byte of the lengths",
    ),
    Case(
        "race-all-en",
        _folder_as_file,
        ("race", "claim", "C A T S ND ?", "--json"),
        "race table: its folder an empty file",
    ),
    Case(
        "race-all-en",
        lambda place: (place / tables.CHECKSUMS).unlink(),
        ("race", "claim", "C A T S ND ?", "--json"),
        "race table: its checksums deleted",
    ),
    Case(
        "race-easy-en",
        _truncate("codes.npy", lambda n: n // 3),
        ("race", "claim", "QU E E N S", "--tier", "easy", "--json"),
        "race easy table: its codes cut",
    ),
    Case(
        "words-en",
        _flip("words.sqlite", 4_000_000, 0x20),
        ("words", "check", "table", "erne", "london", "xyzzy", "--json"),
        "word index: a byte of a page",
    ),
    Case(
        "lexicon-all-en",
        _zero("words.bin"),
        ("layout", "solo", "--seed", "3", "--player", "greedy", "--json"),
        "word list: zeroed (layout)",
    ),
    Case(
        "lexicon-all-en",
        _as_folder("zipf.bin"),
        ("deduce", "advise", "--history", "SO 0, DEN 1250", "--strategy", "points", "--json"),
        "word list: a folder for a part (deduce)",
    ),
]


@pytest.mark.parametrize(
    "case",
    [  # 3 s each, a process of its own: the wrong answer in the suite, the rest heavy
        case if number == 0 else pytest.param(case, marks=pytest.mark.heavy)
        for number, case in enumerate(CASES)
    ],
    ids=[case.name for case in CASES],
)
def test_a_command_after_damage_answers_as_on_a_fresh_cache(tmp_path: Path, case: Case) -> None:
    """The command's answer is what it gives on a sound cache, with one line on stderr and
    no traceback; the next run is healthy (the same answer, nothing said)."""
    places = _own_cache(tmp_path, [case.table])
    fresh = _run(tmp_path, *case.command)
    assert fresh.returncode == 0 and fresh.stderr == "", fresh.stderr
    case.damage(places[case.table])
    damaged = _run(tmp_path, *case.command)
    assert (damaged.returncode, damaged.stdout) == (0, fresh.stdout), damaged.stderr
    (line,) = damaged.stderr.splitlines()
    assert ONE_LINE.fullmatch(line), line
    healthy = _run(tmp_path, *case.command)
    assert (healthy.returncode, healthy.stdout, healthy.stderr) == (0, fresh.stdout, "")


@pytest.mark.heavy  # builds the Spanish race table again (seconds)
def test_a_damaged_spanish_race_table_answers_right(tmp_path: Path) -> None:
    places = _own_cache(tmp_path, ["race-all-es"], "es")
    command = ("race", "claim", "C A N C I O N Ñ ?", "--lang", "es", "--json")
    fresh = _run(tmp_path, *command)
    assert fresh.returncode == 0 and json.loads(fresh.stdout)["claims"], fresh.stderr
    _flip("lengths.npy", -1000, 0x03)(places["race-all-es"])
    damaged = _run(tmp_path, *command)
    assert (damaged.returncode, damaged.stdout) == (0, fresh.stdout)
    assert ONE_LINE.fullmatch(damaged.stderr.strip()), damaged.stderr
    assert _run(tmp_path, *command).stderr == ""


KEY_OF_SOURCE = "import sys; from pathlib import Path; from solver.runtime import tables; "
KEY_OF_SOURCE += "print(tables.key('demo', [Path(sys.argv[1])]))"


@pytest.mark.parametrize("kind", ["pipe", "link to /dev/zero", "folder", "garbage"])
def test_a_damaged_digests_file_is_computed_again(tmp_path: Path, source: Path, kind: str):
    """The remembered digests of the sources (``tables.DIGESTS``) as a pipe or a link to an
    endless device once made every command wait (or read) for ever; now they are computed
    again, and the file is written anew."""
    folder = tmp_path / "cache" / "tables"
    folder.mkdir(parents=True)
    environment = os.environ | {tables.CACHE_VARIABLE: str(tmp_path / "cache")}

    def key() -> str:
        done = subprocess.run(
            [sys.executable, "-c", KEY_OF_SOURCE, str(source)],
            capture_output=True,
            text=True,
            env=environment,
            timeout=60,
            check=True,
        )
        return done.stdout.strip()

    expected = key()
    digests = folder / tables.DIGESTS
    digests.unlink()
    if kind == "pipe":
        os.mkfifo(digests)
    elif kind == "folder":
        digests.mkdir()
    elif kind == "garbage":
        digests.write_bytes(b"\xff{" * 1000)
    else:
        digests.symlink_to("/dev/zero")
    assert key() == expected
    if kind != "folder":
        assert json.loads(digests.read_text("utf-8"))  # written anew, a plain file
