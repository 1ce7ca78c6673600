"""Shared terminal drawing (rich) and JSON output, so every command looks alike.

Commands print data either as a JSON document on stdout (``--json``: nothing else goes
to stdout) or as rich tables; rich drops colour by itself when stdout is not a terminal.
Rich reads ``[...]`` in a string as markup, so text a person typed or a file held goes in
as ``Text`` (or through ``plain``), never into a markup string as it is: ``[/red]`` typed
would otherwise end the program with a MarkupError.
"""

from __future__ import annotations

import json
import re
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


MANY_ROWS = 100  # rich's time to draw a table grows with its rows (docs/performance.md, "Start-up")


def print_plain_table(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    many_rows: bool = False,
) -> bool:
    """Print a table as rich would draw it when the output is not a terminal, without
    importing rich (its import costs more than ``words check`` itself, and drawing many rows
    takes it seconds); False, printing nothing, when rich could draw it
    otherwise (in colour, for a terminal; with characters whose width needs rich's tables,
    or text it would fold otherwise than at single spaces): the caller then draws it with
    rich. Cells are plain text, left-aligned; the box is rich's default (``HEAVY_HEAD``).
    A table wider than the console is folded as rich folds it: the widest columns
    narrowed first (``_column_widths``), each cell and the title broken at its spaces.
    Tests hold the text equal to rich's.

    ``many_rows``: a table rich would take long to draw (``MANY_ROWS``), drawn here for a
    terminal too, without rich's colours; and where rich would cut a word wider than its
    narrowed column (``DICHLORODIPHENYLTRICHLOROETH…``), the column keeps the word's width
    instead, the table wider than the console: the text is all there.
    """
    if not _plain_output(many_rows):
        return False
    cells = [list(headers), *(list(row) for row in rows)]
    every = [title, *(cell for row in cells for cell in row)]
    if not all(_ONE_CELL.issuperset(text) for text in every):
        return False
    if title != " ".join(title.split()):
        return False  # rich would strip it, or fold it elsewhere than at its spaces
    widths = _column_widths(cells, _rich_width() - len(headers) - 1)
    if widths is None:
        return False
    if many_rows:  # no word cut: its column as wide as it
        longest = [
            max(len(w) for row in cells for w in row[c].split(" ")) for c in range(len(widths))
        ]
        widths = [max(w, most) for w, most in zip(widths, longest, strict=True)]
    total = sum(widths) + 3 * len(widths) + 1
    folded: list[list[list[str]]] = []  # each row's cells, each cell's lines
    for row in cells:
        folded.append([])
        for cell, width in zip(row, widths, strict=True):
            if (lines := _fold(cell, width)) is None:
                return False  # a word wider than its column: rich would cut it
            folded[-1].append(lines)
    title_lines = _fold(title, total) if title else []
    if title_lines is None:
        return False  # a word wider than the table

    def line(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right + "\n"

    def cells_lines(row: list[list[str]], side: str) -> str:
        """A row's lines: its cells top-aligned, a header's bottom-aligned (rich's)."""
        height = max(len(lines) for lines in row)
        gap = [[""] * (height - len(lines)) for lines in row]
        shaped = [
            g + lines if side == "┃" else lines + g for g, lines in zip(gap, row, strict=True)
        ]
        return "".join(
            side
            + side.join(f" {c.ljust(w)} " for c, w in zip(cells, widths, strict=True))
            + side
            + "\n"
            for cells in zip(*shaped, strict=True)
        )

    drawn = []
    for text in title_lines:
        room = total - len(text)
        drawn.append(" " * (room // 2) + text + " " * (room - room // 2) + "\n")
    drawn.append(line("┏", "┳", "┓", "━"))
    drawn.append(cells_lines(folded[0], "┃"))
    drawn.append(line("┡", "╇", "┩", "━"))
    drawn.extend(cells_lines(row, "│") for row in folded[1:])
    drawn.append(line("└", "┴", "┘", "─"))
    sys.stdout.write(trimmed("".join(drawn)))
    return True


def _column_widths(cells: list[list[str]], room: int) -> list[int] | None:
    """The width of each column's text, as rich's ``Table`` sets it: each its longest cell
    with its padding (at most ``room``: the console's width less the borders), and when
    they pass ``room`` the widest columns narrowed first, down to the next widest, until
    they fit; then, if need be, every column alike (rich's ``_collapse_widths`` and
    ``ratio_reduce``). None when a cell is not single words between single spaces: rich
    would fold it otherwise."""
    natural = [max(len(row[column]) for row in cells) + 2 for column in range(len(cells[0]))]
    widths = [min(width, room) for width in natural]  # rich's measure: none wider than room
    excess = sum(widths) - room
    if excess > 0 and any(cell != " ".join(cell.split()) for row in cells for cell in row):
        return None
    while excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        if widest == second:
            break  # every column at 0
        ratios = [1 if w == widest else 0 for w in widths]
        widths = _ratio_reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        excess = sum(widths) - room
    if excess > 0:
        widths = _ratio_reduce(excess, [1] * len(widths), widths, widths)
    if min(widths) < 3:
        return None  # no room for the text (rich's narrowest cases: left to it)
    return [w - 2 for w in widths]


def _ratio_reduce(total: int, ratios: list[int], most: list[int], values: list[int]) -> list[int]:
    """``total`` taken from ``values`` in proportion to ``ratios``, at most ``most`` from
    each, rounded as rich rounds it (``rich._ratio.ratio_reduce``)."""
    ratios = [ratio if cap else 0 for ratio, cap in zip(ratios, most, strict=True)]
    total_ratio = sum(ratios)
    result = []
    for ratio, cap, value in zip(ratios, most, values, strict=True):
        if ratio and total_ratio > 0:
            taken = min(cap, round(ratio * total / total_ratio))
            result.append(value - taken)
            total -= taken
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _fold(text: str, width: int) -> list[str] | None:
    """``text`` broken at its spaces into lines of ``width`` at most, each as full as it
    can be (rich's ``divide_line``); None when a word is wider (rich would cut it)."""
    if len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if len(word) > width:
            return None
        if line and len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            if line:
                lines.append(line)
            line = word
    lines.append(line)
    return lines


def _plain_output(terminal_too: bool = False) -> bool:
    """Whether rich would see stdout as no terminal, in UTF-8, outside Windows' console
    (the checks of rich's ``Console.is_terminal`` and its box substitution);
    ``terminal_too``: a terminal too."""
    import os

    if os.name == "nt" or sys.stdout is None:
        return False
    if not (getattr(sys.stdout, "encoding", None) or "").lower().startswith("utf"):
        return False
    if terminal_too:
        return True
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

    from solver.runtime.numbers import ascii_digits

    width = None
    for stream in (0, 1, 2):
        try:
            width = os.get_terminal_size(stream).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and ascii_digits(columns):  # not "²"
        width = int(columns)
    return width or 80


def emit_json(data: Any) -> None:
    """One JSON document on stdout, UTF-8 letters kept readable (ñ, not \\u00f1). When the
    output's encoding cannot hold a character (``PYTHONIOENCODING=ascii`` or ``latin-1``,
    an undecodable byte typed in an argument), the document escapes it instead (``\\u0130``,
    the same JSON): a program reading it must get the document, not an error."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, ensure_ascii=True, indent=2)
    except LookupError:  # an encoding Python does not know: let the write say so
        pass
    sys.stdout.write(text + "\n")


_PADDING = re.compile(r" +(?=\n)")


def trimmed(text: str) -> str:
    """``text`` without the spaces at its lines' ends: rich pads a line to the console's
    width (a centred title, a table without a box, a blank line), which a terminal never
    shows but a file, a diff or a copied line keeps."""
    return _PADDING.sub("", text)


class _TrimmedStream:
    """The standard stream a console writes to when it is not a terminal, looked up at
    every write (click's test runner and pytest swap it), each line's padding dropped
    (``trimmed``). Rich writes whole lines at a time, so a line's end is never split
    from its padding. Everything else (``isatty``, ``encoding``...) is the stream's."""

    def __init__(self, stderr: bool) -> None:
        self._stderr = stderr

    @property
    def _stream(self) -> Any:
        return sys.stderr if self._stderr else sys.stdout

    def write(self, text: str) -> int:
        return self._stream.write(trimmed(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def console(stderr: bool = False) -> Console:
    """A rich console on stdout (or stderr); to a pipe or a file, its lines end without
    padding (``trimmed``). In a terminal it is rich's own, whose live displays redraw
    whole lines."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # a closed stream, or none
        terminal = False
    # None as the stream (pythonw): rich's own console, which knows to write nowhere
    file = None if terminal or stream is None else _TrimmedStream(stderr)
    return Console(highlight=False, stderr=stderr, file=file)  # type: ignore[arg-type]


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


def player_labels(names: Sequence[str]) -> list[str]:
    """How players are named in a table: a player of one's own given by its file
    (``/home/me/bots/mine.py:look``) by the file's name and attribute (``mine.py:look``),
    which the table has room for; by its whole name where two would read alike (the JSON
    and the CSV always give the whole name)."""
    short = [_short_label(name) for name in names]
    return short if len(set(short)) == len(set(names)) else list(names)


def _short_label(name: str) -> str:
    """A player's name with its paths cut to their files' names: ``mine.py:look`` for
    ``/home/me/bots/mine.py:look``; for an engine, each word of its command that is a path
    (``engine:node /home/me/engines/mine.js`` is ``engine:node mine.js``: the whole
    command, cut by the table's width, read ``engine:no…`` for every engine)."""
    if name.startswith("engine:"):
        words = name.removeprefix("engine:").split(" ")
        return "engine:" + " ".join(_files_named(word) for word in words)
    return _file_name(name) if ".py:" in name else name


def _files_named(word: str) -> str:
    """A word of a command with its path cut to the file: ``--model=/a/b.bin`` keeps its
    flag (``--model=b.bin``); ``C:\\bots\\mine.exe`` is ``mine.exe``."""
    flag, equals, value = word.partition("=") if word.startswith("-") else ("", "", word)
    if "/" not in value and "\\" not in value:
        return word
    return flag + equals + _file_name(value)


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or path


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
    labels = player_labels([row["player"] for row in players])
    for row, label in zip(players, labels, strict=True):
        spread = f"± {row['score_ci95']:,.1f}" if row["games"] > 1 else "(one game: no interval)"
        cells = [plain(label), f"{row['mean_score']:,.1f} {spread}"]
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
    table.caption = "95% confidence intervals: ± for means (Student's t)" + (
        ", (low-high) for win rates" if wins else ""
    )
    return table
