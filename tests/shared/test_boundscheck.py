"""The bounds-checked pass of the kernel tests really checks bounds.

CI runs the kernel tests a second time with ``NUMBA_BOUNDSCHECK=1`` and a Numba cache
directory of their own (``.ci/run``): Numba does not check indices unless told, and code
cached without checks would otherwise be loaded again. This test proves, in that pass,
that an index out of range raises instead of reading past an array.
"""

import os

import numpy as np
import pytest

pytestmark = pytest.mark.kernels

CHECKED = os.environ.get("NUMBA_BOUNDSCHECK") == "1"


@pytest.mark.skipif(not CHECKED, reason="only in the bounds-checked pass (NUMBA_BOUNDSCHECK=1)")
def test_an_index_out_of_range_raises() -> None:
    from numba import njit

    @njit
    def read(values, index):
        return values[index]

    with pytest.raises(IndexError):
        read(np.zeros(3, dtype=np.int64), 3)


@pytest.mark.skipif(not CHECKED, reason="only in the bounds-checked pass (NUMBA_BOUNDSCHECK=1)")
def test_checked_code_has_a_cache_of_its_own() -> None:
    """Unchecked code cached beside the sources must never be reused by this pass."""
    assert os.environ.get("NUMBA_CACHE_DIR"), "set NUMBA_CACHE_DIR for the checked pass"
