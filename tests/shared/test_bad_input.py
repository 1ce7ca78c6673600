"""Issue 13: bad input and faults never crash. Each test here failed before its fix: a
traceback, a hang or a wrong answer where a one-line ``Error: ...`` belongs."""

from __future__ import annotations

from pathlib import Path

import pytest
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
    assert_clean(result, (1,))  # letters only, and the refusal shows them as typed
    assert "'ba[/x]' holds characters that are not English letters" in result.output


def test_words_from_a_file_are_shown_as_text() -> None:
    from rich.console import Console

    from solver.ui import render

    console = Console(record=True, width=40)
    console.print(render.word_columns(["[/x]", "bakers"]))
    assert "[/x]" in console.export_text()


def test_the_prompt_console_says_text_as_text() -> None:
    from rich.console import Console

    from solver.ui.terminal import PromptConsole

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
    import solver.race.ui.lines as lines

    def fake_game(race, lines, clock, sleep, say, input_ended):
        say(f"{MARKUP} is a wrong call (not a word): everyone else takes a card.")
        return [0, 0, 0]

    monkeypatch.setattr(lines, "play_live_game", fake_game)
    result = run("race", "play", input="")
    assert_clean(result, (0,))
    assert MARKUP in result.output


# 2. Numbers that must be finite.


@pytest.mark.parametrize(
    "args",
    [
        ["race", "play", "--pace"],
        ["race", "bench", "--games", "1", "--pace"],
        ["deduce", "advise", "--seconds"],
        ["deduce", "play", "--turn-seconds"],
    ],
)
@pytest.mark.parametrize("number", ["nan", "inf", "-nan", "1e999"])
def test_float_options_refuse_nan_and_inf(args: list[str], number: str) -> None:
    result = run(*args, number, input="")
    assert_clean(result, (2,))
    assert "is not a finite number" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["deduce", "pick"],
        ["deduce", "play", "--plain"],
        ["layout", "solo"],
        ["layout", "play", "--plain"],
        ["race", "play", "--plain"],
        ["demo"],
        ["race", "bench", "--games", "1"],
    ],
)
def test_a_negative_seed_is_refused(args: list[str]) -> None:
    """Python's generators take -5 as 5: a negative seed replayed the positive seed's
    game, shown and saved as another seed (found by a newcomer's session)."""
    result = run(*args, "--seed=-5", input="")
    assert_clean(result, (2,))
    assert "-5 is not in the range x>=0" in result.output


# 3. Paths: regular files only, named in a one-line error.


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    import os

    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


def path_cases(fifo: str, folder: str) -> list[list[str]]:
    return [
        ["words", "pool", "-n", "6", "--from-list", fifo],
        ["words", "pool", "-n", "6", "--from-text", folder],
        ["deduce", "score", "ballet", "dull", "--row", "7", "--sheet", fifo],
        ["deduce", "score", "ballet", "dull", "--row", "7", "--sheet", folder],
        ["deduce", "advise", "--from-list", "/dev/zero"],
        ["deduce", "evaluate", "--from-list", fifo],
        ["race", "bench", "--games", "1", "--deck", fifo],
        ["race", "claim", "A B C", "--lang", "en"],  # control: works
        ["layout", "solo", "--deck", fifo],
        ["layout", "solo", "--deck", folder],
        ["layout", "replay", fifo],
    ]


def test_input_paths_must_be_regular_files(fifo: str, tmp_path: Path) -> None:
    for args in path_cases(fifo, str(tmp_path)):
        result = run(*args)
        assert_clean(result)
        if "claim" not in args:
            assert result.exit_code == 1, args
            message = result.output.strip()
            assert message.startswith("Error: ") and "\n" not in message, message
            assert "Errno" not in message and ("regular file" in message or "folder" in message)


def test_an_empty_sheet_path_is_named() -> None:
    result = run("deduce", "score", "ballet", "dull", "--row", "7", "--sheet", "")
    assert_clean(result, (1,))
    assert "Error: no sheet file given: the path is empty" in result.output


def test_csv_output_to_a_fifo_or_a_full_device(fifo: str) -> None:
    refused = run("race", "bench", "--games", "1", "--csv", fifo)
    assert_clean(refused, (1,))
    assert "it is a pipe" in refused.output
    if Path("/dev/full").exists():
        full = run("race", "bench", "--games", "1", "--csv", "/dev/full")
        assert_clean(full, (1,))
        assert "Error: cannot write the CSV /dev/full: No space left on device" in full.output


# 4. Limits, checked where the input enters, and malformed decks and names.


def test_workers_are_capped_with_the_limit_named() -> None:
    from solver.runtime.cores import max_workers

    result = run("race", "bench", "--games", "1", "--workers", str(max_workers() + 1))
    assert_clean(result, (2,))
    assert f"is more than {max_workers()}, the limit (4 per usable core" in result.output


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("a ²\n", "write a card and a count"),
        ("a 1000000000\n", "write a card and a count"),
        ("a 5000\n", "the limit is 150"),
        ("a 10\n? 20\n", "the limit is 6"),
    ],
)
def test_race_decks_are_checked(tmp_path: Path, deck: str, message: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(deck, "utf-8")
    result = run("race", "bench", "--games", "1", "--deck", str(path))
    assert_clean(result, (1,))
    assert message in result.output


def test_race_tables_are_limited() -> None:
    wilds = run("race", "claim", "A B " + "? " * 20)
    assert_clean(wilds, (1,))
    assert "at most 6 wild cards" in wilds.output
    cards = run("race", "claim", "E " * 151)
    assert_clean(cards, (1,))
    assert "at most a deck, 150 cards" in cards.output


def _layout_deck(tmp_path: Path, change) -> str:
    import json

    from solver.layout.deck import default_deck, document

    path = tmp_path / "deck.json"
    path.write_text(json.dumps(change(document(default_deck()))), "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: {}, "needs a list of cards"),
        (lambda d: [1, 2], "needs a list of cards"),
        (lambda d: {**d, "cards": d["cards"][:1]}, "a deck has 5 to 200"),
        (lambda d: {**d, "cards": d["cards"] * 200}, "a deck has 5 to 200"),
        (lambda d: {**d, "cards": d["cards"][:-1] + d["cards"][:1]}, "numbers repeated"),
        (
            lambda d: {**d, "cards": [{**c, "number": str(c["number"])} for c in d["cards"]]},
            "a card number is a whole number",
        ),
        (lambda d: {**d, "cards": [{**c, "top": 7} for c in d["cards"]]}, "not two lowercase"),
        (lambda d: {**d, "cards": [[1]] * 10}, "each card is"),
        (lambda d: {**d, "begin_values": {"ho": "5"}}, "begin_values maps pairs"),
    ],
)
def test_layout_decks_are_checked(tmp_path: Path, change, message: str) -> None:
    result = run("layout", "solo", "--deck", _layout_deck(tmp_path, change), "--json")
    assert_clean(result, (1,))
    assert message in result.output


def test_a_layout_deck_too_small_for_the_players(tmp_path: Path) -> None:
    deck = _layout_deck(tmp_path, lambda d: {**d, "cards": d["cards"][:6]})
    result = run("layout", "play", "--players", "human,beam,beam", "--deck", deck, input="")
    assert_clean(result, (1,))
    assert "too small for 3 player(s)" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["race", "play", "--level", "hard:"],
        ["race", "bench", "--games", "1", "--players", "hard,,easy"],
        ["deduce", "bench", "--games", "1", "--strategy", "lookahead,,points"],
        ["layout", "bench", "--games", "1", "--players", "beam,,greedy"],
        ["layout", "play", "--plain", "--players", "human,,beam"],
    ],
)
def test_empty_names_are_refused(args: list[str]) -> None:
    result = run(*args, input="")
    assert_clean(result, (1,))
    assert result.output.startswith("Error: ")


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_history_scores_may_have_thousands_separators() -> None:
    from solver.deduce.candidates import Turn, parse_history

    assert parse_history("SO 0, DEN 1,250, EBB 1000") == [
        Turn("SO", 0),
        Turn("DEN", 1250),
        Turn("EBB", 1000),
    ]
    result = run("deduce", "advise", "--history", "SO 0, DEN 1,250", "--json")
    assert_clean(result, (0,))


# 5. Ctrl-C: one line, exit 130, even when it lands inside a Numba kernel.


def _ctrl_c_in_a_kernel(*args, **kwargs):
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as stop:  # how CPython reports it out of a compiled call
        raise SystemError("CPUDispatcher(...) returned a result with an exception set") from stop


def test_ctrl_c_inside_a_kernel_is_a_ctrl_c(monkeypatch) -> None:
    from solver.arena import tournament as arena

    spec = arena.tournament("race", ["hard", "easy"], 1, 7)
    monkeypatch.setattr(arena, "play_chunk", _ctrl_c_in_a_kernel)
    with pytest.raises(KeyboardInterrupt):
        arena.play(spec)
    result = run("race", "bench", "--games", "1")
    assert_clean(result, (130,))
    assert result.output.strip() == "Stopped."


def test_ctrl_c_anywhere_else_in_a_command(monkeypatch) -> None:
    import solver.wordtools.wordcheck

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(solver.wordtools.wordcheck, "check_word", interrupted)
    result = run("words", "check", "table")
    assert_clean(result, (130,))
    assert result.output.strip() == "Stopped."


# 6. The environment: an output that cannot take the text, or none at all.


def _myword(*args: str, **options):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "cli", *args], capture_output=True, text=True, **options
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["words", "stats"], ["words", "check", "table", "--json"]])
def test_a_full_output_is_one_line(args: list[str]) -> None:
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "cli", *args], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert result.returncode == 1
    assert result.stderr == "Error: cannot write the output: No space left on device\n"


def test_a_closed_output_is_one_line() -> None:
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "cli", "words", "check", "table", "--json"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 1
    assert result.stderr == "Error: standard output is closed: nowhere to print\n"


@pytest.mark.heavy  # builds the Spanish word index: CI's heavy step keeps the suite in 3 min
def test_an_ascii_output_names_the_encoding(monkeypatch) -> None:
    import os

    result = _myword("words", "check", "año", "--lang", "es", env=os.environ | {
        "PYTHONIOENCODING": "ascii"
    })  # fmt: skip
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: the output's encoding (ascii) cannot show 'ñ'")


# 7. A --json game that ends early still prints one JSON document saying how.


def test_deduce_play_json_at_end_of_input(tmp_path: Path) -> None:
    import json

    save = str(tmp_path / "g.json")
    args = ["deduce", "play", "--rounds", "1", "--seed", "8", "--save", save, "--json"]
    result = run(*args, input="ballet\nre\n")
    assert_clean(result, (0,))
    document = json.loads(result.stdout)
    assert document["ended"] == "unfinished" and document["saved"] == save


def test_deduce_play_json_after_ctrl_c(tmp_path: Path, ctrl_c_after) -> None:
    import json

    ctrl_c_after(["ballet", "re"])
    save = str(tmp_path / "g.json")
    result = run("deduce", "play", "--rounds", "1", "--seed", "8", "--save", save, "--json")
    assert_clean(result, (130,))
    assert json.loads(result.stdout)["ended"] == "interrupted"


def test_race_play_json_after_ctrl_c(monkeypatch) -> None:
    import json

    import solver.race.ui.lines as lines

    def stopped_game(*args, **kwargs):
        raise lines.RaceStopped([3, 1, 2])

    monkeypatch.setattr(lines, "play_live_game", stopped_game)
    result = run("race", "play", "--json", input="")
    assert_clean(result, (130,))
    document = json.loads(result.stdout)
    assert document["ended"] == "interrupted" and document["totals"] == [3, 1, 2]


def test_a_live_race_stopped_keeps_the_rounds_finished() -> None:
    import queue

    from solver.race.bots import parse_bot
    from solver.race.live import LiveRace
    from solver.race.ui.lines import RaceStopped, play_live_game

    said: list[str] = []

    def say(line: str) -> None:
        said.append(line)
        if sum(s.startswith("Round 2 of 2") for s in said) == 1:  # Ctrl-C in round 2
            raise KeyboardInterrupt

    clock = iter(range(10**9)).__next__  # a second a look: the round ends quickly
    race = LiveRace([parse_bot("easy")], "en", 0.2, 1)
    with pytest.raises(RaceStopped) as stop:
        play_live_game(race, queue.Queue(), clock, lambda _: None, say)
    first = next(s for s in said if s.startswith("Scores:"))
    bot = race.labels[1]
    assert first == f"Scores: you {stop.value.totals[0]}, {bot} {stop.value.totals[1]}"
    assert stop.value.totals == race.rounds[0]


def test_a_nul_byte_in_a_path_is_refused() -> None:
    """Only a program can pass one (click's own stat raised ValueError)."""
    for args in (
        ["words", "pool", "-n", "6", "--from-list", "a\x00b"],
        ["layout", "replay", "\x00"],
    ):
        result = run(*args)
        assert_clean(result, (2,))
        assert "is not a valid path" in result.output
    sheet = run("deduce", "score", "ballet", "so", "--row", "1", "--sheet", "a\x00b")
    assert_clean(sheet, (1,))
    assert "is not a valid path" in sheet.output


def test_malformed_layout_logs_are_discrepancies(tmp_path: Path) -> None:
    import json

    log = json.loads(run("layout", "solo", "--player", "random", "--json").stdout)
    for spoiled in ({"moves": None}, {"hands": [None]}, {"deck_order": ["1"]}):
        path = tmp_path / "log.json"
        path.write_text(json.dumps(log | spoiled), "utf-8")
        result = run("layout", "replay", str(path))
        assert_clean(result, (1,))
        assert result.stdout.startswith("discrepancy: not a My Word (1980) game log (needs")
    # fields of the wrong type, found by a newcomer's session: a traceback's words
    # ("'int' object has no attribute 'strip'"), or taken as written ("yes" as true)
    first = log["moves"][0]
    spoiled_moves = {
        "symbols a list of words": first | {"declared": [1, 2]},
        "the log says on_top 'no'": first | {"on_top": "no"},
    }
    for said, move in spoiled_moves.items():
        path.write_text(json.dumps(log | {"moves": [move, *log["moves"][1:]]}), "utf-8")
        result = run("layout", "replay", str(path))
        assert_clean(result, (1,))
        assert result.stdout.startswith("discrepancy: move 1: ") and said in result.stdout
    turn = first | {"player": 1}  # a solo game: seat 0, player 1, is the only one
    path.write_text(json.dumps(log | {"moves": [turn]}), "utf-8")
    assert (
        "move 1: it is player 1's turn, not player 2's" in run("layout", "replay", str(path)).stdout
    )
    path.write_text(json.dumps(log | {"easy": "yes"}), "utf-8")
    assert run("layout", "replay", str(path)).stdout == (
        "discrepancy: easy is true or false, not 'yes'\n"
    )
    path.write_bytes(bytes(range(128, 256)))
    binary = run("layout", "replay", str(path))
    assert_clean(binary, (1,))
    assert binary.stderr == f"Error: cannot read the log {path}: it is not UTF-8 text\n"


@pytest.mark.parametrize(
    "document", [{"a": 1}, [1, 2], "log", {"purple": "BALLET"}, {"deck": {"cards": []}}]
)
def test_a_file_that_is_no_layout_log_is_an_error(tmp_path: Path, document: object) -> None:
    """`layout replay` on JSON that is no game log said "discrepancy" on stdout, as for a
    game whose moves are wrong (found by a newcomer's session): it is a wrong file."""
    import json

    path = tmp_path / "other.json"
    path.write_text(json.dumps(document), "utf-8")
    result = run("layout", "replay", str(path))
    assert_clean(result, (1,))
    assert result.stdout == ""
    assert f"{path} is not a My Word (1980) game log (it has no deck_order" in result.stderr


@pytest.mark.parametrize(
    ("gameword", "guess"), [("BALLET", "12"), ("BALL3T", "AB"), ("BALLET", "A-")]
)
def test_deduce_score_takes_letters_only(gameword, guess) -> None:
    """`deduce score BALLET 12 --row 1` scored the digits (found by a newcomer's review)."""
    result = run("deduce", "score", gameword, guess, "--row", "1")
    assert_clean(result, (1,))
    assert "holds characters that are not English letters" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["games", "--delete", "NAME"],
        ["deduce", "play", "--plain", "--resume", "NAME"],
        ["deduce", "play", "--plain", "--save", "FOLDER/NAME"],
        ["deduce", "assist", "--plain", "--resume", "FOLDER/NAME"],
        ["layout", "play", "--plain", "--save", "FOLDER/NAME"],
        ["layout", "play", "--plain", "--resume", "NAME"],
    ],
)
@pytest.mark.parametrize(
    "name", ["x" * 300, "a/" * 2100 + "b"], ids=["name over 255 bytes", "path over 4096"]
)
def test_a_save_name_the_system_cannot_look_up_is_one_line(
    args: list[str], name: str, tmp_path: Path
) -> None:
    """A name over 255 bytes or a path over 4,096 (ENAMETOOLONG) was a traceback from
    ``Path.exists`` wherever a save is named."""
    typed = [a.replace("FOLDER", str(tmp_path)).replace("NAME", name) for a in args]
    result = run(*typed, input="")
    assert_clean(result, (1,))
    message = result.output.strip()
    assert message.startswith("Error: cannot use ") and "\n" not in message, message
    assert message.endswith(": File name too long")


DEEP = "[" * 100_000  # JSON nested deeper than Python's recursion limit: RecursionError


def _deep_case(case: str, tmp_path: Path, monkeypatch) -> list[str]:
    """Put the deep JSON where ``case`` reads JSON; the command that reads it."""
    import os
    import sys

    from solver.runtime import savefile

    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    data = tmp_path / "data"
    monkeypatch.setenv("MYWORD_DATA_DIR", str(data))
    if case == "games folder":
        (data / "games").mkdir(parents=True)
        (data / "games" / "deep.json").write_text(DEEP)
        return ["games"]
    if case == "move counters":
        savefile._key()  # the data folder and its key, as after a first game
        (data / "counters.json").write_text(DEEP)
        return ["deduce", "play", "--plain", "--save", str(tmp_path / "new.json")]
    if case == "engine line":
        engine = tmp_path / "engine.py"
        engine.write_text(f"import sys\nprint({DEEP!r}, flush=True)\nsys.stdin.read()\n")
        return ["race", "bench", "--games", "1", "--engine", f"{sys.executable} {engine}"]
    assert os.path.exists(deep)
    return {
        "layout log": ["layout", "replay", str(deep)],
        "layout deck": ["layout", "solo", "--deck", str(deep)],
        "save resumed": ["deduce", "play", "--plain", "--resume", str(deep)],
    }[case]


@pytest.mark.parametrize(
    "case",
    ["layout log", "layout deck", "save resumed", "games folder", "move counters", "engine line"],
)
def test_json_nested_thousands_deep_is_one_line(case: str, tmp_path: Path, monkeypatch) -> None:
    """``json.loads`` raises RecursionError (not a ValueError) for arrays nested deeper
    than the recursion limit: a log, a deck or a save of 100,000 ``[`` was a traceback, as
    was ``myword games`` with such a file in the games folder, every game with such a
    ``counters.json``, and a tournament whose engine sent such a line (rather than its
    forfeit)."""
    args = _deep_case(case, tmp_path, monkeypatch)
    result = run(*args, input="")
    assert_clean(result)
    assert "RecursionError" not in result.output
    if case == "games folder":
        assert result.exit_code == 0  # the file is not a save: not listed
    elif case == "move counters":
        assert result.exit_code == 0 and "Game saved to" in result.output  # counted anew
    elif case == "engine line":
        assert result.exit_code == 1 and "not a JSON line" in result.output
    else:
        message = result.output.strip()
        assert result.exit_code == 1 and message.startswith("Error: ") and "\n" not in message


def test_settings_nested_thousands_deep_are_the_defaults(tmp_path: Path, monkeypatch) -> None:
    from solver.ui import app

    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    (tmp_path / app.SETTINGS_FILE).write_text(DEEP)
    assert app.load_settings() == app.DEFAULT_SETTINGS


def test_checksums_nested_thousands_deep_are_damage(tmp_path: Path) -> None:
    from solver.runtime import tables

    (tmp_path / "table").mkdir()
    (tmp_path / "table" / tables.CHECKSUMS).write_text(DEEP)
    with pytest.raises(tables.Damaged, match="cannot be read"):
        tables.verified(tmp_path / "table")


def test_what_an_engine_says_is_one_line_of_plain_text(tmp_path: Path) -> None:
    """An engine's error message (or its stderr) is its own text: a line break in it made
    the forfeit and the error two lines, and an escape sequence in it (a terminal's title,
    a cleared screen) reached the terminal."""
    import sys

    engine = tmp_path / "engine.py"
    said = "\x1b]0;OWNED\x07\x1b[2Jfirst line\nsecond line"
    engine.write_text(
        "import json, sys\n"
        f"print(json.dumps({{'type': 'error', 'message': {said!r}}}), flush=True)\n"
        "sys.stdin.read()\n"
    )
    result = run("race", "bench", "--games", "1", "--engine", f"{sys.executable} {engine}")
    assert_clean(result, (1,))
    error = result.output.strip().splitlines()[-1]
    assert error.startswith("Error: ") and error.endswith(
        "the engine says: \\x1b]0;OWNED\\x07\\x1b[2Jfirst line second line"
    )
    assert "\x1b" not in result.output and "\x07" not in result.output
    forfeits = [line for line in result.output.splitlines() if "forfeited 1 of 1" in line]
    assert forfeits and forfeits[0].endswith("first line second line")


def test_an_error_is_one_line_whatever_it_quotes() -> None:
    from solver.runtime.errors import one_line

    assert one_line("a\n  b\r\nc\x1b[31m\x00é") == "a b c\\x1b[31m\\x00é"


def test_the_games_list_shows_what_a_file_holds_as_plain_text(tmp_path: Path, monkeypatch) -> None:
    """``myword games`` lists a save from its unchecked envelope and its file name: a
    file put in the games folder could write escape sequences to the terminal through
    either."""
    import json

    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")  # each cell on one line
    games = tmp_path / "games"
    games.mkdir()
    envelope = {"format": "myword-save", "game": "deduce", "saved": "\x1b]0;OWNED\x07\x1b[2J"}
    (games / "a\x1b[31m.json").write_text(json.dumps(envelope))
    result = run("games")
    assert_clean(result, (0,))
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "a\\x1b[31m" in result.output and "\\x1b]0;OWNED\\x07\\x1b[2J" in result.output


def test_a_call_of_no_letters_is_not_a_wrong_call() -> None:
    """A line of characters no letter of the alphabet is a slip of the keyboard: it is
    refused without a fine (a newcomer was fined a card for typing ñ日本), and a long call
    is said back cut, its length named (3,000 letters filled 25 lines)."""
    import queue

    from solver.race.bots import parse_bot
    from solver.race.live import WRONG, LiveRace
    from solver.race.ui.lines import play_live_game

    typed: queue.Queue[str] = queue.Queue()
    for line in ("ñ日本", "q" * 3000):
        typed.put(line)
    said: list[str] = []
    clock = iter(range(10**9)).__next__
    race = LiveRace([parse_bot("easy")], "en", 0.2, 1)
    play_live_game(race, typed, clock, lambda _: None, said.append)
    refused = [s for s in said if s.startswith("A call takes letters of the English alphabet")]
    assert refused == [
        "A call takes letters of the English alphabet, not ñ 日 本: nothing was called."
    ]
    wrong = [e for e in race.events if e.kind == WRONG and e.seat == 0]
    assert len(wrong) == 1 and len(wrong[0].word) == 3000  # the long call, and only it
    long_call = next(s for s in said if s.startswith("You called"))
    assert "(3000 letters)" in long_call and len(long_call) < 200


@pytest.mark.parametrize(
    "args",
    [
        ["race", "claim", "c a t", "--deck", ""],
        ["race", "play", "--deck", ""],
        ["layout", "replay", ""],
        ["deduce", "play", "--resume", ""],
        ["layout", "play", "--resume", " "],
        ["deduce", "play", "--save", ""],
        ["deduce", "evaluate", "--from-list", "", "--length", "6"],
        ["record", "--plot", ""],
    ],
)
def test_an_empty_path_is_refused_as_empty(args: list[str]) -> None:
    """An empty path became "." (``Path("")``): "cannot read deck .: it is a folder, not
    a file", ". is not a regular file" (found by a newcomer's session)."""
    result = run(*args, input="")
    assert_clean(result, (1, 2))
    assert result.stderr.count("Error: ") == 1 and " . " not in result.stderr
    said = ("no deck given",) if "--deck" in args else ("empty", "name a saved game")
    assert any(words in result.stderr for words in said), result.stderr


def test_a_word_of_another_language_is_pointed_to_it_and_shown_as_typed() -> None:
    """`words check Ñandú` said the letters were not English, without the hint `deduce
    score` gives; `deduce score BALLET ABCD --row 1` said "not 'abcd'" where every other
    message shows a word in capitals (a newcomer's findings)."""
    import json

    checked = run("words", "check", "Ñandú", "--json")
    assert "(Spanish words: --lang es)" in json.loads(checked.stdout)["words"][0]["note"]
    scored = run("deduce", "score", "BALLET", "ABCD", "--row", "1")
    assert scored.stderr == "Error: row 1 takes a 2-letter Guessword, not ABCD\n"
