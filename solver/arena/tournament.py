"""Seeded tournaments for every game: one runner, in this process, in local worker
processes, or on a Dask cluster.

A tournament is a ``Tournament``: which game, the entries (strategies, bots or players),
how many games, the first seed and the game's options. Each game's ``bench`` module
plays game g of a tournament with ``play(spec, g)``, a top-level function that any worker
process or Dask worker can import, using nothing but the spec and g (the game's seed is
``spec.seed + g``). So game g comes out the same whoever plays it and in whatever order;
games come back in chunks as they finish and are passed on in game order.

A record is a JSON-ready dict: the game number, its seed and one result per entry (score,
share of the win in games played together, moves, seconds spent deciding, the per-row,
per-round or per-turn breakdown, and anything else the game measures). ``play`` folds them
into running totals (``Tally``: means with 95% confidence intervals, plus the game's own
``tally``/``report``) and hands them to a sink (``csvfile.CsvWriter``) as they come, keeping
only the scores for the plots (``solver.ui.plots``): a long tournament costs little memory.
``run`` keeps every record, for notebooks and tests. A stopped tournament goes on from its
CSV (``csvfile.Previous``: ``play(..., before=...)``), counting each game once.

Where the games run: ``processes`` (local workers; one that dies ends the run in one
line), ``cluster`` (Dask; a run with no worker left says so while it waits).

Every interval of the package is computed here and nowhere else (the table, the JSON, the
plots and the notebooks read them from the summary): a mean's is Student's t
(``Moments.ci95``, ``t_quantile``), a win rate's is Wilson's score interval (``wilson``).
"""

from __future__ import annotations

import contextlib
import importlib
import math
from array import array
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from statistics import NormalDist
from typing import Any, NotRequired, TypedDict, cast

from solver.runtime.errors import UserError

GAMES = {
    "deduce": "solver.deduce.bench",
    "deduce-match": "solver.deduce.match",
    "race": "solver.race.bench",
    "layout": "solver.layout.bench",
}
CHUNK_MOST = 50  # games sent to a worker at once: enough to hide the overhead, small
# enough that the progress bar moves and the work spreads evenly


class TournamentSettings(TypedDict):
    """A tournament as JSON (``Tournament.to_json``): the head of its summary."""

    game: str
    entries: list[str]
    games: int
    seed: int
    options: dict[str, Any]  # the game's own options (each bench reads its own): open


class Result(TypedDict):
    """One entry's result in one game, as a bench's ``play`` gives it (and the CSV keeps
    it: ``csvfile``). Its keys come in the order each bench writes them."""

    entry: int
    player: str
    seat: int | str | None  # the seat (from 1), the side ("purple"), or None (solo)
    forfeit: str | None  # why it lost without finishing (an engine that failed)
    score: float
    win: float | None  # its share of the win, in games played together
    moves: int
    seconds: float | None  # spent deciding, over its moves (None: a virtual clock)
    breakdown: Sequence[float]  # by row, round or turn
    # The game's own measures (its bench's ``tally`` reads them): open to the arena.
    extra: NotRequired[Mapping[str, Any]]


class TournamentRecord(TypedDict):
    """One game of a tournament: its number, its seed and every entry's result."""

    game: int
    seed: int
    results: list[Result]


class WinRate(TypedDict):
    wins: float
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    win_rate_ci95: float


class MeanCi(TypedDict):
    mean: float
    ci95: float


class EntrySummary(TypedDict):
    """An entry's line of the summary (``Tally.summary``). The game's own measures (its
    bench's ``report``) come between the time per move and the forfeits: their keys are
    the game's, not typed here."""

    entry: int
    player: str
    games: int
    mean_score: float
    score_ci95: float
    wins: NotRequired[float]  # these five with games played together (``win_rate``)
    win_rate: NotRequired[float]
    win_rate_low: NotRequired[float]
    win_rate_high: NotRequired[float]
    win_rate_ci95: NotRequired[float]
    seconds_per_move: NotRequired[float]
    forfeits: NotRequired[int]
    forfeit_reason: NotRequired[str | None]
    breakdown: list[MeanCi]


class Summary(TournamentSettings):
    """A tournament's summary: what ``--json`` prints (with ``csv`` and ``plots`` when
    written) and what the table, the plots and the notebooks read."""

    score: str  # what a score is (the game's ``SCORE``)
    breakdown: str  # what it is broken down by (the game's ``BREAKDOWN``)
    players: list[EntrySummary]
    csv: NotRequired[str]
    plots: NotRequired[list[str]]


@dataclass(frozen=True)
class Tournament:
    """What decides a tournament's games (``tournament`` makes one): game g is played with
    seed ``seed + g``, so the same settings play the same games on any machine.

    Attributes:
        game: The game: ``deduce``, ``race`` or ``layout``.
        entries: The players' names, in the order the summary lists them.
        games: How many games.
        seed: The first game's seed.
        options: The game's options, as sorted (name, value) pairs.
    """

    game: str  # a key of GAMES
    entries: tuple[str, ...]
    games: int
    seed: int
    options: tuple[tuple[str, Any], ...] = field(default=())

    def option(self, name: str, default: Any = None) -> Any:
        """One of the game's options.

        Args:
            name: The option's name (a bench's, as ``--engine-time`` is ``engine_time``).
            default: What an option not given is.

        Returns:
            The option's value, or ``default``.
        """
        return dict(self.options).get(name, default)

    def to_json(self) -> TournamentSettings:
        """The settings as JSON (a summary's and a CSV's fingerprint hold them).

        Returns:
            ``game``, ``entries``, ``games``, ``seed`` and ``options``.
        """
        return {
            "game": self.game,
            "entries": list(self.entries),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }


def tournament(
    game: str, entries: Iterable[str], games: int, seed: int, **options: Any
) -> Tournament:
    """A tournament's settings; nothing is played until ``run`` or ``play``.

    Args:
        game: ``deduce``, ``race`` or ``layout``.
        entries: The players' names as the benches take them (a built-in, a registered
            name, ``module:attr``, ``path/to/file.py:attr``, ``engine:COMMAND ARGS``).
        games: How many games.
        seed: The first game's seed (game g plays with ``seed + g``).
        **options: The game's options, by the bench's names (``solo=True``...).

    Returns:
        The ``Tournament``.
    """
    return Tournament(game, tuple(entries), games, seed, tuple(sorted(options.items())))


def game_module(game: str):
    if game not in GAMES:
        raise UserError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def one_thread() -> None:
    """Kernels run on one thread each in a worker: the workers already fill the cores, and
    more threads than cores slow everything down. ``MYWORD_THREADS`` is what
    ``threads.use_threads`` reads before every kernel call."""
    import os

    os.environ["MYWORD_THREADS"] = "1"


def play_chunk(
    spec: Tournament, start: int, stop: int, in_worker: bool = False
) -> list[TournamentRecord]:
    """Games ``start`` to ``stop - 1`` of the tournament (what a worker is sent)."""
    if in_worker:
        one_thread()
    module = game_module(spec.game)
    return [module.play(spec, g) for g in range(start, stop)]


def _chunks(first: int, stop: int, workers: int) -> list[tuple[int, int]]:
    """Games ``first`` to ``stop - 1`` in chunks, about four per worker (at most
    ``CHUNK_MOST`` games each)."""
    size = max(1, min(CHUNK_MOST, math.ceil((stop - first) / (workers * 4))))
    return [(start, min(start + size, stop)) for start in range(first, stop, size)]


def run(
    spec: Tournament,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[TournamentRecord]:
    """Every game's record, in game order (kept in memory: for a few thousand games; a
    long tournament goes through ``play``, which keeps only running totals).

    Args:
        spec: The tournament (``tournament``).
        workers: Local processes to play in (``play``).
        scheduler: A Dask scheduler's address, or None (``play``).
        progress: Told how many games have just finished.

    Returns:
        Every game's record (``TournamentRecord``), game 0 first.
    """
    kept: list[TournamentRecord] = []
    play(spec, workers, scheduler, progress, kept.extend)
    return kept


@dataclass
class Outcome:
    """What a tournament gives: its summary and, for the plots, every score by entry.

    Attributes:
        summary: The summary (``Summary``), as ``--json`` prints it.
        scores: Every score of each entry, in game order, entries in their order.
    """

    summary: Summary
    scores: list[array]  # every score of each entry, in game order


def play(
    spec: Tournament,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_records: Callable[[list[TournamentRecord]], None] | None = None,
    before: Iterable[TournamentRecord] = (),
    on_wait: Callable[[str], None] | None = None,
    wait_note_seconds: float | None = None,
) -> Outcome:
    """Play the tournament: ``workers`` > 1 in that many local processes, ``scheduler``
    on a Dask distributed cluster (its workers need myword installed). Records are handed
    to ``on_records`` in game order as they come and folded into running totals, so a
    million games need no more memory than a hundred. ``progress`` is told how many games
    have just finished.

    ``before``: the records of games 0 to k - 1, played before (a resumed tournament: the
    CSV read back); they are counted first, as if just played, and the games from k on
    are played. ``on_wait`` is told, every ``wait_note_seconds`` (``cluster``'s default),
    why a Dask run that gets nothing back is waiting: no worker, or no scheduler.

    A local worker that dies ends the run with ``WorkersLost`` (one line: how it died);
    the games handed on so far are all whole, in order. A script that plays with
    ``workers`` > 1 starts it under ``if __name__ == "__main__":`` (each worker imports
    the script again).

    Args:
        spec: The tournament (``tournament``).
        workers: Local processes to play in (1: this one).
        scheduler: A Dask scheduler's address (``tcp://HOST:8786``), or None.
        progress: Told how many games have just finished.
        on_records: Handed each batch of records, in game order.
        before: The records of the games played before (a resumed tournament).
        on_wait: Told why a Dask run is waiting.
        wait_note_seconds: How often ``on_wait`` is told.

    Returns:
        The ``Outcome``: the summary and every score.
    """
    from solver.arena import cluster, processes

    if not spec.entries:
        raise UserError("name at least one player or strategy to play")
    game_module(spec.game).check(spec)
    tally = Tally(spec)
    for record in before:
        tally.add(record)
    first = tally.games
    if first >= spec.games:
        none: list[list[TournamentRecord]] = []
        chunks: Generator[list[TournamentRecord], None, None] = (chunk for chunk in none)
    elif scheduler:
        client = cluster.connect(scheduler)
        try:
            size = max(1, cluster.worker_count(client))
        except BaseException:
            client.close()
            raise
        chunks = cluster.on_dask(
            spec,
            client,
            scheduler,
            _chunks(first, spec.games, size),
            play_chunk,
            on_wait,
            cluster.WAIT_NOTE_SECONDS if wait_note_seconds is None else wait_note_seconds,
        )
    elif workers > 1:
        chunks = processes.in_processes(
            spec, _chunks(first, spec.games, workers), workers, play_chunk, one_thread
        )
    else:
        chunks = (play_chunk(spec, g, g + 1) for g in range(first, spec.games))
    try:
        with contextlib.closing(chunks):  # its workers stopped, whatever ends the run
            for chunk in _in_game_order(chunks, progress, first):
                for record in chunk:
                    tally.add(record)
                if on_records:
                    on_records(chunk)
    except SystemError as error:
        stop = interrupted(error)
        if stop is not None:  # Ctrl-C inside a Numba kernel: a Ctrl-C like any other
            raise stop from None
        raise
    return Outcome(tally.summary(), tally.scores)


def interrupted(error: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (or SIGTERM, SIGHUP: ``signals.Interrupted``) that ``error`` comes of, if
    any. A KeyboardInterrupt raised while a Numba kernel runs comes out as ``SystemError:
    CPUDispatcher(...) returned a result with an exception set``, the KeyboardInterrupt as
    its cause."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _in_game_order(
    chunks: Iterator[list[TournamentRecord]],
    progress: Callable[[int], None] | None,
    first: int = 0,
) -> Iterator[list[TournamentRecord]]:
    """Chunks as they finish, passed on in game order from game ``first`` (early ones
    wait for the gap to fill), so totals are summed in the same order whoever played the
    games."""
    waiting: dict[int, list[TournamentRecord]] = {}
    next_game = first
    for chunk in chunks:
        if progress:
            progress(len(chunk))
        waiting[chunk[0]["game"]] = chunk
        while next_game in waiting:
            ready = waiting.pop(next_game)
            next_game += len(ready)
            yield ready


CONFIDENCE = 0.95
Z95 = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)  # 1.959963984540054
SERIES_MOST = 1000  # degrees of freedom up to which the t quantile is found from its series


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: the t with P(T <= t) = p for ``df`` degrees of freedom.

    Why here and not SciPy: SciPy is a heavy dependency (and Numba imports it whenever it
    is installed, slowing every start-up), for one number per interval.

    How: up to ``SERIES_MOST`` degrees of freedom, the exact finite series of the t
    distribution for whole ``df`` (Abramowitz and Stegun 26.7.3 and 26.7.4, in the angle
    theta = atan(t / sqrt(df))), inverted by bisection on theta to the last bits of a
    float; above, the Cornish-Fisher expansion in the normal quantile (A&S 26.7.5, terms
    to 1/df**4), whose first omitted term is below 1e-13 there. Accuracy, for every whole
    df >= 1, against 40-digit values (mpmath): relative error below 1e-14 at p = 0.975,
    below 1e-12 for 1e-4 <= p <= 1 - 1e-4; further out the tangent near pi/2 costs
    digits (1e-10 at p = 1 - 1e-6 with df = 1). The tests check it against the closed
    forms for 1 and 2 degrees of freedom and the printed tables: t(0.975, 1) = 12.706,
    t(0.975, 2) = 4.303, t(0.975, 5) = 2.571, t(0.975, 30) = 2.042, 1.960 as df grows."""
    if df < 1 or df != int(df):
        raise ValueError(f"the t distribution needs whole degrees of freedom >= 1, not {df}")
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    return _t_cornish_fisher(p, int(df)) if df > SERIES_MOST else _t_series(p, int(df))


@cache
def _t_series(p: float, df: int) -> float:
    """Bisection on theta in [0, pi/2) of P(|T| <= t) = 2p - 1 (the series is increasing)."""
    target = 2.0 * p - 1.0
    low, high = 0.0, math.pi / 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break  # as close as floats go
        if _t_within(middle, df) < target:
            low = middle
        else:
            high = middle
    return math.sqrt(df) * math.tan((low + high) / 2)


def _t_within(theta: float, df: int) -> float:
    """P(|T| <= sqrt(df) tan theta) for T with ``df`` degrees of freedom (A&S 26.7.3-4)."""
    sine, cosine = math.sin(theta), math.cos(theta)
    if df % 2:  # odd: 2/pi (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...))
        term, total = cosine, 0.0
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= cosine * cosine * (2 * k) / (2 * k + 1)
        return 2.0 / math.pi * (theta + sine * total)
    term, total = 1.0, 0.0  # even: sin (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ...)
    for k in range(1, df // 2 + 1):
        total += term
        term *= cosine * cosine * (2 * k - 1) / (2 * k)
    return sine * total


def _t_cornish_fisher(p: float, df: int) -> float:
    z = NormalDist().inv_cdf(p)
    z2 = z * z
    g1 = z * (z2 + 1) / 4
    g2 = z * ((5 * z2 + 16) * z2 + 3) / 96
    g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384
    g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion: (low, high), within [0, 1].

    Why not the normal approximation p +- z sqrt(p (1 - p) / n): it collapses to +-0 at
    0% and 100% (no game lost is not proof of never losing), spills out of [0, 1] near
    them, and covers less than it claims in small samples; Wilson's interval does none of
    these and is as simple (Newcombe 1998, method 3; Agresti and Coull 1998).
    ``successes`` may be fractional (a tie shares the win); no trials give (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    rate = min(max(successes / n, 0.0), 1.0)
    spread = z * z / n
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / n + spread / (4 * n)) / (1 + spread)
    low = 0.0 if rate == 0.0 else max(0.0, centre - half)  # exact ends, not 1e-17
    high = 1.0 if rate == 1.0 else min(1.0, centre + half)
    return low, high


@dataclass
class Moments:
    """Running count, sum and sum of squares: a mean and its 95% interval, streamed (a
    million games cost three numbers)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval for the mean: Student's t with n - 1
        degrees of freedom, since the spread is estimated from the same few games (with 3
        games z = 1.96 would claim an interval 2.2 times too narrow). 0 below 2 games,
        where no spread can be estimated."""
        if self.n < 2:
            return 0.0
        variance = max(0.0, (self.squares - self.n * self.mean**2) / (self.n - 1))
        return t_quantile(0.5 + CONFIDENCE / 2, self.n - 1) * math.sqrt(variance / self.n)


@dataclass
class EntryTally:
    score: Moments = field(default_factory=Moments)
    wins: Moments = field(default_factory=Moments)
    seconds: float = 0.0
    timed_moves: int = 0
    timed: bool = False
    breakdown: list[Moments] = field(default_factory=list)
    # The game's own running totals (its bench's ``tally`` and ``report``): open here.
    extra: dict[str, Any] = field(default_factory=dict)
    forfeits: int = 0  # games it lost without finishing (an engine that failed)
    forfeit_reason: str | None = None  # the first one's, to show


class Tally:
    """Running totals of a tournament, per entry; every score is kept for the plots."""

    def __init__(self, spec: Tournament) -> None:
        self.spec = spec
        self.module = game_module(spec.game)
        self.entries = [EntryTally() for _ in spec.entries]
        self.scores = [array("d") for _ in spec.entries]  # 8 bytes a score
        self.games = 0

    def add(self, record: TournamentRecord) -> None:
        self.games += 1
        for result in record["results"]:
            entry = self.entries[result["entry"]]
            entry.score.add(float(result["score"]))
            self.scores[result["entry"]].append(float(result["score"]))
            if (win := result.get("win")) is not None:
                entry.wins.add(float(win))
            if (seconds := result.get("seconds")) is not None:
                entry.timed = True
                entry.seconds += seconds
                entry.timed_moves += result["moves"]
            if result.get("forfeit"):
                entry.forfeits += 1
                entry.forfeit_reason = entry.forfeit_reason or str(result["forfeit"])
            for k, value in enumerate(result["breakdown"]):
                if k == len(entry.breakdown):
                    entry.breakdown.append(Moments())
                entry.breakdown[k].add(float(value))
            self.module.tally(entry.extra, result)

    def summary(self) -> Summary:
        """Per entry: games, mean score with its 95% interval, win rate with its interval
        (games played together: ``win_rate``), time per move, the mean breakdown (rows,
        rounds, turns: over the games that reached each), the game's own measures, and,
        when it forfeited any, how many and the first reason (a result's ``forfeit``)."""
        rows: list[EntrySummary] = []
        for e, (name, entry) in enumerate(zip(self.spec.entries, self.entries, strict=True)):
            row = cast(
                EntrySummary,
                {  # its breakdown set last, after the game's own measures
                    "entry": e,
                    "player": name,
                    "games": entry.score.n,
                    "mean_score": entry.score.mean,
                    "score_ci95": entry.score.ci95,
                },
            )
            if entry.wins.n:
                row.update(win_rate(entry.wins.total, entry.wins.n))
            if entry.timed:
                row["seconds_per_move"] = entry.seconds / max(entry.timed_moves, 1)
            row.update(self.module.report(entry.extra, entry.score.n))
            if entry.forfeits:
                row["forfeits"] = entry.forfeits
                row["forfeit_reason"] = entry.forfeit_reason
            row["breakdown"] = [{"mean": m.mean, "ci95": m.ci95} for m in entry.breakdown]
            rows.append(row)
        return {
            **self.spec.to_json(),
            "score": self.module.SCORE,
            "breakdown": self.module.BREAKDOWN,
            "players": rows,
        }


def win_rate(wins: float, games: int) -> WinRate:
    """The summary's win keys: ``wins``, ``win_rate``, its Wilson 95% interval
    ``win_rate_low`` to ``win_rate_high``, and ``win_rate_ci95``, kept for readers of
    ``rate +- ci95``: the half-width of the narrowest interval centred on the rate that
    holds Wilson's (so ``rate +- ci95`` is still a 95% interval, a little wider than
    Wilson's near 0% and 100%, and never +-0)."""
    rate = wins / games
    low, high = wilson(wins, games)
    return {
        "wins": wins,
        "win_rate": rate,
        "win_rate_low": low,
        "win_rate_high": high,
        "win_rate_ci95": max(rate - low, high - rate),
    }


def summary(spec: Tournament, records: Iterable[TournamentRecord]) -> Summary:
    """The summary of records already played (``run``'s).

    Args:
        spec: The tournament they were played in.
        records: Its records, game 0 first.

    Returns:
        The ``Summary``: per entry the mean score and the win rate with their 95%
            intervals, and the game's own measures.
    """
    tally = Tally(spec)
    for record in records:
        tally.add(record)
    return tally.summary()
