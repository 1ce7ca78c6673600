"""MY WORD!'s "too late" rule: when a call of a word whose cards are gone is not fined.

At a real table everybody hears every call, so the rulebook never needed this rule; in a
race against bots a person sees a table, finds a word, types it and presses Enter, and a
bot may have claimed the word a moment before. Fining that call for a wrong word would
punish the person for being slower than a machine, not for a wrong word. So:

**A call is too late** (no cards, no fine) when the word is in the dictionary, the table
cannot spell it now, and it could be claimed (3 cards or more) on some table shown during
the caller's *protection*, from ``min(began, call - window)`` up to the call, and only
other players' doing took its cards (their claims, or free cards given after someone
else's wrong call; the caller's own claims and wrong calls never excuse a call).
``began`` is when the caller began on this call (the person's first key; a bot's or an
engine's look at the change of the table its call answers) and ``window`` the *reaction
window*: the seconds a person needs to see that the table changed (default 1 s, a setting:
``--reaction-window``, the app's race form). A table counts if it was on show at any moment
of the protection, so a word claimed less than ``window`` seconds before the call is too
late, and one claimed ``window`` seconds before or earlier (while the caller was not yet
typing) is a wrong call. Window 0 is the rule of before: protection from the first key only.
The protection never reaches back past the start of the round: the last round's cards
left the table with its end, not by any player's doing.

**Any other call the table cannot spell is a wrong call**, fined as the rulebook says:
a word not in the dictionary, or one that could not be claimed on any table of the
protection (never on the table, or gone before it; a card dealt never makes a word too
late, since a deal takes no card).

**Who took it.** The ruling names each change of the table that made the word's best claim
worse (fewer cards, more wilds, or none at all), from the last table of the protection on
which it could be claimed, with how long before the call it was: "Ivo (medium) claimed
HAND 0.4 s before you", or "Ivo (medium) claimed HIT 0.9 s before you, then Juno (hard)
claimed DAN 0.3 s before you" when two claims took its cards one after the other.

**One rule for every seat.** The live race (``live.LiveRace``) rules every seat's call
with this rule and the same window. A bot keeps a word it found only while its cards stay
on the table (it sees each change at once and looks again), so the rule only ever spares a
bot's misread or an engine's call of a word that another seat had just taken. The arena's
virtual race (``state.RaceState``, ``race bench``) has no reaction gap to protect: every
seat looks at every change the moment it happens and a call is spelled when it is made.

This module holds the setting; ``live.LiveRace._taken_by`` applies the rule.
"""

from __future__ import annotations

import math

from solver.runtime.errors import UserError

REACTION_WINDOW = 1.0  # seconds: the default reaction window
MAX_REACTION_WINDOW = 10.0  # seconds: a longer "reaction" would excuse stale calls


def checked_window(seconds: object) -> float:
    """The reaction window ``seconds`` as a float, or a ``UserError`` in one line: a
    number of seconds from 0 to ``MAX_REACTION_WINDOW`` (NaN and infinities refused)."""
    try:
        value = float(seconds)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):  # not a number, or an int past float's
        value = math.nan
    if isinstance(seconds, bool) or not 0.0 <= value <= MAX_REACTION_WINDOW:
        raise UserError(
            f"the reaction window is a number of seconds from 0 to {MAX_REACTION_WINDOW:g}, "
            f"not {seconds!r}"
        )
    return value
