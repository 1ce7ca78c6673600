"""What's My Word? strategies: what a guessing seat sees, and the one method a strategy has.

A strategy is anything with ``guess(view) -> str``: the Guessword for the row the view
is at. The view holds what the guessing player may know (the sheet, the Guesswords named
and the scores heard, the language and vocabulary it guesses from), never the Gameword,
which only the game loop holds. The built-ins (``strategies.STRATEGIES``) are strategies
too; one of one's own is named as ``plugins`` says (``--strategy mine.py:guess``).

Example, a strategy that names the most familiar candidate left::

    from solver.deduce.players import candidates

    def guess(view):
        return candidates(view)[0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from solver.arena import plugins
from solver.deduce.rules import Sheet
from solver.deduce.strategies import DEFAULT_VOCABULARY, STRATEGIES
from solver.wordtools import lexicon


@dataclass(frozen=True)
class GuesserView:
    """What the guessing seat knows before naming the Guessword of row ``row_index``."""

    sheet: Sheet
    history: tuple[tuple[str, int], ...]  # (Guessword, score heard), a row each so far
    lang: str = "en"
    vocabulary: str = DEFAULT_VOCABULARY  # the lexicon tier its Guesswords come from
    prior: str = "familiar"  # how the opponent is assumed to pick the Gameword

    @property
    def row_index(self) -> int:
        return len(self.history)

    @property
    def length(self) -> int:
        """Letters in this row's Guessword."""
        return self.sheet.rows[self.row_index].length

    @property
    def last_row(self) -> bool:
        """On the last row the Guessword is a guess at the whole Gameword."""
        return self.sheet.is_last(self.row_index)

    def to_json(self) -> dict[str, object]:
        return {
            "sheet": str(self.sheet),
            "row": self.row_index + 1,
            "length": self.length,
            "last_row": self.last_row,
            "history": [[guess, score] for guess, score in self.history],
            "lang": self.lang,
            "vocabulary": self.vocabulary,
            "prior": self.prior,
        }


class Strategy(Protocol):
    """A What's My Word? strategy: the next Guessword from what its seat knows."""

    def guess(self, view: GuesserView) -> str: ...


@dataclass(frozen=True)
class BuiltinStrategy:
    """One of ``strategies.STRATEGIES``, with the opening book on the first rows."""

    name: str

    def guess(self, view: GuesserView) -> str:
        from solver.deduce import candidates as cand
        from solver.deduce.opening import remembered_choose

        turns = [cand.Turn(guess, score) for guess, score in view.history]
        deduction = cand.deduce(turns, view.sheet, None, view.prior, view.lang)
        return remembered_choose(
            deduction,
            view.sheet,
            view.row_index,
            self.name,
            view.lang,
            1,
            None,
            view.vocabulary,
            prior=view.prior,
        )[0].guess


@dataclass(frozen=True)
class FunctionStrategy:
    """A plain function ``guess(view) -> str``, as a strategy."""

    function: object

    def guess(self, view: GuesserView) -> str:
        return self.function(view)


LOOKAHEAD, POINTS, ENTROPY = (BuiltinStrategy(name) for name in STRATEGIES)

KIND = plugins.Kind(
    game="deduce",
    noun="strategy",
    plural="strategies",
    group="myword.deduce.strategies",
    method="guess",
    builtins=tuple((name, f"solver.deduce.players:{name.upper()}") for name in STRATEGIES),
    wrap=FunctionStrategy,
)


def strategy(name: str) -> Strategy:
    """The strategy a name stands for (``plugins``): a built-in, an entry point,
    ``module:attr`` or ``file.py:attr``."""
    return plugins.load(KIND, name)  # type: ignore[return-value]


def candidates(view: GuesserView) -> list[str]:
    """The Gamewords that fit every score the view has heard, likeliest first (by the
    view's prior): what a strategy of one's own usually starts from."""
    from solver.deduce import candidates as cand

    turns = [cand.Turn(guess, score) for guess, score in view.history]
    return list(cand.deduce(turns, view.sheet, None, view.prior, view.lang).words)


def legal_guess(view: GuesserView, word: object) -> str | None:
    """Why ``word`` cannot be this row's Guessword (None when it can): a dictionary word of
    the row's length."""
    if not isinstance(word, str):
        return f"{word!r} is not a word"
    normalized = lexicon.language(view.lang).normalize(word)
    if len(normalized) != view.length:
        return f"{word!r} is not a {view.length}-letter word"
    if not lexicon.is_word(normalized, view.lang):
        return f"{word!r} is not in the dictionary"
    return None
