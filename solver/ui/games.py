"""The one module that imports every game's registry entry (``solver.arena.registry``): the
commands that show all the games (``myword warm``, ``myword demo``) call ``load`` first.

Why here: the shared modules read the registry and never import a game (the arrows of the
house point down, issue 25); something above them must import the games so that they
register, and the import-linter contracts name this module as the one place allowed to.
"""

from __future__ import annotations

from solver.arena import registry


def load() -> tuple[registry.Game, ...]:
    """Register every game (once; later calls only read) and return their entries."""
    import solver.deduce.register
    import solver.layout.register
    import solver.race.register  # noqa: F401

    return registry.games()
