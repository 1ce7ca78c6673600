"""Bot against bot: whole two-round games between two strategies, in the arena.

Each game is a two-seat ``state.DeduceState`` played by the generic loop
(``solver.arena.loop.play``): Purple (seat 0) and Red (seat 1) each hide a word for each
round (6 letters, then 7), by default as the bots do at the chosen difficulty
(``arena.BUILTIN_PICKER``, from the decision's seed), then guess in turn, the referee
scoring each Guessword against the other's word; the grand totals decide the winner, a tie
shares the win, a forfeit loses. Either side may be a built-in, a plugin or an engine
(``engine:COMMAND ARGS``). Game g of a tournament plays with a seed derived from the
tournament's seed and g, so it comes out the same wherever it is played
(``solver.arena.tournament``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from solver.arena import loop
from solver.arena.protocol import DEFAULT_TIME_LIMIT, decision_seed
from solver.arena.seats import named
from solver.arena.tournament import Result, Tournament, TournamentRecord
from solver.deduce.arena import RULES
from solver.deduce.picks import check_difficulty
from solver.deduce.players import PickerView
from solver.deduce.state import DeduceState, RoundOver
from solver.runtime.errors import UserError

SCORE = "points"
BREAKDOWN = "round"
SIDES = ("purple", "red")


class MatchRound(TypedDict):
    length: int
    purple_word: str | None  # None: a side forfeited before picking it
    red_word: str | None
    purple: int
    red: int


class SideForfeit(TypedDict):
    side: str
    reason: str


class MatchGame(TypedDict):
    """One whole game (``play_game``): each round's words and scores, the totals, the
    winners, each side's moves and seconds, and the forfeit if one side forfeited."""

    rounds: list[MatchRound]
    purple: int
    red: int
    winners: list[str]
    moves: list[int]
    seconds: list[float]
    forfeit: NotRequired[SideForfeit]


class DemoMatch(TypedDict):
    """A ``MatchGame`` as the demo shows it: without the seconds, so that it is the same for
    the same seed."""

    rounds: list[MatchRound]
    purple: int
    red: int
    winners: list[str]
    moves: list[int]
    forfeit: NotRequired[SideForfeit]


class MatchTotals(TypedDict, total=False):
    outright_wins: int
    ties: int


class MatchReport(TypedDict):
    outright_wins: int
    ties: int


@dataclass(frozen=True)
class WordsPicker:
    """Hides a word drawn from ``words(length)`` (the demo's: words no bot hides)."""

    words: Callable[[int], Sequence[str]]

    def pick(self, view: PickerView, rng: random.Random) -> str:
        return rng.choice(self.words(view.length))


def game_seed(seed: int, g: int) -> int:
    """The seed of game g of a match tournament (its decisions' seeds derive from it)."""
    return decision_seed(seed, "match", g)


def play_game(
    purple: str,
    red: str,
    seed: int,
    difficulty: str = "medium",
    lang: str = "en",
    words: Callable[[int], Sequence[str]] | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> MatchGame:
    """One whole game: the words hidden, each round's scores and the grand totals (and
    the forfeit, if one side forfeited). Both sides hide words the difficulty picks, or,
    given ``words``, words drawn from ``words(length)``."""
    picker = WordsPicker(words) if words is not None else None
    seats = [
        RULES.seat(name, picker) if picker else named(RULES, name, time_limit, slot=side)
        for side, name in enumerate((purple, red))
    ]
    state = DeduceState.duel((6, 7), lang, difficulty=difficulty)
    outcome = loop.play(state, seats, seed)
    ends = [event for event in outcome.events if isinstance(event, RoundOver)]
    rounds: list[MatchRound] = []
    for number, sheet in enumerate(state.sheets):
        scores = ends[number].scores if number < len(ends) else state.round_scores(number)
        purple_word, red_word = state.hidden[number]
        rounds.append(
            {
                "length": sheet.word_length,
                "purple_word": purple_word,
                "red_word": red_word,
                "purple": scores[0],
                "red": scores[1],
            }
        )
    purple_total, red_total = outcome.scores
    game: MatchGame = {
        "rounds": rounds,
        "purple": purple_total,
        "red": red_total,
        "winners": [SIDES[seat] for seat in state.winners()],
        "moves": list(outcome.moves),
        "seconds": list(outcome.seconds),
    }
    if outcome.forfeits:
        game["forfeit"] = {
            "side": SIDES[outcome.forfeits[0].seat],
            "reason": outcome.forfeits[0].reason,
        }
    return game


def check(spec: Tournament) -> None:
    if len(spec.entries) != 2:
        raise UserError("a match is two strategies: Purple and Red")
    for slot, strategy in enumerate(spec.entries):
        named(RULES, strategy, slot=slot)  # a built-in, a plugin or an engine: else one error
    check_difficulty(spec.option("difficulty", "medium"))


def play(spec: Tournament, g: int) -> TournamentRecord:
    purple, red = spec.entries  # two: ``check``
    game = play_game(
        purple,
        red,
        game_seed(spec.seed, g),
        spec.option("difficulty", "medium"),
        spec.option("lang", "en"),
        time_limit=spec.option("engine_time", DEFAULT_TIME_LIMIT),
    )
    shares = len(game["winners"])
    results: list[Result] = []
    for entry, side in enumerate(SIDES):
        is_purple = side == "purple"
        extra = {
            "words": [r["purple_word"] if is_purple else r["red_word"] for r in game["rounds"]]
        }
        forfeit = game.get("forfeit")
        results.append(
            {
                "forfeit": forfeit["reason"] if forfeit and forfeit["side"] == side else None,
                "entry": entry,
                "player": spec.entries[entry],
                "seat": side,
                "score": game["purple"] if is_purple else game["red"],
                "win": 1 / shares if side in game["winners"] else 0.0,
                "moves": game["moves"][entry],
                "seconds": game["seconds"][entry],
                "breakdown": [r["purple"] if is_purple else r["red"] for r in game["rounds"]],
                "extra": extra,
            }
        )
    return {"game": g, "seed": spec.seed + g, "results": results}


def tally(totals: MatchTotals, result: Result) -> None:
    totals["outright_wins"] = totals.get("outright_wins", 0) + (result["win"] == 1.0)
    totals["ties"] = totals.get("ties", 0) + (result["win"] == 0.5)


def report(totals: MatchTotals, games: int) -> MatchReport:
    return {"outright_wins": totals["outright_wins"], "ties": totals["ties"]}
