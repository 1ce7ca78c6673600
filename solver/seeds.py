"""Seeded randomness: every random choice in myword goes through here.

A game, a sample or a tournament given the same seed must come out the same on every
machine, so nothing draws from an unseeded generator.
"""

import random

DEFAULT_SEED = 1980


def rng(seed: int | None = None) -> random.Random:
    """A private generator; ``None`` means the documented default seed, never the clock."""
    return random.Random(DEFAULT_SEED if seed is None else seed)
