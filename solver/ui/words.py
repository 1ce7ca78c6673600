"""``myword words``: look words up in the dictionaries."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from solver.ui.options import JSON_OPTION, LANG_OPTION, PathType


@click.group()
def words() -> None:
    """Look words up in the dictionaries: validity, familiarity, pools."""


@words.command()
@click.argument("word_list", metavar="WORD...", nargs=-1, required=True)
@LANG_OPTION
@JSON_OPTION
def check(word_list: tuple[str, ...], lang: str, as_json: bool) -> None:
    """Say whether each WORD may be played, whether it is familiar, and its Zipf frequency."""
    from solver.ui import render
    from solver.wordtools.wordcheck import ChecksDocument, check_word

    checks = [check_word(w, lang).to_json() for w in word_list]
    if as_json:
        document: ChecksDocument = {"lang": lang, "words": checks}
        render.emit_json(document)
        return
    rows = render.check_rows(checks)
    if not render.print_plain_table(render.CHECK_TITLE, render.CHECK_HEADERS, rows):
        render.console().print(render.check_table(checks))  # rich, to draw in colour


@words.command()
@click.option("--length", "-n", type=click.IntRange(min=1), required=True, help="Word length.")
@click.option(
    "--tier",
    type=click.Choice(["easy", "familiar", "all"]),
    default=None,
    help="Vocabulary tier [default: familiar; all with --from-text or --from-list].",
)
@LANG_OPTION
@click.option(
    "--from-text",
    type=PathType(path_type=Path),
    default=None,
    help="Keep the dictionary words of a text file (a page of a newspaper, say; - reads "
    "standard input).",
)
@click.option(
    "--from-list",
    type=PathType(path_type=Path),
    default=None,
    help="Keep the dictionary words of a word-list file (one word a line; - reads standard input).",
)
@click.option(
    "--sort",
    type=click.Choice(["alpha", "zipf"]),
    default="alpha",
    show_default=True,
    help="Alphabetical, or most common first.",
)
@JSON_OPTION
def pool(
    length: int,
    tier: str | None,
    lang: str,
    from_text: Path | None,
    from_list: Path | None,
    sort: str,
    as_json: bool,
) -> None:
    """List the words of one length a game may draw from.

    On a terminal the words are shown in columns under a heading; through a pipe they come
    one per line, ready for other tools.
    """
    from solver.ui import render
    from solver.wordtools import lexicon

    found = lexicon.pool(length, tier, lang, from_text=from_text, from_list=from_list)
    listed = list(found.words)
    if sort == "zipf":
        frequencies = lexicon.zipf_table(lang)
        listed.sort(key=lambda w: (-frequencies.get(w, 0.0), w))
    if as_json:
        render.emit_json(
            {
                "lang": found.lang,
                "length": found.length,
                "tier": found.tier,
                "source": found.source,
                "count": len(listed),
                "words": listed,
                "rejected": list(found.rejected),
            }
        )
        return
    if not sys.stdout.isatty():
        click.echo("\n".join(listed))
        return
    out = render.console()
    source = render.plain(found.source)  # names the user's file
    out.print(f"[bold]{len(listed):,} words[/bold] of {length} letters, {source} ({lang})")
    out.print(render.word_columns(listed))
    if found.rejected:
        left_out = render.plain(" ".join(found.rejected))
        out.print(f"[dim]left out, not {found.tier}-tier words: {left_out}[/dim]")


@words.command()
@LANG_OPTION
@JSON_OPTION
def stats(lang: str, as_json: bool) -> None:
    """Count the words of every length in each tier."""
    from solver.ui import render
    from solver.wordtools import lexicon

    counts = lexicon.length_counts(lang)
    if as_json:
        render.emit_json({"lang": lang, "counts": counts})
    else:
        title = f"{lexicon.language(lang).name} words by length and tier"
        render.console().print(render.counts_table(counts, title))
