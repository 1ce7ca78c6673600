"""myword: AI opponents and solvers for three word games.

Subpackages hold one game each; the modules at this level (lexicon, seeds, render) are
shared by all of them. Nothing here imports numba: kernels import it lazily, so that the
command line starts fast.
"""

# The version, read by the packaging (pyproject.toml: dynamic) and by the cache folders
# (``cachedir``) without importlib.metadata, which would add to every start-up
# (docs/performance.md, "Start-up").
__version__ = "0.1.0"
