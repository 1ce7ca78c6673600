"""Whole numbers typed by a person (scores, card numbers, rows, sheet offsets), read with a
bound on their length.

Why: Python refuses to read an integer of more than 4,300 digits (a guard against slow
conversions) with a ValueError that no reader expected, so a pasted run of digits in
``--history``, an assistant's entry, ``layout play`` or a ``--sheet`` file was a traceback
(issue 26). Every number the games read is far shorter than ``DIGITS_MOST``.
"""

from __future__ import annotations

DIGITS_MOST = 12  # a score of 100,000,000,000 is past any game; int() fails past 4,300


def whole(text: str, what: str, error: type[Exception]) -> int:
    """``text`` (digits, commas allowed between them) as an int, or ``error`` saying the
    ``what`` is too long to be one."""
    digits = text.replace(",", "")
    if len(digits.lstrip("+-")) > DIGITS_MOST:
        shown = digits if len(digits) <= 20 else digits[:12] + "..."
        raise error(f"{what} {shown} has {len(digits)} digits: too long to be one")
    return int(digits)
