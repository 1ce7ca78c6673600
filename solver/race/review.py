"""A finished MY WORD! race reviewed table by table (``solver.arena.review``), from the
document ``record.py`` saves.

Every table the players saw is rebuilt from the events: each round's pack is shuffled again
from the seed (``seeds.derived(seed, "deal", round)``, as the race dealt it) and every card
dealt, taken or given away must be the one the race's rules give; a document they do not
bear out is refused in one line. A table ends when a call changes it (a claim, or the free
cards after a wrong call) or the round ends.

For each table that ends, for the person: the best claim that was there (the most cards,
then the most familiar word, among the words of ``TIER``: words a person may be expected
to know, not every word the dictionary accepts), who took what and how fast (seconds from
when the cards of the word were first all on the table, without a break, to the call
heard), and, when the person took less than the best, the claim missed and how long it
stood (from when its cards were all out to when the table changed). Each bot's claims and
wrong calls are reviewed the same way as its moves.

The measure is cards (one point each): what the seat's call took there, and the best claim
of the table. A table the person let go costs the best claim's cards, whoever took the
table's cards; so the "best possible" of the review is the person taking the best claim of
every table, an upper bound no one reaches against fast bots, but the one that says which
claims were there to see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from solver.arena.review import GameReview, ReviewedMove
from solver.race.claims import best_spelling
from solver.race.deck import Deck
from solver.race.index import claims
from solver.race.live import CLAIM, DEAL, ROUND, ROUND_OVER, TOO_LATE, WRONG, YOU, EventDocument
from solver.race.record import RECORD, RaceRecord
from solver.runtime import seeds
from solver.runtime.errors import UserError

TITLE = "MY WORD!"
TIER = "familiar"  # the words a best claim is looked for among (see the docstring)
MEASURE = (
    "cards: what the call took from the table, and the best claim of familiar words the "
    "table held before it changed; cost: the best claim's cards less the call's; out: how "
    "long the best claim had stood on the table when the call came"
)
SHOWN = (("stood", "out {} s"),)  # each move's own figure, named in MEASURE


@dataclass(frozen=True)
class _Table:
    """A table as it stood from ``since``: its cards."""

    since: float
    cards: tuple[str, ...]


def review(readable: Any, sealed: Any, source: str = "") -> GameReview:
    """The review of a finished race from its save (nothing is sealed in one)."""
    where = source or "the save"
    if not isinstance(readable, dict) or readable.get("record") != RECORD:
        raise UserError(f"{where} is not a MY WORD! race this version can review")
    try:
        return _review(cast(RaceRecord, readable), source)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise UserError(f"{where} is not a valid saved race: {error!r:.80}") from None


# ``document``: a save's, read as ``record.document`` wrote it; ``review`` turns what is
# missing or mistyped into one line.
def _review(document: RaceRecord, source: str) -> GameReview:
    where = source or "the save"
    deck = Deck(
        str(document["deck"]),
        str(document["lang"]),
        tuple((str(card), int(count)) for card, count in document["cards"]),
    )
    seed, players = int(document["seed"]), [str(p) for p in document["players"]]
    won = [0] * len(players)
    moves: list[ReviewedMove] = []
    late: list[str] = []
    table: list[str] = []
    to_deal: list[str] = []
    history: list[_Table] = []
    began = 0.0
    for facts in document["events"]:
        kind, now, number = facts["kind"], float(facts["time"]), int(facts["round"])
        seat, cards = int(facts.get("seat", -1)), [str(c) for c in facts.get("cards", ())]
        if kind == ROUND:
            table, began = [], now
            to_deal = deck.cards()
            seeds.derived(seed, "deal", number).shuffle(to_deal)
            history = [_Table(now, ())]
            continue
        if kind == DEAL:
            if not to_deal or cards != [to_deal.pop()]:
                raise UserError(f"{where}: round {number + 1} deals what its seed does not")
            table.append(cards[0])
        elif kind in (CLAIM, WRONG, ROUND_OVER):
            shown = tuple(table)
            moves += _analysed(len(moves), facts, shown, history, players, began, deck.lang)
            if kind == CLAIM:
                spelled = best_spelling(shown, str(facts["word"]), deck.lang)
                if not spelled.ok or list(spelled.cards) != cards:
                    raise UserError(f"{where}: a claim the table could not make")
                for card in cards:
                    table.remove(card)
                won[seat] += len(cards)
            elif kind == WRONG:
                for other, free_card in facts["free"]:  # from the table, else the pack
                    given = table.pop(0) if table else to_deal.pop() if to_deal else None
                    if given != free_card:
                        raise UserError(f"{where}: a free card the rules do not give")
                    won[int(other)] += 1
            elif list(shown) != cards:
                raise UserError(f"{where}: round {number + 1} ends with another table")
        elif kind == TOO_LATE and seat == YOU:
            late.append(str(facts["word"]).upper())
        history.append(_Table(now, tuple(table)))
    forfeit = document.get("forfeit")
    if forfeit is None and won != [int(n) for n in document["totals"]]:
        raise UserError(f"{where}: its totals are not the cards its calls took")
    if forfeit is not None:  # the seat that forfeited scores 0 (live.LiveRace.scores)
        won[players.index(str(forfeit["player"]))] = 0
    notes = [f"your calls too late: {', '.join(late)}"] if late else []
    if forfeit is not None:
        notes.append(f"{forfeit['player']} forfeited")
    return GameReview(
        game="race",
        title=TITLE,
        players=tuple(players),
        person=YOU,
        totals=tuple(won),
        measure=MEASURE,
        moves=tuple(moves),
        notes=tuple(notes),
        source=source,
        shown=SHOWN,
    )


def _since(history: list[_Table], word: str, count: int, lang: str) -> float | None:
    """When ``word`` was first spellable with ``count`` cards on every table up to the
    last of ``history`` (None: not on the last)."""
    since = None
    for table in reversed(history):
        spelled = best_spelling(table.cards, word, lang)
        if not spelled.ok or len(spelled.cards) < count:
            break
        since = table.since
    return since


def _analysed(
    first: int,
    facts: EventDocument,
    shown: tuple[str, ...],
    history: list[_Table],
    players: list[str],
    began: float,
    lang: str,
) -> list[ReviewedMove]:
    """The reviewed moves of a table that ends with ``facts`` (a claim, a wrong call or
    the round's end): the person's, and the caller's when a bot called."""
    kind, now = facts["kind"], float(facts["time"])
    calling = kind in (CLAIM, WRONG)
    seat = int(facts["seat"]) if calling else -1  # a round's end names its dealer: no caller
    word = str(facts.get("word", ""))
    found = claims(list(shown), TIER, lang, top=1) if len(shown) >= 3 else []
    best = found[0] if found else None
    best_cards = len(best.cards) if best else 0
    stood = _since(history, best.word, best_cards, lang) if best else None
    taken = len(facts.get("cards", ())) if kind == CLAIM else 0
    fast = _since(history, word, taken, lang) if kind == CLAIM else None
    when = f"round {int(facts['round']) + 1}, {now - began:.1f} s"
    table_facts = {
        "round": int(facts["round"]) + 1,
        "time": round(now - began, 3),
        "table": " ".join(shown).upper(),
        "best_cards": best_cards,
        "stood": None if stood is None else round(now - stood, 1),
    }
    caller = players[seat] if calling else ""
    if kind == CLAIM:
        took = f"{caller} took {word.upper()} ({taken} cards)"
        if fast is not None:
            took += f" {now - fast:.1f} s after its cards were out"
    elif kind == WRONG:
        took = f"{caller} called {word.upper()}: a wrong call"
    else:
        took = "the round ended"
    moves = []
    if best is not None or (calling and seat == YOU):
        played = _played(kind, word) if seat == YOU else ""
        notes = [took]
        if best is not None and (seat != YOU or taken < best_cards) and stood is not None:
            notes.append(f"missed {best.word.upper()}")
        moves.append(
            ReviewedMove(
                first,
                YOU,
                when,
                played,
                best.word.upper() if best else "",
                float(taken if seat == YOU else 0),
                float(best_cards),
                tuple(notes),
                table_facts | {"taker": caller or None, "taken": word if calling else None},
            )
        )
    if calling and seat != YOU:
        moves.append(
            ReviewedMove(
                first + len(moves),
                seat,
                when,
                _played(kind, word),
                best.word.upper() if best else "",
                float(taken),
                float(best_cards),
                (took,),
                table_facts | {"taker": caller, "taken": word},
            )
        )
    return moves


def _played(kind: str, word: str) -> str:
    return word.upper() if kind == CLAIM else f"{word.upper()} (wrong)"
