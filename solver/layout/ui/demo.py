"""My Word (1980)'s part of ``myword demo``, drawn (``register.py`` names it)."""

from __future__ import annotations

from solver.layout.board import Layout
from solver.layout.deck import default_deck
from solver.layout.moves import Played, event_from_json
from solver.layout.squares import squares_for
from solver.layout.ui import display
from solver.layout.ui.wording import describe_move


def show_game(out, log: dict) -> None:
    """The demo's My Word (1980) part: the opening moves, the final layout, the scores."""
    out.rule("My Word (1980): beam v greedy, laying cards to make 4-letter words")
    layout = Layout().place((0, 0), log["centre"])
    squares = squares_for(bool(log.get("easy")), len(default_deck().cards))
    shown = 8
    for number, move in enumerate(log["moves"]):
        event = event_from_json(move)
        if isinstance(event, Played):
            layout = layout.place(event.position, event.card)
        if number < shown:
            name = log["players"][event.seat]
            out.print(describe_move(event, squares, name), markup=False)
    out.print(f"... {len(log['moves']) - shown} more moves; the layout at the end:")
    out.print(display.board_view(layout, default_deck(), squares))
    scores = ", ".join(f"{p} {s}" for p, s in zip(log["players"], log["scores"], strict=True))
    out.print(f"Final scores: {scores}. Play the bots yourself: myword layout play")
