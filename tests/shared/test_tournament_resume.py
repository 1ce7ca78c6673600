"""Tournaments go on after a stop: ``--resume FILE.csv`` counts the games the CSV holds
once, plays the rest, and ends with the summary and the CSV of the same games played at
one go; a cut last line is played again; a CSV of another tournament is refused."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import csvfile

HANG_SECONDS = 300.0
ROOT = Path(__file__).resolve().parents[2]
# Race: no time per move (a virtual clock), so two runs of the same games are equal to the
# last byte, CSV and summary alike.
RACE = ["race", "bench", "--players", "hard,easy", "--seed", "31"]
# My Word (1980) between two quick players: many games in little time (its seconds differ
# from run to run, and are left out of the comparisons).
LAYOUT = ["layout", "bench", "--players", "greedy,random", "--seed", "5"]


def bench(*args: str, stop_after: int | None = None, monkeypatch=None):
    """The command's result; ``stop_after``: Ctrl-C once that many games are written."""
    if stop_after is not None:
        written = [0]
        write = csvfile.CsvWriter.write

        def write_then_stop(self, records):
            write(self, records)
            written[0] += len(records)
            if written[0] >= stop_after:
                raise KeyboardInterrupt

        monkeypatch.setattr(csvfile.CsvWriter, "write", write_then_stop)
    result = CliRunner().invoke(cli.main, list(args))
    if monkeypatch is not None:
        monkeypatch.undo()
    return result


def summary_of(result, timed: bool = False) -> dict:
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    del summary["csv"]
    if timed:
        for row in summary["players"]:
            del row["seconds_per_move"]
    return summary


def rows_of(path: Path, timed: bool = False) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if timed:
        for row in rows:
            del row["seconds"]
    return rows


def test_a_stopped_tournament_resumed_is_the_same_tournament(tmp_path, monkeypatch) -> None:
    """N games at one go, and N games stopped at k then resumed: the same summary and the
    same CSV, byte for byte."""
    whole, parts = tmp_path / "whole.csv", tmp_path / "parts.csv"
    at_once = bench(*RACE, "--games", "4", "--csv", str(whole), "--json")
    stopped = bench(
        *RACE, "--games", "4", "--csv", str(parts), stop_after=2, monkeypatch=monkeypatch
    )
    assert stopped.exit_code == 130
    assert stopped.stderr == (
        f"\nStopped. 2 of 4 games are in {parts}; --resume {parts} goes on.\n"
    )
    resumed = bench(*RACE, "--games", "4", "--resume", str(parts), "--json")
    assert summary_of(resumed) == summary_of(at_once)
    assert parts.read_bytes() == whole.read_bytes()
    assert summary_of(resumed)["players"][0]["games"] == 4  # each game counted once


def test_more_games_extend_the_tournament_and_as_many_play_none(tmp_path) -> None:
    """``--resume`` with a larger --games plays the games after those the CSV holds; with
    the same --games (a finished tournament) it plays none and gives the summary again."""
    whole, grown = tmp_path / "whole.csv", tmp_path / "grown.csv"
    at_once = bench(*LAYOUT, "--games", "9", "--csv", str(whole), "--json")
    assert bench(*LAYOUT, "--games", "4", "--csv", str(grown)).exit_code == 0
    resumed = bench(*LAYOUT, "--games", "9", "--resume", str(grown), "--json")
    assert summary_of(resumed, timed=True) == summary_of(at_once, timed=True)
    assert rows_of(grown, timed=True) == rows_of(whole, timed=True)
    before = grown.read_bytes()
    again = bench(*LAYOUT, "--games", "9", "--resume", str(grown), "--json", "--csv", str(grown))
    assert json.loads(again.stdout) == json.loads(resumed.stdout)  # the times too: read back
    assert grown.read_bytes() == before


def _cuts(text: bytes) -> dict[str, int]:
    """Where a stop can cut the CSV of 3 games of 2 players (header + 6 rows)."""
    ends = [i + 1 for i, byte in enumerate(text) if byte == ord("\n")]
    last_game = ends[4]  # after the header and games 0 and 1
    return {
        "in the last line": len(text) - 5,
        "after the last line's \\r": len(text) - 1,
        "between a game's rows": ends[5],
        "in a game's first line": last_game + 3,
        "at a game's end": last_game,
        "in the header": 10,
        "before anything": 0,
    }


@pytest.mark.parametrize("where", list(_cuts(b"\n" * 7)))
def test_a_cut_last_line_is_dropped_and_played_again(tmp_path, where: str) -> None:
    whole, cut = tmp_path / "whole.csv", tmp_path / "cut.csv"
    at_once = bench(*LAYOUT, "--games", "3", "--csv", str(whole), "--json")
    text = whole.read_bytes()
    cut.write_bytes(text[: _cuts(text)[where]])
    resumed = bench(*LAYOUT, "--games", "3", "--resume", str(cut), "--json")
    assert summary_of(resumed, timed=True) == summary_of(at_once, timed=True)
    assert rows_of(cut, timed=True) == rows_of(whole, timed=True)


@pytest.mark.heavy  # seconds in processes of its own: CI's heavy step
def test_a_real_ctrl_c_says_how_to_go_on_and_resuming_finishes(tmp_path) -> None:
    """A real SIGINT while games are played, then ``--resume`` as the line says."""
    table = tmp_path / "tournament.csv"
    slower = ["layout", "bench", "--players", "beam,greedy", "--seed", "5"]
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", *slower, "--games", "300", "--csv", str(table)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    end = time.monotonic() + HANG_SECONDS
    while not (table.exists() and len(rows_of(table)) >= 2):
        assert time.monotonic() < end and process.poll() is None, "no game written"
        time.sleep(0.05)  # how often to look, not how long to wait
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 130 and "Traceback" not in err
    held = len({row["game"] for row in rows_of(table)})
    assert err.strip() == f"Stopped. {held} of 300 games are in {table}; --resume {table} goes on."
    more = bench(*slower, "--games", str(held + 2), "--resume", str(table))
    assert more.exit_code == 0, more.output
    assert [int(row["game"]) for row in rows_of(table)] == [
        g for g in range(held + 2) for _ in range(2)
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seed", "6"], "played from seed 5, not 6 (--seed 5 goes on)"),
        (["--players", "greedy,beam"], "played by greedy,random, not greedy,beam"),
        (["--players", "random,greedy"], "played by greedy,random, not random,greedy"),
        (["--players", "greedy,random,random"], "not greedy,random,random"),
        (["--easy"], "another game, or options other than these (layout, seed 5, deck None"),
        (["--solo"], "another game, or options other than these"),
    ],
)
def test_a_csv_of_another_tournament_is_refused_in_one_line(tmp_path, args, said) -> None:
    table = tmp_path / "games.csv"
    assert bench(*LAYOUT, "--games", "2", "--csv", str(table)).exit_code == 0
    before = table.read_bytes()
    result = bench(*LAYOUT, "--games", "4", *args, "--resume", str(table))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {table} holds another tournament's games")
    assert said in result.stderr and result.stderr.count("\n") == 1
    assert table.read_bytes() == before  # untouched


def test_another_game_and_a_csv_of_anything_else_are_refused(tmp_path) -> None:
    table = tmp_path / "games.csv"
    assert bench(*LAYOUT, "--games", "2", "--csv", str(table)).exit_code == 0
    before = table.read_bytes()
    refusals = {
        "race": bench("race", "bench", "--players", "greedy,random", "--resume", str(table)),
        "fewer": bench(*LAYOUT, "--games", "1", "--resume", str(table)),
        "other csv": bench(*LAYOUT, "--resume", str(table), "--csv", str(tmp_path / "b.csv")),
    }
    assert "another tournament's games" in refusals["race"].stderr
    assert refusals["fewer"].stderr == (
        f"Error: {table} already holds 2 games, more than --games 1: give --games 2 or more "
        "to go on\n"
    )
    assert refusals["other csv"].stderr.startswith(f"Error: --resume {table} goes on writing")
    for name, content in {
        "notes.csv": b"name,score\nann,3\n",
        "binary.csv": b"\x00\xff\xfe\x00",
        "old.csv": before.replace(b",forfeit", b"").replace(b",tournament", b""),
    }.items():
        (tmp_path / name).write_bytes(content)
        refusals[name] = bench(*LAYOUT, "--resume", str(tmp_path / name))
        assert (tmp_path / name).read_bytes() == content
    refusals["missing"] = bench(*LAYOUT, "--resume", str(tmp_path / "none.csv"))
    for name, result in refusals.items():
        assert result.exit_code == 1, name
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, name
    assert table.read_bytes() == before
    assert "cannot be resumed" in refusals["notes.csv"].stderr
    assert "no CSV" in refusals["missing"].stderr


def test_damage_before_the_end_is_refused_not_skipped(tmp_path) -> None:
    """Only the end of a CSV can be cut by a stop: a game missing or garbled before it is
    damage, refused with its line, not a game silently left out."""
    table = tmp_path / "games.csv"
    assert bench(*LAYOUT, "--games", "3", "--csv", str(table)).exit_code == 0
    lines = table.read_bytes().splitlines(keepends=True)
    damaged = {
        "a game missing": [*lines[:3], *lines[5:]],
        "a row missing": [*lines[:3], *lines[4:]],
        "a cell garbled": [*lines[:3], lines[3].replace(b",", b";", 3), *lines[4:]],
        "an entry not a number": [*lines[:3], _with(lines[3], 2, b"x"), *lines[4:]],
        "a game not a number": [*lines[:3], _with(lines[3], 0, b"one"), *lines[4:]],
    }
    for name, kept in damaged.items():
        table.write_bytes(b"".join(kept))
        result = bench(*LAYOUT, "--games", "3", "--resume", str(table))
        assert result.exit_code == 1, (name, result.output)
        assert result.stderr.startswith(f"Error: {table} ") and result.stderr.count("\n") == 1
        assert table.read_bytes() == b"".join(kept), name


def test_rows_are_written_as_games_come_not_at_the_end(tmp_path, monkeypatch) -> None:
    """Each chunk's rows are handed to the system as they are written: a run killed
    outright (no close, no flush) loses no game it wrote."""
    table = tmp_path / "games.csv"
    seen = []
    write = csvfile.CsvWriter.write

    def write_and_look(self, records):
        write(self, records)
        seen.append(len(rows_of(table)))  # read by another handle, as after a kill

    monkeypatch.setattr(csvfile.CsvWriter, "write", write_and_look)
    assert bench(*LAYOUT, "--games", "3", "--csv", str(table)).exit_code == 0
    assert seen == [2, 4, 6]


def test_cells_read_back_as_they_were_written() -> None:
    for value in [0, 7, -3, 0.1, 1 / 3, 2.5e-07, 4e14, True, False, None, "ballet", [3, 0, 5]]:
        text = "" if value is None else str(csvfile.cell(value))
        assert csvfile.value_of(text) == value and type(csvfile.value_of(text)) is type(value)
    assert csvfile.value_of("12abc") == "12abc" and csvfile.value_of("nan") == "nan"
    for damage in ["1e999", "9" * 400, "9" * 5000]:  # no game measures that much
        with pytest.raises(ValueError):
            csvfile.value_of(damage)


def _with(line: bytes, cell: int, value: bytes) -> bytes:
    cells = line.split(b",")
    return b",".join([*cells[:cell], value, *cells[cell + 1 :]])


def test_the_tournament_column_is_what_decides_the_games() -> None:
    from solver.arena import tournament as arena

    one = arena.tournament("race", ["hard", "easy"], 10, 1, pace=2.0)
    assert csvfile.fingerprint(one) == csvfile.fingerprint(
        arena.tournament("race", ["hard", "easy"], 99, 1, pace=2.0)
    )
    for other in [
        arena.tournament("race", ["easy", "hard"], 10, 1, pace=2.0),
        arena.tournament("race", ["hard", "easy"], 10, 2, pace=2.0),
        arena.tournament("race", ["hard", "easy"], 10, 1, pace=1.0),
        arena.tournament("layout", ["hard", "easy"], 10, 1, pace=2.0),
    ]:
        assert csvfile.fingerprint(other) != csvfile.fingerprint(one)


def test_any_damage_is_read_back_or_refused_in_one_line_never_a_traceback(tmp_path) -> None:
    """Bytes changed, cut, inserted (quotes, line breaks, NULs, numbers too long for a
    float or for int(), cells past csv's size limit): every damaged CSV is either read
    back whole games and summed, or refused with one line; nothing else."""
    import random

    from solver.arena import tournament as arena
    from solver.runtime.errors import UserError

    table = tmp_path / "games.csv"
    assert bench(*LAYOUT, "--games", "4", "--csv", str(table)).exit_code == 0
    spec = arena.tournament("layout", ["greedy", "random"], 4, 5, deck=None, easy=False, solo=False)
    good = table.read_bytes()
    inserts = [b'"', b",", b"\n", b"\r", b"\x00", b";", b"9" * 5000, b"9" * 400, b"1e999"]
    inserts += [b"nan", b"True", b"-", b'"a\nb"', b"x" * 200_000, "\u00e9".encode()]
    rng = random.Random(26)
    said = set()
    for _ in range(400):
        data = bytearray(good)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(data) or 1)
            kind = rng.randrange(4)
            if kind == 0 and data:
                data[at] = rng.randrange(256)
            elif kind == 1:
                del data[at : at + rng.randint(1, 30)]
            elif kind == 2:
                data[at:at] = rng.choice(inserts)
            else:
                del data[at:]
        table.write_bytes(bytes(data))
        try:
            previous = csvfile.Previous(table, spec).check()
            tally = arena.Tally(spec)
            for record in previous.records():
                tally.add(record)
            assert tally.games == previous.games <= 4
        except UserError as refused:
            assert "\n" not in str(refused)
            said.add(str(refused).split(":")[0])
    assert said  # (some were refused: the damage reached the checks)


def test_csv_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    """``--csv`` over a file that exists replaced it without a word: the games of a
    tournament it could resume, notes, a saved game (a newcomer's finding). It is refused,
    naming ``--resume`` for this tournament's own CSV; ``--force`` replaces it."""
    games = tmp_path / "games.csv"
    assert bench(*RACE, "--games", "3", "--csv", str(games), "--json").exit_code == 0
    kept = games.read_bytes()
    again = bench(*RACE, "--games", "5", "--csv", str(games))
    assert again.exit_code == 1 and games.read_bytes() == kept
    assert f"holds 3 games of this tournament: --resume {games}" in again.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    refused = bench(*RACE, "--games", "1", "--csv", str(notes))
    assert refused.exit_code == 1 and notes.read_text() == "my notes\n"
    assert (
        refused.stderr == f"Error: {notes} exists: choose another --csv, or --force to replace it\n"
    )
    forced = bench(*RACE, "--games", "1", "--csv", str(notes), "--force", "--json")
    assert forced.exit_code == 0 and notes.read_text().startswith("game,seed,entry,")
    alone = bench(*RACE, "--games", "1", "--force")  # replaces nothing: said, not ignored
    assert alone.exit_code == 1 and "give --csv FILE" in alone.stderr
    resumed = bench(*RACE, "--games", "4", "--resume", str(games), "--force")
    assert resumed.exit_code == 1 and "--resume goes on with its CSV" in resumed.stderr
    assert games.read_bytes() == kept
