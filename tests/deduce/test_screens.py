"""The full-screen game, played with keys and clicks (Textual's Pilot), and its look pinned
by snapshots: the sheets mid-game, the end of a game, and the help."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from rich.console import Console
from rich.measure import Measurement
from textual.widgets import Input, RichLog, Static

from solver.deduce import default_sheet, score, session
from solver.deduce.ui.screens import DeduceScreen, new_game_screen, resume_screen
from solver.ui.app import MywordApp
from solver.wordtools import lexicon

HANG_SECONDS = 300.0  # a condition not met by then is a hang (tests/conftest.py)

SIX = default_sheet(6)
SIZE = (120, 48)


def guesses() -> list[str]:
    """One ordinary word per row of the 6-letter sheet."""
    return [lexicon.words(row.length, "familiar")[i % 5] for i, row in enumerate(SIX.rows)]


def short_game(path: Path | None, **settings) -> session.Game:
    """One round against the easy bot (it thinks fast), seeded."""
    chosen = {"rounds": 1, "seed": 3, "difficulty": "easy", **settings}
    return session.Game(session.new_game(session.Settings(**chosen)), path)


def notes(app) -> str:
    log = app.screen.query_one("#notes", RichLog)
    return "\n".join(line.text for line in log.lines)


def shown(app, widget: str) -> str:
    """What a widget shows, as plain text."""
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(app.screen.query_one(widget, Static).content)
    return console.file.getvalue()


def row_letters(table: str, number: int) -> str:
    """The capital letters in a sheet's row (its Guessword, marks left out)."""
    line = next(line for line in table.splitlines() if re.match(rf"│\s+{number} │", line))
    return re.sub(r"[^A-Z]", "", line)


async def settle(app, pilot) -> None:
    """Let the bot finish thinking and its move reach the screen. The Enter that hands the
    turn to the bot may still be queued when this starts, and then no worker is running yet:
    waiting for workers alone let a slow CI machine take the mid-game snapshot while the bot
    was thinking. So wait until the game no longer waits for the bot."""
    end = time.monotonic() + HANG_SECONDS  # a hang, not a slow machine (a first compile)
    while True:
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        if not isinstance(screen, DeduceScreen) or screen.game.waiting().kind != session.BOT:
            break
        assert time.monotonic() < end, "the bot never moved"
        await pilot.pause(0.05)  # how often to look, not how long to wait
    await pilot.pause()


async def answer(app, pilot, text: str) -> None:
    await pilot.press(*text, "enter")
    await settle(app, pilot)


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_a_whole_game_with_keys(tmp_path: Path) -> None:
    """A newcomer's round from the Gameword to the end view, with keys and a click: a word
    refused, help opened and closed, hints hidden and shown, every row played by both."""
    path = tmp_path / "game.json"
    game = short_game(path)
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DeduceScreen)
        # The seed draws the bot's words: replaying it elsewhere would give them away, so it
        # is shown only once the game is over (found by a newcomer's review).
        assert "Seed 3" not in notes(app) and "seed 3" not in app.screen.sub_title
        answer_line = app.screen.query_one("#answer", Input)
        assert answer_line.password  # the Gameword is typed hidden
        await answer(app, pilot, "ballet")
        assert game.round["your_word"] == "ballet" and not answer_line.password
        await answer(app, pilot, "xq")  # not a word: refused, asked again
        assert "does not accept XQ" in notes(app) and game.round["you"] == []
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, DeduceScreen)
        assert not app.screen.query_one("#alphabets").display  # hints only on request
        await pilot.press("exclamation_mark")  # hints shown
        assert app.screen.query_one("#alphabets").display
        await pilot.press("exclamation_mark")
        assert not app.screen.query_one("#alphabets").display
        await pilot.click("#yours")  # a click on the sheets leaves the typing where it was
        assert app.focused is answer_line
        await pilot.click("#answer")
        for number, word in enumerate(guesses(), start=1):
            await answer(app, pilot, word)
            assert len(game.round["you"]) == number == len(game.round["bot"])
            assert word.upper() in row_letters(shown(app, "#yours"), number)
            assert game.round["bot"][-1]["guess"].upper() in row_letters(
                shown(app, "#bots"), number
            )
        assert game.waiting().kind == session.ROUND_OVER
        assert f"was {game.round['bot_word'].upper()}" in notes(app)
        assert not answer_line.display  # nothing to type: Enter goes on
        await pilot.press("enter")
        assert game.finished and "Grand total" in notes(app)
        assert "This game replayed --seed 3." in notes(app)
        assert "seed 3" in app.screen.sub_title
        result = session.totals(game.state)
        assert f"you {result['you']:,}, the bot {result['bot']:,}" in notes(app)
        await pilot.press("enter")  # leaves the end view: the app ends
    assert app.return_code == 0
    saved = session.load(path)
    assert saved["finished"] and saved == game.state
    for index, entry in enumerate(saved["rounds"][0]["bot"]):
        row = SIX.rows[index]
        assert entry["score"] == score("ballet", entry["guess"], row.offset, SIX.is_last(index))


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_you_score_the_bot_and_it_audits_at_the_end(tmp_path: Path) -> None:
    """--you-score in the app: you type each score of the bot's Guesswords, then reveal
    your word; scored right, the audit finds nothing and no penalty."""
    game = short_game(tmp_path / "g.json", you_score=True)
    app = MywordApp(lambda: DeduceScreen(game))
    words = iter(guesses())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while (waiting := game.waiting()).kind != session.ROUND_OVER:
            if waiting.kind == session.GUESS:
                await answer(app, pilot, next(words))
            elif waiting.kind == session.SCORE:
                guess = waiting.guess
                index = waiting.row
                right = score("ballet", guess, SIX.rows[index].offset, SIX.is_last(index))
                await answer(app, pilot, str(right))
            elif waiting.kind == session.REVEAL:
                await answer(app, pilot, "ballet")
            else:
                raise AssertionError(f"unexpected {waiting}")
        assert "checked every score you gave: all correct" in notes(app)
        assert game.round["audit"] == {"errors": [], "penalty": 0}
        assert "BALLET" in shown(app, "#bots")  # the revealed word marks the bot's rows


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_a_wrong_score_is_asked_about_on_the_screen(tmp_path: Path) -> None:
    """--you-score with two slips (rows 2 and 5): the screen shows the bot's request to
    recheck each, the corrected score is taken, and the audit charges only the turns each
    slip stood (the line mode's test_a_second_wrong_score_is_found..., on the screen)."""
    from .test_session import true_score, wrong_score

    game = short_game(tmp_path / "g.json", seed=1, you_score=True, hints=False)
    app = MywordApp(lambda: DeduceScreen(game))
    words = iter(guesses())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while (waiting := game.waiting()).kind != session.ROUND_OVER:
            if waiting.kind == session.GUESS:
                await answer(app, pilot, next(words))
            elif waiting.kind == session.SCORE:
                guess, index = waiting.guess, waiting.row
                slip = index in (1, 4)
                given = (wrong_score if slip else true_score)("ballet", index, guess)
                await answer(app, pilot, str(given))
            elif waiting.kind == session.RECHECK:
                assert f"Please recheck row {waiting.row + 1}" in notes(app)
                entry = game.round["bot"][waiting.row]
                await answer(app, pilot, str(true_score("ballet", waiting.row, entry["guess"])))
            elif waiting.kind == session.REVEAL:
                await answer(app, pilot, "ballet")
        assert [r["row"] for r in game.round["rechecks"]] == [1, 4]
        errors = game.round["audit"]["errors"]
        assert [(e["row"], e["turns_undetected"]) for e in errors] == [(1, 3), (4, 2)]
        assert f"Penalty: {2000 * 5:,} points to the bot" in notes(app)
        # (compact: with the audit's "you said" the boxed sheets need more than 120 columns)
        assert re.search(r"penalty: 5 (turn\(s\) undetected )?x 2,000", shown(app, "#bots"))


async def test_leaving_saves_and_resume_goes_on(tmp_path: Path) -> None:
    """q leaves with the game saved and says how to resume; resuming shows the same rows
    and asks for the next one."""
    path = tmp_path / "left.json"
    game = short_game(path, rounds=2)
    app = MywordApp(lambda: DeduceScreen(game, hold=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await answer(app, pilot, "ballet")
        await answer(app, pilot, "so")
        await pilot.press("escape")
        await pilot.pause()
        # the file named, as line mode and the other screens name it (it said "Game
        # saved;" alone: a newcomer's finding)
        assert any(
            n.message == f"Game saved to {path}; continue with: myword deduce play --resume {path}"
            for n in app._notifications
        ), [n.message for n in app._notifications]
    assert app.return_code == 0
    app = MywordApp(lambda: resume_screen(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeduceScreen)
        assert screen.game.state == session.load(path)
        assert "SO" in row_letters(shown(app, "#yours"), 1)
        assert shown(app, "#prompt").startswith("Row 2:")


async def test_a_new_game_from_the_menu_uses_its_settings() -> None:
    """The menu's settings (language, level, seed) make the game; it is saved in the games
    folder, with the seed shown."""
    screen = new_game_screen({"lang": "es", "level": "hard", "seed": 12})
    settings = screen.game.settings
    assert (settings.lang, settings.difficulty, settings.seed) == ("es", "hard", 12)
    fresh = new_game_screen({"lang": "en", "level": "easy", "seed": None})
    assert isinstance(fresh.game.settings.seed, int)  # drawn, kept, shown
    assert fresh.game.path is not None and fresh.game.path.name.startswith("deduce-")


def snapshot_app(tmp_path: Path, **settings) -> MywordApp:
    game = short_game(tmp_path / "snap.json", **settings)
    return MywordApp(lambda: DeduceScreen(game))


async def mid_game(pilot) -> None:
    app = pilot.app
    await pilot.pause()
    await answer(app, pilot, "ballet")
    for word in guesses()[:4]:
        await answer(app, pilot, word)


async def whole_game(pilot) -> None:
    app = pilot.app
    await mid_game(pilot)
    for word in guesses()[4:]:
        await answer(app, pilot, word)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_mid_game(snap_compare, tmp_path: Path, size) -> None:
    """Mid-game at the sizes of issue 28: compact at 80 x 24 (both sheets and the totals
    in view, the details folded), boxed at 120 x 40 (the marginal alphabets too)."""
    run_before = mid_game
    if size == (120, 40):

        async def run_before(pilot) -> None:
            await mid_game(pilot)
            await pilot.press("exclamation_mark")  # the hints: marks and alphabets
            await pilot.pause()

    assert snap_compare(snapshot_app(tmp_path), terminal_size=size, run_before=run_before)


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
def test_snapshot_end_of_the_game(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(snapshot_app(tmp_path), terminal_size=SIZE, run_before=whole_game)


def test_snapshot_help(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(snapshot_app(tmp_path), terminal_size=SIZE, press=["question_mark"])


async def test_a_game_played_elsewhere_is_not_opened_twice(tmp_path: Path) -> None:
    """A save another myword is playing (its lock held) is refused with a message, never
    played twice at once."""
    from solver.runtime import savefile

    path = tmp_path / "busy.json"
    game = short_game(path)
    session.save(game.state, path)
    with savefile.holding(path):
        app = MywordApp(lambda: resume_screen(path))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert any("another myword" in n.message for n in app._notifications)
            assert not isinstance(app.screen, DeduceScreen)


def unsqueezed(screen, *selectors: str) -> None:
    """Each sheet is drawn as wide as it wants: no column of it squeezed or wrapped."""
    console = screen.app.console
    for selector in selectors:
        widget = screen.query_one(selector, Static)
        wanted = Measurement.get(console, console.options, widget.content).maximum
        assert widget.content_region.width >= wanted, f"{selector} squeezed"


async def test_at_80x24_the_sheets_totals_and_input_are_in_view(tmp_path: Path, in_view) -> None:
    """Issue 28: at 80 x 24 both sheets (every row), the totals and the input line are in
    view without scrolling, mid-game with the hints on: the sheets compact side by side,
    the details (marginal alphabets, legend) folded; + shows them in the notes' place with
    the sheets still in view, + folds them again. (The boxed sheets went one above the
    other, the bot's and the totals below the fold.)"""
    game = short_game(tmp_path / "s.json", hints=True)
    game.choose_gameword("ballet")
    for word in guesses()[:4]:  # played here, not typed: the screen opens mid-game
        game.guess(word)
        game.bot_guessed(game.think())
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        essentials = ("#yours", "#bots", "#totals", "#prompt", "#answer")
        in_view(screen, *essentials)
        unsqueezed(screen, "#yours", "#bots")
        assert screen.query_one("#sheets").styles.layout.name == "horizontal"
        assert "(6 from col 1)" in shown(app, "#yours")  # the last row is there
        assert "This round so far" in shown(app, "#totals")
        assert not screen.query_one("#alphabets").display  # folded
        assert not screen.query_one("#legend").display
        await pilot.press("exclamation_mark", "exclamation_mark", "x", "q", "enter")  # notes
        await pilot.press("plus")
        assert screen.query_one("#alphabets").display and screen.query_one("#legend").display
        assert "Letters still possible" in shown(app, "#alphabets")
        in_view(screen, *essentials)
        await pilot.pause()
        log = screen.query_one("#notes", RichLog)  # two lines left: the newest notes
        assert log.size.height == 2 and log.scroll_y == log.max_scroll_y > 0
        assert "Row 5 takes 3 letters" in log.lines[-1].text  # XQ refused
        await pilot.press("plus")
        assert not screen.query_one("#alphabets").display
        assert game.round["you"][-1]["guess"] == guesses()[3]  # + typed nothing
        await pilot.resize_terminal(120, 40)  # room: boxed sheets, details shown
        await pilot.pause()
        assert not screen.compact and screen.query_one("#legend").display is False  # as + said
        await pilot.press("plus")
        in_view(screen, *essentials, "#alphabets", "#legend")


async def test_at_80x24_the_penalty_is_in_view(tmp_path: Path, in_view) -> None:
    """--you-score with a slip found at the audit: the bot's sheet gets the penalty and its
    round total under its rows; at 80 x 24 they are in view with both sheets."""
    from .test_session import true_score, wrong_score

    game = short_game(tmp_path / "p.json", seed=1, you_score=True, hints=False)
    words = iter(guesses())
    while (waiting := game.waiting()).kind != session.ROUND_OVER:
        if waiting.kind == session.GAMEWORD:
            game.choose_gameword("ballet")
        elif waiting.kind == session.GUESS:
            game.guess(next(words))
        elif waiting.kind == session.BOT:
            game.bot_guessed(game.think())
        elif waiting.kind == session.SCORE:
            slip = waiting.row == 1
            given = (wrong_score if slip else true_score)("ballet", waiting.row, waiting.guess)
            game.score_bot(str(given))
        elif waiting.kind == session.RECHECK:
            entry = game.round["bot"][waiting.row]
            game.recheck(str(true_score("ballet", waiting.row, entry["guess"])))
        elif waiting.kind == session.REVEAL:
            game.reveal("ballet")
    assert game.round["audit"]["penalty"]
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        in_view(screen, "#yours", "#bots", "#totals")
        unsqueezed(screen, "#yours", "#bots")
        assert "penalty:" in shown(app, "#bots") and "round total" in shown(app, "#bots")
        assert "penalty" in shown(app, "#totals")


async def test_a_tiny_terminal_stacks_the_sheets(tmp_path: Path) -> None:
    """Narrower than the compact sheets (60 columns), they go one above the other (the
    board scrolls, Page Down); side by side when there is room."""
    game = short_game(tmp_path / "s.json")
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        sheets = app.screen.query_one("#sheets")
        assert sheets.styles.layout.name == "vertical"
        await pilot.press("pagedown")
        assert app.screen.query_one("#board").scroll_y > 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert sheets.styles.layout.name == "horizontal"


@pytest.mark.heavy  # two whole rounds against the bot: about 4 s
async def test_at_80x24_a_seven_letter_round_with_its_penalty_keeps_the_sheets_side_by_side(
    tmp_path: Path, in_view
) -> None:
    """The widest sheets: a 7-letter round of --you-score with three slips found at the
    audit ("750 (1,000)" cells), the word revealed. The compact sheets would need 83
    columns and went one above the other, the bot's below the fold; they are drawn tight
    (the marked letters without a space between them) and stay side by side, in view."""
    from .test_session import true_score, wrong_score

    game = short_game(tmp_path / "w.json", seed=1, you_score=True, hints=True, rounds=2)
    while True:
        waiting = game.waiting()
        word = "ballet" if waiting.round == 0 else "kitchen"
        if waiting.kind == session.ROUND_OVER:
            if waiting.round == 1:
                break
            game.next_round()
        elif waiting.kind == session.GAMEWORD:
            game.choose_gameword(word)
        elif waiting.kind == session.GUESS:
            game.guess(lexicon.words(waiting.length, "familiar")[waiting.row % 5])
        elif waiting.kind == session.BOT:
            game.bot_guessed(game.think())
        elif waiting.kind == session.SCORE:
            slip = waiting.row in (0, 2, 4)
            given = (wrong_score if slip else true_score)(word, waiting.row, waiting.guess)
            game.score_bot(str(given))
        elif waiting.kind == session.RECHECK:
            entry = game.round["bot"][waiting.row]
            game.recheck(str(true_score(word, waiting.row, entry["guess"])))
        elif waiting.kind == session.REVEAL:
            game.reveal(word)
    assert game.round["length"] == 7 and game.round["audit"]["penalty"]
    app = MywordApp(lambda: DeduceScreen(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#sheets").styles.layout.name == "horizontal"
        in_view(screen, "#yours", "#bots", "#totals")
        unsqueezed(screen, "#yours", "#bots")
        assert "(K)(I)(T)(C)(H)(E)(N)" in shown(app, "#bots")
        assert "penalty:" in shown(app, "#bots") and "round total" in shown(app, "#bots")
        await pilot.resize_terminal(120, 40)  # room again: the spaces come back
        await pilot.pause()
        assert "(K) (I) (T) (C) (H) (E) (N)" in shown(app, "#bots")
