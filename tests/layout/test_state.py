"""The typed State of My Word (1980) (issue 25, item 1): the arena's protocol, views,
moves and events to and from JSON, and the logs and saves of earlier versions."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena.protocol import Forfeited, IllegalMove
from solver.layout import session
from solver.layout.arena import RULES, new_state
from solver.layout.board import Placement
from solver.layout.game import greedy_move, random_move
from solver.layout.moves import Knock, Knocked, Play, Played, move_from_json
from solver.layout.players import beam_move
from solver.layout.state import FORFEIT_SCORE, State, rebuild
from solver.layout.view import LayoutView, legal_plays
from solver.runtime import savefile

DATA = Path(__file__).parent / "data"
OLD_LOGS = sorted(DATA.glob("*.json"))  # written by the code before the state was typed
# ``myword layout replay`` of each (the players named since stop 40: "player 0 to move"
# counted seats from 0, and the scores were a bare list)
OLD_REPLAYS = {
    "greedy-random-seed0.json": "ok: 46 moves checked; game over, the pack is used up and a "
    "player has played all their cards; scores greedy: 431, random: 169; greedy wins",
    "in-progress-human-greedy-seed4.json": "unfinished: 5 moves checked; a game in progress, "
    "human to move; scores so far human: 24, greedy: 40",
    "solo-greedy-seed2.json": "ok: 47 moves checked; game over, the pack is used up and a "
    "player has played all their cards; scores greedy: 903",
}


def _played_out(state: State, seed: int) -> list:
    """Random moves (plays and, now and then, a knock) to the end; the events."""
    rng = random.Random(seed)
    events = []
    while (seat := state.to_move()) is not None:
        moves = state.legal_moves(seat)
        assert moves and all(isinstance(m, Play | Knock) for m in moves)
        events += state.apply(seat, rng.choice(moves))
    return events


@pytest.mark.parametrize("name", list(OLD_REPLAYS))
def test_the_logs_of_earlier_versions_replay_as_they_did(name: str, tmp_path) -> None:
    result = CliRunner().invoke(cli.main, ["layout", "replay", str(DATA / name)])
    assert result.exit_code == 0 and result.output.strip() == OLD_REPLAYS[name]
    log = json.loads((DATA / name).read_text())
    assert rebuild(log).to_json() == log  # read back into the typed state, written the same


def test_a_saved_game_of_an_earlier_version_resumes(tmp_path) -> None:
    log = json.loads((DATA / "in-progress-human-greedy-seed4.json").read_text())
    path = tmp_path / "old.json"
    savefile.write(
        "layout", session.public(rebuild(log)), {k: log[k] for k in session.HIDDEN}, False, path
    )
    state = session.load(path)
    assert state.to_json() == log and state.players == ("human", "greedy")
    assert state.to_move() == 0 and session.is_person(state, 0)


def test_the_state_round_trips_through_json_at_every_move() -> None:
    state = new_state(5, players=3, easy=True, names=["a", "b", "c"])
    rng = random.Random(1)
    while (seat := state.to_move()) is not None:
        again = State.from_json(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json() and again.to_move() == seat
        assert again.hands == state.hands and again.pack == state.pack
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert State.from_json(state.to_json()).scores() == state.scores()


def test_events_and_moves_go_to_json_and_back() -> None:
    state = new_state(3)
    events = _played_out(state, 3)
    kinds = {type(event) for event in events}
    assert kinds == {Played, Knocked}
    for event in [*events, Forfeited(1, "engine 'x' crashed")]:
        document = json.loads(json.dumps(event.to_json()))
        assert RULES.event_from_json(document) == event and document["kind"] == event.kind
    # a move as an engine sends it is the move the state would make of the typed one
    for seed in range(3):
        state = new_state(seed)
        while (seat := state.to_move()) is not None:
            move = random.Random(seed).choice(state.legal_moves(seat))
            twin = state.clone()
            read = RULES.move_from_json(json.loads(json.dumps(move.to_json())))
            assert state.apply(seat, move) == twin.apply(seat, read)


def test_a_view_reads_back_exactly_and_a_built_in_chooses_the_same_move() -> None:
    state = new_state(8, players=2)
    rng = random.Random(8)
    checked = 0
    while (seat := state.to_move()) is not None:
        view = state.view(seat)
        document = json.loads(json.dumps(view.to_json()))
        again = RULES.view_from_json(document)
        assert again == view
        assert [p["card"] for p in document["legal"]] == [p.card for p in legal_plays(view)]
        for move in (random_move, greedy_move):
            assert move(again, random.Random(seat)) == move(view, random.Random(seat))
        if checked < 3:  # the beam player is slower: a few positions
            assert beam_move(again, random.Random(2)) == beam_move(view, random.Random(2))
        checked += 1
        state.apply(seat, greedy_move(view, rng))
    assert "seat" in document and "deck" in document and "pack" not in document


def test_a_view_with_another_deck_carries_its_deck() -> None:
    from solver.layout.deck import derive_deck, parse_deck

    deck = parse_deck(derive_deck(seed=7), "seven")
    view = new_state(2, deck=deck).view(1)
    again = LayoutView.from_json(json.loads(json.dumps(view.to_json())))
    assert again == view and again.deck == deck


def test_moves_the_rules_refuse_leave_the_state_unchanged() -> None:
    state = new_state(4)
    seat = state.to_move()
    before = json.dumps(state.to_json())
    hand = state.hands[seat]
    other = state.hands[1 - seat][0]
    refused = [
        (1 - seat, Knock(other), "it is seat 1's turn, not seat 0's"),
        (seat, Knock(other), f"moved card {other}, which is not in its hand"),
        (seat, Play(hand[0], Placement((40, 40), False, ())), "the rules do not allow it"),
        (seat, None, "returned None, not a Play or a Knock"),
    ]
    spot = legal_plays(state.view(seat))[0]
    refused.append((seat, Play(spot.card, spot.placement, ("zzzz",)), "ZZZZ is not a 4-letter"))
    for who, move, message in refused:
        with pytest.raises(IllegalMove, match=message):
            state.apply(who, move)
        assert json.dumps(state.to_json()) == before
    for document, message in [
        ({"kind": "fly", "card": 1}, "kind is play or knock"),
        ({"kind": "play", "card": "7", "position": [0, 1]}, "not a whole number"),
        ({"kind": "play", "card": 7, "position": [0]}, r"a position is \[row, column\]"),
        ([1], "a move is a JSON object"),
    ]:
        with pytest.raises(IllegalMove, match=message):
            move_from_json(document)


def test_a_forfeit_ends_the_game_and_loses_it() -> None:
    state = new_state(6, names=["beam", "engine:x"])
    seat = state.to_move()
    state.apply(seat, greedy_move(state.view(seat), random.Random(0)))
    assert state.points[seat] > 0
    (event,) = state.forfeit(seat, "engine:x: no answer in 1.0 s")
    assert state.over and state.to_move() is None and event == Forfeited(seat, event.reason)
    assert state.scores()[seat] == FORFEIT_SCORE < state.points[seat]
    log = json.loads(json.dumps(state.to_json()))
    assert log["forfeit"] == {"seat": seat, "reason": "engine:x: no answer in 1.0 s"}
    assert rebuild(log).scores() == state.scores()  # a forfeit replays


def test_clone_is_a_separate_game() -> None:
    state = new_state(9)
    twin = state.clone()
    _played_out(twin, 9)
    assert twin.over and not state.over and not state.history
    assert state.to_json()["moves"] == [] and state.variant() == {"easy": False, "deck": "default"}
