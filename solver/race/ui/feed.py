"""The race's feed: each event of ``live.LiveRace`` in one plain sentence.

Both front ends (the line mode and the Textual screen) say the same thing the same way,
so a ruling reads alike in a pipe and in the app. Plain text, never markup: the sentences
hold the words the person typed.
"""

from __future__ import annotations

from solver.race.live import (
    CLAIM,
    FORFEIT,
    GAME_OVER,
    NOT_NOW,
    ROUND,
    ROUND_OVER,
    TOO_LATE,
    WRONG,
    Event,
    LiveRace,
)


def cards_text(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(card.upper() for card in cards)


def scores_text(race: LiveRace, scores: list[int]) -> str:
    return ", ".join(f"{label} {won}" for label, won in zip(race.labels, scores, strict=True))


def _who(race: LiveRace, seat: int, start: bool = True) -> str:
    label = race.labels[seat]
    return label.capitalize() if start and label == "you" else label


def _free_text(race: LiveRace, event: Event) -> str:
    if not event.free:
        return "no card was left to give"
    each = [
        f"{_who(race, seat, start=False)} {'take' if seat == 0 else 'takes'} {card.upper()}"
        for seat, card in event.free
    ]
    return ", ".join(each) + (" (free card)" if len(each) == 1 else " (free cards)")


def describe(race: LiveRace, event: Event) -> str | None:
    """The feed's sentence for ``event``; None for a deal (the table shows it)."""
    word = event.word.upper()
    if event.kind == ROUND:
        dealer = race.labels[event.seat]
        return f"Round {event.round + 1} of {len(race.seats)}, dealt by {dealer}."
    if event.kind == CLAIM:
        verb = "claim" if event.seat == 0 else "claims"
        count = len(event.cards)
        return f"{_who(race, event.seat)} {verb} {word}: {cards_text(event.cards)} (+{count})"
    if event.kind == WRONG:
        called = f"{_who(race, event.seat)} called {word}: {event.reason}."
        return f"{called} Wrong call: {_free_text(race, event)}."
    if event.kind == TOO_LATE:
        return f"{word}: too late, {event.reason}. No fine."
    if event.kind == NOT_NOW:
        return f"{word}: no round is on; not counted."
    if event.kind == ROUND_OVER:
        left = len(event.cards)
        unscored = f"{left} card{'s' if left != 1 else ''} left on the table not scored"
        return f"Round {event.round + 1} over ({unscored})."
    if event.kind == FORFEIT:
        return f"{_who(race, event.seat)} forfeits the race: {event.reason}."
    if event.kind == GAME_OVER:
        return winner_text(race)
    return None


def winner_text(race: LiveRace) -> str:
    winners = [_who(race, seat, start=False) for seat in race.winners]
    best = race.best
    if len(winners) == 1:
        return f"Winner: {winners[0]} with {best} cards!"
    return f"Winner: {' and '.join(winners)}, {best} cards each!"


def summary(race: LiveRace) -> str:
    """Two lines for the terminal after the race's screen is left: how it ended, the cards
    won, and how to replay the deal."""
    if race.finished and not race.stopped:
        ended = winner_text(race)
    else:
        ended = f"Race stopped in round {race.round + 1} of {len(race.seats)}."
    cards = scores_text(race, race.scores())
    return f"{ended} Cards won: {cards}.\nseed {race.seed}: replay with --seed {race.seed}"
