"""What a line typed into the assistant says: a word entry, or a command marked with ``:``.

The assistant is fed what happens at the table, and most of it is words: your Guessword
with the score you heard (``DEN 1250``), your opponent's Guessword (``DEN``). Commands were
once bare words too (``end``, ``undo``, ``said 0``), and every one of them is also a
dictionary word: an opponent's Guessword END ended the game, SAID 0 was read as a score you
announced. So a line is a command when, and only when, its first character (after spaces)
is ``:``; everything else is a word entry. Every word of every list we ship is letters
only, so no Guessword of any language can be read as a command
(``tests/deduce/test_assist_entries.py`` checks every word, and parses in full, in both
cases, alone and with a score, every word short enough to be a Guessword).

One parser, here, for every front end (line mode, the full-screen app), and one table of
commands (``COMMANDS``): the help, the screen's help and the error naming the commands
come from it (a test holds the README and ``--help`` to it).

Word entries:

- ``WORD SCORE``: your Guessword and the score you heard;
- ``WORD``: on their turn their Guessword; on yours your Guessword, its score asked next;
- ``SCORE``: the score you heard for your Guessword waiting for one.

At the Gameword prompt any line that is not a command is your Gameword (``Assistant.enter``).
A word that was a command's name (END, UNDO) is a Guessword like any other; the assistant
says which command was perhaps meant (``hint``), since a person used to the old grammar may
type it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.runtime.numbers import NUMBER_TEXT, whole

MARK = ":"  # what starts a command

_SCORE = NUMBER_TEXT


class Refused(ValueError):
    """An entry the rules refuse; its message says why, in words to show the person."""


@dataclass(frozen=True)
class Command:
    """One command: its name (typed after ``:``), what follows it, what it means."""

    name: str
    usage: str  # the arguments after the name, as the help shows them
    means: str
    aliases: tuple[str, ...] = ()

    @property
    def typed(self) -> str:
        """How it is typed: ``:said [ROW] SCORE``."""
        return f"{MARK}{self.name} {self.usage}".rstrip()


COMMANDS = (
    Command("me", "WORD [SCORE]", "your Guessword, whoever's turn it is", ("mine",)),
    Command("they", "WORD", "your opponent's Guessword, whoever's turn it is", ("them", "theirs")),
    Command(
        "said",
        "[ROW] SCORE",
        "the score you announced for their last Guessword (or row ROW), if not the one "
        "given; the right one again corrects it",
    ),
    Command("heard", "ROW SCORE", "your opponent corrected a score: row ROW of yours is SCORE"),
    Command(
        "reveal",
        "WORD",
        "their Gameword, told at the end of the round: every score you heard is checked",
    ),
    Command("next", "", "the next round, once both sheets are full"),
    Command("end", "", "the game is over"),
    Command("undo", "", "take back the last entry"),
    Command("purple", "", "you play Purple (before the first row): Purple plays first in round 1"),
    Command("red", "", "you play Red (before the first row): Red plays first in round 2"),
    Command("show", "", "both sheets again"),
    Command("help", "", "every entry and command (? too)", ("?",)),
)
_BY_NAME = {name: c for c in COMMANDS for name in (c.name, *c.aliases)}
NAMES = ", ".join(f"{MARK}{c.name}" for c in COMMANDS)

WORD_ENTRIES = (
    ("WORD SCORE", "your Guessword and the score you heard (DEN 1250)"),
    (
        "WORD",
        "your opponent's Guessword on their turn: you get the score to announce (on your "
        "turn: your Guessword, then the score you heard)",
    ),
)


def help_lines(columns: int = 80) -> list[str]:
    """Every entry and command, each explained beside it, in ``columns`` (line mode's
    ``:help``: its lines are said one by one, so they are wrapped here)."""
    from textwrap import wrap

    width = max(len(c.typed) for c in COMMANDS) + 2

    def entry(typed: str, means: str) -> list[str]:
        said = wrap(means, columns - width - 1) or [""]
        return [f"{typed:<{width}}{said[0]}", *(" " * width + more for more in said[1:])]

    lines = [line for typed, means in WORD_ENTRIES for line in entry(typed, means)]
    lines.append(f"Commands start with '{MARK}'; any other line is a word entry (even END):")
    lines += [line for c in COMMANDS for line in entry(c.typed, c.means)]
    return lines


@dataclass(frozen=True)
class Entry:
    """One entry, read from what was typed (not yet checked against the game)."""

    kind: str  # guess (by turn order), mine, theirs, score; or a command's name
    word: str = ""
    score: int | None = None
    row: int | None = None  # 0-based row of a sheet
    command: bool = False  # typed as a command (``:me DEN``), not a bare word entry


def is_command(text: str) -> bool:
    return text.lstrip().startswith(MARK)


def command_of(text: str) -> str | None:
    """The name of the command a line gives (aliases resolved), None for a word entry or
    an unknown command."""
    if not is_command(text):
        return None
    head = text.strip()[len(MARK) :].split(maxsplit=1)
    found = _BY_NAME.get(head[0].lower()) if head else None
    return found.name if found else None


def hint(word: str) -> str:
    """For a word entry whose word is a command's name, the command perhaps meant, in a
    sentence; else nothing."""
    found = _BY_NAME.get(word.lower())
    return f"Commands start with '{MARK}': {found.typed}." if found else ""


def parse_entry(text: str) -> Entry:
    """What a line says, or Refused with how to say it. Words stay as typed (the game
    checks their letters and lengths against the row)."""
    stripped = text.strip()
    if not stripped:
        raise Refused(f"Type an entry ({MARK}help lists them).")
    if stripped == "?":
        return Entry("help")
    if stripped.startswith(MARK):
        return replace(_command(stripped[len(MARK) :].split()), command=True)
    return _word_entry(stripped)


def _number(text: str) -> int:
    return whole(text, "The number", Refused)


def _word_entry(text: str) -> Entry:
    tokens = text.split()
    if _SCORE.fullmatch(tokens[0]):
        if len(tokens) == 1:
            return Entry("score", score=_number(tokens[0]))
        raise Refused(
            f"An entry starts with a word, not {tokens[0]}: WORD SCORE (yours, with the score "
            f"you heard), WORD (theirs), or {MARK}help for every entry."
        )
    if len(tokens) == 1:
        return Entry("guess", word=tokens[0])
    if len(tokens) == 2 and _SCORE.fullmatch(tokens[1].lstrip("-")):
        return Entry("mine", word=tokens[0], score=_score_token(tokens[1]))
    also = f" {hint(tokens[0])}" if hint(tokens[0]) else ""
    raise Refused(
        f"Cannot read {text!r}: type WORD SCORE (yours, with the score you heard), WORD "
        f"(theirs), or a command starting with '{MARK}' ({MARK}help lists them).{also}"
    )


def _command(tokens: list[str]) -> Entry:
    if not tokens:
        raise Refused(f"A command's name follows the '{MARK}': {NAMES}.")
    typed, rest = tokens[0], tokens[1:]
    command = _BY_NAME.get(typed.lower())
    if command is None:
        raise Refused(f"Unknown command {MARK}{typed}; the commands are {NAMES}.")
    name = command.name
    usage = f"Write {command.typed}"
    if not command.usage:
        if rest:
            raise Refused(f"{MARK}{name} takes nothing after it.")
        return Entry(name)
    if name in ("said", "heard"):
        if not 1 <= len(rest) <= 2 or not all(_SCORE.fullmatch(t) for t in rest):
            raise Refused(f"{usage} (numbers only).")
        if name == "heard" and len(rest) != 2:
            raise Refused(f"{usage}: which row of your sheet, and its score.")
        row = _number(rest[0]) - 1 if len(rest) == 2 else None
        if row is not None and row < 0:
            raise Refused("Rows are numbered from 1.")
        return Entry(name, score=_number(rest[-1]), row=row)
    if name == "reveal":
        if len(rest) != 1:
            raise Refused(f"{usage}: your opponent's Gameword.")
        return Entry("reveal", word=rest[0])
    if name == "they":
        if len(rest) != 1:
            raise Refused(f"{usage}: your opponent's Guessword.")
        return Entry("theirs", word=rest[0])
    if len(rest) not in (1, 2):  # me
        raise Refused(f"{usage}: your Guessword, and the score you heard.")
    if len(rest) == 2:
        return Entry("mine", word=rest[0], score=_score_token(rest[1]))
    return Entry("mine", word=rest[0])


def _score_token(token: str) -> int:
    if token.startswith("-"):
        raise Refused("A score cannot be negative.")
    if not _SCORE.fullmatch(token):
        raise Refused(f"{token!r} is not a score: write a number such as 1250.")
    return _number(token)
