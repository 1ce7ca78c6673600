"""The adaptive level (``--level auto``, the default of ``race play`` and of the app's
race): bots of a skill between the calibrated levels (``bots.level_at``: 0 beginner, 1
easy, 2 medium, 3 hard, 4 superhuman) that moves after every round toward an even game,
and is remembered from one race to the next.

**The step.** After a round the person's share of the cards won in it is compared with
an even share (one card in ``players``): the skill moves by ``STEP`` times
``share * players - 1`` (at most ``MOST_A_ROUND`` either way), and stays within 0 and
``bots.TOP_SKILL``. At 2 players: all the cards, +0.6; three cards in four, +0.3; half,
nothing; none, -0.6. A round where no one won a card moves nothing.

**The memory.** ``race-level.json`` in the data folder (``savefile.data_dir``; the tests
set ``MYWORD_DATA_DIR``) holds the skill, written whole or not at all (``durable``) after
every round, so a race stopped half way keeps what it learned. One skill per data folder
(the person at this computer), whatever the deck, language or number of players. A
missing file is read from the player's record (``runtime/record.py``: the skill the last
adaptive race there ended at; a file deleted, or a data folder carried over without it),
and with no such race it is a first race (``START``, easy); a file that cannot be read as ours is a
one-line warning and a fresh start; a file that cannot be written is a one-line warning
and the race goes on. Two races at once: the last round to end writes last.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NotRequired, TypedDict

from solver.race.bots import TOP_SKILL, RaceBot, describe_skill, level_at
from solver.runtime import durable

FILE = "race-level.json"
FORMAT = "myword-race-level"
START = 1.0  # a first race: easy
STEP = 0.6  # skill moved a round per unit of (share * players - 1)
MOST_A_ROUND = 0.75  # the most a round moves it, either way
AUTO = "auto"


class LevelMoveDocument(TypedDict):
    """A ``LevelMove`` as JSON: the round (from 1), the skills and the share, rounded."""

    round: int
    played: float
    share: float | None
    next: float


class AutoDocument(TypedDict):
    """The adaptive level as a race's document shows it (``AutoLevel.to_json``)."""

    level: str  # always AUTO
    start: float
    now: float
    rounds: list[LevelMoveDocument]
    where: NotRequired[str]  # worded, in ``--json``'s document only (``ui/feed.race_document``)


@dataclass(frozen=True)
class LevelMove:
    """After round ``round`` (0-based): the skill the bots played it at, the person's share
    of the cards won in it (None: no one won a card) and the skill of the next round."""

    round: int
    played: float
    share: float | None
    next: float

    def to_json(self) -> LevelMoveDocument:
        return {
            "round": self.round + 1,
            "played": round(self.played, 3),
            "share": None if self.share is None else round(self.share, 3),
            "next": round(self.next, 3),
        }


def moved(skill: float, won: list[int], person: int = 0) -> tuple[float, float | None]:
    """The skill after a round where each seat won ``won`` cards, and the person's share
    (see the module's docstring)."""
    total = sum(won)
    if total <= 0:
        return skill, None
    share = won[person] / total
    step = STEP * (share * len(won) - 1)
    step = min(max(step, -MOST_A_ROUND), MOST_A_ROUND)
    return min(max(skill + step, 0.0), TOP_SKILL), share


def auto_bot(skill: float, policy: str = "most") -> RaceBot:
    """The bots of the adaptive level at ``skill``: ``level_at``, named ``auto 1.40``."""
    return replace(level_at(skill, policy), name=f"{AUTO} {skill:.2f}")


@dataclass
class AutoLevel:
    """The adaptive level of a race: its skill now, how it moved, and where it is kept
    (``remember``: writes the skill, returns a warning when it cannot; None: not kept)."""

    skill: float
    policy: str = "most"
    remember: Callable[[float], str | None] | None = None
    warnings: list[str] = field(default_factory=list)  # said once by the front end
    start: float = field(init=False)
    moves: list[LevelMove] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.skill = min(max(self.skill, 0.0), TOP_SKILL)
        self.start = self.skill
        self.known = set(self.warnings)  # every warning ever given: each said once

    def bot(self) -> RaceBot:
        return auto_bot(self.skill, self.policy)

    def after_round(self, round_: int, won: list[int]) -> LevelMove:
        """Move the skill after a round (``moved``) and keep it (``remember``)."""
        played = self.skill
        self.skill, share = moved(played, won)
        move = LevelMove(round_, played, share, self.skill)
        self.moves.append(move)
        if self.remember is not None:
            problem = self.remember(self.skill)
            if problem is not None and problem not in self.known:
                self.known.add(problem)
                self.warnings.append(problem)
        return move

    def to_json(self) -> AutoDocument:
        return {
            "level": AUTO,
            "start": round(self.start, 3),
            "now": round(self.skill, 3),
            "rounds": [move.to_json() for move in self.moves],
        }


def is_auto(level: str) -> bool:
    """Whether a ``--level`` names the adaptive level (``auto``, ``auto:first``...)."""
    return level.strip().lower().partition(":")[0] == AUTO


def policy_of(level: str) -> str:
    """The claim policy of ``auto:POLICY`` (``most`` when none is named); checked by
    ``bots.parse_bot`` as any level's."""
    from solver.race.bots import POLICIES
    from solver.runtime.errors import UserError

    _, colon, policy = level.strip().lower().partition(":")
    if colon and policy not in POLICIES:
        named = (
            f"unknown claim policy {policy!r}"
            if policy
            else f"no claim policy after {level.strip()!r}"
        )
        raise UserError(f"{named} (choose from {', '.join(POLICIES)})")
    return policy or "most"


def path(folder: Path) -> Path:
    return folder / FILE


def load(folder: Path) -> tuple[float, str | None]:
    """The skill kept in ``folder`` and a warning: ``START`` and None for a first race;
    ``START`` and one line saying so for a file that is not ours (never an exception)."""
    where = path(folder)
    try:
        text = where.read_text("utf-8")
    except FileNotFoundError:
        return from_record(folder), None
    except (OSError, ValueError) as error:
        return START, f"cannot read the remembered race level {where} ({error}): starting at easy"
    try:
        data = json.loads(text)
        skill = data["skill"]
        valid = (
            data.get("format") == FORMAT
            and isinstance(skill, int | float)
            and not isinstance(skill, bool)
            and math.isfinite(skill)
            and 0.0 <= skill <= TOP_SKILL
        )
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        valid = False
    if not valid:
        return START, f"the remembered race level {where} is damaged: starting again at easy"
    return float(skill), None


def from_record(folder: Path) -> float:
    """The skill the last adaptive race in the player's record ended at; ``START`` when
    there is none or the record cannot be read (its own warning is said when a game is
    added to it)."""
    from solver.runtime import record
    from solver.runtime.errors import UserError

    try:
        entries = record.load(folder)
    except UserError:
        return START
    for entry in reversed(entries):
        auto = entry.details.get("auto") if entry.game == "race" else None
        skill = auto.get("now") if isinstance(auto, dict) else None
        if (
            isinstance(skill, int | float)
            and not isinstance(skill, bool)
            and math.isfinite(skill)
            and 0.0 <= skill <= TOP_SKILL
        ):
            return float(skill)
    return START


def store(folder: Path, skill: float) -> None:
    """Keep ``skill`` in ``folder``, whole or not at all. Raises ``OSError``."""
    from solver.runtime import savelocks

    text = json.dumps({"format": FORMAT, "skill": round(skill, 4)})
    with savelocks.folder_held(folder):  # one writer at a time: a killed one's leftovers
        durable.clean(path(folder))
        durable.write(text.encode("utf-8") + b"\n", path(folder))


def remembered(policy: str = "most") -> AutoLevel:
    """The adaptive level as this computer's data folder keeps it, written back after
    every round; a folder that cannot be had or a file that cannot be read: a warning."""
    from solver.runtime import savefile
    from solver.runtime.errors import UserError

    try:
        folder = savefile.data_dir()
    except UserError as error:
        return AutoLevel(START, policy, None, [f"the race level is not remembered: {error}"])
    skill, warning = load(folder)

    def keep(skill: float) -> str | None:
        try:
            store(folder, skill)
        except OSError as error:
            return f"the race level is not remembered: {error.strerror or error}"
        return None

    return AutoLevel(skill, policy, keep, [warning] if warning else [])


def where_text(skill: float) -> str:
    """A skill as the feed says it: ``1.40 (between easy and medium)``."""
    return f"{skill:.2f} ({describe_skill(skill)})"
