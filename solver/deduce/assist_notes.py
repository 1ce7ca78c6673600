"""What an entry into the assistant did, and what it waits for: data, never English.

Why: ``assist.Assistant`` is the engine of ``myword deduce assist``; its front ends (line
mode, the full screen, ``--json``) word what it returns, once, in
``solver.deduce.ui.assist_words`` (a function per kind), as the game against the bot does
with ``session``'s events and ``ui.words``. A note holds its facts (rows 0-based, words as
entered, scores in points) and a ``kind`` that names it; ``to_json`` gives them plainly.

One note holds a word not for the table: ``UnknownGameword``, your Gameword, which its
warning says back on your own screen (as it always did). ``Undone`` keeps a Gameword entry
without its word. Refusals stay ``assist_entries.Refused`` with their sentence, as
``session.Refused`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from solver.deduce.rules import Mark

if TYPE_CHECKING:
    from solver.deduce.assist import GameEntry
    from solver.deduce.session import AuditError

# Whose a row or a word is: yours, or your opponent's.
YOU = "you"
THEY = "they"

# What the assistant waits for (``Waiting.kind``).
GAMEWORD = "gameword"  # your Gameword, hidden, at the start of a round
SCORE = "score"  # the score you heard for your Guessword waiting for one
GUESS = "guess"  # your next Guessword (WORD SCORE)
THEIRS = "theirs"  # their next Guessword
ROUND_OVER = "round over"  # both sheets full: their word to reveal, the next round or the end
OVER = "over"  # the game is over


class _Facts:
    """``to_json``: the kind, then every fact, for a script (marks by their names)."""

    kind: str

    # Every note's own fields, written by one loop (as ``protocol.fields_json`` writes the
    # moves and events): open here, each note's keys its fields'.
    def to_json(self) -> dict[str, Any]:
        facts: dict[str, Any] = {"kind": self.kind}
        for field in fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if isinstance(value, tuple):  # marks (StrEnum: their names), audit errors
                value = [str(v) if isinstance(v, str) else dict(v) for v in value]
            facts[field.name] = value
        return facts


# --- what an entry did ------------------------------------------------------------------------
@dataclass(frozen=True)
class ColourChosen(_Facts):
    """You play ``you``; ``first`` plays first in this round."""

    you: str
    first: str
    kind: str = "colour"


@dataclass(frozen=True)
class GamewordSet(_Facts):
    """Your Gameword for round ``round`` (0-based) is set, hidden."""

    round: int
    kind: str = "gameword_set"


@dataclass(frozen=True)
class UnknownGameword(_Facts):
    """Your Gameword ``word`` is not in the dictionary (a warning, on your own screen)."""

    word: str
    kind: str = "unknown_gameword"


@dataclass(frozen=True)
class RareGameword(_Facts):
    """Your Gameword is a rare word: the rules ask for one familiar to your opponent."""

    kind: str = "rare_gameword"


@dataclass(frozen=True)
class Heard(_Facts):
    """Your row ``row``: ``guess``, and the score you heard for it."""

    row: int
    guess: str
    heard: int
    kind: str = "heard"


@dataclass(frozen=True)
class Announce(_Facts):
    """Their row ``row``: ``guess`` scores ``score`` against your word, marked ``marks``:
    the score to announce."""

    row: int
    guess: str
    score: int
    marks: tuple[Mark, ...]  # one per letter
    kind: str = "announce"


@dataclass(frozen=True)
class NamedWord(_Facts):
    """``by`` (YOU or THEY) named the other's word on the last row: the bonus is in it."""

    by: str
    bonus: int
    kind: str = "named_word"


@dataclass(frozen=True)
class NotAWord(_Facts):
    """``guess``, a Guessword of ``by`` (YOU or THEY), is not in the dictionary: it may be
    rejected at the table."""

    by: str
    guess: str
    kind: str = "not_a_word"


@dataclass(frozen=True)
class SaidWrong(_Facts):
    """You announced ``said`` for their row ``row`` (``guess``); it scores ``score``: to
    correct now, each of their turns it stands costs ``penalty``."""

    row: int
    guess: str
    score: int
    said: int
    penalty: int
    kind: str = "said_wrong"


@dataclass(frozen=True)
class SaidRight(_Facts):
    """Their row ``row`` (``guess``) now stands at its right score, after standing wrong
    for ``turns`` of their turns (``points`` to them)."""

    row: int
    guess: str
    score: int
    turns: int
    points: int
    kind: str = "said_right"


@dataclass(frozen=True)
class HeardCorrected(_Facts):
    """Your opponent corrected your row ``row`` (``guess``) to ``score``, after it stood
    wrong for ``turns`` of your turns (``points`` to you)."""

    row: int
    guess: str
    score: int
    turns: int
    points: int
    kind: str = "heard_corrected"


@dataclass(frozen=True)
class Revealed(_Facts):
    """Their Gameword ``word``, revealed: every score you heard checked (``errors`` as
    ``session.audit`` gives them: row, given, true, turns_undetected), the penalty to you
    and the points per turn."""

    word: str
    errors: tuple[AuditError, ...]
    penalty: int
    per_turn: int
    kind: str = "revealed"


@dataclass(frozen=True)
class NextRound(_Facts):
    """Round ``round`` (0-based) begins, with ``length``-letter Gamewords."""

    round: int
    length: int
    kind: str = "next_round"


@dataclass(frozen=True)
class GameOver(_Facts):
    """The game is over."""

    kind: str = "game_over"


@dataclass(frozen=True)
class Pending(_Facts):
    """Your row ``row``: ``guess`` is entered; the score you heard for it comes next."""

    row: int
    guess: str
    kind: str = "pending"


@dataclass(frozen=True)
class PlayedInstead(_Facts):
    """``guess`` is played, with its score, instead of ``instead`` (the word waiting)."""

    guess: str
    instead: str
    kind: str = "played_instead"


@dataclass(frozen=True)
class CommandWord(_Facts):
    """``word``, entered as a Guessword, is also a command's name: the command perhaps
    meant is said (``assist_entries.hint``)."""

    word: str
    kind: str = "command_word"


@dataclass(frozen=True)
class Help(_Facts):
    """Every entry and command, asked for (``assist_entries.help_lines``)."""

    kind: str = "help"


@dataclass(frozen=True)
class Dropped(_Facts):
    """``guess``, waiting for its score, is dropped (undo)."""

    guess: str
    kind: str = "dropped"


@dataclass(frozen=True)
class Undone(_Facts):
    """The last entry is taken back: ``entry`` as saved (a Gameword without its word)."""

    entry: GameEntry
    kind: str = "undone"


Note = (
    ColourChosen
    | GamewordSet
    | UnknownGameword
    | RareGameword
    | Heard
    | Announce
    | NamedWord
    | NotAWord
    | SaidWrong
    | SaidRight
    | HeardCorrected
    | Revealed
    | NextRound
    | GameOver
    | Pending
    | PlayedInstead
    | CommandWord
    | Help
    | Dropped
    | Undone
)


# --- what the assistant waits for -------------------------------------------------------------
@dataclass(frozen=True)
class Waiting:
    """What to ask for next, with the facts a front end words its question from
    (``solver.deduce.ui.assist_words.prompt``)."""

    kind: str  # GAMEWORD, SCORE, GUESS, THEIRS, ROUND_OVER, OVER
    hidden: bool = False  # the answer is a secret (your Gameword)
    round: int = 0  # the round, 0-based
    length: int = 0  # letters of the word asked for (the Gameword's, or the row's)
    row: int = -1  # the row of the sheet concerned, 0-based
    offset: int = 0  # the row's first column, 0-based
    guess: str = ""  # your Guessword waiting for its score
    you: str = ""  # your colour, while it may still change (before round 1's first row)
    revealed: bool = False  # their Gameword is entered (round over)
    last: bool = False  # the last round (round over: :end, not :next)
