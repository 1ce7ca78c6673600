"""Tables built from the word lists once, and kept on disk for every later process.

Why: a table like the race's anagram vocabulary (every word's letter codes, letter counts,
masks and frequency) was rebuilt in every process, 0.7 s in English and 6 s in Spanish,
for an answer that costs milliseconds. Built once, it loads in tens of milliseconds.

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

Each table is a folder of ``.npy`` files, written to a temporary folder and renamed into
place, so that a process never reads half a table; a table that cannot be read is built
again, and one that cannot be written is still returned (only the next process pays).
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
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

FORMAT = 4  # raise when what a table holds, or how it is built, changes
CACHE_VARIABLE = "MYWORD_CACHE_DIR"

# A table's parts: numpy arrays (``.npy`` files) or plain bytes (``.bin`` files, read
# without numpy: the word lists of a small command that has no other use for it).
Arrays = dict[str, Any]


def folder() -> Path | None:
    """Where tables are kept: ``MYWORD_CACHE_DIR/tables`` when set, else the user's cache
    folder; None when nothing can be written (tables are then built in each process).
    Found once per process (and setting): checking that a folder can be written creates a
    file there, and a command reads several tables."""
    return _folder(os.environ.get(CACHE_VARIABLE))


@cache
def _folder(configured: str | None) -> Path | None:
    from solver.runtime import cachedir

    if configured:
        chosen = Path(configured) / "tables"
        return chosen if cachedir.writable(chosen) else None
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


@cache
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


def _remembered(root: Path | None) -> dict[str, object]:
    if root is None:
        return {}
    try:
        found = json.loads((root / DIGESTS).read_text("utf-8"))
    except (OSError, ValueError):  # none yet, or damaged: digests are computed again
        return {}
    return found if isinstance(found, dict) else {}


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
    name: str, sources: Iterable[Path], build: Callable[[], Arrays], mapped: bool = False
) -> Arrays:
    """The arrays ``build`` makes from ``sources``: read from disk when this table was built
    before from the same sources, else built now and written for next time. ``mapped``:
    memory-mapped, read-only (see the module docstring)."""
    place = where(name, sources)
    if place is None:
        return build()
    try:
        return {
            path.stem: _load(path, mapped)
            for path in sorted(place.iterdir())
            if path.suffix in (".npy", ".bin")
        } or _fresh(place, build)
    except (OSError, ValueError):  # unreadable or half-removed by hand: build it again
        return _fresh(place, build)


def _load(path: Path, mapped: bool) -> Any:
    if path.suffix == ".bin":
        if not mapped:
            return path.read_bytes()
        import mmap

        with path.open("rb") as handle:
            if not path.stat().st_size:
                return b""  # an empty file cannot be mapped
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    import numpy as np

    return np.load(path, mmap_mode="r" if mapped else None)


def _fresh(place: Path, build: Callable[[], Arrays]) -> Arrays:
    arrays = build()
    try:
        import tempfile

        scratch = Path(tempfile.mkdtemp(dir=place.parent, prefix=f".{place.name}-"))
        for label, array in arrays.items():
            if isinstance(array, bytes):
                (scratch / f"{label}.bin").write_bytes(array)
                continue
            import numpy as np

            np.save(scratch / f"{label}.npy", np.ascontiguousarray(array))
        try:
            scratch.rename(place)
        except OSError:  # another process wrote it first: theirs is the same table
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)
    except OSError:
        pass  # a full or read-only disk: the table is still returned, built
    return arrays


def words_to_array(words: Iterable[str]) -> np.ndarray:
    """Words as one array of UTF-8 bytes, newline-separated (how tables keep their words)."""
    import numpy as np

    return np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8)


def array_to_words(blob: np.ndarray) -> tuple[str, ...]:
    text = blob.tobytes().decode("utf-8")
    return tuple(text.split("\n")) if text else ()
