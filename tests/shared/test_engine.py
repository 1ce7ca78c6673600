"""The arena's generic loop and the engine protocol (``solver.arena.loop``,
``solver.arena.engine``), on a toy game (``toy_game.py``) so that what is tested is the
protocol alone: a served player plays exactly as in process, and every way an engine can
fail forfeits its game with the reason, without stopping the next."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from solver.arena import loop
from solver.arena.engine import EngineSeat, serve
from solver.arena.protocol import Forfeited, decision_seed
from solver.arena.seats import Hello, close_engines, engine_command, named

sys.path.insert(0, str(Path(__file__).parent))
from toy_game import RULES, PileState

TOY = Path(__file__).with_name("toy_game.py")


def engine(behaviour: str, time_limit: float = 10.0, log=None) -> EngineSeat:
    return EngineSeat([sys.executable, str(TOY), behaviour], RULES, time_limit, log=log)


def play(seats, seed: int) -> loop.Outcome:
    return loop.play(PileState(), seats, seed)


def test_the_same_seed_plays_the_same_game_in_process() -> None:
    first = play([RULES.seat("random"), RULES.seat("random")], 5)
    again = play([RULES.seat("random"), RULES.seat("random")], 5)
    assert first == again
    assert sum(first.scores) == 1 and first.forfeits == ()
    assert sum(event.count for event in first.events) == 7


def test_a_player_served_over_the_protocol_plays_exactly_as_in_process() -> None:
    served = engine("good")
    try:
        for seed in range(6):
            in_process = play([RULES.seat("random"), RULES.seat("random")], seed)
            over_pipe = play([served, RULES.seat("random")], seed)
            assert over_pipe.events == in_process.events
            assert over_pipe.scores == in_process.scores
    finally:
        served.close()
    assert served._process is None  # closed: asked to quit, and it did


def test_the_transcript_shows_hello_views_moves_and_over() -> None:
    log = io.StringIO()
    served = engine("good", log=log)
    try:
        play([served, RULES.seat("random")], 1)
    finally:
        served.close()
    lines = log.getvalue().splitlines()
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    heard = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    assert sent[0]["type"] == "hello" and sent[-1] == {"type": "quit"}
    assert sent[0]["game"] == "pile" and sent[0]["protocol"] == 1 and sent[0]["seat"] == 0
    assert heard[0]["type"] == "ready"
    views = [m for m in sent if m["type"] == "view"]
    moves = [m for m in heard if m["type"] == "move"]
    assert [m["id"] for m in moves] == [v["id"] for v in views] != []
    assert views[0]["seed"] == decision_seed(1, 0, 0)
    assert sent[-2]["type"] == "over"


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [
        ("crash", "the engine exited with code 3 (stderr: Traceback: something broke)"),
        ("silent", "no move within 0.5 s"),
        ("illegal", "cannot take 5 from 7"),
        ("garbage", "not a JSON line: 'bestmove e2e4'"),
        ("old", "the engine speaks protocol 0, not 1"),
    ],
)
def test_an_engine_that_fails_forfeits_the_game_and_the_next_game_is_played(
    behaviour: str, reason: str
) -> None:
    broken = engine(behaviour, time_limit=0.5)
    try:
        outcomes = [play([broken, RULES.seat("random")], seed) for seed in range(3)]
    finally:
        broken.close()
    for game, outcome in enumerate(outcomes):  # every game ends, the broken seat losing it
        (forfeit,) = outcome.forfeits
        assert forfeit.seat == 0
        if game and behaviour == "old":  # no handshake: not tried again
            reason_now = f"no handshake in an earlier game ({reason})"
        else:
            reason_now = reason
        assert forfeit.reason == f"{broken.name}: {reason_now}"
        assert outcome.scores == (0, 1)


def test_info_lines_are_skipped() -> None:
    chatty = engine("chatty")
    try:
        outcome = play([chatty, RULES.seat("random")], 2)
    finally:
        chatty.close()
    assert outcome.forfeits == () and sum(outcome.scores) == 1


def test_a_command_that_cannot_start_forfeits_with_its_name() -> None:
    seat = EngineSeat(["/nonexistent/engine"], RULES)
    outcome = play([seat, RULES.seat("random")], 0)
    assert outcome.forfeits[0].reason.endswith(
        "cannot start '/nonexistent/engine': No such file or directory"
    )
    seat.close()


def test_the_engine_name_form() -> None:
    assert engine_command("engine:node examples/engine/engine.js") == [
        "node",
        "examples/engine/engine.js",
    ]
    assert engine_command("engine: 'my engine' --fast") == ["my engine", "--fast"]
    seat = named(RULES, f"engine:{sys.executable} {TOY} good")
    assert isinstance(seat, EngineSeat)
    assert named(RULES, f"engine:{sys.executable} {TOY} good") is seat  # started once
    assert named(RULES, f"engine:{sys.executable} {TOY} good", slot=1) is not seat
    close_engines()
    assert named(RULES, "random").name == "random"
    from solver.runtime.errors import UserError

    with pytest.raises(UserError, match="give the command"):
        engine_command("engine:  ")
    with pytest.raises(UserError, match="No closing quotation"):
        engine_command("engine:node 'open")


def serve_lines(*messages: object) -> list[dict]:
    out = io.StringIO()
    text = "".join((m if isinstance(m, str) else json.dumps(m)) + "\n" for m in messages)
    code = serve(RULES, lambda hello: RULES.seat("random"), io.StringIO(text), out)
    assert code == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_a_game_and_explains_every_line_it_cannot_answer() -> None:
    hello = Hello("pile", {}, 0, 2).to_json()
    answers = serve_lines(
        {"type": "view", "id": 1, "seed": 3, "view": {"seat": 0, "pile": 7}},
        dict(hello, game="layout"),
        dict(hello, protocol=2),
        dict(hello, seat=99999999999999999999),
        "not json",
        {"type": "dance"},
        hello,
        {"type": "view", "id": 1, "seed": 3},
        {"type": "view", "id": 2, "seed": 3, "view": {"seat": 0, "pile": 7}},
        {"type": "over", "scores": [1, 0]},
        {"type": "quit"},
        {"type": "view", "id": 3, "seed": 3, "view": {"seat": 0, "pile": 7}},
    )
    assert [a["type"] for a in answers] == ["error"] * 6 + ["ready", "error", "move"]
    assert "before the hello" in answers[0]["message"]
    assert "plays pile, not layout" in answers[1]["message"]
    assert "protocol 1, not 2" in answers[2]["message"]
    assert "seat 99999999999999999999 of 2: no such seat" in answers[3]["message"]
    assert "unknown message type 'dance'" in answers[5]["message"]
    assert answers[7]["message"] == "a field is missing: 'view'"
    expected = RULES.seat("random").decide(RULES.view_from_json({"seat": 0, "pile": 7}), 3)
    assert answers[8] == {"type": "move", "id": 2, "move": expected.to_json()}


def test_forfeited_is_an_event_with_json() -> None:
    assert Forfeited(1, "late").to_json() == {"kind": "forfeited", "seat": 1, "reason": "late"}


def test_the_gist_of_stderr_is_the_line_that_names_the_error() -> None:
    from solver.arena.engine import stderr_gist

    traceback = "Traceback (most recent call last):\n  File x\n\nValueError: bad move\n"
    assert stderr_gist(traceback) == "ValueError: bad move"
    node = "loader:1210\n  throw err;\nError: Cannot find module 'x'\n  code: 1\nNode.js v20"
    assert stderr_gist(node) == "Error: Cannot find module 'x'"
    assert stderr_gist("  one line  \n") == "one line"
    assert stderr_gist("\n\n") == ""
    assert len(stderr_gist("x" * 1000)) == 300


def test_an_engine_cannot_be_served_as_a_player() -> None:
    """``myword <game> engine --player engine:...`` once read "engine" as a module (No
    module named 'engine'): it is refused in one line that says what to do."""
    from click.testing import CliRunner

    import cli

    result = CliRunner().invoke(cli.main, ["race", "engine", "--player", "engine:node x.js"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: 'engine:node x.js' is an engine already: run its command itself; "
        "engine --player serves a built-in or a plugin"
    ]


def test_an_engine_that_never_shakes_hands_is_not_waited_for_again() -> None:
    """A mute engine cost the handshake's 30 s in every game of a tournament: the first
    game waits (here 0.5 s), every later one forfeits at once with the same reason."""
    mute = EngineSeat([sys.executable, str(TOY), "mute"], RULES, 0.2, hello_time_limit=0.5)
    try:
        first, second = (play([mute, RULES.seat("random")], seed) for seed in (1, 2))
    finally:
        mute.close()
    assert first.forfeits[0].reason.endswith("no ready within 0.5 s")
    assert second.forfeits[0].reason.endswith(
        "no handshake in an earlier game (no ready within 0.5 s)"
    )


def test_an_engine_that_closes_its_output_is_not_said_to_have_exited() -> None:
    """It was "the engine exited with code -9": the referee's own kill, not the engine's."""
    closes = engine("closes", time_limit=0.5)
    try:
        outcome = play([closes, RULES.seat("random")], 1)
    finally:
        closes.close()
    assert outcome.forfeits[0].reason.endswith("the engine closed its output (stopped)")


def test_a_log_that_cannot_be_written_is_one_line() -> None:
    from solver.runtime.errors import UserError

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    seat = engine("good", log=Full())
    with pytest.raises(UserError, match="cannot write the engine log: No space left on device"):
        play([seat, RULES.seat("random")], 1)
    seat.close()  # closing with a log that failed: no second error


def test_a_player_of_this_process_is_not_an_engine() -> None:
    """``deduce solve --strategy engine:...`` read "engine" as a module."""
    from click.testing import CliRunner

    import cli

    result = CliRunner().invoke(cli.main, ["deduce", "solve", "nephew", "--strategy", "engine:x"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: 'engine:x' is an engine: this command takes a strategy")
    assert "engines play where --engine is offered" in result.output


@pytest.mark.parametrize("log", ["/nonexistent/x.log", "/"])
def test_serving_with_a_log_that_cannot_be_written_is_one_line(log: str) -> None:
    from click.testing import CliRunner

    import cli

    result = CliRunner().invoke(cli.main, ["layout", "engine", "--player", "greedy", "--log", log])
    assert result.exit_code in (1, 2)  # a folder is click's usage error, a missing one ours
    error = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and ("cannot write the log" in error[0] or "directory" in error[0])
    assert "Traceback" not in result.output


INTERRUPTED_IN_A_KERNEL = """\
def fail():
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as stop:  # as a Numba kernel gives it back
        raise SystemError("CPUDispatcher returned a result with an exception set") from stop

def guess(view):
    fail()

def look(view, rng):
    fail()

def move(view, rng):
    fail()
"""


@pytest.mark.parametrize("game", ["deduce", "race", "layout"])
def test_a_stop_signal_inside_a_player_stops_the_command(tmp_path, game: str) -> None:
    """SIGTERM during ``deduce bench`` exited 1 with "strategy ... raised SystemError": the
    wrapper that names a player's bug took the stop (raised inside a kernel) for one."""
    import importlib

    from solver.arena import loop as arena_loop

    player = tmp_path / "stopped.py"
    player.write_text(INTERRUPTED_IN_A_KERNEL)
    arena = importlib.import_module(f"solver.{game}.arena")
    method = {"deduce": "guess", "race": "look", "layout": "move"}[game]
    seat = arena.RULES.seat(f"{player}:{method}")
    state = arena.new_state(1) if game != "deduce" else arena.new_state(1, seats=1)
    with pytest.raises(KeyboardInterrupt):
        arena_loop.play(state, [seat] * state.seats, 1)


def test_fields_json_puts_kind_first_and_tuples_as_lists() -> None:
    """The one writer of the games' moves and events (race and deduce use it)."""
    from solver.arena.protocol import fields_json
    from solver.race.state import WrongCall

    event = WrongCall(3.0, 0, 1, "dunk", ((0, "n"), (2, "k")))
    assert list(fields_json(event)) == ["kind", "time", "round", "seat", "word", "free"]
    assert fields_json(event)["free"] == [[0, "n"], [2, "k"]]


WRAPPED_ENGINE = """
import json, subprocess, sys
# what a wrapper (bash run.sh, cargo run) leaves running: a child holding the output
subprocess.Popen([sys.executable, "-c", "import time; time.sleep({marker})"])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({{"type": "ready", "protocol": 1, "name": "wrapped"}}), flush=True)
    elif message["type"] == "view":
        print("not a move", flush=True)
"""


def _processes_with(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "cmdline").read_text():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds processes in /proc")
def test_an_engine_ends_with_what_it_started(tmp_path: Path) -> None:
    """An engine whose child held its output open: on its forfeit, closing that output
    waited for ever (the tournament hung), and the child ran on. Now the engine's process
    group ends with it."""
    import os
    import signal
    import subprocess

    marker = f"{os.getpid()}.{len(str(tmp_path))}17"  # a sleep no other process has
    engine = tmp_path / "wrapped.py"
    engine.write_text(WRAPPED_ENGINE.format(marker=marker))
    command = [sys.executable, "-m", "cli", "race", "bench", "--games", "1"]
    try:
        result = subprocess.run(
            [*command, "--engine", f"{sys.executable} {engine}"],
            capture_output=True,
            text=True,
            timeout=60,  # a hang, not a slow machine: it ends in a few seconds
            cwd=Path(__file__).resolve().parents[2],
        )
        assert result.returncode == 1, result.stderr
        assert "forfeited every game" in result.stderr and "not a JSON line" in result.stderr
        assert _processes_with(f"time.sleep({marker})") == []
    finally:
        for pid in _processes_with(f"time.sleep({marker})"):
            os.kill(pid, signal.SIGKILL)
