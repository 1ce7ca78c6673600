"""myword: AI opponents and solvers for three word games.

Subpackages hold one game each; the modules at this level (lexicon, seeds, render) are
shared by all of them. Nothing here imports numba: kernels import it lazily, so that the
command line starts fast.
"""
