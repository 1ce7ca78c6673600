"""A game of What's My Word? as the arena plays it: the whole truth, typed moves and events.

Why: one loop (``solver.arena.loop``), one bench and the engine protocol play any game
through its ``State`` (``solver.arena.protocol``). This is deduce's, the referee's: it
knows every Gameword, scores each Guessword against the other side's and tells each seat
only its ``View`` (``players.PickerView`` while it hides its word, ``players.GuesserView``
while it guesses).

Two seats, 0 (Purple) and 1 (Red), play the rounds of the variant (by default the
rulebook's two: 6 letters with Purple first, then 7 with Red first). A round starts with
each seat picking its Gameword (``Pick``; seat 0, then seat 1: the picks are hidden, so
the order changes nothing); then the seats name Guesswords (``Guess``) in turn until both
sheets are full, every row played even after a word is found (rulebook, "The Play").
Each Guessword is scored at once (``Scored``); the round's end reveals the Gamewords
(``RoundOver``). The higher grand total wins.

One seat (``seats=1``) is the solo round of a bench or of ``deduce solve``: the seat
guesses against a Gameword the referee drew (or was given), and picks nothing.

A forfeit (an engine that crashed, answered late or made a move the rules refuse) ends
the game; the seat that forfeited loses it (``winners``), the rows played keep their
scores.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, cast

from solver.arena.protocol import Forfeited, ForfeitedDocument, IllegalMove, fields_json
from solver.deduce import players
from solver.deduce.players import GuesserView, PickerView
from solver.deduce.rules import Row, Sheet, default_sheet, score
from solver.deduce.strategies import DEFAULT_VOCABULARY
from solver.wordtools import lexicon

GAME = "deduce"
COLOURS = ("purple", "red")  # seat 0, seat 1


class PickDocument(TypedDict):
    """A ``Pick`` as JSON."""

    kind: Literal["pick"]
    word: str


class GuessDocument(TypedDict):
    """A ``Guess`` as JSON."""

    kind: Literal["guess"]
    word: str


class PickedDocument(TypedDict):
    """A ``Picked`` as JSON."""

    kind: Literal["picked"]
    seat: int
    round: int


class ScoredDocument(TypedDict):
    """A ``Scored`` as JSON."""

    kind: Literal["scored"]
    seat: int
    round: int
    row: int
    guess: str
    score: int


class RoundOverDocument(TypedDict):
    """A ``RoundOver`` as JSON."""

    kind: Literal["round_over"]
    round: int
    gamewords: list[str]
    scores: list[int]


EventDocument = PickedDocument | ScoredDocument | RoundOverDocument | ForfeitedDocument


class SheetDocument(TypedDict):
    """A sheet as the variant's JSON holds it: ``[length, offset]`` per row, in letters."""

    name: str
    rows: list[list[int]]


class DeduceVariant(TypedDict):
    """What a seat is told of a game at the handshake (``DeduceState.variant``)."""

    seats: int
    sheets: list[SheetDocument]
    lang: str
    vocabulary: str
    prior: str
    difficulty: str


class DeduceStateDocument(TypedDict):
    """The whole state (``DeduceState.to_json``), Gamewords included: for the referee and
    a save."""

    game: str
    variant: DeduceVariant
    hidden: list[list[str | None]]  # each round's Gamewords, by seat (null until picked)
    rows: list[list[list[list[str | int]]]]  # per round and seat, [Guessword, points] pairs
    forfeited: list[int | str] | None  # [seat, reason]


# --- moves ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """The seat's hidden Gameword for the round.

    Attributes:
        word: The Gameword, a dictionary word of the round's length (any case; Spanish
            accents folded).
        kind: ``pick``: the move's kind in JSON.
    """

    word: str
    kind: str = "pick"

    def to_json(self) -> PickDocument:
        """The move as JSON (``fields_json``).

        Returns:
            ``{"kind": "pick", "word": ...}``.
        """
        return cast(PickDocument, fields_json(self))


@dataclass(frozen=True)
class Guess:
    """The seat's Guessword for its next row.

    Attributes:
        word: The Guessword, a dictionary word of the row's length (any case; Spanish
            accents folded).
        kind: ``guess``: the move's kind in JSON.
    """

    word: str
    kind: str = "guess"

    def to_json(self) -> GuessDocument:
        """The move as JSON (``fields_json``).

        Returns:
            ``{"kind": "guess", "word": ...}``.
        """
        return cast(GuessDocument, fields_json(self))


Move = Pick | Guess


def move_from_json(document: Any) -> Move:
    """A move read back; anything else is an ``IllegalMove`` saying why.

    Args:
        document: ``{"kind": "pick", "word": ...}`` or ``{"kind": "guess", "word": ...}``,
            as the engine protocol carries it.

    Returns:
        The ``Pick`` or ``Guess`` (its word as sent: the state checks it).

    Raises:
        IllegalMove: Not a dict, another ``kind``, or a ``word`` that is not a string.
    """
    if not isinstance(document, dict):
        raise IllegalMove(f"a move is a JSON object, not {document!r}")
    kinds: dict[str, type[Pick] | type[Guess]] = {"pick": Pick, "guess": Guess}
    kind, word = document.get("kind"), document.get("word")
    if kind not in kinds:
        raise IllegalMove(f"a move's kind is pick or guess, not {kind!r}")
    if not isinstance(word, str):
        raise IllegalMove(f"a {kind} move names a word, not {word!r}")
    return kinds[kind](word)


# --- events -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Picked:
    """Seat ``seat`` hid its Gameword for round ``round`` (which, the round's end says).

    Attributes:
        seat: The seat that picked, from 0.
        round: The round, from 0.
        kind: ``picked``: the event's kind in JSON.
    """

    seat: int
    round: int
    kind: str = "picked"

    def to_json(self) -> PickedDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "picked", "seat": ..., "round": ...}``.
        """
        return cast(PickedDocument, fields_json(self))


@dataclass(frozen=True)
class Scored:
    """Seat ``seat``'s Guessword for row ``row`` (0-based) of round ``round`` scored
    ``score`` against the other side's Gameword (the bonus included).

    Attributes:
        seat: The seat that guessed, from 0.
        round: The round, from 0.
        row: The row of the seat's sheet, from 0.
        guess: The Guessword, normalized.
        score: Its points, the bonus included.
        kind: ``scored``: the event's kind in JSON.
    """

    seat: int
    round: int
    row: int
    guess: str
    score: int
    kind: str = "scored"

    def to_json(self) -> ScoredDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "scored", "seat": ..., "round": ..., "row": ..., "guess": ...,
                "score": ...}``.
        """
        return cast(ScoredDocument, fields_json(self))


@dataclass(frozen=True)
class RoundOver:
    """Round ``round`` is over: ``gamewords[s]`` is the word seat s guessed at (so in a
    two-seat game the other seat's), ``scores[s]`` what seat s scored in the round.

    Attributes:
        round: The round, from 0.
        gamewords: The Gameword each seat guessed at, in seat order.
        scores: Each seat's points in the round, in seat order.
        kind: ``round_over``: the event's kind in JSON.
    """

    round: int
    gamewords: tuple[str, ...]
    scores: tuple[int, ...]
    kind: str = "round_over"

    def to_json(self) -> RoundOverDocument:
        """The event as JSON (``fields_json``).

        Returns:
            ``{"kind": "round_over", "round": ..., "gamewords": [...], "scores": [...]}``.
        """
        return cast(RoundOverDocument, fields_json(self))


Event = Picked | Scored | RoundOver | Forfeited


# ``document``: parsed JSON (a save's, a log's), checked here as it is read.
def event_from_json(document: dict[str, Any]) -> Event:
    """An event ``to_json`` wrote, read back.

    Args:
        document: An event as its ``to_json`` wrote it (``Forfeited``'s too).

    Returns:
        The ``Picked``, ``Scored``, ``RoundOver`` or ``Forfeited``.

    Raises:
        ValueError: An unknown ``kind``, or a field that is not a number where one is
            needed.
        KeyError: A field is missing.
    """
    kind = document.get("kind")
    if kind == "picked":
        return Picked(int(document["seat"]), int(document["round"]))
    if kind == "scored":
        return Scored(
            int(document["seat"]),
            int(document["round"]),
            int(document["row"]),
            str(document["guess"]),
            int(document["score"]),
        )
    if kind == "round_over":
        return RoundOver(
            int(document["round"]),
            tuple(str(word) for word in document["gamewords"]),
            tuple(int(points) for points in document["scores"]),
        )
    if kind == "forfeited":
        return Forfeited(int(document["seat"]), str(document["reason"]))
    raise ValueError(f"no event of kind {kind!r}")


# --- the state --------------------------------------------------------------------------
def sheet_to_json(sheet: Sheet) -> SheetDocument:
    """A sheet as the variant's JSON holds it.

    Args:
        sheet: The sheet.

    Returns:
        ``{"name": ..., "rows": [[length, offset], ...]}``, lengths in letters.
    """
    return {"name": sheet.name, "rows": [[row.length, row.offset] for row in sheet.rows]}


# ``document``: parsed JSON, checked here as it is read.
def sheet_from_json(document: dict[str, Any]) -> Sheet:
    """A sheet ``sheet_to_json`` wrote, read back.

    Args:
        document: ``{"name": ..., "rows": [[length, offset], ...]}``.

    Returns:
        The sheet.

    Raises:
        KeyError: ``name`` or ``rows`` is missing.
        ValueError: A length or offset is not a number.
    """
    rows = tuple(Row(int(length), int(offset)) for length, offset in document["rows"])
    return Sheet(str(document["name"]), rows)


@dataclass
class DeduceState:
    """The whole truth of a game (see the module docstring). ``hidden[r][s]``: the word
    seat s hides in round r (None until picked; in a solo game ``hidden[r][0]`` is the
    word the referee drew, and seat 0 guesses at it). ``rows[r][s]``: seat s's
    (Guessword, score) pairs in round r.

    Attributes:
        sheets: Each round's sheet, in round order.
        hidden: Per round, the Gameword each seat hides (None until picked); one seat per
            entry, so its length is the number of seats.
        lang: The language's code (``en``, ``es``).
        vocabulary: The lexicon tier the seats' Guesswords come from.
        prior: How a seat assumes the Gameword was picked (``familiar`` or ``uniform``).
        difficulty: ``easy``, ``medium`` or ``hard``: the pool a built-in picker hides
            from.
        rows: Per round and seat, the (Guessword, points) pairs played so far.
        forfeited: The seat that forfeited and why, or None.
        game: ``deduce``: the game's name.
    """

    sheets: tuple[Sheet, ...]
    hidden: list[list[str | None]]
    lang: str = "en"
    vocabulary: str = DEFAULT_VOCABULARY
    prior: str = "familiar"
    difficulty: str = "medium"
    rows: list[list[list[tuple[str, int]]]] = field(default_factory=list)
    forfeited: tuple[int, str] | None = None
    game: str = GAME

    def __post_init__(self) -> None:
        if not self.rows:
            self.rows = [[[] for _ in range(self.seats)] for _ in self.sheets]

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def duel(
        cls,
        lengths: tuple[int, ...] = (6, 7),
        lang: str = "en",
        vocabulary: str = DEFAULT_VOCABULARY,
        prior: str = "familiar",
        difficulty: str = "medium",
    ) -> DeduceState:
        """A two-seat game of the default sheets of ``lengths``, nothing picked yet.

        Args:
            lengths: Each round's Gameword length, in letters, in round order.
            lang: The language's code.
            vocabulary: The lexicon tier the Guesswords come from.
            prior: How a seat assumes the Gameword was picked.
            difficulty: The pool a built-in picker hides from.

        Returns:
            The game, seat 0 (Purple) to pick first.

        Raises:
            SheetError: A length with no default sheet (there are 6 and 7).
        """
        sheets = tuple(default_sheet(length) for length in lengths)
        hidden: list[list[str | None]] = [[None, None] for _ in sheets]
        return cls(sheets, hidden, lang, vocabulary, prior, difficulty)

    @classmethod
    def solo(
        cls,
        gameword: str,
        sheet: Sheet,
        lang: str = "en",
        vocabulary: str = DEFAULT_VOCABULARY,
        prior: str = "familiar",
    ) -> DeduceState:
        """One seat guessing at ``gameword`` (a dictionary word of the sheet's length)
        over one sheet.

        Args:
            gameword: The word to find, normalized (not checked here).
            sheet: The one round's sheet.
            lang: The language's code.
            vocabulary: The lexicon tier the Guesswords come from.
            prior: How the seat assumes the Gameword was picked.

        Returns:
            The game, seat 0 to guess its first row.
        """
        return cls((sheet,), [[gameword]], lang, vocabulary, prior)

    # --- what the state says --------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats: 1 (a solo round) or 2."""
        return len(self.hidden[0])

    def variant(self) -> DeduceVariant:
        """The settings a seat is told at the handshake.

        Returns:
            ``seats``, ``sheets`` (as ``sheet_to_json`` writes them), ``lang``,
                ``vocabulary``, ``prior`` and ``difficulty``.
        """
        return {
            "seats": self.seats,
            "sheets": [sheet_to_json(sheet) for sheet in self.sheets],
            "lang": self.lang,
            "vocabulary": self.vocabulary,
            "prior": self.prior,
            "difficulty": self.difficulty,
        }

    def _round(self) -> int | None:
        """The round in play: the first whose sheets are not full."""
        for number, sheet in enumerate(self.sheets):
            if any(len(played) < len(sheet.rows) for played in self.rows[number]):
                return number
        return None

    def first(self, round_number: int) -> int:
        """The seat that guesses first in a round: Purple, then Red, alternately.

        Args:
            round_number: The round, from 0.

        Returns:
            The seat, from 0 (always 0 in a solo game).
        """
        return round_number % self.seats

    def target(self, round_number: int, seat: int) -> str | None:
        """The Gameword ``seat`` guesses at in a round: the other seat's.

        Args:
            round_number: The round, from 0.
            seat: The guessing seat, from 0.

        Returns:
            The other seat's Gameword (in a solo game, the referee's); None until it is
                picked.
        """
        return self.hidden[round_number][(seat + 1) % self.seats]

    @property
    def over(self) -> bool:
        """Whether the game is over: every sheet is full, or a seat forfeited."""
        return self.forfeited is not None or self._round() is None

    def to_move(self) -> int | None:
        """The seat whose decision is next: a seat still to pick its Gameword (seat 0
        first), else the seat with fewer rows played (on a tie, the round's ``first``).

        Returns:
            The seat, from 0; None when the game is over.
        """
        if self.forfeited is not None or (number := self._round()) is None:
            return None
        for seat, word in enumerate(self.hidden[number]):
            if word is None:
                return seat
        first = self.first(number)
        second = (first + 1) % self.seats
        rows = self.rows[number]
        return first if len(rows[first]) <= len(rows[second]) else second

    def view(self, seat: int) -> GuesserView | PickerView:
        """What ``seat`` may see now: never a Gameword.

        Args:
            seat: The seat, from 0.

        Returns:
            A ``PickerView`` while the seat has its Gameword to pick, else a
                ``GuesserView`` of its rows in the round in play (the last round once the
                game is over).

        Raises:
            IndexError: No such seat.
        """
        number = self._round()
        if number is None:
            number = len(self.sheets) - 1
        sheet = self.sheets[number]
        if self.hidden[number][seat] is None:
            return PickerView(number, sheet.word_length, self.lang, self.difficulty)
        history = tuple(self.rows[number][seat][: len(sheet.rows)])
        return GuesserView(sheet, history, self.lang, self.vocabulary, self.prior)

    def legal_moves(self, seat: int) -> None:
        """None: a move may be any dictionary word of the row's (or the Gameword's)
        length, too many to list.

        Args:
            seat: The seat, from 0 (unused).
        """
        return None  # any dictionary word of the row's (or the Gameword's) length

    def scores(self) -> tuple[int, ...]:
        """Each seat's grand total so far (a forfeit takes nothing away).

        Returns:
            Points per seat, every round's rows summed, in seat order.
        """
        return tuple(
            sum(points for rounds in self.rows for _, points in rounds[seat])
            for seat in range(self.seats)
        )

    def round_scores(self, round_number: int) -> tuple[int, ...]:
        """Each seat's points in one round.

        Args:
            round_number: The round, from 0.

        Returns:
            Points per seat, in seat order (0 for a seat with no rows played yet).

        Raises:
            IndexError: No such round.
        """
        return tuple(sum(points for _, points in played) for played in self.rows[round_number])

    def winners(self) -> tuple[int, ...]:
        """The seats with the best grand total (a tie shares it); a forfeit loses.

        Returns:
            The winning seats, in seat order: in a two-seat game that a seat forfeited,
                the other seat, whatever the totals.
        """
        totals = self.scores()
        if self.forfeited is not None and self.seats > 1:
            return tuple(seat for seat in range(self.seats) if seat != self.forfeited[0])
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    # --- moves ----------------------------------------------------------------------------
    def apply(self, seat: int, move: Any) -> list[Event]:
        """Play ``move`` for ``seat``: a pick while its Gameword is to be hidden, else a
        guess, scored at once against the other side's Gameword.

        Args:
            seat: The seat that moves (``to_move()``), from 0.
            move: A ``Pick`` or a ``Guess``.

        Returns:
            ``[Picked]`` for a pick; ``[Scored]`` for a guess, then ``RoundOver`` when it
                filled the round's last row.

        Raises:
            IllegalMove: Not the seat's turn (or the game is over), the wrong kind of move,
                or a word the rules refuse (not a string, letters outside the language,
                the wrong length, not in the dictionary); the state is then unchanged.
        """
        if seat != self.to_move():
            raise IllegalMove(f"it is not seat {seat}'s turn")
        number = self._round()
        assert number is not None
        picking = self.hidden[number][seat] is None
        if picking:
            if not isinstance(move, Pick):
                raise IllegalMove("the round starts with a Gameword picked (a pick move)")
            self.hidden[number][seat] = self._legal_pick(number, move.word)
            return [Picked(seat, number)]
        if not isinstance(move, Guess):
            raise IllegalMove("the Gameword is picked: name a Guessword (a guess move)")
        view = self.view(seat)
        assert isinstance(view, GuesserView)
        problem = players.legal_guess(view, move.word)
        if problem:
            raise IllegalMove(f"on row {view.row_index + 1}: {problem}")
        word = lexicon.language(self.lang).normalize(move.word)
        sheet, index = self.sheets[number], view.row_index
        target = self.target(number, seat)
        assert target is not None
        points = score(target, word, sheet.rows[index].offset, sheet.is_last(index))
        self.rows[number][seat].append((word, points))
        events: list[Event] = [Scored(seat, number, index, word, points)]
        if self._round() != number:
            gamewords = tuple(self.target(number, s) or "" for s in range(self.seats))
            events.append(RoundOver(number, gamewords, self.round_scores(number)))
        return events

    def _legal_pick(self, number: int, text: str) -> str:
        length = self.sheets[number].word_length
        if not isinstance(text, str):
            raise IllegalMove(f"{text!r} is not a word")
        spec = lexicon.language(self.lang)
        word = spec.normalize(text)
        if shown := spec.shown_foreign(word):
            raise IllegalMove(
                f"{text!r} holds characters that are not {spec.name} letters: {shown}"
            )
        if len(word) != length:
            raise IllegalMove(f"{text!r} is not a {length}-letter word")
        if not lexicon.is_word(word, self.lang):
            raise IllegalMove(f"{text!r} is not in the dictionary")
        return word

    def forfeit(self, seat: int, reason: str) -> list[Event]:
        """End the game: ``seat`` loses it; the rows played keep their scores.

        Args:
            seat: The seat that forfeits, from 0.
            reason: Why, in one line.

        Returns:
            ``[Forfeited(seat, reason)]``.
        """
        self.forfeited = (seat, reason)
        return [Forfeited(seat, reason)]

    def clone(self) -> DeduceState:
        """A deep copy, to play on without changing this one.

        Returns:
            The copy.
        """
        return copy.deepcopy(self)

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> DeduceStateDocument:
        """The whole state, Gamewords included (for the referee and a save; never for a
        seat).

        Returns:
            ``game``, ``variant``, ``hidden``, ``rows`` (per round and seat,
                ``[Guessword, points]`` pairs) and ``forfeited`` (``[seat, reason]`` or
                None).
        """
        return {
            "game": self.game,
            "variant": self.variant(),
            "hidden": [list(words) for words in self.hidden],
            "rows": [
                [[[guess, points] for guess, points in played] for played in rounds]
                for rounds in self.rows
            ],
            "forfeited": list(self.forfeited) if self.forfeited else None,
        }

    # ``document``: parsed JSON (a save's), read back as ``to_json`` wrote it.
    @classmethod
    def from_json(cls, document: dict[str, Any]) -> DeduceState:
        """The state ``to_json`` wrote, read back (not checked against the rules).

        Args:
            document: A state as ``to_json`` wrote it.

        Returns:
            The state.

        Raises:
            ValueError: Not a deduce state (its ``game``), or a number that is not one.
            KeyError: A field is missing.
        """
        if document.get("game") != GAME:
            raise ValueError(f"not a {GAME} game: {document.get('game')!r}")
        variant = document["variant"]
        forfeited = document.get("forfeited")
        return cls(
            tuple(sheet_from_json(sheet) for sheet in variant["sheets"]),
            [list(words) for words in document["hidden"]],
            str(variant["lang"]),
            str(variant["vocabulary"]),
            str(variant["prior"]),
            str(variant["difficulty"]),
            [
                [[(str(guess), int(points)) for guess, points in played] for played in rounds]
                for rounds in document["rows"]
            ],
            (int(forfeited[0]), str(forfeited[1])) if forfeited else None,
        )
