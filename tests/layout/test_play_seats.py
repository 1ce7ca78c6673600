"""``myword layout play`` seats any player against a person (issue 25, items 3-4): a
plugin and an engine each play whole games in line mode with a scripted person, see their
own view only, forfeit when they fail (the person is told why, and wins), and a saved game
with such a seat resumes and goes on as it would have."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena.protocol import Forfeited
from solver.layout import session
from solver.layout.game import replay
from solver.layout.ui import lines
from solver.runtime import savefile
from solver.runtime.errors import UserError

from .test_engine import ENGINES
from .test_session import ScriptedPerson

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = f"{ROOT / 'examples' / 'layout_fewest_places.py'}:move"
NODE = shutil.which("node")
JS = f"engine:{NODE} {ROOT / 'examples' / 'engine' / 'engine.js'}"
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

RECORDER = """
import json
from pathlib import Path

from solver.layout.seats import Knock, legal_plays

SEEN = Path(__file__).with_name("seen.jsonl")


def move(view, rng):
    with SEEN.open("a") as seen:
        seen.write(json.dumps(view.to_json()) + "\\n")
    plays = legal_plays(view)
    if not plays:
        return Knock(view.hand[0])
    return max(plays, key=lambda play: play.placement.points)
"""


def _play(players: list[str], seed: int, path: Path, stop_after: int | None = None):
    person = ScriptedPerson(stop_after)
    state = session.new_game(players, seed, False)
    person.state = state
    return lines.play(state, person, path), person


def test_a_plugin_plays_a_whole_game_against_a_person(tmp_path) -> None:
    state, person = _play(["human", PLUGIN], 3, tmp_path / "g.json")
    assert state.over and state.forfeited is None
    log = savefile.read("layout", tmp_path / "g.json")[0]
    assert replay(log).verdict == "ok" and log["players"] == ["human", PLUGIN]
    assert any(m["player"] == 1 and m["kind"] == "play" for m in log["moves"])
    assert any(line.startswith(f"{PLUGIN} plays card") for line in person.said)


def test_a_seat_of_ones_own_sees_its_view_only(tmp_path) -> None:
    plugin = tmp_path / "recorder.py"
    plugin.write_text(RECORDER)
    state, _ = _play(["human", f"{plugin}:move"], 5, tmp_path / "g.json")
    seen = [json.loads(line) for line in (tmp_path / "seen.jsonl").read_text().splitlines()]
    assert len(seen) == sum(1 for event in state.history if event.seat == 1)
    for view in seen:  # its own seat and hand; of the person's only how many cards
        assert view["seat"] == 1 and not {"hands", "pack", "deck_order", "seed"} & set(view)
        assert len(view["hand_sizes"]) == 2 and len(view["hand"]) == view["hand_sizes"][1]
    first = seen[0]  # the bot moves first: its hand was the one dealt to seat 1
    assert sorted(first["hand"]) == sorted(state.dealt.hands[1])


@needs_node
def test_the_javascript_engine_plays_a_whole_game_against_a_person(tmp_path) -> None:
    state, person = _play(["human", JS], 4, tmp_path / "g.json")
    assert state.over and state.forfeited is None, person.said
    assert sum(1 for event in state.history if event.seat == 1) > 10
    assert replay(savefile.read("layout", tmp_path / "g.json")[0]).verdict == "ok"
    assert person.said[-2] == "This game replayed --seed 4."
    assert person.said[-1].startswith("Game saved as ") and "myword review " in person.said[-1]


@needs_node
def test_a_game_with_an_engine_resumes_and_goes_on_as_it_would_have(tmp_path) -> None:
    whole, _ = _play(["human", JS], 6, tmp_path / "a.json")
    path = tmp_path / "b.json"
    with pytest.raises(EOFError):
        _play(["human", JS], 6, path, stop_after=4)
    resumed = session.load(path)  # the engine is started again, told the game's start
    assert resumed.players == ("human", JS) and len(resumed.history) == 9
    person = ScriptedPerson()
    person.state = resumed
    finished = lines.play(resumed, person, path)
    assert finished.to_json() == whole.to_json()


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [("crash", "crashed on purpose"), ("nowhere", "the rules do not allow it there")],
)
def test_a_broken_engine_forfeits_and_the_person_wins(behaviour, reason, tmp_path) -> None:
    script = tmp_path / "engines.py"
    script.write_text(ENGINES)
    engine = f"engine:{sys.executable} {script} {behaviour}"
    state, person = _play(["human", engine], 2, tmp_path / "g.json")
    assert isinstance(state.forfeited, Forfeited) and state.forfeited.seat == 1
    (told,) = [line for line in person.said if "forfeits the game" in line]
    assert told.startswith(f"{engine} forfeits the game: ") and reason in told
    assert told.count(engine) == 1  # its name said once
    assert person.said[-3] == "[bold]you win[/bold]"  # 0 points each: the forfeit loses
    log = savefile.read("layout", tmp_path / "g.json")[0]
    assert log["forfeit"]["seat"] == 1 and replay(log).verdict == "ok"


def test_a_player_whose_code_raises_forfeits_and_the_person_wins(tmp_path) -> None:
    """A player of one's own that raises forfeits, as an engine that crashes does: the
    game had stopped with the error, and every resume again, so it could never end."""
    script = tmp_path / "bad.py"
    script.write_text("def move(view, rng):\n    raise RuntimeError('oops')\n")
    player = f"{script}:move"
    state, person = _play(["human", player], 2, tmp_path / "g.json")
    assert isinstance(state.forfeited, Forfeited) and state.forfeited.seat == 1
    (told,) = [line for line in person.said if "forfeits the game" in line]
    assert "raised RuntimeError: oops" in told and told.count(player) == 1
    log = savefile.read("layout", tmp_path / "g.json")[0]
    assert log["forfeit"]["seat"] == 1 and replay(log).verdict == "ok"


def test_the_play_command_takes_plugins_engines_and_says_what_is_unknown(tmp_path) -> None:
    runner = CliRunner()
    path = tmp_path / "g.json"
    script = tmp_path / "engines.py"
    script.write_text(ENGINES)
    args = ["layout", "play", "--plain", "--seed", "2", "--save", str(path), "--force"]
    crash = f"{sys.executable} {script} crash"
    result = runner.invoke(cli.main, [*args, "--engine", crash], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "forfeits the game: the engine exited with code 1" in result.output
    assert "you win" in result.output  # the engine seat moved first and lost
    assert savefile.read("layout", path)[0]["players"] == ["human", f"engine:{crash}"]
    mixed = runner.invoke(
        cli.main,
        [*args, "--players", f"human,Greedy,{PLUGIN}", "--engine", crash, "--engine-time", "5"],
        input="quit\n",
    )
    assert mixed.exit_code == 0, mixed.output
    saved = savefile.read("layout", path)[0]["players"]
    assert saved == ["human", "greedy", PLUGIN, f"engine:{crash}"]
    for players, error in [
        ("human,wizard", "unknown player 'wizard' (choose from human, random, greedy, beam"),
        ("human,engine:", "engine: give the command"),
        ("human,nofile.py:move", "no file"),
        ("h,b,c,d,e,f,g", "players are 1 to 6 (got 7"),
    ]:
        bad = runner.invoke(cli.main, ["layout", "play", "--players", players])
        assert bad.exit_code == 1 and bad.stderr.startswith(f"Error: {error}"), bad.stderr
        assert bad.stderr.count("\n") == 1


def test_a_save_whose_plugin_is_gone_refuses_to_resume_in_one_line(tmp_path) -> None:
    plugin = tmp_path / "mine.py"
    plugin.write_text(RECORDER)
    path = tmp_path / "g.json"
    with pytest.raises(EOFError):
        _play(["human", f"{plugin}:move"], 5, path, stop_after=1)
    state = session.load(path)
    state.players = ("human", f"{tmp_path / 'gone.py'}:move")  # a file since moved away
    session.save(state, path)
    with pytest.raises(UserError, match=r"cannot be resumed: no file"):
        session.load(path)
    runner = CliRunner()
    resumed = runner.invoke(cli.main, ["layout", "play", "--resume", str(path), "--plain"])
    assert resumed.exit_code == 1 and resumed.stderr.count("\n") == 1
    again = runner.invoke(cli.main, ["layout", "play", "--resume", str(path), "--engine", "x"])
    assert again.exit_code == 1 and "a resumed game keeps its own" in again.stderr


def test_an_engine_seat_hears_the_handshake_a_view_per_move_and_the_end(tmp_path) -> None:
    """The person's game speaks the protocol as the arena's loop does: hello, a view per
    decision of its seat, over with the scores, quit (the transcript ``--log`` keeps)."""
    from .test_engine import MYWORD

    record = tmp_path / "record.txt"
    engine = f"engine:{MYWORD} layout engine --player greedy --log {record}"
    state, _ = _play(["human", engine], 3, tmp_path / "g.json")
    heard = [json.loads(line[2:]) for line in record.read_text().splitlines()]
    kinds = [line["type"] for line in heard]
    assert kinds[:2] == ["hello", "ready"] and kinds[-2:] == ["over", "quit"]
    assert heard[0]["seat"] == 1 and heard[0]["seats"] == 2
    assert kinds.count("view") == sum(1 for event in state.history if event.seat == 1)
    assert heard[-2]["scores"] == list(state.scores()) and state.forfeited is None
