"""MY WORD! against bots in real time: cards appear at the dealer's pace, you type a word
and press Enter to claim it, the bots claim at their own speed.

The round follows the same rules as the simulation (``game.py``); only the clock is the
wall clock and one seat is a person. Typing a word claims it with the best spelling the
table allows (``claims.best_spelling``): most cards, fewest wilds. A word that is not in
the dictionary, or that the cards on the table cannot spell with 3 cards or more, is a
wrong call: you win nothing and every other player takes a free card.

The loop reads the clock, the person's lines and the bots' timers through arguments, so
tests drive it with a fake clock and scripted lines, and the terminal with real ones.
Ctrl-C raises ``RaceStopped``, a KeyboardInterrupt holding the cards won in the rounds
finished, so the command can still report them (a real-time race is not resumed).
"""

from __future__ import annotations

import queue
import random
from collections.abc import Callable
from dataclasses import dataclass

from solver import seeds
from solver.race.bots import RaceBot
from solver.race.claims import best_spelling
from solver.race.deck import Deck, load_deck
from solver.race.game import Pending, free_cards, search_again, still_spelled

TICK = 0.05  # seconds between two looks at the clock


class RaceStopped(KeyboardInterrupt):
    """Ctrl-C during a race, with the cards each seat won in the rounds finished."""

    def __init__(self, totals: list[int]) -> None:
        super().__init__()
        self.totals = totals


@dataclass
class LiveRound:
    names: list[str]
    dealer: int
    won: list[int]
    table: list[str]


def play_live_round(
    bots: list[RaceBot],
    you: int,
    dealer: int,
    deck: Deck,
    rng: random.Random,
    pace: float,
    lines: queue.Queue[str],
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    say: Callable[[str], None],
    lang: str | None = None,
) -> LiveRound:
    """One round: ``bots`` hold every seat but ``you``'s (their entry at ``you`` is unused);
    in ``lang``, by default the deck's (``load_deck`` checks that they agree). ``say`` gets
    plain text, never markup: its lines hold the words typed."""
    deck = load_deck(deck, lang)
    lang = deck.lang
    names = [("you" if seat == you else bots[seat].name) for seat in range(len(bots))]
    cards = deck.cards()
    rng.shuffle(cards)
    result = LiveRound(names, dealer, [0] * len(bots), [])
    table = result.table
    start = clock()
    next_deal = 0.0
    pending: Pending = {}
    seat_order = [(dealer + 1 + k) % len(bots) for k in range(len(bots))]

    def show() -> None:
        scores = ", ".join(f"{n} {w}" for n, w in zip(names, result.won, strict=True))
        shown = " ".join(c.upper() for c in table) or "(empty)"
        say(f"Table: {shown}   [{len(cards)} to deal]   {scores}")

    bot_seats = [seat for seat in seat_order if seat != you]

    say(f"Round dealt by {names[dealer]}. Type a word and press Enter to claim it.")
    while True:
        now = clock() - start
        changed = False
        while not lines.empty():  # the person's calls, in the order typed
            word = lines.get().strip()
            if not word:
                continue
            spelling = best_spelling(table, word, lang)
            if spelling.ok:
                for card in spelling.cards:
                    table.remove(card)
                result.won[you] += len(spelling.cards)
                taken = " ".join(spelling.cards).upper()
                say(f"You claim {spelling.word.upper()}: {taken} (+{len(spelling.cards)})")
            else:
                why = spelling.reason
                say(f"{word.upper()} is a wrong call ({why}): everyone else takes a card.")
                free_cards(you, seat_order, table, cards, result.won)
            changed = True
        due = [(t, seat) for seat, (t, _, _) in pending.items() if t <= now]
        for _, seat in sorted(due, key=lambda item: (item[0], seat_order.index(item[1]))):
            if seat not in pending:
                continue
            _, word, used = pending.pop(seat)
            if not still_spelled(used, table):
                continue
            if rng.random() < bots[seat].error_rate:
                say(f"{names[seat]} calls {word.upper()}?? Wrong: everyone else takes a card.")
                free_cards(seat, seat_order, table, cards, result.won)
            else:
                for card in used:
                    table.remove(card)
                result.won[seat] += len(used)
                say(f"{names[seat]} claims {word.upper()}: {' '.join(used).upper()} (+{len(used)})")
            changed = True
        if cards and now >= next_deal:
            table.append(cards.pop())
            next_deal += pace
            changed = True
        if changed:
            search_again(pending, bots, bot_seats, table, not cards, now, rng, lang)
            show()
        elif not cards and not pending and lines.empty() and now >= next_deal + pace:
            break  # the deck is out and nobody calls: the round is over
        sleep(TICK)
    say(f"Round over; {len(table)} card(s) left on the table are not scored.")
    return result


def play_live_game(
    bots: list[RaceBot],
    deck: Deck,
    pace: float,
    seed: int | None,
    lines: queue.Queue[str],
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    say: Callable[[str], None],
    lang: str | None = None,
) -> list[int]:
    """You (seat 0) against the bots in seats 1..: one round per player; the totals. In
    ``lang``, by default the deck's; a deck the language lacks letters of is refused
    (``DeckError``) before the first card."""
    deck = load_deck(deck, lang)
    rng = seeds.rng(seed)
    seats = [bots[0], *bots]  # seat 0's bot entry is a placeholder for you
    totals = [0] * len(seats)
    for dealer in range(len(seats)):
        try:
            played = play_live_round(seats, 0, dealer, deck, rng, pace, lines, clock, sleep, say)
        except KeyboardInterrupt:
            raise RaceStopped(totals) from None
        totals = [a + b for a, b in zip(totals, played.won, strict=True)]
        names = played.names
        say("Scores: " + ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=True)))
    best = max(totals)
    winners = [
        n for n, t in zip(["you", *[b.name for b in bots]], totals, strict=True) if t == best
    ]
    say(f"Winner: {' and '.join(winners)}!")
    return totals
