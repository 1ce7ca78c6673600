"""What's My Word? over the engine protocol: a built-in served by ``myword deduce engine``
plays exactly as in process, and an engine that crashes, names a word the rules refuse or
never answers forfeits its game, which the next game survives."""

from __future__ import annotations

import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from solver.arena import loop
from solver.arena.engine import EngineSeat
from solver.arena.protocol import Forfeited
from solver.arena.seats import named
from solver.deduce import default_sheet
from solver.deduce.arena import RULES
from solver.deduce.state import DeduceState, Scored

SERVE = [sys.executable, "-c", "import cli; cli.main()", "deduce", "engine", "--player"]


def duel() -> DeduceState:
    return DeduceState.duel((6, 7), difficulty="easy")


@pytest.fixture
def served_points():
    seat = EngineSeat([*SERVE, "points"], RULES, time_limit=60.0)
    yield seat
    seat.close()


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_a_built_in_served_plays_exactly_as_in_process(served_points) -> None:
    """Whole two-round games (the picks too, drawn from the decision seeds) and a solo
    round: the same events and the same scores, seat by seat."""
    for seed in (1, 2, 3):
        in_process = loop.play(duel(), [RULES.seat("points"), RULES.seat("lookahead")], seed)
        over_pipe = loop.play(duel(), [served_points, RULES.seat("lookahead")], seed)
        assert over_pipe.events == in_process.events
        assert over_pipe.scores == in_process.scores and over_pipe.forfeits == ()
        reversed_seats = [RULES.seat("lookahead"), served_points]
        assert loop.play(duel(), reversed_seats, seed).events == (
            loop.play(duel(), [RULES.seat("lookahead"), RULES.seat("points")], seed).events
        )
    solo = DeduceState.solo("nephew", default_sheet(6))
    fresh = solo.clone()
    alone = loop.play(solo, [served_points], 9)
    assert alone.events == loop.play(fresh, [RULES.seat("points")], 9).events


BROKEN = textwrap.dedent(
    """
    import json, sys
    behaviour = sys.argv[1]
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "ready", "protocol": 1, "name": behaviour}), flush=True)
        elif message["type"] == "view":
            view = message["view"]
            if behaviour == "crash":
                raise SystemExit(3)
            if behaviour == "silent":
                continue  # never answers: the referee's time limit does the waiting
            word = "q" * view["length"]  # illegal: not a word
            move = {"kind": view["kind"], "word": word}
            print(json.dumps({"type": "move", "id": message["id"], "move": move}), flush=True)
        elif message["type"] == "quit":
            break
    """
)


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [("crash", "exit"), ("illegal", "not in the dictionary"), ("silent", "")],
)
def test_an_engine_that_fails_forfeits_and_the_next_game_is_played(
    tmp_path, behaviour: str, reason: str
) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    broken = EngineSeat([sys.executable, str(script), behaviour], RULES, time_limit=0.5)
    try:
        for seed in (1, 2):  # the second game restarts the engine after the first's forfeit
            state = duel()
            outcome = loop.play(state, [RULES.seat("points"), broken], seed)
            (forfeit,) = outcome.forfeits
            assert forfeit.seat == 1 and reason in forfeit.reason
            assert state.over and state.winners() == (0,)
            assert isinstance(outcome.events[-1], Forfeited)
    finally:
        broken.close()


def test_a_solo_engine_that_names_nonwords_keeps_no_rows(tmp_path) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    broken = EngineSeat([sys.executable, str(script), "illegal"], RULES, time_limit=5.0)
    try:
        state = DeduceState.solo("ballet", default_sheet(6))
        outcome = loop.play(state, [broken], 4)
    finally:
        broken.close()
    assert outcome.scores == (0,) and not any(isinstance(e, Scored) for e in outcome.events)
    assert "row 1: 'qq' is not in the dictionary" in outcome.forfeits[0].reason


def test_engine_options_name_a_side_once_and_an_unknown_player_is_one_line() -> None:
    from click.testing import CliRunner

    import cli

    both = CliRunner().invoke(
        cli.main, ["deduce", "match", "--purple", "points", "--red", "points", "--engine", "x"]
    )
    assert both.exit_code != 0 and "not both" in both.output and "Traceback" not in both.output
    unknown = CliRunner().invoke(cli.main, ["deduce", "engine", "--player", "wizard"])
    assert unknown.exit_code != 0 and "unknown strategy 'wizard'" in unknown.output


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_engine_plays_whole_games_against_a_built_in() -> None:
    """examples/engine/deduce.js through engine.js: it hides dictionary words and names
    legal Guesswords for two whole rounds, so no game is forfeited, and finds words."""
    script = Path(__file__).resolve().parents[2] / "examples" / "engine" / "engine.js"
    seat = named(RULES, f"engine:node {script}", time_limit=30.0, slot=1)
    try:
        for seed in (1, 2):
            outcome = loop.play(duel(), [RULES.seat("points"), seat], seed)
            assert outcome.forfeits == () and outcome.moves == (24, 24)
            assert outcome.scores[1] > 20000  # it deduces: chance alone scores far less
            solo = loop.play(DeduceState.solo("ballet", default_sheet(6)), [seat], seed)
            assert solo.events[-2] == Scored(0, 0, 10, "ballet", 9000)  # the bonus won
    finally:
        seat.close()


def test_match_refuses_two_engines_in_one_line() -> None:
    """Given twice, ``--engine`` kept the last one without a word."""
    from click.testing import CliRunner

    import cli

    result = CliRunner().invoke(
        cli.main, ["deduce", "match", "--engine", "node a.js", "--engine", "node b.js"]
    )
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: one --engine: it plays one side (name the other with --purple or --red)"
    ]
