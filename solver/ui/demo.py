"""``myword demo``: draws what ``solver.demo`` plays, or prints it as JSON."""

from __future__ import annotations

import click

from solver.ui.options import JSON_OPTION, LANG_OPTION


@click.command()
@click.option("--seed", type=int, default=None, help="Seed for the samples (default 1980).")
@LANG_OPTION
@JSON_OPTION
def demo(seed: int | None, lang: str, as_json: bool) -> None:
    """Show what myword does, on the bundled dictionaries."""
    from solver import games, render
    from solver.demo import dictionary_tour, parts, warm_steps
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
    game, match = played["whats_my_word"], played["bot_match"]
    race, cards = played["my_word_race"], played["my_word_1980"]
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
    out.rule("What's My Word?: the bot finds a hidden word, hearing only the scores")
    from solver.deduce.ui.display import sheet_table

    out.print(sheet_table(game))
    out.print(
        f"{game['total']:,} points; knowing the word one could score {game['oracle']:,}. "
        'Try: myword deduce advise --history "SO 0, DEN 1250"'
    )
    out.rule("Bot against bot: a whole game, lookahead (Purple) v points (Red)")
    for each in match["rounds"]:
        out.print(
            f"{each['length']} letters: Purple hid {each['purple_word'].upper()}, Red hid "
            f"{each['red_word'].upper()}; Purple scored {each['purple']:,}, Red {each['red']:,}"
        )
    purple, red = match["purple"], match["red"]
    winner = "Purple wins" if purple > red else "Red wins" if red > purple else "A tie"
    out.print(f"Grand totals: Purple {purple:,}, Red {red:,}. {winner}.")
    out.print("Play the bot yourself: myword deduce play")
    out.rule("MY WORD!: a bot race (hard v medium), the first round's claims")
    calls = [
        f"{c['player']} {c['word'].upper()} ({len(c['cards'])})"
        if c["valid"]
        else f"{c['player']} {c['word'].upper()} (wrong call)"
        for c in race["first_round_claims"]
    ]
    out.print(", ".join(calls[:12]) + (" ..." if len(calls) > 12 else ""))
    names, totals = race["players"], race["totals"]
    out.print(f"Cards won in the game: {names[0]} {totals[0]}, {names[1]} {totals[1]}.")
    out.print("Race them yourself: myword race play")
    _demo_layout(out, cards)


def _demo_layout(out, log: dict) -> None:
    """The demo's My Word (1980) part: the opening moves, the final layout, the scores."""
    from solver.layout.board import Layout
    from solver.layout.deck import default_deck
    from solver.layout.session import describe_move
    from solver.layout.squares import squares_for
    from solver.layout.ui import display

    out.rule("My Word (1980): beam v greedy, laying cards to make 4-letter words")
    layout = Layout().place((0, 0), log["centre"])
    squares = squares_for(bool(log.get("easy")), len(default_deck().cards))
    shown = 8
    for number, move in enumerate(log["moves"]):
        if move["kind"] == "play":
            layout = layout.place(tuple(move["position"]), move["card"])
        if number < shown:
            name = log["players"][move["player"]]
            out.print(describe_move(move, squares, name), markup=False)
    out.print(f"... {len(log['moves']) - shown} more moves; the layout at the end:")
    out.print(display.board_view(layout, default_deck(), squares))
    scores = ", ".join(f"{p} {s}" for p, s in zip(log["players"], log["scores"], strict=True))
    out.print(f"Final scores: {scores}. Play the bots yourself: myword layout play")
