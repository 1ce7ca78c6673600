"""``myword race play`` seats bots of one's own and engines beside the person: a plugin
and the JavaScript engine each race a whole game in line mode against a scripted person,
an engine is told the game's start, asked with its view only and told the end, and an
engine that fails forfeits (the person is told why in one line, and wins)."""

from __future__ import annotations

import json
import queue
import shutil
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena.seats import close_engines
from solver.race.bots import RaceBot
from solver.race.deck import load_deck, parse_deck
from solver.race.live import CLAIM, FORFEIT, GAME_OVER, SEAT_FAILED, LiveRace, bot_seat
from solver.race.ui.lines import play_live_game
from solver.race.ui.screens import race_bots

ROOT = Path(__file__).resolve().parents[2]
STEADY = f"{ROOT / 'examples' / 'race_steady.py'}:look"
JS_ENGINE = ROOT / "examples" / "engine" / "engine.js"
SLOW = RaceBot("slow", "easy", 999.0, 0.0, 0.0)  # never in time

# An engine that records every line it hears, calls TEA whenever the table spells it
# (the first T, E and A) and otherwise waits; or, by its argument, fails.
RECORDING = """\
import json, sys

log, behaviour = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    with open(log, "a") as record:
        record.write(line)
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1, "name": "recorder"}), flush=True)
    elif message["type"] == "view":
        if behaviour == "crash":
            sys.stderr.write("something broke\\n")
            sys.exit(3)
        if behaviour == "silent":
            continue  # never answers: the referee's time limit does the waiting
        if behaviour == "garbage":
            move = {"kind": "shout"}
        elif all(card in message["view"]["table"] for card in "tea"):
            move = {"kind": "call", "word": "tea", "after": 0.25}
        else:
            move = {"kind": "wait"}
        print(json.dumps({"type": "move", "id": message["id"], "move": move}), flush=True)
    elif message["type"] == "quit":
        break
"""


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def engines_closed():
    """Every engine a test started is asked to quit when it ends."""
    yield
    close_engines()


def scripted_person(lines: queue.Queue[str], said: list[str], claiming: bool = True):
    """A person who calls the best claim of every table shown (unless not ``claiming``)
    and, once a round, a word the table cannot spell; the feed is kept in ``said``."""
    from solver.race.index import claims

    def say(text: str) -> None:
        said.append(text)
        if text.startswith("Round") and "over" not in text:
            lines.put("zzzq")
        if claiming and text.startswith("Table:"):
            cards = text.removeprefix("Table: ").split("   ")[0].lower().split()
            best = claims(cards, "familiar", "en", top=1) if "(empty)" not in text else []
            if best:
                lines.put(best[0].word)

    return say


def race_with_person(
    bots, deck: str = "en", seed: int = 7, claiming: bool = True
) -> tuple[LiveRace, list[str]]:
    clock, lines, said = FakeClock(), queue.Queue(), []
    race = LiveRace(bots, load_deck(deck), 0.5, seed)
    race.warm()
    play_live_game(race, lines, clock, clock.sleep, scripted_person(lines, said, claiming))
    return race, said


def test_a_bot_of_ones_own_races_a_whole_game_seeing_only_its_view(tmp_path: Path) -> None:
    (tmp_path / "spy.py").write_text(
        "from solver.race.index import claims\n"
        "from solver.race.seats import Call\n"
        "def look(view, rng):\n"
        f"    with open({str(tmp_path / 'seen.txt')!r}, 'a') as seen:\n"
        "        seen.write(f'{type(view).__module__}.{type(view).__name__} {view.seat}\\n')\n"
        "    best = claims(list(view.table), 'all', view.lang, top=1)\n"
        "    return Call(best[0].word, 1.0) if best else None\n"
    )
    race, said = race_with_person([bot_seat(f"{tmp_path / 'spy.py'}:look")])
    assert race.finished and not race.stopped and race.forfeited is None
    assert len(race.rounds) == 2 and said[-1].startswith("Winner:")
    assert race.labels == ["you", f"{race.seats[1].name} (spy.py:look)"]
    assert any(e.kind == CLAIM and e.seat == 1 for e in race.events)  # the plugin claimed
    assert any(s.startswith("You claim ") for s in said)
    assert any(s.startswith("You called ZZZQ") for s in said)
    seen = (tmp_path / "seen.txt").read_text().splitlines()
    assert seen and set(seen) == {"solver.race.calls.RaceView 1"}


def test_the_play_command_seats_a_plugin(fake_clock) -> None:
    result = CliRunner().invoke(cli.main, [*PLAY, "--level", STEADY], input="cat\n")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    name = document["players"][1].split(" (")[0]
    assert document["bots"] == [{"name": name, "level": "race_steady.py:look"}]
    assert document["ended"] == "finished" and document["totals"][1] > 0


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_engine_races_a_whole_game_against_a_person() -> None:
    engine = bot_seat(f"engine:node {JS_ENGINE}", slot=1)
    race, said = race_with_person([engine, bot_seat("easy")], seed=3, claiming=False)
    assert race.finished and race.forfeited is None and said[-1].startswith("Winner:")
    assert race.labels[1].endswith("(engine:node engine.js)")
    assert any(e.kind == CLAIM and e.seat == 1 for e in race.events)
    assert len(race.rounds) == 3


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_play_command_takes_engine(fake_clock) -> None:
    result = CliRunner().invoke(
        cli.main, [*PLAY, "--players", "3", "--engine", f"node {JS_ENGINE}"], input=""
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [bot["level"] for bot in document["bots"]] == ["easy", "engine:node engine.js"]
    assert document["ended"] == "finished" and len(document["rounds"]) == 3


def recorder(tmp_path: Path, behaviour: str) -> tuple[str, Path]:
    script, log = tmp_path / "recorder.py", tmp_path / "heard.jsonl"
    script.write_text(RECORDING)
    return f"engine:{sys.executable} {script} {log} {behaviour}", log


def test_an_engine_is_told_the_start_asked_its_view_and_told_the_end(tmp_path: Path) -> None:
    name, log = recorder(tmp_path, "tea")
    race, said = race_with_person([bot_seat(name, slot=1)], "kids", 5, claiming=False)
    close_engines()  # the engine has read every line once it has quit
    *heard, quit = [json.loads(line) for line in log.read_text().splitlines()]
    assert quit == {"type": "quit"}
    assert heard[0]["type"] == "hello" and heard[0]["game"] == "race"
    assert (heard[0]["seat"], heard[0]["seats"]) == (1, 2)
    assert heard[0]["variant"] == race.variant()
    assert [m["type"] for m in heard[1:-1]] == ["view"] * (len(heard) - 2)
    assert all(
        set(m["view"]) == {"seat", "table", "to_deal", "won", "now", "lang"} for m in heard[1:-1]
    )
    assert len({m["seed"] for m in heard[1:-1]}) == len(heard) - 2  # a seed per decision
    assert heard[-1] == {"type": "over", "scores": race.scores()}
    claims = [e for e in race.events if e.kind == CLAIM and e.seat == 1]
    assert claims and all(e.word == "tea" for e in claims)
    assert race.forfeited is None and said[-1].startswith("Winner:")


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [
        ("crash", "the engine exited with code 3 (stderr: something broke)"),
        ("garbage", "a move's kind is 'call' or 'wait', not 'shout'"),
        ("silent", "no move within 0.3 s"),
    ],
)
def test_an_engine_that_fails_forfeits_and_you_win(
    tmp_path: Path, behaviour: str, reason: str
) -> None:
    name, _ = recorder(tmp_path, behaviour)
    engine = bot_seat(name, time_limit=0.3, slot=1)
    race, said = race_with_person([engine], deck="kids", seed=5)
    label = race.labels[1]
    assert race.finished and race.forfeited == 1 and race.winners == [0]
    [forfeit] = [e for e in race.events if e.kind == FORFEIT]
    assert forfeit.seat == 1 and forfeit.reason.code == SEAT_FAILED
    assert reason in forfeit.reason.detail
    assert race.events[-1].kind == GAME_OVER
    assert said[-2] == f"{label} forfeits the race: {forfeit.reason.detail}."
    assert said[-1] == f"Winner: you with {race.scores()[0]} cards!"
    assert race.scores()[1] == 0


def test_a_forfeit_is_in_the_play_document(tmp_path: Path, fake_clock) -> None:
    name, _ = recorder(tmp_path, "crash")
    result = CliRunner().invoke(cli.main, [*PLAY, "--level", name], input="")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["ended"] == "forfeited" and document["winners"] == ["you"]
    assert document["forfeit"]["player"] == document["players"][1]
    assert "the engine exited with code 3" in document["forfeit"]["reason"]
    assert "forfeits the race" in result.stderr


def test_the_built_ins_race_as_before_and_the_seats_are_named_in_one_line() -> None:
    assert race_bots("hard:wait", 3) == [bot_seat("hard:wait")] * 2
    assert isinstance(race_bots("easy", 2)[0], RaceBot)
    result = CliRunner().invoke(cli.main, [*PLAY, "--level", "wizard"], input="")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    levels = "beginner, easy, medium, hard, superhuman"
    assert f"Error: unknown bot 'wizard' (choose from auto (the default), {levels}" in (
        result.output
    )
    result = CliRunner().invoke(cli.main, [*PLAY, "--level", "4.5"], input="")
    assert result.exit_code == 1 and "(or name one: auto (the default), beginner" in result.output
    two = ["--engine", "node a.js", "--engine", "node b.js"]
    result = CliRunner().invoke(cli.main, [*PLAY, *two], input="")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "Error: 2 engines for 1 bot seat (--players 2 counts you too)" in result.output


def test_a_race_of_built_ins_only_is_untouched_by_seats() -> None:
    """The built-ins take their thinking time from the round's generator as always: the
    same seed, the same race as a LiveRace built from RaceBots by hand."""
    deck = parse_deck("c 2\na 2\nt 2\ns 2\ne 1\n", "small")
    by_name = LiveRace(race_bots("hard", 3), deck, 0.5, 9)
    by_hand = LiveRace([bot_seat("hard"), bot_seat("hard")], deck, 0.5, 9)
    assert by_name.advance(100.0) == by_hand.advance(100.0)


@pytest.fixture
def fake_clock(monkeypatch) -> None:
    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", lambda seconds: now.__setitem__(0, now[0] + seconds))


PLAY = ["race", "play", "--players", "2", "--level", "easy", "--pace", "0.2", "--json"]
PLAY += ["--seed", "3"]


def test_a_bot_of_ones_own_that_raises_forfeits_too(tmp_path: Path) -> None:
    """In a bench such a bot stops the bench in one line; against a person it forfeits
    the race, so the person is told why and the race ends as an engine's would."""
    (tmp_path / "crash.py").write_text("def look(view, rng):\n    raise RuntimeError('boom')\n")
    race, said = race_with_person([bot_seat(f"{tmp_path / 'crash.py'}:look")])
    assert race.forfeited == 1 and race.winners == [0]
    assert said[-2].endswith(
        "forfeits the race: bot '"
        + f"{tmp_path / 'crash.py'}:look"
        + "' raised RuntimeError: boom (crash.py, line 2, in look)."
    )
