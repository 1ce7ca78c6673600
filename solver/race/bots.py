"""MY WORD! bots: levels of a model of a person (``people.py``, ``docs/race-people.md``).

A bot sees the table like everyone else. After every change of the table each word of
its vocabulary the cards can claim comes to mind after a time of its own: a base time
(``reaction + per_card * cards on the table``) made longer by the word's rarity (its Zipf
frequency) and its length, times log-normal noise; the bot then calls a word by its claim
policy and types it (``per_key`` seconds a letter, and Enter). Levels differ in speed,
vocabulary (a tier, and the rarest word they know: ``known_zipf``) and mistakes. Levels,
calibrated against simulated people (``bench/race_people.py``; the win table is in
``docs/race-people.md``):

- ``beginner``: below a casual player; easy words; 30 words a minute; 6% wrong calls.
- ``easy``: a casual player beats it most of the time; easy words; 35 words a minute;
  4% wrong calls.
- ``medium``: an average player's match; familiar words; 50 words a minute.
- ``hard``: a strong player wins about half the time; common-dictionary words.
- ``superhuman``: above people, and says so: every word, found and typed faster than any
  person; no wrong calls.

Between them, ``level_at(skill)`` is a level of any skill from 0 (beginner) to 4
(superhuman), its parameters interpolated (the adaptive level: ``adaptive.py``); a bot
spec may also be such a number (``2.5``).

A wrong call is a misread (``misread``): a word the bot would spell with one letter card
the table lacks, as if it had seen a card that is not there. Its times, the coin of its
wrong call and the misread are drawn from the generator it is handed, which the race
builds from the decision's own seed (``move``): the same view and seed give the same move,
in this process or served over the engine protocol.

A bot that has found a word keeps it while the table changes, as long as its cards are
still there; a bot whose word was taken searches again from that moment.

Claim policies (``level:policy``; the default is ``most``; ``people.chosen``):
- ``most``: it keeps looking ``patience`` seconds after its first word, then calls the one
  with the most cards it found.
- ``first``: the first word that comes to mind.
- ``wait``: the first word of 5 cards or more to come to mind; until the deck is out, no
  call when the table has none.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, TypedDict

from solver.race import people
from solver.race.calls import Call, Move, RaceView, Wait
from solver.runtime.errors import UserError

POLICIES = ("most", "first", "wait")
WAIT_FOR = people.WAIT_FOR
MISREAD_LETTERS = 6  # letters a bot tries when it misreads the table
MISREAD_WORDS = 10  # the first words to come to mind it tries with each


@dataclass(frozen=True)
class RaceBot:
    """A level: its vocabulary, the model's parameters (``people.py``) and its policy.
    The model's parameters past ``policy`` default to none of their effect: a bot built
    with the first five alone finds every word of its tier ``reaction + per_card * cards``
    seconds after a change, and calls at once."""

    name: str
    tier: str  # vocabulary
    reaction: float  # seconds to find a common 3-letter word on an empty table
    per_card: float  # seconds more for each card on the table
    error_rate: float  # chance that a call is a wrong word
    policy: str = "most"
    rarity: float = 0.0  # log of the time's growth a Zipf unit below people.COMMON_ZIPF
    length: float = 0.0  # log of the time's growth a letter past 3
    known_zipf: float = 0.0  # the rarest word it knows (words of its tier below: never)
    look_noise: float = 0.0  # sigma of a log-normal factor shared by a look's words
    word_noise: float = 0.0  # sigma of each word's own log-normal factor
    per_key: float = 0.0  # seconds a key typed (the word's letters, then Enter)
    patience: float = 0.0  # ``most``: seconds it looks on after its first word
    about: str = ""  # what the level is, for a person choosing it

    def look(self, view: RaceView, rng: random.Random) -> Call | None:
        """The bot of ``seats.RaceBotProtocol``: the word it calls on the table it sees,
        and when (``people.found_words`` and ``people.chosen``); None: no call."""
        found = people.found_words(list(view.table), self, rng, view.lang)
        if found is None:
            return None
        pick = people.chosen(found, self.policy, self.patience, view.to_deal == 0)
        if pick is None:
            return None
        position, after = pick
        from solver.race.index import word_table

        return Call(word_table(self.tier, view.lang).word(int(found.index[position])), after)


def _wpm(words_a_minute: float) -> float:
    return people.typing_seconds(words_a_minute)


# Every level shares the shape of the noise and of the word's effects; the numbers come
# from docs/race-people.md (the sources, what is assumed) and from the calibration there.
class _Shape(TypedDict):
    look_noise: float
    word_noise: float


_SHAPE: _Shape = {"look_noise": 0.3, "word_noise": 0.5}

LEVELS = {
    "beginner": RaceBot(
        "beginner", "easy", 4.2, 0.08, 0.06, rarity=0.6, length=0.3, known_zipf=3.5,
        per_key=_wpm(30), patience=0.8, **_SHAPE,
        about="below a casual player: easy words, slowly, 6% wrong calls",
    ),
    "easy": RaceBot(
        "easy", "easy", 3.1, 0.06, 0.04, rarity=0.55, length=0.28, known_zipf=3.5,
        per_key=_wpm(35), patience=0.5, **_SHAPE,
        about="a casual player beats it most of the time: easy words, 4% wrong calls",
    ),
    "medium": RaceBot(
        "medium", "familiar", 2.1, 0.05, 0.02, rarity=0.5, length=0.25, known_zipf=3.0,
        per_key=_wpm(50), patience=0.5, **_SHAPE,
        about="an average player's match: familiar words, 2% wrong calls",
    ),
    "hard": RaceBot(
        "hard", "core", 1.5, 0.04, 0.01, rarity=0.4, length=0.2, known_zipf=2.0,
        per_key=_wpm(80), patience=0.4, **_SHAPE,
        about="a strong player wins about half the time: common-dictionary words, 1% wrong",
    ),
    "superhuman": RaceBot(
        "superhuman", "all", 0.8, 0.02, 0.0, rarity=0.2, length=0.1, known_zipf=0.0,
        per_key=_wpm(150), patience=0.3, look_noise=0.15, word_noise=0.3,
        about="above people: every word, found and typed faster than any person",
    ),
}  # fmt: skip

LADDER = tuple(LEVELS)  # skill 0, 1, 2...: the levels in order
TOP_SKILL = float(len(LADDER) - 1)

BEGINNER, EASY, MEDIUM, HARD, SUPERHUMAN = (LEVELS[name] for name in LADDER)

# The smallest Zipf value of each tier's words (a tier is its words above a floor).
TIER_FLOOR = {"easy": 3.5, "familiar": 3.0, "core": 0.0, "all": 0.0}
_TIMES = ("reaction", "per_card", "per_key", "patience")  # interpolated on a log scale


def level_at(skill: float, policy: str = "most") -> RaceBot:
    """A level of any skill from 0 (beginner) to ``TOP_SKILL`` (superhuman): at a whole
    number the level itself; between two levels, each time parameter interpolated on a
    log scale and the others linearly, the vocabulary the upper level's tier from the
    lower's floor to the upper's (``easy`` and ``familiar`` are the core words above 3.5
    and 3.0: so the vocabulary grows smoothly but from ``hard`` to ``superhuman``, where
    the play list's rarer words join). Named by its skill (``2.40``)."""
    if not math.isfinite(skill):
        raise UserError(f"a level's skill is a number from 0 to {TOP_SKILL:g}, not {skill!r}")
    skill = min(max(skill, 0.0), TOP_SKILL)
    low = min(int(skill), len(LADDER) - 2)
    share = skill - low
    a, b = LEVELS[LADDER[low]], LEVELS[LADDER[low + 1]]
    if share == 0.0 or share == 1.0:
        whole = a if share == 0.0 else b
        return replace(whole, name=skill_name(skill), policy=policy)
    values: dict[str, float] = {}  # ``RaceBot``'s numbers, by name
    for field in fields(RaceBot):
        x, y = getattr(a, field.name), getattr(b, field.name)
        if field.name in _TIMES:
            values[field.name] = people.geometric(x, y, share)
        elif isinstance(x, float) and field.name != "known_zipf":
            values[field.name] = x + (y - x) * share
    floor_a = max(a.known_zipf, TIER_FLOOR[a.tier])
    floor_b = max(b.known_zipf, TIER_FLOOR[b.tier])
    values["known_zipf"] = floor_a + (floor_b - floor_a) * share
    return RaceBot(
        skill_name(skill),
        b.tier,
        policy=policy,
        about=f"between {a.name} and {b.name}",
        **values,
    )


def skill_name(skill: float) -> str:
    """A skill as a level's name: ``2.40``."""
    return f"{skill:.2f}"


def describe_skill(skill: float) -> str:
    """Where a skill sits among the levels: ``medium``, ``between easy and medium``."""
    skill = min(max(skill, 0.0), TOP_SKILL)
    if abs(skill - round(skill)) < 0.005:
        return LADDER[round(skill)]
    low = min(int(skill), len(LADDER) - 2)
    return f"between {LADDER[low]} and {LADDER[low + 1]}"


def parse_bot(spec: str) -> RaceBot:
    """A level (``beginner``, ``easy``, ``medium``, ``hard``, ``superhuman``) or a skill
    from 0 to 4 (``2.5``: ``level_at``), optionally with ``:most``, ``:first`` or
    ``:wait``."""
    level, colon, policy = spec.strip().lower().partition(":")
    if colon and not policy:  # "hard:" names no policy: a mistake, not the default
        raise UserError(
            f"no claim policy after {spec.strip()!r} (choose from {', '.join(POLICIES)})"
        )
    policy = policy or "most"
    if level not in LEVELS and not is_skill(level):
        raise UserError(
            f"unknown bot level {level!r} (choose from {', '.join(LEVELS)}, "
            f"or a skill from 0 to {TOP_SKILL:g})"
        )
    if policy not in POLICIES:
        raise UserError(f"unknown claim policy {policy!r} (choose from {', '.join(POLICIES)})")
    if level not in LEVELS:
        bot = level_at(float(level), policy)
        return replace(bot, name=f"{bot.name}:{policy}" if policy != "most" else bot.name)
    return replace(
        LEVELS[level], name=f"{level}:{policy}" if policy != "most" else level, policy=policy
    )


def is_level(spec: str) -> bool:
    """Whether a bot spec names a built-in: a level or a skill, with or without a policy
    (``hard``, ``medium:wait``, ``2.5``); else it is a bot of one's own or an engine."""
    level = spec.strip().lower().partition(":")[0]
    return level in LEVELS or is_skill(level)


_SKILL_TEXT = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")  # ASCII: float() reads "1.٣" too


def is_number(text: str) -> bool:
    """Whether a level's name is written as a skill, in range or not (``5``, ``-1``): said
    as a skill out of range rather than as an unknown bot's name."""
    return _SKILL_TEXT.fullmatch(text.strip().removeprefix("-")) is not None


def is_skill(text: str) -> bool:
    """Whether a level's name is a skill: a number from 0 to ``TOP_SKILL``."""
    try:
        value = float(text)
    except ValueError:
        return False
    return (
        math.isfinite(value)
        and 0.0 <= value <= TOP_SKILL
        and _SKILL_TEXT.fullmatch(text.strip()) is not None
    )


def parse_players(text: str, parse: Callable[[str], Any] = parse_bot) -> list:
    """2 to 6 bots, comma-separated, each read by ``parse`` (the built-in levels; a bench
    also takes bots of one's own: ``seats.bench_players``)."""
    if not all(spec.strip() for spec in text.split(",")):
        raise UserError(f"an empty name in {text!r}: name every player, comma-separated")
    players = [parse(spec) for spec in text.split(",")]
    if not 2 <= len(players) <= 6:
        raise UserError("MY WORD! is played by 2 to 6 players")
    return players


def misread(table: list[str], bot: RaceBot, rng: random.Random, lang: str) -> str | None:
    """A bot's wrong call: the first word to come to its mind (``people.found_words``) on
    the table with one more letter card, among those the table cannot spell, as if it had
    seen a card that is not there; None when it finds none."""
    import numpy as np

    from solver.race.claims import best_spelling
    from solver.race.index import word_table
    from solver.wordtools import lexicon

    alphabet = lexicon.language(lang).alphabet
    vocabulary = word_table(bot.tier, lang)
    for letter in rng.sample(alphabet, min(MISREAD_LETTERS, len(alphabet))):
        found = people.found_words([*table, letter], bot, rng, lang)
        if found is None:
            continue
        for position in np.argsort(found.found, kind="stable")[:MISREAD_WORDS]:
            word = vocabulary.word(int(found.index[position]))
            if not best_spelling(table, word, lang).ok:
                return word
    return None


def move(bot: RaceBot, view: RaceView, rng: random.Random) -> Move:
    """A built-in level's move in the race (``state.RaceState``): its call (``look``), or a
    misread in its stead ``error_rate`` of the time, drawn from ``rng`` after its times;
    a Wait when it has no claim."""
    call = bot.look(view, rng)
    if call is None:
        return Wait()
    if bot.error_rate and rng.random() < bot.error_rate:
        wrong = misread(list(view.table), bot, rng, view.lang)
        if wrong is not None:
            return Call(wrong, call.after)
    return call
