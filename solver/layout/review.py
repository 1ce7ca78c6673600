"""A finished game of My Word (1980) reviewed turn by turn (``solver.arena.review``).

For each turn: the play the reader, the strongest player (``reader.py``), finds from that
seat's view at that moment (its hand, the layout, the sizes of the others' hands and of
the pack, the moves so far with other seats' knocked cards hidden: the view the game gave
that seat, never another hand), against the move made, and the knocks that could have been
plays.

The measure is the reader's own valuation (``kernels.candidate_values``, as
``reader_move`` weighs its moves): a move's points on the turn plus, on average over deals
of the cards the seat has not seen (drawn from its belief, ``belief.py``), what the seat
makes in the play-out after it less what the best other seat makes. The move made is
valued beside the reader's candidates, on the same deals, so the two are comparable and
the cost is the difference: points, as the reader expects them over the rest of the game.
The reader picks the best of its candidates (the plays that score most now, or the knocks
when there is none), so a move outside them, valued higher, costs below 0. The points each
scored on the turn are given beside it (``points``, ``reader_points``) with the most any
play of the hand could have made then (``most``), so that a knock that could have been a
play says what it gave up.

The reader's choice is seeded from the game's seed and the turn (``seeds.derived``): the
same game gives the same review, and the same choice ``reader_move`` makes with that seed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from solver.arena.review import GameReview, ReviewedMove
from solver.layout import reader
from solver.layout.arrays import Grid
from solver.layout.board import placement
from solver.layout.moves import Knock, MovedDocument, Play
from solver.layout.players import scored_plays
from solver.layout.reader import DEFAULT, ReaderSettings
from solver.layout.session import HUMAN, unsealed
from solver.layout.squares import Squares, squares_for
from solver.layout.state import LayoutLog, State, rebuild
from solver.layout.view import LayoutView
from solver.runtime import seeds
from solver.runtime.errors import UserError

TITLE = "My Word (1980)"
MEASURE = (
    "the reader's valuation (the strongest player): the lead the seat expects over the best "
    "other seat after the move and the turns the reader plays out (its score so far, the "
    "move's points and its play-out against each other seat's; below 0, behind), from that "
    "seat's view; cost: the reader's play's less the move's; most: the most points any "
    "play of the hand could score on the turn"
)
SHOWN = (("most", "most {}"),)  # each move's own figure, named in MEASURE


def review(readable: Any, sealed: Any, source: str = "") -> GameReview:
    """The review of a finished game from its save: ``readable`` (its log as saved) and
    ``sealed`` (its sealed part, opened). Raises ``UserError`` for a log the rules do not
    bear out, or a game that is not over."""
    log = unsealed(readable, sealed)
    where = source or "the save"
    try:
        final = rebuild(log)  # every move and score re-checked
    except UserError as error:
        raise UserError(f"{where} cannot be reviewed: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
        raise UserError(f"{where} is not a valid saved game: {error!r:.80}") from None
    if not final.over or "scores" not in log:
        raise UserError(f"the game in {where} is not finished: nothing to review")
    return review_log(log, final, source)


def review_log(log: LayoutLog, final: State, source: str = "") -> GameReview:
    """The review of a finished game's log (checked: ``final`` is its end)."""
    names = list(final.players or [f"seat {n + 1}" for n in range(final.seats)])
    people = [n for n, name in enumerate(names) if name == HUMAN]
    players = tuple("you" if name == HUMAN and len(people) == 1 else name for name in names)
    squares = squares_for(final.easy, len(final.deck.cards))
    start = {k: v for k, v in log.items() if k not in ("scores", "forfeit")}
    moves = []
    for index, logged in enumerate(log["moves"]):
        before = rebuild(start | {"moves": log["moves"][:index]})
        moves.append(_turn(before, index, logged, squares))
    notes = []
    if final.forfeited is not None:
        notes.append(f"{players[final.forfeited.seat]} forfeited: {final.forfeited.reason}")
    knocks = [m for m in moves if m.facts["knocked_with_plays"]]
    if knocks:
        listed = ", ".join(f"{m.where} ({players[m.seat]})" for m in knocks)
        notes.append(f"knocks that could have been plays: {listed}")
    return GameReview(
        game="layout",
        title=TITLE,
        players=players,
        person=people[0] if len(people) == 1 else None,
        totals=tuple(final.scores()),
        measure=MEASURE,
        moves=tuple(moves),
        notes=tuple(notes),
        source=source,
        decimals=1,  # the reader's expected points: fractions of a point
        shown=SHOWN,
    )


def _turn(before: State, index: int, logged: MovedDocument, squares: Squares) -> ReviewedMove:
    """One turn: the move made and the reader's, from the seat's view before it."""
    seat = logged["player"]
    view = before.view(seat)
    plays = scored_plays(view)  # most points first
    most = plays[0][1].points if plays else 0
    # seeded as the game's hint for this turn (session.hint): a person who followed the
    # hint finds it named as the best (a newcomer saw another "best" than the hint played)
    rng = seeds.derived(before.seed, "hint", index)
    best, best_value, played_value = valued(view, logged, rng)
    best_points = best.placement.points if isinstance(best, Play) else 0
    knocked = logged["kind"] == "knock"
    played_points = 0 if logged["kind"] == "knock" else int(logged["points"])
    notes = []
    if knocked and plays:
        number, spot = plays[0]
        notes.append("knocked with a play")
        notes.append(f"could have played {_play(number, spot, squares)}")
    return ReviewedMove(
        index=index,
        seat=seat,
        where=f"turn {index + 1}",
        played=_logged(logged, squares),
        best=_move(best, squares),
        played_value=played_value,
        best_value=best_value,
        notes=tuple(notes),
        facts={
            "points": played_points,
            "reader_points": best_points,
            "most": most,
            "plays": len(plays),
            "knocked_with_plays": knocked and bool(plays),
            "pack": view.pack_size,
        },
    )


def valued(
    view: LayoutView, logged: MovedDocument, rng: random.Random, settings: ReaderSettings = DEFAULT
) -> tuple[Play | Knock, float, float]:
    """The reader's move from ``view`` (``reader_move``'s, the same for the same ``rng``),
    its value and the value of the move made (``logged``), both by the reader's valuation,
    on the same deals of the unseen cards. Its candidates and deals are drawn as
    ``reader_move`` draws them; the move made is valued beside them."""
    plies, plays, passes, to_end = reader.search_plan(view, settings)
    moves, grid = reader.candidates(view, plays + 1, settings.width, passes)
    made = _row(logged, grid)
    rows = moves if any((row == made).all() for row in moves) else np.vstack([moves, made])
    # deals drawn even for one candidate: the move made is valued beside it
    values = reader.weigh(view, rng, settings, rows.astype(np.int32), grid, plies, to_end)
    best = 0 if len(moves) == 1 else int(np.argmax(values[: len(moves)]))
    played = next(k for k, row in enumerate(rows) if (row == made).all())
    card, i, j, points = (int(v) for v in moves[best])
    if i < 0:
        return Knock(card), float(values[best]), float(values[played])
    spot = placement(view.layout, view.deck, view.card(card), grid.position(i, j))
    if spot is None or spot.points != points:
        raise AssertionError(f"kernel and rules disagree on card {card} at {(i, j)}")
    return Play(card, spot), float(values[best]), float(values[played])


def _row(logged: MovedDocument, grid: Grid) -> np.ndarray:
    """The move made as a candidate row on ``grid``: (card, grid row, grid column, points),
    a knock at row -1."""
    if logged["kind"] == "knock":
        return np.array([logged["card"], -1, -1, 0], dtype=np.int32)
    row, column = logged["position"]
    return np.array(
        [logged["card"], row - grid.row0, column - grid.column0, logged["points"]], dtype=np.int32
    )


def _play(card: int, spot: Any, squares: Squares) -> str:
    words = "+".join(word.spelled.upper() for word in spot.words)
    return f"{card} {squares.name(spot.position)} {words}"


def _move(move: Play | Knock, squares: Squares) -> str:
    if isinstance(move, Knock):
        return f"knock {move.card}"
    return _play(move.card, move.placement, squares)


def _logged(logged: MovedDocument, squares: Squares) -> str:
    if logged["kind"] == "knock":
        return f"knock {logged['card']}"
    words = "+".join(str(word).upper() for word in logged["words"])
    row, column = logged["position"]
    return f"{logged['card']} {squares.name((row, column))} {words}"
