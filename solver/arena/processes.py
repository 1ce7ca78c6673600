"""Work in local worker processes (``--workers N``: a tournament's games, the exact
evaluation's subtrees, the opening book's), and what happens when one of them dies.

Why ``concurrent.futures.ProcessPoolExecutor`` and not ``multiprocessing.Pool``: a Pool
replaces a worker that dies (the OOM killer's SIGKILL) but loses the chunk it was playing,
and waits for that chunk for ever; the executor marks itself broken instead and fails every
pending chunk at once (``BrokenProcessPool``). The run then ends with one line that says how
the worker died (``WorkersLost``), and ``--resume`` goes on from the games written; the
games of a dead worker are not played again in the same run, since what killed it (memory,
most often) would likely kill the next one too.

No process outlives the run: on any exit (done, an error, Ctrl-C, SIGTERM) the workers left
are terminated at once rather than left to finish chunks that can take minutes, and each
worker watches its parent and ends itself if the parent is gone (killed outright, it could
not terminate them).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from solver.arena.tournament import Tournament, TournamentRecord

PARENT_CHECK_SECONDS = 0.5  # how often a worker looks whether its parent is still there
STOP_SECONDS = 5.0  # how long a terminated worker has to end before it is killed


class WorkersLost(UserError):
    """The workers cannot go on: one died (local), or the cluster gave up on a chunk."""


def in_processes(
    spec: Tournament,
    chunks: list[tuple[int, int]],
    workers: int,
    play_chunk: Callable[..., list[TournamentRecord]],
    prepare: Callable[[], None],
) -> Generator[list[TournamentRecord], None, None]:
    """Chunks of games played in ``workers`` spawned processes, as they finish:
    ``play_chunk(spec, start, stop, True)`` in each, after ``prepare()`` (both module-level
    functions of the runner, handed in so that this module does not import it back)."""
    tasks = [(spec, start, stop, True) for start, stop in chunks]
    with contextlib.closing(each_in_processes(play_chunk, tasks, workers, prepare)) as done:
        for _, chunk in done:
            yield chunk


def each_in_processes(
    task: Callable[..., Any],
    tasks: list[tuple[Any, ...]],
    workers: int,
    prepare: Callable[[], None],
) -> Generator[tuple[int, Any], None, None]:
    """``task(*tasks[i])`` for every ``i``, in ``workers`` spawned processes each set up by
    ``prepare()`` (module-level functions: they go to the workers by name), yielded as
    ``(i, result)`` as each finishes. A worker that dies raises ``WorkersLost`` (how it
    died), never a wait for ever; closing the iterator early stops the workers."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    executor = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),  # no forked Numba or thread state
        initializer=_start_worker,
        initargs=(os.getpid(), prepare),
    )
    processes: list[BaseProcess] = []
    finished = False
    try:
        futures = {}
        for index, arguments in enumerate(tasks):
            futures[executor.submit(task, *arguments)] = index
            _note_workers(executor, processes)
        for future in as_completed(futures):
            _note_workers(executor, processes)  # started later, when one was busy
            yield futures[future], future.result()
        finished = True
    except BrokenProcessPool:  # raised by result(), or by submit() once a worker died
        _note_workers(executor, processes)
        how = how_it_ended(processes)
        raise WorkersLost("a worker process died" + (f" ({how})" if how else "")) from None
    finally:
        if finished:
            executor.shutdown(wait=True)  # the workers are idle: each ends when told
        else:
            executor.shutdown(wait=False, cancel_futures=True)
            stop_processes(processes)


def _note_workers(executor: Any, processes: list[BaseProcess]) -> None:
    """Add to ``processes`` the workers the executor has started since it was last looked
    at: it starts them as tasks come in while none is idle, so the ones running at any one
    moment may not be all of them, and the one that died must be among those kept (to say
    how it died, and to stop every one at the end)."""
    for process in list(getattr(executor, "_processes", {}).values()):
        if process not in processes:
            processes.append(process)


def how_it_ended(processes: list[BaseProcess]) -> str:
    """How the first worker that died ended: its signal or exit status. When one dies the
    executor terminates the others (SIGTERM), so a death by another signal comes first.

    A dead worker's pipe closes a moment before the system can tell its parent how it
    ended: each one whose pipe is closed is waited for (``join``), briefly, first."""
    from multiprocessing.connection import wait

    ended_pipes = wait([p.sentinel for p in processes], timeout=STOP_SECONDS)
    ended_ones = [p for p in processes if p.sentinel in ended_pipes]
    for process in ended_ones:
        process.join(STOP_SECONDS)
    # The executor's own thread reaps its workers too: when it wins the race for a dead
    # worker's status, this side's join finds none and the status appears a moment later,
    # set by that thread on the same object.
    deadline = time.monotonic() + STOP_SECONDS
    while any(p.exitcode is None for p in ended_ones) and time.monotonic() < deadline:
        time.sleep(0.01)  # how often to look, not how long to wait
    codes = [code for p in processes if (code := p.exitcode)]  # neither None nor 0
    codes.sort(key=lambda code: code == -signal.SIGTERM)
    return ended(codes[0]) if codes else ""


def ended(code: int) -> str:
    """An exit code as words: ``-9`` is "killed by signal 9 (SIGKILL), perhaps out of
    memory" (the OOM killer's signal), ``3`` is "exited with status 3"."""
    if code >= 0:
        return f"exited with status {code}"
    try:
        name = f" ({signal.Signals(-code).name})"
    except ValueError:
        name = ""
    note = ", perhaps out of memory" if -code == signal.SIGKILL else ""
    return f"killed by signal {-code}{name}{note}"


def stop_processes(processes: list[BaseProcess]) -> None:
    """Terminate every worker still running, then kill any that has not ended after
    ``STOP_SECONDS``, and reap them all: nothing is left behind."""
    for process in processes:
        if process.exitcode is None:
            process.terminate()
    for process in processes:
        process.join(STOP_SECONDS)
        if process.exitcode is None:
            process.kill()
            process.join()


def _start_worker(parent: int, prepare: Callable[[], None]) -> None:
    """Set a worker up: one kernel thread, and Ctrl-C and SIGHUP left to the parent (the
    terminal sends them to every process of the job; the parent stops the workers itself,
    so that it, not a worker's traceback, says what happened)."""
    prepare()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    """End this worker when its parent is gone (killed with SIGKILL, it could not stop
    its workers): a worker never outlives the run it plays for."""
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)
