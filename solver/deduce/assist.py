"""The assistant for a game of What's My Word? against a person, at a real table.

You hide a Gameword and play a person; the program keeps both sheets. You type what happens:
your Gameword (hidden), each Guessword of yours with the score you heard, each Guessword
of your opponent's. The assistant scores your opponent's Guesswords from your Gameword,
with the marking, so that you announce the right number; advises your next Guessword with
its reasons (``advisor.advise``); warns as soon as the scores you heard cannot all be
right; keeps both sheets, the totals and the bonus. Nothing here draws, asks or words: a
front end (line mode, the full-screen app) sends entries and shows the notes they return,
which are data (``assist_notes``), worded in ``ui.assist_words``, as is what the assistant
waits for.

What a typed line says is read by ``assist_entries``: commands start with ``:``, so that no
Guessword is ever read as one. The state is a plain dict: the settings and the list of
entries, in the order they were made, as read (a save holds entries, not typed lines, so a
save made before a change of grammar resumes). Everything else (the sheets, the totals) is
derived by replaying the entries (``replay``), so that undo is dropping the last entry, and
a save is checked on resume by replaying it through the same rules that took each entry.
It is saved after every entry,
game kind ``assist``, in the same sealed and signed envelope as a game against the bot
(``savefile``). Your Gamewords are sealed, as in ``session``: a save or ``--json`` print
lying on the table must not give them away; you see them on your own screen.

The rulebook's penalty works both ways: "If a player gives an incorrect Guessword score,
his opponent receives 2000 additional points for each turn in which the error goes
undetected."

- Your opponent scores you. When no word fits the scores you heard, one of them is wrong:
  the assistant names the likeliest (``candidates.explain``) and tells you to call it out.
  A score they correct is entered with ``:heard ROW SCORE``: you receive 2000 for each of
  your turns from the wrong score up to the turn it was corrected. When they reveal their
  word at the end of the round (``:reveal WORD``) every score you heard is audited, as the
  bot audits yours in ``session.audit``, and your rows count at their right scores.
- You score them. The assistant gives the right score, so an error is one you enter:
  ``:said SCORE`` records a different score you announced. It warns at once; the opponent
  receives 2000 for each of their turns until you correct it (``:said SCORE`` again, the
  right one). Their rows count at their right scores.

Turns are counted as ``session`` counts them: the turns of the player who was scored
wrong, from the wrong score up to, not including, the turn it was corrected.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, NotRequired, TypedDict, cast

from solver.deduce import assist_entries as entries
from solver.deduce import assist_notes
from solver.deduce import candidates as cand
from solver.deduce.assist_entries import Refused
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
from solver.deduce.session import (
    COLOURS,
    Audit,
    AuditedRound,
    AuditError,
    Recheck,
    audit,
    deduced_marks,
    turns_wrong,
)
from solver.deduce.strategies import (
    DEFAULT_STRATEGY,
    DEFAULT_VOCABULARY,
    STRATEGIES,
    VOCABULARIES,
)
from solver.runtime import savefile
from solver.runtime.errors import UserError
from solver.wordtools import lexicon

GAME = "assist"  # the kind of its saves
STATE_VERSION = 1
# The state's key for your Guessword awaiting its score (absent when none: older saves).
PENDING: Final = "pending"
POOLS = ("familiar", "easy", "all")  # tiers the opponent's word is assumed drawn from


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
    # booked position (rows 1-5 played as advised) is a lookup, not a computation.
    top: int = 4


# --- the state and the game it makes, as saved (JSON) --------------------------------------
class SavedSettings(TypedDict):
    """``Settings`` as the state keeps them: every field, in its order."""

    rounds: int
    you: str
    lang: str
    strategy: str
    vocabulary: str
    prior: str
    pool: str
    top: int


class GameEntry(TypedDict):
    """One entry of the game (``apply``), by ``kind``: "colour" (``you``), "gameword"
    (``word``: sealed in a save, so a save shows the kind alone), "mine" (``guess``,
    ``heard``), "theirs" (``guess``), "said" and "heard" (``score``, ``row`` when given),
    "reveal" (``word``), "next", "end". One type with the kind's keys optional rather
    than one type a kind: ``apply`` reads them by kind."""

    kind: str
    you: NotRequired[str]
    word: NotRequired[str]
    guess: NotRequired[str]
    heard: NotRequired[int]
    score: NotRequired[int]
    row: NotRequired[int]


class AssistState(TypedDict):
    """The whole game as saved: the settings and the entries (the game is replayed from
    them); your Guessword awaiting its score, when one is."""

    version: int
    settings: SavedSettings
    entries: list[GameEntry]
    pending: NotRequired[str]


class MineRow(TypedDict):
    guess: str
    heard: int  # the score you heard (now: corrections change it)


class TheirRow(TypedDict):
    guess: str
    score: int  # the right score
    said: int  # the score you announced


class AssistRound(TypedDict):
    length: int
    first: str
    your_word: str | None
    their_word: str | None
    mine: list[MineRow]  # your Guesswords and the scores you heard (now)
    corrections: list[Recheck]  # heard scores they corrected
    theirs: list[TheirRow]  # theirs, right score and what you said
    slips: list[Recheck]  # scores you announced, when entered


class AssistGame(TypedDict):
    """The game the entries make (``replay``): saved with them, for a reader."""

    you: str
    round: int
    finished: bool
    rounds: list[AssistRound]


class TheirAudit(Audit):
    right: list[int]  # each of your rows' right score


class AssistRoundTotals(TypedDict):
    you: int
    they: int
    you_rows: int
    they_rows: int
    you_penalty: int
    they_penalty: int
    you_bonus: bool
    they_bonus: bool


class AssistTotals(TypedDict):
    rounds: list[AssistRoundTotals]
    you: int
    they: int
    leader: str  # "you", "they" or "tie"


class AssistDocument(AssistState):
    """The whole game as JSON (``document``): the state, the game and the totals."""

    game: AssistGame
    totals: AssistTotals


class SealedWords(TypedDict):
    gamewords: list[str]


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


def new_game(settings: Settings) -> AssistState:
    """A fresh game: the settings and no entries yet."""
    check_settings(settings)
    kept = cast(SavedSettings, settings.__dict__)  # the fields, in their order
    return {"version": STATE_VERSION, "settings": kept, "entries": []}


def settings_of(state: AssistState) -> Settings:
    return Settings(**state["settings"])


# --- the game, replayed from its entries ------------------------------------------------
def _new_round(number: int) -> AssistRound:
    return {
        "length": (6, 7)[number],
        "first": COLOURS[number],
        "your_word": None,
        "their_word": None,
        "mine": [],
        "corrections": [],
        "theirs": [],
        "slips": [],
    }


def replay(settings: Settings, entries: list[GameEntry]) -> AssistGame:
    """The game the entries make: the rounds, the current round, whether it is over.
    Raises Refused at the first entry the rules refuse."""
    game: AssistGame = {
        "you": settings.you,
        "round": 0,
        "finished": False,
        "rounds": [_new_round(n) for n in range(settings.rounds)],
    }
    for entry in entries:
        apply(game, settings, entry)
    return game


def _sheet(game_round: AssistRound) -> Sheet:
    return default_sheet(game_round["length"])


def _letters(text: str, length: int, lang: str, what: str, hidden: bool = False) -> str:
    """The word normalized, or Refused saying why not; a word typed ``hidden`` (your
    Gameword) is not said back, even refused: a mistyped BALLE gives BALLET away."""
    spec = lexicon.language(lang)
    word = spec.normalize(text)
    if shown := spec.shown_foreign(word):
        raise Refused(f"{what} takes letters of the {spec.name} alphabet, not {shown}.")
    if len(word) != length:
        typed = "the word typed" if hidden else word.upper()
        raise Refused(f"{what} takes a {length}-letter word; {typed} has {len(word)}.")
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


def complete(game_round: AssistRound) -> bool:
    rows = len(_sheet(game_round).rows)
    return len(game_round["mine"]) == len(game_round["theirs"]) == rows


def whose_turn(game_round: AssistRound, you: str) -> str | None:
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


def apply(game: AssistGame, settings: Settings, entry: GameEntry) -> list[assist_notes.Note]:
    """Make one entry in the game (changed in place); the notes it makes (data, worded by
    ``ui.assist_words``). Raises Refused, with the game unchanged, when the rules refuse it."""
    kind = entry["kind"]
    if game["finished"] and kind != "undo":
        raise Refused("The game is over (:undo takes back its end).")
    game_round = game["rounds"][game["round"]]
    sheet = _sheet(game_round)
    length = game_round["length"]
    lang = settings.lang
    if kind == "colour":
        if game["round"] or game_round["mine"] or game_round["theirs"]:
            raise Refused("Your colour is chosen before the first row.")
        game["you"] = entry["you"]
        return [assist_notes.ColourChosen(entry["you"], game_round["first"])]
    if kind == "gameword":
        if game_round["your_word"] is not None:
            raise Refused("Your Gameword for this round is set already (:undo to change it).")
        word = _letters(entry["word"], length, lang, "Your Gameword", hidden=True)
        game_round["your_word"] = word
        made: list[assist_notes.Note] = [assist_notes.GamewordSet(game["round"])]
        tier = lexicon.tier_of(word, lang)
        if tier is None:
            made.append(assist_notes.UnknownGameword(word))
        elif tier not in ("easy", "familiar"):  # core words too: SORREL, FURLONG
            made.append(assist_notes.RareGameword())
        return made
    if kind == "mine":
        index = len(game_round["mine"])
        if index == len(sheet.rows):
            raise Refused("Your sheet is full for this round.")
        row = sheet.rows[index]
        guess = _letters(entry["guess"], row.length, lang, f"Your row {index + 1}")
        heard = _possible(sheet, index, entry["heard"], "your")
        game_round["mine"].append({"guess": guess, "heard": heard})
        made = [assist_notes.Heard(index, guess, heard)]
        if sheet.is_last(index) and heard >= BONUS + MATCHING_POINTS * length:
            made.append(assist_notes.NamedWord(assist_notes.YOU, BONUS))
        if not lexicon.is_word(guess, lang):
            made.append(assist_notes.NotAWord(assist_notes.YOU, guess))
        return made
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
        made = [assist_notes.Announce(index, guess, points, marking(word, guess, row.offset))]
        if sheet.is_last(index) and guess == word:
            made.append(assist_notes.NamedWord(assist_notes.THEY, BONUS))
        if not lexicon.is_word(guess, lang):
            made.append(assist_notes.NotAWord(assist_notes.THEY, guess))
        return made
    if kind == "said":
        rows = game_round["theirs"]
        index = len(rows) - 1 if entry.get("row") is None else entry["row"]
        if not rows:
            raise Refused("Their sheet has no rows yet.")
        if not 0 <= index < len(rows):
            raise Refused(f"Their sheet has no row {index + 1} yet.")
        said = _possible(sheet, index, entry["score"], "their")
        said_row = rows[index]
        if said == said_row["said"]:
            raise Refused(f"You said {said:,} for their row {index + 1} already.")
        game_round["slips"].append(
            {"row": index, "was": said_row["said"], "now": said, "turn": len(rows) - 1}
        )
        said_row["said"] = said
        if said == said_row["score"]:
            steps = [(s["turn"], s["now"]) for s in game_round["slips"] if s["row"] == index]
            turns = turns_wrong(index, said, steps, said, len(rows) - 1)
            return [assist_notes.SaidRight(index, said_row["guess"], said, turns, PENALTY * turns)]
        return [assist_notes.SaidWrong(index, said_row["guess"], said_row["score"], said, PENALTY)]
    if kind == "heard":
        mine = game_round["mine"]
        index = entry["row"]
        if not mine:
            raise Refused("Your sheet has no rows yet.")
        if not 0 <= index < len(mine):
            raise Refused(f"Your sheet has no row {index + 1} yet.")
        now = _possible(sheet, index, entry["score"], "your")
        heard_row = mine[index]
        if now == heard_row["heard"]:
            raise Refused(f"Row {index + 1} was heard as {now:,} already.")
        game_round["corrections"].append(
            {"row": index, "was": heard_row["heard"], "now": now, "turn": len(mine) - 1}
        )
        turns = len(mine) - 1 - index
        heard_row["heard"] = now
        return [assist_notes.HeardCorrected(index, heard_row["guess"], now, turns, PENALTY * turns)]
    if kind == "reveal":
        if len(game_round["mine"]) < len(sheet.rows):
            raise Refused("Their Gameword is revealed at the end of the round.")
        if game_round["their_word"] is not None:
            raise Refused("Their Gameword is entered already (:undo to change it).")
        word = _letters(entry["word"], length, lang, "Their Gameword")
        game_round["their_word"] = word
        found = their_audit(game_round)
        return [assist_notes.Revealed(word, tuple(found["errors"]), found["penalty"], PENALTY)]
    if kind == "next":
        if not complete(game_round):
            raise Refused(_unfinished(game_round))
        if game["round"] + 1 < len(game["rounds"]):
            game["round"] += 1
            return [assist_notes.NextRound(game["round"], game["rounds"][game["round"]]["length"])]
        game["finished"] = True
        return [assist_notes.GameOver()]
    if kind == "end":
        game["finished"] = True
        return [assist_notes.GameOver()]
    raise Refused(f"unknown entry {kind!r}")


def _unfinished(game_round: AssistRound) -> str:
    rows = len(_sheet(game_round).rows)
    left_mine = rows - len(game_round["mine"])
    left_theirs = rows - len(game_round["theirs"])
    return (
        f"The round is not over: {left_mine} row(s) of yours and {left_theirs} of theirs to "
        "play (:end stops the game here)."
    )


# --- the 2000-point rule and the totals ---------------------------------------------------
def their_audit(game_round: AssistRound) -> TheirAudit:
    """The scores you heard, checked: against their revealed word (``session.audit``), or
    before it, the corrections they made (each taken as the right score). Errors and the
    penalty owed to you."""
    rows = game_round["mine"]
    if game_round["their_word"] is not None:
        adapted: AuditedRound = {
            "length": game_round["length"],
            "your_word": game_round["their_word"],
            "bot": [{"guess": r["guess"], "heard": r["heard"], "score": r["heard"]} for r in rows],
            "rechecks": game_round["corrections"],
        }
        found = audit(adapted)
        return {**found, "right": [r["score"] for r in adapted["bot"]]}
    errors: list[AuditError] = []
    for index in sorted({c["row"] for c in game_round["corrections"]}):
        changes = [c for c in game_round["corrections"] if c["row"] == index]
        first, true = changes[0]["was"], changes[-1]["now"]
        steps = [(c["turn"], c["now"]) for c in changes]
        turns = turns_wrong(index, first, steps, true, _standing_until(game_round, rows))
        errors.append({"row": index, "given": first, "true": true, "turns_undetected": turns})
    penalty = PENALTY * sum(e["turns_undetected"] for e in errors)
    return {"errors": errors, "penalty": penalty, "right": [r["heard"] for r in rows]}


def _standing_until(game_round: AssistRound, rows: list[MineRow] | list[TheirRow]) -> int:
    """The turn a score still wrong is counted to. During the round: the latest turn, so
    that a running total shows what the error costs if corrected now (nothing when caught
    at once, as a correction entered now would count it). Once every row is filled: the
    end of the sheet, as ``session.audit`` counts an error never caught."""
    return len(_sheet(game_round).rows) if complete(game_round) else len(rows) - 1


def your_slips(game_round: AssistRound) -> Audit:
    """The scores you announced wrong, and the penalty owed to your opponent: each stood
    from its row up to the turn you corrected it (if never: ``_standing_until``)."""
    rows = game_round["theirs"]
    errors: list[AuditError] = []
    for index in sorted({s["row"] for s in game_round["slips"]}):
        true = rows[index]["score"]
        steps = [(s["turn"], s["now"]) for s in game_round["slips"] if s["row"] == index]
        turns = turns_wrong(index, true, steps, true, _standing_until(game_round, rows))
        given = next((now for _, now in steps if now != true), true)
        if given != true:
            errors.append({"row": index, "given": given, "true": true, "turns_undetected": turns})
    penalty = PENALTY * sum(e["turns_undetected"] for e in errors)
    return {"errors": errors, "penalty": penalty}


def round_totals(game_round: AssistRound) -> AssistRoundTotals:
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


def totals(game: AssistGame) -> AssistTotals:
    """Round totals, grand totals and who leads (or won, once the game is over)."""
    per_round = [round_totals(r) for r in game["rounds"]]
    you = sum(r["you"] for r in per_round)
    they = sum(r["they"] for r in per_round)
    leader = "you" if you > they else "they" if they > you else "tie"
    return {"rounds": per_round, "you": you, "they": they, "leader": leader}


# --- saving -------------------------------------------------------------------------------
def document(state: AssistState) -> AssistDocument:
    """The whole game as JSON: its entries, the sheets they make and the totals."""
    game = replay(settings_of(state), state["entries"])
    return {**state, "game": game, "totals": totals(game)}


def public(state: AssistState) -> AssistDocument:
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


def save(state: AssistState, path: Path) -> None:
    """Save: your Gamewords sealed, the rest readable, all signed (``savefile``)."""
    secret: SealedWords = {
        "gamewords": [e["word"] for e in state["entries"] if e["kind"] == "gameword"]
    }
    finished = replay(settings_of(state), state["entries"])["finished"]
    savefile.write(GAME, public(state), secret, finished, path)


def load(path: Path) -> AssistState:
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
        state: AssistState = {
            "version": STATE_VERSION,
            "settings": readable["settings"],
            "entries": entries,
        }
        game = replay(check_settings(settings_of(state)), entries)
        if readable.get(PENDING) is not None:
            state[PENDING] = _pending_again(game, settings_of(state), readable[PENDING])
    except (KeyError, TypeError, ValueError, StopIteration, UserError) as error:
        raise UserError(f"{path} is not a valid saved game: {error}") from None
    return state


def _pending_again(game: AssistGame, settings: Settings, word: object) -> str:
    """A saved Guessword awaiting its score, checked as it was when typed: your next row
    of a round under way, with its Gameword set, takes it; else ValueError."""
    game_round = game["rounds"][game["round"]]
    rows = _sheet(game_round).rows
    index = len(game_round["mine"])
    if not isinstance(word, str) or game["finished"] or game_round["your_word"] is None:
        raise ValueError("a Guessword awaiting its score where none can be")
    if index == len(rows):
        raise ValueError("a Guessword awaiting its score on a full sheet")
    try:
        checked = _letters(word, rows[index].length, settings.lang, f"Your row {index + 1}")
    except Refused as refused:
        raise ValueError(f"the Guessword awaiting its score: {refused}") from None
    if checked != word:
        raise ValueError("the Guessword awaiting its score is not as typed words are kept")
    return checked


# --- what the game waits for: ``assist_notes.Waiting`` ------------------------------------------
Waiting = assist_notes.Waiting


class Assistant:
    """A game against a person: the state (saved after every entry), the game it makes,
    and the advice for your next row (``advice``: computed by ``live_advice.Advisor``,
    which the front end may run in a worker thread). A Guessword of yours whose score is
    still to come (two-step entry) is ``pending``: kept in the state and saved too, so
    that a game left (or killed) while the score was awaited asks for it again on resume;
    it was kept in memory only, and lost."""

    def __init__(self, state: AssistState, path: Path | None = None) -> None:
        self.state = state
        self.path = path
        self.settings = check_settings(settings_of(state))
        self.game = replay(self.settings, state["entries"])

    @property
    def pending(self) -> str | None:
        return self.state.get(PENDING)

    @pending.setter
    def pending(self, word: str | None) -> None:
        if word is None:
            self.state.pop(PENDING, None)
        else:
            self.state[PENDING] = word

    # --- what the game says --------------------------------------------------------------
    @property
    def round(self) -> AssistRound:
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
        """What to ask for next: the facts (``ui.assist_words.prompt`` words them)."""
        game_round = self.round
        if self.finished:
            return Waiting(assist_notes.OVER, round=self.game["round"])
        if game_round["your_word"] is None:
            # the colour is chosen before the first row
            you = "" if self.game["round"] else self.game["you"]
            length = game_round["length"]
            return Waiting(
                assist_notes.GAMEWORD, hidden=True, round=self.game["round"], length=length, you=you
            )
        if self.pending is not None:
            return Waiting(assist_notes.SCORE, round=self.game["round"], guess=self.pending)
        turn = self.turn()
        if turn is None:
            return Waiting(
                assist_notes.ROUND_OVER,
                round=self.game["round"],
                revealed=game_round["their_word"] is not None,
                last=self.game["round"] + 1 == len(self.game["rounds"]),
            )
        kind, index = (
            (assist_notes.GUESS, len(game_round["mine"]))
            if turn == "you"
            else (assist_notes.THEIRS, len(game_round["theirs"]))
        )
        row = self.sheet.rows[index]
        return Waiting(
            kind, round=self.game["round"], length=row.length, row=index, offset=row.offset
        )

    def _round_over_steps(self) -> str:
        """What is left to type once both sheets are full (for a refusal: a prompt says it
        from ``Waiting``'s facts, in ``ui.assist_words``)."""
        last = self.game["round"] + 1 == len(self.game["rounds"])
        then = ":end" if last else ":next (round 2)"
        if self.round["their_word"] is None:
            return f":reveal THEIRWORD, then {then}"
        return then

    # --- entries -------------------------------------------------------------------------
    def enter(self, text: str) -> list[assist_notes.Note]:
        """One line typed: the notes to show (data: ``ui.assist_words`` words them). Raises
        Refused (nothing changed) when the line cannot be read or the rules refuse it;
        saves after every entry taken.

        A bare word whose letters spell a command's name (END, UNDO, SAID 0) is a word
        entry like any other; its notes, or the reason it is refused, name the command
        perhaps meant (``assist_entries.hint``), never for your hidden Gameword."""
        waiting = self.waiting()
        typed = text.strip()
        if waiting.kind == "gameword" and typed not in ("", "?") and not entries.is_command(typed):
            try:
                return self._make({"kind": "gameword", "word": typed})
            except Refused as refused:  # `said 0` typed the old way: no Gameword
                if hint := entries.hint(typed.split()[0]):
                    raise Refused(f"{refused} {hint}") from None
                raise
        entry = entries.parse_entry(text)
        if entry.command or entry.kind not in ("guess", "mine"):
            return self._command_or_score(entry)
        hint = entries.hint(entry.word)
        try:
            notes = self._word(entry, waiting)
        except Refused as refused:
            if hint:
                raise Refused(f"{refused} {hint}") from None
            if self._gameword_again(entry.word):
                raise Refused(f"{refused} Your Gameword is set (:undo changes it).") from None
            raise
        if hint:
            notes.append(assist_notes.CommandWord(entry.word))
        return notes

    def _gameword_again(self, word: str) -> bool:
        """Whether a word refused as the first row has the length of a Gameword: typed as
        one, perhaps after PURPLE was taken for the Gameword (the colour is :purple)."""
        game_round = self.round
        started = game_round["mine"] or game_round["theirs"] or self.pending
        return not started and len(word) == game_round["length"]

    def _word(self, entry: entries.Entry, waiting: Waiting) -> list[assist_notes.Note]:
        """A bare word entry: WORD SCORE (yours) or WORD (by turn order)."""
        if entry.kind == "guess":
            if waiting.kind == "score":  # a word where its score was awaited: say why not
                guess = waiting.guess.upper()
                if entry.word.startswith("-") and entries.NUMBER_TEXT.fullmatch(entry.word[1:]):
                    raise Refused(
                        f"A score cannot be negative: type the score you heard for {guess} "
                        f"(:undo drops {guess})."
                    )
                raise Refused(
                    f"{entry.word!r} is not a score: type the score you heard for {guess}, "
                    f"in digits, such as 1250 (:undo drops {guess})."
                )
            if waiting.kind == "round over":
                raise Refused(f"Both sheets are full: {self._round_over_steps()}.")
            entry = replace(entry, kind="mine" if self.turn() == "you" else "theirs")
        if entry.kind == "theirs":
            return self._make({"kind": "theirs", "guess": entry.word})
        return self._mine(entry)

    def _mine(self, entry: entries.Entry) -> list[assist_notes.Note]:
        """Your Guessword: with its score, made; alone, kept waiting for its score."""
        if entry.score is None:
            index = len(self.round["mine"])
            if index == len(self.sheet.rows):
                raise Refused("Your sheet is full for this round.")
            row = self.sheet.rows[index]
            what = f"Your row {index + 1}"
            self.pending = _letters(entry.word, row.length, self.settings.lang, what)
            self._save()
            return [assist_notes.Pending(index, self.pending)]
        pending = self.pending
        notes = self._make({"kind": "mine", "guess": entry.word, "heard": entry.score})
        if pending is not None and pending != lexicon.language(self.settings.lang).normalize(
            entry.word
        ):  # said aloud: the score was asked for another word
            notes.insert(0, assist_notes.PlayedInstead(entry.word, pending))
        return notes

    def _command_or_score(self, entry: entries.Entry) -> list[assist_notes.Note]:
        """A command (``:said 250``), or a score alone for the Guessword waiting for one."""
        kind = entry.kind
        if kind == "help":
            return [assist_notes.Help()]
        if kind == "show":
            return []
        if kind == "undo":
            return self.undo()
        if kind in ("purple", "red"):
            return self._make({"kind": "colour", "you": kind})
        if kind in ("next", "end"):
            return self._make({"kind": kind})
        if kind == "score":
            if self.pending is None:
                raise Refused("A score alone: for which Guessword? Type WORD SCORE.")
            assert entry.score is not None  # a score alone is read as one
            return self._make({"kind": "mine", "guess": self.pending, "heard": entry.score})
        if kind == "mine":
            return self._mine(entry)
        if kind == "theirs":
            return self._make({"kind": "theirs", "guess": entry.word})
        if kind in ("said", "heard"):
            assert entry.score is not None  # read with the command (``parse_entry``)
            made: GameEntry = {"kind": kind, "score": entry.score}
            if entry.row is not None:
                made["row"] = entry.row
            return self._make(made)
        if kind == "reveal":
            return self._make({"kind": "reveal", "word": entry.word})
        raise Refused(f"Cannot read that ({entries.MARK}help lists the entries).")

    def _make(self, entry: GameEntry) -> list[assist_notes.Note]:
        game = copy.deepcopy(self.game)
        notes = apply(game, self.settings, entry)  # Refused leaves everything as it was
        if entry["kind"] in ("gameword", "reveal"):
            entry = entry | {"word": lexicon.language(self.settings.lang).normalize(entry["word"])}
        elif entry["kind"] in ("mine", "theirs"):
            now = game["rounds"][game["round"]]
            rows = now["mine"] if entry["kind"] == "mine" else now["theirs"]
            entry = entry | {"guess": rows[-1]["guess"]}
        self.state["entries"].append(entry)
        self.game = game
        self.pending = None
        self._save()
        return notes  # a new round is introduced by the front end, once its Gameword is set

    def undo(self) -> list[assist_notes.Note]:
        """Take back the last entry (a Guessword waiting for its score first)."""
        if self.pending is not None:
            dropped, self.pending = self.pending, None
            self._save()
            return [assist_notes.Dropped(dropped)]
        if not self.state["entries"]:
            raise Refused("Nothing to undo.")
        last = self.state["entries"].pop()
        self.game = replay(self.settings, self.state["entries"])
        self._save()
        return [assist_notes.Undone({"kind": "gameword"} if last["kind"] == "gameword" else last)]

    def _save(self) -> None:
        if self.path is not None:
            save(self.state, self.path)

    # --- what to show --------------------------------------------------------------------
    def your_marks(self, words: tuple[str, ...] | None) -> list[tuple[Mark | None, ...]]:
        """The marks of your Guesswords: as they are once their word is revealed, else as
        far as the candidates ``words`` agree (None: no deduction to go by)."""
        game_round = self.round
        sheet = self.sheet
        marks: list[tuple[Mark | None, ...]] = []
        for index, row in enumerate(game_round["mine"]):
            offset = sheet.rows[index].offset
            if game_round["their_word"]:
                marks.append(marking(game_round["their_word"], row["guess"], offset))
            elif words:
                marks.append(deduced_marks(words, row["guess"], offset))
            else:
                marks.append(tuple(None for _ in row["guess"]))
        return marks


# --- the advice, computed once per position -------------------------------------------------
