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

Each table is a folder of ``.npy`` files, written to a temporary folder and renamed into
place, so that a process never reads half a table; a table that cannot be read is built
again, and one that cannot be written is still returned (only the next process pays).
Arrays are loaded whole, not memory-mapped (the kernels' wrappers now take read-only
arrays as they are, ``jit.kernel_array``, so mapping them would compile nothing more).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

FORMAT = 1  # raise when what a table holds, or how it is built, changes
CACHE_VARIABLE = "MYWORD_CACHE_DIR"

Arrays = dict[str, "np.ndarray"]


def folder() -> Path | None:
    """Where tables are kept: ``MYWORD_CACHE_DIR/tables`` when set, else the user's cache
    folder; None when nothing can be written (tables are then built in each process)."""
    from solver import cachedir

    configured = os.environ.get(CACHE_VARIABLE)
    if configured:
        chosen = Path(configured) / "tables"
        return chosen if cachedir.writable(chosen) else None
    return cachedir.user_folder("tables")


def key(name: str, sources: Iterable[Path]) -> str:
    """A short hash of the table's name, the format and its sources' contents."""
    digest = hashlib.blake2b(f"{name}|{FORMAT}".encode(), digest_size=12)
    for source in sources:
        digest.update(str(source.name).encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def where(name: str, sources: Iterable[Path]) -> Path | None:
    """The folder a table is (or will be) kept in; None when nothing can be written. It
    exists once the table is built (``myword warm`` asks, to say what it builds)."""
    root = folder()
    return None if root is None else root / f"{name}-{key(name, sources)}"


def stored(name: str, sources: Iterable[Path], build: Callable[[], Arrays]) -> Arrays:
    """The arrays ``build`` makes from ``sources``: read from disk when this table was built
    before from the same sources, else built now and written for next time."""
    import numpy as np

    place = where(name, sources)
    if place is None:
        return build()
    try:
        return {path.stem: np.load(path) for path in sorted(place.glob("*.npy"))} or _fresh(
            place, build
        )
    except (OSError, ValueError):  # unreadable or half-removed by hand: build it again
        return _fresh(place, build)


def _fresh(place: Path, build: Callable[[], Arrays]) -> Arrays:
    import numpy as np

    arrays = build()
    try:
        scratch = Path(tempfile.mkdtemp(dir=place.parent, prefix=f".{place.name}-"))
        for label, array in arrays.items():
            np.save(scratch / f"{label}.npy", np.ascontiguousarray(array))
        try:
            scratch.rename(place)
        except OSError:  # another process wrote it first: theirs is the same table
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
