"""The race's Textual screen, driven by Pilot on a fake clock, and snapshots of its look.

The screen reads the race time from the clock it is given; the tests move a fake clock and
tick the screen, so a whole race takes a second and every snapshot is the same each run.
"""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from textual.widgets import Input, Static

from solver.race.bots import RaceBot, parse_bot
from solver.race.deck import load_deck, parse_deck
from solver.race.live import LiveRace
from solver.race.ui.feed import summary
from solver.race.ui.screens import RaceScreen, new_game_screen
from solver.ui.app import HelpScreen, MywordApp

TINY = "c 1\na 1\nt 1\nx 1\n"  # seed 1 deals X, T, A, C; then T, X, C, A
FAST = RaceBot("fast", "easy", 0.5, 0.0, 0.0)
SIZE = (110, 34)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def race_app(race: LiveRace, clock: FakeClock) -> MywordApp:
    return MywordApp(lambda: RaceScreen(race, clock))


def tiny_race(**options) -> tuple[FakeClock, LiveRace, MywordApp]:
    """The tiny deck's race against the fast bot (seed 1), its fake clock and its app."""
    clock = FakeClock()
    race = LiveRace([FAST], parse_deck(TINY, "tiny"), 1.0, 1, **options)
    return clock, race, race_app(race, clock)


async def at(pilot, clock: FakeClock, seconds: float) -> RaceScreen:
    """Move the clock to ``seconds`` and let the screen look at it."""
    clock.now = seconds
    screen = pilot.app.screen
    if isinstance(screen, RaceScreen):
        screen.tick()
    await pilot.pause()
    return screen


def feed(screen: RaceScreen) -> list[str]:
    return screen.feed_lines


def shown(screen: RaceScreen, selector: str) -> str:
    """The text a Static shows (its Rich content, printed at the widget's width)."""
    from rich.console import Console

    widget = screen.query_one(selector, Static)
    console = Console(width=max(widget.size.width, 40), record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def test_a_whole_race_with_keys_and_a_click() -> None:
    asyncio.run(whole_race())


async def whole_race() -> None:
    clock, race, app = tiny_race()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, clock, 0.5)
        assert isinstance(screen, RaceScreen) and race.table == ["x"]
        assert "Round 1 of 2, dealt by you." in feed(screen)

        # The help, opened with a click on the footer: the race waits while it is open.
        await pilot.click("FooterKey")
        assert isinstance(app.screen, HelpScreen)
        clock.now = 100.0
        await pilot.pause()
        await pilot.press("escape")
        assert app.screen is screen and screen.race_time() == pytest.approx(0.5)
        clock.now = 0.5 + 99.5  # what the help took is never counted again

        # Round 1: TAX is on the table at 2 s; you type it before the bot (2.7 s).
        await at(pilot, clock, 99.5 + 2.0)
        await pilot.press("t", "a", "x")
        await at(pilot, clock, 99.5 + 2.2)
        await pilot.press("enter")
        assert "You claim TAX: T A X (+3)" in feed(screen)
        assert screen.query_one("#word", Input).value == ""
        assert race.won == [3, 0]
        assert re.search(r"you · deals +3 +3", shown(screen, "#scores"))
        assert re.search(r"Cleo \(fast\) +0 +0", shown(screen, "#scores"))

        # Round 2, dealt by the bot: it takes ACT while you type CAT: too late, no fine.
        await at(pilot, clock, 99.5 + 11.1)
        assert race.table == ["t", "x", "c", "a"]
        table = shown(screen, "#table").splitlines()
        assert table[0].split() == ["new"] and table[1].split() == ["T", "X", "C", "A"]
        status = shown(screen, "#status")
        assert status.startswith("Round 2 of 2 · dealt by Cleo (fast) · deck out · last call")
        await pilot.press("c", "a")
        await at(pilot, clock, 99.5 + 11.7)  # the bot claims at 11.5 s
        assert screen.query_one("#word", Input).value == "ca"  # typing never disturbed
        await pilot.press("t", "enter")
        assert "CAT: too late, Cleo (fast) claimed ACT 0.2 s before you. No fine." in feed(screen)
        assert race.won == [0, 3]

        # A word never on the table is a wrong call: the bot takes the X.
        await pilot.press("d", "o", "g", "enter")
        assert feed(screen)[-1] == (
            "You called DOG: the table has no D. Wrong call: Cleo (fast) takes X (free card)."
        )

        # The end: the winner, the rounds; enter leaves and the app ends.
        await at(pilot, clock, 99.5 + 20.0)
        assert race.finished and race.totals == [3, 4]
        assert feed(screen)[-1] == "Winner: Cleo (fast) with 4 cards!"
        assert screen.query_one("#word", Input).disabled
        final = shown(screen, "#final")
        assert "Winner: Cleo (fast) with 4 cards!" in final and "total" in final
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 0
    assert summary(race) == (
        "Winner: Cleo (fast) with 4 cards! Cards won: you 3, Cleo (fast) 4.\n"
        "Replay this deal with --seed 1."
    )


def test_a_line_of_no_letters_is_refused_on_the_screen_without_a_fine() -> None:
    asyncio.run(no_letters_race())


async def no_letters_race() -> None:
    clock, race, app = tiny_race()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, clock, 2.0)
        before = list(feed(screen))
        screen.query_one("#word", Input).value = "ñ日本"
        await pilot.press("enter")
        await pilot.pause()
        assert feed(screen) == before and race.won == [0, 0]  # not a call: no fine
        said = [n.message for n in app._notifications]
        assert any(m.startswith("A call takes letters of the English alphabet") for m in said)
        assert screen.query_one("#word", Input).value == ""


def test_escape_stops_the_race_and_shows_the_rounds_finished() -> None:
    asyncio.run(stopped_race())


async def stopped_race() -> None:
    clock, race, app = tiny_race()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, clock, 9.0)  # round 2 under way
        await pilot.press("escape")
        assert race.stopped and race.rounds == [[0, 3]]
        final = shown(screen, "#final")
        assert "Race stopped in round 2 of 2" in final
        assert "2 (Cleo (fast) dealt), cut short" in final
        assert race.unfinished == [0, 0] and race.scores() == [0, 3]
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value == 0


def test_ctrl_c_quits_and_the_terminal_is_told_how_the_race_stood() -> None:
    asyncio.run(quit_race())


async def quit_race() -> None:
    clock, race, app = tiny_race()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, clock, 2.9)  # the bot took TAX at 2.7 s
        await pilot.press("c", "a", "ctrl+c")
        await pilot.pause()
    assert screen.noted and race.stopped and race.unfinished == [0, 3]
    assert app.return_code == 130  # as Ctrl-C anywhere else in myword
    assert summary(race).startswith("Race stopped in round 1 of 2. Cards won: you 0, Cleo")


def test_a_word_the_bot_took_just_before_you_began_typing_is_too_late() -> None:
    asyncio.run(too_late_race())


async def too_late_race() -> None:
    """The issue's case on the screen: you saw TAX, the bot claimed it, and your first key
    came after that; the table you saw a moment before counts (the reaction window), so
    no fine. With the window 0 (protection from the first key only) it was a wrong call."""
    for window, said in [
        (1.0, "TAX: too late, Cleo (fast) claimed TAX {} s before you."),
        (0.0, ""),
    ]:
        clock, race, app = tiny_race(reaction_window=window)
        async with app.run_test(size=SIZE) as pilot:
            screen = await at(pilot, clock, 2.8)  # the bot took TAX between 2 s and now
            [claim] = [e for e in race.events if e.kind == "claim"]
            await pilot.press("t", "a")
            await at(pilot, clock, 3.1)
            await pilot.press("x", "enter")
            if said:
                assert feed(screen)[-1] == said.format(f"{3.1 - claim.time:.1f}") + " No fine."
                assert race.won == [0, 3]
            else:
                assert feed(screen)[-1].startswith("You called TAX: the table has no T.")
                assert race.won == [0, 4]
            await pilot.press("escape", "escape")
            await pilot.pause()


def test_the_menus_new_game_is_a_race_with_named_bots_and_a_fresh_seed(monkeypatch) -> None:
    from solver.runtime import seeds

    monkeypatch.setattr(seeds, "fresh", lambda: 31337)
    screen = new_game_screen({"lang": "en", "level": "easy", "seed": None})
    assert isinstance(screen, RaceScreen)
    assert screen.race.seed == 31337 and len(screen.race.seats) == 3
    assert [s.label.endswith("(easy)") for s in screen.race.seats] == [False, True, True]
    assert new_game_screen({"seed": 5, "lang": "es"}).race.deck.lang == "es"


# -- snapshots -------------------------------------------------------------------------------


def mid_race_app(clock: FakeClock) -> MywordApp:
    race = LiveRace([parse_bot("medium")] * 2, load_deck("en"), 1.0, 11)
    return race_app(race, clock)


async def steady(pilot) -> None:
    """No blinking cursor in a snapshot."""
    for word in pilot.app.screen.query(Input):
        word.cursor_blink = False
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_mid_race(snap_compare, size) -> None:
    """Mid-race at the sizes of issue 28 (it was 110 x 34): at 80 x 24 the input line
    without its border."""
    clock = FakeClock()

    async def run_before(pilot) -> None:
        for second in range(13):
            await at(pilot, clock, float(second))
        await pilot.press("z", "z", "z", "enter")  # a wrong call: a free card each
        await pilot.press("s", "e")  # a word being typed
        await at(pilot, clock, 13.4)
        await steady(pilot)

    assert snap_compare(mid_race_app(clock), terminal_size=size, run_before=run_before)


SLOW = RaceBot("slow", "easy", 1000.0, 0.0, 0.0)  # never finds a word in these tests


async def test_at_80x24_a_full_table_the_scores_and_the_input_are_in_view(in_view) -> None:
    """Issue 28: at 80 x 24, with 40 cards on the table (more rows of big cards than the
    room has), the whole table, the scores and the input line are in view without
    scrolling: the cards are drawn one line tall. + folds the calls away and shows them
    again, and is never typed into the word."""
    clock = FakeClock()
    race = LiveRace([SLOW, SLOW], load_deck("en"), 1.0, 11)
    app = race_app(race, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at(pilot, clock, 39.5)
        await pilot.pause()
        assert len(race.table) >= 35
        in_view(screen, "#status", "#table", "#scores", "#word")
        table = screen.query_one("#table", Static)
        assert table.content.small(table.content_region.width)  # one line a card
        drawn = shown(screen, "#table").strip("\n").splitlines()
        assert len(drawn) <= table.content_region.height  # every row of cards
        assert screen.query_one("#word").outer_size.height == 1  # no border: one line
        assert screen.has_class("small")
        feed = screen.query_one("#feed")
        assert feed.display
        await pilot.press("s", "plus")
        assert not feed.display
        in_view(screen, "#status", "#table", "#scores", "#word")
        await pilot.press("plus", "e")
        assert feed.display
        assert screen.query_one("#word", Input).value == "se"  # + was not typed


async def test_at_120x40_the_cards_are_big() -> None:
    """With room (120 x 40) and a few cards the cards stay three lines tall and the input
    line keeps its border."""
    clock = FakeClock()
    race = LiveRace([SLOW, SLOW], load_deck("en"), 1.0, 11)
    app = race_app(race, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at(pilot, clock, 9.5)
        await pilot.pause()
        table = screen.query_one("#table", Static)
        assert not table.content.small(table.content_region.width)
        assert not screen.has_class("small")


def test_snapshot_end_view(snap_compare) -> None:
    clock = FakeClock()
    race = LiveRace([FAST], parse_deck(TINY, "tiny"), 1.0, 1)

    async def run_before(pilot) -> None:
        await at(pilot, clock, 2.0)
        await pilot.press("t", "a", "x", "enter")
        await at(pilot, clock, 30.0)
        await steady(pilot)

    assert snap_compare(race_app(race, clock), terminal_size=SIZE, run_before=run_before)


def test_snapshot_help(snap_compare) -> None:
    clock = FakeClock()

    async def run_before(pilot) -> None:
        await at(pilot, clock, 3.0)
        await pilot.press("question_mark")
        await steady(pilot)

    assert snap_compare(mid_race_app(clock), terminal_size=SIZE, run_before=run_before)
