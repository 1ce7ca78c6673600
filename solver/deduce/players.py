"""What's My Word? strategies: what a seat sees, and the methods a player has.

A strategy is anything with ``guess(view) -> str``: the Guessword for the row the view
is at. The view holds what the guessing player may know (the sheet, the Guesswords named
and the scores heard, the language and vocabulary it guesses from), never the Gameword,
which only the game loop holds. The built-ins (``strategies.STRATEGIES``) are strategies
too; one of one's own is named as ``plugins`` says (``--strategy mine.py:guess``).

Beside it, a picker hides the seat's Gameword at the start of a round of a two-seat game:
``pick(view, rng) -> str`` from a ``PickerView`` (the length, the language, the
difficulty agreed on) and a generator seeded for that decision. A strategy that has a
``pick`` method picks its own words; any other picks as the built-in bots do
(``arena.BUILTIN_PICKER``: ``picks.pick`` at the game's difficulty). The rulebook's picker
takes no advice from the guesses, so ``pick`` takes an rng where ``guess`` takes none.

Example, a strategy that names the most familiar candidate left:

```python
from solver.deduce.players import candidates

def guess(view):
    return candidates(view)[0]
```
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Literal, Protocol, TypedDict

from solver.arena import plugins
from solver.deduce.candidates import PRIORS
from solver.deduce.rules import (
    DIFFICULTIES,
    MAX_SHEET_ROWS,
    MAX_WORD_LETTERS,
    Row,
    Sheet,
    checked_sheet,
    possible_scores,
)
from solver.deduce.strategies import DEFAULT_VOCABULARY, STRATEGIES
from solver.runtime import fields
from solver.wordtools import lexicon


class GuesserViewDocument(TypedDict):
    """A ``GuesserView`` as the engine protocol sends it (``row`` counted from 1)."""

    kind: Literal["guess"]
    sheet: str  # the sheet in its own notation
    sheet_name: str
    rows: list[list[int]]  # [length, offset] pairs
    row: int
    length: int
    offset: int
    last_row: bool
    history: list[list[str | int]]  # [Guessword, score] pairs
    lang: str
    vocabulary: str
    prior: str


class PickerViewDocument(TypedDict):
    """A ``PickerView`` as the engine protocol sends it."""

    kind: Literal["pick"]
    round: int
    length: int
    lang: str
    difficulty: str


@dataclass(frozen=True)
class GuesserView:
    """What the guessing seat knows before naming the Guessword of row ``row_index``.

    Attributes:
        sheet: The rows of the round: each row's length (letters) and offset.
        history: One ``(Guessword, score heard)`` pair per row played so far, scores in
            points.
        lang: The language's code (``en``, ``es``).
        vocabulary: The lexicon tier the Guesswords come from.
        prior: How the opponent is assumed to pick the Gameword (``familiar`` or
            ``uniform``).
    """

    sheet: Sheet
    history: tuple[tuple[str, int], ...]  # (Guessword, score heard), a row each so far
    lang: str = "en"
    vocabulary: str = DEFAULT_VOCABULARY  # the lexicon tier its Guesswords come from
    prior: str = "familiar"  # how the opponent is assumed to pick the Gameword

    @property
    def row_index(self) -> int:
        """The row to fill, from 0: the number of rows played."""
        return len(self.history)

    @property
    def length(self) -> int:
        """Letters in this row's Guessword."""
        return self.sheet.rows[self.row_index].length

    @property
    def last_row(self) -> bool:
        """On the last row the Guessword is a guess at the whole Gameword."""
        return self.sheet.is_last(self.row_index)

    # what the seat is asked for (the engine protocol's views say it)
    kind: ClassVar[Literal["guess"]] = "guess"

    def to_json(self) -> GuesserViewDocument:
        """The view as an engine in another language reads it: the sheet's rows as
        ``[length, offset]`` pairs (and in the sheet's own notation), the row to fill, its
        length, and the Guesswords named with the scores heard.

        Returns:
            ``kind``, ``sheet``, ``sheet_name``, ``rows``, ``row`` (counted from 1),
                ``length``, ``offset``, ``last_row``, ``history`` (``[Guessword, score]``
                pairs), ``lang``, ``vocabulary`` and ``prior``.
        """
        return {
            "kind": self.kind,
            "sheet": str(self.sheet),
            "sheet_name": self.sheet.name,
            "rows": [[row.length, row.offset] for row in self.sheet.rows],
            "row": self.row_index + 1,
            "length": self.length,
            "offset": self.sheet.rows[self.row_index].offset,
            "last_row": self.last_row,
            "history": [[guess, score] for guess, score in self.history],
            "lang": self.lang,
            "vocabulary": self.vocabulary,
            "prior": self.prior,
        }

    # ``document``: parsed JSON (the referee's line), checked here as it is read.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> GuesserView:
        """The view ``to_json`` wrote (the derived fields, row and length, are not read).

        Args:
            document: A view as ``to_json`` wrote it (``lang``, ``vocabulary``, ``prior``
                and ``sheet_name`` may be missing: their defaults).

        Returns:
            The ``GuesserView``.

        Raises:
            KeyError: ``rows`` or ``history`` is missing.
            ValueError: A field is not what it must be (``runtime.fields``): the rows a
                sheet's (``rules.checked_sheet``), a score one the row can score, the
                language, vocabulary and prior known ones.
        """
        given = fields.items(document["rows"], "rows", MAX_SHEET_ROWS)
        rows = tuple(
            Row(
                *(
                    fields.whole(n, f"rows[{i}]", 0, MAX_WORD_LETTERS)
                    for n in fields.pair(r, f"rows[{i}]")
                )
            )
            for i, r in enumerate(given)
        )
        default = f"{rows[-1].length}-letter" if rows else "the view's"
        name = fields.text(document.get("sheet_name", default), "sheet_name")
        sheet = checked_sheet(rows, name)  # a SheetError (a ValueError) names the row
        played = fields.items(document["history"], "history", len(rows) - 1)
        history = []
        for index, entry in enumerate(played):
            guess, score = fields.pair(entry, f"history[{index}]")
            heard = fields.whole(score, f"history[{index}]'s score", 0)
            row, last = sheet.rows[index], sheet.is_last(index)
            if heard not in possible_scores(row, sheet.word_length, last):
                raise ValueError(f"history[{index}]'s score {heard} is impossible on row {row}")
            history.append((fields.text(guess, f"history[{index}]'s Guessword"), heard))
        return cls(
            sheet,
            tuple(history),
            fields.text(document.get("lang", "en"), "lang", lexicon.LANGUAGES),
            fields.text(
                document.get("vocabulary", DEFAULT_VOCABULARY), "vocabulary", lexicon.TIERS
            ),
            fields.text(document.get("prior", "familiar"), "prior", PRIORS),
        )


@dataclass(frozen=True)
class PickerView:
    """What a seat knows when it hides its Gameword: the round (0-based), the word's
    length, the language, and the difficulty the game agreed its words come from (what
    the built-in bots hide at that difficulty).

    Attributes:
        round: The round, from 0.
        length: Letters in the Gameword to hide.
        lang: The language's code.
        difficulty: ``easy``, ``medium`` or ``hard``: the pool the built-in bots hide
            from.
    """

    round: int
    length: int
    lang: str = "en"
    difficulty: str = "medium"

    kind: ClassVar[Literal["pick"]] = "pick"

    def to_json(self) -> PickerViewDocument:
        """The view as the engine protocol sends it.

        Returns:
            ``{"kind": "pick", "round": ..., "length": ..., "lang": ..., "difficulty": ...}``.
        """
        return {
            "kind": self.kind,
            "round": self.round,
            "length": self.length,
            "lang": self.lang,
            "difficulty": self.difficulty,
        }

    # ``document``: parsed JSON, as in ``GuesserView.from_json``.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> PickerView:
        """The view ``to_json`` wrote.

        Args:
            document: A view as ``to_json`` wrote it (``lang`` and ``difficulty`` may be
                missing: their defaults).

        Returns:
            The ``PickerView``.

        Raises:
            KeyError: ``round`` or ``length`` is missing.
            ValueError: ``round`` is not a whole number from 0, ``length`` one from 2 to
                ``MAX_WORD_LETTERS``, or the language or difficulty is unknown.
        """
        return cls(
            fields.whole(document["round"], "round (from 0)", 0, 1000),
            fields.whole(document["length"], "length", 2, MAX_WORD_LETTERS),
            fields.text(document.get("lang", "en"), "lang", lexicon.LANGUAGES),
            fields.text(document.get("difficulty", "medium"), "difficulty", DIFFICULTIES),
        )


# ``document``: parsed JSON (the referee's line), checked by the view's reader.
def view_from_json(document: dict[str, Any]) -> GuesserView | PickerView:
    """A seat's view read back, by its ``kind``.

    Args:
        document: A view as ``to_json`` wrote it; ``kind`` is ``guess`` (the default) or
            ``pick``.

    Returns:
        The ``GuesserView`` or ``PickerView``.

    Raises:
        ValueError: An unknown ``kind``.
    """
    kinds: dict[str, type[GuesserView] | type[PickerView]] = {
        "guess": GuesserView,
        "pick": PickerView,
    }
    kind = document.get("kind", "guess")
    if kind not in kinds:
        raise ValueError(f"no view of kind {kind!r} (choose from {', '.join(kinds)})")
    return kinds[kind].from_json(document)


class Strategy(Protocol):
    """A What's My Word? strategy: the next Guessword from what its seat knows.

    ``guess(view)`` returns the Guessword for ``view.row_index``: a dictionary word of
    ``view.length`` letters (on the last row, a guess at the whole Gameword). A word the
    rules refuse (``legal_guess`` says why), or an exception raised (a bug in the
    strategy), stops a bench, a match or a solve with a one-line ``UserError`` naming the
    strategy and the row; in a game against a person (``deduce play``) the strategy's
    seat forfeits the game instead.
    """

    def guess(self, view: GuesserView) -> str:
        """The Guessword for the view's row.

        Args:
            view: What the guessing seat knows.

        Returns:
            A dictionary word of ``view.length`` letters (any case).
        """
        ...


class Picker(Protocol):
    """Who hides a seat's Gameword.

    ``pick(view, rng)`` returns a word of ``view.length`` letters in ``view.lang``, drawn
    with ``rng`` (seeded for this decision, so the same game picks the same word).
    """

    def pick(self, view: PickerView, rng: random.Random) -> str:
        """The Gameword to hide.

        Args:
            view: The round, the word's length, the language and the difficulty.
            rng: The decision's seeded generator.

        Returns:
            A dictionary word of ``view.length`` letters in ``view.lang``.
        """
        ...


@lru_cache(maxsize=64)
def deduced(history: tuple[tuple[str, int], ...], sheet: Sheet, prior: str, lang: str) -> Any:
    """``candidates.deduce`` of a history over the default pool, remembered for the last
    few histories: the built-ins' fast path, since a round asks the same deduction twice
    (the referee's count of candidates after a row, the strategy's next guess).

    Args:
        history: The (Guessword, score heard) pairs so far, scores in points.
        sheet: The round's sheet.
        prior: How the Gameword is assumed to be picked (``familiar`` or ``uniform``).
        lang: The language's code.

    Returns:
        The ``candidates.Deduction``: the words that fit every score heard, most
            probable first, with their probabilities.
    """
    from solver.deduce import candidates as cand

    turns = [cand.Turn(guess, score) for guess, score in history]
    return cand.deduce(turns, sheet, None, prior, lang)


@dataclass(frozen=True)
class BuiltinStrategy:
    """One of ``strategies.STRATEGIES``, with the opening book on the first rows.

    Attributes:
        name: The strategy's name (``lookahead``, ``points``, ``entropy``).
    """

    name: str

    def guess(self, view: GuesserView) -> str:
        """The strategy's Guessword (the book's on the rows it holds).

        Args:
            view: What the guessing seat knows.

        Returns:
            A dictionary word of ``view.length`` letters, normalized.
        """
        from solver.deduce.opening import remembered_choose

        return remembered_choose(
            deduced(view.history, view.sheet, view.prior, view.lang),
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
    """A plain function ``guess(view) -> str``, as a strategy.

    Attributes:
        function: Called with the view; returns the Guessword.
    """

    function: Callable[[GuesserView], str]

    def guess(self, view: GuesserView) -> str:
        """What the function returns.

        Args:
            view: What the guessing seat knows.

        Returns:
            The function's Guessword (the rules check it).
        """
        return self.function(view)


LOOKAHEAD, POINTS, ENTROPY = (BuiltinStrategy(name) for name in STRATEGIES)

KIND: plugins.Kind[Strategy] = plugins.Kind(
    game="deduce",
    noun="strategy",
    plural="strategies",
    group="myword.deduce.strategies",
    method="guess",
    builtins=tuple((name, f"solver.deduce.players:{name.upper()}") for name in STRATEGIES),
    wrap=FunctionStrategy,
)


def strategy(name: str) -> Strategy:
    """The strategy a name stands for (``plugins.load``).

    Args:
        name: A built-in (``lookahead``, ``points``, ``entropy``), an entry point of
            ``myword.deduce.strategies``, ``module:attr`` or ``file.py:attr``.

    Returns:
        The strategy.

    Raises:
        UserError: The name loads no strategy (one line listing the choices).
    """
    return plugins.load(KIND, name)


def candidates(view: GuesserView) -> list[str]:
    """The Gamewords that fit every score the view has heard: what a strategy of one's
    own usually starts from.

    Args:
        view: The guessing seat's view.

    Returns:
        The candidates (normalized words), likeliest first by the view's prior; empty
            when no word of the pool fits.
    """
    return list(deduced(view.history, view.sheet, view.prior, view.lang).words)


def legal_guess(view: GuesserView, word: object) -> str | None:
    """Why ``word`` cannot be this row's Guessword: it must be a dictionary word of the
    row's length.

    Args:
        view: The guessing seat's view.
        word: What a strategy returned.

    Returns:
        None when the word is legal, else the reason in one line (not a string, letters
            outside the language, the wrong length, not in the dictionary).
    """
    if not isinstance(word, str):
        return f"{word!r} is not a word"
    spec = lexicon.language(view.lang)
    normalized = spec.normalize(word)
    if shown := spec.shown_foreign(normalized):
        return f"{word!r} holds characters that are not {spec.name} letters: {shown}"
    if len(normalized) != view.length:
        return f"{word!r} is not a {view.length}-letter word"
    if not lexicon.is_word(normalized, view.lang):
        return f"{word!r} is not in the dictionary"
    return None
