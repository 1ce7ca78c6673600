"""MY WORD!'s part of ``myword demo``, drawn (``register.py`` names it)."""

from __future__ import annotations


def show_race(out, race: dict) -> None:
    """The bot race's first-round claims and the cards each bot won."""
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
