"""What ``myword demo`` shows, as data: the CLI renders it or prints it as JSON.

The dictionaries at work (how many words each tier holds, familiar samples, a few words
checked, a pool drawn from a page of text), then each game: a What's My
Word? round and a whole bot match, a MY WORD! race, a My Word (1980) game.
"""

from __future__ import annotations

from pathlib import Path

from solver import lexicon, seeds
from solver.wordcheck import check_word

RACE_PLAYERS = "hard,medium"
# The kernels the demo's games call, compiled first on a progress bar (``warm_steps``); the
# others (``myword warm`` compiles them all) would only lengthen a first demo.
WARMED_KERNELS = (
    "deduce.history_mismatches",
    "deduce.guess_statistics",
    "deduce.score_matrix",
    "deduce.max_units",
    "deduce.part_shortlist_statistics",
    "race.best_cards",
    "layout.legal_moves",
)
DEMO_CHECKS = ("tables", "jumped", "nephew", "ballet", "London", "etc", "cwm")
DEMO_LENGTHS = tuple(range(2, 11))
SAMPLE_PAGE = Path("samples") / "page.txt"


def warm_steps(lang: str = "en") -> list:
    """What the demo compiles and reads, as ``warm`` steps: its kernels and the word tables
    of its race's bots. Not the word index: it would cost a fresh install 2 s for the seven
    words the demo checks, which it reads from the lists instead (``myword warm`` builds it).
    """
    from solver import warm
    from solver.race.bots import parse_players

    tiers = {bot.tier for bot in parse_players(RACE_PLAYERS)}
    return warm.steps([lang], WARMED_KERNELS, tiers, word_index=False)


def deduce_round(seed: int | None = None, lang: str = "en") -> dict[str, object]:
    """The bot plays one What's My Word? round against a seeded familiar 6-letter word, one
    that no bot hides (``picks.never_picked``): the demo gives away no word of a real game."""
    from solver.deduce import default_sheet
    from solver.deduce.game import oracle, play_round
    from solver.deduce.picks import never_picked

    sheet = default_sheet(6)
    gameword = seeds.rng(seed).choice(never_picked(6, lang))
    result = play_round(gameword, sheet, lang=lang)
    return dict(result.to_json(), oracle=oracle(gameword, sheet, lang))


def deduce_match(seed: int | None = None, lang: str = "en") -> dict[str, object]:
    """One whole two-round game, lookahead (Purple) against points (Red), on words no bot
    hides in a real game."""
    from solver.deduce.match import play_game
    from solver.deduce.picks import never_picked

    words = lambda length: never_picked(length, lang)  # noqa: E731
    return play_game("lookahead", "points", seeds.derived(seed, "match"), "medium", lang, words)


def race_game(seed: int | None = None) -> dict[str, object]:
    """A short MY WORD! race: a hard bot against a medium one, two rounds."""
    from solver.race.bots import parse_players
    from solver.race.game import play_game

    result = play_game(parse_players(RACE_PLAYERS), seed)
    return {
        "players": result.players,
        "totals": result.totals,
        "first_round_claims": [
            {
                "player": result.players[c.player],
                "word": c.word,
                "cards": list(c.cards),
                "valid": c.valid,
            }
            for c in result.rounds[0].claims
        ],
    }


def layout_game(seed: int | None = None) -> dict[str, object]:
    """A My Word (1980) game, beam against greedy: the whole log (it replays)."""
    from solver.layout.game import play_game

    return play_game(["beam", "greedy"], seed).log


def dictionary_tour(seed: int | None = None, lang: str = "en") -> dict[str, object]:
    """Sizes, seeded familiar samples, word checks and a page-of-text pool, JSON-ready. The
    samples too are words no bot hides."""
    from solver.deduce.picks import never_picked

    rng = seeds.rng(seed)
    counts = lexicon.length_counts(lang)
    page = lexicon.dictionaries_dir() / SAMPLE_PAGE
    page_pool = lexicon.pool(6, lang=lang, from_text=page) if lang == "en" else None
    return {
        "seed": seeds.DEFAULT_SEED if seed is None else seed,
        "lang": lang,
        "language": lexicon.language(lang).name,
        "totals": {tier: sum(by_length.values()) for tier, by_length in counts.items()},
        "counts": {
            tier: {n: by_length.get(n, 0) for n in DEMO_LENGTHS}
            for tier, by_length in counts.items()
        },
        "familiar_samples": {n: sorted(rng.sample(never_picked(n, lang), 8)) for n in (6, 7)},
        "checks": [check_word(w, lang, build_index=False).to_json() for w in DEMO_CHECKS]
        if lang == "en"
        else [],
        "page_pool": None
        if page_pool is None
        else {"source": page_pool.source, "length": 6, "words": list(page_pool.words)},
    }
