"""A tournament's games on a Dask distributed cluster (``--scheduler ADDRESS``).

Dask plays a chunk again on another worker when the one playing it dies, so a run goes on
as long as workers are left; with none left it would wait for ever without a word. So while
no chunk comes back, every ``WAIT_NOTE_SECONDS`` the run asks the scheduler how many workers
it has, and says so (``on_wait``) when there are none or the scheduler is unreachable:
``waiting for a Dask worker at tcp://...: none connected``. Ctrl-C stops it there as
anywhere. A chunk that killed every worker it was given (Dask's ``KilledWorker``: memory,
most often) ends the run in one line (``WorkersLost``).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING

from solver.arena.processes import WorkersLost
from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from solver.arena.tournament import Tournament, TournamentRecord

CONNECT_SECONDS = 10  # how long to try reaching a Dask scheduler
WAIT_NOTE_SECONDS = 10.0  # with no chunk back for this long, look for workers and say why
WAKE_SECONDS = 0.1  # how often the wait looks up (as Dask's own as_completed does)


def connect(address: str):
    """A Dask client of the scheduler at ``address``, or a one-line error."""
    try:
        from distributed import Client
    except ImportError:
        raise UserError(
            "--scheduler needs Dask distributed: pip install 'myword-games[cluster]'"
        ) from None
    try:
        with quiet_logs():
            return Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError, ValueError) as error:  # ValueError: a malformed address
        raise UserError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def worker_count(client) -> int:
    return len(client.scheduler_info().get("workers", {}))


def on_dask(
    spec: Tournament,
    client,
    address: str,
    chunks: list[tuple[int, int]],
    play_chunk: Callable[..., list[TournamentRecord]],
    on_wait: Callable[[str], None] | None = None,
    wait_note_seconds: float = WAIT_NOTE_SECONDS,
) -> Generator[list[TournamentRecord], None, None]:
    """Chunks played on the cluster, as they finish (``play_chunk(spec, start, stop,
    True)`` on a worker, handed in by the runner); ``client`` is closed at the end."""
    from distributed import as_completed

    with quiet_logs(), client:
        futures = client.map(
            play_chunk,
            [spec] * len(chunks),
            [start for start, _ in chunks],
            [stop for _, stop in chunks],
            [True] * len(chunks),
            pure=False,
        )
        games = dict(zip(futures, chunks, strict=True))
        pending = as_completed(futures)
        quiet_since = time.monotonic()
        while not pending.is_empty():
            ready = pending.next_batch(block=False)
            if not ready:
                with pending.thread_condition:
                    pending.thread_condition.wait(WAKE_SECONDS)
                if time.monotonic() - quiet_since >= wait_note_seconds:
                    quiet_since = time.monotonic()
                    note = why_waiting(client, address)
                    if note and on_wait:
                        on_wait(note)
                continue
            quiet_since = time.monotonic()
            for future in ready:
                yield _result(future, games[future], address)
                future.release()  # the result is ours now: the cluster may forget it


def why_waiting(client, address: str) -> str | None:
    """Why no chunk comes back, when the cluster cannot play: no worker, or no scheduler
    (None while workers are there, busy)."""
    if client.status != "running":
        return f"waiting for the Dask scheduler at {address}: the connection is lost"
    try:
        workers = worker_count(client)
    except (OSError, TimeoutError) as error:
        return f"waiting for the Dask scheduler at {address}: {error}"
    return f"waiting for a Dask worker at {address}: none connected" if not workers else None


def _result(future, games: tuple[int, int], address: str) -> list[TournamentRecord]:
    from concurrent.futures import CancelledError

    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker as error:
        raise WorkersLost(
            f"Dask workers died {error.allowed_failures + 1} times playing games "
            f"{games[0]} to {games[1] - 1}, the last at {error.last_worker.address} "
            "(perhaps out of memory)"
        ) from None
    except CancelledError:
        raise WorkersLost(f"the connection to the Dask scheduler at {address} was lost") from None


@contextlib.contextmanager
def quiet_logs() -> Iterator[None]:
    """Dask's own log lines left out while a tournament runs: a lost scheduler or worker
    is logged with a traceback on stderr, and the run says what happened in one line of
    its own (``why_waiting``, ``WorkersLost``)."""
    names = [
        name for name in list(logging.root.manager.loggerDict) if name.startswith("distributed.")
    ]
    loggers = [logging.getLogger(name) for name in ["distributed", *names]]
    before = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)
