"""Drawing the assistant's game against a person: both sheets, as on paper, and the totals.

Your sheet: your Guesswords with the scores you heard, marked as far as those scores tell
(``?A?`` where the words that fit differ), or as they are once your opponent's word is
revealed. Their sheet: their Guesswords marked against your word, with the score to
announce (and what you said, when you entered a different score). The marks and colours
are those of the game against the bot (``display``).
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from solver.deduce import assist
from solver.deduce.rules import BONUS, marking
from solver.deduce.ui.assist_words import OPPONENT, verdict
from solver.deduce.ui.display import MARKS, blank_row, deduced_text, sheet_frame, styled_marks


def your_sheet(
    assistant: assist.Assistant, words: tuple[str, ...] | None, compact: bool = False
) -> Table:
    """Your Guesswords this round, every row of the sheet (the rows to play dim);
    ``compact``: as the game's (``display.sheet_frame``), for a small terminal."""
    game_round = assistant.round
    sheet = assistant.sheet
    title = f"Your Guesswords, round {assistant.game['round'] + 1}"
    if game_round["their_word"]:
        title += f", against {game_round['their_word'].upper()}"
    columns: tuple[str, ...] = ("row", "letters", "Guessword", "heard")
    if compact:
        title = f"You, round {assistant.game['round'] + 1}"
        if game_round["their_word"]:
            title = f"You v {game_round['their_word'].upper()}"
        columns = ("row", "Guessword", "heard")
    table = sheet_frame(title, columns, "Guessword", compact)
    marks = assistant.your_marks(words)
    corrected = {c["row"]: c["was"] for c in game_round["corrections"]}
    for number, row in enumerate(sheet.rows, start=1):
        where = f"{row.length} from col {row.offset + 1}"
        if number > len(game_round["mine"]):
            if compact:
                table.add_row(str(number), blank_row(row.length, row.offset), "", style="dim")
            else:
                table.add_row(str(number), where, "", "", style="dim")
            continue
        entry = game_round["mine"][number - 1]
        known = marks[number - 1]
        if all(m is not None for m in known):
            shown: Text = styled_marks(entry["guess"], known)  # type: ignore[arg-type]
        else:
            shown = Text(deduced_text(entry["guess"], known))
        heard = f"{entry['heard']:,}"
        if number - 1 in corrected:
            heard += f" (was {corrected[number - 1]:,})"
        table.add_row(str(number), *(() if compact else (where,)), shown, heard)
    return table


def their_sheet(assistant: assist.Assistant, compact: bool = False) -> Table:
    """Their Guesswords this round, marked against your word, with the right score;
    ``compact``: without the row numbers, beside your compact sheet."""
    game_round = assistant.round
    sheet = assistant.sheet
    # Your word stays unsaid, as it was typed hidden: someone across the table may glance
    # at the screen (the marks show what their own sheet will show them anyway).
    title = "Theirs, v your word" if compact else "Their Guesswords, against your word"
    columns = ("Guessword", "score") if compact else ("row", "Guessword", "score")
    table = sheet_frame(title, columns, "Guessword", compact)
    numbered = (lambda number: ()) if compact else (lambda number: (number,))
    for number, row in enumerate(sheet.rows, start=1):
        if number > len(game_round["theirs"]):
            table.add_row(
                *numbered(str(number)), blank_row(row.length, row.offset), "", style="dim"
            )
            continue
        entry = game_round["theirs"][number - 1]
        word = game_round["your_word"]
        assert word is not None  # set before any of their rows (``apply``)
        marks = marking(word, entry["guess"], row.offset)
        shown = styled_marks(entry["guess"], marks)
        cell = f"{entry['score']:,}"
        if entry["said"] != entry["score"]:
            cell += f" ({'' if compact else 'you '}said {entry['said']:,})"
        table.add_row(*numbered(str(number)), shown, cell)
    return table


def totals_text(assistant: assist.Assistant) -> Text:
    """The round's totals (with the bonus and the penalties in them) and the grand total."""
    result = assist.totals(assistant.game)
    index = assistant.game["round"]
    running = result["rounds"][index]
    over = assist.complete(assistant.round)
    head = f"Round {index + 1} total" if over else "This round so far"
    text = Text(f"{head}: you {running['you']:,}, {OPPONENT} {running['they']:,}", style="bold")
    extras = []
    if running["you_bonus"]:
        extras.append(f"your {BONUS:,} bonus")
    if running["they_bonus"]:
        extras.append(f"their {BONUS:,} bonus")
    if running["you_penalty"]:
        extras.append(f"{running['you_penalty']:,} to you for scores they gave wrong")
    if running["they_penalty"]:
        extras.append(f"{running['they_penalty']:,} to them for scores you gave wrong")
    if extras:
        text.append(f" (in it: {'; '.join(extras)})")
    if assistant.finished:
        text.append(f"\n{verdict(assistant.game)}", style="bold")
    elif index > 0:
        text.append(f"\nGrand total so far: you {result['you']:,}, {OPPONENT} {result['they']:,}")
    return text


def candidate_words(assistant: assist.Assistant) -> tuple[str, ...] | None:
    """The words that fit the scores you heard (for the marks), None when none does."""
    from solver.deduce import candidates as cand
    from solver.wordtools import lexicon

    settings = assistant.settings
    pool = None
    if settings.pool != "familiar":
        pool = lexicon.pool(assistant.sheet.word_length, settings.pool, settings.lang)
    found = cand.deduce(assistant.history(), assistant.sheet, pool, settings.prior, settings.lang)
    return found.words or None


def assist_view(state: assist.AssistState) -> Group:
    """Both sheets of the current round, the totals and the marks' legend (line mode)."""
    assistant = assist.Assistant(state)
    words = candidate_words(assistant) if assistant.round["mine"] else None
    return Group(
        Columns([your_sheet(assistant, words), their_sheet(assistant)]),
        totals_text(assistant),
        Text(MARKS, style="dim"),
    )
