"""A race tournament worker's memory over many games (issue 26, item 8): not part of the
suite (2,000 games take minutes).

Plays games 0..N-1 of a race tournament in this one process, down the path a tournament's
worker takes (``tournament.play_chunk``, a game at a time), and samples the process's
resident memory every ``--every`` games: RSS, and within it the anonymous part (what the
process allocated: caches, objects) and the file-backed part (the memory-mapped word
tables and the libraries, shared with every other process and given back under pressure).
Beside each sample, the entries held by every ``functools`` cache of the race's play path,
so that a cache that keeps growing is named.

    .venv/bin/python bench/race_soak.py --games 2000 --every 100
    .venv/bin/python bench/race_soak.py --games 2000 --players hard,hard --lang es --json

The last lines give RSS at the first sample and at the last, and the growth per game
between them (KB a game): a bounded worker levels off once its caches are full.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from typing import Any

MODULES = (  # the modules of the race's play path whose caches are watched
    "solver.race.claims",
    "solver.race.index",
    "solver.race.seats",
    "solver.race.deck",
    "solver.race.bots",
    "solver.race.state",
    "solver.race.bench",
    "solver.arena.seats",
    "solver.arena.tournament",
    "solver.wordtools.lexicon",
)


def memory_kb() -> dict[str, int]:
    """VmRSS, RssAnon and RssFile of this process, in KB (Linux's /proc/self/status)."""
    wanted = {"VmRSS": "rss", "RssAnon": "anon", "RssFile": "file"}
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in wanted:
                found[wanted[name]] = int(value.split()[0])
    return found


def cache_sizes() -> dict[str, int]:
    """Entries held by each ``functools`` cache of the watched modules (non-empty ones)."""
    sizes = {}
    for name in MODULES:
        module = sys.modules.get(name)
        for attribute, value in vars(module or object()).items():
            info = getattr(value, "cache_info", None)
            if isinstance(value, functools._lru_cache_wrapper) and info is not None:
                size = info().currsize
                if size:
                    sizes[f"{name.removeprefix('solver.')}.{attribute}"] = size
    return sizes


def soak(games: int, every: int, players: str, lang: str, seed: int) -> list[dict[str, Any]]:
    from solver.arena.tournament import play_chunk, tournament

    spec = tournament("race", players.split(","), games, seed, lang=lang)
    samples = []
    started = time.perf_counter()
    for g in range(games):
        play_chunk(spec, g, g + 1, in_worker=True)
        if (g + 1) % every == 0 or g == 0:
            sample = {"games": g + 1, "seconds": round(time.perf_counter() - started, 1)}
            sample |= memory_kb() | {"caches": cache_sizes()}
            samples.append(sample)
            print(json.dumps(sample), file=sys.stderr, flush=True)
    return samples


def summary(samples: list[dict[str, Any]], every: int) -> dict[str, Any]:
    """RSS at the first full sample (game ``every``) and at the last, and the KB a game
    between them, for RSS and its anonymous part."""
    first = next(s for s in samples if s["games"] >= every)
    last = samples[-1]
    span = max(last["games"] - first["games"], 1)
    return {
        "from_game": first["games"],
        "to_game": last["games"],
        "rss_kb": [first["rss"], last["rss"]],
        "anon_kb": [first["anon"], last["anon"]],
        "rss_kb_per_game": round((last["rss"] - first["rss"]) / span, 2),
        "anon_kb_per_game": round((last["anon"] - first["anon"]) / span, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--players", default="hard,medium,easy")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=1980)
    parser.add_argument("--json", action="store_true", help="the samples and summary as JSON")
    options = parser.parse_args()
    samples = soak(options.games, options.every, options.players, options.lang, options.seed)
    result = summary(samples, options.every)
    if options.json:
        print(json.dumps({"samples": samples, "summary": result}))
        return
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
