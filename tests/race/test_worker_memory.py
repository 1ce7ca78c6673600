"""A race tournament worker's memory is bounded (issue 26, item 8): every cache its games
fill has a maximum size, and what the caches hold stops growing after a few games. The
figure (RSS over 2,000 games) is ``bench/race_soak.py``'s, not a test's.

Played in a process of its own: the caches other tests filled in this one are not the
race's."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PLAY_AND_COUNT = """
import functools, json, sys
from solver.arena.tournament import play_chunk, tournament

def caches():
    found = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("solver."):
            continue
        for attribute, value in list(vars(module).items()):
            if isinstance(value, functools._lru_cache_wrapper):
                info = value.cache_info()
                if info.currsize:
                    found[f"{name}.{attribute}"] = [info.currsize, info.maxsize]
    return found

spec = tournament("race", ["hard", "medium", "easy"], 24, 1980)
play_chunk(spec, 0, 12, in_worker=True)
after_12 = caches()
play_chunk(spec, 12, 24, in_worker=True)
print(json.dumps({"after_12": after_12, "after_24": caches()}))
"""


def _played() -> dict[str, dict[str, list[int]]]:
    done = subprocess.run(
        [sys.executable, "-c", PLAY_AND_COUNT],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_every_cache_a_race_worker_fills_is_bounded_and_stops_growing() -> None:
    """Each ``functools`` cache that 24 games fill has a ``maxsize`` (an unbounded one grows
    with every game a worker plays: a million games on Dask), and the entries they hold
    are as many after 24 games as after 12: the spelling cache is full within a few games
    and holds what one game asks again, not every game's."""
    found = _played()
    after = found["after_24"]
    assert "solver.race.claims._spelling" in after  # the games did fill the caches
    unbounded = sorted(name for name, (_, most) in after.items() if most is None)
    assert unbounded == []
    grown = {
        name: (found["after_12"].get(name, [0])[0], held)
        for name, (held, _) in after.items()
        if held > found["after_12"].get(name, [0])[0]
    }
    assert grown == {}
    assert sum(held for held, _ in after.values()) < 1000
