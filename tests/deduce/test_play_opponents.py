"""``deduce play`` against an opponent of one's own (issue 25, items 3-4): a plugin and an
engine each play a whole game against a scripted person in line mode, seeing only their
views; an engine that fails forfeits (the person is told why, and wins); a saved game
with such an opponent resumes with it."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import default_sheet, session
from solver.deduce.players import GuesserView, PickerView
from solver.deduce.ui import lines
from solver.wordtools import lexicon

ROOT = Path(__file__).resolve().parents[2]
YOURS = {6: "ballet", 7: "kitchen"}  # the person's hidden words: no view may hold them

PLUGIN = textwrap.dedent(
    """
    import json

    SEEN = []  # every view handed to the seat, as JSON

    class Mine:
        def pick(self, view, rng):
            SEEN.append(json.dumps(view.to_json()))
            return {6: "nephew", 7: "chicken"}[view.length]

        def guess(self, view):
            SEEN.append(json.dumps(view.to_json()))
            words = {2: "an", 3: "car", 4: "toot", 5: "palls", 6: "wallet", 7: "teacher"}
            return words[view.length]

    MINE = Mine()
    """
)


def guesses_for(length: int) -> list[str]:
    """The person's Guesswords: one ordinary word per row."""
    sheet = default_sheet(length)
    return [lexicon.words(row.length, "familiar")[i % 5] for i, row in enumerate(sheet.rows)]


class Person:
    """A scripted person at line mode: hides the words of ``YOURS``, guesses ordinary
    words; records everything said."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.said: list[str] = []
        self.rows = {length: iter(guesses_for(length)) for length in YOURS}
        self.length = 6
        self.left = stop_after

    def ask(self, prompt: str, hidden: bool = False) -> str:
        if self.left is not None:
            if self.left == 0:
                raise EOFError
            self.left -= 1
        if "Gameword" in prompt:
            self.length = 6 if "6-letter" in prompt else 7
            return YOURS[self.length]
        return next(self.rows[self.length])

    def say(self, text: str) -> None:
        self.said.append(text)

    def show(self, state) -> None:
        pass


@pytest.fixture
def plugin(tmp_path: Path) -> str:
    path = tmp_path / "mine.py"
    path.write_text(PLUGIN)
    return f"{path}:MINE"


def test_a_plugin_plays_a_whole_game_seeing_only_its_views(tmp_path: Path, plugin) -> None:
    seen = _seen(plugin)
    seen.clear()
    state = session.new_game(session.Settings(seed=3, opponent=plugin))
    assert [r["bot_word"] for r in state["rounds"]] == [None, None]  # it picks at each start
    person = Person()
    lines.play(state, person, tmp_path / "g.json")
    assert state["finished"] and "forfeit" not in state
    assert [r["bot_word"] for r in state["rounds"]] == ["nephew", "chicken"]  # its own picks
    for game_round in state["rounds"]:
        assert len(game_round["you"]) == len(game_round["bot"]) == 11
    assert state["rounds"][0]["bot"][-1] == {"guess": "wallet", "heard": 5000, "score": 5000}
    assert "Round 1 over. The bot's word was NEPHEW." in " ".join(person.said)
    assert any(line.startswith("Grand total") for line in person.said)
    assert len(seen) == 2 + 11 + 11  # a pick a round, a view a row
    for view in seen:
        assert json.loads(view)["kind"] in ("pick", "guess")
        assert not any(word in view for word in YOURS.values())  # never the person's word


def _seen(plugin: str) -> list[str]:
    """The views the plugin of ``plugin`` (path:attr) was handed, from its module."""
    from solver.arena import plugins
    from solver.deduce.players import KIND

    mine = plugins.load(KIND, plugin)
    return sys.modules[type(mine).__module__].SEEN


def test_an_opponent_is_handed_views_not_the_state(tmp_path: Path, monkeypatch) -> None:
    """The seat's decide gets PickerView then GuesserViews with the scores it heard."""
    handed = []

    class Recorder:
        name = "recorder"

        def start(self, hello) -> None:
            handed.append(hello)

        def decide(self, view, seed):
            from solver.deduce.state import Guess, Pick

            handed.append(view)
            if isinstance(view, PickerView):
                return Pick("nephew")
            return Guess({2: "an", 3: "car", 4: "toot", 5: "palls", 6: "wallet"}[view.length])

        def finish(self, scores) -> None:
            handed.append(("over", scores))

        def close(self) -> None:
            pass

    from solver.deduce import opponent

    monkeypatch.setattr(opponent, "named", lambda rules, name, *_, **__: Recorder())
    state = session.new_game(session.Settings(rounds=1, seed=3, opponent="recorder"))
    lines.play(state, Person(), tmp_path / "g.json")
    hello, pick, *views, over = handed
    assert (hello.game, hello.seat, hello.seats) == ("deduce", 1, 2)
    assert isinstance(pick, PickerView) and pick.length == 6
    assert all(isinstance(view, GuesserView) for view in views) and len(views) == 11
    assert views[-1].history[0] == ("an", 250)  # AN against BALLET: the score it heard
    totals = session.totals(state)
    assert over == ("over", (totals["you"], totals["bot"]))  # Purple's, Red's


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
            if view["kind"] == "guess" and behaviour == "crash":
                raise SystemExit(3)
            if view["kind"] == "guess" and behaviour == "silent":
                continue  # never answers: the referee's time limit does the waiting
            word = "nephew" if view["kind"] == "pick" else "q" * view["length"]
            if behaviour == "bad-pick":
                word = "qqqqqq"
            move = {"kind": view["kind"], "word": word}
            print(json.dumps({"type": "move", "id": message["id"], "move": move}), flush=True)
        elif message["type"] == "quit":
            break
    """
)


@pytest.mark.parametrize(
    ("behaviour", "reason", "your_rows"),
    [
        ("crash", "the engine exited with code 3", 1),
        ("illegal", "on row 1: 'qq' is not in the dictionary", 1),
        ("silent", "no move within 0.5 s", 1),
        ("bad-pick", "'qqqqqq' is not a 6-letter dictionary word", 0),
    ],
)
def test_a_broken_engine_forfeits_and_you_win(
    tmp_path: Path, behaviour: str, reason: str, your_rows: int
) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    engine = f"engine:{sys.executable} {script} {behaviour}"
    state = session.new_game(session.Settings(seed=3, opponent=engine, engine_time=0.5))
    person = Person()
    lines.play(state, person, tmp_path / "g.json")
    assert state["finished"] and state["forfeit"]["seat"] == 1
    assert reason in state["forfeit"]["reason"]
    assert len(state["rounds"][0]["you"]) == your_rows  # Purple guessed first, then it failed
    assert session.totals(state)["winner"] == "you"
    verdict = next(line for line in person.said if line.startswith("The bot forfeits"))
    assert verdict.startswith(f"The bot forfeits (engine:{sys.executable}")
    assert reason in verdict and verdict.endswith("You win!")
    again = session.load(tmp_path / "g.json")  # a forfeited game saves and loads back
    assert again["forfeit"] == state["forfeit"] and again["finished"]


def test_a_strategy_that_raises_forfeits_and_the_game_ends(tmp_path: Path) -> None:
    """A strategy of one's own whose code raises forfeits, as the help says: the game once
    stopped with the error, and every resume stopped again, so it could never end."""
    script = tmp_path / "bad.py"
    script.write_text("def boom(view):\n    raise ValueError('my bug')\n")
    save = tmp_path / "g.json"
    args = ["deduce", "play", "--plain", "--rounds", "1", "--seed", "3", "--save", str(save)]
    result = CliRunner().invoke(
        cli.main, [*args, "--opponent", f"{script}:boom"], input="planet\nat\n"
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # as read, whatever the width it was wrapped at
    assert "raised ValueError: my bug" in said and "You win!" in said
    state = session.load(save)
    assert state["finished"] and state["forfeit"]["seat"] == 1
    assert "raised ValueError" in state["forfeit"]["reason"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_engine_plays_a_whole_game_in_line_mode(tmp_path: Path) -> None:
    engine = f"engine:node {ROOT / 'examples' / 'engine' / 'engine.js'}"
    state = session.new_game(session.Settings(seed=5, opponent=engine, engine_time=30.0))
    person = Person()
    lines.play(state, person, tmp_path / "g.json")
    assert state["finished"] and "forfeit" not in state
    for game_round in state["rounds"]:
        assert len(game_round["you"]) == len(game_round["bot"]) == 11
        assert lexicon.is_word(game_round["bot_word"])
    assert sum(r["score"] for r in state["rounds"][0]["bot"]) > 10000  # it deduces


def test_the_command_seats_a_plugin_and_resumes_it(tmp_path: Path, plugin) -> None:
    save = tmp_path / "game.json"
    typed = [YOURS[6], *guesses_for(6), YOURS[7], *guesses_for(7)]
    args = ["deduce", "play", "--plain", "--seed", "4", "--opponent", plugin]
    first = CliRunner().invoke(
        cli.main, [*args, "--save", str(save)], input="\n".join(typed[:4]) + "\n"
    )
    assert first.exit_code == 0, first.output
    assert "continue with" in first.output
    saved = session.load(save)
    assert saved["settings"]["opponent"] == plugin and not saved["finished"]
    second = CliRunner().invoke(
        cli.main,
        ["deduce", "play", "--plain", "--resume", str(save)],
        input="\n".join(typed[4:]) + "\n",
    )
    assert second.exit_code == 0, second.output
    assert "The bot's word was NEPHEW" in second.output and "Grand total" in second.output
    done = session.load(save)
    assert done["finished"] and done["rounds"][1]["bot_word"] == "chicken"


def test_opponent_options_are_one_line_errors() -> None:
    runner = CliRunner()
    unknown = runner.invoke(cli.main, ["deduce", "play", "--plain", "--opponent", "wizard"])
    assert unknown.exit_code != 0 and "Traceback" not in unknown.output
    assert "unknown strategy 'wizard' (" in unknown.output and "lookahead" in unknown.output
    both = runner.invoke(
        cli.main, ["deduce", "play", "--plain", "--opponent", "points", "--engine", "x"]
    )
    assert both.exit_code != 0 and "one opponent" in both.output
    assert len(both.output.strip().splitlines()) == 1


def test_a_game_against_the_bot_saves_as_before() -> None:
    """No opponent: the settings hold no new keys, so saves and --json are as they were."""
    state = session.new_game(session.Settings(seed=3))
    assert "opponent" not in state["settings"] and "engine_time" not in state["settings"]
    assert all(r["bot_word"] for r in state["rounds"])
