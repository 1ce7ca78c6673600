"""Tables that keep a least width (their title's) yet draw in any room, down to none.

A rich ``Table`` with ``min_width`` raised ``AssertionError: Sum of ratios must be > 0``
when it was drawn in fewer columns than its own borders (its columns squeezed to nothing,
then widened to a ``min_width`` that cannot be met): the full-screen app crashed when the
terminal was shrunk to 3 x 3 in the middle of a game of What's My Word? or the assistant.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table


class FittingTable(Table):
    """A ``Table`` whose ``min_width`` gives way to the room it is drawn in."""

    @contextlib.contextmanager
    def _within(self, room: int) -> Iterator[None]:
        wanted = self.min_width
        if wanted is not None:
            self.min_width = min(wanted, max(room, 0))
        try:
            yield
        finally:
            self.min_width = wanted

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        with self._within(options.max_width):
            return super().__rich_measure__(console, options)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width if self.width is None else min(self.width, options.max_width)
        with self._within(room):
            yield from super().__rich_console__(console, options)
