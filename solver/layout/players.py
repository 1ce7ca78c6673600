"""My Word (1980) players. ``random`` and ``greedy`` live in ``game.py`` beside the loop;
this module holds ``beam``, the strong one. Each is a ``seats.LayoutPlayer`` function,
``move(view, rng)``: its seat's view is all it is handed (``beam_move``).

A beam over the player's plays: the ``width`` plays that score most now are each played
out ``plies`` turns further (every other player's reply, our next turn, the next player's
again: players + 1 turns, at least 3) on ``samples``
deals of the cards the player has not seen (the deck less the layout and its own hand: it
never looks at the pack or at other hands), every player in the sample playing greedily
and drawing from the sampled pack. A play is worth its points now plus, on average over
the samples, the points we make later less ``opponent_weight`` times the most any other
player makes: in a game with others a play that opens a rich spot for the next player is
worth less. Every play is tried against the same samples, so they differ only by the play.
Without a play it knocks the card whose loss costs least over the same look ahead. A play
out stops where the game would end, by the rule the game itself asks (``state.ending``).

The search runs on the grid arrays with the Numba kernels; the play chosen is turned back
into a ``Placement`` by the rules (``board.placement``), which checks it once more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solver.layout.arrays import DeckArrays, Grid, deck_arrays, grid_of, hand_array
from solver.layout.board import Placement, placement
from solver.layout.moves import Knock, Play
from solver.layout.state import State, ending
from solver.layout.view import LayoutView


@dataclass(frozen=True)
class BeamSettings:
    width: int = 8
    samples: int = 12
    plies: int | None = None  # None: every other player once, ourselves, the next (>= 3)
    opponent_weight: float = 1.0


DEFAULT = BeamSettings()


@dataclass(frozen=True)
class Sample:
    """One deal of the unseen cards: the other players' hands (ours is None) and the pack."""

    hands: tuple[tuple[int, ...] | None, ...]
    pack: tuple[int, ...]


def _unseen(view: LayoutView) -> list[int]:
    on_table = {number for _, stack in view.layout.stacks for number in stack}
    mine = set(view.hand)
    return [c.number for c in view.deck.cards if c.number not in on_table and c.number not in mine]


def _samples(view: LayoutView, count: int, rng: random.Random) -> list[Sample]:
    unseen = _unseen(view)
    found = []
    for _ in range(count):
        rng.shuffle(unseen)
        hands: list[tuple[int, ...] | None] = []
        dealt = 0
        for other, size in enumerate(view.hand_sizes):
            if other == view.seat:
                hands.append(None)
            else:
                hands.append(tuple(unseen[dealt : dealt + size]))
                dealt += size
        found.append(Sample(tuple(hands), tuple(unseen[dealt : dealt + view.pack_size])))
    return found


def _play_out(
    cells: np.ndarray,
    hands: list[list[int]],
    pack: list[int],
    first: int,
    plies: int,
    limited: bool,
    arrays: DeckArrays,
) -> list[int]:
    """Points each player makes in ``plies`` greedy turns from ``first`` on, or until the
    game ends (``state.ending``; a player who cannot play knocks their first card);
    ``cells``, ``hands`` and ``pack`` are used up."""
    from solver.layout import kernels

    gained = [0] * len(hands)
    current = first

    def can_play(cards: Sequence[int]) -> bool:
        """For ``ending``: the hand in turn's plays are this turn's ``moves``, found
        already; other cards are asked of the kernel."""
        if cards is hand:
            return len(moves) > 0
        return (
            kernels.best_points(cells, arrays.edges, arrays.points, hand_array(cards), limited) >= 0
        )

    for _ in range(plies):
        hand = hands[current]
        moves = kernels.legal_moves(cells, arrays.edges, arrays.points, hand_array(hand), limited)
        if ending(pack, hands[current:] + hands[:current], can_play):
            break
        if len(moves):
            card, i, j, _, points = (int(x) for x in moves[int(np.argmax(moves[:, 4]))])
            cells[i, j] = card
            gained[current] += points
            hand.remove(card)
            if pack:
                hand.append(pack.pop(0))
        elif pack:
            pack.append(hand.pop(0))
            hand.append(pack.pop(0))
        current = (current + 1) % len(hands)
    return gained


def _plies(view: LayoutView, settings: BeamSettings) -> int:
    return settings.plies or max(3, len(view.hand_sizes) + 1)


def _worth(
    view: LayoutView,
    grid: Grid,
    hand: list[int],
    draws: bool,
    samples: list[Sample],
    settings: BeamSettings,
) -> float:
    """Mean over the samples of what we make later less what the best other player makes,
    from the layout ``grid`` with our hand ``hand`` (before drawing, when ``draws``)."""
    arrays = deck_arrays(view.deck)
    player, players = view.seat, len(view.hand_sizes)
    total = 0.0
    for sample in samples:
        pack = list(sample.pack)
        hands = [list(hand) if h is None else list(h) for h in sample.hands]
        if draws and pack:
            hands[player].append(pack.pop(0))
        gained = _play_out(
            grid.cells.copy(),
            hands,
            pack,
            (player + 1) % players,
            _plies(view, settings),
            not view.easy,
            arrays,
        )
        others = max((g for p, g in enumerate(gained) if p != player), default=0)
        total += gained[player] - settings.opponent_weight * others
    return total / max(len(samples), 1)


def scored_plays(view: LayoutView) -> list[tuple[int, Placement]]:
    """Every legal play of the seat's hand, found by the kernel and confirmed by the
    rules, most points first (the rules' order among equals)."""
    from solver.layout import kernels

    arrays = deck_arrays(view.deck)
    grid = grid_of(view.layout)
    moves = kernels.legal_moves(
        grid.cells,
        arrays.edges,
        arrays.points,
        np.array(view.hand, dtype=np.int16),
        not view.easy,
    )
    order = np.argsort(-moves[:, 4], kind="stable")
    plays = []
    for k in order:
        card, i, j = (int(x) for x in moves[k, :3])
        spot = placement(view.layout, view.deck, view.card(card), grid.position(i, j))
        if spot is None or spot.points != moves[k, 4]:
            raise AssertionError(f"kernel and rules disagree on card {card} at {(i, j)}")
        plays.append((card, spot))
    return plays


def choose(
    state: State, player: int, rng: random.Random, settings: BeamSettings = DEFAULT
) -> Play | Knock:
    """The beam player's move for ``player`` in ``state``, from that seat's view alone."""
    return beam_move(state.view(player), rng, settings)


def beam_move(
    view: LayoutView, rng: random.Random, settings: BeamSettings = DEFAULT
) -> Play | Knock:
    """The beam player (``seats.LayoutPlayer``): what its seat sees is all it uses."""
    samples = _samples(view, settings.samples, rng)
    hand = list(view.hand)
    draws = view.pack_size > 0
    plays = scored_plays(view)
    if not plays:
        grid = grid_of(view.layout, _plies(view, settings) + 1)
        values = [
            _worth(view, grid, [n for n in hand if n != card], draws, samples, settings)
            for card in hand
        ]
        return Knock(hand[int(np.argmax(values))])
    best_value, best_play = None, plays[0]
    for number, spot in plays[: settings.width]:
        grid = grid_of(view.layout.place(spot.position, number), _plies(view, settings) + 1)
        rest = [n for n in hand if n != number]
        value = spot.points + _worth(view, grid, rest, draws, samples, settings)
        if best_value is None or value > best_value:
            best_value, best_play = value, (number, spot)
    return Play(best_play[0], best_play[1])
