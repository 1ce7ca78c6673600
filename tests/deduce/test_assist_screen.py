"""The assistant full-screen, driven with keys (Textual's Pilot), and its look mid-round."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from rich.console import Console
from rich.measure import Measurement
from textual.widgets import Input, RichLog, Static

from solver.deduce import assist, live_advice
from solver.deduce.ui.assist_screen import AssistScreen, resume_screen
from solver.ui.app import MywordApp

from .test_assist import PURPLE, RED

HANG_SECONDS = 300.0  # a condition not met by then is a hang (tests/conftest.py)

SIZE = (160, 50)


def notes(app) -> str:
    log = app.screen.query_one("#notes", RichLog)
    return "\n".join(line.text for line in log.lines)


def shown(app, widget: str) -> str:
    """What a widget shows, as plain text."""
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(app.screen.query_one(widget, Static).content)
    return console.file.getvalue()


def fresh(path: Path, speculate: bool = False) -> AssistScreen:
    state = assist.new_game(assist.Settings(rounds=1))
    return AssistScreen(assist.Assistant(state, path), speculate=speculate)


async def settle(app, pilot) -> None:
    """Until the advice worker is done and the screen no longer waits for advice (the Enter
    may still be queued when this starts, with no worker running yet)."""
    end = time.monotonic() + HANG_SECONDS  # a hang, not a slow machine (a first compile)
    while True:
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        if not isinstance(screen, AssistScreen) or screen.advising is None:
            break
        assert time.monotonic() < end, "the advice never came"
        await pilot.pause(0.05)  # how often to look, not how long to wait
    await pilot.pause()


async def enter(app, pilot, text: str) -> None:
    await pilot.press(*text, "enter")
    await settle(app, pilot)


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_a_whole_round_through_the_screen(tmp_path: Path) -> None:
    """The rulebook's sample round typed in: hidden Gameword, scores to announce, advice,
    a refused entry, help, a slip said and corrected, the reveal, the end."""
    path = tmp_path / "g.json"
    screen = fresh(path)
    app = MywordApp(lambda: screen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        answer = app.screen.query_one("#answer", Input)
        assert answer.password  # the Gameword is typed hidden
        await enter(app, pilot, "ballet")
        assert not answer.password and "ballet" not in notes(app)
        assert "Recommended" in shown(app, "#advice")
        await enter(app, pilot, "so 300")
        assert "300 is not a score" in notes(app)
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.press(*":help", "enter")  # typed, the help command opens the same
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        for index, (mine, theirs) in enumerate(zip(PURPLE, RED, strict=True)):
            await enter(app, pilot, mine)
            await enter(app, pilot, theirs)
            if index == 1:
                await enter(app, pilot, ":said 250")
                assert "CAR scores 1,000, not 250" in notes(app)
                await enter(app, pilot, ":said 1000")
        assert "Announce 5,000" in notes(app)
        assert screen.assistant.waiting().kind == "round over"
        await enter(app, pilot, ":reveal nephew")
        await enter(app, pilot, ":end")
        assert "You win!" in shown(app, "#totals")
        assert "(N) (E) (P) (H) (E) (W)" in shown(app, "#yours")  # marked once revealed
        await pilot.press("escape")
    saved = assist.load(path)
    assert assist.Assistant(saved).finished and saved == screen.assistant.state


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
async def test_a_wrong_score_heard_is_warned_on_the_screen(tmp_path: Path) -> None:
    screen = fresh(tmp_path / "g.json")
    app = MywordApp(lambda: screen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await enter(app, pilot, "ballet")
        for entry in ["so 0", "an", "den 1250", "car", "ebb 3250"]:  # 3 letters: 3000 at most
            await enter(app, pilot, entry)
        assert "3,250 is impossible on your row 3" in notes(app)
        assert "no word fits" not in notes(app)
        await enter(app, pilot, "ebb 750")  # possible on the row, but no word fits with it
        said = " ".join(notes(app).split())  # the log wraps long lines
        assert "no word fits the scores you heard" in said and "2,000 points" in said
        assert "Most likely row" in said and ":heard ROW SCORE" in said


async def test_leaving_saves_and_resume_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    app = MywordApp(lambda: fresh(path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await enter(app, pilot, "ballet")
        await enter(app, pilot, "so 0")
        await pilot.press("escape")
        await pilot.pause()
        assert any("deduce assist --resume" in n.message for n in app._notifications)
    app = MywordApp(lambda: resume_screen(path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, AssistScreen)
        assert "Game resumed" in notes(app)
        assert app.screen.assistant.round["mine"] == [{"guess": "so", "heard": 0}]


async def mid_round(pilot) -> None:
    app = pilot.app
    await settle(app, pilot)
    await enter(app, pilot, "ballet")
    for mine, theirs in list(zip(PURPLE, RED, strict=True))[:4]:
        await enter(app, pilot, mine)
        await enter(app, pilot, theirs)


@pytest.mark.heavy  # half a round through the screen: CI's second step
@pytest.mark.parametrize("size", [(80, 24), (120, 40), SIZE], ids=["80x24", "120x40", "160x50"])
def test_snapshot_mid_round(snap_compare, tmp_path: Path, size) -> None:
    """Issue 28's sizes, and 160 x 50 where the advice sits beside the sheets."""
    app = MywordApp(lambda: fresh(tmp_path / "snap.json"))
    assert snap_compare(app, terminal_size=size, run_before=mid_round)


async def test_at_80x24_the_sheets_and_totals_are_in_view(tmp_path: Path, in_view) -> None:
    """Issue 28: at 80 x 24, four rows into a round, both sheets (every row), the totals
    and the input line are in view without scrolling, the advice's first line in the
    notes; + shows the advice's panel (the sheets still in view) and folds it again."""
    state = assist.new_game(assist.Settings(rounds=1))
    assistant = assist.Assistant(state, tmp_path / "g.json")
    for text in ["ballet", *[e for pair in zip(PURPLE[:4], RED[:4], strict=True) for e in pair]]:
        assistant.enter(text)  # entered here, not typed: the screen opens mid-round
    app = MywordApp(lambda: AssistScreen(assistant, speculate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        essentials = ("#yours", "#theirs", "#totals", "#prompt", "#answer")
        in_view(screen, *essentials)
        console = app.console
        for selector in ("#yours", "#theirs"):  # drawn whole: no column squeezed
            widget = screen.query_one(selector, Static)
            wanted = Measurement.get(console, console.options, widget.content).maximum
            assert widget.content_region.width >= wanted, selector
        assert "(6 from col 1)" in shown(app, "#yours")
        assert "This round so far" in shown(app, "#totals")
        assert "Advice for your row 5" in notes(app)
        assert not screen.query_one("#advice").display
        await pilot.press("plus")
        assert screen.query_one("#advice").display
        assert "Recommended" in shown(app, "#advice")
        in_view(screen, *essentials)
        await pilot.press("plus")
        assert not screen.query_one("#advice").display
        assert screen.query_one("#answer", Input).value == ""  # + was not typed


def test_the_advisor_speculates_the_next_positions() -> None:
    """After the advice for a position, the positions its recommended Guessword leads to
    are worked out ahead, likeliest score first (the advice itself is unchanged)."""
    from solver.deduce.advisor import advise
    from solver.deduce.candidates import Turn
    from solver.deduce.rules import default_sheet

    advisor = live_advice.Advisor(assist.Settings(rounds=1))
    history = [Turn("so", 0), Turn("den", 1250), Turn("ebb", 1000)]
    advisor.speculate(6, history)
    ahead = advisor.next_positions(6, history)
    assert ahead and all(advisor.known(6, after) is not None for after in ahead)
    after = ahead[0]
    fresh_advice = advise(after, default_sheet(6), top=assist.Settings().top)
    assert advisor.known(6, after).choices == fresh_advice.choices


async def test_leaving_before_the_first_entry_keeps_no_save(tmp_path: Path) -> None:
    """Escape before the Gameword is typed, or after undoing back to it: nothing to resume,
    so no save (the newcomer's review found empty games among the saved ones), no lock
    file, and no note saying how to resume."""
    for undo in (False, True):
        path = tmp_path / "g.json"
        screen = fresh(path)
        app = MywordApp(lambda screen=screen: screen)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert not path.exists()
            if undo:
                await enter(app, pilot, "ballet")
                assert path.exists()
                await enter(app, pilot, ":undo")
            await pilot.press("escape")
            await pilot.pause()
            assert screen.resume_note() is None
        assert list(tmp_path.iterdir()) == [], undo


def typed_fast(app, text: str) -> None:
    """Keys as a fast typist sends them: all queued before the screen has handled any
    (``pilot.press`` waits for the app to be idle after each key, which hides the race)."""
    from textual import events

    names = {"\n": ("enter", "\r"), " ": ("space", " ")}
    for character in text:
        key, printed = names.get(character, (character, character))
        app.post_message(events.Key(key, printed))


async def wait_until(pilot, condition, what: str) -> None:
    """Pause until the condition holds (a bounded number of the app's idle turns)."""
    for _ in range(200):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}")


async def test_keys_typed_while_an_entry_is_handled_are_kept(tmp_path: Path) -> None:
    """`end` typed right after `reveal` was lost (2 of 3 tries): the line was emptied by the
    screen once it had handled the entry, wiping the keys typed meanwhile (and their Enter
    then sent an empty line, or the two entries ran together as NEPHEWEND). Now the line
    is emptied when Enter is read, in the order of the keys, however fast they come."""
    assistant = assist.Assistant(assist.new_game(assist.Settings(rounds=1)), tmp_path / "g.json")
    assistant.enter("ballet")
    for mine, theirs in zip(PURPLE, RED, strict=True):
        assistant.enter(mine)
        assistant.enter(theirs)
    screen = AssistScreen(assistant, speculate=False)
    app = MywordApp(lambda: screen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        typed_fast(app, ":reveal nephew\n:end\n")
        await wait_until(pilot, lambda: assistant.finished, "the game ended")
        assert assistant.round["their_word"] == "nephew"
        assert [e["kind"] for e in assistant.state["entries"][-2:]] == ["reveal", "end"]
        assert screen.query_one("#answer", Input).value == ""
        assert "> :reveal nephew" in notes(app) and "> :end" in notes(app)
