"""``myword demo``: draws what ``solver.ui.showcase`` plays, or prints it as JSON."""

from __future__ import annotations

import click

from solver.ui.options import JSON_OPTION, LANG_OPTION, SEED


@click.command()
@click.option("--seed", type=SEED, default=None, help="Seed for the samples (default 1980).")
@LANG_OPTION
@JSON_OPTION
def demo(seed: int | None, lang: str, as_json: bool) -> None:
    """Show what myword does, on the bundled dictionaries."""
    from solver.arena import registry
    from solver.ui import games, render
    from solver.ui.showcase import dictionary_tour, parts, warm_steps
    from solver.ui.warm import with_progress

    games.load()  # the games fill the registry the demo reads
    out = render.console()
    with_progress(warm_steps(lang), lang, transient=True)  # compiles and builds, first time
    with render.console(stderr=True).status("Playing the games"):
        tour = dictionary_tour(seed, lang)
        played = parts(seed, lang)
    if as_json:
        render.emit_json({"dictionaries": tour} | played)
        return
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
    for part in registry.demo_parts():
        part.shown(out, played[part.key])  # each game draws its own part
