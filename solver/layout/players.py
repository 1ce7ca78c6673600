"""My Word (1980) players. ``random`` and ``greedy`` live in ``game.py`` beside the loop;
this module holds ``beam``, the strong one.

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
from solver.layout.state import GameState, ending


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


def _unseen(state: GameState, player: int) -> list[int]:
    on_table = {number for _, stack in state.layout.stacks for number in stack}
    mine = set(state.hands[player])
    return [c.number for c in state.deck.cards if c.number not in on_table and c.number not in mine]


def _samples(state: GameState, player: int, count: int, rng: random.Random) -> list[Sample]:
    unseen = _unseen(state, player)
    found = []
    for _ in range(count):
        rng.shuffle(unseen)
        hands: list[tuple[int, ...] | None] = []
        dealt = 0
        for other, hand in enumerate(state.hands):
            if other == player:
                hands.append(None)
            else:
                hands.append(tuple(unseen[dealt : dealt + len(hand)]))
                dealt += len(hand)
        found.append(Sample(tuple(hands), tuple(unseen[dealt : dealt + len(state.pack)])))
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


def _plies(state: GameState, settings: BeamSettings) -> int:
    return settings.plies or max(3, len(state.hands) + 1)


def _worth(
    state: GameState,
    player: int,
    grid: Grid,
    hand: list[int],
    draws: bool,
    samples: list[Sample],
    settings: BeamSettings,
) -> float:
    """Mean over the samples of what we make later less what the best other player makes,
    from the layout ``grid`` with our hand ``hand`` (before drawing, when ``draws``)."""
    arrays = deck_arrays(state.deck)
    players = len(state.hands)
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
            _plies(state, settings),
            not state.easy,
            arrays,
        )
        others = max((g for p, g in enumerate(gained) if p != player), default=0)
        total += gained[player] - settings.opponent_weight * others
    return total / max(len(samples), 1)


def scored_plays(state: GameState, player: int) -> list[tuple[int, Placement]]:
    """Every legal play of the player's hand, found by the kernel and confirmed by the
    rules, most points first (the rules' order among equals)."""
    from solver.layout import kernels

    arrays = deck_arrays(state.deck)
    grid = grid_of(state.layout)
    moves = kernels.legal_moves(
        grid.cells,
        arrays.edges,
        arrays.points,
        np.array(state.hands[player], dtype=np.int16),
        not state.easy,
    )
    order = np.argsort(-moves[:, 4], kind="stable")
    plays = []
    for k in order:
        card, i, j = (int(x) for x in moves[k, :3])
        spot = placement(state.layout, state.deck, state.card(card), grid.position(i, j))
        if spot is None or spot.points != moves[k, 4]:
            raise AssertionError(f"kernel and rules disagree on card {card} at {(i, j)}")
        plays.append((card, spot))
    return plays


def choose(
    state: GameState, player: int, rng: random.Random, settings: BeamSettings = DEFAULT
) -> tuple[str, int, Placement | None]:
    """The beam player's move: ("play", card, placement) or ("knock", card, None)."""
    samples = _samples(state, player, settings.samples, rng)
    hand = state.hands[player]
    plays = scored_plays(state, player)
    if not plays:
        grid = grid_of(state.layout, _plies(state, settings) + 1)
        values = [
            _worth(
                state,
                player,
                grid,
                [n for n in hand if n != card],
                bool(state.pack),
                samples,
                settings,
            )
            for card in hand
        ]
        return "knock", hand[int(np.argmax(values))], None
    best_value, best_play = None, plays[0]
    for number, spot in plays[: settings.width]:
        grid = grid_of(state.layout.place(spot.position, number), _plies(state, settings) + 1)
        rest = [n for n in hand if n != number]
        value = spot.points + _worth(state, player, grid, rest, bool(state.pack), samples, settings)
        if best_value is None or value > best_value:
            best_value, best_play = value, (number, spot)
    return "play", best_play[0], best_play[1]


def beam_player(
    state: GameState, player: int, rng: random.Random
) -> tuple[str, int, Placement | None]:
    return choose(state, player, rng)
