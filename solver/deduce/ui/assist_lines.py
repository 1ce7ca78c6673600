"""The assistant in line mode: one prompt, one entry, through a terminal or a pipe.

The loop asks the assistant what it waits for, asks the person, makes the entry and says the
notes it returns, worded by ``assist_words`` (a line is read as the full-screen app reads
it: ``assist_entries``); an entry refused is said and asked again. After each score you hear
the advice is worked out at once, so a warning (no word fits the scores you heard) comes
before the next prompt; on your turn the advice is shown whole. The game saves itself after
every entry; end of input stops it (``solver.ui.saved.play_saved`` says how to resume).

``play``, ``save``, ``public`` and ``document`` are what ``play_saved`` needs of a game's
line mode; ``public`` and ``document`` add the advice for your next row, so that a script
reading ``--json`` gets it with the sheets.
"""

from __future__ import annotations

from pathlib import Path

from solver.deduce import assist, assist_entries, assist_notes, live_advice
from solver.deduce.advisor import AdviceDocument
from solver.deduce.assist import save
from solver.deduce.ui import assist_words
from solver.deduce.ui.lines import Console

__all__ = ["document", "play", "public", "save", "worth_keeping"]

# Said once at the start: the word entries, and that commands start with ':' (a newcomer
# must not find out by typing END as a command and getting a Guessword).
HOW_TO_TYPE = (
    "One entry a line: WORD SCORE (your Guessword and the score you heard), WORD (theirs). "
    "Commands start with ':' (:said SCORE, :heard ROW SCORE, :reveal WORD, :next, :end, "
    ":undo); :help lists them all."
)


class AdvisedDocument(assist.AssistDocument):
    """The game as ``--json`` prints it: the assistant's document and the advice for your
    next row (``Advice.to_json``, its warnings worded), None when none is to give."""

    advice: AdviceDocument | None


def worth_keeping(state: assist.AssistState) -> bool:
    """A game left before its first entry is not kept: there is nothing to resume."""
    return bool(state["entries"])


def play(
    state: assist.AssistState, console: Console[assist.AssistState], path: Path
) -> assist.AssistState:
    """Go on from the state until the game is over (or input ends), saving every entry."""
    from solver.deduce.ui.display import advice_view

    assistant = assist.Assistant(state, path)
    advisor = live_advice.Advisor(assistant.settings)
    if assistant.started:
        console.say("Game resumed where it was left.")
    console.say(HOW_TO_TYPE)
    introduced = None
    advised = None  # the position whose advice was worked out (warnings said)
    shown = None  # the position whose advice was shown whole
    notes: list[assist_notes.Note] = []
    while not assistant.finished:
        waiting = assistant.waiting()
        if waiting.kind != "gameword" and introduced != assistant.game["round"]:
            console.say(assist_words.intro(assistant.game))
            introduced = assistant.game["round"]
        position = (assistant.game["round"], tuple(assistant.history()))
        playing = waiting.kind not in ("gameword", "round over")
        if playing and position != advised and len(position[1]) < len(assistant.sheet.rows):
            advice = advisor.advise(assistant.sheet.word_length, assistant.history())
            for line in assist_words.advice_warnings(advice):
                console.say(f"[red]{line}[/red]")
            advised = position
        if waiting.kind == "guess" and position != shown:
            console.show(state)
            advice = advisor.advise(assistant.sheet.word_length, assistant.history())
            console.say(advice_view(advice, assistant.settings.top))
            shown = position
        answer = console.ask(assist_words.prompt(waiting), hidden=waiting.hidden)
        try:
            notes = assistant.enter(answer)
        except assist.Refused as refused:
            console.say(f"[red]{refused}[/red]")
            continue
        for line, warning in assist_words.lines(notes):
            console.say(f"[red]{line}[/red]" if warning else line)
        if assist_entries.command_of(answer) == "show":
            console.show(state)
        if assistant.waiting().kind == "round over" and waiting.kind != "round over":
            console.show(state)
    console.show(state)  # the totals under the sheets end with the verdict
    return state


def _advice(state: assist.AssistState) -> AdviceDocument | None:
    """The advice for your next row as JSON, when the round has rows of yours to play."""
    assistant = assist.Assistant(state)
    if assistant.finished or len(assistant.round["mine"]) == len(assistant.sheet.rows):
        return None
    advice = live_advice.Advisor(assistant.settings).advise(
        assistant.sheet.word_length, assistant.history()
    )
    return advice.to_json(assistant.settings.top) | {
        "warnings": assist_words.advice_warnings(advice) or list(advice.warnings)
    }


def document(state: assist.AssistState) -> AdvisedDocument:
    return {**assist.document(state), "advice": _advice(state)}


def public(state: assist.AssistState) -> AdvisedDocument:
    return {**assist.public(state), "advice": _advice(state)}
