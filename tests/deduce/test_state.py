"""What's My Word? in one typed shape: the State the arena plays, its views, moves and
events, each read back from its JSON exactly."""

import pytest

from solver.arena.loop import play
from solver.arena.protocol import Forfeited, IllegalMove
from solver.arena.seats import InProcess
from solver.deduce import default_sheet, players
from solver.deduce.arena import RULES, new_state
from solver.deduce.state import DeduceState, Guess, Pick, Picked, RoundOver, Scored

# The rulebook's sample game: Purple hides BALLET, Red NEPHEW; row 8 of Red's sheet is not
# printed (it scored 2000: BASS does).
PURPLE = ["so", "den", "ebb", "inn", "bid", "turn", "earl", "newt", "newel", "endow", "nephew"]
RED = ["an", "car", "act", "toe", "old", "toot", "dull", "bass", "palls", "alter", "wallet"]
PURPLE_SCORES = [0, 1250, 1000, 250, 0, 250, 1000, 2250, 2500, 2250, 9000]
RED_SCORES = [250, 1000, 1250, 1250, 250, 1000, 1250, 2000, 3000, 3250, 5000]


def scripted(name: str, gameword: str, guesses: list[str]) -> InProcess:
    """A seat that hides ``gameword`` and names ``guesses`` in order, from its views."""

    def decide(view, seed):
        if isinstance(view, players.PickerView):
            return Pick(gameword)
        return Guess(guesses[view.row_index])

    return InProcess(name, decide)


def sample_game() -> DeduceState:
    return DeduceState.duel(lengths=(6,))


def test_the_rulebook_sample_game_scores_every_row_and_both_totals() -> None:
    state = sample_game()
    outcome = play(state, [scripted("purple", "ballet", PURPLE), scripted("red", "nephew", RED)], 1)
    assert outcome.scores == (19750, 19500)
    scored = [event for event in outcome.events if isinstance(event, Scored)]
    assert [(e.seat, e.guess, e.score) for e in scored[:4]] == [
        (0, "so", 0),
        (1, "an", 250),
        (0, "den", 1250),
        (1, "car", 1000),
    ]  # Purple first, then turns alternate
    assert [e.score for e in scored if e.seat == 0] == PURPLE_SCORES
    assert [e.score for e in scored if e.seat == 1] == RED_SCORES
    assert outcome.events[:2] == (Picked(0, 0), Picked(1, 0))
    assert outcome.events[-1] == RoundOver(0, ("nephew", "ballet"), (19750, 19500))
    assert state.over and state.winners() == (0,)


def test_red_plays_first_in_the_seven_letter_round() -> None:
    state = DeduceState.duel()
    for seat, word in ((0, "ballet"), (1, "nephew")):
        state.apply(seat, Pick(word))
    for purple, red in zip(PURPLE, RED, strict=True):
        state.apply(0, Guess(purple))
        state.apply(1, Guess(red))
    assert state.to_move() == 0 and isinstance(state.view(0), players.PickerView)
    state.apply(0, Pick("kitchen"))
    state.apply(1, Pick("between"))
    assert state.to_move() == 1
    assert state.view(1).length == 3 and state.view(1).history == ()


def test_a_move_the_rules_refuse_raises_and_leaves_the_state_unchanged() -> None:
    state = sample_game()
    before = state.to_json()
    for seat, move in [
        (1, Pick("nephew")),  # not its turn
        (0, Guess("so")),  # the Gameword comes first
        (0, Pick("ballets")),
        (0, Pick("qqqqqq")),
        (0, "ballet"),
    ]:
        with pytest.raises(IllegalMove):
            state.apply(seat, move)
        assert state.to_json() == before
    state.apply(0, Pick("ballet"))
    state.apply(1, Pick("nephew"))
    during = state.to_json()
    for move in (Guess("sox"), Guess("qq"), Pick("ballet")):
        with pytest.raises(IllegalMove, match=r"row 1|guess move"):
            state.apply(0, move)
        assert state.to_json() == during


def test_a_forfeit_ends_the_game_and_that_seat_loses() -> None:
    state = sample_game()
    state.apply(0, Pick("ballet"))
    state.apply(1, Pick("nephew"))
    state.apply(0, Guess("so"))
    events = state.forfeit(1, "crashed")
    assert events == [Forfeited(1, "crashed")]
    assert state.over and state.to_move() is None and state.winners() == (0,)
    assert state.scores() == (0, 0)


def test_the_state_views_moves_and_events_read_back_from_their_json() -> None:
    state = sample_game()
    outcome = play(state, [scripted("p", "ballet", PURPLE), scripted("r", "nephew", RED)], 1)
    for event in outcome.events:
        assert RULES.event_from_json(event.to_json()) == event
    assert RULES.event_from_json(Forfeited(0, "late").to_json()) == Forfeited(0, "late")
    assert DeduceState.from_json(state.to_json()).to_json() == state.to_json()
    for move in (Pick("ballet"), Guess("so")):
        assert RULES.move_from_json(move.to_json()) == move
    fresh = DeduceState.duel()
    views = [fresh.view(0)]
    fresh.apply(0, Pick("ballet"))
    fresh.apply(1, Pick("nephew"))
    fresh.apply(0, Guess("so"))
    views += [fresh.view(1), fresh.view(0)]
    for view in views:
        assert RULES.view_from_json(view.to_json()) == view


def test_the_guessing_view_says_what_an_engine_needs_and_never_the_gameword() -> None:
    state = sample_game()
    state.apply(0, Pick("ballet"))
    state.apply(1, Pick("nephew"))
    state.apply(0, Guess("so"))
    document = state.view(1).to_json()
    assert document["kind"] == "guess" and document["length"] == 2 and document["row"] == 1
    assert document["rows"][:3] == [[2, 0], [3, 0], [3, 1]]
    assert "ballet" not in str(document) and "nephew" not in str(document)
    assert state.view(0).to_json()["history"] == [["so", 0]]


@pytest.mark.parametrize(
    "document",
    [None, [], {"kind": "guess"}, {"kind": "shout", "word": "so"}, {"kind": "pick", "word": 3}],
)
def test_a_malformed_move_is_an_illegal_move(document) -> None:
    with pytest.raises(IllegalMove):
        RULES.move_from_json(document)


def test_a_built_in_handed_its_view_read_back_chooses_the_same_move() -> None:
    state = new_state(7)
    seat = RULES.seat("points")
    for _ in range(6):  # the two picks, then Guesswords on both sides
        turn = state.to_move()
        view = state.view(turn)
        move = seat.decide(view, 11)
        assert seat.decide(RULES.view_from_json(view.to_json()), 11) == move
        state.apply(turn, move)


def test_a_solo_game_from_a_seed_is_the_same_game() -> None:
    first, second = new_state(3, seats=1), new_state(3, seats=1)
    assert first.to_json() == second.to_json() and first.seats == 1
    assert first.sheets == (default_sheet(6),) and first.to_move() == 0
    assert isinstance(first.view(0), players.GuesserView)
    assert new_state(3, seats=1, lengths=(7,)).hidden[0][0] != first.hidden[0][0]
