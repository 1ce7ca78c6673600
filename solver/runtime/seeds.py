"""Seeded randomness: every random choice in myword goes through here.

A game, a sample or a tournament given the same seed must come out the same on every
machine, so nothing draws from an unseeded generator.
"""

import random
import secrets

DEFAULT_SEED = 1980
# A fresh seed is drawn below this, so that it stays short enough to read out and type.
FRESH_SEEDS = 1_000_000


def fresh() -> int:
    """A new game's seed when the player gave none: drawn from the system's randomness, so
    every new game differs, and shown and saved, so that ``--seed N`` replays it exactly.
    (Benchmarks and samples keep ``DEFAULT_SEED``: their figures must repeat.)"""
    return secrets.randbelow(FRESH_SEEDS)


def or_fresh(seed: int | None) -> int:
    """The seed a new game plays with: the one given, else a fresh one."""
    return fresh() if seed is None else seed


def rng(seed: int | None = None) -> random.Random:
    """A private generator; ``None`` means the documented default seed, never the clock."""
    return random.Random(DEFAULT_SEED if seed is None else seed)


def derived(seed: int | None, *steps: object) -> random.Random:
    """A generator for one step of a seeded process (a turn of a game, a game of a
    tournament): the step draws the same numbers however it is reached, so a resumed game
    or a game run on another machine goes exactly as the uninterrupted one would."""
    base = DEFAULT_SEED if seed is None else seed
    return random.Random("/".join(str(part) for part in (base, *steps)))
