"""A finished MY WORD! race saved (``solver.race.record``) and reviewed table by table
(``solver.race.review``), on races played by the line mode on a fake clock."""

import json
import queue
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.race import record
from solver.race.deck import parse_deck
from solver.race.live import CLAIM, DEAL, ROUND_OVER, LiveRace
from solver.race.review import review
from solver.race.ui.lines import play_live_game
from solver.runtime import savefile
from solver.runtime.errors import UserError

from .test_live import PLAY, SLOW, TINY, FakeClock, fake_clock  # noqa: F401


def cat_race() -> LiveRace:
    """Seed 1 deals X, T, A, C a second apart (``TINY``): you call CAT as soon as the C is
    out in the first round, the slow bot never calls; the second round is left to end."""
    clock = FakeClock()
    lines: queue.Queue[str] = queue.Queue()
    race = LiveRace([SLOW], parse_deck(TINY, "tiny"), 1.0, 1)

    def say(text: str) -> None:
        if text.startswith("Table: X T A C") and race.round == 0:
            lines.put("cat")

    play_live_game(race, lines, clock, clock.sleep, say)
    assert race.finished and record.worth_saving(race)
    return race


def test_your_claim_and_the_claim_left_standing() -> None:
    race = cat_race()
    document = record.document(race)
    found = review(document, {})
    assert found.players == ("you", race.labels[1]) and found.totals == tuple(race.totals)
    claimed = next(e for e in race.events if e.kind == CLAIM)
    deals = [e for e in race.events if e.kind == DEAL]
    yours = found.of(0)
    first = yours[0]
    assert first.played == "CAT" and first.played_value == 3 and first.best_value == 3
    out = max(e.time for e in deals if e.round == 0)  # the C, the last card of CAT
    assert f"you took CAT (3 cards) {claimed.time - out:.1f} s after its cards were out" in (
        first.notes
    )
    ended = [e for e in race.events if e.kind == ROUND_OVER][1]
    last = yours[-1]  # round 2: no one called; a 3-card word stood to the round's end
    assert last.played == "" and last.best_value == 3 and last.cost == 3
    assert last.facts["taker"] is None and last.notes[0] == "the round ended"
    out = max(e.time for e in deals if e.round == 1)
    assert last.facts["stood"] == round(ended.time - out, 1)
    assert found.turning_points(0) == (last,)


def test_a_document_the_rules_do_not_bear_out_is_refused() -> None:
    document = record.document(cat_race())
    dealt = next(e for e in document["events"] if e["kind"] == DEAL)
    dealt["cards"] = ["c" if dealt["cards"] != ["c"] else "a"]
    with pytest.raises(UserError, match="deals what its seed does not"):
        review(document, {})
    document = record.document(cat_race())
    document["totals"] = [9, 0]
    with pytest.raises(UserError, match="totals are not the cards its calls took"):
        review(document, {})
    with pytest.raises(UserError, match="not a MY WORD! race this version can review"):
        review({"record": 99}, {})


def test_a_saved_race_is_listed_and_reviewed_by_the_command(tmp_path: Path) -> None:
    path = record.save(cat_race(), tmp_path / "race.json")
    assert savefile.peek(path)["finished"] is True  # type: ignore[index]
    result = CliRunner().invoke(cli.main, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["game"] == "race" and document["seat"] == 0
    assert document["moves"][0]["played"] == "CAT" and document["moves"][0]["taker"] == "you"
    assert [m["index"] for m in document["turning_points"]] == [document["moves"][-1]["index"]]


def test_race_play_saves_the_finished_race(fake_clock) -> None:  # noqa: F811
    result = CliRunner().invoke(cli.main, [*PLAY, "--seed", "3"], input="")
    assert result.exit_code == 0, result.output
    (kept,) = [game for game in savefile.listing() if game["game"] == "race"]
    assert kept["finished"] and f"Race saved as {kept['name']}" in result.stderr
    saved = savefile.read("race", Path(kept["path"]), resuming=False)[0]
    assert saved["totals"] == json.loads(result.stdout)["totals"]
    reviewed = CliRunner().invoke(cli.main, ["review", kept["name"]], env={"COLUMNS": "80"})
    assert reviewed.exit_code == 0, reviewed.output
    assert "Turning points (you)" in reviewed.output
    assert max(len(line) for line in reviewed.output.splitlines()) <= 80


async def test_the_race_screen_saves_the_race_and_r_steps_through_its_review(until) -> None:
    """Pilot: a race played to its end on the screen, then its review, stepped through."""
    from textual.widgets import DataTable, Static

    from solver.ui.review_screen import ReviewScreen

    from .test_screens import at, race_app

    clock = FakeClock()
    race = LiveRace([SLOW], parse_deck(TINY, "tiny"), 1.0, 1)
    app = race_app(race, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at(pilot, clock, 3.5)  # X T A C on the table
        await pilot.press("c", "a", "t", "enter")
        await at(pilot, clock, 60.0)
        await until(pilot, lambda: race.finished and screen.kept is not None, "the race kept")
        from solver.runtime import record, savefile

        [entry] = record.load(savefile.data_dir())  # and in the player's record, once
        assert (entry.game, entry.you, entry.save) == ("race", 3, screen.kept.name)
        await pilot.press("r")
        shown = lambda: isinstance(app.screen, ReviewScreen) and app.screen.shown  # noqa: E731
        await until(pilot, shown, "the review, filled")
        review = app.screen
        table = review.query_one("#moves", DataTable)
        assert review.shown[0].played == "CAT" and review.seat == 0
        costliest = review.review.turning_points(0)[0]
        assert review.shown[table.cursor_row] == costliest  # it opens on the costliest
        detail = lambda: str(review.query_one("#detail", Static).render())  # noqa: E731
        assert costliest.where in detail() and "the round ended" in detail()
        await pilot.press("up")
        assert "you took CAT (3 cards)" in detail()
        await pilot.press("t")
        assert review.shown[table.cursor_row] == costliest
        await pilot.press("s")  # the bot's moves: it never called
        assert review.seat == 1 and table.row_count == 0
        await pilot.press("s")
        assert review.seat is None and table.row_count == len(review.review.moves)
        await pilot.press("escape")
        assert app.screen is screen
