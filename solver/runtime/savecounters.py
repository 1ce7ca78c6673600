"""The move counters of saved games: for each game's identity, the move (the number of
times it was saved) of its latest save, kept beside the saves' key (``counters.json`` in
the data folder).

Why: a save is signed, so it cannot be changed, but without this an older save of a game
(copied aside, then copied back) was as good as the latest, and a player could try a row's
Guessword again and again (issue 26). With it, a save whose move is below its game's
counter is an older copy, refused.

The file has an identity of its own (``store``), new each time it is made anew, which
every save records: a save written under another store (the file deleted, damaged, or a
save from another install sharing the key) cannot be checked, and says so.

Written whole or not at all (``durable``), and read and changed by one process at a time
(the caller holds the data folder, ``savelocks.folder_held``).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from solver.runtime import durable

FILE = "counters.json"
FORMAT = "myword-counters"


@dataclass(frozen=True)
class Counters:
    """The counters as read: ``problem`` is None, ``"missing"`` or ``"damaged"`` (then
    ``games`` is empty and ``store`` new, as the file will be when next written)."""

    store: str
    games: dict[str, int] = field(default_factory=dict)
    problem: str | None = None


def path(folder: Path) -> Path:
    return folder / FILE


def _fresh(problem: str | None) -> Counters:
    return Counters(store=secrets.token_hex(16), problem=problem)


def load(folder: Path) -> Counters:
    """The counters kept in ``folder``; a fresh, empty set when the file is missing or
    cannot be read as one (never an exception: a damaged file must not block every
    game)."""
    try:
        text = path(folder).read_text("utf-8")
    except FileNotFoundError:
        return _fresh("missing")
    except (OSError, ValueError):
        return _fresh("damaged")
    try:
        data = json.loads(text)
        store, games = data["store"], data["games"]
        valid = (
            data.get("format") == FORMAT
            and isinstance(store, str)
            and isinstance(games, dict)
            and all(isinstance(m, int) and not isinstance(m, bool) for m in games.values())
        )
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        valid = False  # (RecursionError: arrays nested thousands deep)
    if not valid:
        return _fresh("damaged")
    return Counters(store=store, games=games)


def record(folder: Path, counters: Counters, identity: str, move: int) -> Counters:
    """Write ``counters`` with ``identity`` at ``move``; the counters as now kept. Raises
    ``OSError`` when the file cannot be written (the previous one is left)."""
    kept = Counters(store=counters.store, games=counters.games | {identity: move})
    text = json.dumps({"format": FORMAT, "store": kept.store, "games": kept.games})
    durable.clean(path(folder))  # a killed writer's leftovers: we hold the folder
    durable.write(text.encode("utf-8") + b"\n", path(folder))
    return kept
