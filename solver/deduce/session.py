"""A whole game of What's My Word? between a person and the bot: its state and its moves.

The game state is a plain dict that is saved as JSON after every move, so a game survives
Ctrl-C, a closed pipe or a crash and resumes exactly where it stopped. ``Game`` holds the
state and makes the moves; it never talks to the person. A front end asks it what it waits
for (``Game.waiting``), asks the person, sends the answer as a move and words the events
the move returns (``solver.deduce.ui.words``: data here, sentences there); a refused move
raises ``Refused`` with the reason to show. The line mode
(``solver.deduce.ui.lines``) and the full-screen app (``solver.deduce.ui.screens``) drive
the same game this way.

Rules as the rulebook gives them: a 6-letter round (Purple first) then a 7-letter round
(Red first); turns alternate; every row of both sheets is filled even after a word is
found; 3000 more for naming the word on the last row; round totals, grand total, winner.

Scoring the bot's Guesswords: by default the person types their Gameword (hidden) at the
start of the round and the program scores the bot. With ``you_score`` the word stays on
paper and the person gives each score; the bot checks every score it hears, and as soon as
no word fits them it names the score most likely wrong and asks for a recheck. At the end
of the round the person reveals the word and the bot audits every score: for each wrong
score the bot gets 2000 points per turn the error went undetected (the rulebook's
penalty). We count those turns as the bot's turns from the wrong score up to, not
including, the turn at which it was detected (a score caught at once costs nothing; one
never caught costs every turn to the end of the round). After the audit every row of the
bot's sheet holds its right score, so the rows plus the penalty make the bot's total.

Which score to recheck: the fewest scores that must be wrong, weighed over every word that
needs only that few changes (not the single likeliest word, which may blame a row that is
right). A score the person has rechecked, kept or corrected, is taken as confirmed and
never named again: the bot looks for the mistake among the others.

The one-minute variation (``turn_seconds``): a Guessword given after the limit scores 0 for
that turn (the front end times the answer; the prompt is not cut off). The bot keeps the
same limit as its time budget.

A new game without a seed draws a fresh one of 128 bits (``seeds.fresh``): it decides the
bot's Gamewords, so it is sealed in the save with them, with each round's ``bot_seed`` (drawn
from it), and shown only once the game is over; then ``--seed N`` replays the same Gamewords
and the same bot. A game started from a typed seed is a replay (``replay`` in its settings)
and says so: whoever typed the seed may know the bot's words.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NotRequired, TypedDict, cast

import numpy as np

from solver.arena.protocol import DEFAULT_TIME_LIMIT, Forfeited, ForfeitNote
from solver.deduce import candidates as cand
from solver.deduce import opponent
from solver.deduce.bots import bot_guess, level
from solver.deduce.picks import pick
from solver.deduce.rules import (
    BOT_NAME,
    PENALTY,
    Mark,
    Sheet,
    default_sheet,
    marking,
    possible_scores,
    score,
)
from solver.deduce.state import Picked, Scored
from solver.runtime import record, savefile, seeds
from solver.runtime.errors import UserError
from solver.runtime.numbers import NUMBER_TEXT, whole
from solver.wordtools import lexicon

STATE_VERSION = 1
COLOURS = ("purple", "red")


# --- the game state, as saved (JSON: a save's readable part plus its sealed one) ------------
class YourRow(TypedDict):
    """A row of your sheet: your Guessword and its score (0 when ``late``)."""

    guess: str
    score: int
    late: bool


class BotRow(TypedDict):
    """A row of the bot's sheet: its Guessword, the score it heard and the score it is
    credited (the right one once audited)."""

    guess: str
    heard: int
    score: int


class Recheck(TypedDict):
    """A score the bot asked you to recheck: its row, the score before and after, and the
    bot's turn it was asked at."""

    row: int
    was: int
    now: int
    turn: int


class AuditError(TypedDict):
    """A score you gave wrong, as ``audit`` finds it."""

    row: int
    given: int
    true: int
    turns_undetected: int


class Audit(TypedDict):
    """What ``audit`` finds: the scores you gave wrong, and the bot's penalty for them."""

    errors: list[AuditError]
    penalty: int


class AuditedRound(TypedDict):
    """What ``audit`` reads of a round (a ``GameRound`` has it all; the assistant adapts
    its rounds to it)."""

    length: int
    your_word: str | None
    bot: list[BotRow]
    rechecks: list[Recheck]


class PublicRound(TypedDict):
    """A round as a save shows it (``public``): the Gamewords and the bot seed sealed."""

    length: int
    first: str
    you: list[YourRow]
    bot: list[BotRow]
    rechecks: list[Recheck]
    audit: Audit | None


class GameRound(PublicRound):
    """A round of the game state: what a save shows and its sealed fields (``SECRET_FIELDS``)."""

    bot_word: str | None  # None until an opponent of one's own picks it
    your_word: str | None
    bot_seed: int


class SavedSettings(TypedDict):
    """``Settings`` as the state keeps them (``settings_json``): an opponent, its engine
    time and the replay flag only when they differ from the defaults."""

    rounds: int
    difficulty: str
    seed: int | None
    lang: str
    pool_from: str | None
    turn_seconds: float | None
    accept_nonwords: bool
    you_score: bool
    hints: bool
    you: str
    opponent: NotRequired[str]
    engine_time: NotRequired[float]
    replay: NotRequired[bool]


class GameState(TypedDict):
    """The whole game, the plain data ``Game`` plays on and ``save`` writes."""

    version: int
    settings: SavedSettings
    round: int
    rounds: list[GameRound]
    finished: bool
    forfeit: NotRequired[ForfeitNote]  # only when the opponent's seat forfeited


class RoundTotals(TypedDict):
    """A round's points: yours, and the bot's with its rows and penalty apart."""

    you: int
    bot: int  # the bot's rows plus its penalty
    bot_rows: int
    penalty: int


class Totals(TypedDict):
    """The game's points (``totals``): each round's, the sums and the winner."""

    rounds: list[RoundTotals]
    you: int
    bot: int
    winner: str | None  # "you", "bot" or "tie"; None in a game not over (``public``)


class GameDocument(GameState):
    """The game as JSON (``document``): the state and its totals."""

    totals: Totals


class PublicGame(TypedDict):
    """The game as a save shows it and ``--json`` prints it before the end (``public``)."""

    version: int
    settings: SavedSettings
    round: int
    rounds: list[PublicRound]
    finished: bool
    forfeit: NotRequired[ForfeitNote]
    totals: Totals


class SealedRound(TypedDict):
    bot_word: str | None
    your_word: str | None
    bot_seed: int


class Sealed(TypedDict):
    """A save's sealed part: each round's secret fields and the game's seed."""

    rounds: list[SealedRound]
    seed: int | None


@dataclass(frozen=True)
class Settings:
    rounds: int = 2
    difficulty: str = "medium"
    seed: int | None = None
    lang: str = "en"
    pool_from: str | None = None  # a page of text: both Gamewords come from it
    turn_seconds: float | None = None
    accept_nonwords: bool = False
    you_score: bool = False
    hints: bool = False  # on request (the full screen's !): they all but solve the round
    you: str = "purple"
    opponent: str | None = None  # a player of one's own (``opponent``); None: the bot
    engine_time: float = DEFAULT_TIME_LIMIT  # seconds an engine opponent has per move
    replay: bool = False  # started from a typed seed: its hidden words may be known


def settings_json(settings: Settings) -> SavedSettings:
    """The settings as the state keeps them: an opponent and its engine time only when
    given, so that a game against the bot saves (and prints) as it always did."""
    kept = cast(SavedSettings, dict(settings.__dict__))  # the fields, in their order
    if settings.opponent is None:
        del kept["opponent"]
    if settings.engine_time == DEFAULT_TIME_LIMIT:
        del kept["engine_time"]
    if not settings.replay:
        del kept["replay"]
    return kept


def new_game(settings: Settings) -> GameState:
    """A fresh game state; the bot's Gamewords are chosen now, from the seed (a fresh one
    when none is given: it is kept in the settings, so that it can be shown and replayed)."""
    if settings.rounds not in (1, 2):
        raise UserError("a game has 1 or 2 rounds")
    if settings.you not in COLOURS:
        raise UserError("you play purple or red")
    level(settings.difficulty)
    settings = replace(
        settings,
        seed=seeds.or_fresh(settings.seed),
        replay=settings.replay or seeds.is_replay(settings.seed),
    )
    rng = seeds.rng(settings.seed)
    rounds: list[GameRound] = []
    for number, length in enumerate((6, 7)[: settings.rounds]):
        first = "purple" if number == 0 else "red"
        bot_word: str | None
        if settings.pool_from:
            pool = page_pool(settings, length)
            bot_word = rng.choice(pool.words)
        elif settings.opponent is None:
            bot_word = pick(length, settings.difficulty, rng.randrange(2**32), settings.lang)
        else:  # a player of one's own picks at the round's start (``Game``)
            rng.randrange(2**32)  # drawn all the same: the bot seeds stay the seed's
            bot_word = None
        rounds.append(
            {
                "length": length,
                "first": first,
                "bot_word": bot_word,
                "your_word": None,
                "you": [],
                "bot": [],
                "rechecks": [],
                "audit": None,
                "bot_seed": rng.randrange(2**32),
            }
        )
    return {
        "version": STATE_VERSION,
        "settings": settings_json(settings),
        "round": 0,
        "rounds": rounds,
        "finished": False,
    }


def page_pool(settings: Settings, length: int) -> lexicon.Pool:
    """The words of the agreed page of text (the newspaper variation) of a length."""
    if settings.pool_from is None:
        raise ValueError("this game plays no page of text")
    return lexicon.pool(length, None, settings.lang, from_text=Path(settings.pool_from))


def settings_of(state: GameState | PublicGame) -> Settings:
    return Settings(**state["settings"])


def document(state: GameState) -> GameDocument:
    """The game as JSON: the state (a JSON dict already) and its totals, so that a reader
    of the file sees the same numbers as the screen without redoing the sums."""
    return {**state, "totals": totals(state)}


# Sealed in the save: nobody reads them there. ``bot_seed`` is drawn from the game's seed
# just after the bot's Gameword: shown, it would be a check for anyone trying seeds.
SECRET_FIELDS = ("bot_word", "your_word", "bot_seed")


def public(state: GameState) -> PublicGame:
    """The game as JSON without the Gamewords, nor, until the game is over, its seed (which
    draws the bot's words: replaying it would give them away): what a save shows, and what
    ``--json`` prints of a game that is not over."""
    whole = document(state)
    rounds = [
        cast(PublicRound, {k: v for k, v in r.items() if k not in SECRET_FIELDS})
        for r in whole["rounds"]
    ]
    readable: PublicGame = {**whole, "rounds": rounds}
    if not state["finished"]:
        readable["settings"] = readable["settings"] | {"seed": None}
        # no winner yet: a game left after its first row named the one ahead then
        readable["totals"] = readable["totals"] | {"winner": None}
    return readable


def save(state: GameState, path: Path) -> None:
    """Save the game: the bot's hidden words (and yours) and the seed sealed, the rest
    readable, all signed (``savefile``)."""
    secret: Sealed = {
        "rounds": [
            {"bot_word": r["bot_word"], "your_word": r["your_word"], "bot_seed": r["bot_seed"]}
            for r in state["rounds"]
        ],
        "seed": state["settings"]["seed"],
    }
    identity = savefile.write("deduce", public(state), secret, bool(state["finished"]), path)
    if state["finished"]:
        record.add(finished_entry(state, identity, Path(path).name))


def _best_possible(rounds: list[GameRound], lang: str) -> int | None:
    """What knowing the bot's Gamewords would have scored in ``rounds``; None when a
    Gameword is unknown or outside the dictionary (a page's word)."""
    from solver.deduce.game import oracle

    total = 0
    for game_round in rounds:
        word = game_round.get("bot_word")
        if not isinstance(word, str):
            return None
        try:
            total += oracle(word, default_sheet(game_round["length"]), lang)
        except UserError:
            return None
    return total


def finished_entry(state: GameState, identity: str, name: str | None) -> record.Finished:
    """The finished game as the player's record keeps it (``runtime.record``): the best
    possible score is what knowing the bot's Gamewords would have scored (``game.oracle``:
    the best dictionary word on every row, the Gameword with the bonus on the last), so the
    share says how much of the round's points a player found, whoever the opponent was."""
    settings = state["settings"]
    scores = totals(state)
    best = _best_possible(state["rounds"], settings["lang"])
    winner = scores["winner"]
    return record.Finished(
        game="deduce",
        key=identity,
        ended=record.now(),
        opponent=settings.get("opponent") or settings["difficulty"],
        you=scores["you"],
        others=(scores["bot"],),
        result="win" if winner == "you" else "loss" if winner == "bot" else "tie",
        best=best,
        seed=settings.get("seed"),
        save=name,
        details={"rounds": len(state["rounds"]), "replay": bool(settings.get("replay"))},
    )


def load(path: Path, resuming: bool = True) -> GameState:
    """A saved game, checked whole: its signature, then every value and every score
    recomputed from the Guesswords and the Gamewords (``validate``). ``resuming``: to play
    it on (``savefile.read``); without, to look at it (a review)."""
    readable, secret = savefile.read("deduce", path, resuming)
    try:
        state = validate(unsealed(readable, secret))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
        raise UserError(f"{path} is not a valid saved game: {error}") from None
    return state


# Parsed JSON, not yet checked (``validate`` checks it and gives the ``GameState``).
def unsealed(readable: dict[str, Any], secret: dict[str, Any]) -> dict[str, Any]:
    """A saved state made whole again: its readable part (less the totals, worked out
    again) and its sealed one (the Gamewords, the bot seeds, the seed). Unchecked: raises
    KeyError, TypeError or ValueError for parts that do not fit; ``validate`` checks the
    rest."""
    state = {k: v for k, v in readable.items() if k != "totals"}
    if len(secret["rounds"]) != len(state["rounds"]):
        raise ValueError("its sealed part does not match its rounds")
    state["rounds"] = [
        # (saves from before ``bot_seed`` was sealed keep it readable)
        r | {k: hidden[k] for k in SECRET_FIELDS if k in hidden or k not in r}
        for r, hidden in zip(state["rounds"], secret["rounds"], strict=True)
    ]
    if "seed" in secret:  # saves from before the seed was sealed keep it readable
        state["settings"] = state["settings"] | {"seed": secret["seed"]}
    return state


def _require(condition: bool, problem: str) -> None:
    if not condition:
        raise ValueError(problem)


def _word(value: Any, length: int, lang: str, what: str) -> str:
    _require(
        isinstance(value, str) and len(value) == length and lexicon.is_word(value, lang),
        f"{what} is not a {length}-letter dictionary word",
    )
    return value


def validate(state: Mapping[str, Any]) -> GameState:
    """Raise ValueError at the first thing in a game state that play could not have made:
    a setting out of range, a round out of order, a score that its Guessword and the
    Gameword do not give, an audit that does not add up. Returns the state, checked."""
    _require(state.get("version") == STATE_VERSION, "an unknown state version")
    settings = Settings(**state["settings"])
    _require(settings.rounds in (1, 2) and settings.you in COLOURS, "impossible settings")
    level(settings.difficulty)
    lexicon.language(settings.lang)
    _require(
        settings.seed is None or isinstance(settings.seed, int),
        "an unreadable seed",
    )
    for flag in (settings.accept_nonwords, settings.you_score, settings.hints, settings.replay):
        _require(isinstance(flag, bool), "a setting that should be yes or no")
    seconds = settings.turn_seconds
    _require(
        seconds is None or (isinstance(seconds, int | float) and 0 < seconds < 1e6),
        "an impossible turn time",
    )
    rounds = state["rounds"]
    _require(isinstance(rounds, list) and len(rounds) == settings.rounds, "a wrong round count")
    current = state["round"]
    _require(isinstance(current, int) and 0 <= current < len(rounds), "no such round")
    _require(isinstance(state["finished"], bool), "an unreadable finished flag")
    _require(
        settings.opponent is None
        or (isinstance(settings.opponent, str) and bool(settings.opponent)),
        "an unreadable opponent",
    )
    _require(
        isinstance(settings.engine_time, int | float) and 0 < settings.engine_time <= 3600,
        "an impossible engine time",
    )
    forfeit = state.get("forfeit")
    if forfeit is not None:
        _require(
            state["finished"]
            and forfeit["seat"] == 1 - COLOURS.index(settings.you)
            and isinstance(forfeit["reason"], str),
            "an unreadable forfeit",
        )
    for number, game_round in enumerate(rounds):
        _validate_round(game_round, number, settings)
        played = len(game_round["you"]) + len(game_round["bot"])
        complete = played == len(turn_order(game_round, settings.you))
        if forfeit is not None and number >= current:
            _require(number == current or played == 0, f"round {number + 1} has begun")
        elif number < current or state["finished"]:
            _require(
                complete and (game_round["audit"] is not None or not settings.you_score),
                f"round {number + 1} is not over",
            )
        elif number > current:
            _require(
                played == 0 and game_round["your_word"] is None, f"round {number + 1} has begun"
            )
    return cast(GameState, state)  # every key and value checked above


def _validate_round(game_round: Mapping[str, Any], number: int, settings: Settings) -> None:
    length = (6, 7)[number]
    sheet = default_sheet(length)
    _require(game_round["length"] == length, f"round {number + 1} has the wrong length")
    _require(game_round["first"] == COLOURS[number], f"round {number + 1} has the wrong first")
    _require(isinstance(game_round["bot_seed"], int), "an unreadable bot seed")
    if game_round["bot_word"] is None:  # a player of one's own picks at the round's start
        _require(
            settings.opponent is not None and not game_round["you"] and not game_round["bot"],
            "the bot's Gameword is missing",
        )
        bot_word = ""
    else:
        bot_word = _word(game_round["bot_word"], length, settings.lang, "the bot's Gameword")
    your_word = game_round["your_word"]
    if your_word is not None:
        _word(your_word, length, settings.lang, "your Gameword")
    order = turn_order(cast(PublicRound, game_round), settings.you)  # its length and first checked
    you_rows, bot_rows = game_round["you"], game_round["bot"]
    played = len(you_rows) + len(bot_rows)
    _require(played <= len(order), "more rows than the sheet holds")
    _require(order[:played].count("you") == len(you_rows), "rows out of turn order")
    for index, row in enumerate(you_rows):
        spec = sheet.rows[index]
        guess = row["guess"]
        _require(
            isinstance(guess, str) and len(guess) == spec.length, "a Guessword of the wrong length"
        )
        _require(isinstance(row["late"], bool), "an unreadable late flag")
        expected = 0 if row["late"] else score(bot_word, guess, spec.offset, sheet.is_last(index))
        _require(row["score"] == expected, f"your row {index + 1} does not score {row['score']!r}")
    for index, row in enumerate(bot_rows):
        spec = sheet.rows[index]
        guess = row["guess"]
        _require(
            isinstance(guess, str) and len(guess) == spec.length, "a Guessword of the wrong length"
        )
        allowed = possible_scores(spec, length, sheet.is_last(index))
        _require(
            row["heard"] in allowed and row["score"] in allowed,
            f"bot row {index + 1}: an impossible score",
        )
        if not settings.you_score:
            _require(your_word is not None, "the bot was scored before your Gameword")
            right = score(your_word, guess, spec.offset, sheet.is_last(index))
            _require(row["heard"] == row["score"] == right, f"bot row {index + 1} is scored wrong")
    _require(isinstance(game_round["rechecks"], list), "unreadable rechecks")
    if game_round["audit"] is not None:
        _require(settings.you_score and your_word is not None, "an audit without a revealed word")
        redone = cast(GameRound, copy.deepcopy(game_round))  # audit() writes the right scores
        _require(
            audit(redone) == game_round["audit"] and redone["bot"] == bot_rows,
            "an audit that does not add up",
        )


def turn_order(game_round: PublicRound, you: str) -> list[str]:
    """Who plays each turn of a round: 'you' or 'bot', alternating, first player first."""
    first = "you" if game_round["first"] == you else "bot"
    second = "bot" if first == "you" else "you"
    rows = len(default_sheet(game_round["length"]).rows)
    return [first, second] * rows


def next_turn(game_round: PublicRound, you: str) -> str | None:
    played = len(game_round["you"]) + len(game_round["bot"])
    order = turn_order(game_round, you)
    return order[played] if played < len(order) else None


def _total(rows: list[YourRow] | list[BotRow]) -> int:
    return sum(r["score"] for r in rows)


def totals(state: GameState | PublicGame) -> Totals:
    """Round totals (with audit penalties credited to the bot), grand totals, winner.

    Each round also gives the bot's rows and its penalty apart (``bot`` is their sum), so
    that a sheet can show how its total is made.
    """
    per_round: list[RoundTotals] = []
    for game_round in state["rounds"]:
        penalty = game_round["audit"]["penalty"] if game_round["audit"] else 0
        rows = _total(game_round["bot"])
        per_round.append(
            {
                "you": _total(game_round["you"]),
                "bot": rows + penalty,
                "bot_rows": rows,
                "penalty": penalty,
            }
        )
    you = sum(r["you"] for r in per_round)
    bot = sum(r["bot"] for r in per_round)
    winner = "you" if you > bot else "bot" if bot > you else "tie"
    if state.get("forfeit"):  # the bot's seat gave no move, or one the rules refuse
        winner = "you"
    return {"rounds": per_round, "you": you, "bot": bot, "winner": winner}


def deduced_marks(words: tuple[str, ...], guess: str, offset: int) -> tuple[Mark | None, ...]:
    """How you can mark your own Guessword from what the scores tell: a letter's mark when
    every word that fits (``words``) agrees on it, None where they differ."""
    marks = {marking(word, guess, offset) for word in words}
    return tuple(
        column.pop() if len(column := {m[j] for m in marks}) == 1 else None
        for j in range(len(guess))
    )


def your_history(game_round: PublicRound) -> list[cand.Turn]:
    """What your scores tell: rows you were too late for were not scored, so they say
    nothing about the bot's word (their row is skipped, not counted as 0)."""
    return [
        cand.Turn(r["guess"], cand.UNHEARD if r["late"] else r["score"]) for r in game_round["you"]
    ]


@dataclass(frozen=True)
class Suspect:
    """The score most likely wrong, and what it would be for the likeliest word that is
    wrong on that row and fits every other score but the fewest possible."""

    row: int
    word: str
    expected: int
    fewest: int  # how many scores, at least, must be wrong (confirmed ones not counted)


def row_mismatches(
    history: list[cand.Turn], sheet: Sheet, codes: np.ndarray, lang: str
) -> dict[int, np.ndarray]:
    """For each heard row, which words (as codes) would have scored it differently.

    The search needs to know *which* rows a word contradicts, not only how many, so each
    row is checked alone (the other rows marked unheard).
    """
    alone = {}
    for row_index in cand.heard_rows(history):
        only = [
            turn if index == row_index else cand.Turn(turn.guess, cand.UNHEARD)
            for index, turn in enumerate(history)
        ]
        alone[row_index] = cand.mismatches(only, sheet, codes, lang) > 0
    return alone


def suspect(
    history: list[cand.Turn], sheet: Sheet, confirmed: frozenset[int], lang: str = "en"
) -> Suspect | None:
    """The unconfirmed row most likely scored wrong, or None when the scores are
    consistent or every way to make them so changes a confirmed score.

    Words that contradict a confirmed score are ruled out. Of the rest, those that
    contradict the fewest other scores are the explanations; each row's chance of being
    wrong is the prior weight of the explanations that change it. Summing over all of them
    (not taking the single likeliest word) keeps a row that only one word blames from
    being named before a row that most of them blame.
    """
    words = lexicon.words(sheet.word_length, "all", lang)
    codes = lexicon.word_codes(sheet.word_length, "all", lang)
    wrong = row_mismatches(history, sheet, codes, lang)
    allowed = np.ones(len(words), dtype=bool)
    for row_index in confirmed & wrong.keys():
        allowed &= ~wrong[row_index]
    free = sorted(wrong.keys() - confirmed)
    if not free:
        return None
    blamed = np.array([wrong[r] for r in free])  # free rows x words
    changes = np.where(allowed, blamed.sum(axis=0), len(free) + 1)
    fewest = int(changes.min())
    if fewest == 0 or fewest > len(free):
        return None
    closest = np.flatnonzero(changes == fewest)
    weights = cand.prior_weights(tuple(words[i] for i in closest), "familiar", lang)
    blamed = blamed[:, closest]
    at = int(np.argmax(blamed @ weights))  # the row the most likely explanations change
    row_index = free[at]
    word = words[closest[int(np.argmax(np.where(blamed[at], weights, -1.0)))]]
    row = sheet.rows[row_index]
    expected = score(word, history[row_index].guess, row.offset, sheet.is_last(row_index))
    return Suspect(row_index, word, expected, fewest)


def turns_wrong(start: int, first: int, changes: list[tuple[int, int]], true: int, end: int) -> int:
    """The bot turns, from ``start`` up to ``end``, during which a row's score stood wrong.

    ``changes`` are the rechecks of the row in order, as (turn, score after it); a score
    changed at a turn stands changed for that turn, so one caught at once costs nothing.
    """
    turns, value, since = 0, first, start
    for turn, now in changes:
        if value != true:
            turns += turn - since
        value, since = now, turn
    if value != true:
        turns += end - since
    return turns


def audit(game_round: AuditedRound) -> Audit:
    """Every score the person gave, checked against the revealed word, with the penalty.

    A score is wrong from the turn it was given until a recheck set it right (to the end
    of the round if none did). The bot is credited the right score of every row, so the
    rows plus the penalty are its total.
    """
    sheet = default_sheet(game_round["length"])
    word = game_round["your_word"]
    assert word is not None, "an audit needs the revealed Gameword"
    end = len(sheet.rows)
    errors: list[AuditError] = []
    for row_index, entry in enumerate(game_round["bot"]):
        row = sheet.rows[row_index]
        true = score(word, entry["guess"], row.offset, sheet.is_last(row_index))
        asked = [r for r in game_round["rechecks"] if r["row"] == row_index]
        first = asked[0]["was"] if asked else entry["heard"]
        given = [first, *(r["now"] for r in asked)]
        entry["score"] = true
        if all(value == true for value in given):
            continue
        changes = [(r["turn"], r["now"]) for r in asked]
        errors.append(
            {
                "row": row_index,
                "given": next(value for value in given if value != true),
                "true": true,
                "turns_undetected": turns_wrong(row_index, first, changes, true, end),
            }
        )
    return {"errors": errors, "penalty": PENALTY * sum(e["turns_undetected"] for e in errors)}


class Refused(ValueError):
    """A move the rules refuse (a word of the wrong length, not in the dictionary, an
    impossible score): its message says why, in words to show the person."""


# What a game waits for (``Waiting.kind``).
GAMEWORD = "gameword"  # your Gameword, hidden, at the start of a round
GUESS = "guess"  # your Guessword for your next row
BOT = "bot"  # the bot to think of its Guessword (``Game.think``, slow)
SCORE = "score"  # your score for the bot's Guessword (``you_score``)
RECHECK = "recheck"  # a recheck of the score the bot names (``you_score``)
REVEAL = "reveal"  # your Gameword revealed for the audit (``you_score``)
ROUND_OVER = "round over"  # the round is over: see its sheet, then go on
OVER = "over"  # the game is over


# --- what a move did (events: worded by ``solver.deduce.ui.words``) -------------------------
class RareGamewordDocument(TypedDict):
    """A ``RareGameword`` as JSON."""

    kind: str
    word: str


class LateDocument(TypedDict):
    """A ``Late`` as JSON."""

    kind: str
    seat: int
    round: int
    row: int
    guess: str
    seconds: float


class NamedDocument(TypedDict):
    """A ``Named`` as JSON."""

    kind: str
    seat: int
    round: int
    row: int
    guess: str


class NoWordFitsDocument(TypedDict):
    """A ``NoWordFits`` as JSON."""

    kind: str


class AuditedDocument(TypedDict):
    """An ``Audited`` as JSON."""

    kind: str
    errors: list[AuditError]
    penalty: int


@dataclass(frozen=True)
class RareGameword:
    """Your Gameword is not a familiar word (the rules ask for one your opponent knows)."""

    word: str
    kind: str = "rare_gameword"

    def to_json(self) -> RareGamewordDocument:
        return {"kind": self.kind, "word": self.word}


@dataclass(frozen=True)
class Late:
    """Your Guessword came ``seconds`` after it was asked for, past the turn's limit: it
    scores 0 this turn (the one-minute variation)."""

    seat: int
    round: int
    row: int
    guess: str
    seconds: float
    kind: str = "late"

    def to_json(self) -> LateDocument:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "round": self.round,
            "row": self.row,
            "guess": self.guess,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class Named:
    """Seat ``seat`` (the bot) named ``guess`` for row ``row``: scored next, by the
    program or, with ``you_score``, by you."""

    seat: int
    round: int
    row: int
    guess: str
    kind: str = "named"

    def to_json(self) -> NamedDocument:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "round": self.round,
            "row": self.row,
            "guess": self.guess,
        }


@dataclass(frozen=True)
class NoWordFits:
    """No word fits the scores you gave, even the rechecked ones: the bot will audit them
    when you reveal your word."""

    kind: str = "no_word_fits"

    def to_json(self) -> NoWordFitsDocument:
        return {"kind": self.kind}


@dataclass(frozen=True)
class Audited:
    """The bot checked every score you gave against your revealed word: ``errors`` as
    ``audit`` gives them (row, given, true, turns_undetected), and the penalty."""

    errors: tuple[AuditError, ...]
    penalty: int
    kind: str = "audited"

    def to_json(self) -> AuditedDocument:
        return {"kind": self.kind, "errors": list(self.errors), "penalty": self.penalty}


Event = Picked | Scored | RareGameword | Late | Named | NoWordFits | Audited | Forfeited


@dataclass(frozen=True)
class Waiting:
    """What the game waits for, with the facts a front end words its question from
    (``solver.deduce.ui.words.prompt`` and ``note``): data here, sentences there."""

    kind: str
    hidden: bool = False  # the answer is a secret (your Gameword)
    row: int = -1  # the row of the sheet concerned, 0-based
    round: int = 0  # the round, 0-based
    length: int = 0  # letters of the word asked for (the Gameword's, or the row's)
    offset: int = 0  # the row's first column, 0-based (a Guessword)
    guess: str = ""  # the bot's Guessword to score, or whose score to recheck
    heard: int = 0  # the score you gave it (a recheck)
    suspect: Suspect | None = None  # why a score is to be rechecked
    again: bool = False  # a recheck was asked already since the bot's last Guessword


class Game:
    """A person's game against the bot: the state (plain data, saved as it is after every
    move) and the moves. In memory only: the bot's Guessword while it waits for your score
    (thought again, the same from its seed, after a resume) and the recheck the bot asks
    for (found again from the scores after a resume).

    An opponent of one's own (``settings.opponent``) is a seat (``opponent.seat``; given,
    or named from the settings, an engine started again on a resume), told the game's
    start here and the scores at its end; it picks its Gameword at each round's start. A
    seat that fails forfeits: the game is over and you win (``state["forfeit"]``)."""

    def __init__(self, state: GameState, path: Path | None = None, seat: Any = None) -> None:
        self.state = state
        self.path = path
        self.settings = settings_of(state)
        self._pending: str | None = None
        self._recheck: Suspect | None = None
        self._asked = False  # a recheck was asked since the bot's last Guessword
        self.seat = None
        settings = self.settings
        if settings.opponent is not None and not self.finished:
            lengths = tuple(r["length"] for r in state["rounds"])
            self.seat = seat or opponent.seat(
                settings.opponent, settings.engine_time, self.you_seat, lengths, settings
            )
            self._pick()
        if self._checking() and self._last_turn() == "bot":
            self._check_scores()

    # --- what the state says -------------------------------------------------------------
    @property
    def round(self) -> GameRound:
        return self.state["rounds"][self.state["round"]]

    @property
    def sheet(self) -> Sheet:
        return default_sheet(self.round["length"])

    @property
    def finished(self) -> bool:
        return bool(self.state["finished"])

    @property
    def you_seat(self) -> int:
        """Your seat: 0 playing Purple, 1 playing Red (the events' numbering)."""
        return COLOURS.index(self.settings.you)

    @property
    def bot_seat(self) -> int:
        return 1 - self.you_seat

    @property
    def started(self) -> bool:
        """Whether anything was played or chosen yet (a new game shows its seed)."""
        first = self.state["rounds"][0]
        return bool(first["your_word"] or first["you"] or first["bot"])

    def _checking(self) -> bool:
        """Whether the bot checks the scores you give in this round (not audited yet)."""
        return self.settings.you_score and not self.finished and self.round["audit"] is None

    def _last_turn(self) -> str | None:
        played = len(self.round["you"]) + len(self.round["bot"])
        return turn_order(self.round, self.settings.you)[played - 1] if played else None

    def waiting(self) -> Waiting:
        if self.finished:
            return Waiting(OVER, round=self.state["round"])
        game_round, settings = self.round, self.settings
        number, length = self.state["round"], game_round["length"]
        if game_round["your_word"] is None and not settings.you_score:
            return Waiting(GAMEWORD, hidden=True, round=number, length=length)
        if self._recheck is not None:
            found = self._recheck
            entry = game_round["bot"][found.row]
            return Waiting(
                RECHECK,
                row=found.row,
                round=number,
                guess=entry["guess"],
                heard=entry["heard"],
                suspect=found,
                again=self._asked,
            )
        turn = next_turn(game_round, settings.you)
        if turn == "you":
            index = len(game_round["you"])
            row = self.sheet.rows[index]
            return Waiting(GUESS, row=index, round=number, length=row.length, offset=row.offset)
        if turn == "bot":
            index = len(game_round["bot"])
            if self._pending is None:
                return Waiting(BOT, row=index, round=number)
            return Waiting(SCORE, row=index, round=number, guess=self._pending)
        if settings.you_score and game_round["audit"] is None:
            return Waiting(REVEAL, round=number, length=length)
        return Waiting(ROUND_OVER, round=number)

    # --- moves ---------------------------------------------------------------------------
    def _pick(self) -> list[Event]:
        """The opponent's Gameword for the round, asked at its start (none is asked when
        the referee drew it from the agreed page)."""
        if self.seat is None or self.finished or self.round["bot_word"] is not None:
            return []
        number = self.state["round"]
        try:
            word = opponent.pick(
                self.seat, number, self.round["length"], self.settings, self.round["bot_seed"]
            )
        except opponent.Failed as failure:
            return self._forfeit(str(failure))
        self.round["bot_word"] = word
        self._save()
        return [Picked(self.bot_seat, number)]

    def _forfeit(self, reason: str) -> list[Event]:
        """The opponent's seat gave no move or one the rules refuse: the game ends, you
        win (the rows played keep their scores)."""
        self.state["forfeit"] = {"seat": self.bot_seat, "reason": reason}
        self.state["finished"] = True
        self._pending, self._recheck = None, None
        self._save()
        self._finish()
        return [Forfeited(self.bot_seat, reason)]

    def _finish(self) -> None:
        """Tell the opponent's seat the scores (Purple's, Red's): the game is over."""
        if self.seat is not None:
            result = totals(self.state)
            by_seat = {self.you_seat: result["you"], self.bot_seat: result["bot"]}
            self.seat.finish((by_seat[0], by_seat[1]))

    def close(self) -> None:
        """Close the opponent's seat (an engine is asked to quit)."""
        if self.seat is not None:
            self.seat.close()

    def _expect(self, kind: str) -> None:
        if self.waiting().kind != kind:
            raise Refused(f"the game waits for {self.waiting().kind}, not {kind}")

    def _save(self) -> None:
        if self.path is not None:
            save(self.state, self.path)

    def _word(self, text: str, reveal: bool) -> str:
        """Your Gameword, typed: a dictionary word of the round's length (and on the agreed
        page, with ``pool_from``), else ``Refused``."""
        settings, length = self.settings, self.round["length"]
        spec = lexicon.language(settings.lang)
        word = spec.normalize(text)
        if spec.foreign_letters(word):  # not said back: it is hidden
            raise Refused(f"A Gameword here has {length} letters of the {spec.name} alphabet.")
        if len(word) != length:
            raise Refused(f"A Gameword here has {length} letters.")
        if not lexicon.is_word(word, settings.lang):
            raise Refused(f"{word.upper()} is not in the dictionary; choose a dictionary word.")
        if settings.pool_from and not reveal and word not in page_pool(settings, length).words:
            raise Refused(f"{word.upper()} is not on the page agreed on; choose a word from it.")
        return word

    def choose_gameword(self, text: str) -> list[Event]:
        """Your hidden Gameword for this round: it scores the bot's Guesswords."""
        self._expect(GAMEWORD)
        word = self._word(text, reveal=False)
        self.round["your_word"] = word
        self._save()
        events: list[Event] = [Picked(self.you_seat, self.state["round"])]
        if lexicon.tier_of(word, self.settings.lang) not in ("easy", "familiar"):
            events.append(RareGameword(word))
        return events

    def guess(self, text: str, seconds: float | None = None) -> list[Event]:
        """Your Guessword for your next row, given ``seconds`` after it was asked for."""
        self._expect(GUESS)
        game_round, settings = self.round, self.settings
        index = len(game_round["you"])
        row = self.sheet.rows[index]
        spec = lexicon.language(settings.lang)
        answer = spec.normalize(text)
        if shown := spec.shown_foreign(answer):
            raise Refused(
                f"Row {index + 1} takes letters of the {spec.name} alphabet, not {shown}."
            )
        if len(answer) != row.length:
            raise Refused(
                f"Row {index + 1} takes {row.length} letters of the {spec.name} alphabet."
            )
        if not settings.accept_nonwords and not lexicon.is_word(answer, settings.lang):
            raise Refused(
                f"{BOT_NAME.capitalize()} does not accept {answer.upper()}: it is not in the "
                "dictionary. Offer another."
            )
        limit = settings.turn_seconds
        late = limit is not None and seconds is not None and seconds > limit
        last = self.sheet.is_last(index)
        bot_word = game_round["bot_word"]
        assert bot_word is not None  # picked at the round's start (``_pick``)
        points = 0 if late else score(bot_word, answer, row.offset, last)
        game_round["you"].append({"guess": answer, "score": points, "late": late})
        self._save()
        number = self.state["round"]
        if late:
            assert seconds is not None
            return [Late(self.you_seat, number, index, answer, seconds)]
        return [Scored(self.you_seat, number, index, answer, points)]

    def think(self) -> str | Forfeited:
        """The bot's Guessword for its next row (slow: seconds). It only reads the state,
        so a front end may run it in a worker thread, then send ``bot_guessed``. An
        opponent of one's own that fails gives its forfeit instead of a word."""
        self._expect(BOT)
        game_round, settings = self.round, self.settings
        index = len(game_round["bot"])
        if self.seat is not None:
            heard = [(r["guess"], r["heard"]) for r in game_round["bot"]]
            try:
                return opponent.guess(
                    self.seat, self.sheet, heard, settings, game_round["bot_seed"]
                )
            except opponent.Failed as failure:
                return Forfeited(self.bot_seat, str(failure))
        history = [cand.Turn(r["guess"], r["heard"]) for r in game_round["bot"]]
        rng = seeds.rng(game_round["bot_seed"] + index)
        pool = page_pool(settings, self.sheet.word_length) if settings.pool_from else None
        return bot_guess(
            level(settings.difficulty),
            history,
            self.sheet,
            rng,
            pool,
            settings.lang,
            settings.turn_seconds,
        )

    def bot_guessed(self, guess: str | Forfeited) -> list[Event]:
        """The bot plays ``guess`` (from ``think``): scored against your word at once, or
        waiting for your score (``you_score``); or it forfeits."""
        self._expect(BOT)
        if isinstance(guess, Forfeited):
            return self._forfeit(guess.reason)
        index, number = len(self.round["bot"]), self.state["round"]
        events: list[Event] = [Named(self.bot_seat, number, index, guess)]
        if self.settings.you_score:
            self._pending = guess
            return events
        row = self.sheet.rows[index]
        your_word = self.round["your_word"]
        assert your_word is not None  # chosen before the bot plays (``GAMEWORD``)
        heard = score(your_word, guess, row.offset, self.sheet.is_last(index))
        self.round["bot"].append({"guess": guess, "heard": heard, "score": heard})
        self._save()
        return [*events, Scored(self.bot_seat, number, index, guess, heard)]

    def _score(self, text: str, index: int, also: str = "") -> int:
        """A score typed for the bot's row ``index``: a number the row can score (``also``:
        what else may be typed, said when it is not a number)."""
        row = self.sheet.rows[index]
        text = text.strip()
        if text.startswith("-") and NUMBER_TEXT.fullmatch(text[1:].strip()):
            raise Refused("A score cannot be negative.")  # as the assistant and advise say
        if not NUMBER_TEXT.fullmatch(text):
            raise Refused(f"A score is a number, such as 1250{also}.")
        heard = whole(text, "The score", Refused)
        if heard not in possible_scores(row, self.sheet.word_length, self.sheet.is_last(index)):
            raise Refused(f"{heard} is impossible on a {row.length}-letter row.")
        return heard

    def score_bot(self, text: str) -> list[Event]:
        """Your score for the bot's Guessword (``you_score``); the bot checks it at once."""
        self._expect(SCORE)
        assert self._pending is not None
        heard = self._score(text, len(self.round["bot"]))
        self.round["bot"].append({"guess": self._pending, "heard": heard, "score": heard})
        self._pending = None
        self._asked = False
        self._save()
        return self._check_scores()

    def recheck(self, text: str) -> list[Event]:
        """Your answer to a recheck: empty keeps the score, else the score it should be."""
        self._expect(RECHECK)
        assert self._recheck is not None
        index = self._recheck.row
        entry = self.round["bot"][index]
        text = text.strip()
        keeps = f"; Enter keeps {entry['heard']}"
        now = self._score(text, index, keeps) if text else entry["heard"]
        turn = len(self.round["bot"]) - 1
        self.round["rechecks"].append(
            {"row": index, "was": entry["heard"], "now": now, "turn": turn}
        )
        entry["heard"] = entry["score"] = now
        self._asked = True
        self._save()
        return self._check_scores()

    def _check_scores(self) -> list[Event]:
        """As soon as no word fits the scores given, find the likeliest wrong one to ask
        about (``waiting`` asks); again, with each answer taken as confirmed, until the
        scores fit a word or every way to make them fit would change a confirmed score."""
        self._recheck = None
        game_round, sheet, lang = self.round, self.sheet, self.settings.lang
        history = [cand.Turn(r["guess"], r["heard"]) for r in game_round["bot"]]
        if _consistent(history, sheet, lang):
            return []
        confirmed = frozenset(r["row"] for r in game_round["rechecks"])
        self._recheck = suspect(history, sheet, confirmed, lang)
        if self._recheck is None and (self._asked or _consistent(history[:-1], sheet, lang)):
            return [NoWordFits()]  # once: when the scores can no longer be made to fit
        return []

    def reveal(self, text: str) -> list[Event]:
        """Your Gameword revealed at the end of a ``you_score`` round: the bot audits
        every score you gave (``audit``)."""
        self._expect(REVEAL)
        self.round["your_word"] = self._word(text, reveal=True)
        self.round["audit"] = found = audit(self.round)
        self._save()
        return [Audited(tuple(found["errors"]), found["penalty"])]

    def next_round(self) -> list[Event]:
        """Leave the round that is over: on to the next (whose Gameword an opponent of
        one's own picks now), or the game is over."""
        self._expect(ROUND_OVER)
        if self.state["round"] + 1 < len(self.state["rounds"]):
            self.state["round"] += 1
            self._save()
            return self._pick()
        self.state["finished"] = True
        self._save()
        self._finish()
        return []


def _consistent(history: list[cand.Turn], sheet: Sheet, lang: str) -> bool:
    """Whether some dictionary word gives every score heard."""
    return cand.deduce(history, sheet, None, "familiar", lang).consistent
