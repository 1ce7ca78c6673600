"""Termination signals handled like Ctrl-C, so that a game is saved whatever stops it.

A closed terminal sends SIGHUP and ``kill`` or a shutdown sends SIGTERM; by default either
kills Python at once, losing the turn in progress. Inside ``as_interrupts`` both raise
``Interrupted``, a ``KeyboardInterrupt``, which the game loops already meet by saving and
saying how to go on; the exit status is then the shell's for that signal (128 + its
number: 130 for Ctrl-C, 129 for SIGHUP, 143 for SIGTERM).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

# After SIGTERM or SIGHUP the program ends by this many seconds whatever happens (see
# ``_exit_later``).
GRACE_SECONDS = 10.0

CAUGHT = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Interrupted(KeyboardInterrupt):
    """A termination signal, raised where the program was."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(stop: BaseException) -> int:
    """The status to exit with after ``stop``: 128 + the signal's number. Any stop that
    carries a ``signum`` counts (an ``Interrupted``, or a game's own KeyboardInterrupt that
    kept the signal's number when it wrapped it); a bare KeyboardInterrupt is Ctrl-C."""
    return 128 + int(getattr(stop, "signum", signal.SIGINT))


def _raise(signum: int, frame: FrameType | None) -> None:
    _exit_later(signum)
    raise Interrupted(signum)


def _exit_later(signum: int) -> None:
    """A safety net: if the program has not ended ``GRACE_SECONDS`` after the signal, it
    ends then, with the status it would have had. The raised ``Interrupted`` can be
    swallowed where the program was (it was, inside a Numba compile in the full-screen app:
    the app then waited for ever on a terminal that was gone, found by hand closing tmux
    during a first game). Saves are atomic, so ending at any moment loses at most the move
    in progress, which the save on the way out would have written."""
    timer = threading.Timer(GRACE_SECONDS, os._exit, (128 + signum,))
    timer.daemon = True  # never keeps a program alive that ends by itself
    timer.start()


@contextlib.contextmanager
def _handled(
    numbers: tuple[int, ...], handler: Callable[[int, FrameType | None], None] | signal.Handlers
) -> Iterator[None]:
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
