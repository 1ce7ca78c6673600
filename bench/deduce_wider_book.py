"""Screen: does the opening book gain from valuing guesses the lookahead does not rank first?

``python bench/deduce_wider_book.py --length 6 --top 24 --informative 8 --scoring 8``

One round of policy improvement on the shipped book (``rollout.build`` with it as ``base``):
at every position its play reaches on rows 1-5, the lookahead's ``--top`` best guesses, the
``--informative`` most informative ones (strategy ``entropy``) and the ``--scoring`` ones
that score most on the row (strategy ``points``) are each valued exactly to the end of the
round against the shipped book's later rows, for both figures (``ROLLOUT_OBJECTIVE``), and
the best is kept. The book's own move is among them, so the new book never scores less on
that objective. Then the exact walk with the new book in use, both figures. Prints one JSON
line; ``--out`` keeps the book built.

Why a screen and not a setting: the shipped book values the lookahead's 8 best (round 2 of
``docs/deduce-strength.md``); this asks whether a wider or different set of guesses would
find the points the 0.86 goal needs (issue 27, item 7).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable


def widened(
    original: Callable, informative: int, scoring: int
) -> Callable:  # rollout._candidates' shape
    """``rollout._candidates`` with the extra guesses after the lookahead's (ranks from
    ``top`` on, informative first), each split by the scores it can draw."""
    from solver.deduce import candidates as cand
    from solver.deduce import rollout, strategies

    def candidates(setting, codes, position, top):
        found = original(setting, codes, position, top)
        have = {c.choice.guess for c in found}
        sheet, r, members = setting.sheet, position.row_index, position.members
        deduction = cand.among(setting.pool, members, setting.prior)
        extra = []
        for strategy, count in (("entropy", informative), ("points", scoring)):
            if not count:
                continue
            ranked = strategies.choose(
                deduction, sheet, r, strategy, setting.pool.lang, top + len(extra) + count,
                vocabulary=setting.vocabulary,
            )  # fmt: skip
            new = [c for c in ranked if c.guess not in have][:count]
            have |= {c.guess for c in new}
            extra += new
        found += [
            rollout.candidate(setting, codes, position, c, top + i) for i, c in enumerate(extra)
        ]
        return found

    return candidates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--length", type=int, choices=(6, 7), default=6)
    parser.add_argument("--top", type=int, default=8, help="the lookahead's best (at most 24)")
    parser.add_argument("--informative", type=int, default=4)
    parser.add_argument("--scoring", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=None, help="keep the book built (JSON)")
    args = parser.parse_args()

    from solver.deduce import evaluate as ev
    from solver.deduce import opening, rollout, strategies
    from solver.deduce.rules import default_sheet
    from solver.wordtools import lexicon

    shipped = opening.stored_positions()
    if not shipped:
        parser.error("the stored book does not match the code's settings")
    rollout._candidates = widened(rollout._candidates, args.informative, args.scoring)
    vocabulary = strategies.DEFAULT_VOCABULARY
    pool = lexicon.pool(args.length)
    setting = ev.Setting(default_sheet(args.length), "lookahead", pool, "familiar", vocabulary)
    started = time.perf_counter()
    rolled = rollout.build(
        setting,
        opening.BOOK_ROWS,
        args.top,
        opening.ROLLOUT_OBJECTIVE,
        shipped,
        args.workers,
        lambda line: print(line, flush=True),
    )
    built = time.perf_counter() - started
    book = dict(shipped) | rollout.position_entries(setting, rolled)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(book, out)
    figures = {}
    for name, positions in (("shipped", shipped), ("wider", book)):
        with opening.positions_in_use(positions):
            walked = ev.walk(setting, workers=args.workers)
        figures[name] = {
            opponent: round(ev.figure(walked, opponent).expected, 1)
            for opponent in ("uniform", "familiar")
        }
    ranks = [entry.policy_ranks[0] for entry in rolled]
    before = [shipped.get(rollout.walked_position_key(setting, entry.position)) for entry in rolled]
    changed = sum(
        old is None or old["choices"][0]["guess"] != entry.choices[0].guess
        for old, entry in zip(before, rolled, strict=True)
    )
    print(
        json.dumps(
            {
                "length": args.length,
                "top": args.top,
                "informative": args.informative,
                "scoring": args.scoring,
                "positions": len(rolled),
                "changed": changed,  # positions whose move differs from the shipped book's
                "chosen_from_extra": sum(rank >= args.top for rank in ranks),
                "build_seconds": round(built),
                "figures": figures,
                "gain": {
                    opponent: round(figures["wider"][opponent] - figures["shipped"][opponent], 1)
                    for opponent in ("uniform", "familiar")
                },
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
