"""The person's opponent in ``deduce play`` when it is a player of one's own: a seat.

Why: the game against a person (``session.Game``) has its own loop (a person answers at
their own pace, saves after every move, resumes), so it cannot hand the game to
``solver.arena.loop``; but the opponent it seats is any player the arena can name, asked
exactly as the loop asks it: a built-in strategy, a plugin (``module:attr``,
``file.py:attr``, an entry point) or ``engine:COMMAND ARGS`` (``seats.named``). The seat is
told the game's start (``Hello``: the two-seat variant, its seat), is handed only its
View for each decision (``players.PickerView`` to hide its Gameword at a round's start,
``players.GuesserView`` with the scores it heard, never the person's word) and is told the
scores at the end. A seat that gives no move or one the rules refuse forfeits, as in the
loop (``Failed``: the person wins).

Without ``--opponent`` the bot of the chosen difficulty plays (``bots``), as it always did.
"""

from __future__ import annotations

from typing import Any

from solver.arena.protocol import Hello, IllegalMove, SeatFailed, decision_seed
from solver.arena.seats import named
from solver.deduce.arena import RULES
from solver.deduce.bots import level
from solver.deduce.players import GuesserView, PickerView, legal_guess
from solver.deduce.rules import Sheet
from solver.deduce.state import DeduceState, Guess, Pick
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

PRIOR = "familiar"  # what the bot assumes of the person's word, as the built-in bot does


class Failed(Exception):
    """The opponent gave no move (an engine that crashed, answered late or spoke garbage)
    or a move the rules refuse: it forfeits; the message says why, naming it."""


def seat(opponent: str, engine_time: float, you: int, lengths: tuple[int, ...], settings: Any):
    """The opponent's seat, started for this game (the handshake: ``Hello`` with the
    two-seat variant of the game's rounds). An unknown name is a one-line ``UserError``;
    an engine that cannot start fails at its first decision, as in the loop."""
    player = named(RULES, opponent, engine_time, slot=1 - you)
    duel = DeduceState.duel(
        lengths, settings.lang, level(settings.difficulty).vocabulary, PRIOR, settings.difficulty
    )
    player.start(Hello(duel.game, duel.variant(), 1 - you, duel.seats))
    return player


def _move(player: Any, view: Any, seed: int) -> Any:
    """The seat's move. A strategy of one's own that raises says so in one line naming it
    (``arena.decide``: a ``UserError``), which here forfeits like any other failure: the
    game once stopped there, and every resume stopped again, so it could never end."""
    try:
        return player.decide(view, seed)
    except (SeatFailed, IllegalMove) as failure:
        raise Failed(f"{player.name}: {failure}") from None
    except UserError as failure:  # the message names the strategy already
        raise Failed(str(failure)) from None


def pick(player: Any, number: int, length: int, settings: Any, bot_seed: int) -> str:
    """The opponent's hidden Gameword for round ``number`` (a dictionary word of the
    round's length), asked with the decision seed drawn from the round's ``bot_seed``."""
    view = PickerView(number, length, settings.lang, settings.difficulty)
    move = _move(player, view, decision_seed(bot_seed, "pick"))
    word = move.word if isinstance(move, Pick) else None
    if not isinstance(word, str):
        raise Failed(f"{player.name}: the round starts with a Gameword picked (a pick move)")
    normalized = lexicon.language(settings.lang).normalize(word)
    if len(normalized) != length or not lexicon.is_word(normalized, settings.lang):
        raise Failed(f"{player.name}: {word!r} is not a {length}-letter dictionary word")
    return normalized


def guess(
    player: Any, sheet: Sheet, heard: list[tuple[str, int]], settings: Any, bot_seed: int
) -> str:
    """The opponent's Guessword for its next row, from its View: the sheet and the scores
    it heard (as the person gave them), never the person's word."""
    vocabulary = level(settings.difficulty).vocabulary
    view = GuesserView(sheet, tuple(heard), settings.lang, vocabulary, PRIOR)
    move = _move(player, view, decision_seed(bot_seed, len(heard)))
    word = move.word if isinstance(move, Guess) else None
    if not isinstance(word, str):
        raise Failed(f"{player.name}: the Gameword is picked: name a Guessword (a guess move)")
    if problem := legal_guess(view, word):
        raise Failed(f"{player.name}: on row {view.row_index + 1}: {problem}")
    return lexicon.language(settings.lang).normalize(word)
