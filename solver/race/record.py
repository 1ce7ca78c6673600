"""A finished MY WORD! race kept in the games folder, with its timed events, for a review.

Why: a race is real time and is never resumed, so until issue 28 nothing of it was kept
and nothing could be learnt from it afterwards. Once a race is over its document is saved
as the other games' are (``savefile``: written atomically and durably, signed, refused in
one line when changed): ``LiveRace.to_json`` (seats, seed, rounds, totals, calls) with the
deck's cards and every event at its race time (each card dealt, each call and its ruling,
each round's start and end), so that ``review.py`` can rebuild every table the players saw
and say how long each claim stood. Nothing is sealed: the race is over, and its seed (which
deals the cards) is shown at its end anyway.

A race the person stopped (Ctrl-C, leaving the screen) is not saved: it has no end to
review, and it could not be resumed.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import cast

from solver.race.live import Event, EventDocument, LiveRace, RaceDocument
from solver.runtime import record as player_record
from solver.runtime import savefile

GAME = "race"  # the saves' ``game`` field
RECORD = 1  # of the document below: a review refuses another


class RaceRecord(RaceDocument):
    """A finished race as saved (``document``): the race, the deck's cards and every
    event (the calls are among them)."""

    record: int  # RECORD
    cards: list[list[str | int]]  # [card, count] pairs
    events: list[EventDocument]


def document(race: LiveRace) -> RaceRecord:
    """The finished race as saved: its ``to_json``, the deck's cards and every event."""
    saved = cast(RaceRecord, race.to_json())
    saved["record"] = RECORD
    saved["cards"] = [[card, count] for card, count in race.deck.counts]
    saved["events"] = [event_json(event) for event in race.events]
    return saved


def event_json(event: Event) -> EventDocument:
    """One event as data (a ``TooLate`` with its takers), its time to the millisecond."""
    facts = cast(EventDocument, asdict(event))
    facts["time"] = round(event.time, 3)
    return facts


def worth_saving(race: LiveRace) -> bool:
    """A race that came to its end (its last round, or a seat's forfeit): not one the
    person stopped."""
    return race.finished and not race.stopped and race.round >= 0


def save(race: LiveRace, path: Path | None = None) -> Path:
    """Save a finished race (a new file in the games folder unless ``path``); its file."""
    target = path or savefile.new_path(GAME)
    savefile.write(GAME, document(race), {}, True, target)
    return target


def keep(race: LiveRace) -> tuple[Path | None, str | None]:
    """Save a race that came to its end, for a review, and add it to the player's record
    (``runtime/record.py``; a record that cannot be written is a warning there): its file,
    or why it could not be
    saved (a full disk must not cost the person the end of their race: the front end
    says it and goes on). (None, None) for a race not worth saving."""
    from solver.runtime.errors import UserError

    if not worth_saving(race):
        return None, None
    counted = not race.unattended  # a race played out after the input ended: no measure
    try:
        path = save(race)
    except UserError as error:
        if counted:
            player_record.add(race.finished_entry())  # the record is kept all the same
        return None, str(error)
    if counted:
        player_record.add(race.finished_entry(path.name))
    return path, None
