"""A game of MY WORD! between bots, on a virtual clock: seeded, deterministic, fast.

The rulebook's game: as many rounds as players, each player dealing once (and playing
too); the dealer turns cards face up one at a time; the first claim heard wins (an exact
tie goes to the first player to the dealer's left); a valid claim of 3 or more cards takes
them; a wrong call wins nothing and every other player takes a free card from the table,
or from the deck when the table is empty; the round ends when the deck is dealt and no one
can claim any more; cards left on the table are not scored; one point a card.

Time is virtual: the dealer deals every ``pace`` seconds; after every change of the table
each bot starts searching again and calls after its delay (``bots.py``). Nothing waits on
the wall clock, so thousands of games run in minutes.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field

from solver.race.bots import RaceBot
from solver.race.claims import best_spelling
from solver.race.deck import Deck, load_deck
from solver.race.index import load_kernel
from solver.race.seats import PluginBot, RaceView
from solver.runtime import seeds

DEFAULT_PACE = 2.0  # seconds between two cards


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


def still_spelled(cards: tuple[str, ...], table: list[str]) -> bool:
    left = list(table)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


Pending = dict[int, tuple[float, str, tuple[str, ...]]]  # seat -> (call time, word, cards)


def search_again(
    pending: Pending,
    players: list[RaceBot | PluginBot],
    seats: list[int],
    table: list[str],
    to_deal: int,
    won: list[int],
    now: float,
    rng: random.Random,
    lang: str,
) -> None:
    """After a change of the table: a bot whose word can still be spelled keeps it (it has
    found it already); the bots in ``seats`` without one search again, from ``now``: a bot
    of one's own is asked (``seats.RaceView``: the table, the cards left to deal, the cards
    won), and keeps its call by the same rule."""
    for seat in seats:
        if seat in pending and still_spelled(pending[seat][2], table):
            continue
        pending.pop(seat, None)
        bot = players[seat]
        view = RaceView(seat, tuple(table), to_deal, tuple(won), now, lang)
        # A built-in's call is its claim (``bots.bot_claim``); one of one's own is checked
        # first (``PluginBot.ask``). Either is spelled here, once.
        call = bot.look(view, rng) if isinstance(bot, RaceBot) else bot.ask(view, rng)
        if call is not None:  # spelled now; a word the table cannot spell: a wrong call
            spelled = best_spelling(table, call.word, lang)
            used = spelled.cards if spelled.ok else ()
            pending[seat] = (now + call.after, spelled.word or call.word, used)


def free_cards(
    caller: int, seats: list[int], table: list[str], cards: list[str], won: list[int]
) -> list[tuple[int, str]]:
    """A wrong call: every other player takes a free card from the table, or from the deck
    when the table is empty. The (seat, card) of each free card, so a feed can say them."""
    given = []
    for other in seats:
        if other == caller:
            continue
        if table:
            given.append((other, table.pop(0)))
        elif cards:
            given.append((other, cards.pop()))
        else:
            continue
        won[other] += 1
    return given


def play_round(
    players: list[RaceBot | PluginBot],
    dealer: int,
    deck: Deck,
    rng: random.Random,
    pace: float,
    lang: str | None = None,
) -> RoundLog:
    """One round dealt by ``dealer``, in ``lang`` (default: the deck's language)."""
    deck = load_deck(deck, lang)
    lang = deck.lang
    cards = deck.cards()
    rng.shuffle(cards)
    log = RoundLog(dealer, won=[0] * len(players))
    table: list[str] = []
    now = 0.0
    next_deal = 0.0
    pending: Pending = {}
    seat_order = [(dealer + 1 + k) % len(players) for k in range(len(players))]

    while True:
        first_claim = min(
            pending.items(), key=lambda item: (item[1][0], seat_order.index(item[0])), default=None
        )
        if cards and (first_claim is None or next_deal <= first_claim[1][0]):
            now = next_deal
            table.append(cards.pop())
            next_deal += pace
        elif first_claim is not None:
            seat, (now, word, used) = first_claim
            del pending[seat]
            bot = players[seat]
            if not used or rng.random() < bot.error_rate:  # a wrong call: free cards
                log.claims.append(Claim(now, seat, word + "?", (), False))
                if not free_cards(seat, seat_order, table, cards, log.won):
                    continue  # nothing to give, nothing changed: no one looks again, and
                    # a bot of one's own calling wrong words for ever still ends the round
            else:
                for card in used:
                    table.remove(card)
                log.won[seat] += len(used)
                log.claims.append(Claim(now, seat, word, used, True))
        else:
            break
        search_again(pending, players, seat_order, table, len(cards), log.won, now, rng, lang)
    log.left_on_table = len(table)
    return log


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

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "seed": self.seed,
            "totals": self.totals,
            "winners": self.winners,
            "rounds": [asdict(r) for r in self.rounds],
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
    rng = seeds.rng(seed)
    deck = load_deck(deck, lang)
    load_kernel()  # a game searches after every change of the table: the kernel, always
    rounds = [play_round(players, dealer, deck, rng, pace) for dealer in range(len(players))]
    return GameResult(
        [p.name for p in players], seeds.DEFAULT_SEED if seed is None else seed, rounds
    )
