"""Fields of JSON that another program sent (an engine's view, served by ``myword ...
engine``), read with their type and range checked.

Why: a view read with ``int()`` and ``float()`` took ``250.5`` as 250 and ``NaN`` as a
time, and a number out of range failed deep inside a strategy (``IndexError: Cannot choose
from an empty sequence``, ``OverflowError: ... out of bounds for uint8``, ``KeyError:
999``). Each reader here refuses a wrong field with a ``ValueError`` that names it, which
the engine answers as ``{"type": "error", ...}`` (``solver.arena.engine.serve``).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

SHOWN = 40  # characters of a wrong value a message quotes


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (JSON's ``true`` and ``2.0``
    are not one)."""
    if type(value) is not int:
        raise ValueError(f"{what} is not a whole number: {_shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{what} is {_shown(value)}, not a number {bounds}")
    return value


def finite(value: object, what: str, low: float | None = None) -> float:
    """``value`` as a finite number, ``low`` or more."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{what} is not a finite number: {_shown(value)}")
    number = float(value)
    if low is not None and number < low:
        raise ValueError(f"{what} is {number}, less than {low}")
    return number


def text(value: object, what: str, choices: Collection[str] | None = None) -> str:
    """``value`` as a string, one of ``choices`` when given."""
    if not isinstance(value, str):
        raise ValueError(f"{what} is not a text: {_shown(value)}")
    if choices is not None and value not in choices:
        raise ValueError(f"{what} is {_shown(value)}: choose from {', '.join(sorted(choices))}")
    return value


def items(value: object, what: str, most: int | None = None) -> list[Any]:
    """``value`` as a list of at most ``most`` items."""
    if not isinstance(value, list):
        raise ValueError(f"{what} is not a list: {_shown(value)}")
    if most is not None and len(value) > most:
        raise ValueError(f"{what} has {len(value)} items; at most {most}")
    return value


def pair(value: object, what: str) -> list[Any]:
    """``value`` as a list of exactly two items."""
    found = items(value, what)
    if len(found) != 2:
        raise ValueError(f"{what} is not a pair: {_shown(value)}")
    return found
