"""A strategy's exact strength: its expected round score over a whole pool of Gamewords.

Why: a benchmark of a few hundred sampled rounds has a 95% interval of 220-460 points a
round, wider than the differences between strategies (5-120 points). Playing every word of
the pool removes the sampling error, and a game tree makes that cheap.

How: a strategy's Guessword depends only on the row and the candidates left (the pool's
words that fit the scores heard, weighted by the prior), so every Gameword that has given
the same scores so far meets the same position and gets the same Guessword. The walk plays
the strategy's Guessword once per position, splits the candidates by the score each would
give it, and goes on with each part; a part of one candidate needs no strategy, since with
one candidate left every strategy plays the best-scoring word of each row from its
vocabulary (the one that scores the most against it, ties to the first), and the word
itself on the last row. The oracle knows the word and guesses from every dictionary word, so
a narrower vocabulary scores a little below it even then. The result is every Gameword's
row scores, the ones ``play_round`` would give it (a test holds them equal); a figure
under a prior is their weighted mean.

Deterministic: ``choose`` is a function of the row and the candidates (words, prior
weights, probabilities) alone. The kernels sum each guess's statistics over the candidates
in order in one thread, so their results do not depend on the threads; ties go to the lower
index; the memos (``opening._memo``, ``endgame._part_values``) are keyed on the candidates
and hold what the computation would give anyway; the opening book's booked positions are
keyed on the candidates too, so the walk meets them as the game loop does. Two things would
break it, and neither is used here: a time budget (``seconds``: the move would depend on
the machine's speed), and the widening to every dictionary word when no word of the pool
fits, which cannot happen when the Gameword is in the pool. Positions are built with
``candidates.among``, the same computation as ``deduce`` without filtering again.

Workers: the first positions are expanded here until there are enough of them to share,
then each worker walks whole subtrees (largest first) with one Numba thread.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

import numpy as np

from solver.deduce import candidates as cand
from solver.deduce import opening
from solver.deduce.opening import remembered_choose
from solver.deduce.rules import POINT_UNIT, Sheet
from solver.deduce.strategies import (
    DEFAULT_VOCABULARY,
    check_strategy,
    check_vocabulary,
    vocabulary_tier,
)
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

TASKS_PER_WORKER = 8  # subtrees handed out per worker: enough to even out their sizes
SCORE_CHUNK = 2000  # Gamewords scored at once against a row's vocabulary (memory bound)

Progress = Callable[[int], None]  # told how many more Gamewords are finished


@dataclass(frozen=True)
class Setting:
    """What a walk depends on: the sheet, the strategy, its candidates' prior, the pool of
    Gamewords, and the vocabulary the strategy guesses from."""

    sheet: Sheet
    strategy: str
    pool: lexicon.Pool
    prior: str = "familiar"  # the prior the strategy weighs candidates with
    vocabulary: str = DEFAULT_VOCABULARY


@dataclass(frozen=True)
class Walk:
    """Every Gameword of the pool played to the end of the round, as ``play_round`` would."""

    setting: Setting
    scores: np.ndarray  # (words, rows): points scored on each row, aligned with pool.words
    oracle: np.ndarray  # (words, rows): the most each row could score knowing the word
    known: np.ndarray  # (words, rows): the same, guessing from the strategy's vocabulary
    rows_to_one: np.ndarray  # (words,): rows played until one candidate was left; 0: never
    positions: int  # positions at which the strategy chose a Guessword
    seconds: float
    # Every Guessword the strategy chose, by (row index, word): how many Gamewords met it
    # there (what ``docs/known-words.md`` checks against the measure of a known word). The
    # rows played once one candidate is left are not in it: they play the best word of
    # the vocabulary (``known``).
    played: dict[tuple[int, str], int] = field(default_factory=dict)


class FigureDocument(TypedDict):
    """A ``Figure`` as JSON."""

    opponent: str
    expected: float
    oracle: float
    ratio: float
    vocabulary_oracle: float
    vocabulary_ratio: float
    bonus_rate: float
    rows_to_one: float | None
    row_points: list[float]
    ceiling_row_points: list[float]
    bounds: list[float]


class EvaluationDocument(TypedDict):
    """What ``myword deduce evaluate`` reports (``summary``; ``--json`` prints it)."""

    strategy: str
    sheet: str
    length: int
    pool: str
    words: int
    prior: str
    vocabulary: str
    positions: int
    seconds: float
    figures: list[FigureDocument]


@dataclass(frozen=True)
class Figure:
    """A walk's means under a prior over the Gamewords."""

    opponent: str  # how the opponent draws Gamewords: a prior over the pool
    expected: float  # expected round score
    oracle: float  # expected oracle score
    ratio: float  # expected / oracle (the benchmark's ratio of sums)
    vocabulary_oracle: float  # expected score knowing the word, Guesswords from the vocabulary
    vocabulary_ratio: float  # expected / vocabulary_oracle: how much of its own ceiling
    bonus_rate: float  # probability of naming the word on the last row
    rows_to_one: float | None  # expected rows to one candidate, where it happens
    row_points: tuple[float, ...]  # expected points of each row
    # Where the points are lost, row by row: the ceiling's expected points on each row, and
    # the ratio to the ceiling of a player who plays the strategy's first r rows and then
    # knows the word (r = 1 .. rows; the last is ``vocabulary_ratio``). What a better move
    # on the rows after r could gain at most is ``bounds[r - 1] - vocabulary_ratio``.
    ceiling_row_points: tuple[float, ...] = ()
    bounds: tuple[float, ...] = ()

    def to_json(self) -> FigureDocument:
        return {
            "opponent": self.opponent,
            "expected": self.expected,
            "oracle": self.oracle,
            "ratio": self.ratio,
            "vocabulary_oracle": self.vocabulary_oracle,
            "vocabulary_ratio": self.vocabulary_ratio,
            "bonus_rate": self.bonus_rate,
            "rows_to_one": self.rows_to_one,
            "row_points": list(self.row_points),
            "ceiling_row_points": list(self.ceiling_row_points),
            "bounds": list(self.bounds),
        }


@dataclass(frozen=True)
class _Node:
    """A position: the row to play and the candidates left (increasing pool indices)."""

    row_index: int
    members: np.ndarray


def oracle_rows(
    codes: np.ndarray, sheet: Sheet, lang: str, vocabulary_of: str = "all"
) -> np.ndarray:
    """Points a player knowing each Gameword scores on each row: the best word of the row
    from ``vocabulary_of`` (``all``: the oracle, as ``game.oracle``), and on the last row the
    word itself with the bonus."""
    from solver.deduce import kernels

    best = np.zeros((len(codes), len(sheet.rows)), dtype=np.int64)
    for r, row in enumerate(sheet.rows):
        if sheet.is_last(r):
            best[:, r] = kernels.max_units(sheet.word_length) * POINT_UNIT
            continue
        vocabulary = lexicon.word_codes(row.length, vocabulary_tier(sheet, r, vocabulary_of), lang)
        for start in range(0, len(codes), SCORE_CHUNK):
            units = kernels.score_matrix(
                codes[start : start + SCORE_CHUNK], vocabulary, row.offset, False
            )
            best[start : start + SCORE_CHUNK, r] = units.max(axis=1).astype(np.int64) * POINT_UNIT
    return best


class _Walker:
    """Walks positions, writing each Gameword's row scores into arrays of the whole pool."""

    def __init__(self, setting: Setting, oracle: np.ndarray, known: np.ndarray) -> None:
        self.setting = setting
        self.codes = lexicon.encode(setting.pool.words, setting.pool.lang)
        self.oracle = oracle
        self.known = known  # each row's points once the word is known, from the vocabulary
        size, rows = len(setting.pool.words), len(setting.sheet.rows)
        self.scores = np.zeros((size, rows), dtype=np.int64)
        self.rows_to_one = np.zeros(size, dtype=np.int64)
        self.positions = 0
        self.played: Counter[tuple[int, str]] = Counter()

    def expand(self, node: _Node) -> list[_Node]:
        """Play the position: record each candidate's score on the row, and return the
        positions that follow (one per score heard); none after the last row or when one
        candidate is left (its remaining rows score the best of the vocabulary)."""
        from solver.deduce import kernels

        setting, sheet, members, r = self.setting, self.setting.sheet, node.members, node.row_index
        if len(members) == 1:
            word = members[0]
            self.scores[word, r:] = self.known[word, r:]
            if self.rows_to_one[word] == 0:
                self.rows_to_one[word] = max(r, 1)  # one from the start: row 1, as play_round
            return []
        deduction = cand.among(setting.pool, members, setting.prior)
        lang = setting.pool.lang
        choice = remembered_choose(
            deduction,
            sheet,
            r,
            setting.strategy,
            lang,
            1,
            None,
            setting.vocabulary,
            prior=setting.prior,
        )[0]
        self.positions += 1
        self.played[r, choice.guess] += len(members)
        row, last = sheet.rows[r], sheet.is_last(r)
        guess = lexicon.encode([choice.guess], lang)[0]
        units = kernels.score_against(self.codes[members], guess, row.offset, last)
        self.scores[members, r] = units.astype(np.int64) * POINT_UNIT
        following = []
        for heard in np.unique(units):
            part = members[units == heard]
            if len(part) == 1 and self.rows_to_one[part[0]] == 0:
                self.rows_to_one[part[0]] = r + 1
            if not last:
                following.append(_Node(r + 1, part))
        return following

    def walk(self, node: _Node, progress: Progress | None = None) -> None:
        """Every position under ``node``, depth first."""
        stack = [node]
        while stack:
            here = stack.pop()
            following = self.expand(here)
            if not following and progress:
                progress(len(here.members))
            stack.extend(reversed(following))


def walk(setting: Setting, workers: int = 1, progress: Progress | None = None) -> Walk:
    """Play the strategy against every Gameword of the pool, by its game tree."""
    check_strategy(setting.strategy)
    check_vocabulary(setting.vocabulary)
    if setting.pool.length != setting.sheet.word_length:
        raise UserError(
            f"the pool holds {setting.pool.length}-letter words, "
            f"the sheet wants {setting.sheet.word_length}"
        )
    started = time.perf_counter()
    codes = lexicon.encode(setting.pool.words, setting.pool.lang)
    oracle = oracle_rows(codes, setting.sheet, setting.pool.lang)
    known = (
        oracle
        if setting.vocabulary == "all"
        else oracle_rows(codes, setting.sheet, setting.pool.lang, setting.vocabulary)
    )
    walker = _Walker(setting, oracle, known)
    root = _Node(0, np.arange(len(codes)))
    if workers <= 1:
        walker.walk(root, progress)
    else:
        _walk_in_processes(walker, root, workers, progress)
    return Walk(
        setting,
        walker.scores,
        oracle,
        known,
        walker.rows_to_one,
        walker.positions,
        time.perf_counter() - started,
        dict(walker.played),
    )


def _split(walker: _Walker, root: _Node, tasks: int, progress: Progress | None) -> list[_Node]:
    """Expand the largest positions here until there are ``tasks`` of them, largest first."""
    nodes = [root]
    while nodes and len(nodes) < tasks:
        nodes.sort(key=lambda n: -len(n.members))
        largest = nodes[0]
        if len(largest.members) == 1:
            break
        following = walker.expand(nodes.pop(0))
        if not following and progress:
            progress(len(largest.members))
        nodes.extend(following)
    nodes.sort(key=lambda n: -len(n.members))
    return nodes


def _walk_in_processes(
    walker: _Walker, root: _Node, workers: int, progress: Progress | None
) -> None:
    import contextlib

    from solver.arena.processes import each_in_processes
    from solver.arena.tournament import one_thread

    nodes = _split(walker, root, TASKS_PER_WORKER * workers, progress)
    # A book put in use here (``opening.positions_in_use``: one being built or measured)
    # goes to the workers too: without it they played the stored book, and a walk with
    # workers measured another book than the one in use.
    with opening.positions_in_a_file(opening.positions_overriding()) as book:
        work = [((walker.setting, walker.oracle, walker.known, node, book),) for node in nodes]
        # A dead worker ends the walk in one line (``WorkersLost``), never a wait for ever.
        done = each_in_processes(_walk_task, work, workers, one_thread)
        with contextlib.closing(done):  # leaving the block stops the workers
            for _, (node, scores, rows_to_one, positions, played) in done:
                members = node.members  # their rows before node.row_index were played here
                walker.scores[members, node.row_index :] = scores
                walker.rows_to_one[members] = np.maximum(walker.rows_to_one[members], rows_to_one)
                walker.positions += positions
                walker.played.update(played)
                if progress:
                    progress(len(members))


def _walk_task(
    arguments: tuple,
) -> tuple[_Node, np.ndarray, np.ndarray, int, Counter[tuple[int, str]]]:
    """In a worker: one subtree, returned as its Gamewords' scores from its row on, the
    rows to one candidate found in it (0 where none), its positions played and the
    Guesswords chosen at them."""
    setting, oracle, known, node, book = arguments
    walker = _Walker(setting, oracle, known)
    if book is None:
        walker.walk(node)
    else:
        with opening.positions_in_use(opening.positions_from(book)):
            walker.walk(node)
    members = node.members
    scores = walker.scores[members, node.row_index :]
    return node, scores, walker.rows_to_one[members], walker.positions, walker.played


def figure(result: Walk, opponent: str = "familiar") -> Figure:
    """The walk's expected figures when the opponent draws the Gameword with the prior
    ``opponent``: ``familiar`` weighs words as the strategies do, ``uniform`` as ``deduce
    bench`` draws them."""
    pool = result.setting.pool
    weights = cand.prior_weights(pool.words, opponent, pool.lang)
    weights = weights / weights.sum()
    totals = result.scores.sum(axis=1)
    expected = float(weights @ totals)
    oracle = float(weights @ result.oracle.sum(axis=1))
    full = result.oracle[:, -1]  # naming the word: every letter matching, and the bonus
    bonus = float(weights[result.scores[:, -1] == full].sum())
    reached = result.rows_to_one > 0
    to_one = (
        float(weights[reached] @ result.rows_to_one[reached] / weights[reached].sum())
        if reached.any()
        else None
    )
    row_points = tuple(float(x) for x in weights @ result.scores)
    known_rows = weights @ result.known
    ceiling = float(known_rows.sum())
    played = np.cumsum(row_points)  # the strategy's first r rows, then the ceiling's
    to_come = np.cumsum(known_rows[::-1])[::-1]
    bounds = tuple(
        float((played[r] + (to_come[r + 1] if r + 1 < len(to_come) else 0.0)) / ceiling)
        for r in range(len(row_points))
    )
    return Figure(
        opponent,
        expected,
        oracle,
        expected / oracle,
        ceiling,
        expected / ceiling,
        bonus,
        to_one,
        row_points,
        tuple(float(x) for x in known_rows),
        bounds,
    )


def summary(result: Walk, opponents: tuple[str, ...]) -> EvaluationDocument:
    """What ``myword deduce evaluate`` reports, JSON-ready: the walk's settings and size,
    and its figures for each way the opponent may draw Gamewords."""
    setting = result.setting
    return {
        "strategy": setting.strategy,
        "sheet": str(setting.sheet),
        "length": setting.sheet.word_length,
        "pool": setting.pool.source,
        "words": len(setting.pool.words),
        "prior": setting.prior,
        "vocabulary": setting.vocabulary,
        "positions": result.positions,
        "seconds": round(result.seconds, 3),
        "figures": [figure(result, opponent).to_json() for opponent in opponents],
    }
