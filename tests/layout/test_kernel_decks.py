"""The layout kernels against their twins on every kind of deck and grid a game can give.

Decks: the default deck, one derived from the Spanish words, and parts of the default deck
(sparse card numbers, down to one card, as a ``--deck`` file may hold). Grids from one cell
to ten by ten, empty to full, hands of one to four cards. The CI reruns this file with
``NUMBA_BOUNDSCHECK=1`` (see ``.ci/run``).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.layout import kernels, reference
from solver.layout.arrays import deck_arrays
from solver.layout.deck import Deck, default_deck, derive_deck, parse_deck

pytestmark = pytest.mark.kernels


@cache
def spanish_deck() -> Deck:
    return parse_deck(derive_deck("es"), "es")


@st.composite
def decks(draw: st.DrawFn) -> tuple[Deck, str]:
    kind = draw(st.sampled_from(["default", "spanish", "part"]))
    if kind == "spanish":
        return spanish_deck(), "es"
    deck = default_deck()
    if kind == "default":
        return deck, "en"
    kept = draw(st.lists(st.sampled_from(deck.cards), min_size=1, max_size=12, unique=True))
    return Deck(tuple(kept), deck.begin_values, deck.end_values), "en"


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_kernels_match_the_twin_on_every_deck_and_grid(data: st.DataObject) -> None:
    deck, lang = data.draw(decks())
    arrays = deck_arrays(deck, lang)
    numbers = [card.number for card in deck.cards]
    rows, columns = data.draw(st.integers(1, 10)), data.draw(st.integers(1, 10))
    density = data.draw(st.sampled_from([0.0, 0.2, 0.5, 1.0]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    cards = rng.choice(numbers, (rows, columns))
    grid = np.where(rng.random((rows, columns)) < density, cards, 0).astype(np.int16)
    hand = np.array(data.draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=4)))
    hand = hand.astype(np.int16)
    limited = data.draw(st.booleans())
    args = (grid, arrays.edges, arrays.points, hand, limited)
    assert np.array_equal(kernels.legal_moves(*args), reference.legal_moves(*args))
    assert kernels.best_points(*args) == reference.best_points(*args)
