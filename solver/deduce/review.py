"""A finished game of What's My Word? reviewed row by row (``solver.arena.review``).

For each row of each sheet: the candidates its player had left (the familiar words that fit
every score that player had heard before the row, as heard then, as ``advise`` deduces
them; with no word fitting, after the likeliest fix, as the bot believed it), the
Guessword the advisor (``advisor.advise``, the default strategy) would have played there,
and the expected points of both.

Expected points, the review's measure: the points a Guessword scores on its row, averaged
over the candidates left, each weighed by its probability (the same ``expected_points`` the
advice shows). The played Guessword and the advisor's are weighed alike, over the same
candidates, so the points the choice cost is the difference: advisor's less played. A row
played too late (the one-minute variation) scored 0 whatever its word: it is valued 0. The
advisor aims at the whole round (its lookahead, its book and its endgame count what a score
heard tells for later rows), so a Guessword may expect more points on its row than the
advisor's and cost below 0: it bought points now with what it did not find out. So may a
word outside the advisor's vocabulary (it guesses from familiar words only): once the word
is certain, a rarer word the player knows can score more than the advisor's.

The row where the word became certain is the first whose candidates left were one. What
the advisor's Guessword would have scored against the real Gameword is given beside each
row (``would_have_scored``), for the curious; it is not the measure (the Gameword was not
known when the row was played).
"""

from __future__ import annotations

from typing import Any, TypedDict

from solver.arena.review import GameReview, ReviewedMove
from solver.deduce import candidates as cand
from solver.deduce import session
from solver.deduce.advisor import advise
from solver.deduce.rules import PENALTY, POINT_UNIT, Sheet, default_sheet, score
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

TITLE = "What's My Word?"
MEASURE = (
    "expected points: what a Guessword scores on its row, averaged over the candidates left "
    "(weighed by their probabilities); cost: the advisor's Guessword's less the one played; "
    "left: the familiar words that fitted every score heard before the row"
)
SHOWN = (("candidates", "{} left"),)  # each move's own figure, named in MEASURE


def review(readable: Any, sealed: Any, source: str = "") -> GameReview:
    """The review of a finished game from its save: ``readable`` (the state as saved) and
    ``sealed`` (its sealed part, opened). Raises ``UserError`` for a game that play could
    not have made, or one that is not over."""
    try:
        state = session.validate(session.unsealed(readable, sealed))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
        raise UserError(f"{source or 'the game'} is not a valid saved game: {error}") from None
    if not state["finished"]:
        raise UserError(f"the game in {source or 'the save'} is not finished: nothing to review")
    return review_state(state, source)


def review_state(state: session.GameState, source: str = "") -> GameReview:
    """The review of a finished game's state (``session``'s, Gamewords included)."""
    settings = session.settings_of(state)
    you = session.COLOURS.index(settings.you)
    players = ["", ""]
    players[you] = "you"
    players[1 - you] = settings.opponent or "bot"
    moves: list[ReviewedMove] = []
    notes: list[str] = []
    for number, game_round in enumerate(state["rounds"]):
        sheet = default_sheet(game_round["length"])
        pool = session.page_pool(settings, sheet.word_length) if settings.pool_from else None
        by_whom = {
            "you": _rows(game_round, "you", sheet, pool, settings.lang),
            "bot": _rows(game_round, "bot", sheet, pool, settings.lang),
        }
        taken = {"you": 0, "bot": 0}
        for whom in session.turn_order(game_round, settings.you):
            rows = by_whom[whom]
            if taken[whom] >= len(rows):
                continue  # a forfeited game stops short
            row = rows[taken[whom]]
            taken[whom] += 1
            seat = you if whom == "you" else 1 - you
            moves.append(_move(len(moves), seat, number, row))
        for whom in ("you", "bot"):
            word = game_round["bot_word"] if whom == "you" else game_round["your_word"]
            sure = [r for r in by_whom[whom] if r["candidates"] == 1]
            right = [r["row"] for r in sure if r["likeliest"] == [word]]
            who = "you" if whom == "you" else players[1 - you]
            if right:
                notes.append(
                    f"round {number + 1}: {who} had the word certain from row {right[0] + 1}"
                )
            else:
                notes.append(f"round {number + 1}: {who} never had the word certain")
            if len(right) < len(sure):  # a lone candidate that was not the word
                wrong = next(r["row"] for r in sure if r["likeliest"] != [word]) + 1
                audit = game_round["audit"]
                why = (  # scores given wrong (the audit found them), else a word it never knew
                    "from scores given wrong"
                    if whom == "bot" and audit and audit["errors"]
                    else "the word is not among the familiar words it deduces from"
                )
                was = "were" if who == "you" else "was"
                notes.append(
                    f"round {number + 1}: {who} {was} sure of a wrong word on row {wrong}: {why}"
                )
    result = session.totals(state)
    totals = [0, 0]
    # the bot's rows only: a penalty for scores given wrong is no move of its own, and
    # counted in its total it made its share of the best possible look near 100%
    totals[you], totals[1 - you] = result["you"], sum(r["bot_rows"] for r in result["rounds"])
    for number, each in enumerate(result["rounds"]):
        if each["penalty"]:
            notes.append(
                f"round {number + 1}: {players[1 - you]} was also given {each['penalty']:,} "
                f"points of penalty for scores given wrong ({PENALTY:,} a turn undetected), "
                "not counted in its total and share here"
            )
    return GameReview(
        game="deduce",
        title=TITLE,
        players=tuple(players),
        person=you,
        totals=tuple(totals),
        measure=MEASURE,
        moves=tuple(moves),
        notes=tuple(notes),
        source=source,
        shown=SHOWN,
    )


def _history(game_round: session.GameRound, whom: str, before: int) -> list[cand.Turn]:
    """What a player's scores had told them before their row ``before``: yours as scored
    (a late row told nothing); the bot's as it had heard them then (``you_score``: a score
    rechecked later was still the one first given; ``rechecks`` says when each changed)."""
    if whom == "you":
        return session.your_history(game_round)[:before]
    history = []
    for index, entry in enumerate(game_round["bot"][:before]):
        asked = [r for r in game_round["rechecks"] if r["row"] == index]
        heard = asked[0]["was"] if asked else entry["heard"]
        for recheck in asked:  # a recheck after bot row ``turn``, before the next
            if recheck["turn"] < before:
                heard = recheck["now"]
        history.append(cand.Turn(entry["guess"], heard))
    return history


class AnalysedRow(TypedDict):
    """A row played, with its analysis (``_rows``): in memory only, read by ``_move`` and
    the round's notes. A TypedDict rather than a dataclass: it is built and read by key as
    the rows of the state it comes from are."""

    row: int
    guess: str
    scored: int
    late: bool
    candidates: int
    likeliest: list[str]
    advised: str
    played_points: float
    advised_points: float
    would_have_scored: int | None


def _rows(
    game_round: session.GameRound, whom: str, sheet: Sheet, pool: lexicon.Pool | None, lang: str
) -> list[AnalysedRow]:
    """Each row a player played in a round, with its analysis."""
    gameword = game_round["bot_word"] if whom == "you" else game_round["your_word"]
    analysed: list[AnalysedRow] = []
    played: list[session.YourRow] | list[session.BotRow]
    played = game_round["you"] if whom == "you" else game_round["bot"]
    for index, entry in enumerate(played):
        advice = advise(_history(game_round, whom, index), sheet, pool=pool, lang=lang, top=1)
        deduction = advice.deduction
        spec, last = sheet.rows[index], sheet.is_last(index)
        advised = advice.choices[0].guess if advice.choices else entry["guess"]
        played_points, advised_points = _expected(
            deduction, [entry["guess"], advised], spec.offset, last, lang
        )
        late = bool(entry.get("late"))
        analysed.append(
            {
                "row": index,
                "guess": entry["guess"],
                "scored": entry["score"],
                "late": late,
                "candidates": len(deduction.words),
                "likeliest": list(deduction.words[:3]),
                "advised": advised,
                "played_points": 0.0 if late else played_points,
                "advised_points": advised_points,
                "would_have_scored": score(gameword, advised, spec.offset, last)
                if gameword
                else None,
            }
        )
    return analysed


def _expected(
    deduction: cand.Deduction, guesses: list[str], offset: int, last: bool, lang: str
) -> list[float]:
    """Each Guessword's expected points on its row over the candidates left."""
    if not deduction.words:
        return [0.0 for _ in guesses]
    from solver.deduce import kernels

    units, _ = kernels.guess_statistics(
        deduction.codes, deduction.probabilities, lexicon.encode(guesses, lang), offset, last
    )
    return [float(u) * POINT_UNIT for u in units]


def _move(index: int, seat: int, number: int, row: AnalysedRow) -> ReviewedMove:
    notes = []
    if row["late"]:
        notes.append("late: 0")
    if row["candidates"] == 1:
        notes.append("certain")
    return ReviewedMove(
        index=index,
        seat=seat,
        where=f"round {number + 1}, row {row['row'] + 1}",
        played=row["guess"].upper(),
        best=row["advised"].upper(),
        played_value=row["played_points"],
        best_value=row["advised_points"],
        notes=tuple(notes),
        facts={
            "round": number + 1,
            "row": row["row"] + 1,
            "scored": row["scored"],
            "candidates": row["candidates"],
            "likeliest": row["likeliest"],
            "would_have_scored": row["would_have_scored"],
        },
    )
