"""The race on a virtual clock: rules of a round, seeded games, bots and the bench."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver.race.bots import LEVELS, parse_bot, parse_players
from solver.race.claims import best_spelling
from solver.race.deck import builtin_deck
from solver.race.game import play_game
from solver.runtime.errors import UserError


def test_a_game_has_one_round_per_player_each_dealing() -> None:
    result = play_game(parse_players("hard,medium,easy"), seed=4)
    assert [r.dealer for r in result.rounds] == [0, 1, 2]
    assert result.totals == [sum(r.won[p] for r in result.rounds) for p in range(3)]


def test_same_seed_same_game() -> None:
    players = parse_players("hard,easy")
    assert play_game(players, seed=9).to_json() == play_game(players, seed=9).to_json()
    assert play_game(players, seed=9).to_json() != play_game(players, seed=10).to_json()


def test_every_card_is_won_left_or_unscored_and_claims_follow_the_rules() -> None:
    deck = builtin_deck("en")
    players = parse_players("hard,medium:first,easy")
    log = play_game(players, 3, deck).rounds[0]
    assert sum(log.won) + log.left_on_table <= len(deck)
    for claim in log.claims:
        if claim.valid:
            assert len(claim.cards) >= 3
            assert best_spelling(list(claim.cards), claim.word).ok
    times = [c.time for c in log.claims]
    assert times == sorted(times)


def test_wrong_calls_give_every_other_player_a_card() -> None:
    """A bot that always misreads calls words the table cannot spell: each is a wrong
    call, and the other player takes a free card for it."""
    sloppy = parse_bot("easy")
    always_wrong = sloppy.__class__("sloppy", "easy", 0.1, 0.0, 1.0)
    log = play_game([always_wrong, parse_bot("hard")], 1).rounds[0]
    wrong = [c for c in log.claims if not c.valid]
    assert wrong and all(c.player == 0 for c in wrong)
    assert log.won[0] == sum(len(c.cards) for c in log.claims if c.valid and c.player == 0)
    assert log.won[1] >= len(wrong)


def test_hard_bots_beat_easy_ones_by_far() -> None:
    totals = [0, 0]
    for seed in range(5):
        result = play_game(parse_players("hard,easy"), seed=seed)
        totals = [a + b for a, b in zip(totals, result.totals, strict=True)]
    assert totals[0] > 2 * totals[1]


def test_bot_specs() -> None:
    assert parse_bot("hard").policy == "most" and parse_bot("easy:wait").policy == "wait"
    assert parse_bot("medium:first").tier == LEVELS["medium"].tier
    with pytest.raises(UserError, match="unknown bot level"):
        parse_bot("expert")
    with pytest.raises(UserError, match="unknown claim policy"):
        parse_bot("hard:greedy")
    with pytest.raises(UserError, match="2 to 6 players"):
        parse_players("hard")


def test_kids_deck_game() -> None:
    result = play_game(parse_players("hard,medium"), seed=2, deck=builtin_deck("kids"))
    assert sum(result.totals) > 0


def test_race_bench_json() -> None:
    result = CliRunner().invoke(
        cli.main,
        ["race", "bench", "--players", "hard,easy", "--games", "2", "--seed", "5", "--json"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [s["player"] for s in document["players"]] == ["hard", "easy"]
    assert sum(s["wins"] for s in document["players"]) == 2
    assert len(document["players"][0]["breakdown"]) == 2  # two rounds
    kids = CliRunner().invoke(
        cli.main,
        ["race", "bench", "--players", "hard,easy", "--games", "1", "--deck", "kids", "--json"],
    )
    assert json.loads(kids.stdout)["options"]["deck"] == "kids"
    bad = CliRunner().invoke(cli.main, ["race", "bench", "--players", "hard,wizard"])
    assert bad.exit_code == 1 and "unknown bot 'wizard' (choose from beginner" in bad.stderr
    for skill in ("5", "-1", "9.5:wait"):  # a skill out of range, said as one (a newcomer)
        high = CliRunner().invoke(cli.main, ["race", "bench", "--players", f"hard,{skill}"])
        level = skill.partition(":")[0]
        assert high.exit_code == 1, high.output
        assert f"a skill is a number from 0 to 4, not {level} (or name one: beginner" in (
            high.stderr
        )
