"""My Word (1980) over the engine protocol (issue 25, items 4-5): a built-in served by
``myword layout engine`` plays exactly the games it plays in process, engines play in the
bench and solo, and an engine that crashes, answers a move the rules refuse or never
answers forfeits its game while the next one goes on."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import loop
from solver.arena.engine import EngineSeat
from solver.layout.arena import RULES, new_state
from solver.layout.game import replay
from solver.layout.state import FORFEIT_SCORE

MYWORD = str(Path(sys.executable).with_name("myword"))


def served(player: str, time_limit: float = 30.0, log=None) -> EngineSeat:
    return EngineSeat([MYWORD, "layout", "engine", "--player", player], RULES, time_limit, log=log)


def _game(seats, seed: int, players: int = 2) -> loop.Outcome:
    return loop.play(new_state(seed, players), seats, seed)


@pytest.mark.parametrize("player", ["random", "greedy"])
def test_a_built_in_served_plays_exactly_as_in_process(player: str) -> None:
    engine = served(player)
    try:
        for seed in range(3):
            here = _game([RULES.seat(player), RULES.seat("random")], seed)
            there = _game([engine, RULES.seat("random")], seed)
            assert there.events == here.events and there.scores == here.scores
            assert not there.forfeits and len(there.events) > 20
            solo_here = _game([RULES.seat(player)], seed, 1)
            solo_there = _game([engine], seed, 1)
            assert solo_there.events == solo_here.events
    finally:
        engine.close()


@pytest.mark.parametrize("player", ["beam", "reader"])
def test_the_strong_players_served_play_exactly_as_in_process(player: str) -> None:
    """The reader reads the view's history: the JSON carries it whole."""
    engine = served(player)
    try:
        here = _game([RULES.seat("greedy"), RULES.seat(player)], 4)
        there = _game([RULES.seat("greedy"), engine], 4)
        assert there.events == here.events and there.scores == here.scores
    finally:
        engine.close()


def test_the_transcript_has_the_handshake_views_moves_and_the_end() -> None:
    log = io.StringIO()
    engine = served("greedy", log=log)
    try:
        _game([engine, RULES.seat("greedy")], 2)
    finally:
        engine.close()
    lines = [json.loads(line[2:]) for line in log.getvalue().splitlines()]
    kinds = [line["type"] for line in lines]
    assert kinds[:2] == ["hello", "ready"] and kinds[-2:] == ["over", "quit"]
    hello = lines[0]
    assert hello["game"] == "layout" and hello["variant"] == {"easy": False, "deck": "default"}
    view = next(line for line in lines if line["type"] == "view")["view"]
    assert view["legal"] and {"hand", "layout", "deck", "pack_size"} <= set(view)
    move = next(line for line in lines if line["type"] == "move")["move"]
    assert move["kind"] in ("play", "knock")


ENGINES = """
import json, sys

behaviour = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1, "name": behaviour}), flush=True)
    elif message["type"] == "view":
        if behaviour == "crash":
            sys.exit("crashed on purpose")
        if behaviour == "illegal":
            move = {"kind": "knock", "card": 999}
        elif behaviour == "nowhere":
            move = {"kind": "play", "card": message["view"]["hand"][0], "position": [40, 40]}
        elif behaviour == "garbled":
            move = {"kind": "fly"}
        else:  # silent: never answers a view; the referee's time limit does the waiting
            continue
        print(json.dumps({"type": "move", "id": message["id"], "move": move}), flush=True)
    elif message["type"] == "quit":
        break
"""


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [
        ("crash", "crashed on purpose"),
        ("illegal", "moved card 999, which is not in its hand"),
        ("nowhere", "the rules do not allow it there"),
        ("garbled", "kind is play or knock"),
        ("silent", "0.5"),
    ],
)
def test_an_engine_that_fails_forfeits_its_game_and_the_next_goes_on(
    behaviour: str, reason: str, tmp_path
) -> None:
    script = tmp_path / "engines.py"
    script.write_text(ENGINES)
    engine = EngineSeat([sys.executable, str(script), behaviour], RULES, time_limit=0.5)
    try:
        for seed in (1, 2):  # the second game starts afresh after the first one's forfeit
            outcome = _game([RULES.seat("greedy"), engine], seed)
            (forfeit,) = outcome.forfeits
            assert forfeit.seat == 1 and reason in forfeit.reason, forfeit.reason
            assert outcome.scores[1] == FORFEIT_SCORE and outcome.events[-1] == forfeit
    finally:
        engine.close()


def test_engines_in_the_bench_and_in_solo(tmp_path) -> None:
    script = tmp_path / "engines.py"
    script.write_text(ENGINES)
    runner = CliRunner()
    bench = runner.invoke(
        cli.main,
        ["layout", "bench", "--players", "random", "--engine", f"{MYWORD} layout engine "
         "--player greedy", "--engine", f"{sys.executable} {script} crash", "--games", "2",
         "--json"],
    )  # fmt: skip
    assert bench.exit_code == 1, bench.output  # one engine never finished a game
    assert "forfeited every game" in bench.stderr
    rows = json.loads(bench.stdout)["players"]
    assert rows[1]["player"] == f"engine:{MYWORD} layout engine --player greedy"
    assert rows[2]["forfeits"] == 2 and rows[2]["wins"] == 0 and "forfeits" not in rows[0]
    solo = runner.invoke(
        cli.main,
        ["layout", "solo", "--seed", "3", "--json", "--engine",
         f"{MYWORD} layout engine --player greedy"],
    )  # fmt: skip
    greedy = runner.invoke(
        cli.main, ["layout", "solo", "--seed", "3", "--player", "greedy", "--json"]
    )
    assert solo.exit_code == 0, solo.output
    assert json.loads(solo.stdout)["moves"] == json.loads(greedy.stdout)["moves"]
    plain = runner.invoke(
        cli.main, ["layout", "solo", "--seed", "3", "--no-boards", "--engine",
                   f"{sys.executable} {script} illegal"],
    )  # fmt: skip
    assert plain.exit_code == 0 and "forfeits the game" in plain.output
    assert "moved card 999" in plain.output and "Final score: 0" in plain.output
    both = runner.invoke(
        cli.main, ["layout", "solo", "--player", "greedy", "--engine", "node x.js"]
    )
    assert both.exit_code == 1 and both.stderr.count("\n") == 1
    assert "give --player or one --engine, not both" in both.stderr
    unknown = runner.invoke(cli.main, ["layout", "engine", "--player", "nosuch"], input="")
    assert unknown.exit_code == 1 and "unknown player 'nosuch'" in unknown.stderr
    assert unknown.stderr.count("\n") == 1


NODE = shutil.which("node")
JS_ENGINE = Path(__file__).resolve().parents[2] / "examples" / "engine" / "engine.js"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_javascript_engine_plays_whole_games_against_the_built_ins() -> None:
    engine = EngineSeat([str(NODE), str(JS_ENGINE)], RULES, time_limit=10.0)
    try:
        for seed, players in ((1, 2), (2, 3), (3, 1)):
            state = new_state(seed, players, names=["js", "greedy", "random"][:players])
            seats = [engine, RULES.seat("greedy"), RULES.seat("random")][:players]
            outcome = loop.play(state, seats, seed)
            assert not outcome.forfeits and state.over and outcome.moves[0] > 10
            assert replay(json.loads(json.dumps(state.to_json()))).verdict == "ok"
            if players > 1:
                assert outcome.scores[0] > outcome.scores[-1] or players == 2
    finally:
        engine.close()


def test_a_bench_starts_an_engine_once_though_the_seats_rotate() -> None:
    """The seats rotate game by game; an engine keyed by its seat was started again for
    every seat it sat in (two processes in a two-player bench, and a handshake that never
    came cost its 30 s twice). It is keyed by its entry in the tournament."""
    from solver.arena import seats
    from solver.arena import tournament as arena

    engine = f"engine:{MYWORD} layout engine --player greedy"
    seats.close_engines()
    try:
        records = arena.run(arena.tournament("layout", ["random", engine], 3, 7))
        assert len(records) == 3
        started = [key for key in seats._engines if key[0] == RULES.name]
        assert [key[3] for key in started] == [1]  # the engine's entry, in every game
    finally:
        seats.close_engines()
