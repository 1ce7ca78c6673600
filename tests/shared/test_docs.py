"""The pages in docs/: every link leads somewhere, and the engine protocol's transcript of a
whole game is what the protocol says today (the game is played again, line for line)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from solver.arena import loop
from solver.arena.seats import named
from solver.race.arena import RULES, new_state

DOCS = Path(__file__).resolve().parents[2] / "docs"
MYWORD = Path(sys.executable).with_name("myword")
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")


def test_every_link_between_pages_leads_to_a_page() -> None:
    broken = []
    for page in DOCS.rglob("*.md"):
        for target, _ in LINK.findall(page.read_text()):
            if "://" in target:
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(DOCS)} -> {target}")
    assert broken == []


def test_the_transcript_of_a_whole_game_is_what_the_protocol_says(tmp_path) -> None:
    page = (DOCS / "engine-protocol.md").read_text()
    marker = page.index("<!-- transcript: race, small.deck, seed 7, engine hard against medium")
    shown = page[marker:].split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    deck = tmp_path / "small.deck"
    deck.write_text("a 2\nc 1\ne 2\nr 1\ns 1\nt 2\nh 1\n")
    log = io.StringIO()
    served = named(RULES, f"engine:{MYWORD} race engine --player hard", slot=9)
    served.log = log
    try:
        outcome = loop.play(new_state(7, 2, deck=str(deck)), [served, RULES.seat("medium")], 7)
    finally:
        served.close()
    assert outcome.scores == (19, 0)
    assert log.getvalue().splitlines() == shown
