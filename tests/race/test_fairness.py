"""The "too late" rule (``solver/race/fairness.py``): a word another player took within the
reaction window before a call, or while it was typed, is too late (no cards, no fine),
and the feed says who took it and how long before; any other word the table cannot spell
is a wrong call. Driven on made-up times with scripted seats (fixed thinking times, so
every time below is exact), and through the command, the app's settings and --json."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable

import pytest
from click.testing import CliRunner

import cli
from solver.arena.seats import InProcess
from solver.race.calls import Call, RaceView, Wait
from solver.race.claims import best_spelling
from solver.race.deck import parse_deck
from solver.race.fairness import REACTION_WINDOW, checked_window
from solver.race.live import (
    CLAIM,
    CLAIMED_FIRST,
    GIVEN_AWAY,
    LACKS,
    WRONG,
    Event,
    LiveRace,
    Reason,
    TooLate,
)
from solver.race.ui.feed import describe, race_document
from solver.race.ui.screens import new_race
from solver.runtime.errors import UserError

Table = tuple[str, ...]


def scripted(word: str, after: float, ready: Callable[[Table], bool]) -> InProcess:
    """A seat that calls ``word`` ``after`` seconds after a change of the table that
    leaves it ``ready``, and otherwise waits: its calls come at exact times."""

    def decide(view: RaceView, seed: int) -> Call | Wait:
        return Call(word, after) if ready(view.table) else Wait()

    return InProcess(f"calls {word}", decide)


def spells(word: str) -> Callable[[Table], bool]:
    return lambda table: best_spelling(list(table), word, "en").ok


def waits() -> InProcess:
    return InProcess("waits", lambda view, seed: Wait())


HAND = "h 1\na 1\nn 1\nd 1\nz 1\nm 1\n"  # seed 1 deals N, M, D, Z, A, H: HAND at 5 s


def hand_race(window: float = REACTION_WINDOW, *bots: InProcess) -> LiveRace:
    """You, a seat that claims HAND 0.6 s after it can, and one that waits (three seats,
    as in the issue), a card a second."""
    seats = list(bots) or [scripted("hand", 0.6, spells("hand")), waits()]
    return LiveRace(seats, parse_deck(HAND, "hand"), 1.0, 1, reaction_window=window)


def claimed(race: LiveRace, until: float) -> Event:
    [claim] = [e for e in race.advance(until) if e.kind == CLAIM]
    return claim


def test_the_issues_scenario_a_bot_claims_hand_just_before_you_too_late_no_fine() -> None:
    """Found in play: you saw HAND, a bot claimed it, you began typing a moment after that
    (protection from the first key found the table without H) and were fined: "You called
    HAND: the table has no H. Wrong call: ...". The table you saw counts now."""
    race = hand_race()
    claim = claimed(race, 5.9)
    assert (claim.seat, claim.word, claim.time) == (1, "hand", pytest.approx(5.6))
    [ruling] = race.call("hand", 6.0, began=5.7)  # your first key after the claim
    assert isinstance(ruling, TooLate) and ruling.free == ()
    assert race.won == [0, 4, 0]  # no free cards: no fine
    [taken] = ruling.takers
    assert (taken.code, taken.seat, taken.word) == (CLAIMED_FIRST, 1, "hand")
    assert taken.before == pytest.approx(0.4) and sorted(taken.cards) == list("adhn")
    name = race.labels[1]
    assert (
        describe(race, ruling) == f"HAND: too late, {name} claimed HAND 0.4 s before you. No fine."
    )

    old = hand_race(0.0)  # the rule of before: protected from the first key only
    claimed(old, 5.9)
    [fined] = old.call("hand", 6.0, began=5.7)
    assert fined.kind == WRONG and fined.reason == Reason(LACKS, letter="h", held=0)
    assert old.won == [0, 5, 1]  # each other player took a free card


def test_a_word_never_on_the_table_is_still_fined() -> None:
    race = hand_race()
    claimed(race, 5.9)
    [hands] = race.call("hands", 6.0, began=4.0)  # no S, ever: fined, as it always was
    assert hands.kind == WRONG and hands.free == ((1, "m"), (2, "z"))
    other = hand_race()
    claimed(other, 5.9)
    [nonsense] = other.call("hnad", 6.0, began=4.0)  # not a word: never excused
    assert nonsense.kind == WRONG


@pytest.mark.parametrize(("late", "kind"), [(0.99, "too late"), (1.01, WRONG)])
def test_the_window_edges(late: float, kind: str) -> None:
    """Claimed less than the window before the call: too late; more: a wrong call (when
    the typing began after the claim too)."""
    race = hand_race()
    claim = claimed(race, 5.6 + late - 0.05)
    [ruling] = race.call("hand", claim.time + late)  # typed in no time
    assert ruling.kind == kind


def test_typing_begun_before_the_claim_protects_beyond_the_window() -> None:
    race = hand_race()
    claimed(race, 5.9)
    [ruling] = race.call("hand", 7.5, began=5.5)  # 1.9 s after the claim, typed since 5.5
    assert isinstance(ruling, TooLate) and ruling.takers[0].before == pytest.approx(1.9)
    [stale] = race.call("hand", 7.55, began=7.0)  # typing began long after it went
    assert stale.kind == WRONG


@pytest.mark.parametrize("window", [0.5, 2.5])
def test_the_window_is_the_setting(window: float) -> None:
    race = hand_race(window)
    claimed(race, 5.9)
    [ruling] = race.call("hand", 5.6 + 1.0)  # claimed 1 s before the call
    assert ruling.kind == ("too late" if window > 1.0 else WRONG)


def test_cards_given_as_free_cards_after_a_bots_wrong_call() -> None:
    """A bot's wrong call gives every other player a free card from the table, the first
    cards dealt: the N of HAND to the other bot, the M to you."""
    wrong = scripted("hands", 0.3, lambda table: len(table) == 6)  # no S: a wrong call
    race = hand_race(REACTION_WINDOW, wrong, waits())
    [call] = [e for e in race.advance(5.5) if e.kind == WRONG]
    assert call.seat == 1 and call.free == ((2, "n"), (0, "m"))
    [ruling] = race.call("hand", 5.6)
    assert isinstance(ruling, TooLate) and race.won == [1, 0, 1]  # no fine
    assert [(t.code, t.seat, t.cards) for t in ruling.takers] == [(GIVEN_AWAY, 1, ("n",))]
    name = race.labels[1]
    assert describe(race, ruling) == (
        f"HAND: too late, its cards went as free cards after {name}'s wrong call "
        "0.3 s before you. No fine."
    )


TWO = "h 1\na 1\nn 1\nd 1\n? 1\no 1\nt 1\n"  # seed 2 deals the seven cards by 6 s


def test_two_claims_that_took_its_cards_one_after_the_other_are_both_named() -> None:
    """HOT takes the H (HAND needs the wild since: a worse claim), then AND takes the rest:
    both named, in order, each with how long before the call."""
    hot = scripted("hot", 0.2, lambda table: len(table) == 7)
    and_ = scripted("and", 0.4, lambda table: sorted(table) == ["?", "a", "d", "n"])
    race = LiveRace([hot, and_], parse_deck(TWO, "two"), 1.0, 2)
    claims = [(e.seat, e.word, round(e.time, 2)) for e in race.advance(7.0) if e.kind == CLAIM]
    assert claims == [(1, "hot", 6.2), (2, "and", 6.6)]
    assert race.table == ["?"]
    [ruling] = race.call("hand", 7.1)
    assert isinstance(ruling, TooLate)
    assert [(t.seat, t.word, round(t.before, 2)) for t in ruling.takers] == [
        (1, "hot", 0.9),
        (2, "and", 0.5),
    ]
    first, second = race.labels[1], race.labels[2]
    assert describe(race, ruling) == (
        f"HAND: too late, {first} claimed HOT 0.9 s before you, then {second} claimed AND "
        "0.5 s before you. No fine."
    )
    assert ruling.reason == Reason(CLAIMED_FIRST, 2, "and")  # the one that left none


def test_a_claim_that_left_its_best_claim_as_good_is_not_named() -> None:
    """Two H on the table: HOT takes one and HAND is as good as before (4 cards, no wild),
    so only the claim of HAND is named."""
    hot = scripted("hot", 0.2, lambda table: len(table) == 7)
    hand = scripted("hand", 0.4, lambda table: sorted(table) == ["a", "d", "h", "n"])
    race = LiveRace([hot, hand], parse_deck("h 2\na 1\nn 1\nd 1\no 1\nt 1\n", "twin"), 1.0, 1)
    claims = [(e.seat, e.word) for e in race.advance(7.0) if e.kind == CLAIM]
    assert claims == [(1, "hot"), (2, "hand")]
    [ruling] = race.call("hand", 7.1)
    assert isinstance(ruling, TooLate)
    assert [(t.seat, t.word, round(t.before, 2)) for t in ruling.takers] == [(2, "hand", 0.5)]


def test_a_card_dealt_never_makes_a_word_too_late() -> None:
    """A D never came: cards were dealt while you typed, but HAND was never claimable."""
    race = LiveRace([waits()], parse_deck("h 1\na 1\nn 1\nz 1\n", "no-d"), 1.0, 1)
    race.advance(3.5)
    [ruling] = race.call("hand", 3.6, began=0.5)
    assert ruling.kind == WRONG and ruling.reason == Reason(LACKS, letter="d", held=0)


def test_your_own_claim_never_excuses_your_call_even_in_the_window() -> None:
    race = LiveRace([waits()], parse_deck("c 1\na 1\nt 1\ns 1\n", "four"), 1.0, 1)
    race.advance(3.0)
    [cats] = race.call("cats", 3.1)
    assert cats.kind == CLAIM
    [cat] = race.call("cat", 3.2)  # your CATS took its cards 0.1 s before: your doing
    assert cat.kind == WRONG


def test_one_rule_for_every_seat_a_bots_call_can_be_too_late() -> None:
    """A seat that calls HAND after another took it (an engine saying a word the table no
    longer holds) is ruled by the same rule: too late within the window, else wrong."""
    late = scripted("hand", 0.3, lambda table: sorted(table) == ["m", "z"])  # once HAND went
    race = hand_race(REACTION_WINDOW, scripted("hand", 0.6, spells("hand")), late)
    calls = [e for e in race.advance(6.0) if e.kind in (CLAIM, WRONG, "too late")]
    assert [(e.kind, e.seat) for e in calls] == [(CLAIM, 1), ("too late", 2)]
    ruling = calls[1]
    assert describe(race, ruling) == (
        f"{race.labels[2]} called HAND: too late, {race.labels[1]} claimed HAND 0.3 s "
        "earlier. No fine."
    )
    assert race.won == [0, 4, 0]

    old = hand_race(0.0, scripted("hand", 0.6, spells("hand")), late)
    calls = [e for e in old.advance(6.0) if e.kind in (CLAIM, WRONG, "too late")]
    assert [(e.kind, e.seat) for e in calls] == [(CLAIM, 1), (WRONG, 2)]  # began at its look


# -- the setting, from every door ------------------------------------------------------------


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, 10.5, "soon", None, True, 10**400])
def test_a_bad_window_is_refused_in_one_line(bad: object) -> None:
    with pytest.raises(
        UserError, match=r"^the reaction window is a number of seconds from 0 to 10"
    ):
        checked_window(bad)
    with pytest.raises(UserError):
        LiveRace([waits()], parse_deck(HAND, "hand"), 1.0, 1, reaction_window=bad)  # type: ignore[arg-type]


def test_new_race_takes_the_window_from_the_options() -> None:
    assert new_race({"level": "easy"}).reaction_window == REACTION_WINDOW == 1.0
    assert new_race({"level": "easy", "reaction_window": None}).reaction_window == 1.0
    assert new_race({"level": "easy", "reaction_window": 0}).reaction_window == 0.0  # not 1
    assert new_race({"level": "easy", "reaction_window": 2.5}).reaction_window == 2.5
    with pytest.raises(UserError):
        new_race({"level": "easy", "reaction_window": -1})


@pytest.fixture
def fake_clock(monkeypatch) -> None:
    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", lambda seconds: now.__setitem__(0, now[0] + seconds))


PLAY = ["race", "play", "--players", "2", "--level", "easy", "--pace", "0.2", "--seed", "3"]


@pytest.mark.parametrize(("given", "kept"), [([], 1.0), (["--reaction-window", "0.5"], 0.5)])
def test_the_command_keeps_the_window_in_its_json(fake_clock, given, kept) -> None:
    result = CliRunner().invoke(cli.main, [*PLAY, *given, "--json"], input="")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["reaction_window"] == kept


@pytest.mark.parametrize("bad", ["-1", "nan", "inf", "11", "soon", "1e400"])
def test_the_command_refuses_a_bad_window_in_one_line(bad: str) -> None:
    result = CliRunner().invoke(cli.main, [*PLAY, f"--reaction-window={bad}", "--json"])
    assert result.exit_code == 2
    [error] = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert error.startswith("Error: Invalid value for '--reaction-window'")
    assert "Traceback" not in result.output


def test_the_document_and_the_variant_carry_the_window_and_the_takers() -> None:
    race = hand_race(0.75)
    claimed(race, 5.9)
    race.call("hand", 6.0, began=5.7)
    assert race.variant()["reaction_window"] == 0.75  # an engine is told at its handshake
    document = race_document(race)
    assert document["reaction_window"] == 0.75
    too_late = document["calls"][-1]
    assert too_late["kind"] == "too late" and too_late["seat"] == 0
    assert too_late["reason"] == f"{race.labels[1]} claimed HAND 0.4 s before you"
    [taken] = too_late["takers"]
    assert taken | {"cards": sorted(taken["cards"])} == {
        "code": CLAIMED_FIRST,
        "seat": 1,
        "word": "hand",
        "time": 5.6,
        "before": 0.4,
        "cards": ["a", "d", "h", "n"],
    }
    assert json.loads(json.dumps(race.to_json()))["calls"][-1]["takers"] == too_late["takers"]
