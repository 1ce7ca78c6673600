"""What's My Word? in the arena (``solver.arena.tournament``): strategies on the same words.

Game g draws one Gameword with a generator derived from the seed and g (from the familiar
pool, or from what the bot hides at a difficulty) and every entry (a strategy, a plugin or
an engine: ``engine:COMMAND ARGS``) plays a whole round against it alone: a one-seat game
(``state.DeduceState.solo``) played by the generic loop (``solver.arena.loop.play``).
Besides the round score it records the oracle (the best dictionary word for each row given
the Gameword, then the word itself with the bonus), whether the bonus was won and the rows
played until one candidate remained; ``report`` gives their means, the score / oracle
ratio and the worst round. The breakdown is the score of each row.

The built-ins' fast path: the referee's count of candidates after each row and the
strategy's next choice ask the same deduction, remembered once (``players.deduced``), so a
built-in plays as fast as the loop of old, with identical rounds (tested).

An engine that forfeits (crash, late or illegal answer) keeps the rows it played, the rest
score 0, and the record says why (``forfeit``); a strategy of one's own in this
process that makes a move the rules refuse stops the bench with one line naming it, as
``deduce solve`` does: it is a bug to fix, not a result.
"""

from __future__ import annotations

from typing import Any, TypedDict

from solver.arena import loop
from solver.arena.protocol import DEFAULT_TIME_LIMIT, decision_seed
from solver.arena.seats import is_engine, named
from solver.arena.tournament import Result, Tournament, TournamentRecord
from solver.deduce import players
from solver.deduce.arena import RULES
from solver.deduce.game import oracle
from solver.deduce.picks import candidates_for, check_difficulty
from solver.deduce.rules import Sheet, default_sheet
from solver.deduce.state import DeduceState, Scored
from solver.deduce.strategies import DEFAULT_VOCABULARY, check_vocabulary
from solver.runtime import seeds
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

SCORE = "points"
BREAKDOWN = "row"


def check(spec: Tournament) -> None:
    for strategy in spec.entries:
        seat(spec, strategy, 0)  # a built-in, one of one's own or an engine: else one error
    check_vocabulary(spec.option("vocabulary", DEFAULT_VOCABULARY))
    if spec.option("length", 6) not in (6, 7):
        raise UserError("What's My Word? rounds are 6 or 7 letters")
    if spec.option("gamewords", "familiar") != "familiar":
        check_difficulty(spec.option("gamewords"))


def gameword(spec: Tournament, g: int) -> str:
    """Game g's Gameword: the same for every entry, and whoever plays game g."""
    length, lang = spec.option("length", 6), spec.option("lang", "en")
    kind = spec.option("gamewords", "familiar")
    pool = (
        lexicon.words(length, "familiar", lang)
        if kind == "familiar"
        else candidates_for(length, kind, lang)
    )
    return seeds.derived(spec.seed, "gameword", g).choice(pool)


def seat(spec: Tournament, name: str, entry: int) -> Any:
    """An entry's seat (an engine's process kept between games, one per entry)."""
    return named(RULES, name, spec.option("engine_time", DEFAULT_TIME_LIMIT), slot=entry)


class RoundExtra(TypedDict):
    """A round's own measures, as ``solo_round`` finds them."""

    gameword: str
    bonus: bool  # named the word on the last row
    rows_to_one: int | None  # rows played until one candidate was left (None: never)


class DeduceExtra(TypedDict):
    """A result's ``extra`` in a tournament of rounds (the CSV's extra columns)."""

    gameword: str
    oracle: int  # what knowing the word scores (``game.oracle``)
    bonus: bool
    rows_to_one: int | None


class RoundResult(TypedDict):
    """``solo_round``'s result: a tournament's ``Result`` less its entry, player and seat."""

    forfeit: str | None
    score: int
    win: None
    moves: int
    seconds: float
    breakdown: list[int]
    extra: RoundExtra


class DeduceTotals(TypedDict, total=False):
    """An entry's running totals (``tally``), kept by the arena's ``Tally``."""

    score: float
    oracle: int
    bonus: int
    to_one: int
    to_one_rounds: int
    worst_ratio: float
    worst: list[Any]  # [gameword, score, oracle]


class DeduceReport(TypedDict):
    """The game's own measures in an entry's line of the summary (``report``)."""

    mean_oracle: float
    ratio: float
    bonus_rate: float
    mean_rows_to_one: float | None
    never_one: int
    worst: list[Any]  # [gameword, score, oracle] of the round of the lowest ratio


def solo_round(
    word: str, sheet: Sheet, seat: Any, seed: int, lang: str, vocabulary: str, prior: str
) -> RoundResult:
    """One seat's round against ``word``, played by the generic loop: its result record
    (without its entry and player)."""
    state = DeduceState.solo(word, sheet, lang, vocabulary, prior)
    outcome = loop.play(state, [seat], seed)
    if outcome.forfeits and not is_engine(seat.name):
        raise UserError(f"strategy {outcome.forfeits[0].reason}")
    played = [event for event in outcome.events if isinstance(event, Scored)]
    history = tuple((event.guess, event.score) for event in played)
    rows_to_one = next(
        (
            number
            for number in range(1, len(history) + 1)
            if len(players.deduced(history[:number], sheet, prior, lang).words) == 1
        ),
        None,
    )
    breakdown = [event.score for event in played]
    extra: RoundExtra = {
        "gameword": word,
        "bonus": len(played) == len(sheet.rows) and played[-1].guess == word,
        "rows_to_one": rows_to_one,
    }
    return {
        "forfeit": outcome.forfeits[0].reason if outcome.forfeits else None,
        "score": outcome.scores[0],
        "win": None,
        "moves": outcome.moves[0],
        "seconds": outcome.seconds[0],
        "breakdown": breakdown + [0] * (len(sheet.rows) - len(breakdown)),
        "extra": extra,
    }


def play(spec: Tournament, g: int) -> TournamentRecord:
    length, lang = spec.option("length", 6), spec.option("lang", "en")
    sheet = default_sheet(length)
    word = gameword(spec, g)
    best = oracle(word, sheet, lang)
    seed = decision_seed(spec.seed, "deduce", g)
    results: list[Result] = []
    for entry, strategy in enumerate(spec.entries):
        played = solo_round(
            word,
            sheet,
            seat(spec, strategy, entry),
            seed,
            lang,
            spec.option("vocabulary", DEFAULT_VOCABULARY),
            spec.option("prior", "familiar"),
        )
        extra: DeduceExtra = {"gameword": word, "oracle": best, **played["extra"]}
        results.append({"entry": entry, "player": strategy, "seat": None, **played, "extra": extra})
    return {"game": g, "seed": spec.seed + g, "results": results}


def tally(totals: DeduceTotals, result: Result) -> None:
    """Fold one round into an entry's running totals."""
    extra = result["extra"]
    totals["score"] = totals.get("score", 0) + result["score"]
    totals["oracle"] = totals.get("oracle", 0) + extra["oracle"]
    totals["bonus"] = totals.get("bonus", 0) + extra["bonus"]
    if extra["rows_to_one"] is not None:
        totals["to_one"] = totals.get("to_one", 0) + extra["rows_to_one"]
        totals["to_one_rounds"] = totals.get("to_one_rounds", 0) + 1
    ratio = result["score"] / extra["oracle"]
    if "worst" not in totals or ratio < totals["worst_ratio"]:
        totals["worst_ratio"] = ratio
        totals["worst"] = [extra["gameword"], result["score"], extra["oracle"]]


def report(totals: DeduceTotals, rounds: int) -> DeduceReport:
    """The oracle, the score / oracle ratio (of the sums), the bonus rate, the rows to one
    candidate and the worst round."""
    to_one = totals.get("to_one_rounds", 0)
    return {
        "mean_oracle": totals["oracle"] / rounds,
        "ratio": totals["score"] / totals["oracle"],
        "bonus_rate": totals["bonus"] / rounds,
        "mean_rows_to_one": totals["to_one"] / to_one if to_one else None,
        "never_one": rounds - to_one,
        "worst": totals["worst"],
    }
