"""A game of MY WORD! between bots, played to the end and told as rounds of claims: the
simulation's record (``GameResult``) that the demo, the notebooks and the tests read.

The rules and the virtual clock are the race's state (``state.RaceState``), played by the
arena's one loop (``solver.arena.loop``) with each bot in a seat of this process; the
record is read off the events. Nothing waits on the wall clock, so thousands of games run
in minutes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import TypedDict, cast

from solver.arena import loop
from solver.arena.seats import InProcess
from solver.race.bots import RaceBot
from solver.race.deck import Deck, load_deck
from solver.race.index import load_kernel
from solver.race.seats import PluginBot, decide
from solver.race.state import DEFAULT_PACE, Claimed, RaceState, RoundBegan, RoundOver, WrongCall
from solver.runtime import seeds

__all__ = ["DEFAULT_PACE", "Claim", "GameResult", "RoundLog", "play_game"]


class ClaimLogDocument(TypedDict):
    """A ``Claim`` as JSON (``asdict``)."""

    time: float
    player: int
    word: str
    cards: Sequence[str]  # a tuple until written
    valid: bool


class RoundLogDocument(TypedDict):
    """A ``RoundLog`` as JSON (``asdict``)."""

    dealer: int
    claims: list[ClaimLogDocument]
    won: list[int]
    left_on_table: int


class GameResultDocument(TypedDict):
    """A ``GameResult`` as JSON: the players, the seed, the totals, the winners' seats and
    each round."""

    players: list[str]
    seed: int
    totals: list[int]
    winners: list[int]
    rounds: list[RoundLogDocument]


@dataclass(frozen=True)
class Claim:
    time: float
    player: int
    word: str
    cards: tuple[str, ...]
    valid: bool


@dataclass
class RoundLog:
    dealer: int
    claims: list[Claim] = field(default_factory=list)
    won: list[int] = field(default_factory=list)  # cards per player
    left_on_table: int = 0


def rounds_of(events: list) -> list[RoundLog]:
    """The rounds a race's events tell: who dealt, each call heard, the cards won."""
    rounds: list[RoundLog] = []
    for event in events:
        if isinstance(event, RoundBegan):
            rounds.append(RoundLog(event.dealer))
        elif isinstance(event, Claimed):
            rounds[-1].claims.append(Claim(event.time, event.seat, event.word, event.cards, True))
        elif isinstance(event, WrongCall):
            rounds[-1].claims.append(Claim(event.time, event.seat, event.word, (), False))
        elif isinstance(event, RoundOver):
            rounds[-1].won = list(event.won)
            rounds[-1].left_on_table = len(event.left)
    return rounds


@dataclass
class GameResult:
    players: list[str]
    seed: int
    rounds: list[RoundLog]

    @property
    def totals(self) -> list[int]:
        return [sum(r.won[p] for r in self.rounds) for p in range(len(self.players))]

    @property
    def winners(self) -> list[int]:
        best = max(self.totals)
        return [p for p, total in enumerate(self.totals) if total == best]

    def to_json(self) -> GameResultDocument:
        return {
            "players": self.players,
            "seed": self.seed,
            "totals": self.totals,
            "winners": self.winners,
            "rounds": [cast(RoundLogDocument, asdict(r)) for r in self.rounds],
        }


def play_game(
    players: list[RaceBot | PluginBot],
    seed: int | None = None,
    deck: Deck | None = None,
    pace: float = DEFAULT_PACE,
    lang: str | None = None,
) -> GameResult:
    """A whole game: one round per player, each dealing in turn. ``deck`` and ``lang``
    meet in ``load_deck``: no deck is the language's own (English by default), no language
    is the deck's, and a deck with letters the language lacks is a ``DeckError``."""
    seed = seeds.DEFAULT_SEED if seed is None else seed
    load_kernel()  # a game searches after every change of the table: the kernel, always
    state = RaceState(len(players), load_deck(deck, lang), seed, pace)
    seats = [InProcess(p.name, partial(decide, p)) for p in players]
    outcome = loop.play(state, seats, seed)
    return GameResult([p.name for p in players], seed, rounds_of(list(outcome.events)))
