"""What's My Word?'s entry in the shared registry (``solver.arena.registry``): the kernels
``myword warm`` compiles, the demo's round and bot match, and the words the demo may show
(none that a bot hides). Imported by ``solver.ui.games``; the calls import the game lazily, so
registering costs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from solver.arena import registry
from solver.runtime import seeds

if TYPE_CHECKING:
    from solver.deduce.game import OracleRound
    from solver.deduce.match import DemoMatch

# The kernels, in warm's order; the demo's games call those marked (compiled before it).
KERNELS = (
    ("score_against", False),
    ("history_mismatches", True),
    ("guess_statistics", True),
    ("score_matrix", True),
    ("lookahead_units", False),
    ("max_units", True),
    ("part_shortlist_statistics", True),
)


def _inputs():
    import numpy as np

    from solver.wordtools import lexicon

    candidates = lexicon.encode(["ballet", "nephew", "tables", "jumped", "london"])
    guesses = lexicon.encode(["den", "sod", "ebb", "tab"])
    weights = np.full(len(candidates), 1 / len(candidates))
    return candidates, guesses, weights


def score_against(lang: str = "en") -> object:
    from solver.deduce import kernels

    candidates, guesses, _ = _inputs()
    return kernels.score_against(candidates, guesses[0], 1, False)


def history_mismatches(lang: str = "en") -> object:
    from solver.deduce import default_sheet
    from solver.deduce.candidates import Turn, mismatches

    candidates, _, _ = _inputs()
    history = [Turn("so", 0), Turn("den", 1250), Turn("ebb", 1000)]
    return mismatches(history, default_sheet(6), candidates, "en")


def guess_statistics(lang: str = "en") -> object:
    from solver.deduce import kernels

    candidates, guesses, weights = _inputs()
    return kernels.guess_statistics(candidates, weights, guesses, 1, False)


def score_matrix(lang: str = "en") -> object:
    from solver.deduce import kernels

    candidates, guesses, _ = _inputs()
    return kernels.score_matrix(candidates, guesses, 1, False)


def lookahead_units(lang: str = "en") -> object:
    from solver.deduce import kernels

    candidates, guesses, weights = _inputs()
    following = kernels.score_matrix(candidates, guesses, 2, False)
    return kernels.lookahead_units(candidates, weights, guesses, 1, False, following)


def part_shortlist_statistics(lang: str = "en") -> object:
    """Through the endgame search, which alone calls it: a search near the end of a round."""
    import numpy as np

    from solver.deduce import default_sheet, endgame

    candidates, _, _ = _inputs()
    sheet = default_sheet(candidates.shape[1])
    return endgame.endgame_values(
        candidates[:3], np.ones(3), sheet, len(sheet.rows) - 3, "en", "core"
    )


def max_units(lang: str = "en") -> object:
    from solver.deduce import kernels

    return kernels.max_units(6)


def deduce_round(seed: int | None = None, lang: str = "en") -> OracleRound:
    """The bot plays one What's My Word? round against a seeded familiar 6-letter word, one
    that no bot hides (``picks.never_picked``): the demo gives away no word of a real game."""
    from solver.deduce import default_sheet
    from solver.deduce.game import oracle, play_round
    from solver.deduce.picks import never_picked

    sheet = default_sheet(6)
    gameword = seeds.rng(seed).choice(never_picked(6, lang))
    result = play_round(gameword, sheet, lang=lang)
    return {**result.to_json(), "oracle": oracle(gameword, sheet, lang)}


def deduce_match(seed: int | None = None, lang: str = "en") -> DemoMatch:
    """One whole two-round game, lookahead (Purple) against points (Red), on words no bot
    hides in a real game."""
    from solver.deduce.match import game_seed, play_game
    from solver.deduce.picks import never_picked

    words = lambda length: never_picked(length, lang)  # noqa: E731
    base = seeds.DEFAULT_SEED if seed is None else seed
    game = play_game("lookahead", "points", game_seed(base, 0), "medium", lang, words)
    # the demo's document is the same for the same seed: without the seconds
    return cast("DemoMatch", {k: v for k, v in game.items() if k != "seconds"})


def never_picked(length: int, lang: str) -> tuple[str, ...]:
    """Familiar words no bot hides (``picks.never_picked``): the ones the demo may show."""
    from solver.deduce.picks import never_picked as unpicked

    return unpicked(length, lang)


registry.register(
    registry.Game(
        name="deduce",
        rank=0,
        source=__name__,
        kernel_module="solver.deduce.kernels",
        kernels=tuple(registry.Kernel(name, globals()[name], in_demo) for name, in_demo in KERNELS),
        demo=(
            registry.DemoPart("whats_my_word", deduce_round, "solver.deduce.ui.demo:show_round"),
            registry.DemoPart("bot_match", deduce_match, "solver.deduce.ui.demo:show_match"),
        ),
        shown_words=never_picked,
        review="solver.deduce.review:review",
        saves=("deduce",),
    )
)
