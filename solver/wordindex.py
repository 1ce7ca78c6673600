"""One word's facts (its tier, its Zipf frequency) without loading a language.

Why: ``myword words check table`` loaded the whole play list and scanned wordfreq's
frequency file to answer one look-up (0.25 s in English; the Spanish list holds a million
forms). A SQLite file holds the answers instead: built once per word lists and wordfreq
data (``tables.key``), kept beside the other tables, and asked by primary key in well
under a millisecond. SQLite ships with Python, and a look-up needs neither numpy nor the
lists in memory.

The index holds every word of the play list with its smallest tier (``lexicon.TIERS``)
and every word wordfreq has seen with its Zipf value, so that a frequency can be given for
a word that is not in the dictionary (LONDON). When nothing can be written, ``facts``
returns None and the lexicon answers from the lists as before.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from functools import cache
from pathlib import Path

FORMAT = 1  # raise when the schema or what a row means changes
TIER_CODES = {"easy": 0, "familiar": 1, "core": 2, "all": 3}
TIER_NAMES = {code: name for name, code in TIER_CODES.items()}


def facts(word: str, lang: str = "en", build: bool = True) -> tuple[str | None, float] | None:
    """``(tier, zipf)`` of a normalized word: its smallest tier (None when it is not a word
    of the play list) and its Zipf frequency (0 when wordfreq has not seen it); None when no
    index can be kept, or (without ``build``) none is built yet: the caller reads the lists.
    """
    if not build and not ((path := where(lang)) and path.exists()):
        return None
    connection = _connection(lang)
    if connection is None:
        return None
    row = connection.execute("SELECT tier, zipf FROM words WHERE word = ?", (word,)).fetchone()
    if row is None:
        return None, 0.0
    tier, zipf = row
    return (None if tier is None else TIER_NAMES[tier]), zipf


def where(lang: str) -> Path | None:
    """The index's file (it exists once built); None when nothing can be written."""
    from solver import lexicon, tables

    root = tables.folder()
    if root is None:
        return None
    name = f"words-{lang}"
    return root / f"{name}-{tables.key(f'{name}|{FORMAT}', lexicon.sources(lang))}.sqlite"


@cache
def _connection(lang: str) -> sqlite3.Connection | None:
    path = where(lang)
    if path is None:
        return None
    if not path.exists():
        try:
            _build(path, lang)
        except (OSError, sqlite3.Error):
            return None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        connection.execute("SELECT 1 FROM words LIMIT 1")
    except sqlite3.Error:  # damaged: built again next time
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    return connection


def _build(path: Path, lang: str) -> None:
    """Write the index to a temporary file and rename it into place (no reader ever sees
    half an index; a second process building at once writes the same file)."""
    from solver import lexicon

    lexicon_ = lexicon.load(lang)
    table = lexicon._zipf_from_wordfreq(lang)  # as the tables are built, without numpy
    everything = lexicon.frequencies(lang)  # every word wordfreq has seen, normalized
    rows: dict[str, tuple[int | None, float]] = {w: (None, z) for w, z in everything.items()}
    for word in lexicon_.play:
        rows[word] = (TIER_CODES[lexicon.tier_from(word, lexicon_, table)], table.get(word, 0.0))
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
                ((w, tier, zipf) for w, (tier, zipf) in sorted(rows.items())),
            )
            connection.commit()
        os.replace(scratch, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
