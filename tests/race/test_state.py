"""The race as one state (``state.RaceState``): asked one seat at a time after each change
of the table, on its own virtual clock; its views, moves, events and itself to and from
JSON, exactly."""

from __future__ import annotations

import json
import random

import pytest

from solver.arena import loop
from solver.arena.protocol import Forfeited, IllegalMove, decision_seed
from solver.arena.seats import InProcess
from solver.race import bots
from solver.race.arena import RULES, new_state
from solver.race.bots import parse_bot
from solver.race.calls import Call, RaceView, Wait, move_from_json
from solver.race.deck import Deck
from solver.race.seats import decide
from solver.race.state import (
    Claimed,
    Dealt,
    RaceState,
    RoundBegan,
    RoundOver,
    WrongCall,
)
from solver.runtime import seeds


def scripted(*moves_by_table: tuple[tuple[str, ...], object]) -> InProcess:
    """A seat that calls a given move when the table is exactly a given one, else waits."""
    table_moves = dict(moves_by_table)

    def move(view: RaceView, seed: int) -> object:
        return table_moves.get(view.table, Wait())

    return InProcess("scripted", move)


def tiny_deck(*cards: str) -> Deck:
    return Deck("tiny", "en", tuple((card, cards.count(card)) for card in sorted(set(cards))))


def state_after(deck: Deck, seed: int = 1, players: int = 2) -> RaceState:
    return RaceState(players, deck, seed, pace=2.0)


def test_the_pack_is_shuffled_from_the_seed_and_the_dealers_left_looks_first() -> None:
    deck = tiny_deck("c", "a", "t", "s", "e")
    state = state_after(deck, seed=7, players=3)
    pack = deck.cards()
    seeds.derived(7, "deal", 0).shuffle(pack)
    assert state.table == [pack[-1]] and state.now == 0.0
    assert [type(e) for e in state.events] == [RoundBegan, Dealt]
    assert state.to_move() == 1  # seat 0 deals the first round: seat 1 is on its left
    first = state.apply(1, Wait())
    assert [type(e) for e in first] == [RoundBegan, Dealt]  # unsaid until the first move
    assert state.to_move() == 2
    assert state.apply(2, Wait()) == []
    assert state.to_move() == 0
    assert [type(e) for e in state.apply(0, Wait())] == [Dealt]
    assert state.now == 2.0 and len(state.table) == 2


def test_a_move_out_of_turn_or_malformed_is_refused_and_changes_nothing() -> None:
    state = state_after(tiny_deck("c", "a", "t", "s"))
    before = state.to_json()
    with pytest.raises(IllegalMove, match="not asked now"):
        state.apply(0, Wait())
    for bad in (Call("cat", -1.0), Call("cat", float("inf")), Call("", 1.0), "cat", None):
        with pytest.raises(IllegalMove):
            state.apply(1, bad)
    assert state.to_json() == before


def test_the_first_call_heard_takes_its_cards_and_a_wrong_one_gives_free_cards() -> None:
    """DUNK from ND, U, K is a wrong call (a double card cannot be split, as the rulebook
    says); CAT from C, A, T takes the three cards."""
    deck = tiny_deck("nd", "u", "k", "c", "a", "t")
    state = state_after(deck, seed=3)
    state.pack = ["c", "a", "t", "k", "u"]  # dealt from the end: U, K, T, A, C
    state.table = ["nd"]
    state.asking = [1, 0]
    seat_one = scripted((("nd", "u", "k"), Call("dunk", 0.5)))
    seat_zero = scripted((("u", "k", "t", "a", "c"), Call("cat", 1.0)))
    outcome = loop.play(state, [seat_zero, seat_one], 1)
    wrong = [e for e in outcome.events if isinstance(e, WrongCall)]
    claims = [e for e in outcome.events if isinstance(e, Claimed)]
    assert len(wrong) == 1 and wrong[0].seat == 1 and wrong[0].word == "dunk"
    assert wrong[0].free == ((0, "nd"),)  # the other seat takes the table's first card
    assert wrong[0].time == 4.5  # dealt K at 4.0, called 0.5 s later
    assert any(c.seat == 0 and sorted(c.cards) == ["a", "c", "t"] for c in claims)


def test_a_forfeit_ends_the_game_and_the_seat_wins_nothing() -> None:
    state = new_state(5, players=3)
    state.apply(1, Call("zzz", 0.1))
    events = state.forfeit(2, "engine:x: no move within 1 s")
    assert events[-1] == Forfeited(2, "engine:x: no move within 1 s")
    assert state.over and state.to_move() is None
    assert state.scores()[2] == 0 and 2 not in state.winners()


def play_some(state: RaceState, decisions: int, seed: int = 0) -> None:
    players = [parse_bot("hard"), parse_bot("easy")]
    for step in range(decisions):
        seat = state.to_move()
        assert seat is not None
        state.apply(seat, decide(players[seat], state.view(seat), decision_seed(seed, step)))


def test_the_state_goes_to_json_and_back_and_plays_on_alike() -> None:
    state = new_state(11)
    play_some(state, 40)
    document = json.loads(json.dumps(state.to_json()))
    again = RaceState.from_json(document)
    assert again.to_json() == state.to_json()
    copy = state.clone()
    play_some(state, 30, seed=1)
    play_some(again, 30, seed=1)
    assert again.to_json() == state.to_json()
    assert copy.to_json() == document  # the clone did not move with the original
    with pytest.raises(ValueError, match="not a MY WORD! state"):
        RaceState.from_json(document | {"format": 99})


def test_every_event_goes_to_json_and_back() -> None:
    seats = [RULES.seat("hard"), RULES.seat("easy")]
    outcome = loop.play(new_state(2), seats, 2)
    kinds = {type(event) for event in outcome.events}
    assert {RoundBegan, Dealt, Claimed, RoundOver} <= kinds
    events = [*outcome.events, WrongCall(1.5, 0, 1, "dunk", ((0, "nd"),)), Forfeited(1, "x")]
    for event in events:
        document = json.loads(json.dumps(event.to_json()))
        assert RULES.event_from_json(document) == event
        assert document["kind"] == event.kind


def test_a_view_goes_to_json_and_back_and_the_built_in_makes_the_same_move() -> None:
    state = new_state(4)
    play_some(state, 25)
    for seat in (0, 1):
        view = state.view(seat)
        again = RULES.view_from_json(json.loads(json.dumps(view.to_json())))
        assert again == view
        for level in ("hard", "medium", "easy:first"):
            player = RULES.seat(level)
            assert player.decide(again, 99) == player.decide(view, 99)


def test_moves_go_to_json_and_back_and_malformed_ones_are_illegal() -> None:
    for move in (Call("cats", 1.25), Wait()):
        assert move_from_json(json.loads(json.dumps(move.to_json()))) == move
    assert move_from_json({"kind": "call", "word": "cat", "after": 2}) == Call("cat", 2.0)
    for bad in (
        {"kind": "pass"},
        {"word": "cat"},
        {"kind": "call", "word": "cat"},
        {"kind": "call", "word": 3, "after": 1},
        {"kind": "call", "word": "cat", "after": "soon"},
        {"kind": "call", "word": "cat", "after": -0.5},
        {"kind": "call", "word": "cat", "after": True},
        ["call"],
    ):
        with pytest.raises(IllegalMove):
            RULES.move_from_json(bad)  # type: ignore[arg-type]


def test_the_wrong_call_coin_is_the_decisions_own() -> None:
    """A bot's wrong call comes from its decision's seed: the same view and seed give the
    same misread; a bot that always errs calls a word the table cannot spell."""
    view = RaceView(0, ("c", "a", "t", "s", "e"), 40, (0, 0), 4.0, "en")
    sloppy = parse_bot("easy").__class__("sloppy", "easy", 0.1, 0.0, 1.0)
    first = decide(sloppy, view, 12)
    assert first == decide(sloppy, view, 12)
    assert isinstance(first, Call)
    from solver.race.claims import best_spelling

    assert not best_spelling(list(view.table), first.word).ok
    honest = bots.move(parse_bot("hard"), view, random.Random(12))
    assert isinstance(honest, Call) and best_spelling(list(view.table), honest.word).ok
