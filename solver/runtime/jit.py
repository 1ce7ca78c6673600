"""Numba, imported once for every kernel module, after choosing where compiled code is cached.

Numba caches compiled kernels beside their sources by default. An installed myword may sit
in a folder nobody can write (system site-packages, a container, another user's install):
Numba then looks for a user-wide folder, and with none usable (an empty or read-only HOME)
every ``@njit(cache=True)`` fails with "no locator available". So unless the user chose a
folder with ``NUMBA_CACHE_DIR``, myword gives Numba one: the user's cache folder
(platformdirs), under the installed version, or a private folder in the temporary
directory when that cannot be written. Caches of different versions and install paths
never mix (Numba mirrors each source's path under the folder and checks its time stamp).

Threads come from ``solver.runtime.threads`` (Python threads over slices of rows), not from Numba's
``parallel=True``, which cost several times the compile time of a serial kernel
(docs/performance.md, "First run").

Signatures. Numba compiles a kernel again for every new combination of argument types,
and an array's type holds its layout (a strided slice is not C-contiguous), whether it is
read-only (the lexicon's cached codes, a memory-mapped table) and its dtype. Each extra
signature cost seconds of compiling in a fresh process (a read-only pool alone), so each
kernel's Python wrapper passes its arrays through ``kernel_array`` and its scalars through
``int`` and ``bool``: every kernel compiles under one signature, the one ``myword warm``
compiles (tests/shared/test_warm.py holds it).

Kernel modules import ``njit`` from here, never from numba directly.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from solver.runtime import cachedir

if TYPE_CHECKING:
    import numpy as np


def cache_dir() -> Path | None:
    """The folder for Numba's cache: ``NUMBA_CACHE_DIR`` when set, else the user's cache
    folder or a private temporary one (``cachedir.numba_folder``); None when none can be
    written (Numba then keeps to its own choice)."""
    return cachedir.numba_folder()


def kernel_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``array`` as every kernel takes it: C-contiguous, of ``dtype`` (a ``np.dtype``) and
    read-only (no kernel writes its inputs). Read-only rather than writeable because the
    lexicon's cached pools are read-only and large: a read-only view costs the same at any
    size, where a writeable copy cost as much as the filter pass it fed. A view is made
    (or, for another layout or dtype, a copy) only when ``array`` is not already so."""
    if type(array) is _ndarray and array.dtype is dtype:
        flags = array.flags
        if flags.c_contiguous and not flags.writeable:
            return array
        view = array.view() if flags.c_contiguous else array.copy()
    else:
        import numpy as np

        view = np.array(array, dtype=dtype, order="C")
    view.flags.writeable = False
    return view


def _configure() -> None:
    """Hand Numba its cache folder before any kernel is defined. Numba reads its settings
    when first imported, and again only at its first compile: a process that imported it
    earlier (``myword warm`` for its compile events, a test, a notebook) would otherwise
    give the kernels defined before that compile a cache beside their sources, where no
    other process looks (``myword warm`` once compiled What's My Word?'s kernels there, and
    the first game compiled them again). So the settings are read again here."""
    folder = cache_dir()
    if folder is None:
        return
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    numba_config = sys.modules.get("numba.core.config")
    if numba_config is not None and str(folder) != numba_config.CACHE_DIR:
        numba_config.reload_config()


_configure()

from numba import njit  # noqa: E402  (after the cache folder is chosen)
from numpy import ndarray as _ndarray  # noqa: E402  (numba has imported numpy already)

if (_folder := cache_dir()) is not None:  # a damaged kernel file is compiled again
    from solver.runtime import kernelcache

    kernelcache.install(_folder)

__all__ = [
    "cache_dir",
    "kernel_array",
    "njit",
]
