"""The type checker (issue 29, "Types"): mypy is clean on ``solver/`` and ``cli.py`` with the
project's configuration (``[tool.mypy]`` in pyproject.toml), the public interfaces under
``--strict``'s flags; and the wheel tells type checkers that the package is typed
(``solver/py.typed``, PEP 561)."""

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "solver" / "py.typed").is_file()
    assert "py.typed" in _config()["tool"]["setuptools"]["package-data"]["solver"]


def test_the_strict_modules_exist() -> None:
    """A module renamed or moved would silently leave the strict list (mypy does not warn
    of an override naming no module)."""
    overrides = _config()["tool"]["mypy"]["overrides"]
    strict = next(o for o in overrides if o.get("disallow_untyped_defs"))
    for module in strict["module"]:
        assert (ROOT / (module.replace(".", "/") + ".py")).is_file(), module


@pytest.mark.heavy  # about 25 s of checking from a cold cache: CI's heavy step
def test_mypy_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy as a developer runs it, with its own incremental cache (.mypy_cache): a module
    whose sources changed is checked again, one that did not is read from the cache. CI
    fills that cache beside its warm-up, on the core the warm-up leaves idle."""
    from mypy import api

    monkeypatch.chdir(ROOT)  # the config's files and mypy's cache are relative to the project
    config = str(ROOT / "pyproject.toml")
    report, errors, status = api.run(["--config-file", config])
    assert status == 0, report + errors
    assert report.startswith("Success: no issues found"), report + errors


# --- the documents' types match the documents (issue 29, "Types") ----------------------------
def _keys(typed: type) -> tuple[frozenset[str], frozenset[str]]:
    """A TypedDict's required and optional keys. Its ``__required_keys__`` and
    ``__optional_keys__`` are not enough on Python 3.11: in a module with ``from __future__
    import annotations`` a ``NotRequired[...]`` key is counted as required there (the
    annotation is a string), so the annotations are read again, as mypy reads them."""
    import typing

    hints = typing.get_type_hints(typed, include_extras=True)
    optional = {k for k, v in hints.items() if typing.get_origin(v) is typing.NotRequired}
    optional |= typed.__optional_keys__  # type: ignore[attr-defined]
    return frozenset(hints) - optional, frozenset(optional)


def fits(document: object, typed: type, more: frozenset[str] = frozenset()) -> None:
    """``document`` has every required key of ``typed`` and no key it does not name
    (``more``: keys allowed besides, such as a game's own measures)."""
    assert isinstance(document, dict), document
    required, optional = _keys(typed)
    name = typed.__name__
    assert required <= document.keys(), f"{name} lacks {sorted(required - document.keys())}"
    unknown = document.keys() - required - optional - more
    assert not unknown, f"{name} does not name {sorted(unknown)}"


def _envelope(path: Path) -> dict:
    import json

    return json.loads(path.read_text("utf-8"))


def test_a_saved_game_of_whats_my_word_matches_its_types(tmp_path: Path) -> None:
    from solver.deduce import session
    from solver.runtime import savefile
    from solver.wordtools import lexicon

    path = tmp_path / "deduce.json"
    game = session.Game(session.new_game(session.Settings(rounds=1, seed=5)), path)
    game.choose_gameword("ballet")
    waiting = game.waiting()
    game.guess(lexicon.words(waiting.length, "familiar", "en")[0])
    game.bot_guessed(game.think())  # a row on each sheet
    envelope = _envelope(path)
    fits(envelope, savefile.Envelope)
    readable = envelope["state"]
    fits(readable, session.PublicGame)
    fits(readable["settings"], session.SavedSettings)
    fits(readable["totals"], session.Totals)
    for row in readable["totals"]["rounds"]:
        fits(row, session.RoundTotals)
    for game_round in readable["rounds"]:
        fits(game_round, session.PublicRound)
        for row in game_round["you"]:
            fits(row, session.YourRow)
        for row in game_round["bot"]:
            fits(row, session.BotRow)
    state = session.load(path)
    fits(state, session.GameState)
    for game_round in state["rounds"]:
        fits(game_round, session.GameRound)
    fits(session.document(state), session.GameDocument)
    found = session.audit(state["rounds"][0] | {"your_word": "ballet"})
    fits(found, session.Audit)


def test_a_saved_game_of_the_assistant_matches_its_types(tmp_path: Path) -> None:
    from solver.deduce import assist

    path = tmp_path / "assist.json"
    assistant = assist.Assistant(assist.new_game(assist.Settings(rounds=1)), path)
    for line in ("ballet", "so 0", "an", "den 1250", ":said 500", "car"):
        assistant.enter(line)
    envelope = _envelope(path)
    readable = envelope["state"]
    fits(readable, assist.AssistDocument)
    fits(readable["settings"], assist.SavedSettings)
    for entry in readable["entries"]:
        fits(entry, assist.GameEntry)
    fits(readable["game"], assist.AssistGame)
    for game_round in readable["game"]["rounds"]:
        fits(game_round, assist.AssistRound)
        for row in game_round["mine"]:
            fits(row, assist.MineRow)
        for row in game_round["theirs"]:
            fits(row, assist.TheirRow)
    fits(readable["totals"], assist.AssistTotals)
    for row in readable["totals"]["rounds"]:
        fits(row, assist.AssistRoundTotals)
    fits(assist.load(path), assist.AssistState)


@pytest.mark.parametrize(
    ("game", "entries", "options"),
    [
        ("deduce", ["points", "entropy"], {"length": 6}),
        ("race", ["hard", "medium"], {}),
        ("layout", ["greedy", "random"], {}),
    ],
)
def test_a_tournaments_records_and_summary_match_their_types(
    tmp_path: Path, game: str, entries: list[str], options: dict
) -> None:
    from solver.arena import csvfile, tournament

    spec = tournament.tournament(game, entries, 2, 11, **options)
    records = tournament.run(spec)
    writer = csvfile.CsvWriter(tmp_path / "t.csv", spec)
    writer.write(records)
    writer.close()
    read_back = list(csvfile.Previous(tmp_path / "t.csv", spec).check().records())
    for record in [*records, *read_back]:
        fits(record, tournament.TournamentRecord)
        for result in record["results"]:
            fits(result, tournament.Result)
    module = tournament.game_module(game)
    summary = tournament.summary(spec, records)
    fits(summary, tournament.Summary)
    report = _report_type(module)
    for row in summary["players"]:
        fits(row, tournament.EntrySummary, more=frozenset().union(*_keys(report)))


def _report_type(module: object) -> type:
    """The TypedDict a bench's ``report`` returns (the game's own measures)."""
    import typing

    return typing.get_type_hints(module.report)["return"]  # type: ignore[attr-defined]


def test_the_record_matches_its_types(tmp_path: Path) -> None:
    from solver.runtime import record

    entry = record.Finished("deduce", "k", record.now(), "medium", 100, (50,), "win", best=200)
    record.add(entry, tmp_path)
    kept = _envelope(record.path(tmp_path))
    fits(kept, record.RecordFile)
    for written in kept["games"]:
        fits(written, record.FinishedEntry)
    for tally in record.tallies([entry]):
        fits(tally.to_json(), record.TallyRow)


def test_the_opening_book_matches_its_types() -> None:
    """The book file as shipped: its settings, its first-row entries and its rollout part."""
    from solver.deduce import opening

    document = opening._document()
    fits(document, opening.BookDocument)
    fits(document["settings"], opening.BookSettings)
    assert document["settings"] == opening.settings()
    for choices in document["entries"].values():
        for choice in choices:
            fits(choice, opening.BookChoice)
    rollout = document["rollout"]
    fits(rollout, opening.RolloutPart)
    fits(rollout["settings"], opening.RolloutSettings)
    assert rollout["settings"] == opening.rollout_settings()
    for position in rollout["positions"].values():
        fits(position, opening.BookedPosition)
        for choice in position["choices"]:
            fits(choice, opening.BookedChoice)
