"""Racing the bots in real time, driven by a fake clock and scripted lines."""

import queue

from solver import seeds
from solver.race.bots import parse_bot
from solver.race.deck import parse_deck
from solver.race.live import play_live_game, play_live_round


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_you_claim_a_word_and_a_wrong_call_costs_you() -> None:
    deck = parse_deck("c 1\na 1\nt 1\nx 1\n", "tiny")
    clock = FakeClock()
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    typed: list[str] = []

    def say(text: str) -> None:
        said.append(text)
        if text.startswith("Table:") and "[0 to deal]" in text and not typed:
            typed.append(text)
            lines.put("cat")
            lines.put("zzz")  # then a wrong call: the bot takes the X

    slow = parse_bot("easy").__class__("slow", "easy", 999.0, 0.0, 0.0)
    played = play_live_round(
        [slow, slow], 0, 1, deck, seeds.rng(1), 0.5, lines, clock, clock.sleep, say
    )
    assert any("You claim CAT" in s for s in said)
    assert any("ZZZ is a wrong call" in s for s in said)
    assert played.won == [3, 1]  # the bot got the X as a free card


def test_a_whole_live_game_ends_with_a_winner() -> None:
    deck = parse_deck("c 2\na 2\nt 2\ns 2\ne 1\n", "small")
    clock = FakeClock()
    said: list[str] = []
    totals = play_live_game(
        [parse_bot("hard")], deck, 0.5, 3, queue.Queue(), clock, clock.sleep, said.append
    )
    assert len(totals) == 2 and totals[1] > 0
    assert said[-1].startswith("Winner:")
    assert sum("Round over" in s for s in said) == 2


def test_play_command_json_on_a_fake_clock(monkeypatch) -> None:
    """The whole command, the clock faked so that a race of two rounds takes no time."""
    import json
    import time

    from click.testing import CliRunner

    import cli

    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", lambda seconds: now.__setitem__(0, now[0] + seconds))
    result = CliRunner().invoke(
        cli.main,
        [
            "race",
            "play",
            "--players",
            "2",
            "--level",
            "easy",
            "--pace",
            "0.2",
            "--seed",
            "3",
            "--json",
        ],
        input="",
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["players"] == ["you", "easy"] and document["totals"][1] > 0
    assert "Winner" in result.stderr
