"""The adaptive level (``adaptive.py``, ``--level auto``): it moves toward an even game
after every round, stays in bounds, is remembered between races (across processes), and
a damaged memory is a warning and a fresh start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.race import adaptive
from solver.race.adaptive import START, STEP, AutoLevel, moved
from solver.race.bots import TOP_SKILL, RaceBot, parse_bot
from solver.race.deck import parse_deck
from solver.race.live import LiveRace
from solver.race.ui.feed import describe, level_move_text, race_document, unsaid_warnings
from solver.race.ui.screens import new_race

ROOT = Path(__file__).resolve().parents[2]


def test_the_level_moves_up_for_a_person_who_wins_and_down_for_one_who_loses() -> None:
    assert moved(2.0, [30, 10]) == (pytest.approx(2.0 + STEP * 0.5), 0.75)
    assert moved(2.0, [10, 30])[0] == pytest.approx(2.0 - STEP * 0.5)
    assert moved(2.0, [20, 20]) == (2.0, 0.5)  # even: it stays
    assert moved(2.0, [10, 10, 10])[0] == pytest.approx(2.0)  # a third of 3 is even
    assert moved(2.0, [0, 0]) == (2.0, None)  # no card won: no news


def test_the_level_stays_in_bounds_and_moves_at_most_a_step_a_round() -> None:
    assert moved(TOP_SKILL - 0.1, [60, 0])[0] == TOP_SKILL
    assert moved(0.1, [0, 60])[0] == 0.0
    assert moved(2.0, [60, 0, 0, 0, 0, 0])[0] == 2.0 + adaptive.MOST_A_ROUND
    assert AutoLevel(-5.0).skill == 0.0 and AutoLevel(99.0).skill == TOP_SKILL


SMALL = "c 2\na 2\nt 2\ns 2\ne 2\nr 2\n"


def race_at(skill: float, remember=None) -> LiveRace:
    auto = AutoLevel(skill, remember=remember)
    return LiveRace([auto.bot()], parse_deck(SMALL, "small"), 1.0, 3, auto=auto)


def test_a_race_moves_its_bots_after_each_round_and_says_so() -> None:
    """A person who calls nothing loses every round: the bots' skill goes down a step a
    round, the bot seat plays the next round at it, the feed and --json say it."""
    kept: list[float] = []
    race = race_at(2.0, lambda skill: kept.append(skill))
    race.advance(1000.0)
    assert race.finished and [move.played for move in race.auto.moves] == [2.0, 2.0 - STEP]
    assert kept == [move.next for move in race.auto.moves]
    assert kept == pytest.approx([2.0 - STEP, 2.0 - 2 * STEP])
    assert race.seats[1].bot.name == f"auto {2.0 - 2 * STEP:.2f}"
    over = [event for event in race.events if event.kind == "round over"]
    assert "Bots' level 2.00: you won 0% of the cards (even: 50%); next round at 1.40" in (
        describe(race, over[0])
    )
    assert level_move_text(race, 1).endswith("next race at 0.80 (between beginner and easy).")
    document = race_document(race)["auto"]
    assert document["start"] == 2.0 and document["now"] == pytest.approx(0.8)
    assert [r["next"] for r in document["rounds"]] == [1.4, 0.8]


def test_a_fixed_level_race_says_nothing_of_levels() -> None:
    race = LiveRace([RaceBot("fast", "easy", 0.5, 0.0, 0.0)], parse_deck(SMALL, "s"), 1.0, 3)
    race.advance(1000.0)
    assert all("level" not in (describe(race, e) or "") for e in race.events)
    assert "auto" not in race_document(race)


def test_the_level_is_remembered_and_a_bad_memory_is_a_fresh_start(tmp_path) -> None:
    assert adaptive.load(tmp_path) == (START, None)  # a first race
    adaptive.store(tmp_path, 2.75)
    assert adaptive.load(tmp_path) == (2.75, None)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    where = adaptive.path(tmp_path)
    for damage in (
        b"",
        b"{not json",
        b"\xff\xfe",
        b"[]",
        json.dumps({"format": "other", "skill": 1}).encode(),
        json.dumps({"format": adaptive.FORMAT, "skill": "2"}).encode(),
        json.dumps({"format": adaptive.FORMAT, "skill": True}).encode(),
        json.dumps({"format": adaptive.FORMAT, "skill": 9.0}).encode(),
        json.dumps({"format": adaptive.FORMAT, "skill": float("nan")}).encode(),
        b"[" * 100_000,
    ):
        where.write_bytes(damage)
        skill, warning = adaptive.load(tmp_path)
        assert skill == START and warning is not None and "\n" not in warning
    where.unlink()
    where.mkdir()  # a folder where the file should be: read and write both warn
    skill, warning = adaptive.load(tmp_path)
    assert skill == START and "cannot read" in warning
    with pytest.raises(OSError):
        adaptive.store(tmp_path, 1.0)


def test_an_unwritable_memory_is_one_warning_and_the_race_goes_on(tmp_path) -> None:
    race = race_at(2.0, lambda skill: "the race level is not remembered: Read-only file system")
    race.advance(1000.0)
    assert race.finished
    assert unsaid_warnings(race) == ["the race level is not remembered: Read-only file system"]
    assert unsaid_warnings(race) == []  # said once


def test_new_races_start_where_the_last_one_left_the_level(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    first = new_race({"players": 2, "seed": 1, "pace": 0.5})
    assert first.auto is not None and first.auto.skill == START  # auto is the default
    first.advance(10_000.0)
    second = new_race({"players": 2, "seed": 2, "race_level": "auto:first"})
    assert second.auto.skill == pytest.approx(first.auto.skill) != START
    assert second.seats[1].bot.policy == "first"
    fixed = new_race({"players": 2, "seed": 2, "level": "hard"})
    assert fixed.auto is None and fixed.seats[1].bot.name == "hard"
    from solver.ui.app import DEFAULT_SETTINGS

    assert new_race(DEFAULT_SETTINGS).auto is not None  # the app's race: auto by default
    assert new_race(DEFAULT_SETTINGS | {"race_level": "medium"}).auto is None
    adaptive.path(tmp_path).write_text("garbage")
    damaged = new_race({"players": 2, "seed": 2})
    assert damaged.auto.skill == START
    assert [w for w in unsaid_warnings(damaged) if "damaged" in w]


# A race at the adaptive level in a process of its own, played to its end on made-up
# times (a person who calls nothing), printing its level as --json does.
RACE = """
import json
from solver.race.ui.feed import race_document
from solver.race.ui.screens import new_race
race = new_race({"players": 2, "seed": SEED})
race.advance(100_000.0)
print(json.dumps(race_document(race)["auto"]))
"""


def race_process(data: Path, seed: int) -> dict:
    ran = subprocess.run(
        [sys.executable, "-c", RACE.replace("SEED", str(seed))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "MYWORD_DATA_DIR": str(data)},
        check=False,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


@pytest.mark.heavy  # two processes that load the word tables: seconds
def test_the_level_is_remembered_across_two_processes(tmp_path) -> None:
    adaptive.store(tmp_path, 3.0)
    first = race_process(tmp_path, 1)
    second = race_process(tmp_path, 2)
    assert first["start"] == 3.0 and first["now"] < 3.0  # a person who calls nothing
    assert second["start"] == first["now"] and second["now"] < second["start"]
    assert json.loads(adaptive.path(tmp_path).read_text())["skill"] == pytest.approx(
        second["now"], abs=1e-3
    )


def test_race_play_refuses_a_bad_auto_policy_in_one_line() -> None:
    result = CliRunner().invoke(cli.main, ["race", "play", "--level", "auto:greedy"], input="")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "unknown claim policy 'greedy'" in result.output


def test_an_adaptive_race_is_one_opponent_in_the_record_and_its_level_comes_back_from_it(
    tmp_path,
) -> None:
    """The record tallies every adaptive race as ``auto`` (its skill at the start and the
    end kept beside), and a data folder without ``race-level.json`` (deleted, or carried
    over without it) starts the next race where the record's last adaptive race ended."""
    from solver.race import record as race_record
    from solver.runtime import record

    folder = Path(os.environ["MYWORD_DATA_DIR"])
    race = race_at(2.0)
    race.advance(1000.0)  # the person calls nothing: two rounds lost, two steps down
    race_record.keep(race)
    [kept] = record.load(folder)
    assert kept.opponent == "auto"
    assert kept.details["auto"]["start"] == 2.0
    assert kept.details["auto"]["now"] == pytest.approx(2.0 - 2 * STEP)
    assert not adaptive.path(folder).exists()  # this race's level was not stored
    assert adaptive.load(folder) == (pytest.approx(2.0 - 2 * STEP), None)
    assert adaptive.load(tmp_path) == (START, None)  # no file, no record: a first race


def test_a_race_whose_input_ended_plays_out_but_neither_moves_the_level_nor_counts(
    monkeypatch,
) -> None:
    """`race play --plain < /dev/null` played the whole race with nobody calling, set the
    remembered level to beginner and counted a loss (found by a newcomer's session). The
    race still plays out (a script gets its whole race, saved for a review), but from the
    input's end it is said, and it no longer moves the level or counts in the record."""
    import threading
    import time

    from solver.runtime import record, savefile

    now = [0.0]

    def sleep(seconds: float) -> None:
        """The fake clock moves on only once the input's reader has met the end of the
        input: a race on a fake clock could otherwise end before that thread ran."""
        for thread in threading.enumerate():
            if getattr(getattr(thread, "_target", None), "__name__", "") == "read_lines":
                thread.join()
        now[0] += seconds

    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", sleep)
    folder = Path(os.environ["MYWORD_DATA_DIR"])
    adaptive.store(folder, 3.0)
    args = ["race", "play", "--players", "2", "--pace", "0.2", "--seed", "3", "--json"]
    result = CliRunner().invoke(cli.main, args, input="")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["ended"] == "finished" and document["input_ended"] is True
    assert len(document["rounds"]) == 2 and document["totals"][1] > 0  # played out
    assert "Your input has ended: no more calls." in result.stderr
    assert document["auto"]["start"] == document["auto"]["now"] == 3.0  # not moved
    assert adaptive.load(folder) == (3.0, None)
    assert record.load(folder) == []  # not in the record
    assert [g for g in savefile.listing() if g["game"] == "race"]  # saved, for a review


def test_a_race_against_no_level_neither_moves_nor_keeps_the_level(monkeypatch, tmp_path) -> None:
    """Every other seat a bot of one's own or an engine: no level plays, so there is none
    to move, say or remember (a race against an engine had moved the level, and saved it,
    as if the person had raced the level's bots)."""
    from solver.race.live import bot_seat

    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    steady = bot_seat(f"{ROOT / 'examples' / 'race_steady.py'}:look")
    race = LiveRace([steady], parse_deck("c 3\na 3\nt 3\ns 3\n", "small"), 0.5, 3,
                    auto=adaptive.remembered())  # fmt: skip
    assert race.auto is None
    race.advance(100_000.0)
    assert race.finished and not adaptive.path(tmp_path).exists()
    assert "auto" not in race_document(race)
    mixed = LiveRace([steady, parse_bot("easy")], parse_deck("c 3\na 3\nt 3\ns 3\n", "small"),
                     0.5, 3, auto=adaptive.remembered())  # fmt: skip
    assert mixed.auto is not None  # a level plays beside it: it moves as before
