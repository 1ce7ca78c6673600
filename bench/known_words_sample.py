"""Does the default bot and advice keep to words a person knows? The sample behind
``docs/known-words.md``.

    python bench/known_words_sample.py --workers 2 > bench/results/known-words-sample.json
    python bench/known_words_sample.py --tables bench/results/known-words-sample.json

1. Every Guessword the default strategy chooses over the whole game tree of the familiar
   pool (``deduce evaluate``'s walk, at 6 and 7 letters, default vocabulary and prior),
   with how many Gamewords meet it, its tier and its Zipf frequency.
2. The advisor's recommendations (``advisor.advise``, every choice it shows, default
   settings) on a sample of positions: for Gamewords drawn with a fixed seed, the history
   the default bot plays against each up to a row drawn with the same seed, in English and
   in Spanish.

Each word is checked against the measure (``lexicon.tier_of`` in ``easy``/``familiar``),
except on the last row, where naming a candidate (the hidden word itself) is always
allowed. The script prints JSON: the words, and those that break the measure (none, when
it holds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

KNOWN = ("easy", "familiar")


def word_facts(word: str, lang: str) -> dict[str, object]:
    from solver.wordtools import lexicon

    tier = lexicon.tier_of(word, lang)
    return {"word": word, "tier": tier, "zipf": lexicon.zipf(word, lang), "known": tier in KNOWN}


def walked(length: int, workers: int, lang: str = "en") -> dict[str, object]:
    """The default strategy's Guesswords over the whole familiar pool's game tree."""
    from solver.deduce import evaluate
    from solver.deduce.rules import default_sheet
    from solver.deduce.strategies import DEFAULT_STRATEGY, DEFAULT_VOCABULARY
    from solver.wordtools import lexicon

    sheet = default_sheet(length)
    pool = lexicon.pool(length, lang=lang)
    setting = evaluate.Setting(sheet, DEFAULT_STRATEGY, pool, "familiar", DEFAULT_VOCABULARY)
    started = time.perf_counter()
    result = evaluate.walk(setting, workers)
    pooled = frozenset(pool.words)
    words: dict[str, dict[str, object]] = {}
    for (row, guess), gamewords in sorted(result.played.items()):
        entry = words.setdefault(guess, {**word_facts(guess, lang), "rows": {}, "gamewords": 0})
        entry["rows"][row + 1] = entry["rows"].get(row + 1, 0) + gamewords  # type: ignore[index]
        entry["gamewords"] = int(entry["gamewords"]) + gamewords  # type: ignore[call-overload]
        last = sheet.is_last(row)
        entry["last_row_candidate"] = bool(last and guess in pooled)
    breaking = [
        w for w, e in words.items() if not e["known"] and not e.get("last_row_candidate", False)
    ]
    return {
        "length": length,
        "vocabulary": DEFAULT_VOCABULARY,
        "positions": result.positions,
        "distinct_guesswords": len(words),
        "seconds": round(time.perf_counter() - started, 1),
        "breaking": breaking,
        "words": words,
    }


def advised(positions: int, seed: int, lang: str) -> dict[str, object]:
    """The advisor's choices on positions the default bot reaches against drawn words."""
    from solver.deduce import candidates as cand
    from solver.deduce.advisor import advise
    from solver.deduce.bots import LEVELS, bot_guess
    from solver.deduce.rules import default_sheet, score
    from solver.wordtools import lexicon

    rng = random.Random(seed)
    sampled = []
    for _ in range(positions):
        length = rng.choice((6, 7))
        sheet = default_sheet(length)
        word = rng.choice(lexicon.words(length, "familiar", lang))
        rows = rng.randrange(len(sheet.rows))  # rows already played: 0 to 10
        history: list[cand.Turn] = []
        for r in range(rows):
            guess = bot_guess(LEVELS["hard"], history, sheet, random.Random(seed), lang=lang)
            row = sheet.rows[r]
            history.append(cand.Turn(guess, score(word, guess, row.offset, sheet.is_last(r))))
        advice = advise(history, sheet, lang=lang)
        last = sheet.is_last(rows)
        choices = []
        for choice in advice.choices:
            facts = word_facts(choice.guess, lang)
            facts["candidate"] = choice.guess in advice.deduction.words
            facts["ok"] = facts["known"] or (last and facts["candidate"])
            choices.append(facts)
        sampled.append(
            {
                "gameword": word,
                "history": ", ".join(f"{t.guess.upper()} {t.heard}" for t in history),
                "row": rows + 1,
                "vocabulary": advice.vocabulary,
                "choices": choices,
            }
        )
    breaking = [c["word"] for s in sampled for c in s["choices"] if not c["ok"]]  # type: ignore[index, attr-defined]
    return {"lang": lang, "seed": seed, "positions": sampled, "breaking": breaking}


def tables(report: dict) -> str:
    """The sample as Markdown for docs/known-words.md: each walk's summary and its rarest
    Guesswords, and every advised position with its choices."""
    out = [
        "| letters | positions | Guesswords played | rarest (Zipf) | outside the measure |",
        "|---|---|---|---|---|",
    ]
    for walk in report["walks"]:
        words = sorted(walk["words"].values(), key=lambda e: (e["zipf"], e["word"]))
        rarest = ", ".join(f"{e['word'].upper()} {e['zipf']:.2f}" for e in words[:12])
        out.append(
            f"| {walk['length']} | {walk['positions']:,} | {walk['distinct_guesswords']:,} | "
            f"{rarest} | {len(walk['breaking'])} |"
        )
    for advice in report["advice"]:
        out += ["", f"Advice, `--lang {advice['lang']}` (seed {advice['seed']}):", ""]
        out += ["| Gameword | row | scores heard | advised (tier, Zipf) |", "|---|---|---|---|"]
        for position in advice["positions"]:
            shown = ", ".join(
                f"{c['word'].upper()} ({c['tier']}, {c['zipf']:.2f}"
                + (", candidate" if c["candidate"] and not c["known"] else "")
                + ")"
                for c in position["choices"]
            )
            heard = position["history"] or "(none)"
            word = position["gameword"].upper()
            out.append(f"| {word} | {position['row']} | {heard} | {shown} |")
        out.append(f"\nOutside the measure: {len(advice['breaking'])}.")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=40, help="advice positions per language")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--lengths", default="6,7")
    parser.add_argument("--tables", metavar="JSON", help="print a saved sample as Markdown")
    args = parser.parse_args(argv)
    if args.tables:
        with open(args.tables, encoding="utf-8") as saved:
            print(tables(json.load(saved)), end="")
        return 0
    report = {
        "walks": [walked(int(n), args.workers) for n in args.lengths.split(",") if n],
        "advice": [advised(args.positions, args.seed, lang) for lang in ("en", "es")],
    }
    json.dump(report, sys.stdout, indent=1, ensure_ascii=False)
    print()
    broken = sum(len(w["breaking"]) for w in report["walks"]) + sum(
        len(a["breaking"]) for a in report["advice"]
    )
    print(f"words breaking the measure: {broken}", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
