"""Issue 13: bad input and faults never crash. Each test here failed before its fix: a
traceback, a hang or a wrong answer where a one-line ``Error: ...`` belongs."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import cli

MARKUP = "[/red]"  # rich reads it as a closing tag: MarkupError if it reaches markup


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def assert_clean(result, codes=(0, 1, 2)) -> None:
    """No exception escaped and no traceback: the contract of every command."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in codes, result.output
    assert "Traceback" not in result.output


# 1. Text typed or read from a file is shown as text, never as markup.


def test_a_checked_word_is_shown_as_typed() -> None:
    result = run("words", "check", MARKUP)
    assert_clean(result, (0,))
    assert MARKUP in result.stdout


def test_score_shows_the_words_as_typed() -> None:
    result = run("deduce", "score", "ba[/x]", "b[", "--row", "1")
    assert_clean(result, (0,))
    assert "BA[/X]" in result.stdout


def test_words_from_a_file_are_shown_as_text() -> None:
    from rich.console import Console

    from solver import render

    console = Console(record=True, width=40)
    console.print(render.word_columns(["[/x]", "bakers"]))
    assert "[/x]" in console.export_text()


def test_the_prompt_console_says_text_as_text() -> None:
    from rich.console import Console

    from solver.terminal import PromptConsole

    console = PromptConsole(lambda state: state)
    console.out = Console(record=True, width=80)
    console.say(f"{MARKUP} is not in my dictionary")
    console.say(f"[red]not understood: '{MARKUP}'[/red]")  # layout's one styled line
    text = console.out.export_text()
    assert f"{MARKUP} is not in my dictionary" in text
    assert f"not understood: '{MARKUP}'" in text and "[red]" not in text


def test_deduce_play_echoes_a_markup_guess(tmp_path: Path) -> None:
    result = run(
        "deduce", "play", "--rounds", "1", "--seed", "8", "--hints", "off",
        "--save", str(tmp_path / "g.json"),
        input=f"ballet\n{MARKUP}\n",
    )  # fmt: skip
    assert_clean(result, (0,))
    assert MARKUP in result.output


def test_layout_play_shows_a_markup_command(tmp_path: Path) -> None:
    result = run("layout", "play", "--save", str(tmp_path / "g.json"), input=f"{MARKUP}\nquit\n")
    assert_clean(result, (0,))
    assert MARKUP in result.output


def test_race_play_says_typed_words_as_text(monkeypatch) -> None:
    import solver.race.live as live

    def fake_game(bots, deck, pace, seed, lines, clock, sleep, say, lang=None):
        say(f"{MARKUP} is a wrong call (not a word): everyone else takes a card.")
        return [0, 0, 0]

    monkeypatch.setattr(live, "play_live_game", fake_game)
    result = run("race", "play", input="")
    assert_clean(result, (0,))
    assert MARKUP in result.output
