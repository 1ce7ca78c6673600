"""The assistant's grammar (``assist_entries``): commands start with ':', every other line is
a word entry, and no word of any list we ship can be read as a command."""

from __future__ import annotations

import re

import pytest

from solver.deduce import assist_entries as entries
from solver.deduce.assist_entries import Entry, Refused, parse_entry
from solver.deduce.rules import default_sheet
from solver.wordtools import lexicon


def shipped_lists() -> list[str]:
    """Every list of every language, one word a line: as shipped (a person types CANCIÓN)
    and folded (CANCION)."""
    texts = []
    for code, spec in lexicon.LANGUAGES.items():
        for path in lexicon.sources(code):
            if path.suffix == ".txt":
                text = path.read_text("utf-8")
                texts += [text, spec.fold(text)]
    return texts


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_no_word_of_any_shipped_list_reads_as_a_command() -> None:
    """END, UNDO and SAID 0 were read as commands; ME, THEY, REVEAL were refused. Now:

    - every word of any length is letters only: one token, never a score, never ``?``,
      never starting with the ``:`` of a command (1.5 million words and folded forms, most
      of them Spanish);
    - every word that fits a row (up to 7 letters: what is typed as a Guessword) is parsed
      in full, in lower case alone and in upper case with a score after it: a word entry
      for that very word (about 160,000 words); neither case starts a command. (Parsing
      all 1.5 million in four forms took 20 s; this takes about 2.)"""
    texts = shipped_lists()
    for text in texts:
        lines = text.strip()
        assert lines.replace("\n", "").isalpha() and "\n\n" not in lines, "not one word a line"
    longest = max(row.length for n in (6, 7) for row in default_sheet(n).rows)
    words = sorted({w for text in texts for w in text.split() if len(w) <= longest})
    assert len(words) > 150_000 and {"end", "undo", "said", "canción", "cancion"} <= set(words)
    alone = list(map(parse_entry, words))
    assert {(e.kind, e.command) for e in alone} == {("guess", False)}
    assert [e.word for e in alone] == words
    upper = list(map(str.upper, words))
    scored = list(map(parse_entry, [f"{w} 1250" for w in upper]))
    assert {(e.kind, e.score, e.command) for e in scored} == {("mine", 1250, False)}
    assert [e.word for e in scored] == upper
    assert not any(map(entries.is_command, upper))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (":end", Entry("end", command=True)),
        ("  :END  ", Entry("end", command=True)),
        (": undo", Entry("undo", command=True)),
        (":said 0", Entry("said", score=0, command=True)),
        (":said 2 1,000", Entry("said", score=1000, row=1, command=True)),
        (":heard 3 250", Entry("heard", score=250, row=2, command=True)),
        (":reveal Nephew", Entry("reveal", word="Nephew", command=True)),
        (":they den", Entry("theirs", word="den", command=True)),
        (":them den", Entry("theirs", word="den", command=True)),
        (":me den", Entry("mine", word="den", command=True)),
        (":me den 1250", Entry("mine", word="den", score=1250, command=True)),
        (":red", Entry("red", command=True)),
        (":help", Entry("help", command=True)),
        (":?", Entry("help", command=True)),
        ("?", Entry("help")),
        ("end", Entry("guess", word="end")),
        ("SAID 0", Entry("mine", word="SAID", score=0)),
        ("1250", Entry("score", score=1250)),
    ],
)
def test_commands_start_with_a_colon(typed: str, expected: Entry) -> None:
    assert parse_entry(typed) == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (":xyz", "Unknown command :xyz; the commands are :me, :they, :said,"),
        (":", "A command's name follows the ':': :me, :they,"),
        (":end now", ":end takes nothing after it"),
        (":said", r"Write :said \[ROW\] SCORE \(numbers only\)"),
        (":said x", r"Write :said \[ROW\] SCORE \(numbers only\)"),
        (":heard 250", "Write :heard ROW SCORE: which row"),
        (":heard 0 250", "Rows are numbered from 1"),
        (":reveal", "Write :reveal WORD"),
        (":they", "Write :they WORD"),
        (":me a b c", r"Write :me WORD \[SCORE\]"),
        (":me den -5", "cannot be negative"),
        ("reveal nephew", "Cannot read 'reveal nephew'.*Commands start with ':': :reveal WORD"),
        ("12 34", "An entry starts with a word, not 12"),
        ("", "Type an entry"),
    ],
)
def test_a_bad_line_is_refused_in_one_line(typed: str, message: str) -> None:
    with pytest.raises(Refused, match=message) as refused:
        parse_entry(typed)
    assert "\n" not in str(refused.value)


def test_the_unknown_command_error_names_every_command() -> None:
    with pytest.raises(Refused) as refused:
        parse_entry(":finish")
    for command in entries.COMMANDS:
        assert f":{command.name}" in str(refused.value)


def test_help_lists_every_command_as_typed() -> None:
    said = "\n".join(entries.help_lines())
    for command in entries.COMMANDS:
        assert command.typed in said
    assert "WORD SCORE" in said and "Commands start with ':'" in said


def test_every_text_names_the_commands_there_are() -> None:
    """The docs' page (docs/games/whats-my-word.md, moved from the README), --help, the
    screen's help and placeholder, and line mode's first line name only commands that exist;
    the page, --help and the screen's help name them all."""
    from pathlib import Path

    from click.testing import CliRunner

    import cli
    from solver.deduce.ui import assist_lines, assist_screen

    page = (Path(__file__).parents[2] / "docs" / "games" / "whats-my-word.md").read_text("utf-8")
    section = page[page.index("## Playing a person") :]
    section = section.split("\n## ", 1)[0]  # to the next section, or the page's end
    usage = CliRunner().invoke(cli.main, ["deduce", "assist", "--help"]).output
    texts = {
        "docs page": section,
        "--help": usage,
        "screen help": assist_screen.HELP,
        "placeholder": assist_screen.PLACEHOLDER,
        "line mode": assist_lines.HOW_TO_TYPE,
    }
    names = {c.name for c in entries.COMMANDS}
    for where, text in texts.items():
        named = set(re.findall(r"(?<![\w:]):([a-z]+)\b", text))
        assert named and named <= names, (where, named - names)
        if where in ("docs page", "--help", "screen help"):
            assert named == names, (where, names - named)
