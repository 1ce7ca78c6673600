"""The player's record (issue 28, item 4): every finished game of each kind is kept once, in
one file written safely; ``myword record`` and the app's record screen show it."""

from __future__ import annotations

import io
import json
import os
import queue
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from textual.widgets import Static

import cli
from solver.runtime import record
from solver.runtime.errors import UserError
from solver.ui.app import MenuScreen, MywordApp, RecordScreen


class Person:
    """A console for line mode that answers every prompt with ``answer(prompt)``."""

    def __init__(self, answer) -> None:
        self.answer = answer

    def ask(self, prompt: str, hidden: bool = False) -> str:
        return self.answer(prompt)

    def say(self, text: str) -> None:
        pass

    def show(self, view) -> None:
        pass


def deduce_answers(prompt: str) -> str:
    """Hides BALLET and KITCHEN, and guesses the first familiar word of each row's length."""
    from solver.wordtools import lexicon

    if "Gameword" in prompt:
        return "ballet" if "6-letter" in prompt else "kitchen"
    length = int(prompt.split("-letter")[0].split()[-1]) if "-letter" in prompt else 2
    return lexicon.words(length, "familiar")[0]


def layout_person(stop_after: int | None = None):
    """Plays the best-scoring play by square name (or knocks); ends the input after
    ``stop_after`` turns, as a closed terminal would."""
    from solver.layout import session
    from solver.layout.game import legal_plays, to_move

    game = {"state": None, "turns": 0}

    def answer(prompt: str) -> str:
        if prompt.startswith("word for"):
            return ""
        state = game["state"]
        if stop_after is not None and game["turns"] >= stop_after:
            raise EOFError
        game["turns"] += 1
        player = to_move(state)
        plays = legal_plays(state, player)
        if not plays:
            return f"knock {state.hands[player][0]}"
        number, spot = max(plays, key=lambda item: item[1].points)
        return f"{number} {session.squares(state).name(spot.position)}"

    return game, Person(answer)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def folder() -> Path:
    return Path(os.environ["MYWORD_DATA_DIR"])


def entry(game: str = "deduce", key: str = "k1", you: int = 10, others=(5,), **more):
    fields = {
        "game": game,
        "key": key,
        "ended": "2026-12-03T10:00:00Z",
        "opponent": "medium",
        "you": you,
        "others": tuple(others),
        "result": record.result_of(you, others) if others else "solo",
    } | more
    return record.Finished(**fields)


@pytest.mark.heavy  # a whole game against the bot: about 6 s
def test_a_finished_deduce_game_is_kept_once_with_its_best_possible_score(tmp_path) -> None:
    from solver.deduce import default_sheet, session
    from solver.deduce.game import oracle
    from solver.deduce.ui import lines

    path = tmp_path / "game.json"
    state = session.new_game(session.Settings(seed=3))
    lines.play(state, Person(deduce_answers), path)
    session.save(state, path)  # saved finished once more (leaving): still one entry
    [kept] = record.load(folder())
    totals = session.totals(state)
    best = sum(oracle(r["bot_word"], default_sheet(r["length"])) for r in state["rounds"])
    assert (kept.game, kept.opponent, kept.you, kept.others) == (
        "deduce",
        "medium",
        totals["you"],
        (totals["bot"],),
    )
    assert kept.result == {"you": "win", "bot": "loss", "tie": "tie"}[totals["winner"]]
    assert kept.best == best and kept.share == pytest.approx(totals["you"] / best)
    assert kept.seed == 3 and kept.save == "game.json" and kept.details["replay"]


def test_a_finished_layout_game_is_kept_and_an_unfinished_one_is_not(tmp_path) -> None:
    from solver.layout import session
    from solver.layout.ui import lines

    game, person = layout_person(stop_after=2)
    game["state"] = session.new_game(["human", "greedy"], 4, False)
    with pytest.raises(EOFError):
        lines.play(game["state"], person, tmp_path / "cut.json")
    assert record.load(folder()) == []
    game, person = layout_person()
    game["state"] = session.new_game(["human", "greedy"], 3, False)
    state = lines.play(game["state"], person, tmp_path / "game.json")
    [kept] = record.load(folder())
    you, greedy = state.points
    assert (kept.game, kept.opponent, kept.you, kept.others) == ("layout", "greedy", you, (greedy,))
    assert kept.result == record.result_of(you, (greedy,))
    # the person played the best-scoring play every turn (or knocked with none): the best
    # possible is exactly their own points
    assert kept.best == you and kept.share == 1.0


def test_a_race_played_out_is_kept_with_its_review_file_and_one_stopped_is_not() -> None:
    from solver.race import record as race_record
    from solver.race.bots import parse_bot
    from solver.race.deck import parse_deck
    from solver.race.live import LiveRace
    from solver.race.ui.lines import play_live_game

    deck = parse_deck("c 2\na 2\nt 2\ns 2\ne 1\n", "small")
    stopped = LiveRace([parse_bot("hard")], deck, 0.5, 3)
    stopped.advance(1.0)
    stopped.stop()
    assert race_record.keep(stopped) == (None, None)
    assert record.load(folder()) == []
    clock = FakeClock()
    race = LiveRace([parse_bot("hard")], deck, 0.5, 3)
    totals = play_live_game(race, queue.Queue(), clock, clock.sleep, lambda _: None)
    assert record.load(folder()) == []  # a race kept only when a front end keeps it
    path, problem = race_record.keep(race)
    [kept] = record.load(folder())
    assert (kept.game, kept.opponent, kept.you, kept.others) == (
        "race",
        "hard",
        totals[0],
        tuple(totals[1:]),
    )
    assert kept.result == "loss" and kept.best == sum(totals) and kept.share == 0.0
    assert problem is None and kept.save == path.name and path.exists()


def test_results_keys_and_tallies() -> None:
    assert [record.result_of(3, (2, 1)), record.result_of(3, (3,)), record.result_of(1, (2,))] == [
        "win",
        "tie",
        "loss",
    ]
    record.add(entry(key="a", you=10, others=(5,), best=20))
    record.add(entry(key="a", you=12, others=(5,), best=20))  # the same game: replaced
    record.add(entry(key="b", you=1, others=(5,), best=None))
    record.add(entry("race", "c", 3, (4, 4), opponent="auto 1.40", best=11))
    record.add(entry("race", "d", 5, (4, 1), opponent="auto 1.80", best=10))
    entries = record.load(folder())
    assert [e.key for e in entries] == ["a", "b", "c", "d"] and entries[0].you == 12
    rows = [t.to_json() for t in record.tallies(entries)]
    assert rows == [
        {
            "game": "deduce",
            "opponent": "medium",
            "games": 2,
            "wins": 1,
            "losses": 1,
            "ties": 0,
            "mean_share": 0.6,
        },
        {
            "game": "race",
            "opponent": "auto",
            "games": 2,
            "wins": 1,
            "losses": 1,
            "ties": 0,
            "mean_share": round((3 / 11 + 5 / 10) / 2, 4),
        },
    ]


def test_a_damaged_record_is_refused_when_read_and_moved_aside_by_the_next_game() -> None:
    where = record.path(folder())
    where.write_text('{"format": "myword-record", "version": 1, "games": [{"game": "chess"}]}')
    with pytest.raises(UserError, match=r"is damaged \(unknown game 'chess'\)"):
        record.load(folder())
    warning = record.add(entry())
    assert warning is not None and "was damaged" in warning and "a new one begun" in warning
    aside = [p for p in folder().iterdir() if p.name.startswith("record-damaged-")]
    assert len(aside) == 1 and "chess" in aside[0].read_text()
    assert [e.key for e in record.load(folder())] == ["k1"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_record_that_cannot_be_written_is_a_warning_not_a_failure(tmp_path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        warning = record.add(entry(), locked)
    finally:
        locked.chmod(0o700)
    assert warning is not None and warning.startswith("this game is not in your record")


def test_a_record_in_a_folder_that_is_a_file_is_a_warning(tmp_path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    warning = record.add(entry(), not_a_folder)
    assert warning is not None and warning.startswith("this game is not in your record")


def test_the_record_command_shows_json_text_and_a_plot(tmp_path) -> None:
    empty = CliRunner().invoke(cli.main, ["record"])
    assert empty.exit_code == 0 and "No finished games yet" in empty.output
    record.add(entry(key="a", you=10, others=(5,), best=20))
    record.add(entry("layout", "b", 30, (40,), opponent="beam"))
    result = CliRunner().invoke(cli.main, ["record", "--json"])
    document = json.loads(result.stdout)
    assert document["games"] == 2 and document["record"] == str(record.path(folder()))
    assert [e["share"] for e in document["entries"]] == [0.5, None]
    assert [t["game"] for t in document["tallies"]] == ["deduce", "layout"]
    only = json.loads(CliRunner().invoke(cli.main, ["record", "--game", "layout", "--json"]).stdout)
    assert only["games"] == 1
    text = CliRunner().invoke(cli.main, ["record"], env={"COLUMNS": "80"}).output
    assert "What's My Word?" in text and "My Word (1980)" in text and "50%" in text
    assert "(no share: 1 game)" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    plot = tmp_path / "record.png"
    drawn = CliRunner().invoke(cli.main, ["record", "--plot", str(plot)])
    assert drawn.exit_code == 0 and plot.read_bytes()[:4] == b"\x89PNG"


def test_the_record_command_refuses_a_damaged_record_in_one_line() -> None:
    record.path(folder()).write_text("not json")
    result = CliRunner().invoke(cli.main, ["record"])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert result.output.startswith("Error: your record ") and "is damaged" in result.output


async def test_the_menu_opens_the_record() -> None:
    record.add(entry(key="a", you=10, others=(5,), best=20))
    app = MywordApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("m")
        assert isinstance(app.screen, RecordScreen)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#record", Static).content)
        shown = console.export_text()
        assert "Your record" in shown and "50%" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


def test_the_record_writes_points_as_every_other_screen_does() -> None:
    """A newcomer read "29250 v 34250" in the record and "29,250" everywhere else."""
    record.add(entry(key="a", you=29250, others=(34250,), best=40000))
    text = CliRunner().invoke(cli.main, ["record"], env={"COLUMNS": "100"}).output
    assert "29,250 v 34,250" in text, text
