"""MY WORD! bots of one's own: what a seat sees, the call it makes, and the one method a
bot has.

A bot is anything with ``look(view, rng) -> Call | None``: the word it will call and how
many seconds after this change of the table (its thinking time on the race's virtual
clock), or None (or ``Wait()``) to wait for the next change. ``rng`` is
``random.Random(seed)`` of the decision's own seed (``decide``), so a bot plays alike in
this process and served over the engine protocol. Like the built-ins, a bot keeps its
call while the cards of its word stay on the table, and is asked again after a change
that takes them (or when it has no call). The view holds the cards face up, how many are
left to deal and the cards each player has won: nothing about the order of the pack. The
race spells the word with the most cards the table allows when the call is made; a word
the table cannot spell then, or not in the dictionary, is a wrong call when it is heard
(every other player takes a free card). One of one's own is named as ``plugins`` says
(``--players hard,mine.py:look``); the built-in levels of ``bots.py`` have ``look`` too.

Example, a bot that calls the best claim after a fixed second:

```python
from solver.race.index import claims
from solver.race.seats import Call

def look(view, rng):
    best = claims(list(view.table), "all", view.lang, top=1)
    return Call(best[0].word, 1.0) if best else None
```
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Protocol

from solver.arena import plugins
from solver.arena.seats import InProcess, stop_if_interrupted
from solver.race import bots
from solver.race.bots import (
    LEVELS,
    POLICIES,
    TOP_SKILL,
    RaceBot,
    is_level,
    is_number,
    parse_bot,
    parse_players,
)
from solver.race.calls import Call, Move, RaceView, Wait, checked_call
from solver.runtime.errors import UserError, raised

# named here too: a bot of one's own imports them from here
__all__ = ["Call", "RaceView", "Wait"]


class RaceBotProtocol(Protocol):
    """A MY WORD! bot: its call, or none, after each change of the table.

    ``look(view, rng)`` is asked at every change of the table: ``view`` is what its seat
    sees (``RaceView``), ``rng`` a generator seeded for this decision. It returns a
    ``Call(word, after)`` (``after`` in seconds, finite, 0 or more), or ``None`` or
    ``Wait()`` for no call. Anything else, or an exception raised, is a bug in the bot:
    the race stops with a one-line ``UserError`` naming it.
    """

    def look(self, view: RaceView, rng: random.Random) -> Call | None:
        """The bot's call at this change of the table, or none.

        Args:
            view: What the bot's seat sees.
            rng: The decision's seeded generator.

        Returns:
            A ``Call`` (``after`` in seconds, finite, 0 or more), or None (or ``Wait()``)
                for no call.
        """
        ...


@dataclass(frozen=True)
class FunctionBot:
    """A plain function ``look(view, rng)``, as a bot.

    Attributes:
        function: Called with the view and the decision's generator; returns a ``Call``
            or None.
    """

    function: Callable[[RaceView, random.Random], Call | None]

    def look(self, view: RaceView, rng: random.Random) -> Call | None:
        """What the function returns.

        Args:
            view: What the bot's seat sees.
            rng: The decision's seeded generator.

        Returns:
            The function's ``Call`` or None (``PluginBot.ask`` checks it).
        """
        return self.function(view, rng)


@dataclass(frozen=True)
class PluginBot:
    """A bot of one's own in a seat: its name, and what it is.

    Attributes:
        name: The name it was loaded by, for messages.
        bot: The bot (anything with ``look``).
        error_rate: 0.0: its wrong calls are its own (the built-in levels draw theirs).
    """

    name: str
    bot: RaceBotProtocol
    error_rate: float = 0.0  # its wrong calls are its own

    def ask(self, view: RaceView, rng: random.Random) -> Call | None:
        """Its call, checked.

        Args:
            view: What the seat sees.
            rng: The decision's generator.

        Returns:
            The bot's ``Call`` (a word, a finite delay of 0 seconds or more), or None for
                no call (the bot returned None or a ``Wait``).

        Raises:
            UserError: The bot raised, or returned something else (one line naming it).
        """
        try:
            call = self.bot.look(view, rng)
        except Exception as error:  # the bot's own bug: one line naming it
            stop_if_interrupted(error)
            raise UserError(f"bot {self.name!r} {raised(error)}") from error
        if call is None or isinstance(call, Wait):
            return None
        if checked_call(call) is not None:
            raise UserError(
                f"bot {self.name!r} returned {call!r}, not None or a Call(word, seconds >= 0)"
            )
        return call


KIND: plugins.Kind[RaceBotProtocol] = plugins.Kind(
    game="race",
    noun="bot",
    plural="bots",
    group="myword.race.bots",
    method="look",
    builtins=tuple((level, f"solver.race.bots:{level.upper()}") for level in LEVELS),
    wrap=FunctionBot,
    # a level with a policy (hard:wait), a skill (2.5) and the adaptive level (auto) are
    # read before any bot's name
    taken=lambda name: is_level(name) or name.strip().lower().partition(":")[0] == "auto",
)


# A bench reads its players every game (an entry-point scan costs milliseconds); a worker serving
# tournament after tournament keeps the last few dozen players it was given.
@lru_cache(maxsize=64)
def seat_bot(spec: str) -> RaceBot | PluginBot:
    """A built-in level (``hard``, ``medium:wait``...) or a bot of one's own.

    Args:
        spec: A level with its options, an entry point of ``myword.race.bots``,
            ``module:attr`` or ``file.py:attr``.

    Returns:
        The built-in ``RaceBot``, or a ``PluginBot`` around a bot of one's own.

    Raises:
        UnknownBot: No level, plugin or path has that name (the message lists them).
        UserError: A plugin that cannot be loaded, or a level's options that are wrong.
    """
    if is_level(spec):
        return parse_bot(spec)
    name = spec.strip()
    out_of_range = is_number(name.partition(":")[0])  # "9.5:wait" is no module
    if out_of_range or (":" not in name and name not in plugins.names(KIND)):
        raise UnknownBot(name, ", ".join(plugins.names(KIND)))
    return PluginBot(name, plugins.load(KIND, name))


class UnknownBot(UserError):
    """A bot name no level, plugin or path stands for, said with the choices. ``race play``
    names its default ``auto`` first (``naming``); a bench has no person to even the game
    for, so the plain error does not offer it.

    Args:
        name: The name given, trimmed.
        known: The names that stand for a bot, comma-separated.
        first: A choice to name before the others (with its comma and space), or "".
    """

    def __init__(self, name: str, known: str, first: str = "") -> None:
        self.name, self.known = name, known
        level = name.partition(":")[0]
        if is_number(level):  # "5": a skill out of range, not an unknown name
            super().__init__(
                f"bot {name!r}: a skill is a number from 0 to {TOP_SKILL:g}, not {level} "
                f"(or name one: {first}{known})"
            )
            return
        super().__init__(
            f"unknown bot {name!r} (choose from {first}{known}, each with "
            f":{'/:'.join(POLICIES)}, a skill from 0 to {TOP_SKILL:g}, or give module:attr "
            "or path/to/file.py:attr)"
        )

    def naming(self, first: str) -> UnknownBot:
        """The same error with ``first`` named before the other choices.

        Args:
            first: The choice to name first (``auto``).

        Returns:
            A new ``UnknownBot`` for the same name.
        """
        return UnknownBot(self.name, self.known, f"{first}, ")


def bench_players(text: str) -> list[RaceBot | PluginBot]:
    """The bots of a race bench, built-in or of one's own.

    Args:
        text: 2 to 6 bot names (``seat_bot``), comma-separated.

    Returns:
        One bot per seat, in order.

    Raises:
        UserError: A name ``seat_bot`` refuses, or too few or too many bots.
    """
    return parse_players(text, seat_bot)


def decide(player: RaceBot | PluginBot, view: RaceView, seed: int) -> Move:
    """A seat's move on ``view``: its generator is ``random.Random(seed)``, the decision's
    own seed, so the same view and seed give the same move wherever it is asked (in this
    process, a worker's, or served over the engine protocol).

    Args:
        player: A built-in bot or a bot of one's own (``seat_bot``).
        view: What the seat sees.
        seed: The decision's seed (``protocol.decision_seed``).

    Returns:
        A ``Call``, or ``Wait()`` for no call.

    Raises:
        UserError: A bot of one's own raised or returned something that is not a call.
    """
    rng = random.Random(seed)
    if isinstance(player, RaceBot):
        return bots.move(player, view, rng)
    call = player.ask(view, rng)
    return Wait() if call is None else call


def seated(spec: str) -> InProcess:
    """The seat a bot's name stands for (``arena.RULES.seat``), in this process.

    Args:
        spec: A bot's name, as ``seat_bot`` takes it.

    Returns:
        The seat.

    Raises:
        UserError: As ``seat_bot``.
    """
    player = seat_bot(spec)
    return InProcess(player.name, partial(decide, player))
