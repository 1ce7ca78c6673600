"""myword: AI opponents and solvers for three word games.

Subpackages hold one game each; the modules at this level (lexicon, seeds, render) are
shared by all of them. Nothing here imports numba: kernels import it lazily, so that the
command line starts fast.
"""

# The version, read by the packaging (pyproject.toml: dynamic) and by the cache folders
# (``cachedir``) without importlib.metadata, which costs 10-20 ms of every start-up.
__version__ = "0.1.0"
