"""Each game's view is checked as an engine reads it (``solver.runtime.fields``): a field of
the wrong type or out of range is refused naming the field. A newcomer's session sent
views that were answered anyway (a score of 250.5, a time of NaN, a hand of [6, 6, 6, 6])
or failed deep inside (``OverflowError: ... out of bounds for uint8``, ``KeyError: 999``,
``IndexError: Cannot choose from an empty sequence``)."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver.deduce.players import GuesserView, PickerView, view_from_json
from solver.deduce.rules import default_sheet, parse_sheet
from solver.layout.game import play_game
from solver.layout.view import LayoutView
from solver.race.calls import RaceView

ROOT = Path(__file__).resolve().parents[2]


def guess_view(**changed: Any) -> dict[str, Any]:
    view = GuesserView(default_sheet(6), (("so", 0), ("den", 1250))).to_json()
    return {**view, **changed}


def race_view(**changed: Any) -> dict[str, Any]:
    view = RaceView(1, ("s", "e", "nd", "?"), 20, (0, 3), 4.5, "en").to_json()
    return {**view, **changed}


def layout_view(**changed: Any) -> dict[str, Any]:
    state = play_game(["greedy", "random"], seed=3)
    return {**json.loads(json.dumps(state.view(0).to_json())), **changed}


def test_views_written_by_the_referee_read_back_unchanged() -> None:
    assert view_from_json(guess_view()).to_json() == guess_view()
    pick = {"kind": "pick", "round": 1, "length": 7, "lang": "en", "difficulty": "hard"}
    assert view_from_json(pick) == PickerView(1, 7, "en", "hard")
    assert RaceView.from_json(race_view()).to_json() == race_view()
    assert LayoutView.from_json(layout_view()).to_json() == layout_view()


@pytest.mark.parametrize(
    "view",
    [
        GuesserView(default_sheet(6), (), "en", "easy"),  # the easy bot's vocabulary
        GuesserView(default_sheet(7), (), "es", "all", "uniform"),
        GuesserView(parse_sheet("2@0 3@1 4@0", "mine"), (("so", 0), ("den", 1250))),
    ],
)
def test_every_kind_of_guess_view_reads_back(view: GuesserView) -> None:
    """The easy bot's views were refused (its vocabulary, "easy", is no --vocabulary):
    found by reading the change once more."""
    assert view_from_json(json.loads(json.dumps(view.to_json()))) == view


def test_every_kind_of_race_view_reads_back() -> None:
    for view in (
        RaceView(1, (), 71, (0, 0), 0.0, "en"),  # a round's start
        RaceView(2, ("ñ", "??", "qu", "?"), 3, (1, 0, 5), 12.25, "es"),
    ):
        assert RaceView.from_json(json.loads(json.dumps(view.to_json()))) == view


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"history": [["so", 250.5]]}, "history[0]'s score is not a whole number: 250.5"),
        ({"history": [["so", 999999999]]}, "history[0]'s score 999999999 is impossible on row"),
        ({"history": [["so", -250]]}, "history[0]'s score is -250, not a number from 0"),
        ({"history": [["so", True]]}, "history[0]'s score is not a whole number: True"),
        ({"history": [[7, 0]]}, "history[0]'s Guessword is not a text: 7"),
        ({"history": [["so", 0]] * 11}, "history has 11 items; at most 10"),
        ({"history": "so 0"}, "history is not a list"),
        ({"rows": [[0, 0], [6, 0]]}, "row 1 (0@0) is shorter than 2 letters"),
        ({"rows": [[2, 10], [6, 0]]}, "row 1 (2@10) runs past the 6-letter word"),
        ({"rows": [[2, 0]]}, "a sheet needs at least two rows"),
        ({"rows": [[2, 0, 1], [6, 0]]}, "rows[0] is not a pair"),
        ({"lang": "xx"}, "lang is 'xx': choose from en, es"),
        ({"vocabulary": "every"}, "vocabulary is 'every': choose from"),
        ({"prior": 3}, "prior is not a text: 3"),
    ],
)
def test_a_wrong_guess_view_is_refused_naming_its_field(changed, named) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        view_from_json(guess_view(**changed))


@pytest.mark.parametrize(
    ("view", "named"),
    [
        ({"round": -1, "length": 6}, "round (from 0) is -1"),
        ({"round": 0, "length": 99}, "length is 99, not a number from 2 to 60"),
        ({"round": 0.5, "length": 6}, "round (from 0) is not a whole number"),
        ({"round": 0, "length": 6, "difficulty": "brutal"}, "difficulty is 'brutal'"),
    ],
)
def test_a_wrong_pick_view_is_refused_naming_its_field(view, named) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        view_from_json({"kind": "pick", **view})


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"now": math.nan}, "now is not a finite number: nan"),
        ({"now": -1}, "now is -1.0, less than 0.0"),
        ({"table": "see"}, "table is not a list: 'see'"),
        ({"table": ["s", "zzz"]}, "'zzz' is not a card in English"),
        ({"table": ["s", 5]}, r"table\[1\] is not a text: 5"),
        ({"seat": 5}, "seat is 5, not a number from 0 to 1"),
        ({"to_deal": -3}, "to_deal is -3"),
        ({"won": [0, 1.5]}, r"won\[1\] is not a whole number: 1.5"),
        ({"lang": "fr"}, "lang is 'fr': choose from en, es"),
    ],
)
def test_a_wrong_race_view_is_refused_naming_its_field(changed, named) -> None:
    with pytest.raises(ValueError, match=named):
        RaceView.from_json(race_view(**changed))


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"hand": [999]}, r"hand\[0\] is 999, not a card of the deck"),
        ({"hand": [6, 6, 6, 6]}, "a card is twice in the hand and the layout"),
        ({"hand": ["6"]}, r"hand\[0\] is not a whole number: '6'"),
        ({"seat": 7}, "seat is 7, not a number from 0 to 1"),
        ({"easy": "yes"}, "easy is true or false, not 'yes'"),
        ({"pack_size": -1}, "pack_size is -1"),
        ({"layout": [[[0, 0], [999]]]}, r"layout\[0\]'s card is 999, not a card of the deck"),
        ({"layout": [[[0], [1]]]}, r"layout\[0\]'s position is not a pair"),
        ({"history": [5]}, "a history item is not an object: 5"),
        ({"history": [{"kind": "knock", "card": None, "player": 1.5}]}, "a knock's player"),
    ],
)
def test_a_wrong_layout_view_is_refused_naming_its_field(changed, named) -> None:
    with pytest.raises(ValueError, match=named):
        LayoutView.from_json(layout_view(**changed))


def test_a_card_of_the_layout_in_the_hand_too_is_refused() -> None:
    view = layout_view()
    placed = view["layout"][0][1][0]
    with pytest.raises(ValueError, match="a card is twice in the hand and the layout"):
        LayoutView.from_json({**view, "hand": [*view["hand"][:-1], placed]})


def test_the_engine_answers_a_wrong_view_with_an_error_naming_the_field() -> None:
    """Through ``myword deduce engine``: one error line a wrong view, then it goes on."""
    hello = {"type": "hello", "protocol": 1, "game": "deduce", "variant": {}, "seat": 0}
    lines = [
        hello | {"seats": 2, "time_limit": 10.0},
        {"type": "view", "view": guess_view(history=[["so", 999999999]]), "seed": 1},
        {"type": "view", "view": {"kind": "pick", "round": 0, "length": 59}, "seed": 1},
        {"type": "view", "view": {"kind": "pick", "round": 0, "length": 6}, "seed": 1},
        {"type": "quit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "cli", "deduce", "engine"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )  # fmt: skip
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["type"] for a in answers] == ["ready", "error", "error", "move"], answers
    assert "history[0]'s score 999999999 is impossible on row 2@0" in answers[1]["message"]
    assert "no 59-letter word to hide at difficulty medium" in answers[2]["message"]
    assert answers[3]["move"]["kind"] == "pick" and len(answers[3]["move"]["word"]) == 6


def test_a_race_engine_refuses_a_table_the_handshakes_deck_cannot_make() -> None:
    """The handshake tells an engine the deck (``cards``); a table with a card it lacks
    (the English deck has QU, no Q), or more copies than it holds, is answered with an
    error naming it, as the protocol page says (``race engine`` called a word on it)."""
    import io

    from solver.arena.engine import serve
    from solver.arena.protocol import Hello
    from solver.race.arena import RULES as RACE
    from solver.race.arena import new_state

    state = new_state(seed=3, players=2)
    hello = Hello("race", dict(state.variant()), 1, 2, 10.0).to_json()
    tables = [["c", "a", "t", "q"], ["c", "a", "t", "zz"], ["z", "z", "a"], ["c", "a", "t"]]
    lines = [hello] + [
        {"type": "view", "id": k, "seed": 1, "view": race_view(table=table)}
        for k, table in enumerate(tables)
    ]
    out = io.StringIO()
    serve(RACE, lambda hello: RACE.seat("hard"), [json.dumps(line) + "\n" for line in lines], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["ready", "error", "error", "error", "move"], answers
    assert "has no Q card" in answers[1]["message"]
    assert "has no ZZ card" in answers[2]["message"]
    assert "1 copy of Z, the table 2" in answers[3]["message"]
    # A hello refused leaves no game behind: the last good one's seat and deck took the
    # views after it (a code review's finding).
    refused = {**hello, "protocol": 2}
    lines = [hello, refused, {"type": "view", "id": 9, "seed": 1, "view": race_view()}]
    out = io.StringIO()
    serve(RACE, lambda hello: RACE.seat("hard"), [json.dumps(line) + "\n" for line in lines], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["ready", "error", "error"], answers
    assert answers[2]["message"].endswith("a view before the hello")
