"""Termination signals handled like Ctrl-C, so that a game is saved whatever stops it.

A closed terminal sends SIGHUP and ``kill`` or a shutdown sends SIGTERM; by default either
kills Python at once, losing the turn in progress. Inside ``as_interrupts`` both raise
``Interrupted``, a ``KeyboardInterrupt``, which the game loops already meet by saving and
saying how to go on; the exit status is then the shell's for that signal (128 + its
number: 130 for Ctrl-C, 129 for SIGHUP, 143 for SIGTERM).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

CAUGHT = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Interrupted(KeyboardInterrupt):
    """A termination signal, raised where the program was."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(stop: BaseException) -> int:
    """The status to exit with after ``stop``: 128 + the signal's number."""
    return 128 + (stop.signum if isinstance(stop, Interrupted) else signal.SIGINT)


def _raise(signum: int, frame: object) -> None:
    raise Interrupted(signum)


@contextlib.contextmanager
def _handled(numbers: tuple[int, ...], handler: object) -> Iterator[None]:
    """``handler`` for the signals ``numbers`` inside the block, the previous ones after.
    Only the main thread may set handlers: elsewhere (a test runner's worker) nothing
    changes."""
    try:
        previous = {number: signal.signal(number, handler) for number in numbers}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)


def as_interrupts() -> contextlib.AbstractContextManager[None]:
    """SIGTERM and SIGHUP raise ``Interrupted`` inside the block (main thread only)."""
    return _handled(CAUGHT, _raise)


def ignored() -> contextlib.AbstractContextManager[None]:
    """Ctrl-C, SIGTERM and SIGHUP ignored inside the block: a second signal while the game
    is being saved on the way out must not cut the save short."""
    return _handled((signal.SIGINT, *CAUGHT), signal.SIG_IGN)
