"""My Word (1980)'s review of a finished game (``solver.layout.review``), on games the line
mode plays: a scripted person against the greedy bot, knocking once with a play in hand."""

import json
import re

import pytest
from click.testing import CliRunner

import cli
from solver.layout import session
from solver.layout.game import legal_plays
from solver.layout.moves import Play
from solver.layout.review import review_log
from solver.layout.state import rebuild

from .test_session import ScriptedPerson, _play

KNOCK_AT = 3  # the person's turn on which they knock although they could play


class KnockingPerson(ScriptedPerson):
    """Plays their best play, but knocks on their ``KNOCK_AT``-th turn with plays in hand."""

    def ask(self, prompt: str, hidden: bool = False) -> str:
        answer = super().ask(prompt, hidden)
        if prompt.startswith("word for"):
            return answer
        if self.turns == KNOCK_AT and not answer.startswith("knock"):
            return f"knock {answer.split()[0]}"
        return answer


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> dict:
    """A finished game's log (person first, greedy second), played through the line mode
    (which saves it, in a data folder of this module's own)."""
    folder = tmp_path_factory.mktemp("review")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MYWORD_DATA_DIR", str(folder / "data"))
        game = session.new_game(["human", "greedy"], 3, False)
        state = _play(game, KnockingPerson(), folder / "game.json")
    assert state.over
    return state.to_json()


def reviewed(log: dict):
    return review_log(log, rebuild(log))


def test_every_turn_is_reviewed_from_the_seat_that_made_it(finished: dict) -> None:
    found = reviewed(finished)
    assert found.players == ("you", "greedy") and found.person == 0
    assert [m.seat for m in found.moves] == [m["player"] for m in finished["moves"]]
    assert found.totals == tuple(finished["scores"])
    start = {k: v for k, v in finished.items() if k != "scores"}
    for move, logged in zip(found.moves, finished["moves"], strict=True):
        before = rebuild(start | {"moves": finished["moves"][: move.index]})
        plays = legal_plays(before, move.seat)  # the rules' own list, not the kernel's
        most = max((spot.points for _, spot in plays), default=0)
        assert move.facts["most"] == most and move.facts["plays"] == len(plays)
        assert move.facts["points"] == (logged["points"] if logged["kind"] == "play" else 0)
        card = int(move.best.split()[-1] if move.best.startswith("knock") else move.best.split()[0])
        assert card in before.hands[move.seat]  # the reader plays from that seat's hand
        if not move.best.startswith("knock"):  # and a play the rules allow, worth that much
            points = move.facts["reader_points"]
            assert any(number == card and spot.points == points for number, spot in plays)
        if move.played == move.best:
            assert move.cost == 0


def test_the_reader_chooses_as_it_plays_from_the_seats_view(finished: dict) -> None:
    """The review's valuation picks the move ``reader_move`` picks with the same seed: the
    same candidates, the same deals; the move made is only valued beside them."""
    from solver.layout.reader import reader_move
    from solver.layout.review import valued
    from solver.runtime import seeds

    start = {k: v for k, v in finished.items() if k != "scores"}
    for index in (0, 1, 7, 20, len(finished["moves"]) - 1):
        logged = finished["moves"][index]
        before = rebuild(start | {"moves": finished["moves"][:index]})
        view = before.view(logged["player"])
        chosen = reader_move(view, seeds.derived(before.seed, "hint", index))
        best, best_value, played_value = valued(
            view, logged, seeds.derived(before.seed, "hint", index)
        )
        assert best == chosen
        # the hint the game gave the seat at that turn is the best its review names
        assert session.hint(before, logged["player"]) == best
        if isinstance(chosen, Play) and logged["kind"] == "play":
            same = list(chosen.placement.position) == logged["position"]
            if same and chosen.card == logged["card"]:
                assert best_value == played_value


def test_the_knock_that_could_have_been_a_play(finished: dict) -> None:
    found = reviewed(finished)
    flagged = [m for m in found.moves if m.facts["knocked_with_plays"]]
    assert len(flagged) == 1
    (knock,) = flagged
    assert knock.seat == 0 and knock.played.startswith("knock") and knock.facts["points"] == 0
    assert knock.facts["most"] > 0 and knock.cost > 0  # the reader values a play above it
    assert "knocked with a play" in knock.notes
    assert f"knocks that could have been plays: {knock.where} (you)" in found.notes


@pytest.mark.heavy  # two reviews of a whole game, about 6 s: CI's second step
def test_the_review_is_the_same_each_time(finished: dict) -> None:
    assert reviewed(finished) == reviewed(finished)


def test_review_json_and_errors_through_the_command(finished: dict, tmp_path) -> None:
    done = tmp_path / "done.json"
    state = rebuild(finished)
    session.save(state, done)
    result = CliRunner().invoke(cli.main, ["review", str(done), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["game"] == "layout" and document["seat"] == 0
    assert all(m["seat"] == 0 for m in document["moves"]) and "most" in document["moves"][0]
    # the reader's expected points with their decimal: a cost of 0.3 read "cost 0" beside
    # a seat's total cost of 1 (a newcomer's review)
    text = CliRunner().invoke(cli.main, ["review", str(done)], env={"COLUMNS": "160"}).output
    costs = re.findall(r"  cost (-?[\d,]+(?:\.\d)?)", text)
    assert costs and all(re.fullmatch(r"-?[\d,]+\.\d", cost) for cost in costs), text
    unfinished = tmp_path / "unfinished.json"
    start = {k: v for k, v in finished.items() if k != "scores"}
    session.save(rebuild(start | {"moves": finished["moves"][:5]}), unfinished)
    result = CliRunner().invoke(cli.main, ["review", str(unfinished)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: the game in ") and "not finished" in result.output
    assert "myword layout play --resume" in result.output


async def test_the_saved_games_list_opens_a_finished_games_review(finished: dict, until) -> None:
    """Pilot: the menu's saved games, enter on the finished game, its review stepped."""
    from textual.widgets import DataTable, Static

    from solver.runtime import savefile
    from solver.ui.app import MywordApp, SavedGamesScreen
    from solver.ui.review_screen import ReviewScreen

    session.save(rebuild(finished), savefile.new_path("layout"))
    app = MywordApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, SavedGamesScreen)
        table = app.screen.query_one("#games", DataTable)
        assert "finished: enter reviews" in str(table.get_row_at(0)[2])
        await pilot.press("enter")
        filled = lambda: isinstance(app.screen, ReviewScreen) and app.screen.shown  # noqa: E731
        await until(pilot, filled, "the review, filled")
        # the note that the review was being weighed has gone: it covered its turning points
        assert not any("Reviewing" in str(note.message) for note in app._notifications)
        review = app.screen
        moves = review.query_one("#moves", DataTable)
        turning = review.review.turning_points(0)
        assert review.shown[moves.cursor_row] == turning[0]  # it opens on the costliest
        await pilot.press("t")  # the next turning point after it, in the game's order
        later = [m for m in turning if m.index > turning[0].index] or list(turning)
        assert review.shown[moves.cursor_row] == min(later, key=lambda m: m.index)
        knock = next(m for m in review.shown if m.facts["knocked_with_plays"])
        while (at := review.shown[moves.cursor_row]) != knock:
            await pilot.press("down" if at.index < knock.index else "up")
        detail = str(review.query_one("#detail", Static).render())
        assert "knocked with a play" in detail and knock.played in detail
        await pilot.press("down")
        after = review.shown[moves.cursor_row]
        assert after.index > knock.index and after.where in str(
            review.query_one("#detail", Static).render()
        )
        await pilot.press("escape")
        assert isinstance(app.screen, SavedGamesScreen)


@pytest.mark.heavy  # a whole game on the screen: CI's second step (pytest -m heavy)
async def test_r_at_the_end_of_a_game_on_the_screen_opens_its_review(tmp_path, until) -> None:
    """Pilot: a game played to its end on the screen, then r: its review."""
    from solver.ui.review_screen import ReviewScreen

    from .test_screens import SIZE, _play_to_the_end, _snap_app

    app = _snap_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _play_to_the_end(pilot)
        game = app.screen
        await pilot.press("r")
        filled = lambda: isinstance(app.screen, ReviewScreen) and app.screen.shown  # noqa: E731
        await until(pilot, filled, "the review, filled")
        assert app.screen.review.totals == tuple(game.state.scores())
        assert len(app.screen.shown) == sum(m.seat == 0 for m in game.state.history)
        await pilot.press("escape")
        assert app.screen is game


@pytest.mark.parametrize("players", [3, 4])
def test_the_review_values_the_moves_as_the_hint_chooses_among_them(players: int) -> None:
    """At three players or more the reader weighs the seats' scores so far (``standing``):
    the review once valued every move without them, with candidates counted its own way,
    so its "best" could differ from the hint the game gave at that turn."""
    import random

    from solver.layout.game import deal, greedy_move
    from solver.layout.reader import reader_move
    from solver.layout.review import valued
    from solver.runtime import seeds

    state = deal(players, 30 + players)
    while not state.over:
        seat = state.turn()
        state.apply(seat, greedy_move(state.view(seat), random.Random(0)))
    log = state.to_json()
    start = {k: v for k, v in log.items() if k != "scores"}
    moves = log["moves"]
    checked = 0
    for index in range(0, len(moves), 3):
        logged = moves[index]
        before = rebuild(start | {"moves": moves[:index]})
        view = before.view(logged["player"])
        best, _, _ = valued(view, logged, seeds.derived(before.seed, "hint", index))
        assert best == reader_move(view, seeds.derived(before.seed, "hint", index)), index
        checked += 1
    assert checked >= 8
