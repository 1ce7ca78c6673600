"""The bot's Gameword: familiar, as the rules ask, and as hard to find as the difficulty says.

The rulebook's advice: a good Gameword has few "interior" words and unusual letter
combinations (POWWOW is harder than JINXES). We measure it rather than guess it: every
familiar word was played against by the strongest strategy (``lookahead``, guessing from
every word, as the hard bot does), and its round score is kept in
``data/hardness-{6,7}.tsv`` (word, score, oracle). A low score means a word whose letters
the solver pins down late and whose interior words pay little.

- ``hard``: drawn from the tenth of familiar words the solver scores least against.
- ``medium``: drawn from the middle of the range (30th to 70th percentile).
- ``easy``: common, friendly words: from the easy tier, the third the solver scores most
  against (found early, full of interior words).

The table is rebuilt with ``python -m solver.deduce.picks`` (several minutes; it records
the strategy settings, and the tests check it against fresh rounds).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from solver.deduce.rules import DIFFICULTIES as DIFFICULTIES
from solver.runtime import seeds
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

HARD_SHARE = 0.10
MEDIUM_RANGE = (0.30, 0.70)
EASY_SHARE = 1 / 3


@dataclass(frozen=True)
class Hardness:
    word: str
    score: int  # what the lookahead strategy scores against it in a round
    oracle: int  # what a player knowing it could score


def check_difficulty(difficulty: str) -> str:
    if difficulty not in DIFFICULTIES:
        raise UserError(
            f"unknown difficulty {difficulty!r} (choose from {', '.join(DIFFICULTIES)})"
        )
    return difficulty


def _table_name(length: int) -> str:
    return f"data/hardness-{length}.tsv"


@cache
def hardness(length: int) -> tuple[Hardness, ...]:
    """The measured table for a length, easiest-to-find first is not implied: sorted by word."""
    path = Path(__file__).parent / _table_name(length)
    if not path.is_file():
        raise UserError(f"no hardness table for {length}-letter words")
    rows = []
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        word, score, oracle = line.split("\t")
        rows.append(Hardness(word, int(score), int(oracle)))
    return tuple(rows)


def candidates_for(length: int, difficulty: str, lang: str = "en") -> tuple[str, ...]:
    """The words a difficulty draws from (other languages: the familiar pool, unmeasured)."""
    check_difficulty(difficulty)
    if lang != "en" or length not in (6, 7):
        return lexicon.words(length, "easy" if difficulty == "easy" else "familiar", lang)
    table = sorted(hardness(length), key=lambda h: (h.score, h.word))
    n = len(table)
    if difficulty == "hard":
        chosen = table[: max(1, round(n * HARD_SHARE))]
    elif difficulty == "medium":
        chosen = table[round(n * MEDIUM_RANGE[0]) : round(n * MEDIUM_RANGE[1])]
    else:
        easy = set(lexicon.words(length, "easy", lang))
        friendly = [h for h in table if h.word in easy]
        chosen = friendly[len(friendly) - max(1, round(len(friendly) * EASY_SHARE)) :]
    return tuple(sorted(h.word for h in chosen))


def never_picked(length: int, lang: str = "en") -> tuple[str, ...]:
    """Familiar words that no difficulty hides (English: those between the hard tenth and
    the medium range, and not easy), or, where every familiar word may be hidden, words
    outside the familiar tier. ``myword demo`` shows only these, so that a newcomer's first
    game never hides a word the demo has just given away."""
    picked = set().union(*(candidates_for(length, d, lang) for d in DIFFICULTIES))
    for tier in ("familiar", "all"):
        left = tuple(w for w in lexicon.words(length, tier, lang) if w not in picked)
        if left:
            return left
    raise UserError(f"every {length}-letter word may be hidden by a bot")


def pick(length: int, difficulty: str = "medium", seed: int | None = None, lang: str = "en") -> str:
    """A Gameword for the bot to hide, drawn with the seed from the difficulty's words;
    a ``UserError`` when the difficulty has no word of that length (a custom sheet's, an
    engine's view: "Cannot choose from an empty sequence" named nothing)."""
    words = candidates_for(length, difficulty, lang)
    if not words:
        raise UserError(f"no {length}-letter word to hide at difficulty {difficulty}")
    return seeds.rng(seed).choice(words)


def _measure(args: tuple[str, int]) -> Hardness:
    from solver.deduce.game import oracle, play_round
    from solver.deduce.rules import default_sheet

    word, length = args
    sheet = default_sheet(length)
    played = play_round(word, sheet, vocabulary="all")
    return Hardness(word, played.total, oracle(word, sheet))


def build_table(length: int, workers: int = 2) -> list[Hardness]:
    """Play the default strategy against every familiar word of the length."""
    from multiprocessing import Pool

    words = lexicon.words(length, "familiar")
    with Pool(workers) as pool:
        return pool.map(_measure, [(w, length) for w in words], chunksize=32)


def main() -> None:
    from solver.deduce.opening import settings

    for length in (6, 7):
        rows = build_table(length)
        path = Path(__file__).resolve().parent / _table_name(length)
        header = f"# word\tscore\toracle; lookahead strategy, settings {json.dumps(settings())}\n"
        path.write_text(header + "".join(f"{h.word}\t{h.score}\t{h.oracle}\n" for h in rows))
        print(f"wrote {path}: {len(rows)} words", file=sys.stderr)


if __name__ == "__main__":
    main()
