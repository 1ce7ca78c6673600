"""Numba's cache of compiled kernels, checked as the word tables are: damage is a miss.

Numba keeps each compiled kernel as a pickle (``.nbc``) and an index of them (``.nbi``),
and trusts them whole: a byte changed on disk was a segmentation fault in every later run
(the compiled code itself), a file cut short an ``UnpicklingError`` in every game that used
the kernel (issue 26, "nothing damaged is trusted"). So in myword's kernel folder each of
these files is written with a mark and the SHA-256 of what it holds after it, and read
back only when they match. One that does not match is said in one line on stderr and
treated as absent: Numba compiles the kernel again and writes the file anew. A file
without the mark (written by a myword before this check, or by Numba for someone else's
code) is simply compiled again, without a word.

This detects damage, not an attacker: whoever can write the folder can write a matching
checksum (the folder must be the user's own, ``cachedir``, ``private``).

Numba offers no hook for this; ``install`` wraps three methods of its
``IndexDataCacheFile`` (how it dumps, saves, and loads an index and a data file), for the
files under myword's folder only. A kernel that cannot be written (a folder in the place
of its file, a full disk) is said in one line and used all the same.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from pathlib import Path
from typing import Any

MARK = b"\nmyword-sha256\n"  # then the digest of what comes before the mark
DIGEST = hashlib.sha256().digest_size
_said: set[str] = set()  # each damaged file is said once per process


def sealed(data: bytes) -> bytes:
    """``data`` as written: itself, the mark and its digest."""
    return data + MARK + hashlib.sha256(data).digest()


def unsealed(stored: bytes) -> bytes | None:
    """What ``sealed`` wrote, when it is intact; None for a file without the mark (written
    before this check, or cut before it: compiled again without a word); ``ValueError``
    for a file with the mark that does not match."""
    end = len(MARK) + DIGEST
    if len(stored) >= end and stored[-end:-DIGEST] == MARK:
        body = stored[:-end]
        if hashlib.sha256(body).digest() != stored[-DIGEST:]:
            raise ValueError("its checksum does not match")
        return body
    if MARK in stored:  # the mark, no longer at the end: cut or lengthened
        raise ValueError("cut short or lengthened")
    return None


def _say(path: str, why: str) -> None:
    if path not in _said:
        _said.add(path)
        name = Path(path).name
        print(
            f"myword: the compiled kernel {name} was damaged ({why}); compiling it again",
            file=sys.stderr,
        )


def install(folder: Path) -> None:
    """Check every kernel file Numba reads or writes under ``folder`` (once per process)."""
    from numba.core import caching

    cls: Any = caching.IndexDataCacheFile
    if getattr(cls, "_myword_folder", None) is not None:
        cls._myword_folder = str(folder)
        return
    cls._myword_folder = str(folder)
    dump, load_index, load_data, save = cls._dump, cls._load_index, cls._load_data, cls.save

    def ours(self: Any) -> bool:
        root = Path(cls._myword_folder)
        return Path(self._cache_path) == root or root in Path(self._cache_path).parents

    def _dump(self: Any, obj: Any) -> bytes:
        data = dump(self, obj)
        return sealed(data) if ours(self) else data

    def _load_index(self: Any) -> dict:
        if not ours(self):
            return load_index(self)
        try:
            with open(self._index_path, "rb") as f:
                stored = f.read()
        except FileNotFoundError:
            return {}
        except OSError as error:
            _say(self._index_path, error.strerror or str(error))
            return {}
        try:
            stream = io.BytesIO(stored)
            version = pickle.load(stream)
            if version != self._version:  # another Numba's: not ours to judge
                return {}
            body = unsealed(stream.read())
            if body is None:
                return {}
            stamp, overloads = pickle.loads(body)
        except Exception as error:  # a damaged pickle raises anything
            _say(self._index_path, str(error) or type(error).__name__)
            return {}
        return overloads if stamp == self._source_stamp else {}

    def _load_data(self: Any, name: str) -> Any:
        if not ours(self):
            return load_data(self, name)
        path = self._data_path(name)
        with open(path, "rb") as f:
            stored = f.read()
        try:
            body = unsealed(stored)
        except ValueError as error:
            _say(path, str(error))
            raise OSError(f"{path} is damaged") from None  # Numba's load: a miss
        if body is None:  # the index is checked, so its data was written checked too
            _say(path, "cut short, or written without its checksum")
            raise OSError(f"{path} has no checksum")
        return pickle.loads(body)

    def _save(self: Any, key: Any, data: Any) -> None:
        try:
            save(self, key, data)
        except OSError as error:  # a folder where a file should be, a full disk...
            if not ours(self):
                raise
            print(
                f"myword: a compiled kernel cannot be kept in {self._cache_path} "
                f"({error.strerror or error}); it is compiled in each process",
                file=sys.stderr,
            )

    cls._dump, cls._load_index, cls._load_data, cls.save = _dump, _load_index, _load_data, _save
