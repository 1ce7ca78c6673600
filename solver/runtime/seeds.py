"""Seeded randomness: every random choice in myword goes through here.

A game, a sample or a tournament given the same seed must come out the same on every
machine, so nothing draws from an unseeded generator.
"""

import random
import secrets

DEFAULT_SEED = 1980
# A fresh seed has this many random bits. A game's seed decides what a player must not see
# (the bot's Gamewords, the pack, the other hands), and everything a player does see (their
# own hand, the cards dealt, the bot's moves) is a function of it: a seed short enough to try
# every value would be found from those (a million seeds fall in seconds). 128 bits cannot
# be tried.
SECRET_BITS = 128


def fresh() -> int:
    """A new game's seed when the player gave none: 128 bits from ``secrets``, so that no
    one can work it, or what it deals, back from what they see. A game keeps it sealed and
    shows it only once the game is over; then ``--seed N`` replays the game exactly.
    (Benchmarks and samples keep ``DEFAULT_SEED``: their figures must repeat.)"""
    return secrets.randbits(SECRET_BITS)


def or_fresh(seed: int | None) -> int:
    """The seed a new game plays with: the one given, else a fresh one."""
    return fresh() if seed is None else seed


def is_replay(given: int | None) -> bool:
    """Whether a new game replays a seed the player typed (``--seed N``, the app's setting):
    whoever knows that seed knows the game's hidden words, hand or pack, so the game says it
    is a replay, and its result is a replay's."""
    return given is not None


def rng(seed: int | None = None) -> random.Random:
    """A private generator; ``None`` means the documented default seed, never the clock."""
    return random.Random(DEFAULT_SEED if seed is None else seed)


def derived(seed: int | None, *steps: object) -> random.Random:
    """A generator for one step of a seeded process (a turn of a game, a game of a
    tournament): the step draws the same numbers however it is reached, so a resumed game
    or a game run on another machine goes exactly as the uninterrupted one would."""
    base = DEFAULT_SEED if seed is None else seed
    return random.Random("/".join(str(part) for part in (base, *steps)))
