"""What's My Word? on the terminal: marked Guesswords, filled sheets, advice.

Marks are shown the way the rulebook asks players to write them, twice over: in colour
(circled = green, underlined = yellow and underlined, crossed out = dim and struck
through) and in plain symbols that survive a pipe or a black-and-white terminal:
``(A)`` matching, ``_A_`` non-matching, ``~A~`` neither, and on your own Guesswords
``?A?`` where the scores do not tell yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solver.deduce.measures import BITS, LOOKAHEAD, ROW_POINTS, TO_END
from solver.deduce.rules import BONUS, BOT_NAME, PENALTY, Mark, Sheet, marking
from solver.ui.fitting import FittingTable

if TYPE_CHECKING:  # scoring a word must not pull in numpy
    from solver.deduce.advisor import Advice
    from solver.deduce.candidates import Deduction, MarginalAlphabets
    from solver.deduce.session import BotRow, GameRound, GameState, RoundTotals, YourRow

STYLES = {
    Mark.MATCHING: "bold green",
    Mark.NON_MATCHING: "underline yellow",
    Mark.NONE: "dim strike",
}
SYMBOLS = {Mark.MATCHING: "({})", Mark.NON_MATCHING: "_{}_", Mark.NONE: "~{}~"}
LEGEND = "(A) matching, circled   _A_ non-matching, underlined   ~A~ neither, crossed out"
# The game's legend line: every mark a sheet may show, in one line of 80 columns.
MARKS = "Marks: (A) matching  _A_ non-matching  ~A~ neither  ?A? not known yet"


def plain_marks(guess: str, marks: tuple[Mark, ...]) -> str:
    return " ".join(
        SYMBOLS[m].format(letter.upper()) for letter, m in zip(guess, marks, strict=True)
    )


def coloured_marks(guess: str, marks: tuple[Mark, ...]) -> Text:
    text = Text()
    for letter, mark in zip(guess, marks, strict=True):
        text.append(letter.upper(), style=STYLES[mark])
        text.append(" ")
    return text


def styled_marks(guess: str, marks: tuple[Mark, ...], gap: str = " ") -> Text:
    """The plain symbols, each in its colour: both at once, in little room (``gap``: between
    two letters; "" in the tightest sheets, where each symbol's own brackets part them)."""
    text = Text()
    for letter, mark in zip(guess, marks, strict=True):
        text.append(SYMBOLS[mark].format(letter.upper()), style=STYLES[mark])
        text.append(gap)
    text.rstrip()
    return text


def marked(guess: str, marks: tuple[Mark, ...]) -> Text:
    """Coloured letters followed by the plain symbols."""
    text = coloured_marks(guess, marks)
    text.append("  " + plain_marks(guess, marks), style="dim")
    return text


def sheet_table(played: Mapping[str, Any]) -> Table:
    """A filled sheet (``RoundResult.to_json()``): every row with its Guessword marked,
    score and the candidates left after hearing it."""
    gameword = str(played["gameword"]).upper()
    title = f"{played['strategy']} against {gameword} (rows {played['sheet']})"
    table = Table(title=Text(title))  # the Gameword and the sheet's file name: plain text
    table.add_column("row", justify="right")
    table.add_column("letters")
    table.add_column("Guessword")
    table.add_column("score", justify="right")
    table.add_column("left", justify="right")
    for number, row in enumerate(played["rows"], start=1):
        length, offset = (int(x) for x in row["row"].split("@"))
        marks = tuple(Mark(m) for m in row["marks"])
        table.add_row(
            str(number),
            f"{length} from col {offset + 1}",
            marked(row["guess"], marks),
            f"{row['score']:,}",
            f"{row['candidates_after']:,}",
        )
    table.add_section()
    bonus = "bonus won" if played["bonus"] else "no bonus"
    table.add_row("", "", f"round total ({bonus})", f"{played['total']:,}", "")
    return table


def _fix(advice: Advice, fix) -> str:
    """One fix of a history no word fits, in words."""
    return ", ".join(
        f"row {r + 1} ({advice.history[r].guess.upper()}: heard {advice.history[r].heard:,}, "
        f"{score:,} if the word is {fix.word.upper()})"
        for r, score in zip(fix.rows, fix.corrected, strict=True)
    )


def advice_view(advice: Advice, top: int) -> Group:
    """The advice, as a player reads it: next row, candidates, alphabets, recommendation."""
    parts: list[RenderableType] = []  # warnings go to stderr, from the command
    deduction = advice.deduction
    if advice.inconsistency is not None:
        wrong = advice.inconsistency
        parts.append(Text("No dictionary word fits every score heard.", style="bold red"))
        parts.append(
            Text(
                f"Changing {wrong.fewest} score{'s' if wrong.fewest != 1 else ''} makes it "
                f"consistent: {_fix(advice, wrong)}."
            )
        )
        for other in wrong.others:
            parts.append(Text(f"Or: {_fix(advice, other)}."))
        if advice.choices:
            parts.append(Text("The advice below assumes the first fix.", style="yellow"))
    row = advice.next_row
    if row is None:
        parts.append(Text("The round is over: every row is filled.", style="bold"))
    else:
        number = len(advice.history) + 1
        last = (
            " (last row: name the word for the 3000 bonus)"
            if number == len(advice.sheet.rows)
            else ""
        )
        columns = f"columns {row.offset + 1}-{row.offset + row.length}"
        rows = len(advice.sheet.rows)
        heading = f"Next: row {number} of {rows}, {row.length} letters under {columns}{last}"
        parts.append(Text(heading, style="bold"))
    widened = " (widened: none of the pool fitted)" if deduction.widened else ""
    count = len(deduction.words)
    noun = "candidate" if count == 1 else "candidates"
    parts.append(Text(f"{count:,} {noun} from {deduction.source}{widened}"))
    probable = Table("word", "probability", title="Most probable Gamewords")
    for word, p in zip(deduction.words[:top], deduction.probabilities[:top], strict=True):
        probable.add_row(Text(word.upper()), f"{p:.1%}")
    parts.append(probable)
    if advice.alphabets is not None:
        parts.append(alphabet_table(advice.alphabets, "Marginal alphabets"))
        parts.append(alphabet_summary(advice.alphabets, len(deduction.words)))
    if advice.choices:
        parts.append(choices_table(advice))
        if advice.from_book and len(advice.choices) < top:
            held = len(advice.choices)
            parts.append(
                Text(f"The opening book holds {held} Guesswords here (--top {top} asked for more).")
            )
    return Group(*parts)


# The advice's columns, each named for what it holds: one "value" column once held the
# opening book's 31,516 (points to the round's end) beside the lookahead's 1,678 (a score
# over two rows), and its caption described only the second.
MEASURE_HEADERS = {TO_END: "expected points\nto round's end", LOOKAHEAD: "lookahead\nscore"}
MEASURE_NAMES = {
    ROW_POINTS: "expected points this row",
    BITS: "expected bits (points break ties)",
    TO_END: "expected points to the round's end",
    LOOKAHEAD: "lookahead score",
}
MEASURE_MEANS = {
    TO_END: "points to round's end: expected from this row to the last, worked out exactly "
    "(the opening book, or a search once few words fit)",
    LOOKAHEAD: "lookahead score: expected points this row and the next, plus 250 a bit of "
    "information for the rows after (a ranking, not points to come)",
}


def choices_table(advice: Advice) -> Table:
    """The recommended Guessword and the alternatives, each measure in its own column."""
    choices = advice.choices
    shown = [m for m in MEASURE_HEADERS if any(c.measure == m for c in choices)]
    table = Table(
        "Guessword",
        "expected points\nthis row",
        "expected\nbits",
        *(MEASURE_HEADERS[m] for m in shown),
        title=f"Recommended ({advice.strategy}, Guesswords from {advice.vocabulary})",
    )
    for i, choice in enumerate(choices):
        table.add_row(
            Text(choice.guess.upper(), style="bold green" if i == 0 else ""),
            f"{choice.expected_points:,.0f}",
            f"{choice.expected_bits:.2f}",
            *(f"{choice.value:,.0f}" if choice.measure == m else "" for m in shown),
        )
    ranked = list(dict.fromkeys(c.measure for c in choices))  # in the order shown
    said = ["From the opening book."] if advice.from_book else []
    said += [f"Ranked by {', then '.join(MEASURE_NAMES[m] for m in ranked)}."]
    said += [f"{MEASURE_MEANS[m][0].upper()}{MEASURE_MEANS[m][1:]}." for m in shown]
    table.caption = " ".join(said)
    return table


def alphabet_table(alphabets: MarginalAlphabets, title: str) -> Table:
    """One row per Gameword column: the letter when known (circled), else those possible."""
    table = Table("col", "still possible", title=title)
    for i, column in enumerate(alphabets.columns, start=1):
        known = column.known.upper()
        table.add_row(str(i), Text(f"({known})" if known else column.possible.upper()))
    return table


def alphabet_summary(alphabets: MarginalAlphabets, candidates: int) -> Text:
    present = alphabets.present.upper() or "-"
    absent = alphabets.absent.upper() or "-"
    left = f"{candidates:,} words fit" if candidates > 1 else "one word fits"
    return Text(f"known present: {present}   known absent: {absent}   ({left})")


def deduced_text(guess: str, marks: tuple[Mark | None, ...], gap: str = " ") -> str:
    """Plain symbols for the marks the scores allow; ``?A?`` where they do not tell."""
    return gap.join(
        SYMBOLS[m].format(letter.upper()) if m is not None else f"?{letter.upper()}?"
        for letter, m in zip(guess, marks, strict=True)
    )


def sheet_frame(title: str, columns: tuple[str, ...], guess: str, compact: bool) -> Table:
    """An empty sheet: ``columns`` (``guess`` is the Guessword's, the scores' are "score" and
    "heard", right-aligned with the row number). Boxed with its title above; ``compact``: no
    box and no title line, the title heading the Guessword column and a rule under the
    headings, so that a sheet of 11 rows takes 13 lines and two sit side by side in 80
    columns (the full-screen game at 80 x 24)."""
    if not compact:
        table = FittingTable(title=Text(title), min_width=len(title))
    else:
        table = FittingTable(
            box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True
        )
    for column in columns:
        heading = title if compact and column == guess else column
        right = column in ("row", "score", "heard")
        table.add_column(Text(heading), justify="right" if right else "left")
    return table


def bonus_line(rows: int, compact: bool) -> str:
    """The line under a last row that named the word: its score holds the bonus."""
    return f"+{BONUS:,} bonus" if compact else f"row {rows}: {BONUS:,} bonus in it"


def blank_row(length: int, offset: int) -> str:
    """Where a row still to play sits, in its Guessword cell (compact sheets)."""
    return f"({length} from col {offset + 1})"


def your_deduction(state: GameState) -> Deduction:
    """What your scores in the current round leave possible (for the hints)."""
    from solver.deduce import candidates as cand
    from solver.deduce import session
    from solver.deduce.rules import default_sheet

    settings = session.settings_of(state)
    game_round = state["rounds"][state["round"]]
    length = game_round["length"]
    pool = session.page_pool(settings, length) if settings.pool_from else None
    history = session.your_history(game_round)
    return cand.deduce(history, default_sheet(length), pool, "familiar", settings.lang)


def your_sheet(
    state: GameState,
    deduction: Deduction | None,
    blank_rows: bool = False,
    compact: bool = False,
    tight: bool = False,
) -> Table:
    """Your Guesswords with their scores and, given a deduction (the hints), the marks
    your scores allow; ``blank_rows``: the rows still to play too, as on the paper sheet;
    ``compact``: headed by a short title, without the letters column (a row still to play
    says where it sits: ``sheet_frame``); ``tight``: compact, and the marked letters with
    no space between them (``(K)(I)_T_``: 6 columns fewer in a 7-letter row), for when two
    compact sheets do not fit side by side in 80 columns."""
    compact = compact or tight
    gap = "" if tight else " "
    from solver.deduce import session
    from solver.deduce.rules import default_sheet

    game_round = state["rounds"][state["round"]]
    sheet = default_sheet(game_round["length"])
    settings = session.settings_of(state)
    over = session.next_turn(game_round, settings.you) is None and (
        game_round["audit"] is not None or not settings.you_score
    )
    revealed = game_round["bot_word"] if over else None  # the round is over: marks as they are
    if compact:
        title = f"You v {revealed.upper()}" if revealed else f"You, round {state['round'] + 1}"
        columns: tuple[str, ...] = ("row", "Guessword", "score")
    else:
        title = f"Your Guesswords, round {state['round'] + 1}"
        title = f"{title}, against {revealed.upper()}" if revealed else title
        columns = ("row", "letters", "Guessword", "score")
    mine = sheet_frame(title, columns, "Guessword", compact)
    played = game_round["you"]
    for number, row in enumerate(sheet.rows, start=1):
        where = f"{row.length} from col {row.offset + 1}"
        if number > len(played):
            if blank_rows and compact:
                mine.add_row(str(number), blank_row(row.length, row.offset), "", style="dim")
            elif blank_rows:
                mine.add_row(str(number), where, "", "", style="dim")
            continue
        entry = played[number - 1]
        shown: str | Text = Text(entry["guess"].upper())  # typed: plain text, never markup
        if revealed:
            marks = marking(revealed, entry["guess"], row.offset)
            shown = styled_marks(entry["guess"], marks, gap)
        elif deduction is not None and deduction.consistent and not entry["late"]:
            deduced = session.deduced_marks(deduction.words, entry["guess"], row.offset)
            shown = Text(deduced_text(entry["guess"], deduced, gap))
        points = "late: 0" if entry["late"] else f"{entry['score']:,}"
        mine.add_row(str(number), *(() if compact else (where,)), shown, points)
    if bonus_won(game_round["you"], game_round["bot_word"], sheet):
        mine.add_row("", *(() if compact else ("",)), bonus_line(len(sheet.rows), compact), "")
    return mine


def bonus_won(rows: list[YourRow] | list[BotRow], word: str | None, sheet: Sheet) -> bool:
    """Whether the last row named the word (its score holds the bonus)."""
    full = len(rows) == len(sheet.rows)
    return bool(word) and full and rows[-1]["guess"] == word and not rows[-1].get("late")


def game_view(state: GameState) -> Group:
    """The paper sheet of the current round, as the person playing the bot sees it: their
    Gameword, the bot's Guesswords with scores, their own Guesswords with scores and (with
    hints) the marks the scores allow and the marginal alphabets."""
    from solver.deduce import candidates as cand
    from solver.deduce import session
    from solver.deduce.rules import default_sheet

    settings = session.settings_of(state)
    game_round = state["rounds"][state["round"]]
    sheet = default_sheet(game_round["length"])
    deduction = your_deduction(state) if settings.hints else None
    parts: list[Any] = []
    tables: list[Any] = [your_sheet(state, deduction)]
    running = session.totals(state)["rounds"][state["round"]]
    tables.append(bot_sheet(game_round, sheet, running))
    notes: list[Any] = []
    if deduction is not None and deduction.consistent:
        alphabets = cand.marginal_alphabets(deduction, settings.lang)
        tables.append(alphabet_table(alphabets, "Your marginal alphabets"))
        notes.append(alphabet_summary(alphabets, len(deduction.words)))
    parts.append(Columns(tables))
    parts.extend(notes)
    parts.append(Text(round_line(state["round"], game_round, running), style="bold"))
    parts.append(Text(MARKS, style="dim"))
    return Group(*parts)


def alphabet_grid(alphabets: MarginalAlphabets, alphabet: str) -> Text:
    """The marginal alphabets as on the paper sheet, one alphabet per Gameword column, in
    the marks of the sheets (colour and symbol): the known letter circled ``(E)`` and the
    rest of its column crossed out (shown `` · ``, so that what is left stands out), letters
    no word that fits has there crossed out, letters every such word has (place unknown)
    underlined ``_A_``."""
    text = Text()
    for number, column in enumerate(alphabets.columns, start=1):
        text.append(f"{number} ", style="bold")
        for letter in alphabet:
            if column.known and letter == column.known:
                mark = Mark.MATCHING
            elif column.known or letter not in column.possible:
                text.append(" · ", style="dim")  # crossed out: out of the way
                continue
            elif letter in alphabets.present:
                mark = Mark.NON_MATCHING
            else:
                text.append(f" {letter.upper()} ")
                continue
            text.append(SYMBOLS[mark].format(letter.upper()), style=STYLES[mark])
        text.append("\n")
    text.rstrip()
    return text


def alphabet_rows(alphabets: MarginalAlphabets) -> Text:
    """The marginal alphabets in little room (the game at 80 x 24): per Gameword column the
    letters still possible, the known one circled ``(E)`` (the rest of that column crossed
    out, so not shown), those every word that fits has (place unknown) underlined in
    colour."""
    text = Text()
    for number, column in enumerate(alphabets.columns, start=1):
        text.append(f"{number} ", style="bold")
        if column.known:
            text.append(SYMBOLS[Mark.MATCHING].format(column.known.upper()), STYLES[Mark.MATCHING])
        for letter in "" if column.known else column.possible:
            present = letter in alphabets.present
            text.append(letter.upper(), style=STYLES[Mark.NON_MATCHING] if present else "")
        text.append("\n")
    text.rstrip()
    return text


def scored_cell(entry: Mapping[str, Any], said: int | None, compact: bool = False) -> str:
    """A row's score as it counts; after the audit a score you gave wrong shows the right
    one and what you said, so that the rows add up to the total shown (``compact``: what
    you said in brackets alone)."""
    if said is None:
        return f"{entry['score']:,}"
    return (
        f"{entry['score']:,} ({said:,})" if compact else f"{entry['score']:,} (you said {said:,})"
    )


def bot_sheet(
    game_round: GameRound,
    sheet: Sheet,
    running: RoundTotals,
    blank_rows: bool = False,
    compact: bool = False,
    tight: bool = False,
) -> Table:
    """The bot's Guesswords with their scores and, once your word is revealed, the marks;
    after the audit the corrected scores and the penalty, so the column adds up.
    ``blank_rows``: the rows still to play too, as on the paper sheet; ``compact``: headed
    by a short title and without the row numbers (it sits beside your sheet, whose rows
    it shares: ``sheet_frame``); ``tight``: compact, the marked letters with no space
    between them (``your_sheet``)."""
    compact = compact or tight
    word = game_round["your_word"]
    audited = game_round["audit"]
    said = {e["row"]: e["given"] for e in audited["errors"]} if audited else {}
    against = word.upper() if word else "your word"
    title = f"{BOT_NAME.capitalize()}'s Guesswords, against {against}"
    if compact:
        title = f"{BOT_NAME.capitalize()} v {against}"
    columns = ("Guessword", "score") if compact else ("row", "Guessword", "score")
    bots = sheet_frame(title, columns, "Guessword", compact)
    numbered = (lambda number: ()) if compact else (lambda number: (number,))
    for number, entry in enumerate(game_round["bot"], start=1):
        row = sheet.rows[number - 1]
        guess = entry["guess"]
        marks = marking(word, guess, row.offset) if word else None
        shown = styled_marks(guess, marks, "" if tight else " ") if marks else Text(guess.upper())
        cell = scored_cell(entry, said.get(number - 1), compact)
        bots.add_row(*numbered(str(number)), shown, cell)
    for number in range(len(game_round["bot"]) + 1, len(sheet.rows) + 1 if blank_rows else 0):
        row = sheet.rows[number - 1]
        bots.add_row(*numbered(str(number)), blank_row(row.length, row.offset), "", style="dim")
    if bonus_won(game_round["bot"], word, sheet):
        bots.add_row(*numbered(""), bonus_line(len(sheet.rows), compact), "")
    if audited and audited["penalty"]:
        turns = sum(e["turns_undetected"] for e in audited["errors"])
        if not compact:  # a rule drawn as a blank line: a line the compact sheets lack
            bots.add_section()
        where = f"penalty: {turns} turn(s) undetected x {PENALTY:,}"
        if compact:
            where = f"penalty: {turns} x {PENALTY:,}"
        bots.add_row(*numbered(""), where, f"{running['penalty']:,}")
        bots.add_row(*numbered(""), "round total", f"{running['bot']:,}")
    return bots


def round_line(index: int, game_round: GameRound, running: RoundTotals) -> str:
    """The round's totals in one line; with a penalty, how the bot's total is made."""
    from solver.deduce.rules import default_sheet

    rows = len(default_sheet(game_round["length"]).rows)
    complete = len(game_round["you"]) == len(game_round["bot"]) == rows
    known = game_round["audit"] is not None or game_round["your_word"] is not None
    if not (complete and known):  # (a --you-score round is done after the audit)
        return f"This round so far: you {running['you']:,}, {BOT_NAME} {running['bot']:,}"
    made = (
        f" ({running['bot_rows']:,} for {BOT_NAME}'s Guesswords + {running['penalty']:,} penalty)"
        if running["penalty"]
        else ""
    )
    return f"Round {index + 1} total: you {running['you']:,}, {BOT_NAME} {running['bot']:,}{made}"


def evaluation_table(summary: Mapping[str, Any]) -> Table:
    """``deduce evaluate``: one line per way the opponent draws Gamewords."""
    title = (
        f"{summary['strategy']}, {summary['length']} letters, Guesswords from "
        f"{summary['vocabulary']}, Gamewords from the {summary['pool']} "
        f"({summary['words']:,} words), candidates weighted {summary['prior']}"
    )
    table = Table(title=title)
    headings = ("drawn", "score", "oracle", "ratio", "ceiling", "ratio", "bonus", "rows to 1")
    for heading in headings:
        table.add_column(heading, justify="left" if heading == "drawn" else "right")
    for figure in summary["figures"]:
        to_one = figure["rows_to_one"]
        table.add_row(
            figure["opponent"],
            f"{figure['expected']:,.0f}",
            f"{figure['oracle']:,.0f}",
            f"{figure['ratio']:.4f}",
            f"{figure['vocabulary_oracle']:,.0f}",
            f"{figure['vocabulary_ratio']:.4f}",
            f"{figure['bonus_rate']:.1%}",
            "-" if to_one is None else f"{to_one:.2f}",
        )
    table.caption = (
        f"Exact: {summary['positions']:,} positions in {summary['seconds']:,.1f} s. Drawn: how "
        "the opponent picks Gamewords. Oracle: the score knowing the word, any Guessword; "
        f"ceiling: knowing the word, Guesswords from {summary['vocabulary']}."
    )
    return table


def rows_table(summary: Mapping[str, Any]) -> Table:
    """``deduce evaluate``: where the points are lost, row by row, for each way the
    opponent draws Gamewords: the strategy's expected points on the row, the ceiling's, and
    the ratio to the ceiling of playing the strategy's rows up to this one and then knowing
    the word (what better play on the later rows could reach at most)."""
    table = Table(title="Row by row")
    table.add_column("row", justify="right")
    for figure in summary["figures"]:
        for heading in ("points", "ceiling", "bound"):
            table.add_column(f"{heading}\n{figure['opponent']}", justify="right")
    for r in range(len(summary["figures"][0]["row_points"])):
        cells = [str(r + 1)]
        for figure in summary["figures"]:
            cells += [
                f"{figure['row_points'][r]:,.0f}",
                f"{figure['ceiling_row_points'][r]:,.0f}",
                f"{figure['bounds'][r]:.4f}",
            ]
        table.add_row(*cells)
    table.caption = (
        "Bound: the strategy's rows up to this one, then the ceiling's (a player knowing "
        "the word, Guesswords from the same vocabulary), over the ceiling."
    )
    return table
