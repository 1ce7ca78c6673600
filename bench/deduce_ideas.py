"""What an idea for the default What's My Word? strategy is worth, exactly (issue 27, item 7).

    python bench/deduce_ideas.py --length 6 endgame.NODES=100
    python bench/deduce_ideas.py --length 6 --no-book candidates.PRIOR_SLOPE=0.125
    python bench/deduce_ideas.py --length 6 --no-book --value-function
    python bench/deduce_ideas.py --length 6 --losses --move-times

Each run walks the default setting's game tree over the familiar pool (``deduce
evaluate``'s walk, one process: the settings below are patched in this process only) and
prints one JSON line: the settings, the expected round score against Gamewords drawn alike
and by frequency, its ratio to the oracle and to the vocabulary's ceiling, and the row-by-row
bound (``evaluate.Figure.bounds``). ``MODULE.NAME=VALUE`` sets a module attribute of
``solver.deduce`` (``endgame.NODES``, ``endgame.SHORTLIST``, ``endgame.CANDIDATES``,
``strategies.INFORMATION_UNITS``, ``strategies.SHORTLIST``, ``candidates.PRIOR_SLOPE``,
``opening.BOOK_ROWS`` ...). The stored opening book stays in play whatever is patched (its
moves are moves; its values were computed with the shipped settings) unless ``--no-book``.

``--value-function``: the lookahead's credit per bit of information replaced by a value
function learned from an exact walk: ``L(r, n)``, the mean points a position of ``n``
candidates at row ``r`` loses to the ceiling from there to the end of the round (measured
on the default strategy's own walk), and the lookahead's next-row guess chosen by its
points minus the losses of the parts it leaves. A prototype, measured and not kept (see
docs/performance.md, "Against the ceiling").
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections import defaultdict

import numpy as np

LOSS_EDGES = (1, 2, 3, 4, 6, 9, 13, 18, 25, 36, 50, 70, 100, 140, 200, 300, 450, 700, 1000)


def loss_table(scores: np.ndarray, known: np.ndarray, most: int = 20_000) -> np.ndarray:
    """``L[r, n]`` in units of 250 points, from a walk's row scores and the ceiling's: the
    positions at row ``r`` are the Gamewords that gave the same scores on the rows before
    (the strategy's move depends on the position alone). Interpolated in log n between the
    bins' means, made non-decreasing, and past the data growing a unit per bit; on the last
    row, ``(1 - 1/n) * 16`` units (the bonus and a letter, lost unless the guess is right)."""
    words, rows = scores.shape
    table = np.zeros((rows + 1, most + 1))
    log_n = np.log2(np.arange(1, most + 1))
    for r in range(rows):
        groups = defaultdict(list)
        for i in range(words):
            groups[scores[i, :r].tobytes()].append(i)
        sums = defaultdict(lambda: [0.0, 0.0, 0.0])
        for members in groups.values():
            n = len(members)
            if n == 1:
                continue
            b = int(np.searchsorted(LOSS_EDGES, n, side="right")) - 1
            lost = float((known[members, r:].sum() - scores[members, r:].sum()) / 250)
            sums[b][0] += lost
            sums[b][1] += n
            sums[b][2] += n * np.log2(n)
        xs, ys = [0.0], [0.0]
        for b in sorted(sums):
            lost, n, log_sum = sums[b]
            xs.append(log_sum / n)
            ys.append(lost / n)
        ys = list(np.maximum.accumulate(ys))
        table[r, 1:] = np.interp(log_n, xs, ys)
        beyond = log_n > xs[-1]
        table[r, 1:][beyond] = ys[-1] + (log_n[beyond] - xs[-1])
    table[rows - 1, 1:] = (1 - 1 / np.arange(1, most + 1)) * 16
    return table


SIZES = ((1, 1), (2, 3), (4, 8), (9, 24), (25, 100), (101, 10**6))


def losses_by_size(scores: np.ndarray, known: np.ndarray) -> list[dict[str, float]]:
    """Points a row loses to the ceiling (mean over the Gamewords, drawn alike), split by
    how many candidates were left at the position the row was played from: where the
    points go, row by row."""
    words, rows = scores.shape
    out = []
    for r in range(rows):
        groups = defaultdict(list)
        for i in range(words):
            groups[scores[i, :r].tobytes()].append(i)
        lost = dict.fromkeys((f"{low}-{high}" for low, high in SIZES), 0.0)
        for members in groups.values():
            low, high = next(s for s in SIZES if s[0] <= len(members) <= s[1])
            lost[f"{low}-{high}"] += float((known[members, r] - scores[members, r]).sum() / words)
        out.append({"row": r + 1, **{k: round(v, 1) for k, v in lost.items()}})
    return out


def two_ply_units(part_of, weights, next_units, loss, scores):
    """Sum over the parts a guess leaves (``part_of``: the score each candidate gives) of
    the best next-row guess's expected units minus the losses ``loss[size]`` of the parts
    that guess leaves in turn, each weighed by its probability (a Numba kernel; numba is
    imported when the prototype is asked for)."""
    n, m = next_units.shape
    order = np.argsort(part_of, kind="mergesort")
    mass = np.zeros(scores)
    size = np.zeros(scores, dtype=np.int64)
    total = 0.0
    start = 0
    while start < n:
        stop = start
        while stop < n and part_of[order[stop]] == part_of[order[start]]:
            stop += 1
        best = -1e18
        for h in range(m):
            points = 0.0
            for i in range(start, stop):
                c = order[i]
                u = next_units[c, h]
                points += weights[c] * u
                mass[u] += weights[c]
                size[u] += 1
            lost = 0.0
            for b in range(scores):
                if size[b] > 0:
                    lost += mass[b] * loss[size[b]]
                    mass[b] = 0.0
                    size[b] = 0
            best = max(best, points - lost)
        total += best
        start = stop
    return total


def value_function_lookahead(table: np.ndarray):
    """The lookahead with the learned value function in place of the information credit."""
    import numba

    from solver.deduce import endgame, kernels, strategies
    from solver.deduce.measures import LOOKAHEAD, ROW_POINTS, TO_END
    from solver.deduce.ranking import top_indices
    from solver.deduce.rules import POINT_UNIT

    two_ply = numba.njit(two_ply_units)

    def lookahead(deduction, sheet, row_index, lang, vocabulary, codes, expected, bits, *_):
        row, last = sheet.rows[row_index], sheet.is_last(row_index)
        if last or len(deduction.words) == 1:
            return expected * POINT_UNIT, ROW_POINTS
        if len(deduction.words) <= endgame.CANDIDATES:
            values = endgame.endgame_values(
                deduction.codes, deduction.weights, sheet, row_index, lang, vocabulary
            )
            if values is not None:
                return values, TO_END
        p = deduction.probabilities
        shortlist = top_indices(expected + strategies.INFORMATION_UNITS * bits, 24)
        nxt = sheet.rows[row_index + 1]
        tier = strategies.vocabulary_tier(sheet, row_index + 1, vocabulary)
        _, next_codes = strategies._vocabulary(nxt.length, lang, tier)
        next_units = kernels.score_matrix(
            deduction.codes, next_codes, nxt.offset, sheet.is_last(row_index + 1)
        )
        value = np.full(len(codes), -np.inf)
        scores = kernels.max_units(sheet.word_length) + 1
        for g in shortlist:
            part_of = kernels.score_against(deduction.codes, codes[g], row.offset, last)
            ahead = two_ply(part_of, p, next_units, table[row_index + 2], scores)
            value[g] = (expected[g] + ahead) * POINT_UNIT
        return value, LOOKAHEAD

    strategies._lookahead = lookahead


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--length", type=int, choices=(6, 7), default=6)
    parser.add_argument("--vocabulary", default=None, help="default: the default vocabulary")
    parser.add_argument("--no-book", action="store_true", help="no rollout book (rows 1-4)")
    parser.add_argument("--value-function", action="store_true")
    parser.add_argument(
        "--move-times",
        action="store_true",
        help="time every move of the walk (one process, the endgame's memo emptied first)",
    )
    parser.add_argument(
        "--losses", action="store_true", help="add each row's loss by candidates left"
    )
    parser.add_argument("settings", nargs="*", metavar="MODULE.NAME=VALUE")
    args = parser.parse_args()

    from solver.deduce import evaluate as ev
    from solver.deduce import opening, strategies
    from solver.deduce.rules import default_sheet
    from solver.wordtools import lexicon

    shipped = opening.settings()
    opening.settings = lambda: shipped  # the stored book stays in play
    vocabulary = args.vocabulary or strategies.DEFAULT_VOCABULARY
    pool = lexicon.pool(args.length)
    setting = ev.Setting(default_sheet(args.length), "lookahead", pool, "familiar", vocabulary)
    if args.no_book:
        opening.BOOK_ROWS = 0
    if args.value_function:
        base = ev.walk(setting)  # the strategy's own walk, to learn from
        value_function_lookahead(loss_table(base.scores, base.known))
    for assignment in args.settings:
        name, value = assignment.split("=", 1)
        module, attribute = name.split(".")
        target = importlib.import_module(f"solver.deduce.{module}")
        if not hasattr(target, attribute):
            parser.error(f"solver.deduce.{module} has no {attribute}")
        setattr(target, attribute, eval(value, {}))  # numbers and tuples: a bench's input
    times: list[tuple[float, int, int]] = []  # seconds, row, candidates
    if args.move_times:
        from solver.deduce import endgame

        choose = strategies.choose

        def timed(deduction, sheet, row_index, *rest, **options):
            endgame._part_values.clear()  # as a new game meets the position: nothing known
            began = time.perf_counter()
            chosen = choose(deduction, sheet, row_index, *rest, **options)
            times.append((time.perf_counter() - began, row_index + 1, len(deduction.words)))
            return chosen

        strategies.choose = timed
    started = time.perf_counter()
    walked = ev.walk(setting)
    figures = {}
    for opponent in ("uniform", "familiar"):
        f = ev.figure(walked, opponent)
        figures[opponent] = {
            "expected": round(f.expected, 1),
            "ratio": round(f.ratio, 4),
            "ceiling_ratio": round(f.vocabulary_ratio, 4),
            "bounds": [round(b, 4) for b in f.bounds],
        }
    line = {
        "length": args.length,
        "vocabulary": vocabulary,
        "book": not args.no_book,
        "value_function": args.value_function,
        "settings": args.settings,
        "positions": walked.positions,
        "seconds": round(time.perf_counter() - started, 1),
        "figures": figures,
    }
    if times:
        seconds = np.array([t for t, _, _ in times])
        line["move_times_ms"] = {
            "moves computed": len(times),
            "median": round(float(np.median(seconds)) * 1000, 2),
            "p95": round(float(np.percentile(seconds, 95)) * 1000, 1),
            "max": round(float(seconds.max()) * 1000, 1),
            "slowest (ms, row, candidates)": [
                (round(t * 1000, 1), row, n) for t, row, n in sorted(times, reverse=True)[:3]
            ],
        }
    if args.losses:
        line["losses"] = losses_by_size(walked.scores, walked.known)
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
