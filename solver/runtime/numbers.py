"""Whole numbers typed by a person (scores, card numbers, rows, sheet offsets), read with a
bound on their length.

Why: Python refuses to read an integer of more than 4,300 digits (a guard against slow
conversions) with a ValueError that no reader expected, so a pasted run of digits in
``--history``, an assistant's entry, ``layout play`` or a ``--sheet`` file was a traceback
(issue 26). Every number the games read is far shorter than ``DIGITS_MOST``.
"""

from __future__ import annotations

import re

# A number as a person types it: ASCII digits, commas between groups of three ("1,250");
# int() alone also took "+250", "1_250" and other scripts' digits ("٢٥٠")
NUMBER_TEXT = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+")

DIGITS_MOST = 12  # a score of 100,000,000,000 is past any game; int() fails past 4,300


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is digits 0 to 9 only: ``str.isdigit`` is also true of "²" (which
    int() refuses: a traceback) and "٣" (which int() reads as 3)."""
    return text.isascii() and text.isdigit()


def whole(text: str, what: str, error: type[Exception]) -> int:
    """``text`` (ASCII digits, commas allowed between them, a sign before) as an int, or
    ``error`` saying the ``what`` has far too many digits, or is no number: callers match
    digits first, but ``str.isdigit`` is true of "²" and "٣", which int() refuses or reads
    as another number."""
    digits = text.replace(",", "")
    if len(digits.lstrip("+-")) > DIGITS_MOST:
        shown = digits if len(digits) <= 20 else digits[:12] + "..."
        raise error(f"{what} {shown} has {len(digits)} digits, far too many")
    unsigned = digits[1:] if digits[:1] in ("+", "-") else digits
    if not ascii_digits(unsigned):
        raise error(f"{what} {text!r} is not a number (write digits 0 to 9)")
    return int(digits)
