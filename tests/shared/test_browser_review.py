"""The review in a browser (issue 28, item 5): a finished game of each kind in the served
app's saved games, opened from the list, its review drawn and stepped through with keys
typed in the page; a screenshot of each (``MYWORD_SCREENSHOTS=folder`` keeps them).

The games are played to their end here, by the games' own code (a person's plain moves
against seeded bots), and saved in the served app's data folder before it starts."""

from __future__ import annotations

import asyncio
import os
import queue
from pathlib import Path

import pytest

from .test_browser import FOCUS, _browser, chromium_page, served  # noqa: F401


def _deduce(path: Path) -> None:
    """One round against the easy bot: ordinary words, row after row."""
    from solver.deduce import session
    from solver.wordtools import lexicon

    settings = session.Settings(seed=3, rounds=1, difficulty="easy")
    game = session.Game(session.new_game(settings), path)  # saved after every move
    while not game.finished:
        waiting = game.waiting()
        if waiting.kind == session.GAMEWORD:
            game.choose_gameword("ballet")
        elif waiting.kind == session.GUESS:
            game.guess(lexicon.words(waiting.length, "familiar")[waiting.row % 5])
        elif waiting.kind == session.BOT:
            game.bot_guessed(game.think())
        else:
            game.next_round()


def _layout(path: Path) -> None:
    """You play your highest-scoring play (or knock) against the greedy bot."""
    from solver.layout import session
    from solver.layout.moves import Knock, Play

    state = session.new_game([session.HUMAN, "greedy"], 3, False)
    while not state.over:
        seat = state.turn()
        if session.is_person(state, seat):
            plays = session.ranked_plays(state, seat)
            move = Play(*plays[0]) if plays else Knock(state.hands[seat][0])
        else:
            move = session.bot_move(state, seat)
        session.make_move(state, move)
    session.save(state, path)


def _race(path: Path) -> None:
    """A race against a slow bot on a fake clock: you call CAT when it is out."""
    from solver.race import record
    from solver.race.bots import RaceBot
    from solver.race.deck import parse_deck
    from solver.race.live import LiveRace
    from solver.race.ui.lines import play_live_game

    now = [0.0]
    lines: queue.Queue[str] = queue.Queue()
    slow = RaceBot("slow", "easy", 999.0, 0.0, 0.0)  # never in time
    race = LiveRace([slow], parse_deck("c 1\na 1\nt 1\nx 1\n", "tiny"), 1.0, 1)

    def say(text: str) -> None:
        if text.startswith("Table: X T A C") and race.round == 0:
            lines.put("cat")

    play_live_game(race, lines, lambda: now[0], lambda s: now.__setitem__(0, now[0] + s), say)
    record.save(race, path)


@pytest.fixture
def finished_games(tmp_path, monkeypatch) -> list[dict]:
    """A finished game of each kind in the data folder ``served`` then serves."""
    from solver.runtime import savefile

    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "data"))
    for make, kind in ((_deduce, "deduce"), (_layout, "layout"), (_race, "race")):
        make(savefile.new_path(kind))
    return savefile.listing()  # as the app lists them: newest first


async def _review_each(browser: str, url: str, listed: list[dict], shots: Path) -> None:
    async with chromium_page(browser) as page:
        for row, game in enumerate(listed):
            await page.open(url)
            await page.drawn_text("Resume a saved game")
            assert await page.evaluate(FOCUS)
            page.mark()
            await page.type("r")  # the saved games
            await page.drawn_text("finished: enter reviews")
            page.mark()
            await page.type(*["down"] * row, "enter")
            await page.drawn_text("Turning points (you)|No move of you", "turning point")
            await page.screenshot(f"review-{game['game']}", shots)
            page.mark()
            await page.type("s")  # the next seat's moves
            await page.drawn_text("The moves of")
            page.mark()
            await page.type("escape")
            await page.drawn_text("finished: enter reviews")


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
def test_each_games_review_in_a_browser(finished_games, served, tmp_path) -> None:  # noqa: F811
    browser = _browser()
    if browser is None:
        pytest.skip("no Chromium (apt install chromium)")
    url, _ = served
    kept = os.environ.get("MYWORD_SCREENSHOTS")
    shots = Path(kept) if kept else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    assert sorted(game["game"] for game in finished_games) == ["deduce", "layout", "race"]
    asyncio.run(_review_each(browser, url, finished_games, shots))
    for game in ("deduce", "layout", "race"):
        shot = (shots / f"review-{game}.png").read_bytes()
        assert shot.startswith(b"\x89PNG") and len(shot) > 10_000  # drawn, not blank
