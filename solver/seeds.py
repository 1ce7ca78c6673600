"""Seeded randomness: every random choice in myword goes through here.

A game, a sample or a tournament given the same seed must come out the same on every
machine, so nothing draws from an unseeded generator.
"""

import random

DEFAULT_SEED = 1980


def rng(seed: int | None = None) -> random.Random:
    """A private generator; ``None`` means the documented default seed, never the clock."""
    return random.Random(DEFAULT_SEED if seed is None else seed)


def derived(seed: int | None, *steps: object) -> random.Random:
    """A generator for one step of a seeded process (a turn of a game, a game of a
    tournament): the step draws the same numbers however it is reached, so a resumed game
    or a game run on another machine goes exactly as the uninterrupted one would."""
    base = DEFAULT_SEED if seed is None else seed
    return random.Random("/".join(str(part) for part in (base, *steps)))
