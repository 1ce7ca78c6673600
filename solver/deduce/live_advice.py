"""Advice in a process that stays alive: what the assistant (``assist``) asks for each turn.

Why: ``myword deduce advise`` pays Numba's start-up and the lexicon on every call (about a
second) for an answer that costs milliseconds; a game at a table asks eleven times a round.
Here the kernels are compiled once (``warm_up``), each position's advice is kept, and while
the table plays on, ``Advisor.speculate`` works out the positions the recommended Guessword
may lead to, so that the advice is ready when its score is heard.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.deduce import candidates as cand
from solver.deduce.assist import Settings
from solver.deduce.rules import POINT_UNIT, default_sheet
from solver.wordtools import lexicon


@dataclass
class Advisor:
    """Advice for your next row, by position, in a process that stays alive: each position
    is computed once (``advisor.advise``, unchanged) and kept, and while the table plays on,
    ``speculate`` works out the positions the recommended Guessword can lead to, so that the
    advice is ready when its score is heard. One computation at a time (a lock): the
    strategy's memos are shared by the whole process."""

    settings: Settings
    size: int = 512
    warmed: bool = False  # the kernels compiled (``warm_up``)
    _kept: OrderedDict = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _key(self, length: int, history: list[cand.Turn]) -> tuple:
        return (length, tuple((t.guess, t.heard) for t in history))

    def known(self, length: int, history: list[cand.Turn]):
        return self._kept.get(self._key(length, history))

    def advise(self, length: int, history: list[cand.Turn]):
        """The advice after ``history`` on the ``length``-letter sheet (an ``Advice``)."""
        from solver.deduce.advisor import advise

        key = self._key(length, history)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            settings = self.settings
            sheet = default_sheet(length)
            pool = None
            if settings.pool != "familiar":
                pool = lexicon.pool(length, settings.pool, settings.lang)
            advice = advise(
                list(history),
                sheet,
                settings.strategy,
                pool,
                settings.prior,
                settings.lang,
                settings.top,
                None,
                settings.vocabulary,
            )
            self._kept[key] = advice
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return advice

    def next_positions(self, length: int, history: list[cand.Turn]) -> list[list[cand.Turn]]:
        """The histories one row on if the recommended Guessword is played, likeliest
        score first."""
        import numpy as np

        from solver.deduce import kernels

        advice = self.known(length, history)
        if advice is None or not advice.choices or advice.next_row is None:
            return []
        guess = advice.choices[0].guess
        index = len(history)
        sheet = advice.sheet
        code = lexicon.encode([guess], self.settings.lang)[0]
        units = kernels.score_against(
            advice.deduction.codes, code, sheet.rows[index].offset, sheet.is_last(index)
        )
        chance = {
            int(u): float(advice.deduction.probabilities[units == u].sum())
            for u in np.unique(units)
        }
        if index + 1 >= len(sheet.rows):
            return []
        ordered = sorted(chance, key=lambda u: -chance[u])
        return [[*history, cand.Turn(guess, u * POINT_UNIT)] for u in ordered]

    def speculate(
        self, length: int, history: list[cand.Turn], stop: Callable[[], bool] = lambda: False
    ) -> int:
        """Work out the advice for every score the recommended Guessword may hear, until
        ``stop`` says so; how many positions were worked out."""
        done = 0
        self.advise(length, history)
        for after in self.next_positions(length, history):
            if stop():
                break
            if self.known(length, after) is None:
                self.advise(length, after)
                done += 1
        return done


def warm_up(advisor: Advisor) -> None:
    """Compile the kernels now (Numba, once per process; cached on disk after the very
    first run), with a position that uses each, so that the first advice is not slow."""
    if advisor.warmed:
        return
    for length in (6, 7) if advisor.settings.rounds == 2 else (6,):
        sheet = default_sheet(length)
        opening = sheet.rows[0].length
        guess = lexicon.words(opening, "familiar", advisor.settings.lang)[0]
        advisor.advise(length, [cand.Turn(guess, 0)])
        _warm_endgame(sheet, advisor.settings)
    advisor.warmed = True


def _warm_endgame(sheet, settings) -> None:
    """The endgame search's kernels, on three words near the end of a round (a position
    the first advice rarely reaches, so it would compile them mid-game)."""
    import numpy as np

    from solver.deduce import endgame

    codes = lexicon.word_codes(sheet.word_length, "familiar", settings.lang)[:3]
    endgame.endgame_values(
        np.ascontiguousarray(codes),
        np.ones(3),
        sheet,
        len(sheet.rows) - 3,
        settings.lang,
        settings.vocabulary,
    )
