"""Rollout: a better move for the early rows, found by valuing a few guesses exactly.

Why: a strategy's move depends only on the row and the candidates left, so what it will
score from any position to the end of the round is exact and computable (``evaluate.py``
walks its game tree). At a position, the strategy's own ``TOP`` best guesses can therefore
each be valued exactly: the guess's points on this row plus, for every score it can draw,
what the strategy itself goes on to score from the next row over the candidates that give
that score. Playing the best of them never scores less than the strategy's own first choice
(which is among them) against the Gamewords weighed as the objective weighs them: the
classic policy-improvement step, here computed without sampling.

Cost: valuing a guess walks the strategy's game tree under it, so a position costs ``TOP``
walks of its subtree. That is minutes for the first rows of a whole pool, so the results
are stored in the opening book (``opening.py``) for the positions the improved play reaches
on the first ``opening.BOOK_ROWS`` rows; later rows stay with the strategy's own choice
(its endgame search already works to the end of the round when few candidates are left).

The walk goes top-down: the first row is chosen against the plain strategy; the positions
that choice reaches on the second row are chosen against the strategy with the first rows
booked so far, and so on. ``base`` may hold an earlier book, which the strategy then follows
at the positions it holds (a second round of improvement). The book in use goes to the
workers as a file, read once by each (``_walk_parts``).

The objective weighs the Gamewords when guesses are compared (``objective_weights``): a
prior, or ``both``, the sum of the two figures ``evaluate`` reports.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from solver.deduce import candidates as cand
from solver.deduce import evaluate as ev
from solver.deduce import opening
from solver.deduce.measures import TO_END
from solver.deduce.rules import POINT_UNIT
from solver.deduce.strategies import Choice
from solver.wordtools import lexicon

Progress = Callable[[str], None]  # told what has just been finished


@dataclass(frozen=True)
class Position:
    """A position the book holds: the row, the candidates (increasing pool indices), and a
    history that reaches it (for people reading the book)."""

    row_index: int
    members: np.ndarray
    history: tuple[cand.Turn, ...]


@dataclass(frozen=True)
class Rolled:
    """The guesses weighed at a position, best first by exact value."""

    position: Position
    choices: tuple[Choice, ...]  # value: expected points from this row to the end, exact
    policy_ranks: tuple[int, ...]  # each choice's rank in the strategy's own order (0: its pick)


@dataclass(frozen=True)
class _Candidate:
    """One guess considered at a position, with the positions it leads to."""

    position: Position
    choice: Choice
    rank: int
    row_points: np.ndarray  # aligned with position.members
    parts: tuple[ev._Node, ...]  # one per score the guess can draw


def _candidates(
    setting: ev.Setting, codes: np.ndarray, position: Position, top: int
) -> list[_Candidate]:
    """The strategy's ``top`` best guesses at a position, each split by the scores heard."""
    sheet, r, members = setting.sheet, position.row_index, position.members
    deduction = cand.among(setting.pool, members, setting.prior)
    choices = opening.remembered_choose(
        deduction,
        sheet,
        r,
        setting.strategy,
        setting.pool.lang,
        top,
        None,
        setting.vocabulary,
        prior=setting.prior,
        use_book=False,
    )
    return [
        candidate(setting, codes, position, choice, rank) for rank, choice in enumerate(choices)
    ]


def candidate(
    setting: ev.Setting, codes: np.ndarray, position: Position, choice: Choice, rank: int
) -> _Candidate:
    """A guess considered at a position, split by the scores it can draw (``rank``: its
    place in the order it was offered in)."""
    from solver.deduce import kernels

    r, members = position.row_index, position.members
    row, last = setting.sheet.rows[r], setting.sheet.is_last(r)
    guess = lexicon.encode([choice.guess], setting.pool.lang)[0]
    units = kernels.score_against(codes[members], guess, row.offset, last)
    parts = tuple(ev._Node(r + 1, members[units == u]) for u in np.unique(units))
    return _Candidate(position, choice, rank, units.astype(np.int64) * POINT_UNIT, parts)


def _walk_parts(
    setting: ev.Setting,
    oracle: np.ndarray,
    known: np.ndarray,
    nodes: list[ev._Node],
    base: opening.Positions,
    workers: int,
) -> list[np.ndarray]:
    """For each node, what the strategy scores from the node's row to the end against each
    of its Gamewords (aligned with ``node.members``), the largest subtrees walked first."""
    if not nodes:
        return []
    order = sorted(range(len(nodes)), key=lambda i: -len(nodes[i].members))
    totals: list[np.ndarray | None] = [None] * len(nodes)
    if workers <= 1:
        for i in order:
            totals[i] = _walk_part((setting, oracle, known, nodes[i], base))
    else:
        import contextlib

        from solver.arena.processes import each_in_processes
        from solver.arena.tournament import one_thread

        # The book in use goes to the workers as a file, read once by each: handed with
        # every subtree it was pickled thousands of times a row (megabytes each), which
        # made a row with a whole book in use three times as long.
        with opening.positions_in_a_file(base) as held:
            work = [((setting, oracle, known, nodes[i], held),) for i in order]
            # A dead worker ends the build in one line (``WorkersLost``), never a wait for
            # ever.
            done = each_in_processes(_walk_part, work, workers, one_thread)
            with contextlib.closing(done):
                for position, result in done:
                    totals[order[position]] = result
    return totals  # type: ignore[return-value]  # every slot is filled


def _walk_part(arguments: tuple) -> np.ndarray:
    """One node's subtree: each of its Gamewords' points from the node's row to the end."""
    from solver.arena.tournament import one_thread

    one_thread()
    setting, oracle, known, node, base = arguments
    with opening.positions_in_use(opening.positions_from(base)):
        walker = ev._Walker(setting, oracle, known)
        if node.row_index < len(setting.sheet.rows):
            walker.walk(node)
    return walker.scores[node.members, node.row_index :].sum(axis=1)


def build(
    setting: ev.Setting,
    rows: int,
    top: int,
    objective: str,
    base: opening.Positions | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    reuse: opening.Positions | None = None,
) -> list[Rolled]:
    """Roll out every position the improved play reaches on the first ``rows`` rows of the
    pool, top-down; ``objective``: the prior the Gamewords are weighed with when guesses
    are compared (how opponents are assumed to pick words). ``reuse``: book entries made
    with the same settings, taken as they are instead of rolled out again (a row's choice
    depends only on the rows above it, so a book can be deepened a row at a time)."""
    codes = lexicon.encode(setting.pool.words, setting.pool.lang)
    oracle = ev.oracle_rows(codes, setting.sheet, setting.pool.lang)
    known = (
        oracle
        if setting.vocabulary == "all"
        else ev.oracle_rows(codes, setting.sheet, setting.pool.lang, setting.vocabulary)
    )
    weights = objective_weights(setting.pool.words, objective, setting.pool.lang)
    book: opening.Positions = dict(base or {})
    frontier = [Position(0, np.arange(len(codes)), ())]
    rolled: list[Rolled] = []
    for r in range(min(rows, len(setting.sheet.rows) - 1)):
        started = time.perf_counter()
        stored = [_stored(setting, p, reuse or {}) for p in frontier]
        reused = [entry for entry in stored if entry is not None]
        frontier = [p for p, entry in zip(frontier, stored, strict=True) if entry is None]
        considered = [c for p in frontier for c in _candidates(setting, codes, p, top)]
        nodes = [part for c in considered for part in c.parts]
        walked = iter(_walk_parts(setting, oracle, known, nodes, book, workers))
        made = []
        for position in frontier:
            mine = [c for c in considered if c.position is position]
            values = []
            for c in mine:
                rest = np.zeros(len(position.members))
                for part in c.parts:
                    rest[np.searchsorted(position.members, part.members)] = next(walked)
                w = weights[position.members]
                values.append(float(w @ (c.row_points + rest) / w.sum()))
            best = sorted(range(len(mine)), key=lambda i: (-values[i], mine[i].rank))
            choices = tuple(
                Choice(
                    mine[i].choice.guess,
                    values[i],
                    mine[i].choice.expected_points,
                    mine[i].choice.expected_bits,
                    TO_END,
                )
                for i in best
            )
            made.append(Rolled(position, choices, tuple(mine[i].rank for i in best)))
        rolled += reused + made
        book.update(position_entries(setting, reused + made))
        if progress:
            seconds = time.perf_counter() - started
            progress(
                f"row {r + 1}: {len(made)} positions rolled out, {len(reused)} reused, "
                f"{len(nodes)} subtrees, {seconds:.0f} s"
            )
        frontier = [p for entry in reused + made for p in _following(setting, codes, entry)]
    return rolled


BOTH = "both"  # the objective that weighs the Gamewords as both figures together


def objective_weights(words: tuple[str, ...], objective: str, lang: str) -> np.ndarray:
    """How the rollout weighs each Gameword of the pool when it compares guesses: a prior
    (``candidates.PRIORS``), or ``both``: the sum of the uniform and the familiar prior,
    each normalized over the whole pool, so that the guess kept at every position is the
    one that scores most in the sum of ``evaluate``'s two figures (words alike and
    familiar-weighted). Normalized over the pool, never over the position: a position's
    share of each figure is what the two weigh against each other."""
    if objective != BOTH:
        return cand.prior_weights(words, objective, lang)
    alike = cand.prior_weights(words, "uniform", lang)
    familiar = cand.prior_weights(words, "familiar", lang)
    return alike / alike.sum() + familiar / familiar.sum()


def _stored(setting: ev.Setting, position: Position, reuse: opening.Positions) -> Rolled | None:
    """A position's entry from an earlier book, or None when it has none."""
    entry = reuse.get(walked_position_key(setting, position))
    if entry is None:
        return None
    choices = entry["choices"]
    return Rolled(
        position,
        tuple(
            Choice(c["guess"], c["value"], c["expected_points"], c["expected_bits"], TO_END)
            for c in choices
        ),
        tuple(c["policy_rank"] for c in choices),
    )


def _following(setting: ev.Setting, codes: np.ndarray, entry: Rolled) -> list[Position]:
    """The positions of two or more candidates that the entry's first choice leads to."""
    from solver.deduce import kernels

    position, guess = entry.position, entry.choices[0].guess
    r, members = position.row_index, position.members
    row, last = setting.sheet.rows[r], setting.sheet.is_last(r)
    code = lexicon.encode([guess], setting.pool.lang)[0]
    units = kernels.score_against(codes[members], code, row.offset, last)
    following = []
    for heard in np.unique(units):
        part = members[units == heard]
        if len(part) > 1:
            turn = cand.Turn(guess, int(heard) * POINT_UNIT)
            following.append(Position(r + 1, part, (*position.history, turn)))
    return following


def walked_position_key(setting: ev.Setting, position: Position) -> str:
    """``position_key`` of a position met walking ``setting``'s pool (its members index the
    pool's words): how the rollout stores a position and finds it again."""
    words = tuple(setting.pool.words[i] for i in position.members)
    return opening.position_key(
        setting.sheet,
        position.row_index,
        setting.strategy,
        setting.prior,
        setting.pool.lang,
        setting.vocabulary,
        words,
    )


def position_entries(setting: ev.Setting, rolled: list[Rolled]) -> opening.Positions:
    """Book entries for rolled-out positions, readable: a history reaching each, its
    candidates, and the guesses weighed (value: expected points from the row on, exact)."""
    entries: opening.Positions = {}
    for entry in rolled:
        position = entry.position
        entries[walked_position_key(setting, position)] = {
            "history": ", ".join(f"{t.guess.upper()} {t.heard}" for t in position.history),
            "candidates": len(position.members),
            "choices": [
                {
                    "guess": c.guess,
                    "value": round(c.value, 3),
                    "expected_points": round(c.expected_points, 3),
                    "expected_bits": round(c.expected_bits, 3),
                    "policy_rank": rank,
                }
                for c, rank in zip(entry.choices, entry.policy_ranks, strict=True)
            ],
        }
    return entries
