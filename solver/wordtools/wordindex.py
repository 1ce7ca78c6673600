"""One word's facts (its tier, its Zipf frequency) without loading a language.

Why: ``myword words check table`` loaded the whole play list and scanned wordfreq's
frequency file to answer one look-up (slow even in English; the Spanish list holds a
million forms). A SQLite file holds the answers instead: built once per word lists and wordfreq
data (``tables.key``), kept beside the other tables, and asked by primary key in well
under a millisecond. SQLite ships with Python, and a look-up needs neither numpy nor the
lists in memory.

The index holds every word of the play list with its smallest tier (``lexicon.TIERS``)
and every word wordfreq has seen with its Zipf value, so that a frequency can be given for
a word that is not in the dictionary (LONDON). When nothing can be written, ``facts``
returns None and the lexicon answers from the lists as before.

What goes in is the lexicon's to say: it hands this module its sources (whose contents key
the file) and the function that lists the rows (``lexicon.index_rows``), so that this
module never imports the lexicon, which asks it (an import circle until issue 25).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

FORMAT = 1  # raise when the schema or what a row means changes
TIER_CODES = {"easy": 0, "familiar": 1, "core": 2, "all": 3}
TIER_NAMES = {code: name for name, code in TIER_CODES.items()}

# Every row of a language's index, ``(word, tier, zipf)``: what the lexicon hands in.
Rows = Callable[[str], Iterable[tuple[str, str | None, float]]]


def facts(
    word: str, lang: str, sources: tuple[Path, ...], rows: Rows, build: bool = True
) -> tuple[str | None, float] | None:
    """``(tier, zipf)`` of a normalized word: its smallest tier (None when it is not a word
    of the play list) and its Zipf frequency (0 when wordfreq has not seen it); None when no
    index can be kept, or (without ``build``) none is built yet: the caller reads the lists.
    ``sources`` are the files the index is built from, ``rows`` lists what it holds (both
    the lexicon's: ``lexicon.indexed_facts``)."""
    path = where(lang, sources)
    if path is None or (not build and not path.exists()):
        return None
    connection = _connection(path, lang, rows)
    if connection is None:
        return None
    row = connection.execute("SELECT tier, zipf FROM words WHERE word = ?", (word,)).fetchone()
    if row is None:
        return None, 0.0
    tier, zipf = row
    return (None if tier is None else TIER_NAMES[tier]), zipf


def where(lang: str, sources: tuple[Path, ...]) -> Path | None:
    """The index's file (it exists once built); None when nothing can be written. It is
    kept as a table (``tables``): in a folder of its own, beside its checksum."""
    from solver.runtime import tables

    root = tables.folder()
    if root is None:
        return None
    name = f"words-{lang}"
    return root / f"{name}-{tables.key(f'{name}|{FORMAT}', sources)}" / FILE


FILE = "words.sqlite"  # the index, in its table folder


@lru_cache(maxsize=8)  # an index a language (and cache folder)
def _connection(path: Path, lang: str, rows: Rows) -> sqlite3.Connection | None:
    """The index, opened read-only once its checksum holds (``tables.verified``): built when
    missing; a damaged one is said so in one line and built again (when it cannot be
    replaced, the lists answer in this process)."""
    from solver.runtime import tables

    place = path.parent
    try:
        tables.verified(place)
    except FileNotFoundError:  # never built
        if not _install(place, lang, rows):
            return None
    except tables.Damaged as damage:
        instead = "answering from the word lists"
        if not tables.repairable(place, "word index", str(damage), instead):
            return None
        if not _install(place, lang, rows):
            return None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        connection.execute("SELECT 1 FROM words LIMIT 1")
    except sqlite3.Error:  # what was written is not an index: the lists answer
        return None
    return connection


def _install(place: Path, lang: str, rows: Rows) -> bool:
    """Build the index into its table folder; whether there is one now (built here, or by
    another process at the same time)."""
    from solver.runtime import tables

    def write(scratch: Path) -> None:
        try:
            _build(scratch / FILE, rows(lang))
        except sqlite3.Error as error:
            raise OSError(str(error)) from error

    return tables.install(place, write) or (place / FILE).exists()


def _build(path: Path, rows: Iterable[tuple[str, str | None, float]]) -> None:
    """Write the index to a temporary file and rename it into place (no reader ever sees
    half an index; a second process building at once writes the same file)."""
    import tempfile

    handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    os.close(handle)
    try:
        with contextlib.closing(sqlite3.connect(scratch)) as connection:
            connection.execute(
                "CREATE TABLE words (word TEXT PRIMARY KEY, tier INTEGER, zipf REAL) WITHOUT ROWID"
            )
            connection.executemany(
                "INSERT INTO words VALUES (?, ?, ?)",
                (
                    (word, None if tier is None else TIER_CODES[tier], zipf)
                    for word, tier, zipf in sorted(rows)
                ),
            )
            connection.commit()
        os.replace(scratch, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
