"""Seeded tournaments for every game: one runner, in this process, in local worker
processes, or on a Dask cluster.

A tournament is a ``Tournament``: which game, the entries (strategies, bots or players),
how many games, the first seed and the game's options. Each game's ``bench`` module
plays game g of a tournament with ``play(spec, g)``, a top-level function that any worker
process or Dask worker can import, using nothing but the spec and g (the game's seed is
``spec.seed + g``). So game g comes out the same whoever plays it and in whatever order,
and the records are put back in game order before anything is summed.

A record is a JSON-ready dict: the game number, its seed and one result per entry (score,
share of the win in games played together, moves, seconds spent deciding, the per-row,
per-round or per-turn breakdown, and anything else the game measures). ``summary`` turns
the records into means with 95% confidence intervals; ``write_csv`` writes them one row per
game and entry; ``solver.plots`` draws them.
"""

from __future__ import annotations

import csv
import importlib
import math
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.errors import UserError

GAMES = {
    "deduce": "solver.deduce.bench",
    "deduce-match": "solver.deduce.match",
    "race": "solver.race.bench",
    "layout": "solver.layout.bench",
}
CONNECT_SECONDS = 10  # how long to try reaching a Dask scheduler
CHUNK_MOST = 50  # games sent to a worker at once: enough to hide the overhead, small
# enough that the progress bar moves and the work spreads evenly


@dataclass(frozen=True)
class Tournament:
    game: str  # a key of GAMES
    entries: tuple[str, ...]
    games: int
    seed: int
    options: tuple[tuple[str, Any], ...] = field(default=())

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "entries": list(self.entries),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }


def tournament(game: str, entries: Iterable[str], games: int, seed: int, **options) -> Tournament:
    return Tournament(game, tuple(entries), games, seed, tuple(sorted(options.items())))


def game_module(game: str):
    if game not in GAMES:
        raise UserError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def one_thread() -> None:
    """Numba kernels that use threads (``parallel=True``) get one each in a worker: the
    workers already fill the cores, and more threads than cores slow everything down."""
    import os
    import sys

    if "numba" in sys.modules:
        import numba

        numba.set_num_threads(1)
    else:
        os.environ["NUMBA_NUM_THREADS"] = "1"


def play_chunk(
    spec: Tournament, start: int, stop: int, in_worker: bool = False
) -> list[dict[str, Any]]:
    """Games ``start`` to ``stop - 1`` of the tournament (what a worker is sent)."""
    if in_worker:
        one_thread()
    module = game_module(spec.game)
    return [module.play(spec, g) for g in range(start, stop)]


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(CHUNK_MOST, math.ceil(games / (workers * 4))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run(
    spec: Tournament,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Every game's record, in game order. ``workers`` > 1: that many local processes;
    ``scheduler``: the address of a Dask distributed scheduler (its workers need myword
    installed). ``progress`` is told how many games have just finished."""
    game_module(spec.game).check(spec)
    if scheduler:
        records = _on_dask(spec, scheduler, progress)
    elif workers > 1:
        records = _in_processes(spec, workers, progress)
    else:
        records = []
        for g in range(spec.games):
            records.extend(play_chunk(spec, g, g + 1))
            if progress:
                progress(1)
    return sorted(records, key=lambda record: record["game"])


def _in_processes(
    spec: Tournament, workers: int, progress: Callable[[int], None] | None
) -> list[dict[str, Any]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    records: list[dict[str, Any]] = []
    context = multiprocessing.get_context("spawn")  # no forked Numba or thread state
    pool = ProcessPoolExecutor(workers, mp_context=context)
    try:
        futures = [
            pool.submit(play_chunk, spec, start, stop, True)
            for start, stop in _chunks(spec.games, workers)
        ]
        for future in as_completed(futures):
            chunk = future.result()
            records.extend(chunk)
            if progress:
                progress(len(chunk))
    finally:  # on Ctrl-C, drop the games not started rather than wait for them
        pool.shutdown(wait=True, cancel_futures=True)
    return records


def _on_dask(
    spec: Tournament, address: str, progress: Callable[[int], None] | None
) -> list[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UserError("--scheduler needs Dask distributed: pip install -e '.[cluster]'") from None
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError) as error:
        raise UserError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    records: list[dict[str, Any]] = []
    with client:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks = _chunks(spec.games, workers)
        futures = client.map(
            play_chunk,
            [spec] * len(chunks),
            [start for start, _ in chunks],
            [stop for _, stop in chunks],
            [True] * len(chunks),
            pure=False,
        )
        for future in as_completed(futures):
            chunk = future.result()
            records.extend(chunk)
            if progress:
                progress(len(chunk))
    return records


def interval(values: list[float]) -> float:
    """Half-width of a normal 95% confidence interval for the mean."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def _breakdown_means(results: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Mean and 95% interval at each position of the breakdowns (rows, rounds, turns),
    over the games that reached it."""
    longest = max((len(r["breakdown"]) for r in results), default=0)
    means = []
    for k in range(longest):
        values = [r["breakdown"][k] for r in results if len(r["breakdown"]) > k]
        means.append({"mean": statistics.fmean(values), "ci95": interval(values)})
    return means


def summary(spec: Tournament, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per entry: games, mean score with its 95% interval, win rate with its interval
    (games played together), time per move, the mean breakdown, and the game's own
    measures (``summarise`` in the game's bench module)."""
    module = game_module(spec.game)
    rows = []
    for e, name in enumerate(spec.entries):
        results = [r for record in records for r in record["results"] if r["entry"] == e]
        scores = [float(r["score"]) for r in results]
        row: dict[str, Any] = {
            "entry": e,
            "player": name,
            "games": len(results),
            "mean_score": statistics.fmean(scores),
            "score_ci95": interval(scores),
        }
        wins = [r["win"] for r in results if r.get("win") is not None]
        if wins:
            rate = sum(wins) / len(wins)
            row["wins"] = sum(wins)
            row["win_rate"] = rate
            row["win_rate_ci95"] = 1.96 * math.sqrt(rate * (1 - rate) / len(wins))
        timed = [r for r in results if r.get("seconds") is not None]
        if timed:
            moves = sum(r["moves"] for r in timed)
            row["seconds_per_move"] = sum(r["seconds"] for r in timed) / max(moves, 1)
        row.update(module.summarise(spec, results))
        row["breakdown"] = _breakdown_means(results)
        rows.append(row)
    return spec.to_json() | {
        "score": module.SCORE,
        "breakdown": module.BREAKDOWN,
        "players": rows,
    }


def write_csv(records: list[dict[str, Any]], path: Path) -> None:
    """One row per game and entry; extra measures as columns, the breakdown (and any other
    list) as one ``;``-separated cell."""
    extras = sorted({k for rec in records for r in rec["results"] for k in r.get("extra", {})})
    columns = ["game", "seed", "entry", "player", "seat", "score", "win", "moves", "seconds"]
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([*columns, *extras, "breakdown"])
        for record in records:
            for r in record["results"]:
                values = [record["game"], record["seed"]] + [r.get(c) for c in columns[2:]]
                values += [_cell(r.get("extra", {}).get(k)) for k in extras]
                writer.writerow([*values, _cell(r["breakdown"])])


def _cell(value: Any) -> Any:
    """Lists go into one CSV cell, ``;``-separated."""
    return ";".join(str(v) for v in value) if isinstance(value, list | tuple) else value
