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


def test_a_saved_race_matches_its_types(tmp_path: Path) -> None:
    """A race with a claim, a call too late and a wrong call, saved once over (its record
    and every event), and its ``--json`` document, reasons worded."""
    from solver.race import live, record
    from solver.race.bots import RaceBot
    from solver.race.deck import parse_deck
    from solver.race.live import LiveRace, TooLate
    from solver.race.ui.feed import race_document
    from solver.runtime import savefile

    fast = RaceBot("fast", "easy", 0.5, 0.0, 0.0)  # claims half a second after a change
    race = LiveRace([fast], parse_deck("c 1\na 1\nt 1\nx 1\n", "tiny"), 1.0, 1)
    race.advance(2.9)
    race.call("tax", 2.9, began=2.1)  # too late: the bot took it
    race.call("dog", 3.0, began=3.0)  # a wrong call
    race.advance(600.0)
    assert race.finished and any(isinstance(event, TooLate) for event in race.events)
    path = record.save(race, tmp_path / "race.json")
    envelope = _envelope(path)
    fits(envelope, savefile.Envelope)
    saved = envelope["state"]
    fits(saved, record.RaceRecord)
    for bot in saved["bots"]:
        fits(bot, live.BotDocument)
    kinds = set()
    for event in [*saved["events"], *saved["calls"]]:
        fits(event, live.EventDocument)
        kinds.add(event["kind"])
        if event["reason"] is not None:
            fits(event["reason"], live.ReasonDocument)
        for taken in event.get("takers", ()):
            fits(taken, live.TakenDocument)
    assert {"round", "deal", "claim", "wrong", "too late", "round over"} <= kinds
    document = race_document(race)
    fits(document, live.RaceDocument)
    for call in document["calls"]:
        fits(call, live.EventDocument)
    fits(race.variant(), live.LiveVariant)


def test_a_saved_game_of_my_word_1980_matches_its_types(tmp_path: Path) -> None:
    """A game saved in progress (its log less what deals it, that sealed) and once over."""
    from solver.layout import deck, moves, session, state
    from solver.layout.game import play_game
    from solver.runtime import savefile

    game = session.new_game(["greedy", "random"], 3, False)
    for _ in range(4):
        seat = game.to_move()
        assert seat is not None
        game.apply(seat, _greedy(game, seat))
    path = tmp_path / "layout.json"
    session.save(game, path)
    envelope = _envelope(path)
    fits(envelope, savefile.Envelope)
    fits(envelope["state"], state.PublicLog)
    readable, secret = savefile.read("layout", path)
    whole = session.unsealed(readable, secret)
    fits(whole, state.LayoutLog)
    finished = play_game(["greedy", "random"], 3)
    session.save(finished, path)
    log = _envelope(path)["state"]
    fits(log, state.LayoutLog)
    assert "scores" in log
    for logged in log["moves"]:
        fits(logged, moves.PlayedDocument if logged["kind"] == "play" else moves.KnockedDocument)
    fits(deck.document(deck.default_deck()), deck.DeckDocument)
    for card in deck.document(deck.default_deck())["cards"]:
        fits(card, deck.CardDocument)
    fits(game.variant(), state.LayoutVariant)


def _greedy(game: object, seat: int) -> object:
    import random

    from solver.layout.game import greedy_move

    return greedy_move(game.view(seat), random.Random(0))  # type: ignore[attr-defined]


def _fits_message(message: dict, game_types: dict[str, type]) -> None:
    """A line of the engine protocol against its message's TypedDict (and the view or
    move it carries against its game's)."""
    from solver.arena import protocol

    messages = {
        "hello": protocol.HelloMessage,
        "ready": protocol.ReadyMessage,
        "view": protocol.ViewMessage,
        "move": protocol.MoveMessage,
        "over": protocol.OverMessage,
        "quit": protocol.QuitMessage,
        "error": protocol.ErrorMessage,
    }
    fits(message, messages[message["type"]])
    if message["type"] == "view":
        fits(message["view"], game_types["view"])
    if message["type"] == "move":
        fits(message["move"], game_types[message["move"]["kind"]])


def test_an_engine_transcript_matches_the_protocols_types() -> None:
    """Every line of a race played by a served built-in (``race engine``) against one in
    process, each message kind's, and the state and events the referee kept."""
    import io
    import json
    import sys

    from solver.arena import loop
    from solver.arena.engine import EngineSeat
    from solver.arena.protocol import ForfeitedDocument
    from solver.race import calls, state
    from solver.race.arena import RULES, new_state

    myword = Path(sys.executable).with_name("myword")
    transcript = io.StringIO()
    served = EngineSeat([str(myword), "race", "engine", "--player", "easy"], RULES, log=transcript)
    race = new_state(2)
    try:
        outcome = loop.play(race, [served, RULES.seat("medium")], 2)
    finally:
        served.close()
    assert outcome.forfeits == ()
    lines = [json.loads(line[2:]) for line in transcript.getvalue().splitlines()]
    game_types = {"view": calls.RaceViewDocument, "call": calls.CallDocument}
    game_types["wait"] = calls.WaitDocument
    for message in lines:
        _fits_message(message, game_types)
    kinds = {message["type"] for message in lines}
    assert kinds == {"hello", "ready", "view", "move", "over", "quit"}
    moved = {message["move"]["kind"] for message in lines if message["type"] == "move"}
    assert moved == {"call", "wait"}
    fits(lines[0]["variant"], state.RaceVariant)
    document = race.to_json()
    fits(document, state.RaceStateDocument)
    events = {
        "round": state.RoundBeganDocument,
        "deal": state.DealtDocument,
        "claim": state.ClaimedDocument,
        "wrong": state.WrongCallDocument,
        "round over": state.RoundOverDocument,
        "forfeited": ForfeitedDocument,
    }
    for event in document["events"]:
        fits(event, events[event["kind"]])
    assert {event["kind"] for event in document["events"]} >= {"round", "deal", "claim"}


def test_the_other_games_arena_documents_match_their_types() -> None:
    """What's My Word?'s and My Word (1980)'s views, moves, events and states, as the
    referee writes them for an engine and a save (played in process)."""
    from solver.arena import loop
    from solver.deduce import arena as deduce_arena
    from solver.deduce import players, state
    from solver.layout import arena as layout_arena
    from solver.layout import moves, view
    from solver.layout import state as layout_state

    duel = deduce_arena.new_state(4, lengths=(6,))
    picker = duel.view(duel.to_move())
    fits(picker.to_json(), players.PickerViewDocument)
    outcome = loop.play(duel, [deduce_arena.RULES.seat("points")] * 2, 4)
    fits(outcome.to_json(), loop.OutcomeDocument)
    fits(duel.to_json(), state.DeduceStateDocument)
    fits(duel.variant(), state.DeduceVariant)
    for sheet in duel.variant()["sheets"]:
        fits(sheet, state.SheetDocument)
    events = {
        "picked": state.PickedDocument,
        "scored": state.ScoredDocument,
        "round_over": state.RoundOverDocument,
    }
    for event in outcome.events:
        fits(event.to_json(), events[event.to_json()["kind"]])
    fits(state.Pick("ballet").to_json(), state.PickDocument)
    fits(state.Guess("ballet").to_json(), state.GuessDocument)
    fresh = deduce_arena.new_state(4, lengths=(6,))
    for _ in range(2):
        fresh.apply(fresh.to_move(), state.Pick("ballet"))
    fits(fresh.view(fresh.to_move()).to_json(), players.GuesserViewDocument)

    game = layout_arena.new_state(5)
    seat = game.to_move()
    seen = game.view(seat)
    document = seen.to_json()
    fits(document, view.LayoutViewDocument)
    for play in document["legal"]:
        fits(play, view.LegalPlayDocument)
    fits(layout_arena.RULES.seat("greedy").decide(seen, 1).to_json(), moves.PlayDocument)
    fits(moves.Knock(seen.hand[0]).to_json(), moves.KnockDocument)
    loop.play(game, [layout_arena.RULES.seat("greedy")] * 2, 5)
    fits(game.to_json(), layout_state.LayoutLog)
    fits(game.variant(), layout_state.LayoutVariant)


def test_words_check_json_matches_its_types() -> None:
    import json

    from click.testing import CliRunner

    import cli
    from solver.wordtools import wordcheck

    result = CliRunner().invoke(cli.main, ["words", "check", "table", "London", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    fits(document, wordcheck.ChecksDocument)
    for check in document["words"]:
        fits(check, wordcheck.CheckDocument)


def test_fits_refuses_a_missing_or_an_unknown_key() -> None:
    """The checks above can fail: a key a document lacks, or one its type does not name."""
    from solver.ui import warming

    step = warming.Outcome("kernel x", "kernel", 1.0, 0.5, True).to_json()
    fits(step, warming.WarmStepDocument)
    lacking = {k: v for k, v in step.items() if k != "error"}
    with pytest.raises(AssertionError, match=r"WarmStepDocument lacks \['error'\]"):
        fits(lacking, warming.WarmStepDocument)
    with pytest.raises(AssertionError, match=r"does not name \['extra'\]"):
        fits(step | {"extra": 1}, warming.WarmStepDocument)


def test_warm_json_matches_its_types() -> None:
    import json
    import subprocess
    import sys

    myword = Path(sys.executable).with_name("myword")
    result = subprocess.run(
        [str(myword), "warm", "--lang", "en", "--json"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    from solver.ui import warming

    document = json.loads(result.stdout)
    fits(document, warming.WarmReport)
    assert document["steps"] and document["failed"] == 0
    for step in document["steps"]:
        fits(step, warming.WarmStepDocument)


def test_a_tables_checksums_and_remembered_digests_match_their_types(
    source: Path, cache: Path
) -> None:
    """A table of an array and of bytes as kept on disk: its ``checksums.json`` and the
    sources' digests remembered beside it (``digests.json``: path to size, time stamp,
    inode and digest)."""
    import json

    import numpy as np

    from solver.runtime import tables

    tables.stored("demo", [source], lambda: {"codes": np.arange(3), "words": b"cat\ndog\n"})
    (place,) = [path for path in cache.iterdir() if path.is_dir()]
    document = json.loads((place / tables.CHECKSUMS).read_text("utf-8"))
    fits(document, tables.ChecksumsDocument)
    assert set(document["parts"]) == {"codes.npy", "words.bin"}
    for facts in document["parts"].values():
        fits(facts, tables.PartFacts)
    assert set(document["parts"]["codes.npy"]) == {"bytes", "sha256", "dtype", "shape"}
    assert tables.verified(place) == document["parts"]
    remembered = json.loads((cache / tables.DIGESTS).read_text("utf-8"))
    assert remembered == tables._remembered(cache)
    for stamp in remembered.values():
        assert [type(part) for part in stamp] == [int, int, int, str]


def test_deduce_advise_and_evaluate_json_match_their_types(tmp_path: Path) -> None:
    """``deduce advise --json`` on a sheet that fits (its next row, alphabets, choices) and
    on one no word fits (its inconsistency and fixes); ``deduce evaluate --json``."""
    import json

    from click.testing import CliRunner

    import cli
    from solver.deduce import advisor, evaluate
    from solver.wordtools import lexicon

    def run(*args: str) -> dict:
        result = CliRunner().invoke(cli.main, ["deduce", *args, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    wrong = "SO 0, DEN 1250, EBB 1250, INN 250, BID 0, TURN 250, EARL 1000, NEWT 2250"
    for history in ("SO 0, DEN 1250", wrong):
        document = run("advise", "--history", history, "--top", "3")
        fits(document, advisor.AdviceDocument)
        for row in document["history"]:
            fits(row, advisor.HeardRow)
        fits(document["next_row"], advisor.NextRow)
        for probable in document["most_probable"]:
            fits(probable, advisor.Probable)
        if document["alphabets"] is not None:
            fits(document["alphabets"], advisor.AlphabetsDocument)
            for column in document["alphabets"]["columns"]:
                fits(column, advisor.ColumnDocument)
        for choice in document["recommended"]:
            fits(choice, advisor.ChoiceDocument)
        if document["inconsistency"] is not None:
            fits(document["inconsistency"], advisor.InconsistencyDocument)
            for fix in document["inconsistency"]["other_fixes"]:
                fits(fix, advisor.FixDocument)
    assert document["inconsistency"] is not None  # the second history: no word fits

    words = tmp_path / "words.txt"
    words.write_text("\n".join(lexicon.words(6, "familiar", "en")[:20]) + "\n", "utf-8")
    document = run("evaluate", "--strategy", "points", "--from-list", str(words))
    fits(document, evaluate.EvaluationDocument)
    for figure in document["figures"]:
        fits(figure, evaluate.FigureDocument)
