"""MY WORD! bots: what each level knows, how fast it is, and what it claims.

A bot sees the table like everyone else. After every change of the table it searches
again and calls its claim after a delay: ``reaction + per_card * cards on the table``
seconds, times a seeded jitter of +-40%. Levels:

- ``hard``: any dictionary word, 1.5 s + 0.10 s a card, never calls a wrong word.
- ``medium``: familiar words, 2.0 s + 0.15 s a card, calls a wrong word 2% of the time.
- ``easy``: easy words, 2.5 s + 0.20 s a card, calls a wrong word 10% of the time.

A wrong call is a misread (``misread``): a word the bot would spell with one letter card
the table lacks, as if it had seen a card that is not there. Its thinking time, the coin
of its wrong call and the misread are drawn from the generator it is handed, which the
race builds from the decision's own seed (``move``): the same view and seed give the
same move, in this process or served over the engine protocol.

A bot that has found a word keeps it while the table changes, as long as its cards are
still there; a bot whose word was taken searches again from that moment.

Claim policies (``level:policy``; the default is ``most``):
- ``most``: the claim with the most cards (then the most familiar word).
- ``first``: the first word it would think of: the most familiar it can claim.
- ``wait``: the most cards, but only once it takes 5 cards or more, or when the deck is out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.race.calls import Call, Move, RaceView, Wait
from solver.runtime.errors import UserError

POLICIES = ("most", "first", "wait")
WAIT_FOR = 5
MISREAD_LETTERS = 6  # letters a bot tries when it misreads the table


@dataclass(frozen=True)
class RaceBot:
    name: str
    tier: str  # vocabulary
    reaction: float  # seconds before any claim
    per_card: float  # seconds more for each card on the table
    error_rate: float  # chance that a call is a wrong word
    policy: str = "most"

    def delay(self, cards_on_table: int, rng: random.Random) -> float:
        return (self.reaction + self.per_card * cards_on_table) * rng.uniform(0.6, 1.4)

    def look(self, view: RaceView, rng: random.Random) -> Call | None:
        """The bot of ``seats.RaceBotProtocol``: its claim on the table it sees, called
        after its delay (its vocabulary and policy: ``bot_claim``)."""
        word = bot_claim(list(view.table), self, view.to_deal == 0, view.lang)
        if word is None:
            return None
        return Call(word, self.delay(len(view.table), rng))


LEVELS = {
    "hard": RaceBot("hard", "all", 1.5, 0.10, 0.0),
    "medium": RaceBot("medium", "familiar", 2.0, 0.15, 0.02),
    "easy": RaceBot("easy", "easy", 2.5, 0.20, 0.10),
}


HARD, MEDIUM, EASY = LEVELS["hard"], LEVELS["medium"], LEVELS["easy"]


def parse_bot(spec: str) -> RaceBot:
    """``hard``, ``medium`` or ``easy``, optionally with ``:most``, ``:first`` or ``:wait``."""
    level, colon, policy = spec.strip().lower().partition(":")
    if level not in LEVELS:
        raise UserError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
    if colon and not policy:  # "hard:" names no policy: a mistake, not the default
        raise UserError(
            f"no claim policy after {spec.strip()!r} (choose from {', '.join(POLICIES)})"
        )
    policy = policy or "most"
    if policy not in POLICIES:
        raise UserError(f"unknown claim policy {policy!r} (choose from {', '.join(POLICIES)})")
    bot = LEVELS[level]
    return RaceBot(
        f"{level}:{policy}" if policy != "most" else level,
        bot.tier,
        bot.reaction,
        bot.per_card,
        bot.error_rate,
        policy,
    )


def parse_players(text: str, parse: Callable[[str], Any] = parse_bot) -> list:
    """2 to 6 bots, comma-separated, each read by ``parse`` (the built-in levels; a bench
    also takes bots of one's own: ``seats.bench_players``)."""
    if not all(spec.strip() for spec in text.split(",")):
        raise UserError(f"an empty name in {text!r}: name every player, comma-separated")
    players = [parse(spec) for spec in text.split(",")]
    if not 2 <= len(players) <= 6:
        raise UserError("MY WORD! is played by 2 to 6 players")
    return players


def bot_claim(table: list[str], bot: RaceBot, deck_empty: bool, lang: str) -> str | None:
    """The word a bot would call on this table, by its vocabulary and policy (the game
    spells it when the call is heard: the most cards, as the index counted them)."""
    from solver.race.index import ranked_indices, word_table

    vocabulary = word_table(bot.tier, lang)
    if bot.policy == "first":
        ranked = ranked_indices(table, bot.tier, lang, top=None)
        if not ranked:
            return None
        index = max((i for _, i in ranked), key=lambda i: (vocabulary.zipf[i], -i))
    else:
        ranked = ranked_indices(table, bot.tier, lang, top=1)
        if not ranked:
            return None
        cards, index = ranked[0]
        if bot.policy == "wait" and cards < WAIT_FOR and not deck_empty:
            return None
    return vocabulary.word(index)


def misread(table: list[str], bot: RaceBot, rng: random.Random, lang: str) -> str | None:
    """A bot's wrong call: a word of its vocabulary that one more letter card would let it
    spell, as if it had seen a card that is not there; None when it finds none."""
    from solver.race.claims import best_spelling
    from solver.race.index import ranked_indices, word_table
    from solver.wordtools import lexicon

    alphabet = lexicon.language(lang).alphabet
    vocabulary = word_table(bot.tier, lang)
    for letter in rng.sample(alphabet, min(MISREAD_LETTERS, len(alphabet))):
        for _, index in ranked_indices([*table, letter], bot.tier, lang, top=10):
            word = vocabulary.word(index)
            if not best_spelling(table, word, lang).ok:
                return word
    return None


def move(bot: RaceBot, view: RaceView, rng: random.Random) -> Move:
    """A built-in level's move in the race (``state.RaceState``): its call (``look``), or a
    misread in its stead ``error_rate`` of the time, drawn from ``rng`` after its delay;
    a Wait when it has no claim."""
    call = bot.look(view, rng)
    if call is None:
        return Wait()
    if bot.error_rate and rng.random() < bot.error_rate:
        wrong = misread(list(view.table), bot, rng, view.lang)
        if wrong is not None:
            return Call(wrong, call.after)
    return call
