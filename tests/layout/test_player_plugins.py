"""My Word (1980) players of one's own: handed only their seat's view, their moves
checked by the rules, played by the same loop and bench as the built-ins."""

import json
from dataclasses import fields
from pathlib import Path

from click.testing import CliRunner

import cli
from solver.layout import seats
from solver.layout.game import play_game
from solver.layout.view import public_history

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "layout_fewest_places.py"


def write(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "mine.py"
    path.write_text(code)
    return path


def test_greedy_written_against_the_view_plays_greedy_s_games(tmp_path) -> None:
    """The view holds all a fair player needs: greedy rewritten on it plays the same game."""
    path = write(
        tmp_path,
        "from solver.layout.seats import Knock, legal_plays\n\n"
        "def move(view, rng):\n"
        "    plays = legal_plays(view)\n"
        "    if not plays:\n"
        "        return Knock(view.hand[0])\n"
        "    return max(plays, key=lambda play: play.placement.points)\n",
    )
    for seed in (1, 2):
        ours = play_game(["greedy", "random"], seed).log
        theirs = play_game([f"{path}:move", "random"], seed).log
        assert ours["moves"] == theirs["moves"] and ours["scores"] == theirs["scores"]


def test_a_player_sees_its_own_hand_and_never_another_or_the_pack(tmp_path) -> None:
    seen: list[seats.LayoutView] = []

    class Watching:
        def move(self, view, rng):
            seen.append(view)
            plays = seats.legal_plays(view)
            return plays[0] if plays else seats.Knock(view.hand[0])

    import solver.layout.seats as module

    module.Watching = Watching  # named as module:attr
    try:
        state = play_game(["solver.layout.seats:Watching", "greedy"], 4)
    finally:
        del module.Watching
    assert seen and all(view.seat == 0 for view in seen)
    first = seen[0]
    assert first.hand == tuple(state.log["hands"][0])
    on_table = sum(len(stack) for _, stack in first.layout.stacks)
    assert first.hand_sizes == (4, 4)
    assert first.pack_size + sum(first.hand_sizes) + on_table == len(state.deck.cards)
    # its cards, the table's, counts and the public history: nothing that holds another
    # hand or the pack (tests/layout/test_reader.py: the history hides others' knocks)
    assert [f.name for f in fields(seats.LayoutView)] == [
        "seat", "hand", "layout", "deck", "scores", "hand_sizes", "pack_size", "easy", "history"
    ]  # fmt: skip
    last = seen[-1]
    assert last.history == public_history(state.history[: len(last.history)], 0) != ()
    assert all(isinstance(n, int) for n in (*first.hand_sizes, first.pack_size))


def test_the_example_player_plays_a_bench_beside_the_built_ins() -> None:
    result = CliRunner().invoke(
        cli.main,
        ["layout", "bench", "--players", f"greedy,{EXAMPLE}:move", "--games", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    names = [p["player"] for p in json.loads(result.output)["players"]]
    assert names == ["greedy", f"{EXAMPLE}:move"]


def test_a_move_the_rules_refuse_or_a_crash_is_one_line_naming_the_player(tmp_path) -> None:
    path = write(
        tmp_path,
        "from solver.layout.seats import Knock, Play, legal_plays\n\n"
        "def crash(view, rng):\n    raise RuntimeError('boom')\n\n"
        "def elsewhere(view, rng):\n    return Knock(999)\n\n"
        "def nothing(view, rng):\n    return None\n\n"
        "def moved(view, rng):\n"
        "    play = legal_plays(view)[0]\n"
        "    other = next(p for p in legal_plays(view) if p.card != play.card)\n"
        "    return Play(play.card, other.placement if other.placement != play.placement"
        " else play.placement)\n",
    )
    for attr, message in [
        ("crash", "raised RuntimeError: boom"),
        ("elsewhere", "moved card 999, which is not in its hand"),
        ("nothing", "returned None, not a Play or a Knock"),
    ]:
        result = CliRunner().invoke(
            cli.main, ["layout", "solo", "--player", f"{path}:{attr}", "--seed", "1"]
        )
        assert result.exit_code != 0
        assert message in result.output and "Traceback" not in result.output


def test_a_play_at_a_place_the_card_cannot_go_is_refused(tmp_path) -> None:
    path = write(
        tmp_path,
        "from solver.layout.seats import Play, legal_plays\n"
        "from solver.layout.board import Placement\n\n"
        "def far(view, rng):\n"
        "    return Play(view.hand[0], Placement((40, 40), False, ()))\n",
    )
    result = CliRunner().invoke(
        cli.main, ["layout", "solo", "--player", f"{path}:far", "--seed", "1"]
    )
    assert result.exit_code != 0
    assert "the rules do not allow it there" in result.output


def test_the_players_list_names_the_built_ins() -> None:
    result = CliRunner().invoke(cli.main, ["layout", "players", "--json"])
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert listed["group"] == "myword.layout.players"
    assert [p["name"] for p in listed["players"]] == ["random", "greedy", "beam", "reader"]


def test_every_built_in_is_a_player_of_the_protocol() -> None:
    """The built-ins are ``move(view, rng)`` functions too: named by their import paths
    (so handed only the view, their moves checked like anyone's) they play the games
    their names play."""
    from solver.arena import plugins

    paths = dict(seats.KIND.builtins)
    for name in ("random", "greedy", "beam", "reader"):
        assert callable(plugins.load(seats.KIND, paths[name]).move)
        for seed in (1, 2) if name != "reader" else (1,):  # the reader's games are slower
            by_name = play_game([name, "greedy"], seed).log
            by_path = play_game([paths[name], "greedy"], seed).log
            assert by_path["moves"] == by_name["moves"], (name, seed)
