"""Saved games are never lost and never forged (docs/your-games.md, "Saved games")."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import cli
from solver.deduce import session as deduce_session
from solver.layout import session as layout_session
from solver.runtime import savefile
from solver.runtime.errors import UserError

SIX_ROWS = ["so", "den", "ebbs", "tides", "shoals", "ballet"]  # any valid Guesswords


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def started_deduce_game(path: Path) -> Path:
    """A game of one round, stopped after your first Guessword."""
    result = run(
        "deduce", "play", "--rounds", "1", "--seed", "3", "--save", str(path), input="ballet\nso\n"
    )
    assert result.exit_code == 0 and "Game saved to" in result.output, result.output
    return path


def resign(path: Path, envelope: dict[str, Any]) -> None:
    """Write an envelope as this install would sign it (to reach the checks behind the
    signature, as a bug in an older myword might)."""
    envelope["signature"] = savefile._signature(envelope)
    path.write_text(json.dumps(envelope))


def test_the_bots_word_is_not_readable_in_the_save(tmp_path: Path) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    text = path.read_text()
    state = deduce_session.load(path)
    bot_word = state["rounds"][0]["bot_word"]
    assert bot_word not in text.lower() and "ballet" not in text.lower()
    assert json.loads(text)["state"]["rounds"][0]["you"][0]["guess"] == "so"  # the rest is
    assert os.stat(path).st_mode & 0o077 == 0  # and the file is its owner's alone


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda e: e["state"]["rounds"][0]["you"][0].update(score=1_000_000), "signature"),
        (lambda e: e["state"]["settings"].update(difficulty="easy"), "signature"),
        (lambda e: e.update(finished=True), "signature"),
        (lambda e: e.update(sealed=e["sealed"][:-4] + "AAAA"), "signature"),
        (lambda e: e.pop("signature"), "signature"),
        (lambda e: e.update(version=1), "another version"),
        (lambda e: e.update(game="layout"), "resume it with myword layout play"),
    ],
)
def test_a_changed_save_is_refused_and_left_as_it_was(tmp_path: Path, change, why) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    envelope = json.loads(path.read_text())
    change(envelope)
    path.write_text(json.dumps(envelope))
    before = path.read_bytes()
    result = run("deduce", "play", "--resume", str(path), input="")
    assert result.exit_code == 1 and why in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output and path.read_bytes() == before


def test_a_save_from_another_install_is_refused(tmp_path: Path, monkeypatch) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "another-install"))
    with pytest.raises(UserError, match="another install"):
        deduce_session.load(path)
    # Only looked at: the other install, with no key yet, is not given one (a newcomer's
    # session found a key file made by a replay in a new data folder).
    assert not (tmp_path / "another-install" / "key").exists()


def test_scores_are_recomputed_behind_the_signature(tmp_path: Path) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    envelope = json.loads(path.read_text())
    envelope["state"]["rounds"][0]["you"][0]["score"] = 1_000_000
    resign(path, envelope)
    with pytest.raises(UserError, match="your row 1 does not score 1000000"):
        deduce_session.load(path)


def _leaves(data: Any, trail: tuple = ()) -> list[tuple]:
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*trail, k))]
    if isinstance(data, list):
        return [leaf for i, v in enumerate(data) for leaf in _leaves(v, (*trail, i))]
    return [trail]


def _set(data: Any, trail: tuple, value: Any) -> None:
    for step in trail[:-1]:
        data = data[step]
    data[trail[-1]] = value


BAD_VALUES = [None, "x", -1, 7, 10**12, 1.5, float("inf"), [], {}, True]


@pytest.mark.parametrize("game", ["deduce", "layout"])
def test_every_malformed_value_behind_a_valid_signature_is_one_line(tmp_path, game) -> None:
    """A fuzz over the save itself: every value of a game in progress replaced by each bad
    value in turn, signed as this install would sign it. Resuming either works (the value
    happened to be possible) or is refused with a UserError; nothing else escapes."""
    path = tmp_path / "g.json"
    if game == "deduce":
        started_deduce_game(path)
        load = deduce_session.load
    else:
        run("layout", "play", "--seed", "4", "--save", str(path), input="hint\nquit\n")
        load = layout_session.load
    original = json.loads(path.read_text())
    tried = refused = 0
    for trail in _leaves(original["state"]):
        for value in BAD_VALUES:
            envelope = json.loads(json.dumps(original))
            _set(envelope["state"], trail, value)
            resign(path, envelope)
            tried += 1
            try:
                load(path)
            except UserError:
                refused += 1
    assert tried > 100 and refused > tried // 2


def test_a_new_game_never_replaces_an_unfinished_one(tmp_path: Path) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    before = path.read_bytes()
    again = run("deduce", "play", "--save", str(path), input="")
    assert again.exit_code == 1 and "holds an unfinished game" in again.stderr
    assert "--resume" in again.stderr and path.read_bytes() == before
    layout = run("layout", "play", "--save", str(path), input="quit\n")
    assert layout.exit_code == 1 and path.read_bytes() == before
    forced = run("deduce", "play", "--rounds", "1", "--save", str(path), "--force", input="")
    assert forced.exit_code == 0 and path.read_bytes() != before
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    refused = run("deduce", "play", "--save", str(notes), input="")
    assert refused.exit_code == 1 and "is not a saved game" in refused.stderr
    assert notes.read_text() == "my notes"


def test_a_new_game_never_replaces_a_finished_one(tmp_path: Path) -> None:
    """A finished game holds its review: a new game once replaced one without a word."""
    path = tmp_path / "finished.json"
    done = run("layout", "play", "--players", "greedy,random", "--seed", "4", "--save", str(path))
    assert done.exit_code == 0 and json.loads(path.read_text())["finished"]
    before = path.read_bytes()
    for command in (("layout", "play", "--plain", "--seed", "1"), ("deduce", "play")):
        again = run(*command, "--save", str(path), input="quit\n")
        assert again.exit_code == 1 and "holds a finished game" in again.stderr
        assert "--force" in again.stderr and path.read_bytes() == before
    forced = run("layout", "play", "--plain", "--save", str(path), "--force", input="quit\n")
    assert forced.exit_code == 0 and path.read_bytes() != before


def test_games_are_kept_one_file_each_listed_and_resumed_by_name() -> None:
    first = run("deduce", "play", "--rounds", "1", input="ballet\nso\n")
    second = run("layout", "play", "--seed", "2", input="quit\n")
    assert first.exit_code == second.exit_code == 0
    listed = json.loads(run("games", "--json").stdout)["games"]
    assert sorted(g["game"] for g in listed) == ["deduce", "layout"]
    assert all(not g["finished"] for g in listed)
    name = next(g["name"] for g in listed if g["game"] == "deduce")
    assert f"--resume {name}" in first.output
    table = run("games")
    assert name in table.output and "unfinished" in table.output
    resumed = run("deduce", "play", "--resume", name, input="")
    assert resumed.exit_code == 0 and "Game saved to" in resumed.output


def test_saves_write_through_symlinks_and_only_to_regular_files(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    started_deduce_game(link)
    assert link.is_symlink() and target.is_file()
    assert deduce_session.load(link)["rounds"][0]["you"][0]["guess"] == "so"
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind
    for bad in (tmp_path, Path("/dev/null")):
        for force in ([], ["--force"]):
            result = run("deduce", "play", "--save", str(bad), *force, input="")
            assert result.exit_code == 1 and "not a regular file" in result.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = run("deduce", "play", "--resume", str(fifo), input="")
    assert result.exit_code == 1 and "not a regular file" in result.stderr


def test_a_game_being_played_cannot_be_played_twice(tmp_path: Path) -> None:
    path = started_deduce_game(tmp_path / "g.json")
    with savefile.holding(path):  # as another myword playing it would
        result = run("deduce", "play", "--resume", str(path), input="")
    assert result.exit_code == 1 and "being played in another myword" in result.stderr
    assert run("deduce", "play", "--resume", str(path), input="").exit_code == 0


def test_replay_reads_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("layout", "play", "--seed", "4", "--save", str(path), input="quit\n")
    result = run("layout", "replay", str(path))
    assert result.exit_code == 0 and result.output.startswith("unfinished:")


def test_a_nul_byte_in_a_save_name_is_a_usage_error() -> None:
    for option in ("--resume", "--save"):
        result = run("deduce", "play", option, "a\0b", input="")
        assert result.exit_code == 2 and "not a valid" in result.output


def test_an_unwritable_home_keeps_games_in_a_private_temporary_folder(
    tmp_path: Path, monkeypatch
) -> None:
    """Found by the fuzz pass: a HOME that is a file once gave a traceback at the first
    save."""
    home = tmp_path / "home-is-a-file"
    home.write_text("")
    monkeypatch.delenv("MYWORD_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    result = run("deduce", "play", "--rounds", "1", input="ballet\nso\n")
    assert result.exit_code == 0 and "Game saved to" in result.output, result.output
    assert savefile.games_dir().is_relative_to(tmp_path / "tmp")


def test_json_of_a_game_stopped_early_does_not_give_away_the_bots_word(tmp_path) -> None:
    path = tmp_path / "g.json"
    result = run(
        "deduce", "play", "--rounds", "1", "--save", str(path), "--json", input="ballet\nso\n"
    )
    document = json.loads(result.stdout)
    assert document["ended"] == "unfinished" and "bot_word" not in document["rounds"][0]
    # no winner in a game not over (it named the one ahead after a row: found by a
    # newcomer's session)
    assert document["totals"]["winner"] is None and document["totals"]["you"] >= 0
    bot_word = deduce_session.load(path)["rounds"][0]["bot_word"]
    # in no value the document holds (its keys are fixed names: the word SECOND once
    # matched "turn_seconds", with a fresh seed)
    assert not any(bot_word in text.lower() for text in _strings(document))


def _strings(value) -> list[str]:
    """Every string value in a JSON document, however deep."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_games_delete_removes_a_save_and_its_lock(tmp_path) -> None:
    """Saves piled up with no way to remove one (found by a newcomer's review)."""
    from solver.runtime import savefile

    path = savefile.new_path("layout")
    state = layout_session.new_game(layout_session.parse_players("human,greedy"), 5, False, None)
    layout_session.save(state, path)
    with savefile.holding(path):
        busy = CliRunner().invoke(cli.main, ["games", "--delete", path.stem])
        assert busy.exit_code == 1 and "being played in another myword" in busy.output
    assert path.exists()
    result = CliRunner().invoke(cli.main, ["games", "--delete", path.stem])
    assert result.exit_code == 0 and f"deleted {path}" in result.output
    assert not path.exists() and not list(path.parent.glob(".*.lock"))
    again = CliRunner().invoke(cli.main, ["games", "--delete", path.stem])
    assert again.exit_code == 1 and f"no saved game {path.stem}" in again.output
    other = tmp_path / "notes.json"
    other.write_text("{}")
    refused = CliRunner().invoke(cli.main, ["games", "--delete", str(other)])
    assert refused.exit_code == 1 and "is not a saved game" in refused.output
    assert other.exists()


def test_games_delete_refuses_an_empty_name() -> None:
    result = CliRunner().invoke(cli.main, ["games", "--delete", " "])
    assert result.exit_code == 2 and "name a saved game" in result.output


@pytest.mark.parametrize(
    ("kind", "finished", "then"),
    [
        ("deduce", False, ": resume it with myword deduce play --resume {path}"),
        ("deduce", True, ": it is over, myword review {path} shows it"),
        ("race", True, ": it is over, myword review {path} shows it"),
        ("assist", True, ""),  # the assistant's games have no review
        ("chess", False, ""),
    ],
)
def test_a_save_of_another_kind_says_what_to_do_with_it(
    tmp_path: Path, kind: str, finished: bool, then: str
) -> None:
    """`layout replay` on a race's save said "resume it with myword another game", a
    command that does not exist, and on a finished game told to resume it (found by a
    newcomer's session)."""
    path = tmp_path / f"{kind}.json"
    savefile.write(kind, {"any": "state"}, {}, finished, path)
    with pytest.raises(UserError) as refused:
        savefile.read("layout", path, resuming=False)
    said = f"{path} holds another kind of game ({kind}, not layout)" + then.format(path=path)
    assert str(refused.value) == said
    result = run("layout", "replay", str(path))
    assert result.exit_code == 1 and result.stderr == f"Error: {said}\n"


def test_a_save_of_no_known_kind_is_listed_as_unreadable() -> None:
    """`{"format": "myword-save"}` alone was listed as `None` to resume with `myword ?`,
    and its review said "the kind 'None'" (found by a newcomer's session)."""
    folder = savefile.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "fake.json").write_text('{"format": "myword-save"}')
    listed = run("games")
    assert listed.exit_code == 0, listed.output
    assert "unreadable" in listed.output and "myword games --delete fake" in listed.output
    assert "None" not in listed.output and "myword ?" not in listed.output
    reviewed = run("review", "fake")
    assert reviewed.exit_code == 1
    assert "holds no game this myword knows (it names no kind)" in reviewed.stderr


def test_a_damaged_or_changed_save_is_listed_and_can_be_deleted(tmp_path: Path) -> None:
    """A save cut short (a full disk, a crash) was left out of `myword games` without a
    word and `--delete` refused it; one changed by hand was listed as a game to resume,
    which was then refused (both found by a newcomer's session)."""
    folder = savefile.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cut.json").write_text('{"format": "myword-save", "ver')
    changed = started_deduce_game(folder / "changed.json")
    envelope = json.loads(changed.read_text())
    envelope["saved"] = "2026-12-05T00:00:00Z"
    changed.write_text(json.dumps(envelope))
    listed = {game["name"]: game for game in json.loads(run("games", "--json").stdout)["games"]}
    assert listed["cut"]["game"] is None and not listed["cut"]["intact"]
    assert listed["changed"]["game"] == "deduce" and not listed["changed"]["intact"]
    shown = run("games")
    assert "changed outside" in shown.output and "--delete changed" in shown.output
    assert "--delete cut" in shown.output
    deleted = run("games", "--delete", "cut", "--delete", "changed")
    assert deleted.exit_code == 0, deleted.output
    assert not (folder / "cut.json").exists() and not changed.exists()
    outside = tmp_path / "notes.json"  # outside the games folder a file is no save to delete
    outside.write_text("{}")
    assert run("games", "--delete", str(outside)).exit_code == 1 and outside.exists()


def test_options_a_resumed_game_does_not_use_are_named(tmp_path: Path) -> None:
    """`--resume NAME --difficulty hard` went on at the saved level without a word (a
    newcomer's finding): the options the saved game overrides are named on stderr."""
    path = started_deduce_game(tmp_path / "g.json")
    args = ["deduce", "play", "--resume", str(path), "--plain"]
    resumed = run(
        *args, "--seed", "5", "--difficulty", "hard", "--lang", "es", "--engine-time", "5",
        input="",
    )  # fmt: skip
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stderr.startswith(
        "A resumed game keeps its own settings: --difficulty, --seed, --lang, --engine-time "
        "are not used.\n"
    )
    quiet = run(*args, input="")  # only what a resumed game takes: nothing to say
    assert "keeps its own settings" not in quiet.stderr


def test_the_data_folder_is_absolute_and_a_file_there_is_named_as_one(
    tmp_path: Path, monkeypatch
) -> None:
    """A relative MYWORD_DATA_DIR moved with the working folder (a game saved in one could
    not be resumed from another), and a file in its place was refused without a reason
    (a newcomer's findings)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MYWORD_DATA_DIR", "relative")
    assert savefile.data_dir() == tmp_path / "relative"
    (tmp_path / "afile").write_text("")
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "afile"))
    with pytest.raises(UserError, match=r"\(.*afile\): it is a file, not a folder$"):
        savefile.data_dir()


def test_advice_counts_scores_in_words() -> None:
    said = run("deduce", "advise", "--history", "SO 2000, DEN 3000").output
    assert "Changing 1 score makes it consistent" in said and "score(s)" not in said
