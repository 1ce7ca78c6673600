"""Tables built from the word lists once, and kept on disk for every later process.

Why: a table like the race's anagram vocabulary (every word's letter codes, letter counts,
masks and frequency) was rebuilt in every process, up to seconds (Spanish), for an answer
that costs milliseconds. Built once, it loads in tens of milliseconds.

Where: the user's cache folder (``cachedir``), in ``tables/``, or ``MYWORD_CACHE_DIR``
when set. Frequencies come from wordfreq at run time (its data is CC BY-SA, so none are
shipped), which is why the tables live in a user cache and not in the package.

Key: a table is stored under a hash of its name, ``FORMAT``, and the contents of every
file it was built from (the word lists, wordfreq's data file). Editing a list, or another
wordfreq, gives another key, so a stale table is never read; old ones are simply unused.
Hashing the Spanish sources (15 MB) in every process cost more than reading the table, so a
file's digest is remembered (``digests.json`` beside the tables) with its size, time stamp
and inode, and read again only when one of them changes, as git and make trust a file's
stat; an edit keeping all three (nanosecond time stamps) is not a case worth the cost.

Each table is a folder of ``.npy`` files and their checksums (``checksums.json``: each
part's size and SHA-256, written last), written to a temporary folder and renamed into
place, so that a process never reads half a table. Every process checks the checksums
when it opens a table (see "Checksums" below); a table that fails (damaged, truncated, a
part missing or replaced, the checksums missing) is said so in one line on stderr, and
built again; one that cannot be written is still returned (only the next process pays).
A part is a numpy array (``.npy``) or bytes (``.bin``, read without importing numpy). Parts
are loaded whole by default. ``mapped=True`` memory-maps them instead, for a table of which
a process reads a small part (one word length of the Spanish list, a few words' spellings):
arrays are then read-only (as every array a kernel is given: its wrapper hands it over
read-only, ``jit.kernel_array``, so a mapped array compiles no other signature); bytes come as an
``mmap`` (sliced, it gives bytes).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

if TYPE_CHECKING:
    import io

    import numpy as np

FORMAT = 5  # raise when what a table holds, or how it is built, changes
CACHE_VARIABLE = "MYWORD_CACHE_DIR"

# A table's parts: numpy arrays (``.npy`` files) or plain bytes (``.bin`` files, read
# without numpy: the word lists of a small command that has no other use for it).
Arrays = dict[str, Any]


def folder() -> Path | None:
    """Where tables are kept: ``MYWORD_CACHE_DIR/tables`` when set, else the user's cache
    folder; None when nothing can be written (tables are then built in each process).
    Found once per process (and setting): checking that a folder can be written creates a
    file there, and a command reads several tables.

    A ``MYWORD_CACHE_DIR`` whose tables folder exists but cannot be written (a cache made
    read-only, shared, or on a read-only disk) is still read: its tables are used while
    their checksums hold; a missing or damaged one is built in each process, and a damaged
    one is said so."""
    return _folder(os.environ.get(CACHE_VARIABLE))


@lru_cache(maxsize=8)  # a setting of MYWORD_CACHE_DIR
def _folder(configured: str | None) -> Path | None:
    from solver.runtime import cachedir

    if configured:
        chosen = Path(configured) / "tables"
        return chosen if cachedir.writable(chosen) or chosen.is_dir() else None
    return cachedir.user_folder("tables")


def key(name: str, sources: Iterable[Path]) -> str:
    """A short hash of the table's name, the format and its sources' contents."""
    digest = hashlib.blake2b(f"{name}|{FORMAT}".encode(), digest_size=12)
    for source in sources:
        digest.update(str(source.name).encode())
        digest.update(content_digest(source).encode())
    return digest.hexdigest()


DIGESTS = "digests.json"  # remembered digests of the sources, beside the tables


def content_digest(source: Path) -> str:
    """The blake2b of a file's contents, remembered across processes while its size, time
    stamp and inode stay the same (see the module docstring)."""
    status = source.stat()
    return _digest(str(source.resolve()), status.st_size, status.st_mtime_ns, status.st_ino)


@lru_cache(maxsize=64)  # a source as it is now (an edit is another key)
def _digest(path: str, size: int, mtime_ns: int, inode: int) -> str:
    stamp = [size, mtime_ns, inode]
    root = folder()
    remembered = _remembered(root)
    known = remembered.get(path)
    if isinstance(known, list) and len(known) == 4 and known[:3] == stamp:
        return str(known[3])
    digest = hashlib.blake2b(Path(path).read_bytes(), digest_size=16).hexdigest()
    if root is not None:
        _remember(root, remembered | {path: [*stamp, digest]})
    return digest


# ``digests.json``: each source's path and ``[size, mtime_ns, inode, digest]``. Parsed JSON,
# not checked whole: ``_digest`` checks the one entry it reads, and the others are written
# back as they were read.
def _remembered(root: Path | None) -> dict[str, object]:
    if root is None:
        return {}
    try:  # a plain file only: a pipe or a link to /dev/zero put there would never end
        found = json.loads(_plain_file(root / DIGESTS, CHECKSUMS_MOST).decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # none yet, or damaged: computed again
        return {}
    return found if isinstance(found, dict) else {}


# ``remembered``: as ``_remembered`` read it, with the entry just worked out.
def _remember(root: Path, remembered: dict[str, object]) -> None:
    """Written to a temporary file and renamed into place: a reader never sees half of it
    (two processes writing at once lose at most one entry, computed again next time)."""
    import tempfile

    with contextlib.suppress(OSError):
        handle, scratch = tempfile.mkstemp(dir=root, prefix=f".{DIGESTS}-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(remembered, out)
            os.replace(scratch, root / DIGESTS)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(scratch)


def where(name: str, sources: Iterable[Path]) -> Path | None:
    """The folder a table is (or will be) kept in; None when nothing can be written. It
    exists once the table is built (``myword warm`` asks, to say what it builds)."""
    root = folder()
    return None if root is None else root / f"{name}-{key(name, sources)}"


def stored(
    name: str,
    sources: Iterable[Path],
    build: Callable[[], Arrays],
    mapped: bool = False,
    label: str = "word table",
) -> Arrays:
    """The arrays ``build`` makes from ``sources``: read from disk when this table was built
    before from the same sources and its checksums hold, else built now and written for
    next time. ``mapped``: memory-mapped, read-only (see the module docstring). A damaged
    table is said so on stderr, in one line naming it (``label``: "race word table"), and
    built again; when it cannot be replaced, the table built is used for this process."""
    place = where(name, sources)
    if place is None:
        return build()
    try:
        return _read(place, mapped)
    except FileNotFoundError:  # never built (or removed whole): built now, silently
        pass
    except Exception as damage:  # ``Damaged``, or any failure not foreseen: not trusted
        reason = str(damage) if isinstance(damage, Damaged) else one_line(damage)
        if not repairable(place, label, reason):
            return build()
    arrays = build()
    _keep(place, arrays)
    return arrays


def _read(place: Path, mapped: bool) -> Arrays:
    """Every part of the table at ``place``, its checksums checked first (``verified``);
    ``Damaged`` when any part is not the one written, FileNotFoundError when there is none."""
    parts = verified(place)
    arrays = {}
    for file_name, facts in parts.items():
        try:
            arrays[file_name.rpartition(".")[0]] = _load(place / file_name, mapped, facts)
        except (OSError, ValueError, EOFError) as error:  # read as it was written: not ours
            raise Damaged(f"{file_name} cannot be read: {one_line(error)}") from None
    return arrays


def _load(path: Path, mapped: bool, facts: PartFacts) -> Any:
    if path.suffix == ".bin":
        if not mapped:
            return path.read_bytes()
        import mmap

        with path.open("rb") as handle:
            if not facts["bytes"]:
                return b""  # an empty file cannot be mapped
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    import numpy as np

    array = np.load(path, mmap_mode="r" if mapped else None, allow_pickle=False)
    if array.dtype.str != facts.get("dtype") or list(array.shape) != facts.get("shape"):
        raise Damaged(f"{path.name} holds {array.dtype.str} {list(array.shape)}, not what was kept")
    return array


def _keep(place: Path, arrays: Arrays) -> None:
    """Write the table for the next processes: its parts, then its checksums last, in a
    scratch folder renamed into place (a reader sees a whole table or none). A full or
    read-only disk keeps nothing: the table is still returned, built (the next process
    builds it again, silently, as the first one did). Numpy is imported for arrays only: a
    table of bytes is written and read without it."""

    def write(scratch: Path) -> None:
        for label, array in arrays.items():
            if isinstance(array, bytes):
                (scratch / f"{label}.bin").write_bytes(array)
                continue
            import numpy as np

            np.save(scratch / f"{label}.npy", np.ascontiguousarray(array), allow_pickle=False)

    install(place, write)


# Checksums -----------------------------------------------------------------------------
#
# Why: a table is memory-mapped and trusted by kernels, so a byte changed on disk (a bad
# sector, a crash before the data reached the disk, a hand that edited the cache) gave
# tracebacks and, worse, wrong answers ("no word of 3 or more cards") in every later
# process. Each table folder holds ``checksums.json``, written last: for each part its size,
# SHA-256 and (arrays) dtype and shape, and the folder's own name, so that a table moved or
# copied under another table's name is refused too. Every process checks every part when
# it opens the table, reading it whole, which costs a command tens of milliseconds in
# Spanish (measured by ``bench/test_tables_bench.py``: docs/performance.md, "Start-up").
# A digest of a part of each
# file would cost less, and miss the one byte changed in the middle of it.

CHECKSUMS = "checksums.json"
CHECKSUMS_MOST = 1 << 20  # bytes: a checksums file larger than this is not one we wrote
SUFFIXES = (".npy", ".bin", ".sqlite")  # what a part may be


class PartFacts(TypedDict):
    """What ``checksums.json`` says of a part (``_facts``): its size and SHA-256, and an
    array's dtype and shape."""

    bytes: int
    sha256: str
    dtype: NotRequired[str]  # arrays (``.npy``) only
    shape: NotRequired[list[int]]


class ChecksumsDocument(TypedDict):
    """``checksums.json``: the table's folder name, ``FORMAT``, each part's facts by file
    name, and the SHA-256 of the rest (``_sealed``)."""

    table: str
    format: int
    parts: dict[str, PartFacts]
    sha256: str


class Damaged(Exception):
    """Why a stored table cannot be trusted, in a few words ("checksum mismatch in
    codes.npy")."""


def one_line(error: BaseException) -> str:
    """An OS or parse error in a few words: its message without the path (the table is
    named already)."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return " ".join(str(error).split())[:120] or type(error).__name__


def verified(place: Path) -> dict[str, PartFacts]:
    """The parts of the table kept at ``place`` (file name: its facts), each checked against
    its checksum. FileNotFoundError when nothing is there; ``Damaged`` for anything else
    that is not the table as it was written: a file where the folder should be, a link,
    missing or unreadable checksums, or checksums of another table, a part missing, not a
    plain file, of another size or another SHA-256."""
    import stat

    try:
        status = os.lstat(place)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Damaged(f"its folder cannot be read: {one_line(error)}") from None
    if not stat.S_ISDIR(status.st_mode):
        raise Damaged("a file or a link where its folder should be")
    parts = _checksums(place)
    for file_name, facts in parts.items():
        _check_part(place / file_name, facts)
    return parts


def _checksums(place: Path) -> dict[str, PartFacts]:
    """The parts ``checksums.json`` lists, once the file itself is whole (its own SHA-256,
    ``_sealed``: a byte changed anywhere in it, even in a name no one reads, is damage) and
    names this table."""
    try:
        text = _plain_file(place / CHECKSUMS, CHECKSUMS_MOST).decode("utf-8")
        document = json.loads(text)
    except FileNotFoundError:
        raise Damaged(f"its {CHECKSUMS} is missing") from None
    except (OSError, ValueError, RecursionError) as error:  # (nested thousands deep)
        raise Damaged(f"its {CHECKSUMS} cannot be read: {one_line(error)}") from None
    if not isinstance(document, dict) or set(document) != {"table", "format", "parts", "sha256"}:
        raise Damaged(f"its {CHECKSUMS} is not one myword wrote")
    if document["sha256"] != _sealed(document)["sha256"]:
        raise Damaged(f"checksum mismatch in {CHECKSUMS}")
    if document["table"] != place.name or document["format"] != FORMAT:
        raise Damaged(f"its {CHECKSUMS} is another table's")
    parts = document["parts"]
    if (
        not isinstance(parts, dict)
        or not parts
        or not all(
            _part_name(file_name)
            and isinstance(facts, dict)
            and isinstance(facts.get("bytes"), int)
            and isinstance(facts.get("sha256"), str)
            for file_name, facts in parts.items()
        )
    ):
        raise Damaged(f"its {CHECKSUMS} is not one myword wrote")
    return parts


def _sealed(document: Mapping[str, object]) -> ChecksumsDocument:
    """``document`` with its own SHA-256 (of its other fields, as canonical JSON)."""
    body = {name: value for name, value in document.items() if name != "sha256"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    sealed = body | {"sha256": hashlib.sha256(canonical.encode()).hexdigest()}
    # (the fields of a table just written, ``install``; or of one read back, of which
    # ``_checksums`` compares the SHA-256 alone before it checks the rest)
    return cast(ChecksumsDocument, sealed)


def _part_name(file_name: object) -> bool:
    """A part's file name as ``_keep`` writes it: a plain name in the folder."""
    return (
        isinstance(file_name, str)
        and file_name.endswith(SUFFIXES)
        and "/" not in file_name
        and "\\" not in file_name
        and not file_name.startswith(".")
    )


def _plain_file(path: Path, most: int) -> bytes:
    """A plain file's bytes, at most ``most`` of them; OSError when it is not one (a link,
    a folder, a pipe or a device: reading one could fail, block or never end) or is larger."""
    with _opened(path) as opened:
        if os.fstat(opened.fileno()).st_size > most:
            raise OSError(0, "too large")
        return opened.read(most + 1)


def _opened(path: Path) -> io.BufferedReader:
    """``path`` opened for reading if it is a plain file (a link is not followed, and a pipe
    is not waited on); OSError otherwise."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(0, "not a plain file")
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def _check_part(path: Path, facts: PartFacts) -> None:
    name = path.name
    try:
        with _opened(path) as opened:
            size = os.fstat(opened.fileno()).st_size
            if size != facts["bytes"]:
                raise Damaged(f"{name} is {size} bytes, not {facts['bytes']}")
            digest = hashlib.file_digest(opened, "sha256").hexdigest()
    except FileNotFoundError:
        raise Damaged(f"{name} is missing") from None
    except OSError as error:
        raise Damaged(f"{name} cannot be read: {one_line(error)}") from None
    if digest != facts["sha256"]:
        raise Damaged(f"checksum mismatch in {name}")


def _facts(path: Path) -> PartFacts:
    """What ``checksums.json`` says of a part just written: its size, its SHA-256, and an
    array's dtype and shape (read back from its header)."""
    with path.open("rb") as opened:
        facts: PartFacts = {
            "bytes": os.fstat(opened.fileno()).st_size,
            "sha256": hashlib.file_digest(opened, "sha256").hexdigest(),
        }
    if path.suffix == ".npy":
        import numpy as np

        array = np.load(path, mmap_mode="r", allow_pickle=False)
        facts |= {"dtype": array.dtype.str, "shape": list(array.shape)}
    return facts


def install(place: Path, write: Callable[[Path], None]) -> bool:
    """Make the table at ``place``: ``write`` fills a scratch folder beside it, its checksums
    are written last, and the folder is renamed into place, so that no reader ever sees half
    a table nor trusts one whose checksums were not written. False when nothing could be
    kept (a full or read-only disk), or another process kept the same table first."""
    import shutil
    import tempfile

    try:
        scratch = Path(tempfile.mkdtemp(dir=place.parent, prefix=f".{place.name}-"))
    except OSError:
        return False
    try:
        write(scratch)
        parts = {
            path.name: _facts(path) for path in sorted(scratch.iterdir()) if _part_name(path.name)
        }
        document = _sealed({"table": place.name, "format": FORMAT, "parts": parts})
        (scratch / CHECKSUMS).write_text(json.dumps(document, indent=1), "utf-8")
        scratch.rename(place)
        return True
    except OSError:  # a full disk, or another process wrote it first: theirs is the same
        return False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def repairable(
    place: Path, label: str, damage: str, instead: str = "using one built in memory"
) -> bool:
    """Say on stderr, in one line, that the table at ``place`` is damaged, and move it out
    of the way so that it can be built again: True when it could be, False when it cannot
    be replaced (then the caller does without it, as ``instead`` says: the table built for
    this process only)."""
    import sys

    name = place.name.rpartition("-")[0] or place.name
    what = f"myword: the {label} {name} was damaged ({damage})"
    try:
        _remove(place)
    except OSError as error:
        print(
            f"{what} and cannot be replaced ({one_line(error)}); {instead}",
            file=sys.stderr,
            flush=True,
        )
        return False
    print(f"{what}; building it again", file=sys.stderr, flush=True)
    return True


def _remove(place: Path) -> None:
    """Rename a damaged table aside (one step: no reader sees it half removed), then delete
    it; gone already (another process repairing it) is fine."""
    import secrets
    import shutil

    aside = place.parent / f".{place.name}-damaged-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        os.rename(place, aside)
    except FileNotFoundError:
        return
    if aside.is_dir() and not aside.is_symlink():
        shutil.rmtree(aside, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            aside.unlink()


def words_to_array(words: Iterable[str]) -> np.ndarray:
    """Words as one array of UTF-8 bytes, newline-separated (how tables keep their words)."""
    import numpy as np

    return np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8)


def array_to_words(blob: np.ndarray) -> tuple[str, ...]:
    text = blob.tobytes().decode("utf-8")
    return tuple(text.split("\n")) if text else ()
