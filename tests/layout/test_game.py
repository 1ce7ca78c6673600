"""The My Word (1980) game: deal, turns, knocks, the end, the log."""

import json

from click.testing import CliRunner

import cli
from solver.layout.game import deal, hand_size, legal_plays, play_game


def test_hand_sizes_and_the_deal() -> None:
    assert hand_size(1) == hand_size(2) == hand_size(3) == 4 and hand_size(4) == 3
    state = deal(4, seed=1)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.pack) == 48 - 12 - 1 and len(state.layout.stacks) == 1


def test_a_solo_game_ends_and_its_log_adds_up() -> None:
    state = play_game(["greedy"], seed=5)
    moves = state.log["moves"]
    assert state.scores[0] == sum(m.get("points", 0) for m in moves)
    assert not state.pack and (not state.hands[0] or not legal_plays(state, 0))
    assert state.log["deck_order"] and state.log["scores"] == state.scores


def test_same_seed_same_game() -> None:
    assert (
        play_game(["greedy", "random"], seed=7).log == play_game(["greedy", "random"], seed=7).log
    )


def test_greedy_beats_random_in_solo() -> None:
    greedy = sum(play_game(["greedy"], seed=s).scores[0] for s in range(5))
    baseline = sum(play_game(["random"], seed=s).scores[0] for s in range(5))
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
    ok, message = replay(bad)
    assert not ok and message.startswith("move 6:")
    moved = json.loads(json.dumps(log))
    moved["moves"][2]["position"] = [40, 40]
    assert replay(moved)[1].startswith("move 3: card")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(bad))
    result = CliRunner().invoke(cli.main, ["layout", "replay", str(path)])
    assert result.exit_code == 1 and result.output.startswith("discrepancy: move 6:")
    path.write_text(json.dumps(log))
    assert CliRunner().invoke(cli.main, ["layout", "replay", str(path)]).output.startswith("ok: ")
    missing = CliRunner().invoke(cli.main, ["layout", "replay", str(tmp_path / "none.json")])
    assert missing.exit_code == 1 and "no such log" in missing.stderr


def test_beam_beats_greedy_in_solo_and_its_logs_replay() -> None:
    from solver.layout.game import replay

    beam = [play_game(["beam"], seed=s) for s in range(12)]
    greedy = [play_game(["greedy"], seed=s).scores[0] for s in range(12)]
    assert sum(g.scores[0] for g in beam) > sum(greedy)
    assert sum(b.scores[0] > g for b, g in zip(beam, greedy, strict=True)) >= 8  # 10 of 12
    assert all(replay(json.loads(json.dumps(g.log)))[0] for g in beam[:3])


def test_beam_wins_head_to_head_against_greedy() -> None:
    from solver import arena

    spec = arena.tournament("layout", ["beam", "greedy"], 16, 77)
    rows = {r["player"]: r for r in arena.summary(spec, arena.run(spec))["players"]}
    assert (
        rows["beam"]["win_rate"] > 0.5 and rows["beam"]["mean_score"] > rows["greedy"]["mean_score"]
    )


def test_beam_decides_only_on_what_it_may_see() -> None:
    """Shuffling the pack and the other hand among themselves changes nothing it decides."""
    import random

    from solver.layout.game import deal
    from solver.layout.players import beam_player

    for seed in range(4):
        state = deal(2, seed)
        hidden = state.pack + state.hands[0]
        random.Random(seed).shuffle(hidden)
        other = deal(2, seed)
        other.hands[0], other.pack = hidden[:4], hidden[4:]
        assert beam_player(state, 1, random.Random(3)) == beam_player(other, 1, random.Random(3))


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

    assert replay([1, 2])[1].startswith("not a My Word game log")  # type: ignore[arg-type]
    short = {"deck_order": [1, 2], "hands": [[1]], "moves": []}
    assert replay(short)[1].startswith("the deck order is not the deck's cards")
    log = json.loads(json.dumps(play_game(["greedy"], seed=1).log))
    log["moves"][0] = "x"
    assert replay(log) == (False, "move 1: not a move")


def test_replay_checks_declared_substitutes_and_resumes_a_game_in_progress() -> None:
    from solver import lexicon
    from solver.layout.board import placement
    from solver.layout.game import rebuild, replay

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
    assert len(state.log["moves"]) == index and not replay(in_progress)[0]
    spot = placement(state.layout, state.deck, state.card(move["card"]), tuple(move["position"]))
    made = next(w for w in spot.words if w.symbols)
    other = next(w for w in lexicon.words(4, "all", "en") if made.fits(w) and w != made.spelled)
    move["declared"] = [other]
    move["words"] = [other if w.symbols and w == made else w.spelled for w in spot.words]
    assert replay(log)[0], replay(log)[1]  # any word the symbols can stand for is fine
    move["declared"] = ["zzzz"]
    ok, message = replay(log)
    assert not ok and message.startswith(f"move {index + 1}: ZZZZ is not a 4-letter word")


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
    ok, message = replay(log)
    assert not ok and "zz" in message
    missing = CliRunner().invoke(cli.main, ["layout", "solo", "--deck", str(tmp_path / "no")])
    assert missing.exit_code == 1 and missing.output.startswith("Error: no such deck file")
