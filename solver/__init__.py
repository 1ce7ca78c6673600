"""myword: AI opponents and solvers for three word games.

Subpackages hold one game each; the modules at this level (lexicon, seeds, render) are
shared by all of them. Nothing here imports numba: kernels import it lazily, so that the
command line starts fast.
"""

import os

# The version, read by the packaging (pyproject.toml: dynamic) and by the cache folders
# (``cachedir``) without importlib.metadata, which would add to every start-up
# (docs/performance.md, "Start-up").
__version__ = "0.1.0"

# OpenBLAS starts a thread per core when numpy is imported. myword's matrix work is small
# (kernels do the heavy loops), and an idle thread of its own can take Ctrl-C, SIGTERM or
# SIGHUP in place of the main thread, which then stays blocked at a prompt instead of
# saving the game (tests/shared/test_jit.py). One thread, unless the user chose otherwise.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
