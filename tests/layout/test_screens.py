"""The full-screen game (Textual): Pilot plays whole games with keys and the mouse, and
snapshots pin how the board, the end and the help look."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.layout import session
from solver.layout.game import finished, legal_plays, replay, to_move
from solver.layout.ui import screens, wording
from solver.runtime import savefile
from solver.ui.app import MywordApp

SIZE = (120, 40)
ARROWS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


def _app(state, path: Path) -> MywordApp:
    return MywordApp(lambda: screens.game_screen(state, path))


async def _settle(pilot) -> None:
    """Let the bots' worker finish its moves and the screen redraw."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _arrows(start, target) -> list[str]:
    rows, columns = target[0] - start[0], target[1] - start[1]
    keys = [ARROWS[(1 if rows > 0 else -1, 0)]] * abs(rows)
    return keys + [ARROWS[(0, 1 if columns > 0 else -1)]] * abs(columns)


async def _person_turn(pilot, by_mouse: bool) -> str:
    """The person plays their best play (keys: the card's number, arrows, enter; mouse: a
    click on the card, a click on the square), or knocks their first card; what was done."""
    screen = pilot.app.screen
    state = screen.state
    player = to_move(state)
    plays = session.ranked_plays(state, player)
    if not plays:
        await pilot.press("1", "k")
        return "knock"
    number, spot = plays[0]
    index = state.hands[player].index(number)
    if by_mouse:
        x = index * 10 + 4  # the middle of the card (8 wide, 2 apart) in the hand
        await pilot.click("#hand", offset=(x + 1, 3))  # +1: the hand's padding
        assert screen.selected == number
        board = screen.query_one("#board")
        x, y = board.frame.offset_of(spot.position)
        await pilot.click("#board", offset=(x + 1, y))
        await _offered_words(pilot)
        return "click"
    await pilot.press(str(index + 1))
    assert screen.selected == number and spot.position in screen.legal()
    await pilot.press(*_arrows(screen.cursor, spot.position))
    assert screen.cursor == spot.position
    assert "enter plays" in str(screen.query_one("#message").render())
    await pilot.press("enter")
    await _offered_words(pilot)
    return "keys"


async def _offered_words(pilot) -> None:
    """A play against symbols asks for the word made: enter takes the one offered."""
    await pilot.pause()
    if isinstance(pilot.app.screen, screens.SymbolsScreen):
        await pilot.press("enter")
        await pilot.pause()


async def _play_to_the_end(pilot, click_on: int = 2) -> list[str]:
    done = []
    while not finished(pilot.app.screen.state):
        await _settle(pilot)
        if finished(pilot.app.screen.state):
            break
        done.append(await _person_turn(pilot, by_mouse=len(done) == click_on))
        await _settle(pilot)
    return done


def _game(seed: int = 3, bot: str = "greedy"):
    return session.new_game([session.HUMAN, bot], seed, False)


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_pilot_plays_a_whole_game_with_keys_and_a_click(tmp_path) -> None:
    path = tmp_path / "g.json"
    state = _game()
    app = _app(state, path)
    async with app.run_test(size=SIZE) as pilot:
        done = await _play_to_the_end(pilot)
        assert "click" in done and done.count("keys") >= 5
        screen = app.screen
        assert screen.state is state and finished(state)
        message = str(screen.query_one("#message").render())
        assert message.startswith("Game over") and wording.result_line(state) in message
        scores = str(screen.query_one("#scores").render())
        assert f"{'you':<12}{state.points[0]:>4}" in scores and "game over" in scores
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    log = savefile.read("layout", path)[0]
    assert replay(log).verdict == "ok" and log["scores"] == state.points
    assert any(m["player"] == 0 and m["kind"] == "play" for m in log["moves"])


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
async def test_the_same_seed_plays_the_same_game_in_the_app_and_in_line_mode(tmp_path) -> None:
    """Both front ends move the game through ``session``: the same person's moves give the
    same log."""
    from solver.layout.ui import lines

    class Person:
        """Line mode's person, playing as ``_person_turn`` does: the best play, else a
        knock of the first card."""

        def ask(self, prompt: str, hidden: bool = False) -> str:
            if prompt.startswith("word for"):
                return ""  # the word offered for the symbols, as the app states it
            plays = session.ranked_plays(by_line, to_move(by_line))
            if not plays:
                return f"knock {by_line.hands[to_move(by_line)][0]}"
            number, spot = plays[0]
            return f"{number} {session.squares(by_line).name(spot.position)}"

        def say(self, text: str) -> None:
            pass

        def show(self, view) -> None:
            pass

    by_line = _game(7)
    lines.play(by_line, Person(), tmp_path / "line.json")
    by_app = _game(7)
    async with _app(by_app, tmp_path / "app.json").run_test(size=SIZE) as pilot:
        await _play_to_the_end(pilot, click_on=-1)
    assert by_app.log == by_line.log


async def test_leaving_saves_and_resume_goes_on_where_it_was(tmp_path) -> None:
    path = tmp_path / "g.json"
    state = _game(5, "beam")
    screen = screens.game_screen(state, path)
    app = MywordApp(lambda: screen)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await _person_turn(pilot, by_mouse=False)
        await _settle(pilot)
        moves = len(state.log["moves"])
        await pilot.press("q")
        await pilot.pause()
    assert moves == 3 and app.return_code == 0 and screen.left
    assert f"continue with: myword layout play --resume {path}" in screen.exit_note()
    resumed = screens.resume_screen(path)
    assert resumed.state.log == state.log


async def test_bad_actions_are_explained_not_raised(tmp_path) -> None:
    app = _app(_game(), tmp_path / "g.json")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        await pilot.press("enter")
        assert "select a card" in str(screen.query_one("#message").render())
        await pilot.press("6")
        assert "keys 1 to 4" in str(screen.query_one("#message").render())
        await pilot.press("1")
        corner = screen.cursor
        for _ in range(12):
            await pilot.press("up", "left")
        assert screen.cursor == (-1, -1) != corner  # E5: the cursor stays on the squares drawn
        await pilot.press("enter")
        message = str(screen.query_one("#message").render())
        assert "cannot go at E5: it would not touch the layout" in message
        await pilot.press("h")
        assert "hint:" in str(screen.query_one("#message").render())
        assert screen.selected is not None


async def test_a_person_states_the_word_for_symbols(tmp_path) -> None:
    from solver.wordtools import lexicon

    for seed in range(60):  # a game where the person can first play against symbols
        state = session.new_game(["greedy", "human"], seed, False)
        found = [
            (n, spot) for n, spot in legal_plays(state, 1) if any(w.symbols for w in spot.words)
        ]
        if found:
            break
    number, spot = found[0]
    made = next(w for w in spot.words if w.symbols)
    other = next(w for w in lexicon.words(4, "all") if made.fits(w) and w != made.spelled)
    app = _app(state, tmp_path / "g.json")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        await pilot.press(str(state.hands[1].index(number) + 1))
        await pilot.press(*_arrows(screen.cursor, spot.position), "enter")
        assert isinstance(app.screen, screens.SymbolsScreen)
        await pilot.press("escape")  # taken back: nothing played
        assert app.screen is screen and state.log["moves"] == []
        await pilot.press("enter")
        await pilot.press(*"zzzz", "enter")  # not a word: said, still asked
        assert "not a 4-letter word" in str(app.screen.query_one("#problem").render())
        await pilot.press(*["backspace"] * 4, *other, "enter")
        await _settle(pilot)
        assert app.screen is screen and state.log["moves"][0]["declared"] == [other]
        assert other.upper() in str(screen.query_one("#feed").render())


async def test_help_explains_the_marks_and_keys(tmp_path) -> None:
    app = _app(_game(), tmp_path / "g.json")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HelpScreen"
        for mark in ("x2", "begin", "••", "fixed for the whole", "knock", "tab", "click"):
            assert mark in screens.HELP
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, screens.LayoutScreen)


def test_new_game_screen_takes_the_settings(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    screen = screens.new_game_screen({"level": "hard", "seed": 11, "lang": "es"})
    assert screen.state.log["players"] == ["human", "reader"] and screen.state.log["seed"] == 11
    assert "English" in screen.message
    fresh = screens.new_game_screen({"level": "easy", "seed": None})
    assert fresh.state.log["players"] == ["human", "random"]
    assert isinstance(fresh.state.log["seed"], int)
    with pytest.raises(Exception, match="easy, medium or hard"):
        screens.new_game_screen({"level": "wizard"})


# --- snapshots: a fixed seed, a fixed terminal, nothing from the clock or the paths -----


def _snap_app(tmp_path, seed: int = 3) -> MywordApp:
    return _app(_game(seed), tmp_path / "g.json")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_mid_game_with_a_card_selected(snap_compare, tmp_path, size) -> None:
    """At the sizes of issue 28 (120 x 40 as before): at 80 x 24 the scores beside the
    hand and the last moves folded."""

    async def run_before(pilot) -> None:
        await _settle(pilot)
        for _ in range(3):
            await _person_turn(pilot, by_mouse=False)
            await _settle(pilot)
        await pilot.press("2")
        await pilot.pause()

    assert snap_compare(_snap_app(tmp_path), terminal_size=size, run_before=run_before)


def _stretch(bounds, spot) -> tuple[int, int]:
    """How long and wide the layout is once ``spot`` is played, then its points."""
    first_row, last_row, first_column, last_column = bounds
    row, column = spot.position
    rows = max(last_row, row) - min(first_row, row)
    return rows + max(last_column, column) - min(first_column, column), spot.points


def _spread(state, turns: int):
    """``turns`` turns of a game of two people, each the play that stretches the layout
    most (not on top), else a knock: a big board mid-game."""
    for _ in range(turns):
        player = to_move(state)
        plays = [p for p in session.ranked_plays(state, player) if not p[1].on_top]
        if plays:
            number, spot = max(plays, key=lambda play: _stretch(state.layout.bounds, play[1]))
            move = session.person_play(state, player, number, spot.position)
        else:
            move = session.person_knock(state, player, state.hands[player][0])
        session.make_move(state, move)
    return state


@pytest.mark.parametrize("turns", [8, 16], ids=["5x5", "6x6"])
async def test_at_80x24_the_board_hand_and_scores_are_in_view(tmp_path, in_view, turns) -> None:
    """Issue 28: at 80 x 24, mid-game on a big layout (a 4 x 5 and a full 6 x 6 with
    their rings), the whole board, the hand and the scores are in view without scrolling:
    the board two lines a square, no ring beyond the 6 x 6 limit, the scores beside the
    hand. + shows the last moves and folds them again. (The board scrolled, cut off at
    the bottom and the right by the side panel.)"""
    state = _spread(session.new_game([session.HUMAN, session.HUMAN], 3, False), turns)
    assert not finished(state)
    app = _app(state, tmp_path / "big.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        in_view(screen, "#board", "#hand", "#tally", "#message")
        scroll = screen.query_one("#board-scroll")
        assert scroll.max_scroll_y == 0 and scroll.max_scroll_x == 0  # nothing past the edge
        board = screen.query_one("#board")
        assert board.frame.height == 2 and len(board.frame.rows) <= 7
        for number in state.hands[to_move(state)]:  # every card of the hand is drawn
            assert f" {number} " in str(screen.query_one("#hand").render())
        assert "you" in str(screen.query_one("#tally").render())
        feed = screen.query_one("#feed")
        assert not feed.display
        await pilot.press("plus")
        assert feed.display and "plays card" in str(feed.render())
        await pilot.press("plus")
        assert not feed.display


async def test_a_small_board_keeps_its_cards_three_lines_tall(tmp_path) -> None:
    """At 80 x 24 a board that fits three lines a square is drawn so; at 120 x 40 the
    side panel shows the scores and the last moves, the hand its keys."""
    state = _spread(session.new_game([session.HUMAN, session.HUMAN], 3, False), 2)
    app = _app(state, tmp_path / "small.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert screen.query_one("#board").frame.height == 3 and screen.compact
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert not screen.compact and screen.query_one("#feed").display
        assert "press 1-6" in str(screen.query_one("#hand").render())


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
def test_snapshot_end_of_the_game(snap_compare, tmp_path) -> None:
    async def run_before(pilot) -> None:
        await _play_to_the_end(pilot)
        await pilot.pause()

    assert snap_compare(_snap_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_help(snap_compare, tmp_path) -> None:
    async def run_before(pilot) -> None:
        await _settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(_snap_app(tmp_path), terminal_size=SIZE, run_before=run_before)


async def test_an_engine_seat_that_crashes_forfeits_on_the_full_screen(tmp_path) -> None:
    """An engine seat in the app (issue 25, item 3): it is asked in the bots' worker, its
    crash forfeits the game, the feed and the message say why, and the person wins."""
    import sys

    from .test_engine import ENGINES

    script = tmp_path / "engines.py"
    script.write_text(ENGINES)
    engine = f"engine:{sys.executable} {script} crash"
    state = session.new_game([session.HUMAN, engine], 2, False)
    app = _app(state, tmp_path / "g.json")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert finished(state) and state.forfeited.seat == 1
        feed = str(screen.query_one("#feed").render())
        assert "forfeits the game: the engine exited with code 1" in feed
        message = str(screen.query_one("#message").render())
        assert f"{engine} forfeited: the engine exited" in message and "you win" in message
        await pilot.press("q")
        await pilot.pause()
    assert replay(savefile.read("layout", tmp_path / "g.json")[0]).verdict == "ok"
