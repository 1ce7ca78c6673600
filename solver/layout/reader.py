"""The reader: the My Word (1980) player that reads the other hands from the table.

The beam player (``players.py``) deals the cards it has not seen at random; the same search
told the other hand wins three games in four against it. The reader deals them from a
belief instead (``belief.py``): a knocker had no play, a play makes the cards that would
have scored more unlikely, and its own knocked cards lie at known places under the pack.
On each of those deals, each of its ``width`` plays that score most now (16, twice beam's:
a play that scores less now but keeps a rich spot from the next hand must be among them to
be weighed; or, without a play, each knock) is played out, one turn per player and one
more (at least 3), every seat playing the best of its ``lookahead`` highest-scoring plays
by points less the next hand's best reply (a one-ply look ahead, closer to how beam and
people play than greedy), all in one Numba kernel (``kernels.candidate_values``, twin in
``reference.py``). A move is worth its points plus, on average over the deals, what it
makes later less ``opponent_weight`` times the most any other seat then has, its score so
far and its play-out (``standing``; at two players the same as the most it makes).

It sees only its seat's view, and every random choice is the move's ``rng``'s: the same
view and seed, the same move. The play it picks is turned back into a ``Placement`` by the
rules (``board.placement``), which check it once more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import numpy as np

from solver.layout.arrays import Grid, deck_arrays, grid_of, hand_array
from solver.layout.belief import BeliefSettings, Deals, deals
from solver.layout.board import placement
from solver.layout.moves import Knock, Knocked, Play
from solver.layout.view import LayoutView
from solver.runtime.jit import kernel_array


@dataclass(frozen=True)
class ReaderSettings:
    width: int = 16  # plays searched, those that score most now (8 before round 4)
    plies: int | None = None  # None: every other player once, ourselves, the next (>= 3)
    opponent_weight: float = 1.0
    # With the pack used up a knock moves nothing: a pass. Weigh one beside the plays (not
    # straight after another seat's, so that two readers cannot pass for ever), and play
    # out to the end of the game, which is then near (every hand only shrinks).
    endgame: bool = True
    # Plays each player weighs in the play-outs (``kernels._lookahead_play``): 1 is greedy;
    # more, the best of that many by points less the next hand's best reply. Beam and people
    # pass up points that open a rich spot; greedy play-outs misjudged what a play leaves.
    lookahead: int = 4
    # Hands whose best reply the look-ahead weighs: 1 the next only; more, the most any of
    # the next that many could score (never one's own hand).
    replies: int = 1
    # The objective: False, the most any other seat makes in the play-out; True, the most
    # any other seat then has (its score so far plus its play-out, against one's own): a
    # game of three or more is won by beating its leader. The same moves at two players.
    standing: bool = True
    # Deals searched at three players or more (None: the belief's ``deals``, as at two):
    # three hidden hands, not one, so the values of the plays vary more from deal to deal.
    crowd_deals: int | None = None
    # Play out to the end of the game once the pack holds this many cards or fewer (0: only
    # with the pack used up, as ``endgame``; needs ``endgame``).
    finish: int = 0
    # With play-outs to the end of the game and ``standing``, a deal in which the move ends
    # ahead of every other seat is worth this many points more (a tie half): the chance of
    # winning first, the margin among equal chances (0: the margin alone).
    decisive: float = 0.0
    belief: BeliefSettings = field(default_factory=BeliefSettings)


DEFAULT = ReaderSettings()


def _plies(view: LayoutView, settings: ReaderSettings) -> int:
    return settings.plies or max(3, len(view.hand_sizes) + 1)


def candidates(
    view: LayoutView, margin: int, width: int, passes: bool = False
) -> tuple[np.ndarray, Grid]:
    """The moves to search, as rows (card, grid row, grid column, points) on the grid with
    ``margin`` empty rows and columns round the layout: the ``width`` plays that score most
    (the kernel's order among equals), or every knock when there is no play; with
    ``passes``, a knock of the first card besides the plays."""
    from solver.layout import kernels

    arrays = deck_arrays(view.deck)
    grid = grid_of(view.layout, margin)
    moves = kernels.legal_moves(
        grid.cells, arrays.edges, arrays.points, hand_array(list(view.hand)), not view.easy
    )
    if len(moves):
        order = np.argsort(-moves[:, 4], kind="stable")[:width]
        rows = moves[order][:, [0, 1, 2, 4]]
        if passes:
            rows = np.vstack([rows, [(view.hand[0], -1, -1, 0)]])
    else:
        rows = np.array([(card, -1, -1, 0) for card in view.hand]).reshape(-1, 4)
    return rows.astype(np.int32), grid


def move_values(
    view: LayoutView,
    grid: Grid,
    moves: np.ndarray,
    dealt: Deals,
    plies: int,
    *,
    weight: float,
    lookahead: int,
    replies: int = 1,
    standing: bool = False,
    decisive: float = 0.0,
) -> np.ndarray:
    """What each of ``moves`` (``candidates``' rows) is worth to the view's seat over the
    deals (``kernels.candidate_values``, which says how); ``standing``: weigh the seats'
    scores so far. One place makes the kernel's arguments, so that the reader, the review
    and the tests call it in the one form Numba compiles (another form, an argument left
    out or of another layout, is another signature compiled and cached apart: seconds
    each, on a person's first review or hint)."""
    from solver.layout import kernels

    arrays = deck_arrays(view.deck)
    return kernels.candidate_values(
        grid.cells,
        arrays.edges,
        arrays.points,
        kernel_array(moves, np.dtype(np.int32)),
        hand_array(list(view.hand)),
        int(view.seat),
        dealt.hands,
        dealt.counts,
        dealt.packs,
        int(plies),
        not view.easy,
        float(weight),
        int(lookahead),
        int(replies),
        np.array(view.scores if standing else (), dtype=np.int64),
        float(decisive),
    )


def reader_loaded() -> bool:
    """Whether the reader's kernels are ready in this process: the first hint otherwise
    loads them from the cache, or compiles them on a machine that never ran them (11 s of
    silence for a newcomer's first hint in line mode), so a line mode says so first."""
    from solver.layout import kernels

    return bool(kernels.candidate_values.signatures and kernels.sample_deals.signatures)


def search_plan(view: LayoutView, settings: ReaderSettings) -> tuple[int, int, bool, bool]:
    """How far the reader looks from ``view``: the plies its play-outs last, the plays
    its candidates must allow for (cards still to lay), whether a pass is weighed (the
    pack used up), and whether the play-outs reach the end of the game. One place, so that
    the review values the moves as the hint chose among them."""
    plies = _plies(view, settings)
    passes = to_end = False
    if settings.endgame and view.pack_size == 0:
        plies = max(plies, 2 * sum(view.hand_sizes) + 1)
        last = view.history[-1] if view.history else None
        passes = not (isinstance(last, Knocked) and last.seat != view.seat)
        to_end = True
    elif settings.endgame and view.pack_size <= settings.finish:
        # every card still to lay, and a turn each for the knocks a short pack allows
        plies = max(plies, 2 * (sum(view.hand_sizes) + view.pack_size) + 1)
        to_end = True
    cards = sum(view.hand_sizes) + view.pack_size
    return plies, min(plies, cards), passes, to_end


def weigh(
    view: LayoutView,
    rng: random.Random,
    settings: ReaderSettings,
    moves: np.ndarray,
    grid: Grid,
    plies: int,
    to_end: bool,
) -> np.ndarray:
    """The reader's value of each of ``moves``: deals of the unseen cards drawn from the
    belief (more at three players or more, with ``crowd_deals``), then ``move_values``."""
    belief = settings.belief
    if settings.crowd_deals and len(view.hand_sizes) >= 3:
        belief = replace(belief, deals=settings.crowd_deals)
    dealt = deals(view, rng, belief)
    return move_values(
        view,
        grid,
        moves,
        dealt,
        plies,
        weight=settings.opponent_weight,
        lookahead=settings.lookahead,
        replies=settings.replies,
        standing=settings.standing,
        decisive=settings.decisive if to_end else 0.0,
    )


def reader_move(
    view: LayoutView, rng: random.Random, settings: ReaderSettings = DEFAULT
) -> Play | Knock:
    """The reader (``seats.LayoutPlayer``): what its seat sees is all it uses."""
    plies, plays, passes, to_end = search_plan(view, settings)
    moves, grid = candidates(view, plays + 1, settings.width, passes)
    if len(moves) == 1:
        best = 0  # one move: nothing to weigh
    else:
        values = weigh(view, rng, settings, moves, grid, plies, to_end)
        best = int(np.argmax(values))
    card, i, j, points = (int(v) for v in moves[best])
    if i < 0:
        return Knock(card)
    spot = placement(view.layout, view.deck, view.card(card), grid.position(i, j))
    if spot is None or spot.points != points:
        raise AssertionError(f"kernel and rules disagree on card {card} at {(i, j)}")
    return Play(card, spot)
