"""The ``myword`` command: parse, call the ``solver`` package, print.

Kept thin on purpose: every command turns its options into one call of a public
function and renders what comes back (``--json`` prints it as a JSON document instead).
Imports happen inside the commands, so that ``myword --help`` starts fast and never loads
numpy or numba.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

LANG_OPTION = click.option(
    "--lang", default="en", show_default=True, help="Language of the dictionaries: en or es."
)
JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON document on stdout, nothing else."
)


class UserErrorsAsMessages(click.Group):
    """Turns the package's UserError into click's one-line ``Error: ...`` and exit 1."""

    def invoke(self, ctx: click.Context) -> object:
        from solver.errors import UserError

        try:
            return super().invoke(ctx)
        except UserError as error:
            raise click.ClickException(str(error)) from None


@click.group(cls=UserErrorsAsMessages, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="myword", prog_name="myword")
def main() -> None:
    """AI opponents and solvers for three word games: What's My Word?, MY WORD! and
    My Word (1980). Start with `myword demo`."""


@main.command()
@click.option("--seed", type=int, default=None, help="Seed for the samples (default 1980).")
@LANG_OPTION
@JSON_OPTION
def demo(seed: int | None, lang: str, as_json: bool) -> None:
    """Show what myword does, on the bundled dictionaries."""
    from solver import render
    from solver.demo import dictionary_tour

    tour = dictionary_tour(seed, lang)
    if as_json:
        render.emit_json(tour)
        return
    out = render.console()
    out.rule(f"myword demo: the {tour['language']} dictionaries")
    totals = tour["totals"]
    out.print(
        f"{totals['all']:,} words to play; {totals['familiar']:,} familiar "
        f"(of which {totals['easy']:,} easy), the pool bots hide words in."
    )
    shown = list(tour["counts"]["all"])
    lengths = f"{shown[0]} to {shown[-1]}"
    out.print(render.counts_table(tour["counts"], f"Words of {lengths} letters, by tier"))
    for length, sample in tour["familiar_samples"].items():
        out.print(f"[bold]{length}-letter familiar words[/bold] (seed {tour['seed']}): ", end="")
        out.print(" ".join(sample))
    if tour["checks"]:
        out.print(render.check_table(tour["checks"]))
    if tour["page_pool"]:
        pool = tour["page_pool"]
        out.print(f"[bold]6-letter Gamewords from a page of text[/bold] ({pool['source']}):")
        out.print(render.word_columns(pool["words"]))


@main.group()
def words() -> None:
    """Look words up in the dictionaries: validity, familiarity, pools."""


@words.command()
@click.argument("word_list", metavar="WORD...", nargs=-1, required=True)
@LANG_OPTION
@JSON_OPTION
def check(word_list: tuple[str, ...], lang: str, as_json: bool) -> None:
    """Say whether each WORD may be played, whether it is familiar, and its Zipf frequency."""
    from solver import render
    from solver.wordcheck import check_word

    checks = [check_word(w, lang).to_json() for w in word_list]
    if as_json:
        render.emit_json({"lang": lang, "words": checks})
    else:
        render.console().print(render.check_table(checks))


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
    type=click.Path(path_type=Path),
    default=None,
    help="Keep the dictionary words of a text file (a page of a newspaper, say).",
)
@click.option(
    "--from-list",
    type=click.Path(path_type=Path),
    default=None,
    help="Keep the dictionary words of a word-list file (one word a line).",
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
    from solver import lexicon, render

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
    out.print(f"[bold]{len(listed):,} words[/bold] of {length} letters, {found.source} ({lang})")
    out.print(render.word_columns(listed))
    if found.rejected:
        out.print(f"[dim]left out, not {found.tier}-tier words: {' '.join(found.rejected)}[/dim]")


@words.command()
@LANG_OPTION
@JSON_OPTION
def stats(lang: str, as_json: bool) -> None:
    """Count the words of every length in each tier."""
    from solver import lexicon, render

    counts = lexicon.length_counts(lang)
    if as_json:
        render.emit_json({"lang": lang, "counts": counts})
    else:
        title = f"{lexicon.language(lang).name} words by length and tier"
        render.console().print(render.counts_table(counts, title))


if __name__ == "__main__":
    main()
