"""MY WORD!'s entry in the shared registry (``solver.arena.registry``): its kernel and word
tables for ``myword warm``, and the demo's race. Imported by ``solver.ui.games``; the calls
import the game lazily, so registering costs nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from solver.arena import registry

DEMO_PLAYERS = "hard,medium"  # the demo's race: a hard bot against a medium one


def best_cards(lang: str = "en") -> object:
    from solver.race import kernels
    from solver.race.index import encode_table, word_table

    vocabulary = word_table("familiar", lang)  # a table the demo reads too
    words = slice(0, 200)
    table = encode_table(["c", "a", "t", "er", "s", "?", "??"], lang)
    return kernels.claimable(*vocabulary.kernel_arrays(words), *table)


def build_table(tier: str, lang: str) -> object:
    from solver.race.index import word_table

    return word_table(tier, lang)


def table_where(tier: str, lang: str) -> Path | None:
    from solver.race.index import table_name
    from solver.runtime import tables
    from solver.wordtools import lexicon

    return tables.where(table_name(tier, lang), lexicon.sources(lang))


def bot_tiers() -> set[str]:
    """The tiers every bot level plays from."""
    from solver.race import bots

    return {bot.tier for bot in bots.LEVELS.values()}


def demo_tiers() -> set[str]:
    """The tiers the demo's bots play from."""
    from solver.race.bots import parse_players

    return {bot.tier for bot in parse_players(DEMO_PLAYERS)}


class DemoClaim(TypedDict):
    """A call of the demo's first round, by its player's name."""

    player: str
    word: str
    cards: list[str]
    valid: bool


class DemoRace(TypedDict):
    """The demo's race: the players, their totals and the first round's calls."""

    players: list[str]
    totals: list[int]
    first_round_claims: list[DemoClaim]


def race_game(seed: int | None = None, lang: str = "en") -> DemoRace:
    """A short MY WORD! race: a hard bot against a medium one, two rounds (in English)."""
    from solver.race.bots import parse_players
    from solver.race.game import play_game

    result = play_game(parse_players(DEMO_PLAYERS), seed)
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


registry.register(
    registry.Game(
        name="race",
        rank=1,
        source=__name__,
        kernel_module="solver.race.kernels",
        kernels=(registry.Kernel("best_cards", best_cards, in_demo=True),),
        tables=(
            registry.Table("race word table", build_table, table_where, bot_tiers, demo_tiers),
        ),
        second_process=True,
        demo=(registry.DemoPart("my_word_race", race_game, "solver.race.ui.demo:show_race"),),
        review="solver.race.review:review",
        saves=("race",),
    )
)
