"""``render.print_plain_table`` draws exactly what rich draws when the output is not a
terminal (each line's end padding dropped, as ``render.console`` drops it), or leaves the
drawing to rich: the small commands skip importing rich, never the look of their tables."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.ui import render

ROOT = Path(__file__).resolve().parents[2]

TEXT = st.text(
    alphabet=st.sampled_from([*"abcXYZ019 -'.,:[]/\\ñáÜ", "\u00ad", "\u4e00", "\t", "é"]),
    max_size=30,
)


def rich_text(title: str, headers, rows) -> str:
    """What rich draws for these cells taken as plain text (``Text``: a markup string
    ending in a backslash would show it twice, ``rich.markup.escape``'s quirk)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    out = io.StringIO()
    table = Table(title=Text(title))
    for header in headers:
        table.add_column(Text(header))
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    Console(file=out, highlight=False).print(table)
    return render.trimmed(out.getvalue())  # as ``render.console`` prints it to a pipe


class Utf8Buffer(io.StringIO):
    encoding = "utf-8"


def assert_drawn_as_rich_draws(title, headers, rows, columns: str | None) -> None:
    """The plain table printed to a pipe COLUMNS wide is rich's, character for character,
    or nothing at all (a table it leaves to rich)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS"):
            patch.delenv(name, raising=False)
        if columns is not None:
            patch.setenv("COLUMNS", columns)
        out = Utf8Buffer()
        patch.setattr(sys, "stdout", out)
        drawn = render.print_plain_table(title, headers, rows)
        patch.setattr(sys, "stdout", sys.__stdout__)
        if drawn:  # rich's console, COLUMNS wide too
            assert out.getvalue() == rich_text(title, headers, rows)
        else:
            assert out.getvalue() == ""


@settings(max_examples=300, deadline=None)
@given(
    title=st.one_of(st.just("Word check"), TEXT),
    headers=st.lists(TEXT, min_size=1, max_size=6),
    data=st.data(),
    columns=st.sampled_from([None, "40", "80", "120", "x"]),
)
def test_the_plain_table_is_the_one_rich_draws(title, headers, data, columns) -> None:
    rows = data.draw(
        st.lists(st.lists(TEXT, min_size=len(headers), max_size=len(headers)), max_size=4)
    )
    assert_drawn_as_rich_draws(title, headers, rows, columns)


def test_common_tables_are_drawn_without_rich(monkeypatch) -> None:
    """The tables ``words check`` prints for ordinary words are drawn here (else the test
    above would pass with a function that always leaves the drawing to rich)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    rows = [["table", "yes", "easy", "yes", "5.05", ""], ["año", "no", "-", "no", "1.81", "x"]]
    out = Utf8Buffer()
    monkeypatch.setattr(sys, "stdout", out)
    assert render.print_plain_table(render.CHECK_TITLE, render.CHECK_HEADERS, rows)
    monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    assert out.getvalue() == rich_text(render.CHECK_TITLE, render.CHECK_HEADERS, rows)


def test_forced_colour_is_left_to_rich(monkeypatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = Utf8Buffer()
    monkeypatch.setattr(sys, "stdout", out)
    assert not render.print_plain_table("t", ["a"], [["b"]])
    assert out.getvalue() == ""


def test_words_check_imports_no_rich_and_prints_the_table() -> None:
    probe = (
        "import sys, cli\n"
        "try:\n    cli.main(['words', 'check', 'table', 'London'])\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write(json.dumps(sorted(m for m in ('rich', 'numpy', 'numba') "
        "if m in sys.modules)))\n"
    )
    for _ in range(2):  # the first may build the word index, in a fresh cache
        result = subprocess.run(
            [sys.executable, "-c", "import json\n" + probe],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
    assert json.loads(result.stderr) == []
    assert "│ London │ no    │ -    │ no       │ 5.27 │ not in the English play list │" in (
        result.stdout
    )


WORDS = st.lists(
    st.text(alphabet=st.sampled_from([*"abcXYZ019-'.,:/ñáÜ"]), min_size=1, max_size=12),
    min_size=1,
    max_size=8,
).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(
    title=WORDS,
    headers=st.lists(WORDS, min_size=1, max_size=5),
    data=st.data(),
    columns=st.integers(10, 160),
)
@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
def test_a_table_wider_than_the_console_is_folded_as_rich_folds_it(
    title, headers, data, columns
) -> None:
    """Words between single spaces: the table folded to the console's width, the widest
    columns narrowed first and the title wrapped, as rich does it."""
    rows = data.draw(st.lists(st.lists(WORDS, min_size=len(headers), max_size=len(headers))))
    assert_drawn_as_rich_draws(title, headers, rows, str(columns))


@pytest.mark.parametrize("columns", ["72", "80", "132"])
def test_a_thousand_claims_are_drawn_without_rich_as_rich_draws_them(monkeypatch, columns) -> None:
    """``race claim --top 1000`` on the whole Spanish deck: its long spellings and title
    folded into the console's width, as rich folds them (rich took a second to draw the
    table; this takes milliseconds)."""
    from solver.race import builtin_deck
    from solver.race.index import claims

    cards = builtin_deck("es").cards()
    found = claims(cards, lang="es", top=1000)
    title = f"Best claims on {' '.join(cards).upper()}"
    headers = ("word", "cards", "count", "zipf")
    rows = [
        [c.word.upper(), " ".join(c.cards).upper(), str(c.count), f"{c.zipf:.2f}"] for c in found
    ]
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", columns)
    out = Utf8Buffer()
    monkeypatch.setattr(sys, "stdout", out)
    assert render.print_plain_table(title, headers, rows)
    monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    assert out.getvalue() == rich_text(title, headers, rows)


def test_many_rows_keep_every_word_whole(monkeypatch) -> None:
    """The thousand best claims on the whole English deck: rich narrows the word column
    below DICHLORODIPHENYLTRICHLOROETHANE and cuts it (``…``); for many rows the column
    keeps the word's width instead, and the table is 2 columns wider than the console."""
    from solver.race import builtin_deck
    from solver.race.index import claims

    cards = builtin_deck("en").cards()
    rows = [
        [c.word.upper(), " ".join(c.cards).upper(), str(c.count), f"{c.zipf:.2f}"]
        for c in claims(cards, top=1000)
    ]
    headers = ("word", "cards", "count", "zipf")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    assert "DICHLORODIPHENYLTRICHLOROETH…" in rich_text("t", headers, rows)
    out = Utf8Buffer()
    monkeypatch.setattr(sys, "stdout", out)
    assert not render.print_plain_table("t", headers, rows)  # rich's, as it is
    assert render.print_plain_table("t", headers, rows, many_rows=True)
    monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    drawn = out.getvalue().splitlines()
    assert "│ DICHLORODIPHENYLTRICHLOROETHANE │ D I C H L O R O D I P H E N Y │" in drawn[4]
    assert drawn[0] == " " * 40 + "t"  # the title centred, its line's end not padded
    assert {len(line) for line in drawn[1:]} == {82}
