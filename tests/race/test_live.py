"""The real-time race (``live.LiveRace``) on made-up times, and its line mode on a fake clock."""

import json
import queue
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.race.bots import RaceBot, parse_bot
from solver.race.deck import load_deck, parse_deck
from solver.race.live import (
    CLAIM,
    CLAIMED_FIRST,
    DEAL,
    LACKS,
    NOT_A_WORD,
    ROUND,
    TOO_LATE,
    WRONG,
    LiveRace,
    Reason,
    seat_names,
)
from solver.race.ui.feed import describe, reason_text
from solver.race.ui.lines import play_live_game
from solver.runtime import seeds

TINY = "c 1\na 1\nt 1\nx 1\n"  # seed 1 deals X, T, A, C: TAX is on the table at 2 s
FAST = RaceBot("fast", "easy", 0.5, 0.0, 0.0)  # claims half a second after a change
SLOW = RaceBot("slow", "easy", 999.0, 0.0, 0.0)  # never in time


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def tiny_race(bot: RaceBot = FAST, window: float = 1.0) -> LiveRace:
    return LiveRace([bot], parse_deck(TINY, "tiny"), 1.0, 1, reaction_window=window)


def test_the_bot_takes_tax_while_you_type_it_too_late_and_no_fine() -> None:
    race = tiny_race()
    race.advance(2.0)
    assert race.table == ["x", "t", "a"]
    began = 2.1  # your first key: TAX is on the table
    taken = race.advance(2.9)
    assert [(e.kind, e.word) for e in taken] == [(CLAIM, "tax")]  # the bot, at 2.5 s
    [ruling] = race.call("tax", 2.9, began)
    assert ruling.kind == TOO_LATE and ruling.free == ()
    assert race.won == [0, 3]  # no free card for the bot: no fine
    assert (
        describe(race, ruling)
        == "TAX: too late, Cleo (fast) claimed TAX 0.4 s before you. No fine."
    )


def test_a_word_the_table_never_held_while_you_typed_is_still_a_wrong_call() -> None:
    race = tiny_race(window=0.0)  # no reaction window: protected from the first key only
    race.advance(2.9)  # the bot took TAX at 2.5 s
    [late] = race.call("tax", 2.9, began=2.7)  # begun after it was gone: never makeable
    assert late.kind == WRONG and late.free == ((1, "c"),)  # from the deck: the table is empty
    [never] = race.call("cat", 3.5, began=0.0)  # the C went to the bot: never on the table
    assert never.kind == WRONG and never.reason == Reason(LACKS, letter="c", held=0)
    assert reason_text(race, never.reason) == "the table has no C"
    other = LiveRace([SLOW], parse_deck(TINY, "tiny"), 1.0, 1)
    nonsense = other.call("xqz", 0.5, 0.0)[-1]
    assert nonsense.kind == WRONG and nonsense.reason == Reason(NOT_A_WORD)
    assert reason_text(other, nonsense.reason) == "not in the dictionary"


def test_your_own_claim_does_not_make_your_next_word_too_late() -> None:
    race = LiveRace([SLOW], parse_deck("c 1\na 1\nt 1\ns 1\n", "four"), 1.0, 1)
    race.advance(3.0)  # all four cards are out
    [cats] = race.call("cats", 3.1, began=3.0)
    assert cats.kind == CLAIM
    [cat] = race.call("cat", 3.5, began=3.0)  # your CATS took its cards: your doing
    assert cat.kind == WRONG


def test_too_late_names_the_claim_that_took_the_word_not_the_latest() -> None:
    """Found by hand: WATCH typed while a bot claimed WATCH, then HAND (another H): the
    feed blamed HAND."""
    race = LiveRace([parse_bot("easy")], load_deck("en"), 1.0, 12)
    claims = [(e.word, round(e.time, 2)) for e in race.advance(16.0) if e.kind == CLAIM]
    assert claims == [("sum", 8.03), ("what", 12.04)]  # (the bots as people: issue 27)
    [watch] = race.call("sum", 16.0, began=7.0)
    assert (watch.kind, watch.reason) == (TOO_LATE, Reason(CLAIMED_FIRST, 1, "sum"))
    assert reason_text(race, watch.reason) == "Edie (easy) claimed SUM first"


def test_a_bots_wrong_call_says_which_card_the_table_lacks() -> None:
    sloppy = RaceBot("sloppy", "easy", 0.3, 0.0, 1.0)  # every call a misread
    race = LiveRace([sloppy], load_deck("kids"), 1.0, 2)
    events = [e for t in range(12) for e in race.advance(t) if e.kind == WRONG]
    first = events[0]
    assert first.seat == 1 and first.reason == Reason(LACKS, letter="y", held=0)
    assert describe(race, first) == (
        "Kit (sloppy) called ANY: the table has no Y. Wrong call: you take A (free card)."
    )
    assert race.won[0] == len(events)  # a free card for you each time


def test_the_seed_replays_the_deal_whatever_you_call() -> None:
    def deals(calls: list[str]) -> list[str]:
        race = LiveRace([parse_bot("medium")], load_deck("en"), 1.0, 77)
        for number, word in enumerate(calls):
            race.call(word, 0.5 + number, 0.0)
        race.advance(30.0)
        return [e.cards[0] for e in race.events if e.kind == DEAL and e.round == 0][:25]

    assert deals([]) == deals(["zzz", "qqq", "tea"])
    assert deals([]) != LiveRace([parse_bot("medium")], "en", 1.0, 78).advance(30.0)


def test_bots_get_their_own_names_from_the_seed() -> None:
    race = LiveRace([parse_bot("medium")] * 5, load_deck("en"), 1.0, 5)
    names = [seat.name for seat in race.seats[1:]]
    assert len(set(names)) == 5 and names == seat_names(5, 5)
    assert race.labels[1] == f"{names[0]} (medium)" and race.labels[0] == "you"
    assert seat_names(5, 6) != names


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@pytest.mark.kernels
def test_warm_loads_the_search_kernel_and_so_does_a_game() -> None:
    """``warm`` said it loaded the kernel but only ran a tiny search, which numpy answers:
    a live race then searched on numpy, seconds a search on a big table, and fell behind
    the clock. A new process, so that Numba is not loaded already."""
    probe = (
        "import sys\n"
        "from solver.race.bots import parse_bot, parse_players\n"
        "from solver.race.game import play_game\n"
        "from solver.race.live import LiveRace\n"
        "race = LiveRace([parse_bot('easy')], 'en', 1.0, 1)\n"
        "before = 'numba' in sys.modules\n"
        "race.warm()\n"
        "print(before, 'numba' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root)
    assert run.stdout.split() == ["False", "True"], run.stderr
    game = probe.replace("race.warm()", "play_game(parse_players('easy,easy'), 1)")
    run = subprocess.run([sys.executable, "-c", game], capture_output=True, text=True, cwd=root)
    assert run.stdout.split() == ["False", "True"], run.stderr


# -- the line mode ---------------------------------------------------------------------------


def test_you_claim_a_word_and_a_wrong_call_costs_you() -> None:
    clock = FakeClock()
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []

    def say(text: str) -> None:
        said.append(text)
        if text.startswith("Table: X T A C"):
            lines.put("cat")
            lines.put("zzz")  # then a wrong call: the bot takes the X

    race = LiveRace([SLOW], parse_deck(TINY, "tiny"), 0.5, 1)
    totals = play_live_game(race, lines, clock, clock.sleep, say)
    assert "You claim CAT: C A T (+3)" in said
    wrong = "You called ZZZ: not in the dictionary. Wrong call: Cleo (slow) takes X (free card)."
    assert wrong in said
    assert race.rounds[0] == [3, 1] and totals[0] >= 3


def test_line_mode_too_late_from_the_previous_line() -> None:
    """A line's typing began when the previous line arrived (here: the round began)."""
    clock = FakeClock()
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []

    def say(text: str) -> None:
        said.append(text)
        if text.startswith("Cleo (fast) claims TAX"):
            lines.put("tax")  # typed while the bot took it
            lines.put("dog")  # never on the table: a wrong call

    play_live_game(tiny_race(), lines, clock, clock.sleep, say)
    assert "TAX: too late, Cleo (fast) claimed TAX just before you. No fine." in said
    assert any(s.startswith("You called DOG: the table has no D. Wrong call") for s in said)


def test_a_whole_live_game_ends_with_a_winner() -> None:
    deck = parse_deck("c 2\na 2\nt 2\ns 2\ne 1\n", "small")
    clock = FakeClock()
    said: list[str] = []
    race = LiveRace([parse_bot("hard")], deck, 0.5, 3)
    totals = play_live_game(race, queue.Queue(), clock, clock.sleep, said.append)
    assert len(totals) == 2 and totals[1] > 0
    assert said[-1].startswith("Winner:")
    assert sum(s.startswith("Round") and "over" in s for s in said) == 2


def test_line_mode_shows_every_table_when_it_wakes_late() -> None:
    """Found on a busy machine: the loop woke late and printed only the last table ("[46 to
    deal]", then "[0 to deal]"), so the person called against tables they never saw. Here
    every sleep wakes 3 s late, six cards due at once: each change still prints its table,
    in order, as it stood after that change."""
    clock = FakeClock()
    said: list[str] = []
    deck = parse_deck("c 2\na 2\nt 2\ns 2\ne 2\no 1\n", "eleven")
    race = LiveRace([FAST], deck, 0.5, 4)
    play_live_game(
        race, queue.Queue(), clock, lambda _: setattr(clock, "now", clock.now + 3), said.append
    )
    expected, table, to_deal = [], [], 0
    for event in race.events:  # replayed: the table after each change, and the cards left
        if event.kind == ROUND:
            table, to_deal = [], len(deck.cards())
            continue
        if event.kind == DEAL:
            table, to_deal = [*table, event.cards[0]], to_deal - 1
        elif event.kind == CLAIM:
            for card in event.cards:
                table.remove(card)
        else:
            continue
        expected.append(f"Table: {' '.join(table).upper() or '(empty)'}   [{to_deal} to deal]")
    shown = [line.rsplit("   ", 1)[0] for line in said if line.startswith("Table:")]
    assert any(e.kind == CLAIM for e in race.events) and len(shown) > 2 * len(deck.cards())
    assert shown == expected


@pytest.fixture
def fake_clock(monkeypatch) -> None:
    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", lambda seconds: now.__setitem__(0, now[0] + seconds))


PLAY = ["race", "play", "--players", "2", "--level", "easy", "--pace", "0.2", "--json"]


def test_play_command_json_on_a_fake_clock(fake_clock) -> None:
    """The whole command, the clock faked so that a race of two rounds takes no time."""
    result = CliRunner().invoke(cli.main, [*PLAY, "--seed", "3"], input="")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    name = seat_names(1, 3)[0]
    assert document["players"] == ["you", f"{name} (easy)"] and document["totals"][1] > 0
    assert document["bots"] == [{"name": name, "level": "easy"}] and document["seed"] == 3
    assert "Winner" in result.stderr and "This race replayed --seed 3." in result.stderr
    again = CliRunner().invoke(cli.main, [*PLAY, "--seed", "3"], input="")
    assert json.loads(again.stdout) == document  # the same seed, the same race


def test_play_without_a_seed_draws_a_fresh_one_and_shows_it(fake_clock, monkeypatch) -> None:
    drawn = iter([424242, 515151])
    monkeypatch.setattr(seeds, "fresh", lambda: next(drawn))
    first = CliRunner().invoke(cli.main, PLAY, input="")
    second = CliRunner().invoke(cli.main, PLAY, input="")
    assert json.loads(first.stdout)["seed"] == 424242
    assert "Replay this deal with --seed 424242." in first.stderr
    assert json.loads(second.stdout)["seed"] == 515151


def test_ctrl_c_in_line_mode_keeps_the_round_cut_short_in_json(fake_clock, monkeypatch) -> None:
    """--json after Ctrl-C gave "rounds": [] and "unfinished_round": null although the feed
    showed cards won (found by a newcomer's review): the round cut short is kept."""
    sleeps = [0]
    real_sleep = time.sleep

    def sleep_then_stop(seconds: float) -> None:
        sleeps[0] += 1
        if sleeps[0] > 400:  # well into round 1: the bot has claimed
            raise KeyboardInterrupt
        real_sleep(seconds)

    monkeypatch.setattr(time, "sleep", sleep_then_stop)
    result = CliRunner().invoke(cli.main, [*PLAY, "--seed", "3"], input="")
    assert result.exit_code == 130, result.output
    document = json.loads(result.stdout)
    assert document["ended"] == "interrupted" and document["rounds"] == []
    assert document["unfinished_round"] is not None and sum(document["unfinished_round"]) > 0


# -- the reasons are data; the feed words them --------------------------------------------


def test_every_reason_is_data_and_the_feed_words_each_kind() -> None:
    """The race used to carry its reasons as English ("the table has no C"), built where
    the rules are; now it carries codes and their facts, and ``ui/feed`` words each (the
    words unchanged: the tests above and the command's --json read them)."""
    from solver.race.live import (
        BETWEEN_ROUNDS,
        GIVEN_AWAY,
        NOT_NOW,
        SEAT_FAILED,
        TOO_FEW,
        UNSPELLED,
    )

    race = tiny_race()
    words = {
        Reason(NOT_A_WORD): "not in the dictionary",
        Reason(TOO_FEW): "a claim takes at least 3 cards",
        Reason(UNSPELLED): "the cards on the table cannot spell it",
        Reason(LACKS, letter="ñ", held=2): "the table has only 2 Ñ",
        Reason(BETWEEN_ROUNDS): "between rounds",
        Reason(CLAIMED_FIRST, 1, "tax"): "Cleo (fast) claimed TAX first",
        Reason(GIVEN_AWAY, 0): "its cards went as free cards after your wrong call",
        Reason(GIVEN_AWAY, 1): "its cards went as free cards after Cleo (fast)'s wrong call",
        Reason(SEAT_FAILED, detail="no move within 1 s"): "no move within 1 s",
    }
    assert {reason: reason_text(race, reason) for reason in words} == words
    assert reason_text(race, None) == ""
    assert Reason(**json.loads(json.dumps(Reason(LACKS, letter="c").to_json()))) == Reason(
        LACKS, letter="c"
    )
    now = 0.0
    while race.playing or race.round < 0:  # on to the break after round 1
        now += 0.5
        race.advance(now)
    [ruling] = race.call("cat", now)
    assert (ruling.kind, ruling.reason) == (NOT_NOW, Reason(BETWEEN_ROUNDS))
    assert describe(race, ruling) == "CAT: no round is on; not counted."


def test_the_race_document_is_data_and_the_json_words_it() -> None:
    from solver.race.ui.feed import race_document

    race = tiny_race()
    race.advance(2.9)
    race.call("tax", 2.9, began=2.1)  # too late: the bot took it
    race.call("dog", 3.0, began=3.0)  # a wrong call
    data, shown = race.to_json()["calls"], race_document(race)["calls"]
    assert [c["reason"] for c in data] == [
        None,
        Reason(CLAIMED_FIRST, 1, "tax").to_json(),
        Reason(LACKS, letter="d").to_json(),
    ]
    assert [c["reason"] for c in shown] == [
        "",
        "Cleo (fast) claimed TAX 0.4 s before you",
        "the table has no D",
    ]
