"""Issue 26, item 1: the seed that decides what a player must not see is secret.

A game's seed draws the bot's Gamewords (What's My Word?), the hands and the pack (My Word
(1980)) and the cards still to come (MY WORD!). Fresh seeds used to be below 1,000,000: a
player could try them all against what they saw (the bot's ``bot_seed`` in the save and
the ``--json``, their own first hand) and read the hidden words. Here an attacker tries the
same with everything a player sees, and finds nothing; a typed seed makes a replay, which
says so.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from solver.runtime import seeds


def _numbers(document: object) -> set[int]:
    """Every whole number a player can read in a document (values and digit runs in text),
    the candidates an attacker would try as seeds first."""
    text = json.dumps(document)
    return {int(run) for run in re.findall(r"\d+", text)}


def _texts(document: object) -> set[str]:
    """Every text a player can read in a JSON document: its string values, not its keys (a
    fresh seed once drew the Gameword VERSION, which is a key of every save)."""
    if isinstance(document, dict):
        return set().union(*(_texts(value) for value in document.values()))
    if isinstance(document, list):
        return set().union(*(_texts(value) for value in document))
    return {document} if isinstance(document, str) else set()


def _choices(state: dict) -> set[str]:
    """The settings' own words (a colour, a level, a language), which a Gameword may equal
    (PURPLE, MEDIUM) without anything being shown: not looked for the words in."""
    from solver.deduce.session import COLOURS

    values = [value for value in state["settings"].values() if isinstance(value, str)]
    return {*values, *COLOURS}


def test_fresh_seeds_are_128_secret_bits() -> None:
    drawn = [seeds.fresh() for _ in range(64)]
    assert len(set(drawn)) == 64
    assert all(0 <= seed < 2**seeds.SECRET_BITS for seed in drawn)
    # 64 draws of 128 bits: the largest has fewer than 120 bits once in 2^250 runs
    assert max(seed.bit_length() for seed in drawn) >= 120


def test_deduce_shows_nothing_drawn_from_the_seed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "data"))
    from solver.deduce import session
    from solver.runtime import savefile

    state = session.new_game(session.Settings())
    seed = state["settings"]["seed"]
    hidden = {r["bot_seed"] for r in state["rounds"]} | {seed}
    words = {r["bot_word"] for r in state["rounds"]}
    path = tmp_path / "game.json"
    session.save(state, path)
    envelope = savefile.peek(path)
    assert envelope is not None
    other = copy.deepcopy(state)
    for game_round in other["rounds"]:
        game_round["bot_word"] = "zzzzzz"
    assert session.public(other) == session.public(state)  # shows nothing of the words
    for seen in (session.public(state), envelope["state"], json.loads(path.read_text())):
        assert not hidden & _numbers(seen), "a number drawn from the seed can be read"
        shown = _texts(seen) - _choices(state)
        assert not any(re.search(rf"\b{word}\b", text, re.I) for word in words for text in shown)
    assert "bot_seed" not in json.dumps(envelope["state"])
    resumed = session.load(path)  # sealed, not lost: the game resumes with them
    assert [r["bot_seed"] for r in resumed["rounds"]] == [r["bot_seed"] for r in state["rounds"]]
    assert resumed["settings"]["seed"] == seed and not resumed["settings"].get("replay")


def test_trying_seeds_against_the_deduce_save_finds_nothing(tmp_path, monkeypatch) -> None:
    """The attack of the issue: try seeds until one draws what the save shows. With the
    bot's seed sealed the save shows nothing to test a seed against but the settings, and
    no seed tried (small ones, and every number the player reads) draws the bot's words."""
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "data"))
    from solver.deduce import session

    state = session.new_game(session.Settings(rounds=1))
    target = state["rounds"][0]["bot_word"]
    seen = session.public(state)
    tried = set(range(300)) | _numbers(seen)
    found = {
        seed
        for seed in tried
        if session.new_game(session.Settings(rounds=1, seed=seed))["rounds"][0]["bot_word"]
        == target
        and session.new_game(session.Settings(rounds=1, seed=seed))["rounds"][0]["bot_seed"]
        == state["rounds"][0]["bot_seed"]
    }
    assert not found


def test_trying_seeds_against_your_first_hand_finds_nothing() -> None:
    """My Word (1980): your own first hand was enough to pick out a seed below 1,000,000,
    and with it the bot's hand and the whole pack. Every seed an attacker can reach
    quickly is tried against the hand; none deals it."""
    from solver.layout.deck import default_deck
    from solver.layout.session import new_game, public
    from solver.layout.state import hand_size

    state = new_game(["human", "greedy"], None, False)
    mine = state.view(0).hand
    assert "seed" not in public(state) and "hands" not in public(state)
    order = [card.number for card in default_deck().cards]
    size = hand_size(2)
    candidates = set(range(20_000)) | _numbers(public(state))
    for seed in candidates:
        shuffled = list(order)
        seeds.rng(seed).shuffle(shuffled)
        assert tuple(shuffled[:size]) != tuple(mine), f"seed {seed} deals your hand"
    assert state.seed is not None and state.seed.bit_length() > 64  # 1 in 2^64 fails
    assert not state.replay


def test_a_race_keeps_its_seed_to_the_end() -> None:
    from solver.race.ui.feed import seed_line, start_line
    from solver.race.ui.screens import new_race

    race = new_race({"players": 2})
    assert str(race.seed) not in start_line(race)  # it deals the cards still to come
    assert str(race.seed) in seed_line(race) and not race.replay
    assert "replay" not in race.to_json()


@pytest.mark.parametrize("game", ["deduce", "layout", "race"])
def test_a_typed_seed_is_a_replay_and_says_so(game: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path / "data"))
    if game == "deduce":
        from solver.deduce import session
        from solver.deduce.ui import words

        state = session.new_game(session.Settings(rounds=1, seed=7))
        again = session.new_game(session.Settings(rounds=1, seed=7))
        assert state["rounds"][0]["bot_word"] == again["rounds"][0]["bot_word"]
        assert state["settings"]["replay"] is True
        path = tmp_path / "game.json"
        session.save(state, path)
        assert session.load(path)["settings"]["replay"] is True
        start, end = words.replay_note(state), words.seed_line(state)
    elif game == "layout":
        from solver.layout import session
        from solver.layout.state import rebuild
        from solver.layout.ui import wording

        state = session.new_game(["human", "greedy"], 7, False)
        assert state.replay and state.to_json()["replay"] is True
        assert rebuild(state.to_json()).replay  # kept in the log, read back
        assert session.new_game(["human", "greedy"], 7, False).hands == state.hands
        start, end = wording.replay_note(state), wording.seed_line(state)
    else:
        from solver.race.ui.feed import seed_line, start_line
        from solver.race.ui.screens import new_race

        state = new_race({"players": 2, "seed": 7})
        assert state.replay and state.to_json()["replay"] is True
        start, end = start_line(state), seed_line(state)
    what = "race" if game == "race" else "game"
    assert start.startswith("A replay of seed 7:")
    assert end.rstrip(".").lower() == f"this {what} replayed --seed 7"


def test_a_fresh_game_is_no_replay(tmp_path: Path, monkeypatch) -> None:
    from solver.deduce import session
    from solver.deduce.ui import words

    state = session.new_game(session.Settings(rounds=1))
    assert words.replay_note(state) == ""
    assert "replay" not in state["settings"]  # saved as it always was
    assert words.seed_line(state) == f"Replay this game with --seed {state['settings']['seed']}."


def test_the_json_of_an_unfinished_game_holds_no_seed(tmp_path: Path) -> None:
    """End to end: a line-mode game left at its first question; its --json (what a player
    may script)."""
    from click.testing import CliRunner

    import cli

    arguments = ["deduce", "play", "--plain", "--json", "--rounds", "1"]
    result = CliRunner().invoke(cli.main, [*arguments, "--save", str(tmp_path / "g.json")])
    document = json.loads(result.stdout)
    assert document["settings"]["seed"] is None
    assert all("bot_seed" not in r and "bot_word" not in r for r in document["rounds"])
