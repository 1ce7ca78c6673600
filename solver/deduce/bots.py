"""Bot opponents for What's My Word?: how a bot of each difficulty guesses.

A level fixes the strategy, the vocabulary the bot guesses from, and its slack: a bot
with slack k picks, with its seeded generator, one of its k best Guesswords instead of the
best (never on the last row, where it names its best guess). The hidden word a bot of a
level chooses is ``picks.pick``'s business.

- ``easy``: ``points`` strategy, easy-tier vocabulary, picks among its 3 best.
- ``medium``: ``lookahead``, the default vocabulary (the words a person knows,
  ``familiar``), picks among its 2 best.
- ``hard``: ``lookahead``, the same vocabulary, always its best: the full solver. It once
  guessed from every dictionary word (``all``), and played HENT, SOKE and HAZAN at people,
  who may reject a Guessword they do not know (the rulebook); a bot that fits people plays
  words they know, so no level guesses from beyond ``familiar`` (``docs/known-words.md``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solver.deduce import candidates as cand
from solver.deduce.opening import remembered_choose
from solver.deduce.rules import Sheet
from solver.deduce.strategies import DEFAULT_VOCABULARY
from solver.runtime.errors import UserError
from solver.wordtools import lexicon


@dataclass(frozen=True)
class BotLevel:
    strategy: str
    vocabulary: str  # lexicon tier the bot guesses from
    slack: int  # chooses among its `slack` best Guesswords


LEVELS = {
    "easy": BotLevel("points", "easy", 3),
    "medium": BotLevel("lookahead", DEFAULT_VOCABULARY, 2),
    "hard": BotLevel("lookahead", DEFAULT_VOCABULARY, 1),
}


def level(difficulty: str) -> BotLevel:
    try:
        return LEVELS[difficulty]
    except KeyError:
        known = ", ".join(LEVELS)
        raise UserError(f"unknown difficulty {difficulty!r} (choose from {known})") from None


def bot_guess(
    bot: BotLevel,
    history: list[cand.Turn],
    sheet: Sheet,
    rng: random.Random,
    pool: lexicon.Pool | None = None,
    lang: str = "en",
    seconds: float | None = None,
) -> str:
    """The bot's Guessword for the next row, from what it has heard so far."""
    deduction = cand.deduce(history, sheet, pool, "familiar", lang)
    if not deduction.consistent:  # a person kept a wrong score: believe the likeliest fix
        wrong = cand.explain(history, sheet, "familiar", lang, pool=pool)
        deduction = cand.deduce(wrong.believed(history), sheet, pool, "familiar", lang)
    row_index = len(history)
    slack = 1 if sheet.is_last(row_index) else bot.slack
    choices = remembered_choose(
        deduction,
        sheet,
        row_index,
        bot.strategy,
        lang,
        slack,
        seconds,
        bot.vocabulary,
        prior="familiar",
    )
    return rng.choice(choices).guess if len(choices) > 1 else choices[0].guess
