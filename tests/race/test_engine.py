"""MY WORD! over the engine protocol: a built-in served by ``myword race engine`` races
exactly as in process for the same seed, and an engine that crashes, makes a move the
rules refuse or never answers forfeits its game while the bench goes on."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import loop
from solver.arena.protocol import Forfeited
from solver.arena.seats import named
from solver.race.arena import RULES, new_state
from solver.race.state import Claimed, WrongCall

MYWORD = Path(sys.executable).with_name("myword")
JS_ENGINE = Path(__file__).resolve().parents[2] / "examples" / "engine" / "engine.js"
SERVED = f"engine:{MYWORD} race engine --player"


def play(seats, seed: int, players: int = 2) -> loop.Outcome:
    return loop.play(new_state(seed, players=players), seats, seed)


def test_a_built_in_served_plays_exactly_as_in_process() -> None:
    """Whole games, several seeds, one engine process for them all: the same scores and
    the same events, call for call (the misreads of a sloppy bot included)."""
    served = named(RULES, f"{SERVED} easy")
    try:
        for seed in (1, 2, 3):
            in_process = play([RULES.seat("easy"), RULES.seat("medium:wait")], seed)
            engine = play([served, RULES.seat("medium:wait")], seed)
            assert engine.forfeits == ()
            assert engine.scores == in_process.scores
            assert engine.events == in_process.events
            assert engine.moves == in_process.moves
    finally:
        served.close()


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_three_seats_one_served_in_the_middle() -> None:
    served = named(RULES, f"{SERVED} hard")
    try:
        seats = [RULES.seat("medium"), served, RULES.seat("easy:first")]
        by_name = [RULES.seat("medium"), RULES.seat("hard"), RULES.seat("easy:first")]
        assert play(seats, 8, players=3) == play(by_name, 8, players=3)
    finally:
        served.close()


BROKEN = """\
import json, sys

behaviour = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1, "name": behaviour}), flush=True)
    elif message["type"] == "view":
        if behaviour == "crash":
            sys.stderr.write("something broke\\n")
            sys.exit(3)
        if behaviour == "silent":
            continue  # never answers: the referee's time limit does the waiting
        move = {"kind": "call", "word": "cat", "after": -1}  # a call from the past
        print(json.dumps({"type": "move", "id": message["id"], "move": move}), flush=True)
    elif message["type"] == "quit":
        break
"""


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN)
    return path


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [
        ("crash", "the engine exited with code 3 (stderr: something broke)"),
        ("illegal", "not a finite number of seconds >= 0"),
        ("silent", "no move within 0.5 s"),
    ],
)
def test_a_broken_engine_forfeits_its_game(broken: Path, behaviour: str, reason: str) -> None:
    seat = named(RULES, f"engine:{sys.executable} {broken} {behaviour}", time_limit=0.5)
    try:
        outcome = play([RULES.seat("easy"), seat], 4)
    finally:
        seat.close()
    forfeit = outcome.events[-1]
    assert isinstance(forfeit, Forfeited) and forfeit.seat == 1
    assert reason in forfeit.reason and outcome.forfeits == (forfeit,)
    assert outcome.scores[1] == 0
    assert RULES.event_from_json(json.loads(json.dumps(forfeit.to_json()))) == forfeit


def test_the_bench_goes_on_past_a_forfeit_and_takes_engine_options(broken: Path) -> None:
    result = CliRunner().invoke(
        cli.main,
        [
            "race",
            "bench",
            "--players",
            "easy",
            "--engine",
            f"{sys.executable} {broken} silent",
            "--engine-time",
            "0.5",
            "--games",
            "2",
            "--json",
        ],
    )
    # the results are printed, then the failure: the engine never played a game
    assert result.exit_code == 1, result.output
    assert "forfeited every game; the first:" in result.stderr
    players = json.loads(result.stdout)["players"]
    assert [p["player"] for p in players] == ["easy", f"engine:{sys.executable} {broken} silent"]
    assert players[1]["mean_score"] == 0 and players[1]["wins"] == 0
    assert players[1]["forfeits"] == 2 and "no move within 0.5 s" in players[1]["forfeit_reason"]
    assert players[0]["wins"] == 2 and "forfeits" not in players[0]


def test_the_bench_table_says_who_forfeited_and_why(broken: Path) -> None:
    """A failing engine is not a silent row of zeros: a line under the table counts its
    forfeits and quotes the first reason."""
    engine = f"{sys.executable} {broken} crash"
    result = CliRunner().invoke(
        cli.main,
        ["race", "bench", "--players", "easy", "--engine", engine, "--games", "2"],
    )
    assert result.exit_code == 1, result.output  # it forfeited every game: a failure
    line = next(line for line in result.output.splitlines() if "forfeited 2 of 2" in line)
    assert line.startswith(f"engine:{engine} forfeited 2 of 2 games (scoring nothing in them)")
    assert line.endswith("the engine exited with code 3 (stderr: something broke)")


def test_engine_command_refuses_an_unknown_bot_in_one_line() -> None:
    result = CliRunner().invoke(cli.main, ["race", "engine", "--player", "wizard"])
    assert result.exit_code == 1
    assert "unknown bot 'wizard' (choose from beginner" in result.output
    assert "Traceback" not in result.output


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_engine_races_whole_games_against_a_built_in() -> None:
    """``examples/engine/race.js`` behind ``engine.js``: every call it makes is a word the
    table spells (no forfeit, no wrong call), and it wins cards off the medium bot."""
    engine = named(RULES, f"engine:node {JS_ENGINE}")
    try:
        for seed in (1, 2):
            outcome = play([RULES.seat("medium"), engine], seed)
            assert outcome.forfeits == ()
            assert not any(isinstance(e, WrongCall) and e.seat == 1 for e in outcome.events)
            claims = [e for e in outcome.events if isinstance(e, Claimed) and e.seat == 1]
            assert claims and all(len(claim.cards) >= 3 for claim in claims)
            assert outcome.scores[1] >= sum(len(claim.cards) for claim in claims)  # + free cards
    finally:
        engine.close()
