"""Shared terminal drawing (rich) and JSON output, so every command looks alike.

Commands print data either as a JSON document on stdout (``--json``: nothing else goes
to stdout) or as rich tables; rich drops colour by itself when stdout is not a terminal.
Rich reads ``[...]`` in a string as markup, so text a person typed or a file held goes in
as ``Text`` (or through ``plain``), never into a markup string as it is: ``[/red]`` typed
would otherwise end the program with a MarkupError.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # rich loads when something is drawn: --json output never needs it
    from rich.columns import Columns
    from rich.console import Console
    from rich.table import Table


# Characters rich counts as one cell each without looking them up (``rich.cells``): printable
# ASCII and the Latin letters with their accents (ñ, á, ü...).
_ONE_CELL = frozenset(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x300)]))


def print_plain_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """Print a table as rich would draw it when the output is not a terminal, without
    importing rich (its import costs more than ``words check`` itself: 30-60 ms); False,
    printing nothing, when rich could draw it otherwise (in colour, for a terminal; folded,
    to fit a narrow console; with characters whose width needs rich's tables): the caller
    then draws it with rich. Cells are plain text, left-aligned; the box is rich's
    default (``HEAVY_HEAD``). Tests hold the text equal to rich's.
    """
    if not _plain_output():
        return False
    cells = [list(headers), *(list(row) for row in rows)]
    every = [title, *(cell for row in cells for cell in row)]
    if not all(_ONE_CELL.issuperset(text) for text in every):
        return False
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]
    total = sum(widths) + 3 * len(widths) + 1
    if total > _rich_width() or len(title) > total or title != " ".join(title.split()):
        return False  # rich would fold a cell or the title: let it

    def line(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right + "\n"

    def cells_line(row: list[str], side: str) -> str:
        return side + side.join(f" {c.ljust(w)} " for c, w in zip(row, widths, strict=True)) + side

    room = total - len(title)
    drawn = [" " * (room // 2) + title + " " * (room - room // 2) + "\n"] if title else []
    drawn.append(line("┏", "┳", "┓", "━"))
    drawn.append(cells_line(cells[0], "┃") + "\n")
    drawn.append(line("┡", "╇", "┩", "━"))
    drawn.extend(cells_line(row, "│") + "\n" for row in cells[1:])
    drawn.append(line("└", "┴", "┘", "─"))
    sys.stdout.write("".join(drawn))
    return True


def _plain_output() -> bool:
    """Whether rich would see stdout as no terminal, in UTF-8, outside Windows' console
    (the checks of rich's ``Console.is_terminal`` and its box substitution)."""
    import os

    if os.name == "nt" or sys.stdout is None:
        return False
    if not (getattr(sys.stdout, "encoding", None) or "").lower().startswith("utf"):
        return False
    if os.environ.get("TTY_COMPATIBLE", "") == "1":
        return False
    forced = os.environ.get("FORCE_COLOR")
    if forced is not None and forced != "" and os.environ.get("TTY_COMPATIBLE", "") != "0":
        return False
    if "JPY_PARENT_PID" in os.environ or "VSCODE_PID" in os.environ:
        return False  # rich looks for a notebook there
    try:
        return not sys.stdout.isatty()
    except ValueError:  # closed
        return False


def _rich_width() -> int:
    """The width rich gives a console (``Console.size``): a terminal's among stdin, stdout
    and stderr, else 80; ``COLUMNS`` when it is a number."""
    import os

    width = None
    for stream in (0, 1, 2):
        try:
            width = os.get_terminal_size(stream).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    return width or 80


def emit_json(data: Any) -> None:
    """One JSON document on stdout, UTF-8 letters kept readable (ñ, not \\u00f1)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(highlight=False, stderr=stderr)


def plain(text: object) -> str:
    """``text`` escaped for a markup string: a person's ``[/red]`` shows as typed."""
    from rich.markup import escape

    return escape(str(text))


def yes_no(flag: bool) -> str:
    return "[green]yes[/green]" if flag else "[red]no[/red]"


CHECK_HEADERS = ("word", "valid", "tier", "familiar", "zipf", "note")
CHECK_TITLE = "Word check"


def check_rows(checks: Iterable[Mapping[str, Any]]) -> list[list[str]]:
    """The check table's cells as plain text (``print_plain_table``)."""
    return [
        [
            str(check["word"]),
            "yes" if check["valid"] else "no",
            check["tier"] or "-",
            "yes" if check["familiar"] else "no",
            f"{check['zipf']:.2f}",
            str(check["note"]),
        ]
        for check in checks
    ]


def check_table(checks: Iterable[Mapping[str, Any]]) -> Table:
    """One row per word checked: valid, tier, familiar, Zipf, and why not."""
    from rich.table import Table

    table = Table(*CHECK_HEADERS, title=CHECK_TITLE)
    for check in checks:
        table.add_row(
            plain(check["word"]),
            yes_no(check["valid"]),
            check["tier"] or "-",
            yes_no(check["familiar"]),
            f"{check['zipf']:.2f}",
            plain(check["note"]),
        )
    return table


def counts_table(counts: Mapping[str, Mapping[int, int]], title: str) -> Table:
    """Word counts with lengths as rows and tiers as columns, and a total row."""
    from rich.table import Table

    tiers = list(counts)
    table = Table("length", *tiers, title=title)
    for column in table.columns[1:]:
        column.justify = "right"
    lengths = sorted({n for by_length in counts.values() for n in by_length})
    for n in lengths:
        table.add_row(str(n), *(f"{counts[t].get(n, 0):,}" for t in tiers))
    table.add_section()
    table.add_row("total", *(f"{sum(counts[t].values()):,}" for t in tiers))
    return table


def word_columns(words: Sequence[str]) -> Columns:
    from rich.columns import Columns
    from rich.text import Text

    return Columns([Text(w) for w in words], padding=(0, 2))  # words from a file: plain text


def key_values(data: Mapping[str, Any], title: str) -> Table:
    """A two-column table of named figures, floats rounded for reading."""
    from rich.table import Table

    table = Table("measure", "value", title=title)
    for key, value in data.items():
        shown = f"{value:,.4g}" if isinstance(value, float) else str(value)
        table.add_row(plain(key.replace("_", " ")), plain(shown))
    return table


def tournament_table(
    summary: Mapping[str, Any], columns: Sequence[tuple[str, str, str]] = (), title: str = ""
) -> Table:
    """A tournament's summary, one row per entry: mean score and win rate with their 95%
    intervals (the win rate's as Wilson's bounds), time per move, then the game's own
    ``columns`` (heading, key, format)."""
    from rich.table import Table

    players = summary["players"]
    wins = any("win_rate" in row for row in players)
    timed = any("seconds_per_move" in row for row in players)
    table = Table(title=f"{plain(title)}: {summary['games']} games, seed {summary['seed']}")
    table.add_column("player")
    table.add_column(f"mean {summary['score']}", justify="right")
    if wins:
        table.add_column("win rate", justify="right")
    if timed:
        table.add_column("time per move", justify="right")
    for heading, _, _ in columns:
        table.add_column(heading, justify="right")
    for row in players:
        spread = f"± {row['score_ci95']:,.1f}" if row["games"] > 1 else "(one game: no interval)"
        cells = [plain(row["player"]), f"{row['mean_score']:,.1f} {spread}"]
        if wins:
            # Wilson's bounds, not rate ± half-width: near 0% or 100% the interval is
            # lopsided, and "100.0% ± 0.8%" would reach past 100%.
            low, high = row["win_rate_low"], row["win_rate_high"]
            cells.append(f"{row['win_rate']:.1%} ({low:.1%}-{high:.1%})")
        if timed:
            cells.append(f"{row['seconds_per_move'] * 1000:.2f} ms")
        for _, key, form in columns:
            cells.append("" if row.get(key) is None else form.format(row[key]))
        table.add_row(*cells)
    table.caption = "95% confidence intervals: ± for means (Student's t), (low-high) for win rates"
    return table
