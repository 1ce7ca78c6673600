"""MY WORD! in line mode: the race for pipes, scripts and ``--plain``.

One line a call: the word typed, then Enter. The loop reads the clock, the person's lines
and sleeps through arguments, so tests drive it with a fake clock and scripted lines and
the terminal with real ones. Cards, calls and rulings come from ``live.LiveRace``; this
loop only passes it the times and prints the feed (``feed.py``) and the table after every
change: every one, in order, even when the loop wakes late and many cards are due at once
(``catch_up``).

A line cannot tell when its typing began, so the line mode takes the time the previous
line arrived (or the round began, whichever is later) as the moment the person began to
type this one: a word whose cards a bot took in between, or within the reaction window
before the line arrived, is "too late" (no fine), not a wrong call (``fairness.py``).

Printing the table while the person types mixes the two on a terminal's line; that is
why a terminal gets the Textual screen, and this mode is for ``--plain``, pipes and
scripts. Ctrl-C raises ``RaceStopped``, a KeyboardInterrupt holding the cards won in the
rounds finished, so the command can still report them (a real-time race is not resumed).
"""

from __future__ import annotations

import queue
import signal
from collections.abc import Callable

from solver.race.live import CLAIM, DEAL, ROUND, ROUND_OVER, WRONG, Event, LiveRace
from solver.race.ui.feed import cards_text, describe, not_a_call, scores_text, unsaid_warnings

TICK = 0.05  # seconds between two looks at the clock
CHANGES = (DEAL, CLAIM, WRONG)
INPUT_ENDED = (
    "Your input has ended: no more calls. The bots play the race out; it does not move "
    "your level or count in your record (Ctrl-C stops it)."
)


class RaceStopped(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, SIGHUP) during a race, with the cards each seat won in the rounds
    finished, and the signal's number (``signals.exit_status`` reads it: the race exits
    143 for SIGTERM and 129 for SIGHUP, as every command does, not 130 for all three)."""

    def __init__(self, totals: list[int], signum: int = signal.SIGINT) -> None:
        super().__init__()
        self.totals = totals
        self.signum = signum


def table_line(race: LiveRace) -> str:
    shown = cards_text(race.table) or "(empty)"
    scores = scores_text(race, race.scores())
    return f"Table: {shown}   [{len(race.to_deal)} to deal]   {scores}"


def report(race: LiveRace, events: list[Event], say: Callable[[str], None]) -> None:
    """Say the events, then the table once if any of them changed it."""
    for event in events:
        text = describe(race, event)
        if text is None:
            continue
        if event.kind == ROUND:
            text += " Type a word and press Enter to claim it."
        say(text)
        if event.kind == ROUND_OVER:
            say("Scores: " + scores_text(race, race.totals))
    for warning in unsaid_warnings(race):
        say(f"Warning: {warning}")
    if race.playing and any(event.kind in CHANGES for event in events):
        say(table_line(race))


def catch_up(race: LiveRace, now: float, say: Callable[[str], None]) -> None:
    """Play and report everything due by ``now`` step by step: a loop that wakes late (a
    busy machine) still shows every table the race went through, in order, never only the
    last (the person would call against a table they never saw)."""
    for events in race.steps(now):
        report(race, events, say)


def play_live_game(
    race: LiveRace,
    lines: queue.Queue[str],
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    say: Callable[[str], None],
    input_ended: Callable[[], bool] = lambda: False,
) -> list[int]:
    """Play ``race`` to its end on ``clock``: the person's calls come from ``lines``, the
    feed goes to ``say`` (plain text, never markup). The end of the input (``input_ended``
    true, every line read) does not stop the race: the bots play on to its end, so a
    script gets a whole race; but it is said, and the race no longer counts for the
    person (``LiveRace.input_ended``). The totals."""
    start = clock()
    previous = 0.0  # when the previous line arrived: the next one's typing began then
    try:
        while not race.finished:
            if not race.unattended and input_ended() and lines.empty():
                race.input_ended()
                say(INPUT_ENDED)
            catch_up(race, clock() - start, say)
            while not lines.empty():
                now = clock() - start
                catch_up(race, now, say)
                line = lines.get()
                refused = not_a_call(race, line)
                if refused:
                    say(refused)
                else:
                    report(race, race.call(line, now, began=previous), say)
                previous = now
            if not race.finished:
                sleep(TICK)
    except KeyboardInterrupt as stop:
        race.stop()  # the round cut short is kept apart (``unfinished``), for --json
        raise RaceStopped(race.totals, getattr(stop, "signum", signal.SIGINT)) from None
    return race.totals
