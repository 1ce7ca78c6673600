"""My Word (1980)'s review of a finished game (``solver.layout.review``), on games the line
mode plays: a scripted person against the greedy bot, knocking once with a play in hand."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver.layout import session
from solver.layout.game import legal_plays
from solver.layout.review import review_log
from solver.layout.state import rebuild

from .test_session import ScriptedPerson, _play

KNOCK_AT = 3  # the person's turn on which they knock although they could play


class KnockingPerson(ScriptedPerson):
    """Plays their best play, but knocks on their ``KNOCK_AT``-th turn with plays in hand."""

    def ask(self, prompt: str, hidden: bool = False) -> str:
        answer = super().ask(prompt, hidden)
        if prompt.startswith("word for"):
            return answer
        if self.turns == KNOCK_AT and not answer.startswith("knock"):
            return f"knock {answer.split()[0]}"
        return answer


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> dict:
    """A finished game's log (person first, greedy second), played through the line mode
    (which saves it, in a data folder of this module's own)."""
    folder = tmp_path_factory.mktemp("review")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MYWORD_DATA_DIR", str(folder / "data"))
        game = session.new_game(["human", "greedy"], 3, False)
        state = _play(game, KnockingPerson(), folder / "game.json")
    assert state.over
    return state.to_json()


def reviewed(log: dict):
    return review_log(log, rebuild(log))


def test_every_turn_is_reviewed_from_the_seat_that_made_it(finished: dict) -> None:
    found = reviewed(finished)
    assert found.players == ("you", "greedy") and found.person == 0
    assert [m.seat for m in found.moves] == [m["player"] for m in finished["moves"]]
    assert found.totals == tuple(finished["scores"])
    start = {k: v for k, v in finished.items() if k != "scores"}
    for move, logged in zip(found.moves, finished["moves"], strict=True):
        before = rebuild(start | {"moves": finished["moves"][: move.index]})
        plays = legal_plays(before, move.seat)  # the rules' own list, not the kernel's
        most = max((spot.points for _, spot in plays), default=0)
        assert move.facts["most"] == most and move.facts["plays"] == len(plays)
        assert move.played_value == (logged["points"] if logged["kind"] == "play" else 0)
        card = int(move.best.split()[-1] if move.best.startswith("knock") else move.best.split()[0])
        assert card in before.hands[move.seat]  # the reader plays from that seat's hand
        if not move.best.startswith("knock"):  # and a play the rules allow, worth that much
            assert any(number == card and spot.points == move.best_value for number, spot in plays)
        assert move.best_value <= most


def test_the_knock_that_could_have_been_a_play(finished: dict) -> None:
    found = reviewed(finished)
    flagged = [m for m in found.moves if m.facts["knocked_with_plays"]]
    assert len(flagged) == 1
    (knock,) = flagged
    assert knock.seat == 0 and knock.played.startswith("knock") and knock.played_value == 0
    assert knock.cost == knock.best_value and knock.facts["most"] > 0
    assert "knocked with a play" in knock.notes
    assert f"knocks that could have been plays: {knock.where} (you)" in found.notes
    assert knock in found.turning_points(0)


def test_the_review_is_the_same_each_time(finished: dict) -> None:
    assert reviewed(finished) == reviewed(finished)


def test_review_json_and_errors_through_the_command(finished: dict, tmp_path) -> None:
    done = tmp_path / "done.json"
    state = rebuild(finished)
    session.save(state, done)
    result = CliRunner().invoke(cli.main, ["review", str(done), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["game"] == "layout" and document["seat"] == 0
    assert all(m["seat"] == 0 for m in document["moves"]) and "most" in document["moves"][0]
    unfinished = tmp_path / "unfinished.json"
    start = {k: v for k, v in finished.items() if k != "scores"}
    session.save(rebuild(start | {"moves": finished["moves"][:5]}), unfinished)
    result = CliRunner().invoke(cli.main, ["review", str(unfinished)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: the game in ") and "not finished" in result.output
    assert "myword layout play --resume" in result.output
