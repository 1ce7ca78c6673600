"""MY WORD! on the virtual clock: whole games between the built-in levels, as a bench
plays them (issue 27 made each look rank every claimable word of the bot's vocabulary
and draw a time for each, rather than take the best claim and wait).

    pytest bench/test_race_game_bench.py --benchmark-only

The same file runs against an older tree (``cd OLD && python -m pytest
/path/to/bench/test_race_game_bench.py --benchmark-only``): it names levels both have.
"""

from solver.race.bots import parse_players
from solver.race.game import play_game
from solver.race.index import load_kernel


def games(players: str, seeds: range) -> int:
    return sum(sum(play_game(parse_players(players), seed).totals) for seed in seeds)


def test_three_levels_five_games(benchmark) -> None:
    """hard, medium and easy, seeds 2030-2034: what ``race bench`` plays by default."""
    load_kernel()
    games("hard,medium,easy", range(1))  # word tables loaded before timing
    cards = benchmark.pedantic(
        games, ("hard,medium,easy", range(2030, 2035)), rounds=3, iterations=1
    )
    assert cards > 5 * 100


def test_two_levels_five_games(benchmark) -> None:
    """medium against easy, seeds 2030-2034: two players, as the calibration plays."""
    load_kernel()
    games("medium,easy", range(1))
    cards = benchmark.pedantic(games, ("medium,easy", range(2030, 2035)), rounds=3, iterations=1)
    assert cards > 5 * 60
