"""The race's feed: each event of ``live.LiveRace`` in one plain sentence, each reason
(``live.Reason``) in a few words, and the race as ``--json`` prints it.

Both front ends (the line mode and the Textual screen) say the same thing the same way,
so a ruling reads alike in a pipe and in the app. Plain text, never markup: the sentences
hold the words the person typed. The race itself returns data (events, reason codes and
their facts); every word a person reads is chosen here.
"""

from __future__ import annotations

from pathlib import Path

from solver.race.bots import describe_skill
from solver.race.claims import MIN_CARDS
from solver.race.live import (
    BETWEEN_ROUNDS,
    CALLS,
    CLAIM,
    CLAIMED_FIRST,
    DEALT,
    FORFEIT,
    GAME_OVER,
    GIVEN_AWAY,
    LACKS,
    NOT_A_WORD,
    NOT_NOW,
    ROUND,
    ROUND_OVER,
    SEAT_FAILED,
    TOO_FEW,
    UNSPELLED,
    WRONG,
    Event,
    LiveRace,
    RaceDocument,
    Reason,
    Taken,
    TooLate,
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


def _not_a_word(race: LiveRace, reason: Reason) -> str:
    return "not in the dictionary"


def _too_few(race: LiveRace, reason: Reason) -> str:
    return f"a claim takes at least {MIN_CARDS} cards"


def _unspelled(race: LiveRace, reason: Reason) -> str:
    return "the cards on the table cannot spell it"


def _lacks(race: LiveRace, reason: Reason) -> str:
    held = "no" if not reason.held else f"only {reason.held}"
    return f"the table has {held} {reason.letter.upper()}"


def _between_rounds(race: LiveRace, reason: Reason) -> str:
    return "between rounds"


def _claimed_first(race: LiveRace, reason: Reason) -> str:
    return f"{race.labels[reason.seat]} claimed {reason.word.upper()} first"


def _whose(race: LiveRace, seat: int) -> str:
    return "your" if seat == 0 else f"{race.labels[seat]}'s"


def _given_away(race: LiveRace, reason: Reason) -> str:
    return f"its cards went as free cards after {_whose(race, reason.seat)} wrong call"


def _dealt(race: LiveRace, reason: Reason) -> str:
    return "dealt"


def _seat_failed(race: LiveRace, reason: Reason) -> str:
    return reason.detail


REASONS = {
    NOT_A_WORD: _not_a_word,
    TOO_FEW: _too_few,
    UNSPELLED: _unspelled,
    LACKS: _lacks,
    BETWEEN_ROUNDS: _between_rounds,
    CLAIMED_FIRST: _claimed_first,
    GIVEN_AWAY: _given_away,
    DEALT: _dealt,
    SEAT_FAILED: _seat_failed,
}


def taken_text(race: LiveRace, taken: Taken, caller: int) -> str:
    """One change that took a too-late word's cards, and how long before the call:
    "Ivo (medium) claimed HAND 0.4 s before you" ("... 0.4 s earlier" for a bot's call)."""
    if caller == 0:
        ago = "just before you" if taken.before < 0.05 else f"{taken.before:.1f} s before you"
    else:
        ago = "a moment earlier" if taken.before < 0.05 else f"{taken.before:.1f} s earlier"
    if taken.code == CLAIMED_FIRST:
        return f"{race.labels[taken.seat]} claimed {taken.word.upper()} {ago}"
    return f"its cards went as free cards after {_whose(race, taken.seat)} wrong call {ago}"


def takers_text(race: LiveRace, event: TooLate) -> str:
    """Who took a too-late word's cards, each with how long before the call, in order."""
    return ", then ".join(taken_text(race, taken, event.seat) for taken in event.takers)


def reason_text(race: LiveRace, reason: Reason | None) -> str:
    """A reason in a few words ("the table has no C", "Ada (medium) claimed CATS first");
    no reason is the empty string."""
    return "" if reason is None else REASONS[reason.code](race, reason)


LONGEST_SHOWN = 40  # letters of a call said back in full; a longer one is cut, its length named


def not_a_call(race: LiveRace, line: str) -> str | None:
    """What a typed line holding characters of no letter of the race's alphabet is told
    instead of being called (None: it is a call). No one can say such a word across a
    table: it is a slip of the keyboard, not a wrong call, and What's My Word? refuses
    the same line without a cost (a newcomer was fined a card for typing ñ日本)."""
    from solver.wordtools import lexicon

    spec = lexicon.language(race.deck.lang)
    letters = spec.normalize(line).replace(" ", "")
    if not spec.foreign_letters(letters):
        return None
    return (
        f"A call takes letters of the {spec.name} alphabet, not "
        f"{spec.shown_foreign(letters)}: nothing was called."
    )


def _said(word: str) -> str:
    """A call as the feed says it back: whole, or its start and its length when long."""
    if len(word) <= LONGEST_SHOWN:
        return word
    return f"{word[:LONGEST_SHOWN]}... ({len(word)} letters)"


def describe(race: LiveRace, event: Event) -> str | None:
    """The feed's sentence for ``event``; None for a deal (the table shows it)."""
    word = _said(event.word.upper())
    if event.kind == ROUND:
        dealer = race.labels[event.seat]
        return f"Round {event.round + 1} of {len(race.seats)}, dealt by {dealer}."
    if event.kind == CLAIM:
        verb = "claim" if event.seat == 0 else "claims"
        count = len(event.cards)
        return f"{_who(race, event.seat)} {verb} {word}: {cards_text(event.cards)} (+{count})"
    if event.kind == WRONG:
        called = f"{_who(race, event.seat)} called {word}: {reason_text(race, event.reason)}."
        return f"{called} Wrong call: {_free_text(race, event)}."
    if isinstance(event, TooLate):
        called = word if event.seat == 0 else f"{_who(race, event.seat)} called {word}"
        return f"{called}: too late, {takers_text(race, event)}. No fine."
    if event.kind == NOT_NOW:
        return f"{word}: no round is on; not counted."
    if event.kind == ROUND_OVER:
        left = len(event.cards)
        unscored = f"{left} card{'s' if left != 1 else ''} left on the table not scored"
        return f"Round {event.round + 1} over ({unscored}).{level_move_text(race, event.round)}"
    if event.kind == FORFEIT:
        why = reason_text(race, event.reason)
        return f"{_who(race, event.seat)} forfeits the race: {why}."
    if event.kind == GAME_OVER:
        return winner_text(race)
    return None


def level_start_text(race: LiveRace) -> str | None:
    """Said as a race at the adaptive level begins: where its bots start (None: a race
    at a fixed level)."""
    if race.auto is None:
        return None
    from solver.race.adaptive import where_text

    return (
        f"Bots' level: auto, at {where_text(race.auto.start)}; it moves after every round "
        "toward an even game, and is remembered for your next race."
    )


def unsaid_warnings(race: LiveRace) -> list[str]:
    """The adaptive level's warnings not yet said (its memory unread or unwritten): each
    is said once, by the front end that asks."""
    if race.auto is None or not race.auto.warnings:
        return []
    said, race.auto.warnings = race.auto.warnings, []
    return said


def level_move_text(race: LiveRace, round_: int) -> str:
    """After a round at the adaptive level: the level it was played at, the person's share
    of the cards and the level of the next round (or race); empty at a fixed level."""
    if race.auto is None:
        return ""
    moves = [move for move in race.auto.moves if move.round == round_]
    if not moves:
        return ""
    from solver.race.adaptive import where_text

    move = moves[-1]
    even = f"{1 / len(race.seats):.0%}"
    won = f"you won {move.share:.0%} of the cards (even: {even})"
    share = "no one won a card" if move.share is None else won
    upcoming = "next race" if round_ + 1 == len(race.seats) else "next round"
    return f" Bots' level {move.played:.2f}: {share}; {upcoming} at {where_text(move.next)}."


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
    return f"{ended} Cards won: {cards}.\n{seed_line(race)}"


def start_line(race: LiveRace) -> str:
    """Said as a race begins. A fresh seed is secret until the race is over, since it deals
    the cards still to come; a typed one makes the race a replay, said as such."""
    if race.replay:
        return f"A replay of seed {race.seed}: the cards come as it deals them."
    return "A fresh secret seed deals the cards; it is shown when the race is over."


def seed_line(race: LiveRace) -> str:
    """How to replay the deal: said once the race is over (``start_line``)."""
    # The seed once per line: 39 digits twice would not fit a terminal's width.
    if race.replay:
        return f"This race replayed --seed {race.seed}."
    return f"Replay this deal with --seed {race.seed}."


def race_document(race: LiveRace) -> RaceDocument:
    """The race as ``--json`` prints it: ``LiveRace.to_json`` with every reason worded as
    the feed words it (the document's shape of before reasons were data)."""
    document = race.to_json()
    calls = [event for event in race.events if event.kind in CALLS]
    for call, event in zip(document["calls"], calls, strict=True):
        if isinstance(event, TooLate):
            call["reason"] = takers_text(race, event)
        else:
            call["reason"] = reason_text(race, event.reason)
    if race.auto is not None:
        document["auto"]["where"] = describe_skill(race.auto.skill)
    if "forfeit" in document:
        [failed] = [event for event in race.events if event.kind == FORFEIT]
        document["forfeit"]["reason"] = reason_text(race, failed.reason)
    return document


def kept_line(path: Path | None, problem: str | None) -> str | None:
    """What the front ends say once a finished race is saved (``record.keep``)."""
    if problem is not None:
        return f"Warning: the race was not saved for a review: {problem}"
    from solver.ui.saved import review_hint

    return review_hint(path, "Race") or None
