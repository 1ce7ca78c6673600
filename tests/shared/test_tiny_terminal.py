"""Issue 26, item 9: the full-screen app survives any terminal size, down to 1 x 1, and the
game goes on once the terminal is large again. Shrunk to 3 x 3 in the middle of a game of
What's My Word? (or the assistant), the app crashed: a sheet's table, kept as wide as its
title, asserted "Sum of ratios must be > 0" in rich when it had less room than its borders.

Every screen is shrunk through sizes a person's window can take (3 x 3, 1 x 1, a thin
column, a thin line, and more), keys are typed while it is tiny, and then it is restored:
no exception, the same screen, and what was typed meanwhile took effect."""

from __future__ import annotations

import time

import pytest

from solver.ui.app import MywordApp

HANG_SECONDS = 300.0  # a condition not met by then is a hang (tests/conftest.py)
SIZE = (120, 40)
# (columns, rows): 3 x 3 as the issue found it, then every corner of "small".
TINY = [(3, 3), (1, 1), (2, 40), (40, 2), (4, 1), (1, 4), (7, 5), (16, 3), (30, 8), (3, 3)]


async def shrunk_and_restored(app: MywordApp, pilot, keys: list[str]) -> None:
    """Through every tiny size, pressing one of ``keys`` at each (in turn), then back to
    ``SIZE``; the app must never have failed and must still be running."""
    screen = app.screen
    pending = list(keys)
    for size in TINY:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        if pending:
            await pilot.press(pending.pop(0))
        assert app._exception is None, f"failed at {size}"
        assert app.is_running
    await pilot.press(*pending)
    await pilot.resize_terminal(*SIZE)
    await pilot.pause()
    assert app._exception is None and app.is_running
    assert app.screen is screen  # still where it was


async def waited(pilot, condition, what: str) -> None:
    end = time.monotonic() + HANG_SECONDS  # a hang, not a slow machine (a first compile)
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.05)  # how often to look, not how long to wait


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
async def test_whats_my_word_goes_on_after_3x3(tmp_path) -> None:
    from solver.deduce import session
    from solver.deduce.ui.screens import DeduceScreen

    settings = session.Settings(rounds=1, seed=3, difficulty="easy")
    game = session.Game(session.new_game(settings), tmp_path / "g.json")
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"ballet", "enter")
        await waited(pilot, lambda: game.waiting().kind == session.GUESS, "row 1 asked")
        await shrunk_and_restored(app, pilot, ["s", "o"])  # typed while tiny
        await pilot.press("enter")
        await waited(pilot, lambda: game.waiting().kind == session.GUESS, "row 2 asked")
        assert game.round["you"][0]["guess"] == "so"  # the game went on
        await pilot.press("question_mark")  # its help, shrunk in turn
        await shrunk_and_restored(app, pilot, [])
        await pilot.press("escape")
        assert isinstance(app.screen, DeduceScreen)


async def test_the_assistant_goes_on_after_3x3(tmp_path) -> None:
    from solver.deduce import assist
    from solver.deduce.ui.assist_screen import AssistScreen

    assistant = assist.Assistant(assist.new_game(assist.Settings(rounds=1)), tmp_path / "g.json")
    app = MywordApp(lambda: AssistScreen(assistant))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"ballet", "enter")
        await waited(pilot, lambda: assistant.waiting().kind == "guess", "row 1 asked")
        await shrunk_and_restored(app, pilot, ["s", "o", "space", "0"])
        await pilot.press("enter")
        await waited(pilot, lambda: assistant.round["mine"], "row 1 entered")
        assert assistant.round["mine"] == [{"guess": "so", "heard": 0}]


class FakeClock:
    """The race's time, moved by the test (as tests/race/test_screens.py does)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
async def test_the_race_goes_on_after_3x3() -> None:
    from solver.race.bots import RaceBot
    from solver.race.deck import parse_deck
    from solver.race.live import LiveRace
    from solver.race.ui.screens import RaceScreen

    clock = FakeClock()
    fast = RaceBot("fast", "easy", 0.5, 0.0, 0.0)
    race = LiveRace([fast], parse_deck("c 1\na 1\nt 1\nx 1\n", "tiny"), 1.0, 1)
    screen = RaceScreen(race, clock)
    app = MywordApp(lambda: screen)

    async def at(seconds: float) -> None:
        clock.now = seconds
        screen.tick()
        await pilot.pause()

    async with app.run_test(size=SIZE) as pilot:
        await at(0.5)
        dealt = len(race.to_deal)
        await shrunk_and_restored(app, pilot, ["c", "a", "t"])
        await at(2.5)  # the race still deals
        assert len(race.to_deal) < dealt


@pytest.mark.parametrize(
    ("setup", "keys", "then"),
    [
        ([], ["down", "up"], ["s"]),  # the menu; then Settings opens
        pytest.param(  # its help
            ["question_mark"], ["down", "up"], ["escape"], marks=pytest.mark.heavy
        ),
        pytest.param(["s"], ["tab"], ["escape"], marks=pytest.mark.heavy),  # settings
        pytest.param(  # a game's new-game form
            ["enter"], ["tab", "tab", "1"], ["escape"], marks=pytest.mark.heavy
        ),
        pytest.param(  # saved games
            ["r"], ["down", "up"], ["escape"], marks=pytest.mark.heavy
        ),
    ],
)
async def test_the_menu_and_its_screens_survive_1x1(
    setup: list[str], keys: list[str], then: list[str]
) -> None:
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*setup)
        await pilot.pause()
        await shrunk_and_restored(app, pilot, keys)
        before = type(app.screen)
        await pilot.press(*then)
        await pilot.pause()
        assert type(app.screen) is not before  # the keys still work


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
async def test_the_delete_question_survives_1x1() -> None:
    from solver.layout import session
    from solver.runtime import savefile
    from solver.ui.app import ConfirmScreen, SavedGamesScreen

    path = savefile.new_path("layout")
    session.save(session.new_game(session.parse_players("human,greedy"), 5, False, None), path)
    app = MywordApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "d")
        assert isinstance(app.screen, ConfirmScreen)
        await shrunk_and_restored(app, pilot, [])
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen) and path.exists()


ARROWS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


def arrows(start, target) -> list[str]:
    rows, columns = target[0] - start[0], target[1] - start[1]
    keys = [ARROWS[(1 if rows > 0 else -1, 0)]] * abs(rows)
    return keys + [ARROWS[(0, 1 if columns > 0 else -1)]] * abs(columns)


@pytest.mark.heavy  # 7 s: CI's heavy step (the other screens stay in the suite)
async def test_my_word_1980_and_its_dialogs_survive_1x1(tmp_path) -> None:
    from solver.layout import session
    from solver.layout.game import legal_plays, to_move
    from solver.layout.ui import screens

    state = session.new_game([session.HUMAN, "greedy"], 3, False)
    app = MywordApp(lambda: screens.game_screen(state, tmp_path / "g.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shrunk_and_restored(app, pilot, ["right", "down", "1"])
        await pilot.press("question_mark")
        await shrunk_and_restored(app, pilot, [])
        await pilot.press("escape")
        assert isinstance(app.screen, screens.LayoutScreen)
    # A play against symbols asks for the word in a dialog: shrunk too, then taken back.
    for seed in range(60):
        symbols = session.new_game(["greedy", session.HUMAN], seed, False)
        found = [(n, s) for n, s in legal_plays(symbols, 1) if any(w.symbols for w in s.words)]
        if found:
            break
    number, spot = found[0]
    app = MywordApp(lambda: screens.game_screen(symbols, tmp_path / "s.json"))
    async with app.run_test(size=SIZE) as pilot:
        await waited(pilot, lambda: to_move(symbols) == 1, "the person's turn")
        screen = app.screen
        await pilot.press(str(symbols.hands[1].index(number) + 1))
        await pilot.press(*arrows(screen.cursor, spot.position), "enter")
        assert isinstance(app.screen, screens.SymbolsScreen)
        await shrunk_and_restored(app, pilot, ["x"])
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and symbols.log["moves"] == []
