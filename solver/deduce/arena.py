"""What's My Word? for the arena: its ``Rules`` (``RULES``), its seats, a game from a seed.

Why: the generic loop (``solver.arena.loop``), the tournaments and the engine protocol
know a game only through this module: how its views, moves and events read from JSON,
and how a player's name becomes a seat. A seat here is a strategy (``guess``) with a
picker beside it (``picker_of``): a built-in, an entry point, ``module:attr`` or
``file.py:attr``; ``engine:COMMAND ARGS`` is the arena's (``seats.named``).

A strategy of one's own that raises is a bug in its code, not a move: the seat says so in
one line naming it (``UserError``), as ``deduce solve`` does, instead of forfeiting
quietly; a move the rules refuse forfeits, as an engine's does (the loop's rule).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from solver.arena.seats import InProcess, stop_if_interrupted
from solver.deduce import players
from solver.deduce.picks import candidates_for, pick
from solver.deduce.rules import default_sheet
from solver.deduce.state import DeduceState, Guess, Pick, event_from_json, move_from_json
from solver.deduce.strategies import DEFAULT_VOCABULARY
from solver.runtime import seeds
from solver.runtime.errors import UserError, raised
from solver.wordtools import lexicon


@dataclass(frozen=True)
class BuiltinPicker:
    """The bots' pick: a word of the view's difficulty (``picks.pick``), from the rng."""

    def pick(self, view: players.PickerView, rng: random.Random) -> str:
        return pick(view.length, view.difficulty, rng.randrange(2**32), view.lang)


BUILTIN_PICKER = BuiltinPicker()


def picker_of(player: object) -> players.Picker:
    """A player's own picker when it has a ``pick`` method, else the bots'."""
    return player if callable(getattr(player, "pick", None)) else BUILTIN_PICKER  # type: ignore[return-value]


def decide(
    player: object, name: str, view: Any, seed: int, picker: players.Picker | None = None
) -> Pick | Guess:
    """A player's move for a view: its picker's word (``picker``, else its own or the
    bots': ``picker_of``), drawn with a generator seeded by the decision's seed,
    or its strategy's Guessword."""
    try:
        if isinstance(view, players.PickerView):
            chosen = picker or picker_of(player)
            return Pick(chosen.pick(view, random.Random(seed)))
        return Guess(player.guess(view))  # type: ignore[attr-defined]
    except Exception as error:  # a player's own bug: one line naming it, no traceback
        stop_if_interrupted(error)
        where = (
            f"round {view.round + 1}"
            if isinstance(view, players.PickerView)
            else (f"row {view.row_index + 1}")
        )
        raise UserError(f"strategy {name!r} on {where} {raised(error)}") from error


@dataclass(frozen=True)
class DeduceRules:
    """``solver.arena.protocol.Rules`` for What's My Word?."""

    name: str = "deduce"

    def view_from_json(self, document: dict[str, Any]) -> Any:
        return players.view_from_json(document)

    def move_from_json(self, document: dict[str, Any]) -> Pick | Guess:
        return move_from_json(document)

    def event_from_json(self, document: dict[str, Any]) -> Any:
        return event_from_json(document)

    def seat(self, name: str, picker: players.Picker | None = None) -> InProcess:
        """A built-in or a plugin, loaded now (an unknown name is one line listing the
        choices), as a seat in this process; ``picker`` hides its words instead of its
        own or the bots' (the demo's: words no bot hides)."""
        player = players.strategy(name)
        return InProcess(name, lambda view, seed: decide(player, name, view, seed, picker))


RULES = DeduceRules()


def new_state(
    seed: int,
    seats: int = 2,
    lengths: tuple[int, ...] = (6, 7),
    lang: str = "en",
    vocabulary: str = DEFAULT_VOCABULARY,
    prior: str = "familiar",
    difficulty: str = "medium",
    gamewords: str = "familiar",
) -> DeduceState:
    """A game from a seed. Two seats: the rounds of ``lengths``, nothing picked (the
    seats pick). One seat: one round of ``lengths[0]`` letters against a Gameword drawn
    with the seed from ``gamewords`` (the familiar pool, or what the bot hides at a
    difficulty)."""
    if seats == 2:
        return DeduceState.duel(tuple(lengths), lang, vocabulary, prior, difficulty)
    if seats != 1:
        raise UserError("What's My Word? is played by one seat (solo) or two")
    length = lengths[0]
    pool = (
        lexicon.words(length, "familiar", lang)
        if gamewords == "familiar"
        else candidates_for(length, gamewords, lang)
    )
    word = seeds.derived(seed, "gameword").choice(pool)
    return DeduceState.solo(word, default_sheet(length), lang, vocabulary, prior)
