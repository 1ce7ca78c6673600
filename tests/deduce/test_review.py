"""What's My Word?'s review of a finished game (``solver.deduce.review``), on a game the
game itself plays: a person typing ordinary words against the seeded bot."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import candidates as cand
from solver.deduce import default_sheet, score, session
from solver.deduce.review import review_state
from solver.deduce.ui import lines

from .test_session import ScriptedConsole, plain_player


@pytest.fixture(scope="module")
def finished() -> dict:
    """A one-round game played to its end through the line mode (the bot thinks)."""
    state = session.new_game(session.Settings(seed=3, rounds=1))
    lines.play(state, ScriptedConsole(plain_player({6: "ballet", 7: "kitchen"})), None)
    assert state["finished"]
    return state


def expected_points(history: list[cand.Turn], guess: str, index: int) -> float:
    """A Guessword's expected points on row ``index``, summed in plain Python over the
    candidates the history leaves (the review's kernel does the same sum)."""
    sheet = default_sheet(6)
    deduction = cand.deduce(history, sheet)
    row, last = sheet.rows[index], sheet.is_last(index)
    return sum(
        float(p) * score(word, guess, row.offset, last)
        for word, p in zip(deduction.words, deduction.probabilities, strict=True)
    )


def test_every_row_is_reviewed_in_the_order_played(finished: dict) -> None:
    found = review_state(finished)
    game_round = finished["rounds"][0]
    assert [m.index for m in found.moves] == list(range(22))
    order = session.turn_order(game_round, "purple")
    assert [("you", "bot")[m.seat] for m in found.moves] == order  # you play purple: seat 0
    yours = [m.played.lower() for m in found.of(0)]
    assert yours == [r["guess"] for r in game_round["you"]]
    assert found.totals == (session.totals(finished)["you"], session.totals(finished)["bot"])


def test_played_and_advised_are_valued_alike_over_the_candidates_left(finished: dict) -> None:
    found = review_state(finished)
    history = session.your_history(finished["rounds"][0])
    for move in found.of(0):
        index = move.facts["row"] - 1
        before = history[:index]
        assert move.facts["candidates"] == len(cand.deduce(before, default_sheet(6)).words)
        for guess, value in ((move.played, move.played_value), (move.best, move.best_value)):
            assert value == pytest.approx(expected_points(before, guess.lower(), index))
        assert move.cost == pytest.approx(move.best_value - move.played_value)


def test_the_row_where_the_word_became_certain(finished: dict) -> None:
    found = review_state(finished)
    game_round = finished["rounds"][0]
    for seat, gameword in ((0, game_round["bot_word"]), (1, game_round["your_word"])):
        certain = [m for m in found.of(seat) if m.facts["candidates"] == 1]
        first = certain[0]
        assert all("certain" in m.notes for m in certain)
        assert all(m.facts["candidates"] > 1 for m in found.of(seat) if m.index < first.index)
        who = "you" if seat == 0 else "bot"
        assert f"round 1: {who} had the word certain from row {first.facts['row']}" in found.notes
        last = found.of(seat)[-1]  # the advisor names the word it is certain of
        assert last.best.lower() == gameword and last.facts["would_have_scored"] == 9000


def test_the_bot_plays_as_advised_and_costs_little(finished: dict) -> None:
    """The bot is the advisor at medium difficulty: most of its rows cost nothing."""
    found = review_state(finished)
    free = [m for m in found.of(1) if m.played == m.best]
    assert all(m.cost == 0 for m in free) and len(free) >= 6


def test_turning_points_are_the_costliest_three(finished: dict) -> None:
    found = review_state(finished)
    turning = found.turning_points(0)
    costs = sorted((m.cost for m in found.of(0)), reverse=True)
    assert [m.cost for m in turning] == costs[:3]
    assert found.best_possible(0) == pytest.approx(
        found.totals[0] + sum(max(0, m.cost) for m in found.of(0))
    )


def test_review_json_of_a_saved_game(finished: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session.save(finished, path)
    result = CliRunner().invoke(cli.main, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["game"] == "deduce" and document["players"] == ["you", "bot"]
    assert document["seat"] == 0 and len(document["moves"]) == 11
    assert [s["total"] for s in document["seats"]] == list(review_state(finished).totals)
    assert [m["index"] for m in document["turning_points"]] == document["seats"][0][
        "turning_points"
    ]
    row = document["moves"][0]
    for key in ("where", "played", "best", "played_value", "best_value", "cost", "candidates"):
        assert key in row
    bot_only = CliRunner().invoke(cli.main, ["review", str(path), "--json", "--seat", "bot"])
    bot = json.loads(bot_only.output)
    assert {m["seat"] for m in bot["moves"]} == {1}
    every = CliRunner().invoke(cli.main, ["review", str(path), "--json", "--seat", "all"])
    assert len(json.loads(every.output)["moves"]) == 22


def test_review_in_line_mode_shows_turning_points_first(finished: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session.save(finished, path)
    result = CliRunner().invoke(cli.main, ["review", str(path)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert text.index("Turning points (you)") < text.index("Every move (you)")
    assert max(len(line) for line in text.splitlines()) <= 80
    worst = review_state(finished).turning_points(0)[0]
    assert worst.played in text.split("Every move")[0]
    # the share is said to be this analysis's, not the record's (one game read 14% and 10%)
    assert "myword record measures each game its own way" in " ".join(text.split())


def test_bad_input_is_one_line(finished: dict, tmp_path: Path) -> None:
    runner = CliRunner()

    def error(*args: str) -> str:
        result = runner.invoke(cli.main, ["review", *args])
        assert result.exit_code != 0 and "Traceback" not in result.output, result.output
        lines_out = result.output.strip().splitlines()
        assert lines_out[-1].startswith("Error:"), result.output
        return lines_out[-1]

    unfinished = tmp_path / "unfinished.json"
    session.save(session.new_game(session.Settings(seed=5)), unfinished)
    assert "not finished" in error(str(unfinished))
    forged = tmp_path / "forged.json"
    session.save(finished, forged)
    envelope = json.loads(forged.read_text())
    envelope["state"]["rounds"][0]["you"][0]["score"] += 1000
    forged.write_text(json.dumps(envelope))
    assert "signature" in error(str(forged))
    other = tmp_path / "other.json"
    other.write_text('{"moves": []}')
    assert "not a saved myword game" in error(str(other))
    assert "no saved game" in error("no-such-game")
    assert "not JSON" in error(str(Path(cli.__file__)))
    good = tmp_path / "good.json"
    session.save(finished, good)
    assert "--seat" in error(str(good), "--seat", "9")
    assert "--seat" in error(str(good), "--seat", "nobody")


@pytest.mark.heavy  # a whole game on the screen: CI's second step (pytest -m heavy)
async def test_r_at_the_end_of_a_game_on_the_screen_steps_through_its_review(
    tmp_path: Path, until
) -> None:
    """Pilot: a round played to its end on the screen, then r: its review, stepped."""
    from textual.widgets import DataTable, Static

    from solver.ui.review_screen import ReviewScreen

    from .test_screens import SIZE, snapshot_app, whole_game

    app = snapshot_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await whole_game(pilot)
        game = app.screen
        assert game.game.finished
        await pilot.press("r")
        filled = lambda: isinstance(app.screen, ReviewScreen) and app.screen.shown  # noqa: E731
        await until(pilot, filled, "the review, filled")
        review = app.screen
        moves = review.query_one("#moves", DataTable)
        assert [m.played.lower() for m in review.shown] == [
            r["guess"] for r in game.game.state["rounds"][0]["you"]
        ]
        assert review.shown[moves.cursor_row] == review.review.turning_points(0)[0]
        await pilot.press("home")
        first = review.shown[moves.cursor_row]
        detail = str(review.query_one("#detail", Static).render())
        assert first.where in detail and f"candidates {first.facts['candidates']:,}" in detail
        await pilot.press("escape")
        assert app.screen is game
        # back from the review, keys go to the game's screen again: r reviews once more,
        # q leaves (they did nothing: the hidden input line had the focus; found by a
        # newcomer's session)
        await pilot.press("q")
        await until(pilot, lambda: app.screen is not game, "q leaving the finished game")


def test_the_bot_is_reviewed_on_the_scores_it_had_heard_then(tmp_path: Path) -> None:
    """A score given wrong and corrected on a recheck later: the rows before the recheck
    are weighed on the wrong score, as the bot heard it; the rows after, on the right one."""
    from solver.deduce.advisor import advise

    from .test_session import scored_game

    state, named, _ = scored_game(tmp_path, 1, {1}, fix=True)  # rechecked after bot row 5
    game_round = state["rounds"][0]
    (recheck,) = game_round["rechecks"]
    assert recheck["row"] == 1 and recheck["was"] != recheck["now"] and named == [1]
    found = review_state(state)
    rows = [cand.Turn(r["guess"], r["heard"]) for r in game_round["bot"]]  # as rechecked
    given = [*rows[:1], cand.Turn(rows[1].guess, recheck["was"]), *rows[2:]]
    sheet = default_sheet(6)

    def left(history: list[cand.Turn]) -> int:
        return len(advise(history, sheet, top=1).deduction.words)

    differs = 0
    for move in found.of(1):
        index = move.facts["row"] - 1
        heard = given if index <= recheck["turn"] else rows
        assert move.facts["candidates"] == left(heard[:index])
        differs += index > 1 and heard is given and left(given[:index]) != left(rows[:index])
    assert differs  # the wrong score told the bot something else than the right one


def test_a_penalty_for_scores_given_wrong_is_no_move_of_the_bot(tmp_path: Path) -> None:
    """A --you-score game whose scores were given wrong: the penalty was counted in the
    bot's total, so its share of the best possible read 99% (found by a newcomer's
    session). Its total here is its rows, and a note names the penalty."""
    from solver.deduce import session
    from solver.deduce.review import review_state

    from .test_session import scored_game

    state, _, _ = scored_game(tmp_path, 1, {3, 7}, fix=False)  # kept wrong: a penalty
    result = session.totals(state)
    [round_totals] = result["rounds"]
    assert round_totals["penalty"] > 0
    found = review_state(state)
    bot = 1 - found.person
    assert found.totals[bot] == round_totals["bot_rows"] < result["bot"]
    assert any(f"{round_totals['penalty']:,} points of penalty" in n for n in found.notes)
    assert not any("had the word certain" in n and "wrong word" in n for n in found.notes)


def test_a_bot_sure_of_a_wrong_word_from_right_scores_is_not_blamed_on_them(
    tmp_path: Path,
) -> None:
    """A rare word hidden (YENTAS) and every score given right: the bot's familiar
    candidates narrow to a wrong word, and the review said "from scores given wrong"
    (found by reading the change once more); it names the rare word's cause instead."""
    from solver.deduce import session
    from solver.deduce.review import review_state
    from solver.deduce.ui import lines

    from .test_session import ScriptedConsole, scoring_player

    state = session.new_game(
        session.Settings(rounds=1, seed=3, you_score=True, difficulty="easy", hints=False)
    )  # seed 3: the bot's rows leave NEATLY alone after row 4
    answer, said = scoring_player(state, "yentas", set(), True, [])
    console = ScriptedConsole(answer)
    console.say = said.append  # type: ignore[method-assign]
    lines.play(state, console, tmp_path / "g.json")
    notes = review_state(state).notes
    assert not any("given wrong" in note for note in notes), notes
    assert any(
        "sure of a wrong word on row" in n and "not among the familiar words" in n for n in notes
    ), notes
