"""The reader (issue 27, item 5): what the view tells a seat and nothing more, the belief
built from it, the kernels against their twins, and the player's moves."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays, hand_array
from solver.layout.belief import BeliefSettings, deals, history_of, seen_cards
from solver.layout.deck import default_deck, document, parse_deck
from solver.layout.game import deal, greedy_move, random_move
from solver.layout.moves import Knock, Knocked
from solver.layout.players import beam_move
from solver.layout.reader import ReaderSettings, candidates, reader_move
from solver.layout.state import State, hand_size
from solver.layout.view import LayoutView
from solver.runtime.jit import kernel_array

NO_STANDING = np.zeros(0, dtype=np.int64)  # candidate_values without the scores so far


def _knocky_game(players: int, seed: int):
    """Every position of a game where players knock now and then, even with a play."""
    state = deal(players, seed)
    rng = random.Random(seed)
    while not state.over:
        yield state
        seat = state.turn()
        view = state.view(seat)
        move = Knock(rng.choice(view.hand)) if rng.random() < 0.25 else greedy_move(view, rng)
        state.apply(seat, move)


def _hidden_shuffled(state: State, seat: int, rng: random.Random) -> State:
    """The same game with every card ``seat`` has not seen dealt again among the places
    such cards lie (the other hands and the pack): what ``seat`` may know is unchanged.
    Its own knocked cards stay where they are: it knows them."""
    twin = state.clone()
    known = {e.card for e in twin.history if isinstance(e, Knocked) and e.seat == seat}
    places = [(p, k) for p in range(twin.seats) if p != seat for k in range(len(twin.hands[p]))]
    places += [(None, k) for k in range(len(twin.pack))]
    places = [place for place in places if _card_at(twin, place) not in known]
    cards = [_card_at(twin, place) for place in places]
    rng.shuffle(cards)
    for (p, k), card in zip(places, cards, strict=True):
        if p is None:
            twin.pack[k] = card
        else:
            twin.hands[p][k] = card
    return twin


def _card_at(state: State, place: tuple[int | None, int]) -> int:
    p, k = place
    return state.pack[k] if p is None else state.hands[p][k]


@pytest.mark.parametrize("players", [2, 4])
def test_the_view_holds_nothing_hidden(players: int) -> None:
    """The view and its JSON are the same whichever way the unseen cards lie, another
    seat's knocked card is never in it, one's own is."""
    rng = random.Random(3)
    checked = knocks = changed = 0
    for k, state in enumerate(_knocky_game(players, 21)):
        for seat in range(players) if k % 2 == 0 else ():
            view = state.view(seat)
            document = json.dumps(view.to_json())
            twin = _hidden_shuffled(state, seat, rng)
            changed += twin.hands != state.hands or twin.pack != state.pack
            assert twin.view(seat) == view and json.dumps(twin.view(seat).to_json()) == document
            for event, real in zip(view.history, state.history, strict=True):
                if isinstance(event, Knocked):
                    knocks += 1
                    assert event.card == (real.card if event.seat == seat else None)
            assert LayoutView.from_json(json.loads(document)) == view
            assert "pack" not in view.to_json() and "hands" not in view.to_json()
            checked += 1
    assert checked > 40 and knocks > 10 and changed > checked / 2


def _knock_view() -> LayoutView:
    """A game with a deck in which a third of the cards can never be played (every pair
    ``qq``), greedy players, until seat 1 knocks without a play while cards seat 0 has
    not seen could have been played: seat 0's view right after the knock."""
    written = document(default_deck())
    for card in written["cards"][:16]:
        card.update(top="qq", right="qq", bottom="qq", left="qq")
    written["begin_values"]["qq"] = written["end_values"]["qq"] = 5
    deck = parse_deck(written, "with dead cards")
    for seed in range(50):
        state = deal(2, seed, deck=deck)
        while not state.over:
            seat = state.turn()
            move = greedy_move(state.view(seat), random.Random(0))
            state.apply(seat, move)
            if seat == 1 and isinstance(move, Knock) and len(state.pack) > 10:
                return state.view(0)
    raise AssertionError("no such game")


def _fits(view: LayoutView, cards) -> list[bool]:
    """Which of ``cards`` could be played on the view's layout."""
    arrays = deck_arrays(view.deck)
    from solver.layout.arrays import grid_of

    grid = grid_of(view.layout)
    numbers = np.array(list(cards), dtype=np.int16)
    bests = kernels.card_bests(grid.cells, arrays.edges, arrays.points, numbers, True)
    return [bool(b >= 0) for b in bests]


def test_the_belief_keeps_cards_a_knocker_could_have_played_out_of_its_hand() -> None:
    """Seat 1 knocked with no play: of its four cards then, three are still in its hand
    and one is at the bottom of the pack, and the belief deals none of them a card that
    could have been played (only the card it drew may be one). A belief that ignores the
    knock deals such cards there often."""
    view = _knock_view()
    strict = deals(view, random.Random(1), BeliefSettings(slip=1e-12, deals=64))
    blind = deals(view, random.Random(1), BeliefSettings(slip=1.0, beta=0.0, deals=64))

    def fitting(dealt) -> list[int]:
        """Per deal: the cards of seat 1's hand and the pack's bottom card that could be
        played (on the layout of the knock: nothing was played since)."""
        return [
            sum(_fits(view, [*dealt.hands[n, 1, : dealt.counts[n, 1]], dealt.packs[n, -1]]))
            for n in range(len(dealt.hands))
        ]

    assert max(fitting(strict)) <= 1
    assert max(fitting(blind)) >= 2


def test_the_belief_puts_ones_own_knocked_cards_where_they_are() -> None:
    state = deal(2, 5)
    state.apply(1, greedy_move(state.view(1), random.Random(0)))
    mine = state.hands[0][0]
    state.apply(0, Knock(mine))
    state.apply(1, greedy_move(state.view(1), random.Random(0)))
    view = state.view(0)
    dealt = deals(view, random.Random(2))
    where = state.pack.index(mine)
    assert where == len(state.pack) - 1  # under the pack: the play since drew from the top
    assert all(int(pack[where]) == mine for pack in dealt.packs)
    assert mine not in dealt.hands[:, 1].ravel()
    unseen = set(np.flatnonzero(seen_cards(view) == 0).tolist())
    for n in range(len(dealt.hands)):
        cards = dealt.hands[n, 1, : dealt.counts[n, 1]].tolist() + dealt.packs[n].tolist()
        assert sorted(cards) == sorted(unseen | {mine})


@pytest.mark.kernels
@pytest.mark.parametrize(
    "players",
    # 2 players in the suite; the others (5-18 s with the twins' plain Python) in CI's
    # heavy step and its bounds-checked kernels step
    [pytest.param(1, marks=pytest.mark.heavy), 2]
    + [pytest.param(n, marks=pytest.mark.heavy) for n in (3, 4)],
)
def test_the_reader_kernels_match_their_twins(players: int) -> None:
    arrays = deck_arrays(deal(1, 0).deck)
    rng = random.Random(players)
    checked = 0
    for k, state in enumerate(_knocky_game(players, 40 + players)):
        if k % 9:
            continue
        seat = state.turn()
        view = state.view(seat)
        history = history_of(view, BeliefSettings())
        size = hand_size(players)
        args = (
            players, seat, size, 48 - players * size - 1, history.seat, history.kind,
            history.card, history.draws, history.decision, history.factors,
            kernel_array(seen_cards(view), np.dtype(np.int8)), 6, rng.getrandbits(32),
        )  # fmt: skip
        found, twin = kernels.sample_deals(*args), reference.sample_deals(*args)
        for a, b in zip(found, twin, strict=True):
            assert np.array_equal(a, b)
        plies = max(3, players + 1)
        moves, grid = candidates(view, plies + 1, 4)
        # the deals as the reader hands them on: contiguous (``deals`` resamples them)
        hands, counts, packs = (np.ascontiguousarray(a) for a in found[:3])
        # every argument in the form the reader passes it (``reader.move_values``): another
        # form would be a signature compiled for the tests alone
        values = (
            grid.cells, arrays.edges, arrays.points, kernel_array(moves, np.dtype(np.int32)),
            hand_array(list(view.hand)), seat, hands[:2], counts[:2], packs[:2], plies,
            True, 0.8, 1, 1, NO_STANDING, 0.0,
        )  # fmt: skip
        assert np.allclose(kernels.candidate_values(*values), reference.candidate_values(*values))
        # the play-outs with a one-ply look ahead, on one deal (the twin is slow)
        ahead = (*values[:6], hands[:1], counts[:1], packs[:1], *values[9:12], 3, 1,
                 NO_STANDING, 0.0)  # fmt: skip
        assert np.allclose(kernels.candidate_values(*ahead), reference.candidate_values(*ahead))
        # weighing every later hand's best reply, and the scores so far in the objective
        standing = np.array([rng.randrange(40) for _ in range(players)], dtype=np.int64)
        wider = (*ahead[:13], players - 1, standing, 0.0)
        assert np.allclose(kernels.candidate_values(*wider), reference.candidate_values(*wider))
        # the chance of ending ahead weighed in: at most ``decisive`` more a move
        decided = (*wider[:15], 50.0)
        more = kernels.candidate_values(*decided)
        assert np.allclose(more, reference.candidate_values(*decided))
        gain = more - kernels.candidate_values(*wider)
        assert np.all(gain >= -1e-9) and np.all(gain <= 50.0 + 1e-9)
        numbers = np.arange(49, dtype=np.int16)
        bests = (grid.cells, arrays.edges, arrays.points, numbers, True)
        assert np.array_equal(kernels.card_bests(*bests), reference.card_bests(*bests))
        checked += 1
    assert checked >= 3


@pytest.mark.kernels
@pytest.mark.heavy  # 3.6 s of plain-Python play-outs: CI's heavy and kernels steps
def test_the_play_out_kernel_matches_its_twin_and_the_beam_players_play_out() -> None:
    from solver.layout.arrays import grid_of
    from solver.layout.players import _play_out

    arrays = deck_arrays(deal(1, 0).deck)
    differs = widens = 0
    for seed in range(6):
        state = deal(3, seed)
        for _ in range(seed * 3):
            state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(0)))
        grid = grid_of(state.layout, 8)
        first = state.turn()
        plain = _play_out(
            grid.cells.copy(), [list(h) for h in state.hands], list(state.pack), first, 7, True,
            arrays,
        )  # fmt: skip
        twin = reference.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, [list(h) for h in state.hands],
            list(state.pack), first, 7, True,
        )  # fmt: skip
        hands = np.zeros((3, 4), dtype=np.int64)
        counts = np.array([len(h) for h in state.hands], dtype=np.int64)
        for p, h in enumerate(state.hands):
            hands[p, : len(h)] = h
        pack = np.zeros(len(state.pack) + 9, dtype=np.int64)
        pack[: len(state.pack)] = state.pack
        found = kernels.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, hands, counts, pack, 0,
            len(state.pack), first, 7, True, 1, 1,
        )  # fmt: skip
        assert plain == twin == found.tolist()
        ahead = reference.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, [list(h) for h in state.hands],
            list(state.pack), first, 7, True, 4,
        )  # fmt: skip
        counts = np.array([len(h) for h in state.hands], dtype=np.int64)
        for p, h in enumerate(state.hands):
            hands[p, : len(h)] = h
        pack[: len(state.pack)] = state.pack
        found = kernels.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, hands, counts, pack, 0,
            len(state.pack), first, 7, True, 4, 1,
        )  # fmt: skip
        assert ahead == found.tolist()
        differs += ahead != twin
        # the look ahead weighing both later hands' best replies
        wide = reference.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, [list(h) for h in state.hands],
            list(state.pack), first, 7, True, 4, 2,
        )  # fmt: skip
        counts = np.array([len(h) for h in state.hands], dtype=np.int64)
        for p, h in enumerate(state.hands):
            hands[p, : len(h)] = h
        pack[: len(state.pack)] = state.pack
        found = kernels.play_out(
            grid.cells.copy(), arrays.edges, arrays.points, hands, counts, pack, 0,
            len(state.pack), first, 7, True, 4, 2,
        )  # fmt: skip
        assert wide == found.tolist()
        widens += wide != ahead
    assert differs  # the look ahead does not always play as greedy does
    assert widens  # nor the wider one as the next hand's


def test_the_reader_is_decided_by_its_seed_and_sees_only_its_view() -> None:
    state = deal(3, 12)
    for _ in range(9):
        state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(1)))
    seat = state.turn()
    view = state.view(seat)
    again = LayoutView.from_json(json.loads(json.dumps(view.to_json())))
    first = reader_move(view, random.Random(77))
    assert reader_move(again, random.Random(77)) == first
    twin = _hidden_shuffled(state, seat, random.Random(0))
    assert reader_move(twin.view(seat), random.Random(77)) == first


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_reader_plays_whole_games_by_the_rules(players: int) -> None:
    """Every move it makes is one the rules allow (``State.apply`` refuses any other)."""
    state = deal(players, 60 + players)
    others = [beam_move, random_move, greedy_move]
    while not state.over:
        seat = state.turn()
        view = state.view(seat)
        player = reader_move if seat == 0 else others[seat % 3]
        move = player(view, random.Random(len(state.history)))
        if seat == 0:
            assert move in state.legal_moves(seat)
        state.apply(seat, move)
    assert state.over and len(state.history) > 20


def test_the_reader_plays_out_to_the_end_by_the_rules() -> None:
    """With ``finish`` and ``decisive`` (play-outs to the end once the pack is short, the
    chance of winning weighed in), every move is still one the rules allow."""
    settings = ReaderSettings(finish=6, decisive=40.0)
    state = deal(2, 64)
    while not state.over:
        seat = state.turn()
        view = state.view(seat)
        if seat == 0 and view.pack_size <= 8:
            move = reader_move(view, random.Random(len(state.history)), settings)
            assert move in state.legal_moves(seat)
        else:
            move = greedy_move(view, random.Random(0))
        state.apply(seat, move)
    assert state.over


def test_the_hard_level_and_the_hints_are_the_readers() -> None:
    from solver.layout import session
    from solver.runtime import seeds

    assert session.LEVEL_BOTS["hard"] == "reader"
    state = session.new_game([session.HUMAN, "greedy"], 5, False)
    while state.turn() != 0:
        state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(0)))
    rng = seeds.derived(state.seed, "hint", len(state.history))
    assert session.hint(state, 0) == reader_move(state.view(0), rng)


def test_a_view_without_its_history_gets_deals_at_random() -> None:
    """An engine's view from a referee that sent no history: the reader still plays."""
    state = deal(2, 8)
    for _ in range(6):
        state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(0)))
    document = state.view(state.turn()).to_json()
    del document["history"]
    view = LayoutView.from_json(document)
    dealt = deals(view, random.Random(0))
    unseen = sorted(np.flatnonzero(seen_cards(view) == 0).tolist())
    for n in range(len(dealt.hands)):
        other = dealt.hands[n, 1 - view.seat, : dealt.counts[n, 1 - view.seat]].tolist()
        assert sorted(other + dealt.packs[n].tolist()) == unseen
    assert reader_move(view, random.Random(0)) in state.legal_moves(view.seat)


@pytest.mark.heavy  # a whole game, two reader searches every fifth turn: CI's heavy step
def test_the_four_player_settings_change_nothing_at_two_players() -> None:
    """Weighing every later hand's reply and the scores so far are for three seats and
    more: with one other seat the next hand is every later hand, and the most the other
    seat then has differs from what it makes by a constant, so every move is the same."""
    wider = ReaderSettings(replies=3, standing=True)
    state = deal(2, 31)
    checked = 0
    while not state.over:
        seat = state.turn()
        view = state.view(seat)
        if len(state.history) % 5 == 2:
            assert reader_move(view, random.Random(9), wider) == reader_move(
                view, random.Random(9), ReaderSettings(replies=1, standing=False)
            )
            checked += 1
        state.apply(seat, greedy_move(view, random.Random(0)))
    assert checked >= 5


@pytest.mark.parametrize("players", [2, 4])
def test_the_crowd_deals_are_searched_at_three_players_and_more(players, monkeypatch) -> None:
    from solver.layout import reader

    asked = []

    def counting(view, rng, settings):
        asked.append(settings.deals)
        return deals(view, rng, settings)

    monkeypatch.setattr(reader, "deals", counting)
    state = deal(players, 17)
    for _ in range(2 * players):
        state.apply(state.turn(), greedy_move(state.view(state.turn()), random.Random(0)))
    view = state.view(state.turn())
    reader_move(view, random.Random(2), ReaderSettings(crowd_deals=6))
    assert asked == [6 if players >= 3 else BeliefSettings().deals]


def _likelihood_script():
    """``bench/layout_beam_likelihood.py``, the script that measures the play likelihood."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "layout_beam_likelihood.py"
    spec = importlib.util.spec_from_file_location("layout_beam_likelihood", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_measured_play_likelihood_reads_a_play_as_beam_makes_it() -> None:
    """The shipped table (measured on 600 of beam's games): a card that could have scored
    well beyond the play chosen was seldom held, a card that could only have scored less
    more often than one that ties it; never likelier the more it could have scored."""
    from solver.layout.belief import play_likelihood

    measured = play_likelihood()
    span, table = measured.span, measured.by_beyond
    assert span >= 10 and np.isfinite(table).all()
    assert (np.diff(table[span:]) <= 0).all()
    assert table[span + 10] < table[span] - 0.5
    assert table[span - 5] > table[span]


def test_a_play_s_factors_come_from_the_measured_table_when_asked() -> None:
    """Each card's factor is the table's for the points it could have made beyond the
    play (clipped to the table's span), an unplayable card gets the table's own, and a
    knock is read as before."""
    from solver.layout.belief import PlayLikelihood, decision_factors

    measured = PlayLikelihood(np.array([0.5, 0.25, 0.0, -1.0, -2.0]), -0.3)
    bests = np.array([-1, 3, 4, 5, 6, 9, 0])
    played = decision_factors(bests, False, 5, 0.25, measured=measured)
    assert played.tolist() == [-0.3, 0.5, 0.25, 0.0, -1.0, -2.0, 0.5]
    knocked = decision_factors(bests, True, 0, 0.25, slip=0.5, measured=measured)
    assert knocked.tolist() == decision_factors(bests, True, 0, 0.25, slip=0.5).tolist()


def test_the_likelihood_script_writes_what_the_belief_reads(tmp_path) -> None:
    """A few of beam's games measured: the document parses into the belief's likelihood;
    the pooling keeps d >= 0 non-increasing and leaves a non-increasing table as it is."""
    from solver.layout.belief import parse_play_likelihood

    script = _likelihood_script()
    held, free = script.observe(3, 2, 123)
    assert sum(held.values()) and sum(free.values())
    written = script.document(held, free, 3, 2, 123)
    measured = parse_play_likelihood(json.loads(json.dumps(written)))
    assert measured.span == script.SPAN
    assert (np.diff(measured.by_beyond[measured.span :]) <= 1e-9).all()
    assert script.non_increasing([3.0, 1.0, 2.0, 0.0], [1, 1, 1, 1]) == [3.0, 1.5, 1.5, 0.0]
    assert script.non_increasing([2.0, 1.0], [1, 5]) == [2.0, 1.0]
    with pytest.raises(ValueError, match="span"):
        parse_play_likelihood({**written, "log_factors": written["log_factors"][1:]})
