"""What the table says about the cards a seat of My Word (1980) has not seen: deals of them
into the other hands and the pack, drawn in proportion to how well they explain the moves
the others made (the reader player's belief, ``reader.py``).

The view (``view.py``) holds the public history: every play, who knocked (the card only
when it was the seat's own). Three things in it narrow the deal down:

- **A knock**: the knocker had no legal play then (the built-in players knock only
  without one; a person may knock a card they could play, so a hand that could have
  played is made ``KNOCK_SLIP`` times as likely, not impossible).
- **A play**: a player chooses a play that scores well, so a hand that held a card able
  to score more than the play chosen is less likely: each such card makes it
  exp(-``beta`` x the points it would have made beyond the play) as likely. Beam and
  people both often pass up a few points for a better next turn, so the factor is soft.
- **One's own knocks**: the card went under the pack, and the pack is a queue (draws from
  the top, knocks to the bottom): one's own knocked cards lie at known places in it, or in
  the hand of whoever drew them, and are dealt there in every sample.

Each decision's likelihood is a product over the cards of the hand then, one factor per
card (``decision_factors``), so the posterior over deals is a product of per-card factors,
which the kernel draws by sequential importance sampling (``kernels.sample_deals``): the
game is replayed over card slots, each slot collecting the factors of the decisions it was
in a hand for, and the cards go to slots in proportion to them. The deals are then drawn
again in proportion to their weights (``deals``). A deal is exactly what the seat may
consistently believe: its own hand, the layout and the knocked cards it knows are never
in doubt, and nothing hidden is read (the view has none of it).
"""

from __future__ import annotations

import functools
import json
import math
import random
from dataclasses import dataclass
from importlib import resources
from typing import TypedDict

import numpy as np

from solver.layout.arrays import deck_arrays, grid_of
from solver.layout.board import Layout
from solver.layout.moves import Knocked, Played
from solver.layout.state import hand_size
from solver.layout.view import LayoutView
from solver.runtime.jit import kernel_array

KNOCK_SLIP = 1e-3  # how much likelier a knock is from a hand with no play than from one with


@dataclass(frozen=True)
class BeliefSettings:
    beta: float = 0.25  # per point a card could have made beyond the play chosen
    # A play's factors measured on beam's games (``play_likelihood``) instead of ``beta``.
    measured: bool = False
    slip: float = KNOCK_SLIP  # a knock from a hand that could have played: this likely
    proposals: int = 400  # deals drawn by importance sampling
    deals: int = 24  # deals drawn again by weight, for the search


@dataclass(frozen=True)
class Deals:
    """Deals of the unseen cards: ``hands[n, p, :counts[n, p]]`` seat p's hand in deal n
    (the seat's own row empty), ``packs[n]`` the pack, top first."""

    hands: np.ndarray  # (deals, players, hand size) int16
    counts: np.ndarray  # (deals, players) int16
    packs: np.ndarray  # (deals, pack size) int16
    effective: float  # the proposals' effective sample size (Kish), for the record


@dataclass(frozen=True)
class History:
    """The public history as the kernel reads it: one entry per move."""

    seat: np.ndarray  # int64: who moved
    kind: np.ndarray  # int64: 0 play, 1 knock
    card: np.ndarray  # int64: the card, 0 when hidden (another seat's knock)
    draws: np.ndarray  # int64: 1 when the pack had a card to draw
    decision: np.ndarray  # int64: the row of ``factors`` of another seat's move, else -1
    factors: np.ndarray  # (decisions, highest card + 1) float64: log likelihoods by card


class PlayLikelihoodDocument(TypedDict):
    """``data/play-likelihood.json``, as ``bench/layout_beam_likelihood.py`` writes it."""

    why: str
    games: int  # of beam against beam it was measured on
    players: int
    seed: int  # of the first game
    span: int
    log_factors: list[float]  # d = -span..span
    unplayable: float


@dataclass(frozen=True)
class PlayLikelihood:
    """How a play tells what the hand that made it held, measured on beam's own games
    (``bench/layout_beam_likelihood.py``, ``data/play-likelihood.json``): the log factor of
    a card that could have scored ``d`` points more than the play chosen (``by_beyond[d +
    span]``, d clipped to the span; below 0 it could only have scored less), and of a card
    that could not have been played at all."""

    by_beyond: np.ndarray  # float64, 2 * span + 1
    unplayable: float

    @property
    def span(self) -> int:
        return (len(self.by_beyond) - 1) // 2


@functools.cache
def play_likelihood() -> PlayLikelihood:
    """The measured likelihood of a play, read once a process."""
    text = resources.files("solver.layout").joinpath("data/play-likelihood.json")
    return parse_play_likelihood(json.loads(text.read_text("utf-8")))


def parse_play_likelihood(document: PlayLikelihoodDocument) -> PlayLikelihood:
    """The likelihood in ``bench/layout_beam_likelihood.py``'s document, checked: one
    finite factor for every d of its span, and one for an unplayable card."""
    table = np.array(document["log_factors"], dtype=np.float64)
    unplayable = float(document["unplayable"])
    if table.shape != (2 * int(document["span"]) + 1,) or not np.isfinite(table).all():
        raise ValueError("play likelihood: log_factors do not fit its span")
    if not math.isfinite(unplayable):
        raise ValueError("play likelihood: the unplayable factor is not a number")
    return PlayLikelihood(table, unplayable)


def decision_factors(
    bests: np.ndarray,
    knocked: bool,
    points: int,
    beta: float,
    slip: float = KNOCK_SLIP,
    measured: PlayLikelihood | None = None,
) -> np.ndarray:
    """The log likelihood factor of each card having been in the hand of a decision, from
    ``bests`` (the most each card could score then, -1: no play): for a knock, ``slip``
    for every card that could have been played; for a play of ``points``, -beta times the
    points a card could have made beyond it, or, given the ``measured`` likelihood, its
    factor for that many points beyond (or short of) the play."""
    if knocked:
        return np.where(bests >= 0, math.log(slip), 0.0)
    if measured is not None:
        span = measured.span
        beyond = np.clip(bests.astype(np.int64) - points, -span, span)
        return np.where(bests >= 0, measured.by_beyond[beyond + span], measured.unplayable)
    return -beta * np.maximum(bests - points, 0).astype(np.float64)


def history_of(view: LayoutView, settings: BeliefSettings) -> History:
    """The view's public history as arrays, each other seat's decision with its factors
    (worked out on the layout as it was then, replayed from the centre card)."""
    from solver.layout import kernels

    arrays = deck_arrays(view.deck)
    numbers = np.arange(arrays.edges.shape[0], dtype=np.int16)
    centre = dict(view.layout.stacks)[(0, 0)][0]
    layout = Layout().place((0, 0), centre)
    players = len(view.hand_sizes)
    pack = len(view.deck.cards) - players * hand_size(players) - 1
    measured = play_likelihood() if settings.measured else None
    rows: list[np.ndarray] = []  # each decision's factors, by card number
    seat, kind, card, draws, decision = [], [], [], [], []
    for event in view.history:
        seat.append(event.seat)
        kind.append(int(isinstance(event, Knocked)))
        card.append(event.card or 0)
        draws.append(int(pack > 0))
        if event.seat != view.seat:
            grid = grid_of(layout)
            bests = kernels.card_bests(
                grid.cells, arrays.edges, arrays.points, numbers, not view.easy
            )
            bests[0] = -1  # no card 0
            is_knock = isinstance(event, Knocked)
            row = decision_factors(
                bests,
                is_knock,
                0 if is_knock else event.points,
                settings.beta,
                settings.slip,
                measured,
            )
            decision.append(len(rows))
            rows.append(row)
        else:
            decision.append(-1)
        if isinstance(event, Played):
            layout = layout.place(event.position, event.card)
            pack = max(pack - 1, 0)
    factors = np.array(rows, dtype=np.float64).reshape(len(rows), len(numbers))

    def ints(values: list[int]) -> np.ndarray:
        return kernel_array(np.array(values, dtype=np.int64), np.dtype(np.int64))

    return History(
        ints(seat),
        ints(kind),
        ints(card),
        ints(draws),
        ints(decision),
        kernel_array(factors, np.dtype(np.float64)),
    )


def seen_cards(view: LayoutView) -> np.ndarray:
    """1 for every number that is no unseen card: the layout's cards (covered ones too), the
    seat's hand, and numbers no card has."""
    arrays = deck_arrays(view.deck)
    seen = np.ones(arrays.edges.shape[0], dtype=np.int8)
    for c in view.deck.cards:
        seen[c.number] = 0
    for _, stack in view.layout.stacks:
        seen[list(stack)] = 1
    seen[list(view.hand)] = 1
    return seen


def deals(
    view: LayoutView, rng: random.Random, settings: BeliefSettings = BeliefSettings()
) -> Deals:
    """``settings.deals`` deals of the unseen cards, drawn from the belief: proposals by
    the kernel, then drawn again in proportion to their weights (systematic resampling).
    Every random choice comes from ``rng``. A view whose history does not account for its
    layout (a view written without one, by an older referee) gets deals at random, as
    beam draws them."""
    from solver.layout import kernels

    players = len(view.hand_sizes)
    laid = sum(len(stack) for _, stack in view.layout.stacks)
    if laid != 1 + sum(isinstance(event, Played) for event in view.history):
        return at_random(view, settings.deals, rng)
    history = history_of(view, settings)
    hands, counts, packs, logw = kernels.sample_deals(
        players,
        view.seat,
        hand_size(players),
        len(view.deck.cards) - players * hand_size(players) - 1,
        history.seat,
        history.kind,
        history.card,
        history.draws,
        history.decision,
        history.factors,
        kernel_array(seen_cards(view), np.dtype(np.int8)),
        settings.proposals,
        rng.getrandbits(32),
    )
    if packs.shape[1] != view.pack_size or not np.isfinite(logw).any():
        raise AssertionError("the view's history does not add up to its pack and hands")
    weights = np.exp(logw - logw.max())
    weights /= weights.sum()
    chosen = resample(weights, settings.deals, rng.random())
    return Deals(
        hands[chosen], counts[chosen], packs[chosen], float(1.0 / np.square(weights).sum())
    )


def at_random(view: LayoutView, count: int, rng: random.Random) -> Deals:
    """``count`` deals of the unseen cards at random (``players._samples``, beam's)."""
    from solver.layout.players import _samples

    players, size = len(view.hand_sizes), hand_size(len(view.hand_sizes))
    hands = np.zeros((count, players, size), dtype=np.int16)
    counts = np.zeros((count, players), dtype=np.int16)
    packs = np.zeros((count, view.pack_size), dtype=np.int16)
    for n, sample in enumerate(_samples(view, count, rng)):
        for p, hand in enumerate(sample.hands):
            if hand is not None:
                hands[n, p, : len(hand)] = hand
                counts[n, p] = len(hand)
        packs[n] = sample.pack
    return Deals(hands, counts, packs, float(count))


def resample(weights: np.ndarray, count: int, u: float) -> np.ndarray:
    """Systematic resampling: ``count`` indices, each drawn about weight x count times."""
    marks = (u + np.arange(count)) / count
    return np.minimum(np.searchsorted(np.cumsum(weights), marks, side="right"), len(weights) - 1)
