"""A finished game of My Word (1980) reviewed turn by turn (``solver.arena.review``).

For each turn: the play the reader, the strongest player (``reader.py``), finds from that
seat's view at that moment (its hand, the layout, the sizes of the others' hands and of
the pack, the moves so far with other seats' knocked cards hidden: the view the game gave
that seat, never another hand), against the move made, and the knocks that could have been
plays.

The measure is points on that turn: what the move made scored, and what the reader's play
would have scored there. The reader weighs what a play leaves the others and opens for
later, so its play may score fewer points now than the move made: that turn costs below 0
(a greedy play took points the reader would have left for a better spot). Its own
valuation is not the measure: it is an average over deals of the unseen cards, a figure of
the search rather than points anybody scored. Beside each turn, the most points any play
of the hand could have made then (``most``), so that a knock that could have been a play
says what it gave up.

The reader's choice is seeded from the game's seed and the turn (``seeds.derived``): the
same game gives the same review.
"""

from __future__ import annotations

from typing import Any

from solver.arena.review import GameReview, ReviewedMove
from solver.layout.moves import Knock, Play
from solver.layout.players import scored_plays
from solver.layout.reader import reader_move
from solver.layout.session import HUMAN, unsealed
from solver.layout.squares import Squares, squares_for
from solver.layout.state import State, rebuild
from solver.runtime import seeds
from solver.runtime.errors import UserError

TITLE = "My Word (1980)"
MEASURE = (
    "points on the turn: what the move made scored, and the reader's play from that seat's "
    "view (the strongest player); cost: the reader's less the move's"
)


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


def review_log(log: dict[str, Any], final: State, source: str = "") -> GameReview:
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
    knocks = [m for m in moves if "knocked with a play" in m.notes]
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
        shown=(("most", "most {}"),),
    )


def _turn(before: State, index: int, logged: dict[str, Any], squares: Squares) -> ReviewedMove:
    """One turn: the move made and the reader's, from the seat's view before it."""
    seat = logged["player"]
    view = before.view(seat)
    plays = scored_plays(view)  # most points first
    most = plays[0][1].points if plays else 0
    best = reader_move(view, seeds.derived(before.seed, "review", index))
    best_points = best.placement.points if isinstance(best, Play) else 0
    knocked = logged["kind"] == "knock"
    played_points = 0 if knocked else int(logged["points"])
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
        played_value=float(played_points),
        best_value=float(best_points),
        notes=tuple(notes),
        facts={
            "most": most,
            "plays": len(plays),
            "knocked_with_plays": knocked and bool(plays),
            "pack": view.pack_size,
        },
    )


def _play(card: int, spot: Any, squares: Squares) -> str:
    words = "+".join(word.spelled.upper() for word in spot.words)
    return f"{card} {squares.name(spot.position)} {words}"


def _move(move: Play | Knock, squares: Squares) -> str:
    if isinstance(move, Knock):
        return f"knock {move.card}"
    return _play(move.card, move.placement, squares)


def _logged(logged: dict[str, Any], squares: Squares) -> str:
    if logged["kind"] == "knock":
        return f"knock {logged['card']}"
    words = "+".join(str(word).upper() for word in logged["words"])
    return f"{logged['card']} {squares.name(tuple(logged['position']))} {words}"
