"""The tournament runner: the same seeds give the same games wherever they are played."""

import csv
import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import tournament as arena
from solver.runtime.errors import UserError

LIKELIEST = Path(__file__).resolve().parents[2] / "examples" / "deduce_likeliest.py"
JS_ENGINE = Path(__file__).resolve().parents[2] / "examples" / "engine" / "engine.js"
SPECS = [
    arena.tournament("layout", ["beam", "greedy"], 6, 11),
    arena.tournament("layout", ["greedy", "random"], 3, 11, solo=True),
    arena.tournament("race", ["hard", "medium"], 3, 11),
    arena.tournament("deduce", ["points", "entropy"], 2, 11, length=6),
    # a strategy of one's own, by its file: each worker process (and Dask worker) loads it
    arena.tournament("deduce", [f"{LIKELIEST}:guess", "points"], 2, 11, length=6),
]
if shutil.which("node"):  # an engine in another language: each worker starts its own
    SPECS += [
        arena.tournament("layout", ["greedy", f"engine:node {JS_ENGINE}"], 3, 11),
        arena.tournament("race", ["medium", f"engine:node {JS_ENGINE}"], 2, 11),
    ]


def without_timings(records):
    return [
        {**r, "results": [{k: v for k, v in x.items() if k != "seconds"} for x in r["results"]]}
        for r in records
    ]


@pytest.fixture(scope="module")
def serial():
    return [without_timings(arena.run(spec)) for spec in SPECS]


def test_records_are_in_game_order_with_one_result_per_entry(serial) -> None:
    for spec, records in zip(SPECS, serial, strict=True):
        assert [r["game"] for r in records] == list(range(spec.games))
        assert [r["seed"] for r in records] == [spec.seed + g for g in range(spec.games)]
        for record in records:
            assert sorted(x["entry"] for x in record["results"]) == list(range(len(spec.entries)))
            assert not any(x.get("forfeit") for x in record["results"])  # engines played


@pytest.mark.heavy  # 13 s of worker start-ups: CI's heavy step, beside the Dask cluster's
def test_local_processes_give_the_same_games(serial) -> None:
    assert [without_timings(arena.run(spec, workers=2)) for spec in SPECS] == serial


@pytest.mark.heavy  # a cluster's start-up: CI's second step (local processes check the same)
def test_a_dask_cluster_gives_the_same_games(serial) -> None:
    """A LocalCluster on loopback, two worker processes: what --scheduler ADDRESS runs on."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        found = [
            without_timings(arena.run(spec, scheduler=cluster.scheduler_address)) for spec in SPECS
        ]
    assert found == serial


def test_an_unreachable_scheduler_is_a_one_line_error(monkeypatch) -> None:
    from solver.arena import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    with pytest.raises(UserError, match="cannot reach the Dask scheduler"):
        arena.run(SPECS[0], scheduler="tcp://127.0.0.1:9")
    with pytest.raises(UserError, match="missing port"):
        arena.run(SPECS[0], scheduler="notanaddress")


def test_summary_means_and_intervals() -> None:
    spec = arena.tournament("layout", ["beam", "greedy"], 4, 1)
    scores = [[10, 20], [30, 20], [20, 20], [40, 10]]
    records = [
        {
            "game": g,
            "seed": 1 + g,
            "results": [
                {
                    "entry": e,
                    "player": spec.entries[e],
                    "score": s[e],
                    "win": (1.0 if s[e] > s[1 - e] else 0.5 if s[e] == s[1 - e] else 0.0),
                    "moves": 2,
                    "seconds": 0.5,
                    "breakdown": [s[e] / 2, s[e] / 2],
                }
                for e in (0, 1)
            ],
        }
        for g, s in enumerate(scores)
    ]
    beam, greedy = arena.summary(spec, records)["players"]
    assert beam["mean_score"] == 25 and greedy["mean_score"] == 17.5
    sd = math.sqrt(sum((x - 25) ** 2 for x in (10, 30, 20, 40)) / 3)
    assert beam["score_ci95"] == pytest.approx(3.182446 * sd / 2)  # t(0.975, 3)
    assert beam["win_rate"] == 0.625 and beam["wins"] + greedy["wins"] == 4
    low, high = arena.wilson(2.5, 4)
    assert (beam["win_rate_low"], beam["win_rate_high"]) == (low, high)
    assert beam["win_rate_ci95"] == pytest.approx(max(0.625 - low, high - 0.625))
    assert beam["seconds_per_move"] == 0.25
    assert beam["breakdown"][0]["mean"] == 12.5
    assert beam["breakdown"][0]["ci95"] == pytest.approx(3.182446 * sd / 4)


def records_of(spec, wins: list[int]) -> list[dict]:
    """Records of two-player games: ``wins[g]`` is the entry that won game g."""
    return [
        {
            "game": g,
            "seed": spec.seed + g,
            "results": [
                {"entry": e, "score": 1, "win": float(e == winner), "moves": 1, "breakdown": []}
                for e in (0, 1)
            ],
        }
        for g, winner in enumerate(wins)
    ]


@pytest.mark.parametrize("games", [1, 3, 20, 500])
def test_all_or_no_wins_still_have_an_interval(games: int) -> None:
    """The normal approximation gave 100% +- 0.0% and 0% +- 0.0%: certainty from a few
    games. Wilson's interval stays inside [0, 1] and is wider the fewer the games."""
    spec = arena.tournament("layout", ["beam", "greedy"], games, 1)
    always, never = arena.summary(spec, records_of(spec, [0] * games))["players"]
    assert always["win_rate"] == 1.0 and never["win_rate"] == 0.0
    assert always["win_rate_ci95"] > 0.0 and never["win_rate_ci95"] > 0.0
    assert always["win_rate_high"] == 1.0 and never["win_rate_low"] == 0.0
    expected = 1.96**2 / (games + 1.96**2)  # Wilson's bound at 0 of n: z^2 / (n + z^2)
    assert never["win_rate_high"] == pytest.approx(expected, rel=1e-4)
    assert always["win_rate_low"] == pytest.approx(1 - expected, rel=1e-4)
    for row in (always, never):
        assert 0.0 <= row["win_rate_low"] < row["win_rate_high"] <= 1.0
        assert row["win_rate_ci95"] == pytest.approx(row["win_rate_high"] - row["win_rate_low"])


def test_the_table_shows_a_win_rates_bounds_never_plus_or_minus_nothing() -> None:
    from rich.console import Console

    from solver.ui import render

    spec = arena.tournament("layout", ["beam", "greedy"], 20, 1)
    summary = arena.summary(spec, records_of(spec, [0] * 20))
    console = Console(width=150, record=True)
    console.print(render.tournament_table(summary, title="test"))
    text = console.export_text()
    assert "100.0% (83.9%-100.0%)" in text and "0.0% (0.0%-16.1%)" in text
    assert "± 0.0%" not in text
    one = arena.summary(arena.tournament("layout", ["beam", "greedy"], 1, 1), records_of(spec, [0]))
    console.print(render.tournament_table(one, title="one"))
    assert "(one game: no interval)" in console.export_text()


def test_wilson_matches_newcombes_table() -> None:
    """Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson)."""
    for (wins, games), (low, high) in {
        (81, 263): (0.2553, 0.3662),
        (15, 148): (0.0624, 0.1605),
        (0, 20): (0.0, 0.1611),
        (1, 29): (0.0061, 0.1718),
    }.items():
        assert arena.wilson(wins, games) == pytest.approx((low, high), abs=5e-5)
    assert arena.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("p", "df", "table"),
    [
        (0.975, 1, 12.706),
        (0.975, 2, 4.303),
        (0.975, 3, 3.182),
        (0.975, 5, 2.571),
        (0.975, 10, 2.228),
        (0.975, 30, 2.042),
        (0.975, 100, 1.984),
        (0.975, 1000, 1.962),
        (0.975, 10**6, 1.960),
        (0.995, 10, 3.169),
        (0.95, 3, 2.353),
        (0.9, 20, 1.325),
        (0.025, 5, -2.571),
    ],
)
def test_t_quantiles_match_the_printed_tables(p: float, df: int, table: float) -> None:
    assert arena.t_quantile(p, df) == pytest.approx(table, abs=5e-4)


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
def test_t_quantiles_match_the_closed_forms_and_the_normal_limit() -> None:
    """df 1 (Cauchy) and 2 have exact quantiles; as df grows t tends to the normal's."""
    for p in (0.6, 0.9, 0.975, 0.999):
        assert arena.t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-12)
        exact = (2 * p - 1) / math.sqrt(2 * p * (1 - p))
        assert arena.t_quantile(p, 2) == pytest.approx(exact, rel=1e-12)
    assert arena.t_quantile(0.975, 10**8) == pytest.approx(1.959963984540054, rel=1e-7)
    assert arena.t_quantile(0.5, 7) == 0.0
    quantiles = [arena.t_quantile(0.975, df) for df in range(1, 2000)]
    assert quantiles == sorted(quantiles, reverse=True)  # no step where the methods meet
    with pytest.raises(ValueError):
        arena.t_quantile(0.975, 0)


def test_a_three_game_mean_uses_t() -> None:
    """Three games: t(0.975, 2) = 4.303, not z = 1.96 (an interval 2.2 times too narrow)."""
    moments = arena.Moments()
    for value in (1.0, 2.0, 3.0):
        moments.add(value)
    assert moments.mean == 2.0
    assert moments.ci95 == pytest.approx(4.302653 * 1.0 / math.sqrt(3))


def test_bench_writes_csv_and_plots(tmp_path) -> None:
    result = CliRunner().invoke(
        cli.main,
        [
            "layout", "bench", "--players", "greedy,random", "--games", "4", "--workers", "2",
            "--csv", str(tmp_path / "games.csv"), "--plot", str(tmp_path / "plots"), "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    with (tmp_path / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 8 and {r["player"] for r in rows} == {"greedy", "random"}
    greedy = [float(r["score"]) for r in rows if r["player"] == "greedy"]
    assert sum(greedy) / 4 == pytest.approx(summary["players"][0]["mean_score"])
    for name in ("scores.png", "breakdown.png"):
        png = (tmp_path / "plots" / name).read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert summary["plots"] == [
        str(tmp_path / "plots" / n) for n in ("scores.png", "breakdown.png")
    ]


def test_chunks_are_passed_on_in_game_order_whatever_order_they_finish() -> None:
    finished = [
        [{"game": 4}, {"game": 5}],
        [{"game": 0}],
        [{"game": 2}, {"game": 3}],
        [{"game": 1}],
    ]
    counted = []
    ordered = list(arena._in_game_order(iter(finished), counted.append))
    assert [r["game"] for chunk in ordered for r in chunk] == list(range(6))
    assert counted == [2, 1, 2, 1]  # progress as they finish


def test_running_totals_match_the_textbook() -> None:
    import random
    import statistics

    rng = random.Random(3)
    values = [rng.gauss(400, 50) for _ in range(1000)]
    moments = arena.Moments()
    for v in values:
        moments.add(v)
    assert moments.mean == pytest.approx(statistics.fmean(values))
    t999 = 1.962341  # t(0.975, 999)
    assert moments.ci95 == pytest.approx(t999 * statistics.stdev(values) / math.sqrt(1000))


def test_streaming_play_gives_the_summary_of_the_kept_records(tmp_path) -> None:
    spec = arena.tournament("deduce", ["points", "entropy"], 6, 21, length=6)
    seen = []
    outcome = arena.play(spec, workers=2, on_records=seen.extend)
    assert [r["game"] for r in seen] == list(range(6))
    kept = arena.run(spec)
    expected = arena.summary(spec, kept)
    for row in [*expected["players"], *outcome.summary["players"]]:
        del row["seconds_per_move"]
    assert outcome.summary == expected
    assert [list(s) for s in outcome.scores] == [
        [r["results"][e]["score"] for r in kept] for e in (0, 1)
    ]
    assert expected["players"][0]["worst"][0] in {
        r["results"][0]["extra"]["gameword"] for r in kept
    }


def test_a_tournament_needs_entries() -> None:
    result = CliRunner().invoke(cli.main, ["deduce", "bench", "--strategy", ",", "--games", "1"])
    assert result.exit_code == 1 and "at least one" in result.stderr


def test_unwritable_outputs_are_one_line_errors(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    base = ["layout", "bench", "--players", "greedy,random", "--games", "1"]
    csv_error = CliRunner().invoke(cli.main, [*base, "--csv", str(blocker / "g.csv")])
    assert csv_error.exit_code == 1 and csv_error.stderr.startswith("Error: cannot write the CSV")
    plot_error = CliRunner().invoke(cli.main, [*base, "--plot", str(blocker / "plots")])
    assert plot_error.exit_code == 1 and "cannot write plots" in plot_error.stderr


def test_plots_without_matplotlib_name_the_extra_before_any_game(monkeypatch, tmp_path) -> None:
    """matplotlib is the optional `plot` extra: asked for plots without it, a one-line error
    before the tournament runs, naming what to install."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    monkeypatch.setattr(arena, "play", lambda *a, **k: pytest.fail("the games ran first"))
    base = ["layout", "bench", "--players", "greedy,random", "--games", "1"]
    result = CliRunner().invoke(cli.main, [*base, "--plot", str(tmp_path / "plots")])
    assert result.exit_code == 1
    assert result.stderr == "Error: --plot needs matplotlib: pip install 'myword-games[plot]'\n"


@pytest.mark.parametrize(
    ("folder", "why"),
    [("/proc/self", "No such file or directory"), ("/dev/null", "it is not a folder")],
)
def test_a_plot_folder_that_takes_no_file_is_said_before_any_game(
    monkeypatch, folder: str, why: str
) -> None:
    """A folder that exists but takes no file (``/proc/self``) was a FileNotFoundError
    traceback from matplotlib once every game was played, the summary lost with it."""
    pytest.importorskip("matplotlib")
    if not Path(folder).exists():
        pytest.skip(f"no {folder} here")
    monkeypatch.setattr(arena, "play", lambda *a, **k: pytest.fail("the games ran first"))
    base = ["layout", "bench", "--players", "greedy,random", "--games", "1"]
    result = CliRunner().invoke(cli.main, [*base, "--plot", folder])
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot write plots into {folder}: {why}\n"
