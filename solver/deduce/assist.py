"""The assistant for a game of What's My Word? against a person, at a real table.

You hide a Gameword and play a person; the program keeps both sheets. You type what happens:
your Gameword (hidden), each Guessword of yours with the score you heard, each Guessword
of your opponent's. The assistant scores your opponent's Guesswords from your Gameword,
with the marking, so that you announce the right number; advises your next Guessword with
its reasons (``advisor.advise``); warns as soon as the scores you heard cannot all be
right; keeps both sheets, the totals and the bonus. Nothing here draws or asks: a front end
(line mode, the full-screen app) sends entries and shows the notes they return.

The state is a plain dict: the settings and the list of entries, in the order they were
made. Everything else (the sheets, the totals) is derived by replaying the entries
(``replay``), so that undo is dropping the last entry, and a save is checked on resume by
replaying it through the same rules that took each entry. It is saved after every entry,
game kind ``assist``, in the same sealed and signed envelope as a game against the bot
(``savefile``). Your Gamewords are sealed, as in ``session``: a save or ``--json`` print
lying on the table must not give them away; you see them on your own screen.

The rulebook's penalty works both ways: "If a player gives an incorrect Guessword score,
his opponent receives 2000 additional points for each turn in which the error goes
undetected."

- Your opponent scores you. When no word fits the scores you heard, one of them is wrong:
  the assistant names the likeliest (``candidates.explain``) and tells you to call it out.
  A score they correct is entered with ``heard ROW SCORE``: you receive 2000 for each of
  your turns from the wrong score up to the turn it was corrected. When they reveal their
  word at the end of the round (``reveal WORD``) every score you heard is audited, as the
  bot audits yours in ``session.audit``, and your rows count at their right scores.
- You score them. The assistant gives the right score, so an error is one you enter:
  ``said SCORE`` records a different score you announced. It warns at once; the opponent
  receives 2000 for each of their turns until you correct it (``said SCORE`` again, the
  right one). Their rows count at their right scores.

Turns are counted as ``session`` counts them: the turns of the player who was scored
wrong, from the wrong score up to, not including, the turn it was corrected.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from solver import lexicon, savefile
from solver.deduce import candidates as cand
from solver.deduce.rules import (
    BONUS,
    MATCHING_POINTS,
    PENALTY,
    POINT_UNIT,
    Mark,
    Sheet,
    default_sheet,
    marking,
    possible_scores,
    score,
)
from solver.deduce.session import COLOURS, audit, deduced_marks, turns_wrong
from solver.deduce.strategies import (
    DEFAULT_STRATEGY,
    DEFAULT_VOCABULARY,
    STRATEGIES,
    VOCABULARIES,
)
from solver.errors import UserError

GAME = "assist"  # the kind of its saves
STATE_VERSION = 1
POOLS = ("familiar", "easy", "all")  # tiers the opponent's word is assumed drawn from
OPPONENT = "your opponent"


@dataclass(frozen=True)
class Settings:
    rounds: int = 2
    you: str = "purple"  # Purple plays first in round 1, Red in round 2
    lang: str = "en"
    strategy: str = DEFAULT_STRATEGY
    vocabulary: str = DEFAULT_VOCABULARY  # Guesswords advised from this tier
    prior: str = "familiar"
    pool: str = "familiar"  # the tier the opponent's Gameword is assumed to come from
    # Candidates and alternatives shown: the rollout book's 4 exactly valued guesses, so a
    # booked position (rows 1-4 played as advised) is a lookup, not a computation.
    top: int = 4


def check_settings(settings: Settings) -> Settings:
    """Raise UserError on a setting out of range; the settings otherwise."""
    if settings.rounds not in (1, 2):
        raise UserError("a game has 1 or 2 rounds")
    if settings.you not in COLOURS:
        raise UserError("you play purple or red")
    lexicon.language(settings.lang)
    if settings.strategy not in STRATEGIES:
        raise UserError(f"unknown strategy {settings.strategy!r}")
    if settings.vocabulary not in VOCABULARIES:
        raise UserError(f"unknown vocabulary {settings.vocabulary!r}")
    if settings.prior not in cand.PRIORS:
        raise UserError(f"unknown prior {settings.prior!r}")
    if settings.pool not in POOLS:
        raise UserError(f"unknown pool {settings.pool!r}")
    if not isinstance(settings.top, int) or not 1 <= settings.top <= 20:
        raise UserError("top is a number from 1 to 20")
    return settings


def new_game(settings: Settings) -> dict[str, Any]:
    """A fresh game: the settings and no entries yet."""
    check_settings(settings)
    return {"version": STATE_VERSION, "settings": settings.__dict__, "entries": []}


def settings_of(state: dict[str, Any]) -> Settings:
    return Settings(**state["settings"])


class Refused(ValueError):
    """An entry the rules refuse; its message says why, in words to show the person."""


# --- reading an entry ---------------------------------------------------------------------
_NUMBER = r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+"
_SCORE = re.compile(rf"(?:{_NUMBER})")
COMMANDS = ("undo", "next", "end", "purple", "red", "help", "show")

ENTRIES_HELP = """\
WORD SCORE      your Guessword and the score you heard (DEN 1250)
WORD            your opponent's Guessword (their turn); you get the score to announce
                (on your turn: your Guessword, then the score you heard)
they WORD       your opponent's Guessword, whoever's turn it is; me WORD SCORE: yours
said SCORE      the score you announced for their last Guessword, if not the one given
                (said ROW SCORE for another row; said again to correct it)
heard ROW SCORE a score your opponent corrected: row ROW of your sheet is SCORE
reveal WORD     your opponent's Gameword, told at the end of the round: checks every
                score you heard and marks your Guesswords
next            the next round (when both sheets are full); end: the game is over
undo            take back the last entry
purple, red     your colour (before the first row): Purple plays first in round 1"""


@dataclass(frozen=True)
class Entry:
    """One entry, read from what was typed (not yet checked against the game)."""

    kind: str  # gameword, mine, theirs, guess (by turn order), score, said, heard, reveal, ...
    word: str = ""
    score: int | None = None
    row: int | None = None  # 0-based row of a sheet


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def parse_entry(text: str) -> Entry:
    """What a line says, or Refused with how to say it. Words stay as typed (the game
    checks their letters and lengths against the row)."""
    tokens = text.strip().split()
    if not tokens:
        raise Refused("Type an entry (? or help lists them).")
    head = tokens[0].lower()
    rest = tokens[1:]
    numbers = [t for t in rest if _SCORE.fullmatch(t)]
    if head in ("?", "help") and not rest:
        return Entry("help")
    if head in COMMANDS and not rest:
        return Entry(head)
    if head == "undo" or head in ("next", "end"):
        raise Refused(f"{head} takes nothing after it.")
    if head in ("said", "heard"):
        if not rest or len(rest) > 2 or len(numbers) != len(rest):
            how = "said SCORE or said ROW SCORE" if head == "said" else "heard ROW SCORE"
            raise Refused(f"Write {how} (numbers only).")
        if head == "heard" and len(rest) != 2:
            raise Refused("Write heard ROW SCORE: which row of your sheet, and its score.")
        row = _number(rest[0]) - 1 if len(rest) == 2 else None
        if row is not None and row < 0:
            raise Refused("Rows are numbered from 1.")
        return Entry(head, score=_number(rest[-1]), row=row)
    if head == "reveal":
        if len(rest) != 1:
            raise Refused("Write reveal WORD: your opponent's Gameword.")
        return Entry("reveal", word=rest[0])
    if head in ("they", "them", "theirs", "me", "mine"):
        whose = "theirs" if head.startswith("the") else "mine"
        if whose == "theirs" and len(rest) == 1:
            return Entry("theirs", word=rest[0])
        if whose == "mine" and len(rest) in (1, 2):
            if len(rest) == 2:
                return Entry("mine", word=rest[0], score=_score_token(rest[1]))
            return Entry("mine", word=rest[0])
        raise Refused(f"Write {'they WORD' if whose == 'theirs' else 'me WORD SCORE'}.")
    if len(tokens) == 1 and _SCORE.fullmatch(tokens[0]):
        return Entry("score", score=_number(tokens[0]))
    if _SCORE.fullmatch(tokens[0]):
        raise Refused(
            f"An entry starts with a word, not {tokens[0]}: WORD SCORE (yours, with the score "
            "you heard), WORD (theirs), or ? for every entry."
        )
    if len(tokens) == 2 and _SCORE.fullmatch(tokens[1].lstrip("-")):
        return Entry("mine", word=tokens[0], score=_score_token(tokens[1]))
    if len(tokens) == 1:
        return Entry("guess", word=tokens[0])
    raise Refused(
        f"Cannot read {text.strip()!r}: type WORD SCORE (yours, with the score you heard), "
        "WORD (theirs), or ? for every entry."
    )


def _score_token(token: str) -> int:
    if token.startswith("-"):
        raise Refused("A score cannot be negative.")
    if not _SCORE.fullmatch(token):
        raise Refused(f"{token!r} is not a score: write a number such as 1250.")
    return _number(token)


# --- the game, replayed from its entries ------------------------------------------------
def _new_round(number: int) -> dict[str, Any]:
    return {
        "length": (6, 7)[number],
        "first": COLOURS[number],
        "your_word": None,
        "their_word": None,
        "mine": [],  # {"guess", "heard"}: your Guesswords and the scores you heard (now)
        "corrections": [],  # {"row", "was", "now", "turn"}: heard scores they corrected
        "theirs": [],  # {"guess", "score", "said"}: theirs, right score and what you said
        "slips": [],  # {"row", "was", "now", "turn"}: scores you announced, when entered
    }


def replay(settings: Settings, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The game the entries make: the rounds, the current round, whether it is over.
    Raises Refused at the first entry the rules refuse."""
    game = {
        "you": settings.you,
        "round": 0,
        "finished": False,
        "rounds": [_new_round(n) for n in range(settings.rounds)],
    }
    for entry in entries:
        apply(game, settings, entry)
    return game


def _sheet(game_round: dict[str, Any]) -> Sheet:
    return default_sheet(game_round["length"])


def _letters(text: str, length: int, lang: str, what: str) -> str:
    spec = lexicon.language(lang)
    word = spec.normalize(text)
    if foreign := spec.foreign_letters(word):
        shown = " ".join(sorted(foreign))
        raise Refused(f"{what} takes letters of the {spec.name} alphabet, not {shown}.")
    if len(word) != length:
        raise Refused(f"{what} takes a {length}-letter word; {word.upper()} has {len(word)}.")
    return word


def _possible(sheet: Sheet, index: int, points: int, whose: str) -> int:
    row = sheet.rows[index]
    if points % POINT_UNIT:
        raise Refused(f"{points} is not a score: scores are multiples of 250.")
    allowed = possible_scores(row, sheet.word_length, sheet.is_last(index))
    if points not in allowed:
        listed = ", ".join(f"{p:,}" for p in sorted(allowed))
        raise Refused(
            f"{points:,} is impossible on {whose} row {index + 1} ({row.length} letters): "
            f"it scores one of {listed}."
        )
    return points


def complete(game_round: dict[str, Any]) -> bool:
    rows = len(_sheet(game_round).rows)
    return len(game_round["mine"]) == len(game_round["theirs"]) == rows


def whose_turn(game_round: dict[str, Any], you: str) -> str | None:
    """'you' or 'they' by the rulebook's order (the first player's turn whenever both have
    played as many rows), or None when both sheets are full. Entries may come in any
    order; this only says what to ask for."""
    rows = len(_sheet(game_round).rows)
    mine, theirs = len(game_round["mine"]), len(game_round["theirs"])
    if mine == theirs == rows:
        return None
    if mine == rows:
        return "they"
    if theirs == rows:
        return "you"
    first = "you" if game_round["first"] == you else "they"
    if mine == theirs:
        return first
    return "you" if mine < theirs else "they"


def apply(game: dict[str, Any], settings: Settings, entry: dict[str, Any]) -> list[str]:
    """Make one entry in the game (changed in place); the notes it makes. Raises Refused,
    with the game unchanged, when the rules refuse it."""
    kind = entry["kind"]
    if game["finished"] and kind != "undo":
        raise Refused("The game is over (undo takes back its end).")
    game_round = game["rounds"][game["round"]]
    sheet = _sheet(game_round)
    length = game_round["length"]
    lang = settings.lang
    if kind == "colour":
        if game["round"] or game_round["mine"] or game_round["theirs"]:
            raise Refused("Your colour is chosen before the first row.")
        game["you"] = entry["you"]
        first = "you play" if game_round["first"] == entry["you"] else f"{OPPONENT} plays"
        return [f"You are {entry['you'].capitalize()}: {first} first in this round."]
    if kind == "gameword":
        if game_round["your_word"] is not None:
            raise Refused("Your Gameword for this round is set already (undo to change it).")
        word = _letters(entry["word"], length, lang, "Your Gameword")
        game_round["your_word"] = word
        notes = [f"Your Gameword for round {game['round'] + 1} is set (hidden)."]
        tier = lexicon.tier_of(word, lang)
        if tier is None:
            notes.append(f"Warning: {word.upper()} is not in the dictionary.")
        elif tier not in ("easy", "familiar"):  # core words too: SORREL, FURLONG
            notes.append("Warning: a rare word; the rules ask for one familiar to your opponent.")
        return notes
    if kind == "mine":
        index = len(game_round["mine"])
        if index == len(sheet.rows):
            raise Refused("Your sheet is full for this round.")
        row = sheet.rows[index]
        guess = _letters(entry["guess"], row.length, lang, f"Your row {index + 1}")
        heard = _possible(sheet, index, entry["heard"], "your")
        game_round["mine"].append({"guess": guess, "heard": heard})
        notes = [f"Your row {index + 1}: {guess.upper()} heard {heard:,}."]
        if sheet.is_last(index) and heard >= BONUS + MATCHING_POINTS * length:
            notes.append(f"You named their word: {BONUS:,} bonus in it.")
        if not lexicon.is_word(guess, lang):
            notes.append(
                f"Warning: {guess.upper()} is not in the dictionary; your opponent may reject "
                "it (then undo and play another)."
            )
        return notes
    if kind == "theirs":
        if game_round["your_word"] is None:
            raise Refused("Set your Gameword first: it scores their Guesswords.")
        index = len(game_round["theirs"])
        if index == len(sheet.rows):
            raise Refused("Their sheet is full for this round.")
        row = sheet.rows[index]
        guess = _letters(entry["guess"], row.length, lang, f"Their row {index + 1}")
        word = game_round["your_word"]
        points = score(word, guess, row.offset, sheet.is_last(index))
        game_round["theirs"].append({"guess": guess, "score": points, "said": points})
        marks = " ".join(
            SYMBOLS[m].format(letter.upper())
            for letter, m in zip(guess, marking(word, guess, row.offset), strict=True)
        )
        notes = [f"Their row {index + 1}: {guess.upper()}. Announce {points:,}  ({marks})."]
        if sheet.is_last(index) and guess == word:
            notes.append(f"They named your word: {BONUS:,} bonus in it.")
        if not lexicon.is_word(guess, lang):
            notes.append(
                f"Warning: {guess.upper()} is not in the dictionary: you may reject it (undo, "
                "and ask for another), or accept it."
            )
        return notes
    if kind == "said":
        rows = game_round["theirs"]
        index = len(rows) - 1 if entry.get("row") is None else entry["row"]
        if not rows:
            raise Refused("Their sheet has no rows yet.")
        if not 0 <= index < len(rows):
            raise Refused(f"Their sheet has no row {index + 1} yet.")
        said = _possible(sheet, index, entry["score"], "their")
        row = rows[index]
        if said == row["said"]:
            raise Refused(f"You said {said:,} for their row {index + 1} already.")
        game_round["slips"].append(
            {"row": index, "was": row["said"], "now": said, "turn": len(rows) - 1}
        )
        row["said"] = said
        if said == row["score"]:
            steps = [(s["turn"], s["now"]) for s in game_round["slips"] if s["row"] == index]
            turns = turns_wrong(index, said, steps, said, len(rows) - 1)
            cost = (
                f"; it stood {turns} turn(s): {PENALTY * turns:,} points to them"
                if turns
                else ": caught at once, no penalty"
            )
            return [
                f"Their row {index + 1} ({row['guess'].upper()}) now stands right: {said:,}{cost}."
            ]
        return [
            f"Warning: {row['guess'].upper()} scores {row['score']:,}, not {said:,}. Correct it "
            f"now: tell {OPPONENT} {row['score']:,} and enter said {index + 1} {row['score']}. "
            f"The rulebook gives them {PENALTY:,} points for each of their turns it goes "
            "undetected."
        ]
    if kind == "heard":
        rows = game_round["mine"]
        index = entry["row"]
        if not rows:
            raise Refused("Your sheet has no rows yet.")
        if not 0 <= index < len(rows):
            raise Refused(f"Your sheet has no row {index + 1} yet.")
        now = _possible(sheet, index, entry["score"], "your")
        row = rows[index]
        if now == row["heard"]:
            raise Refused(f"Row {index + 1} was heard as {now:,} already.")
        game_round["corrections"].append(
            {"row": index, "was": row["heard"], "now": now, "turn": len(rows) - 1}
        )
        turns = len(rows) - 1 - index
        row["heard"] = now
        gained = (
            f"; it stood {turns} turn(s): {PENALTY * turns:,} points to you"
            if turns
            else " at once: no penalty"
        )
        return [f"Your row {index + 1} ({row['guess'].upper()}) corrected to {now:,}{gained}."]
    if kind == "reveal":
        if len(game_round["mine"]) < len(sheet.rows):
            raise Refused("Their Gameword is revealed at the end of the round.")
        if game_round["their_word"] is not None:
            raise Refused("Their Gameword is entered already (undo to change it).")
        word = _letters(entry["word"], length, lang, "Their Gameword")
        game_round["their_word"] = word
        found = their_audit(game_round)
        if not found["errors"]:
            return [f"Their word {word.upper()}: every score you heard was right."]
        notes = []
        for error in found["errors"]:
            turns = error["turns_undetected"]
            when = f"undetected for {turns} turn(s)" if turns else "caught at once"
            notes.append(
                f"Row {error['row'] + 1}: you heard {error['given']:,}, the right score is "
                f"{error['true']:,}; {when}."
            )
        notes.append(f"You receive {found['penalty']:,} points ({PENALTY:,} per turn).")
        return notes
    if kind == "next":
        if not complete(game_round):
            raise Refused(_unfinished(game_round))
        if game["round"] + 1 < len(game["rounds"]):
            game["round"] += 1
            return [f"Round {game['round'] + 1}: 7-letter Gamewords."]
        game["finished"] = True
        return ["The game is over."]
    if kind == "end":
        game["finished"] = True
        return ["The game is over."]
    raise Refused(f"unknown entry {kind!r}")


def _unfinished(game_round: dict[str, Any]) -> str:
    rows = len(_sheet(game_round).rows)
    left_mine = rows - len(game_round["mine"])
    left_theirs = rows - len(game_round["theirs"])
    return (
        f"The round is not over: {left_mine} row(s) of yours and {left_theirs} of theirs to "
        "play (end stops the game here)."
    )


SYMBOLS = {Mark.MATCHING: "({})", Mark.NON_MATCHING: "_{}_", Mark.NONE: "~{}~"}


# --- the 2000-point rule and the totals ---------------------------------------------------
def their_audit(game_round: dict[str, Any]) -> dict[str, Any]:
    """The scores you heard, checked: against their revealed word (``session.audit``), or
    before it, the corrections they made (each taken as the right score). Errors and the
    penalty owed to you."""
    rows = game_round["mine"]
    if game_round["their_word"] is not None:
        adapted = {
            "length": game_round["length"],
            "your_word": game_round["their_word"],
            "bot": [{"guess": r["guess"], "heard": r["heard"], "score": r["heard"]} for r in rows],
            "rechecks": game_round["corrections"],
        }
        found = audit(adapted)
        return found | {"right": [r["score"] for r in adapted["bot"]]}
    errors = []
    for index in sorted({c["row"] for c in game_round["corrections"]}):
        changes = [c for c in game_round["corrections"] if c["row"] == index]
        first, true = changes[0]["was"], changes[-1]["now"]
        steps = [(c["turn"], c["now"]) for c in changes]
        turns = turns_wrong(index, first, steps, true, _standing_until(game_round, rows))
        errors.append({"row": index, "given": first, "true": true, "turns_undetected": turns})
    penalty = PENALTY * sum(e["turns_undetected"] for e in errors)
    return {"errors": errors, "penalty": penalty, "right": [r["heard"] for r in rows]}


def _standing_until(game_round: dict[str, Any], rows: list[dict[str, Any]]) -> int:
    """The turn a score still wrong is counted to. During the round: the latest turn, so
    that a running total shows what the error costs if corrected now (nothing when caught
    at once, as a correction entered now would count it). Once every row is filled: the
    end of the sheet, as ``session.audit`` counts an error never caught."""
    return len(_sheet(game_round).rows) if complete(game_round) else len(rows) - 1


def your_slips(game_round: dict[str, Any]) -> dict[str, Any]:
    """The scores you announced wrong, and the penalty owed to your opponent: each stood
    from its row up to the turn you corrected it (if never: ``_standing_until``)."""
    rows = game_round["theirs"]
    errors = []
    for index in sorted({s["row"] for s in game_round["slips"]}):
        true = rows[index]["score"]
        steps = [(s["turn"], s["now"]) for s in game_round["slips"] if s["row"] == index]
        turns = turns_wrong(index, true, steps, true, _standing_until(game_round, rows))
        given = next((now for _, now in steps if now != true), true)
        if given != true:
            errors.append({"row": index, "given": given, "true": true, "turns_undetected": turns})
    penalty = PENALTY * sum(e["turns_undetected"] for e in errors)
    return {"errors": errors, "penalty": penalty}


def round_totals(game_round: dict[str, Any]) -> dict[str, Any]:
    """One round's sums: each side's rows, the penalty it receives, the bonus won."""
    sheet = _sheet(game_round)
    theirs_checked, mine_checked = your_slips(game_round), their_audit(game_round)
    mine_rows = sum(mine_checked["right"])
    their_rows = sum(r["score"] for r in game_round["theirs"])
    last = len(sheet.rows)
    full = BONUS + MATCHING_POINTS * game_round["length"]
    your_bonus = len(game_round["mine"]) == last and mine_checked["right"][-1] == full
    word = game_round["your_word"]
    their_bonus = len(game_round["theirs"]) == last and game_round["theirs"][-1]["guess"] == word
    return {
        "you": mine_rows + mine_checked["penalty"],
        "they": their_rows + theirs_checked["penalty"],
        "you_rows": mine_rows,
        "they_rows": their_rows,
        "you_penalty": mine_checked["penalty"],  # points to you: their scores were wrong
        "they_penalty": theirs_checked["penalty"],  # points to them: yours were
        "you_bonus": bool(your_bonus),
        "they_bonus": bool(their_bonus),
    }


def totals(game: dict[str, Any]) -> dict[str, Any]:
    """Round totals, grand totals and who leads (or won, once the game is over)."""
    per_round = [round_totals(r) for r in game["rounds"]]
    you = sum(r["you"] for r in per_round)
    they = sum(r["they"] for r in per_round)
    leader = "you" if you > they else "they" if they > you else "tie"
    return {"rounds": per_round, "you": you, "they": they, "leader": leader}


# --- saving -------------------------------------------------------------------------------
def document(state: dict[str, Any]) -> dict[str, Any]:
    """The whole game as JSON: its entries, the sheets they make and the totals."""
    game = replay(settings_of(state), state["entries"])
    return state | {"game": game, "totals": totals(game)}


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The game as JSON without your Gamewords (what a save shows readable, and ``--json``
    prints of a game not over)."""
    readable = document(state)
    readable["entries"] = [
        {"kind": "gameword"} if e["kind"] == "gameword" else e for e in state["entries"]
    ]
    game = copy.deepcopy(readable["game"])
    for game_round in game["rounds"]:
        game_round["your_word"] = None
    readable["game"] = game
    return readable


def save(state: dict[str, Any], path: Path) -> None:
    """Save: your Gamewords sealed, the rest readable, all signed (``savefile``)."""
    secret = {"gamewords": [e["word"] for e in state["entries"] if e["kind"] == "gameword"]}
    finished = replay(settings_of(state), state["entries"])["finished"]
    savefile.write(GAME, public(state), secret, finished, path)


def load(path: Path) -> dict[str, Any]:
    """A saved game, checked whole: its signature, then every entry replayed."""
    readable, secret = savefile.read(GAME, path)
    try:
        if readable.get("version") != STATE_VERSION:
            raise ValueError("an unknown state version")
        words = iter(secret["gamewords"])
        entries = [
            e | {"word": next(words)} if e["kind"] == "gameword" else e for e in readable["entries"]
        ]
        if next(words, None) is not None:
            raise ValueError("its sealed part does not match its entries")
        state = {"version": STATE_VERSION, "settings": readable["settings"], "entries": entries}
        replay(check_settings(settings_of(state)), entries)
    except (KeyError, TypeError, ValueError, StopIteration, UserError) as error:
        raise UserError(f"{path} is not a valid saved game: {error}") from None
    return state


# --- what the game waits for ---------------------------------------------------------------
@dataclass(frozen=True)
class Waiting:
    """What to ask for next."""

    kind: str  # gameword, guess (yours: WORD SCORE), score (for a pending Guessword),
    # theirs, round over, over
    prompt: str
    hidden: bool = False


class Assistant:
    """A game against a person: the state (saved after every entry), the game it makes,
    and the advice for your next row (``advice``: computed by ``live_advice.Advisor``,
    which the front end may run in a worker thread). In memory only: a Guessword of yours
    whose score is still to come (two-step entry)."""

    def __init__(self, state: dict[str, Any], path: Path | None = None) -> None:
        self.state = state
        self.path = path
        self.settings = check_settings(settings_of(state))
        self.game = replay(self.settings, state["entries"])
        self.pending: str | None = None

    # --- what the game says --------------------------------------------------------------
    @property
    def round(self) -> dict[str, Any]:
        return self.game["rounds"][self.game["round"]]

    @property
    def sheet(self) -> Sheet:
        return _sheet(self.round)

    @property
    def finished(self) -> bool:
        return bool(self.game["finished"])

    @property
    def started(self) -> bool:
        return bool(self.state["entries"])

    def history(self) -> list[cand.Turn]:
        """The scores you heard this round: what the advice deduces from."""
        return [cand.Turn(r["guess"], r["heard"]) for r in self.round["mine"]]

    def turn(self) -> str | None:
        return None if self.finished else whose_turn(self.round, self.game["you"])

    def waiting(self) -> Waiting:
        game_round = self.round
        number = len(game_round["mine"]) + 1
        if self.finished:
            return Waiting("over", "The game is over (undo takes back its end)")
        if game_round["your_word"] is None:
            prompt = f"Your {game_round['length']}-letter Gameword (hidden; it scores theirs)"
            return Waiting("gameword", prompt, hidden=True)
        if self.pending is not None:
            return Waiting("score", f"The score you heard for {self.pending.upper()}")
        turn = self.turn()
        if turn is None:
            last = self.game["round"] + 1 == len(self.game["rounds"])
            then = "end" if last else "next (round 2)"
            reveal = "reveal THEIRWORD, " if game_round["their_word"] is None else ""
            return Waiting("round over", f"Round over: {reveal}{then}")
        if turn == "you":
            row = self.sheet.rows[number - 1]
            return Waiting(
                "guess",
                f"Your row {number} ({row.length} letters from column {row.offset + 1}): "
                "WORD SCORE",
            )
        index = len(game_round["theirs"])
        row = self.sheet.rows[index]
        return Waiting(
            "theirs",
            f"Their row {index + 1} ({row.length} letters from column {row.offset + 1}): "
            "their WORD",
        )

    def intro(self) -> str:
        game_round, you = self.round, self.game["you"]
        first = (
            f"you ({you.capitalize()}) play"
            if game_round["first"] == you
            else f"{OPPONENT} ({COLOURS[1 - COLOURS.index(you)].capitalize()}) plays"
        )
        return (
            f"Round {self.game['round'] + 1}: {game_round['length']}-letter Gamewords; "
            f"{first} first."
        )

    def verdict(self) -> str:
        result = totals(self.game)
        said = {"you": "You win!", "they": f"{OPPONENT.capitalize()} wins.", "tie": "A tie."}
        return (
            f"Grand total: you {result['you']:,}, {OPPONENT} {result['they']:,}. "
            f"{said[result['leader']]}"
        )

    # --- entries -------------------------------------------------------------------------
    def enter(self, text: str) -> list[str]:
        """One line typed: the notes to show. Raises Refused (nothing changed) when the
        line cannot be read or the rules refuse it; saves after every entry taken."""
        waiting = self.waiting()
        if waiting.kind == "gameword" and text.strip().lower() not in (*COMMANDS, "?"):
            return self._make({"kind": "gameword", "word": text.strip()})
        entry = parse_entry(text)
        if entry.kind == "help":
            return ENTRIES_HELP.splitlines()
        if entry.kind == "show":
            return []
        if entry.kind == "undo":
            return self.undo()
        if entry.kind in ("purple", "red"):
            return self._make({"kind": "colour", "you": entry.kind})
        if entry.kind in ("next", "end"):
            return self._make({"kind": entry.kind})
        if entry.kind == "score":
            if self.pending is None:
                raise Refused("A score alone: for which Guessword? Type WORD SCORE.")
            return self._make({"kind": "mine", "guess": self.pending, "heard": entry.score})
        if entry.kind == "guess":
            if waiting.kind == "score":
                raise Refused(f"The score you heard for {self.pending.upper()} (undo drops it).")
            entry = replace(entry, kind="mine" if self.turn() == "you" else "theirs")
        if entry.kind == "mine" and entry.score is None:
            index = len(self.round["mine"])
            if index == len(self.sheet.rows):
                raise Refused("Your sheet is full for this round.")
            row = self.sheet.rows[index]
            self.pending = _letters(entry.word, row.length, self.settings.lang, "Your row")
            return [f"Your row {index + 1}: {self.pending.upper()}; now the score you heard."]
        if entry.kind == "mine":
            pending = self.pending
            notes = self._make({"kind": "mine", "guess": entry.word, "heard": entry.score})
            if pending is not None and pending != lexicon.language(self.settings.lang).normalize(
                entry.word
            ):  # said aloud: the score was asked for another word
                notes.insert(0, f"{entry.word.upper()} is played instead of {pending.upper()}.")
            return notes
        if entry.kind == "theirs":
            return self._make({"kind": "theirs", "guess": entry.word})
        if entry.kind in ("said", "heard"):
            made = {"kind": entry.kind, "score": entry.score}
            if entry.row is not None:
                made["row"] = entry.row
            return self._make(made)
        if entry.kind == "reveal":
            return self._make({"kind": "reveal", "word": entry.word})
        raise Refused("Cannot read that (? lists the entries).")

    def _make(self, entry: dict[str, Any]) -> list[str]:
        game = copy.deepcopy(self.game)
        notes = apply(game, self.settings, entry)  # Refused leaves everything as it was
        if entry["kind"] in ("gameword", "reveal"):
            entry = entry | {"word": lexicon.language(self.settings.lang).normalize(entry["word"])}
        elif entry["kind"] in ("mine", "theirs"):
            rows = game["rounds"][game["round"]]["mine" if entry["kind"] == "mine" else "theirs"]
            entry = entry | {"guess": rows[-1]["guess"]}
        before = self.game["round"]
        self.state["entries"].append(entry)
        self.game = game
        self.pending = None
        self._save()
        if self.game["round"] != before:
            notes.append(self.intro())
        return notes

    def undo(self) -> list[str]:
        """Take back the last entry (a Guessword waiting for its score first)."""
        if self.pending is not None:
            dropped, self.pending = self.pending, None
            return [f"Dropped {dropped.upper()}."]
        if not self.state["entries"]:
            raise Refused("Nothing to undo.")
        last = self.state["entries"].pop()
        self.game = replay(self.settings, self.state["entries"])
        self._save()
        return [f"Undone: {describe(last)}."]

    def _save(self) -> None:
        if self.path is not None:
            save(self.state, self.path)

    # --- what to show --------------------------------------------------------------------
    def your_marks(self, words: tuple[str, ...] | None) -> list[tuple[Mark | None, ...]]:
        """The marks of your Guesswords: as they are once their word is revealed, else as
        far as the candidates ``words`` agree (None: no deduction to go by)."""
        game_round = self.round
        sheet = self.sheet
        marks = []
        for index, row in enumerate(game_round["mine"]):
            offset = sheet.rows[index].offset
            if game_round["their_word"]:
                marks.append(marking(game_round["their_word"], row["guess"], offset))
            elif words:
                marks.append(deduced_marks(words, row["guess"], offset))
            else:
                marks.append(tuple(None for _ in row["guess"]))
        return marks


def describe(entry: dict[str, Any]) -> str:
    """An entry in words (for undo)."""
    kind = entry["kind"]
    if kind == "gameword":
        return "your Gameword"
    if kind == "mine":
        return f"your {entry['guess'].upper()} {entry['heard']:,}"
    if kind == "theirs":
        return f"their {entry['guess'].upper()}"
    if kind == "said":
        return f"said {entry['score']:,}"
    if kind == "heard":
        return f"heard row {entry['row'] + 1} {entry['score']:,}"
    if kind == "reveal":
        return f"their word {entry['word'].upper()}"
    if kind == "colour":
        return f"your colour {entry['you']}"
    return kind


# --- the advice, computed once per position -------------------------------------------------
