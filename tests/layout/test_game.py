"""The My Word (1980) game: deal, turns, knocks, the end, the log."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver.layout.game import deal, hand_size, legal_plays, play_game
from solver.runtime import savefile


def test_hand_sizes_and_the_deal() -> None:
    assert hand_size(1) == hand_size(2) == hand_size(3) == 4 and hand_size(4) == 3
    state = deal(4, seed=1)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.pack) == 48 - 12 - 1 and len(state.layout.stacks) == 1


def test_a_solo_game_ends_and_its_log_adds_up() -> None:
    state = play_game(["greedy"], seed=5)
    moves = state.log["moves"]
    assert state.points[0] == sum(m.get("points", 0) for m in moves)
    assert not state.pack and (not state.hands[0] or not legal_plays(state, 0))
    assert state.log["deck_order"] and state.log["scores"] == state.points


def test_same_seed_same_game() -> None:
    assert (
        play_game(["greedy", "random"], seed=7).log == play_game(["greedy", "random"], seed=7).log
    )


def test_greedy_beats_random_in_solo() -> None:
    greedy = sum(play_game(["greedy"], seed=s).points[0] for s in range(5))
    baseline = sum(play_game(["random"], seed=s).points[0] for s in range(5))
    assert greedy > baseline


def test_solo_command() -> None:
    result = CliRunner().invoke(cli.main, ["layout", "solo", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)
    assert log["scores"][0] == sum(m.get("points", 0) for m in log["moves"])
    plain = CliRunner().invoke(cli.main, ["layout", "solo", "--seed", "2", "--player", "random"])
    assert "Final score" in plain.output


def test_replay_checks_every_move_and_finds_the_first_discrepancy(tmp_path) -> None:
    from solver.layout.game import replay

    log = json.loads(json.dumps(play_game(["greedy", "random"], seed=3).log))
    assert replay(log)[0]
    bad = json.loads(json.dumps(log))
    bad["moves"][5]["points"] += 1
    found = replay(bad)
    assert not found.ok and found.problem.startswith("move 6:")
    moved = json.loads(json.dumps(log))
    moved["moves"][2]["position"] = [40, 40]
    assert replay(moved).problem.startswith("move 3: card")
    first_play = next(k for k, m in enumerate(log["moves"]) if m["kind"] == "play")
    for position in ([0, 1, 2], [0], []):  # a traceback each (found by a newcomer's session)
        cut = json.loads(json.dumps(log))
        cut["moves"][first_play]["position"] = position
        assert replay(cut).problem == (
            f"move {first_play + 1}: a position is [row, column], not {position!r}"
        )
    said = json.loads(json.dumps(log))
    said["moves"][first_play]["words"] = ["bund"]
    words = ", ".join(w.upper() for w in log["moves"][first_play]["words"])
    assert f"the words are {words} for " in replay(said).problem  # not ['bund']
    assert replay(said).problem.endswith(
        "the log says BUND for " + str(said["moves"][first_play]["points"])
    )
    said["moves"][first_play]["words"] = ["bund"] * 10_000  # a log's list, said cut short
    assert "the log says BUND, BUND, BUND, BUND, BUND, BUND and 9,994 more for" in (
        replay(said).problem
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(bad))
    result = CliRunner().invoke(cli.main, ["layout", "replay", str(path)])
    assert result.exit_code == 1 and result.output.startswith("discrepancy: move 6:")
    path.write_text(json.dumps(log))
    assert CliRunner().invoke(cli.main, ["layout", "replay", str(path)]).output.startswith("ok: ")
    missing = CliRunner().invoke(cli.main, ["layout", "replay", str(tmp_path / "none.json")])
    assert missing.exit_code == 1 and "no such log" in missing.stderr


@pytest.mark.heavy  # whole beam games: CI's second step
def test_beam_beats_greedy_in_solo_and_its_logs_replay() -> None:
    from solver.layout.game import replay

    beam = [play_game(["beam"], seed=s) for s in range(12)]
    greedy = [play_game(["greedy"], seed=s).points[0] for s in range(12)]
    assert sum(g.points[0] for g in beam) > sum(greedy)
    assert sum(b.points[0] > g for b, g in zip(beam, greedy, strict=True)) >= 8  # 10 of 12
    assert all(replay(json.loads(json.dumps(g.log)))[0] for g in beam[:3])


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
def test_beam_wins_head_to_head_against_greedy() -> None:
    from solver.arena import tournament as arena

    spec = arena.tournament("layout", ["beam", "greedy"], 16, 77)
    rows = {r["player"]: r for r in arena.summary(spec, arena.run(spec))["players"]}
    assert (
        rows["beam"]["win_rate"] > 0.5 and rows["beam"]["mean_score"] > rows["greedy"]["mean_score"]
    )


def test_beam_decides_only_on_what_it_may_see() -> None:
    """Shuffling the pack and the other hand among themselves changes nothing it decides."""
    import random

    from solver.layout.game import deal
    from solver.layout.players import choose

    for seed in range(4):
        state = deal(2, seed)
        hidden = state.pack + state.hands[0]
        random.Random(seed).shuffle(hidden)
        other = deal(2, seed)
        other.hands[0], other.pack = hidden[:4], hidden[4:]
        assert choose(state, 1, random.Random(3)) == choose(other, 1, random.Random(3))


def test_layout_bench_json() -> None:
    solo = CliRunner().invoke(
        cli.main,
        ["layout", "bench", "--players", "greedy,random", "--games", "3", "--solo", "--json"],
    )
    assert solo.exit_code == 0, solo.output
    rows = json.loads(solo.stdout)["players"]
    assert [r["player"] for r in rows] == ["greedy", "random"] and rows[0]["mean_score"] > 0
    match = CliRunner().invoke(
        cli.main, ["layout", "bench", "--players", "greedy,random", "--games", "4", "--json"]
    )
    rates = [r["win_rate"] for r in json.loads(match.stdout)["players"]]
    assert abs(sum(rates) - 1) < 1e-9
    bad = CliRunner().invoke(cli.main, ["layout", "bench", "--players", "greedy"])
    assert bad.exit_code == 1 and "give 2 to 6" in bad.stderr


def test_replay_rejects_malformed_logs() -> None:
    from solver.layout.game import replay

    assert replay([1, 2]).problem.startswith("not a My Word (1980) game log (it has no")  # type: ignore[arg-type]
    short = {"deck_order": [1, 2], "hands": [[1]], "moves": []}
    assert replay(short).problem.startswith("the deck order is not the deck's cards")
    log = json.loads(json.dumps(play_game(["greedy"], seed=1).log))
    log["moves"][0] = "x"
    assert replay(log) == (False, "move 1: not a move", None, True, False)


def test_replay_checks_declared_substitutes_and_resumes_a_game_in_progress() -> None:
    from solver.layout.board import placement
    from solver.layout.game import rebuild, replay
    from solver.wordtools import lexicon

    for seed in range(40):  # a game where someone plays against symbols
        log = json.loads(json.dumps(play_game(["greedy", "greedy"], seed=seed).log))
        symbol_moves = [m for m in log["moves"] if m.get("declared")]
        if symbol_moves:
            break
    assert replay(log)[0]
    move = symbol_moves[0]
    index = log["moves"].index(move)
    in_progress = {k: v for k, v in log.items() if k != "scores"}
    in_progress["moves"] = log["moves"][:index]
    state = rebuild(in_progress)  # the game just before that move, checked
    assert len(state.log["moves"]) == index and replay(in_progress).verdict == "unfinished"
    spot = placement(state.layout, state.deck, state.card(move["card"]), tuple(move["position"]))
    made = next(w for w in spot.words if w.symbols)
    other = next(w for w in lexicon.words(4, "all", "en") if made.fits(w) and w != made.spelled)
    move["declared"] = [other]
    move["words"] = [other if w.symbols and w == made else w.spelled for w in spot.words]
    assert replay(log)[0], replay(log).problem  # any word the symbols can stand for is fine
    move["declared"] = ["zzzz"]
    found = replay(log)
    assert not found.ok and found.problem.startswith(
        f"move {index + 1}: ZZZZ is not a 4-letter word"
    )


def test_another_deck_travels_with_the_log(tmp_path) -> None:
    from solver.layout.deck import derive_deck
    from solver.layout.game import replay

    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps(derive_deck(seed=7)))
    result = CliRunner().invoke(
        cli.main, ["layout", "solo", "--deck", str(deck_file), "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)
    assert log["deck"]["cards"][0] == derive_deck(seed=7)["cards"][0]
    assert replay(log)[0]  # with its own deck, not the default one
    log["deck"]["cards"][0]["right"] = "zz"
    found = replay(log)
    assert not found.ok and "zz" in found.problem
    missing = CliRunner().invoke(cli.main, ["layout", "solo", "--deck", str(tmp_path / "no")])
    assert missing.exit_code == 1 and missing.output.startswith("Error: no such deck file")


def _tiny_deck(ball: bool = True):
    """Six cards, every pair QX, which makes no word with anything; with ``ball``, card 1
    reads BA on its right and card 6 LL on its left (BALL: 1 + 2 points)."""
    from solver.layout.deck import parse_deck

    junk = {"top": "qx", "right": "qx", "bottom": "qx", "left": "qx"}
    cards = [{**junk, "number": n} for n in range(1, 7)]
    if ball:
        cards[0]["right"], cards[5]["left"] = "ba", "ll"
    values = {"begin_values": {"ba": 1, "qx": 1}, "end_values": {"ll": 2, "qx": 1}}
    return parse_deck({"cards": cards, **values}, "tiny")


def test_the_game_goes_on_while_the_card_a_knock_drew_can_be_played() -> None:
    """Solo, nothing in hand fits, the one card in the pack does: the knock that draws it
    ends no game (it did: one knock was a full cycle of a one-card pack)."""
    from solver.layout.game import (
        STUCK,
        deal_order,
        finished,
        knock,
        replay,
        run,
        why_over,
    )

    state = deal_order(1, [2, 3, 4, 5, 1, 6], False, _tiny_deck())  # hand 2-5, centre 1
    assert not legal_plays(state, 0) and not finished(state)  # card 6 is still in the pack
    claimed = {**json.loads(json.dumps(state.log)), "scores": [0]}
    assert replay(claimed) == (
        False,
        "the log gives final scores after move 0, but the game is not over: card 6 in the "
        "pack can be played",
        None,
        True,
        False,
    )
    knock(state, 0, 2)
    assert state.hands == [[3, 4, 5, 6]] and state.pack == [2]
    assert [n for n, _ in legal_plays(state, 0)] == [6] and why_over(state) is None
    run(state, ["greedy"], seed=1)
    assert [m["kind"] for m in state.log["moves"]] == ["knock", "play"]
    assert state.points == [3] and state.hands == [[3, 4, 5, 2]] and why_over(state) == STUCK


def test_the_game_ends_when_no_card_in_a_hand_or_the_pack_can_be_played() -> None:
    """Knocks could go on for ever: with nothing anywhere that fits, the game is over at
    once, pack or no pack; with the pack used up, rule 10 says when."""
    from solver.layout.game import PACK_OUT, STUCK, deal_order, ending, run

    state = deal_order(1, [2, 3, 4, 5, 1, 6], False, _tiny_deck(ball=False))
    assert run(state, ["greedy"], seed=1).log["moves"] == []  # not even one knock
    assert state.pack == [6] and state.log["scores"] == [0]
    assert ending([6], [[1, 2]], lambda cards: False) == STUCK
    assert ending([6], [[1, 2]], lambda cards: 6 in cards) is None  # the pack's card fits
    assert ending([], [[1], []], lambda cards: True) == PACK_OUT  # a hand played out
    assert ending([], [[1], [2]], lambda cards: False) == STUCK  # nobody can play
    assert ending([], [[1], [2]], lambda cards: 2 in cards) is None


def test_the_beam_look_ahead_stops_where_the_game_ends() -> None:
    """Its play-outs ask the game's own rule: once the pack is used up and a hand is
    empty, nobody scores again (they went on playing)."""
    from solver.layout.arrays import deck_arrays, grid_of
    from solver.layout.game import deal_order
    from solver.layout.players import _play_out

    deck = _tiny_deck()
    cells = grid_of(deal_order(1, [2, 3, 4, 5, 1, 6], False, deck).layout, 3).cells
    arrays = deck_arrays(deck)
    assert _play_out(cells.copy(), [[2], [6]], [], 1, 3, True, arrays) == [0, 3]
    assert _play_out(cells.copy(), [[], [6]], [], 1, 3, True, arrays) == [0, 0]
    assert _play_out(cells.copy(), [[], [6]], [], 0, 3, True, arrays) == [0, 0]
    assert _play_out(cells.copy(), [[2], [3]], [6], 0, 3, True, arrays) == [3, 0]  # knock


def test_replay_refuses_a_cut_log_and_reports_a_saved_game_as_unfinished(tmp_path) -> None:
    """A log whose last moves were cut off, its scores summed again, claims an end the
    rules do not reach; a saved game in progress (no final scores) is no discrepancy."""
    runner = CliRunner()
    log = json.loads(json.dumps(play_game(["greedy", "random"], seed=3).log))
    cut = {**log, "moves": log["moves"][:-3]}
    cut["scores"] = [
        sum(m.get("points", 0) for m in cut["moves"] if m["player"] == p) for p in (0, 1)
    ]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut))
    result = runner.invoke(cli.main, ["layout", "replay", str(path)])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert result.output.startswith(
        f"discrepancy: the log gives final scores after move {len(cut['moves'])}, but the game "
        "is not over: player "
    )
    resumed = runner.invoke(cli.main, ["layout", "play", "--resume", str(path)], input="")
    assert resumed.exit_code == 1 and "is not a saved myword game" in resumed.stderr
    signed = tmp_path / "signed.json"  # the same cut log as this install would save it
    savefile.write("layout", cut, {}, False, signed)
    resumed = runner.invoke(cli.main, ["layout", "play", "--resume", str(signed)], input="")
    assert resumed.exit_code == 1 and resumed.stderr.count("\n") == 1  # not "over"
    assert "cannot be resumed: the log gives final scores" in resumed.stderr
    path.write_text(json.dumps(log))
    whole = runner.invoke(cli.main, ["layout", "replay", str(path)])
    assert whole.exit_code == 0 and whole.output.startswith(
        "ok: 46 moves checked; game over, the pack is used up and a player has played all"
    )
    saved = tmp_path / "saved.json"
    runner.invoke(cli.main, ["layout", "play", "--seed", "4", "--save", str(saved)], input="quit\n")
    result = runner.invoke(cli.main, ["layout", "replay", str(saved)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("unfinished: 1 move checked; a game in progress, human to")
    as_json = json.loads(runner.invoke(cli.main, ["layout", "replay", str(saved), "--json"]).stdout)
    assert as_json["ok"] is True and as_json["finished"] is False


def test_replay_and_the_ending_are_data_worded_in_ui() -> None:
    """The engine returns reason codes and the checked game (issue 25, item 1); only
    ``ui/wording.py`` says them, as the command always has."""
    from solver.layout.game import FORFEIT, PACK_OUT, STUCK, replay
    from solver.layout.ui import wording

    log = json.loads(json.dumps(play_game(["greedy", "random"], seed=3).log))
    found = replay(log)
    assert found.ok and found.problem is None and found.finished
    assert found.state.why_over() in (PACK_OUT, STUCK) and found.scores_written
    moves, (greedy, random) = len(log["moves"]), log["scores"]
    said = wording.ENDINGS[found.state.why_over()]
    won = {1: "greedy wins", -1: "random wins", 0: "greedy and random win"}
    assert wording.replay_message(found) == (
        f"{moves} moves checked; game over, {said}; scores greedy: {greedy}, random: {random}; "
        f"{won[(greedy > random) - (greedy < random)]}"
    )
    del log["scores"]
    assert wording.replay_message(replay(log)).endswith(" (the log gives no final scores)")
    log["moves"] = log["moves"][:1]
    assert wording.replay_message(replay(log)) == (
        f"1 move checked; a game in progress, greedy to move; scores so far greedy: 0, "
        f"random: {log['moves'][0].get('points', 0)}"
    )
    del log["players"]  # a log that names no one: its seats counted from 1, as people count
    assert ", player 1 to move; scores so far player 1: 0, player 2: " in wording.replay_message(
        replay(log)
    )
    state = replay(log).state
    state.forfeit(0, "engine:x: the engine exited")
    assert state.why_over() == FORFEIT
    assert wording.why_over(state) == "player 1 forfeited: engine:x: the engine exited"
    state.players = ("engine:x", "random")
    assert wording.why_over(state) == "engine:x forfeited: the engine exited"
    state.players = ("beam", "beam")  # told apart as "beam 1", the reason says "beam: ..."
    state.forfeited = None
    state.forfeit(0, "beam: the engine exited")
    assert wording.why_over(state) == "beam 1 forfeited: the engine exited"
    assert wording.ENDINGS == {
        PACK_OUT: "the pack is used up and a player has played all their cards",
        STUCK: "no card in a hand or in the pack can be played",
    }
