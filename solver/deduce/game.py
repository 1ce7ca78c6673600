"""A round of What's My Word? played by the bot against a known Gameword, and the oracle.

The game loop owns the hidden Gameword: the strategy sees only the scores it hears. Every
row of the sheet is played, even after the word is found (rulebook, "The Play").
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TypedDict

import numpy as np

from solver.arena.seats import stop_if_interrupted
from solver.deduce import candidates as cand
from solver.deduce import players
from solver.deduce.opening import remembered_choose
from solver.deduce.players import Strategy
from solver.deduce.rules import BONUS, Mark, Row, Sheet, marking, score
from solver.deduce.strategies import DEFAULT_STRATEGY, DEFAULT_VOCABULARY
from solver.deduce.typed import typed_word
from solver.runtime.errors import UserError, raised
from solver.wordtools import lexicon


@dataclass(frozen=True)
class PlayedRow:
    """One row of a filled sheet, with what the bot knew when it chose."""

    row: Row
    guess: str
    score: int
    marks: tuple[Mark, ...]
    candidates_before: int
    candidates_after: int
    seconds: float


class PlayedRowDocument(TypedDict):
    """A ``PlayedRow`` as JSON: the row as ``Row`` prints it, the marks by their names."""

    row: str
    guess: str
    score: int
    marks: list[str]
    candidates_before: int
    candidates_after: int
    seconds: float


class RoundDocument(TypedDict):
    """A ``RoundResult`` as JSON."""

    gameword: str
    sheet: str
    strategy: str
    total: int
    bonus: bool
    rows_to_one: int | None
    rows: list[PlayedRowDocument]


class OracleRound(RoundDocument):
    """A round and what a player knowing the Gameword could score (``oracle``): ``deduce
    play --json``'s rounds, the demo's round."""

    oracle: int


@dataclass(frozen=True)
class RoundResult:
    gameword: str
    sheet: Sheet
    strategy: str
    rows: tuple[PlayedRow, ...]

    @property
    def total(self) -> int:
        return sum(r.score for r in self.rows)

    @property
    def bonus(self) -> bool:
        return self.rows[-1].guess == self.gameword

    @property
    def rows_to_one(self) -> int | None:
        """Rows played until a single candidate remained (None if that never happened)."""
        for number, played in enumerate(self.rows, start=1):
            if played.candidates_after == 1:
                return number
        return None

    def to_json(self) -> RoundDocument:
        return {
            "gameword": self.gameword,
            "sheet": str(self.sheet),
            "strategy": self.strategy,
            "total": self.total,
            "bonus": self.bonus,
            "rows_to_one": self.rows_to_one,
            "rows": [
                {
                    "row": str(p.row),
                    "guess": p.guess,
                    "score": p.score,
                    "marks": [str(m) for m in p.marks],
                    "candidates_before": p.candidates_before,
                    "candidates_after": p.candidates_after,
                    "seconds": round(p.seconds, 4),
                }
                for p in self.rows
            ],
        }


def check_gameword(gameword: str, sheet: Sheet, lang: str = "en") -> str:
    """A Gameword typed, as the dictionaries store it (``typed.typed_word``), or a
    UserError."""
    word = typed_word(gameword, "the Gameword", lang)
    if len(word) != sheet.word_length:
        raise UserError(f"{gameword!r} is not a {sheet.word_length}-letter word")
    if not lexicon.is_word(word, lang):
        raise UserError(f"{gameword!r} is not in the dictionary")
    return word


def play_round(
    gameword: str,
    sheet: Sheet,
    strategy: str | Strategy = DEFAULT_STRATEGY,
    pool: lexicon.Pool | None = None,
    prior: str = "familiar",
    lang: str = "en",
    seconds: float | None = None,
    vocabulary: str = DEFAULT_VOCABULARY,
) -> RoundResult:
    """The bot fills a whole sheet against ``gameword``, hearing only the scores, guessing
    from ``vocabulary``. ``strategy``: a name (``players.strategy``: a built-in or one of
    one's own) or a strategy; it is handed a ``GuesserView`` a row, never the Gameword. A
    Guessword that is not a dictionary word of the row's length is a ``UserError`` naming
    the strategy."""
    word = check_gameword(gameword, sheet, lang)
    player = players.strategy(strategy) if isinstance(strategy, str) else strategy
    name = strategy if isinstance(strategy, str) else getattr(player, "name", repr(player))
    history: list[cand.Turn] = []
    played = []
    started = time.perf_counter()  # a move's time: filtering what was heard, then choosing
    deduction = cand.deduce(history, sheet, pool, prior, lang)
    for index, row in enumerate(sheet.rows):
        if isinstance(player, players.BuiltinStrategy):  # the deduction made here serves
            choices = remembered_choose(
                deduction, sheet, index, player.name, lang, 1, seconds, vocabulary, prior=prior
            )
            guess = choices[0].guess
        else:
            guess = _asked(player, name, history, sheet, lang, vocabulary, prior)
        elapsed = time.perf_counter() - started
        heard = score(word, guess, row.offset, sheet.is_last(index))
        history.append(cand.Turn(guess, heard))
        started = time.perf_counter()
        after = cand.deduce(history, sheet, pool, prior, lang)
        played.append(
            PlayedRow(
                row,
                guess,
                heard,
                marking(word, guess, row.offset),
                len(deduction.words),
                len(after.words),
                elapsed,
            )
        )
        deduction = after
    return RoundResult(word, sheet, name, tuple(played))


def _asked(player, name, history, sheet, lang, vocabulary, prior) -> str:
    """A strategy's Guessword for the next row, from its view, checked."""
    seen = tuple((turn.guess, turn.heard) for turn in history)
    view = players.GuesserView(sheet, seen, lang, vocabulary, prior)
    try:
        named = player.guess(view)
    except Exception as error:  # a strategy's own bug: one line naming it, no traceback
        stop_if_interrupted(error)
        where = f"strategy {name!r} on row {view.row_index + 1}"
        raise UserError(f"{where} {raised(error)}") from error
    problem = players.legal_guess(view, named)
    if problem:
        raise UserError(f"strategy {name!r} on row {view.row_index + 1}: {problem}")
    return lexicon.language(lang).normalize(named)


def oracle(gameword: str, sheet: Sheet, lang: str = "en") -> int:
    """The most a player knowing the Gameword could score: the best dictionary word for
    each row, and the Gameword itself, with the bonus, on the last row."""
    from solver.deduce import kernels

    word = check_gameword(gameword, sheet, lang)
    target = lexicon.encode([word], lang)
    total = 0
    for index, row in enumerate(sheet.rows):
        if sheet.is_last(index):
            total += row.length * 1000 + BONUS
            continue
        codes = lexicon.word_codes(row.length, "all", lang)
        units, _ = kernels.guess_statistics(target, np.ones(1), codes, row.offset, False)
        total += int(units.max()) * 250
    return total
