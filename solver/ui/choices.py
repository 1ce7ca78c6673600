"""The games the app's menu offers, by the names their saves and records carry.

Why a module of its own: the menu (``app.py``) and the record (``record.py``) both name the
games by their titles, and the app opens the record's screen, so the list sits below both.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameChoice:
    """One game on the menu: the name its saves carry, its title, what it is, and the
    module of its screens (imported when the game is chosen, so the menu starts fast)."""

    key: str
    title: str
    blurb: str
    screens: str


GAMES = (
    GameChoice(
        "deduce",
        "What's My Word?",
        "Hide a word from the bot; find its word from the scores of your guesses.",
        "solver.deduce.ui.screens",
    ),
    GameChoice(
        "race",
        "MY WORD!",
        "Race the bots to claim words from the letter cards dealt face up.",
        "solver.race.ui.screens",
    ),
    GameChoice(
        "layout",
        "My Word (1980)",
        "Lay cards with letter pairs on their edges to make 4-letter words.",
        "solver.layout.ui.screens",
    ),
    GameChoice(
        "assist",
        "What's My Word? assistant",
        "Playing a person at the table? Keep both sheets, score theirs, get advice.",
        "solver.deduce.ui.assist_screen",
    ),
)
GAMES_BY_KEY = {game.key: game for game in GAMES}


def title(key: str) -> str:
    """A game's title by the name its saves and records carry (the name itself if unknown)."""
    choice = GAMES_BY_KEY.get(key)
    return choice.title if choice is not None else key
