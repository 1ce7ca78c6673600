"""The myword command as users drive it: output, --json, and one-line errors."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli

PAGE = Path(__file__).resolve().parents[2] / "solver" / "words" / "samples" / "page.txt"


def run(*args: str):
    return CliRunner().invoke(cli.main, list(args))


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "demo" in result.output and "words" in result.output


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.startswith("myword, version ")


def test_check_json() -> None:
    result = run("words", "check", "table", "London", "armada", "--json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    by_word = {c["word"]: c for c in document["words"]}
    assert by_word["table"]["valid"] and by_word["table"]["familiar"]
    assert by_word["table"]["zipf"] == 5.05
    assert not by_word["London"]["valid"] and by_word["London"]["tier"] is None
    assert by_word["armada"]["tier"] == "familiar"


def test_check_table_output() -> None:
    result = run("words", "check", "nephew", "etc")
    assert result.exit_code == 0
    assert "nephew" in result.output and "not in the English play list" in result.output


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_check_spanish() -> None:
    document = json.loads(run("words", "check", "Canción", "--lang", "es", "--json").stdout)
    assert document["words"][0]["valid"] and document["words"][0]["normalized"] == "cancion"


def test_pool_json_and_plain_output() -> None:
    document = json.loads(run("words", "pool", "--length", "6", "--json").stdout)
    assert document["tier"] == "familiar" and document["count"] == len(document["words"]) > 3000
    plain = run("words", "pool", "-n", "6", "--tier", "easy").stdout.split("\n")
    assert plain[0] == "aboard" and all(len(w) == 6 for w in plain if w)


def test_pool_from_text_sorted_by_zipf() -> None:
    result = run("words", "pool", "-n", "6", "--from-text", str(PAGE), "--sort", "zipf", "--json")
    listed = json.loads(result.stdout)["words"]
    assert listed[0] in ("around", "family", "behind") and "willow" in listed


def test_stats_json() -> None:
    counts = json.loads(run("words", "stats", "--json").stdout)["counts"]
    assert set(counts) == {"all", "core", "familiar", "easy"}
    assert counts["familiar"]["6"] > 3000


def test_demo_runs_and_its_json_parses() -> None:
    result = run("demo")
    assert result.exit_code == 0, result.output
    assert "familiar" in result.output and "round total (bonus won)" in result.output
    # the advice it suggests starts from the round it shows (it once named another's rows)
    shown = json.loads(run("demo", "--json").stdout)["whats_my_word"]["rows"][:2]
    suggested = ", ".join(f"{row['guess'].upper()} {row['score']}" for row in shown)
    assert f'myword deduce advise --history "{suggested}"' in " ".join(result.output.split())
    advised = run("deduce", "advise", "--history", suggested, "--json")
    assert advised.exit_code == 0 and json.loads(advised.stdout)["consistent"]
    assert (
        "My Word (1980): beam v greedy" in result.output and "Final scores: beam" in result.output
    )
    document = json.loads(run("demo", "--json", "--seed", "7").stdout)
    tour, game = document["dictionaries"], document["whats_my_word"]
    assert set(tour["familiar_samples"]) == {"6", "7"}
    assert tour["page_pool"]["words"]
    assert game["bonus"] and len(game["rows"]) == 11 and game["total"] <= game["oracle"]
    assert [r["length"] for r in document["bot_match"]["rounds"]] == [6, 7]
    assert document["my_word_race"]["players"] == ["hard", "medium"]
    from solver.layout.game import replay

    assert replay(document["my_word_1980"])[0]  # the demo's card game is a checked log
    again = json.loads(run("demo", "--json", "--seed", "7").stdout)
    for row in [*game["rows"], *again["whats_my_word"]["rows"]]:
        del row["seconds"]  # the only thing allowed to differ
    assert document == again  # seeded: the same game


@pytest.mark.parametrize(
    "args",
    [
        ["words", "check", "canción", "--json"],
        ["deduce", "advise", "--history", "SO 0", "--top", "2", "--json"],
        ["race", "claim", "A Ñ O", "--json"],
    ],
)
def test_a_language_code_is_read_in_either_case(args: list[str]) -> None:
    """``--lang ES`` is Spanish, as ``--deck ES`` is the Spanish deck (a newcomer's
    session found it refused as an unknown language)."""
    spanish = run(*args, "--lang", "es")
    assert spanish.exit_code == 0, spanish.output
    for code in ("ES", "Es", " es "):
        result = run(*args, "--lang", code)
        assert result.exit_code == 0, result.output
        assert result.stdout == spanish.stdout


def test_warm_reads_a_language_code_in_either_case() -> None:
    warmed = run("warm", "--lang", "ES", "--json")
    assert warmed.exit_code == 0, warmed.output
    tables = [
        step["name"] for step in json.loads(warmed.stdout)["steps"] if "word list" in step["name"]
    ]
    assert tables and all(" es " in name for name in tables), tables


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        (["deduce", "advise", "--history", "SO 0", "--top", "3"], ""),
        (["layout", "solo", "--player", "greedy", "--seed", "1"], ""),
        (["race", "claim", "C A T S"], ""),
        (
            ["deduce", "play", "--rounds", "1", "--seed", "8", "--hints", "off"],
            "ballet\n" + "so\nden\nden\nden\nden\nearl\nearl\nearl\nnewel\nnewel\nnephew\n",
        ),
    ],
)
def test_output_to_a_pipe_has_no_padding_at_its_lines_ends(args: list[str], typed: str) -> None:
    """Rich pads a line to the console's width (a centred title, a table without a box);
    to a pipe or a file, which keep it, each line ends at its last character (a newcomer's
    session found a review written to a file full of trailing spaces)."""
    result = CliRunner().invoke(cli.main, args, input=typed)
    assert result.output.strip(), result.output
    padded = [line for line in result.output.splitlines() if line.endswith(" ")]
    assert not padded, padded[:3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["words", "pool", "-n", "6", "--lang", "xx"], "unknown language 'xx'"),
        (["words", "pool", "-n", "6", "--from-text", "no/such.txt"], "no such file"),
        (["words", "pool", "-n", "0"], "0 is not in the range"),
        (["words", "pool", "-n", "30"], "pool is empty"),
        (["words", "pool", "-n", "6", "--tier", "rare"], "'rare' is not one of"),
        (["words", "check"], "Missing argument"),
        (["words", "check", "x", "--lang", "fr"], "unknown language 'fr'"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""


def _console_script() -> str | None:
    """The installed ``myword`` of this environment: beside its Python (a virtual
    environment need not be activated, as in the README's quick start), else on PATH."""
    beside = Path(sys.executable).with_name("myword")
    return str(beside) if beside.exists() else shutil.which("myword")


@pytest.mark.skipif(_console_script() is None, reason="the console script is not installed")
def test_console_script_errors_without_traceback() -> None:
    result = subprocess.run(
        [_console_script(), "words", "pool", "-n", "6", "--lang", "xx"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "Error: unknown language 'xx' (choose from en, es)"


def test_module_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cli", "--version"], capture_output=True, text=True, check=True
    )
    assert "myword, version" in result.stdout


def test_the_threads_setting(monkeypatch) -> None:
    monkeypatch.delenv("MYWORD_THREADS", raising=False)
    refused = run("--threads", "0", "words", "check", "table")
    assert refused.exit_code == 2 and "--threads" in refused.output
    monkeypatch.setenv("MYWORD_THREADS", "many")
    refused = run("words", "check", "table")
    assert refused.exit_code == 2 and "MYWORD_THREADS" in refused.output
    monkeypatch.setenv("MYWORD_THREADS", "2")
    result = run("--threads", "1", "deduce", "advise", "--history", "SO 0, DEN 1250", "--json")
    assert result.exit_code == 0, result.output
    import os

    assert os.environ["MYWORD_THREADS"] == "1"  # what the kernels read (monkeypatch restores)
    assert json.loads(result.stdout)["candidates"] > 0


def test_fresh_seeds_differ_and_a_given_seed_is_kept() -> None:
    from solver.runtime import seeds

    drawn = {seeds.fresh() for _ in range(20)}
    assert len(drawn) > 15
    assert all(0 <= s < 2**seeds.SECRET_BITS for s in drawn)
    assert seeds.or_fresh(7) == 7
    assert seeds.or_fresh(0) == 0


def test_a_command_freezes_the_heap_at_exit_only() -> None:
    """The collector's last walk over every live object took 0.4-0.6 s at the end of a
    demo; each command moves them out of its reach at exit (``gc.freeze``), once, and not
    before (a process that goes on collects as usual)."""
    code = """
import atexit, gc, sys
import cli
for _ in range(2):
    cli.main(["words", "check", "table"], standalone_mode=False)
print(gc.get_freeze_count())
atexit._run_exitfuncs()
print(gc.get_freeze_count() > 0)
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PAGE.parents[3],
        capture_output=True,
        text=True,
        check=True,
    )
    before, after = done.stdout.splitlines()[-2:]
    assert before == "0" and after == "True"


def test_every_option_of_every_command_says_what_it_is_for() -> None:
    """`--help` gave `--port`, `--games` and `--length` a default and nothing else (a
    newcomer's finding)."""
    import click

    bare = []

    def walk(command: click.Command, path: str, parent: click.Context | None) -> None:
        context = click.Context(command, info_name=path.rsplit(" ", 1)[-1], parent=parent)
        bare.extend(
            f"{path} {param.opts[0]}"
            for param in command.params
            if isinstance(param, click.Option)
            and not param.hidden
            and not (param.help or "").strip()
        )
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                walk(command.get_command(context, name), f"{path} {name}", context)

    walk(cli.main, "myword", None)
    assert bare == []


def test_a_bench_footer_names_only_the_intervals_its_table_shows() -> None:
    """What's My Word?'s bench has no win rates; its footer spoke of them (a newcomer)."""
    deduce = run("deduce", "bench", "--games", "2")
    assert deduce.exit_code == 0, deduce.output
    assert "(Student's t)" in deduce.output and "win rates" not in deduce.output
    race = run("race", "bench", "--games", "2")
    assert race.exit_code == 0 and "win rates" in race.output


def test_a_text_or_a_list_can_come_on_standard_input() -> None:
    """`curl ... | myword words pool -n 6 --from-text -` was refused ("no such file: -"),
    and /dev/stdin as "not a regular file" (a newcomer's finding)."""
    text = CliRunner().invoke(
        cli.main, ["words", "pool", "-n", "6", "--from-text", "-", "--json"],
        input="The cat sat by a ballet dancer.\n",
    )  # fmt: skip
    assert text.exit_code == 0, text.output
    document = json.loads(text.stdout)
    assert document["words"] == ["ballet", "dancer"]
    assert document["source"] == "text on standard input"
    listed = run("words", "pool", "-n", "6", "--from-list", "-")
    assert listed.exit_code == 1 and "pool is empty" in listed.stderr  # no input: no words
    game = CliRunner().invoke(cli.main, ["deduce", "play", "--pool-from", "-"], input="")
    assert game.exit_code == 1 and "reads your moves on standard input" in game.output
