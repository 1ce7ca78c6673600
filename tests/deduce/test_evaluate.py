"""The exact evaluation (``evaluate.py``) against the game loop: walking a strategy's game
tree must give every Gameword the very rows ``play_round`` gives it, bonus and all, so that
the exact figure is the (prior-weighted) mean of playing every word of the pool."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from solver.deduce import default_sheet
from solver.deduce import evaluate as ev
from solver.deduce.candidates import among, deduce, parse_history, prior_weights
from solver.deduce.game import oracle, play_round
from solver.deduce.strategies import DEFAULT_VOCABULARY, STRATEGIES
from solver.wordtools import lexicon

SIX, SEVEN = default_sheet(6), default_sheet(7)


def spread_pool(length: int, size: int) -> lexicon.Pool:
    """``size`` words taken evenly through the familiar tier: look-alikes and strangers,
    so that the tree has lookahead positions (over 24 candidates) and endgame ones."""
    words = lexicon.words(length, "familiar")
    chosen = tuple(words[i] for i in np.linspace(0, len(words) - 1, size).astype(int))
    return lexicon.Pool(chosen, length, "en", "familiar", "test pool")


def played_rounds(
    pool: lexicon.Pool,
    sheet,
    strategy: str,
    prior: str = "familiar",
    vocabulary: str = DEFAULT_VOCABULARY,
):
    return [
        play_round(word, sheet, strategy, pool, prior, vocabulary=vocabulary) for word in pool.words
    ]


def assert_walk_is_the_game_loop(result: ev.Walk, rounds) -> None:
    for index, played in enumerate(rounds):
        word = played.gameword
        assert list(result.scores[index]) == [p.score for p in played.rows], word
        assert (result.rows_to_one[index] or None) == played.rows_to_one, word
    for prior in ("familiar", "uniform"):
        weights = prior_weights(result.setting.pool.words, prior, "en")
        totals = np.array([played.total for played in rounds])
        figure = ev.figure(result, prior)
        assert figure.expected == pytest.approx(weights @ totals / weights.sum(), rel=1e-12)
        bonus = np.array([played.bonus for played in rounds])
        assert figure.bonus_rate == pytest.approx(weights @ bonus / weights.sum(), rel=1e-12)


# the default strategy in the suite; the others (4 s each) in CI's heavy step
@pytest.mark.parametrize(
    "strategy",
    [s if s == "lookahead" else pytest.param(s, marks=pytest.mark.heavy) for s in STRATEGIES],
)
def test_every_word_scores_what_the_game_loop_gives_it(strategy: str) -> None:
    pool = spread_pool(6, 150)  # lookahead at rows 1 and 2, the endgame below
    result = ev.walk(ev.Setting(SIX, strategy, pool))
    assert_walk_is_the_game_loop(result, played_rounds(pool, SIX, strategy))
    assert result.positions > 1


@pytest.mark.parametrize("vocabulary", ["core", "all"])
def test_each_vocabulary_walks_as_the_game_loop_plays(vocabulary: str) -> None:
    """With one candidate left the walk scores the best word of the vocabulary on each row
    (not the oracle's word, which a narrower vocabulary may lack): as the game loop does."""
    pool = spread_pool(6, 80)
    result = ev.walk(ev.Setting(SIX, "lookahead", pool, vocabulary=vocabulary))
    rounds = played_rounds(pool, SIX, "lookahead", vocabulary=vocabulary)
    assert_walk_is_the_game_loop(result, rounds)
    codes = lexicon.encode(pool.words)
    known = ev.oracle_rows(codes, SIX, "en", vocabulary)
    if vocabulary != "all":  # a narrower vocabulary lacks some rows' best word, never the last
        assert (known <= result.oracle).all() and (known < result.oracle).any()
        assert (known[:, -1] == result.oracle[:, -1]).all()
    else:
        assert (known == result.oracle).all()
    assert (result.known == known).all()
    figure = ev.figure(result, "uniform")
    assert figure.vocabulary_oracle == pytest.approx(known.sum(axis=1).mean())
    assert figure.vocabulary_ratio == pytest.approx(figure.expected / figure.vocabulary_oracle)
    assert figure.ratio <= figure.vocabulary_ratio <= 1  # its own ceiling is the lower one
    # row by row: no row scores more than knowing the word, so the bound only falls
    assert figure.ceiling_row_points == pytest.approx(tuple(known.mean(axis=0)))
    assert figure.bounds[-1] == pytest.approx(figure.vocabulary_ratio)
    assert all(a >= b - 1e-12 for a, b in zip(figure.bounds[:-1], figure.bounds[1:], strict=True))
    assert figure.bounds[0] < 1  # the first row is played without knowing the word


def test_seven_letters_with_the_bot_weighing_candidates_alike() -> None:
    pool = spread_pool(7, 120)
    result = ev.walk(ev.Setting(SEVEN, "lookahead", pool, prior="uniform"))
    assert_walk_is_the_game_loop(result, played_rounds(pool, SEVEN, "lookahead", "uniform"))


def test_the_oracle_is_the_game_loops() -> None:
    pool = spread_pool(6, 8)
    result = ev.walk(ev.Setting(SIX, "points", pool))
    for index, word in enumerate(pool.words):
        assert result.oracle[index].sum() == oracle(word, SIX)
    figure = ev.figure(result, "uniform")
    assert figure.oracle == pytest.approx(np.mean([oracle(w, SIX) for w in pool.words]))
    assert figure.ratio == pytest.approx(figure.expected / figure.oracle)


@pytest.mark.parametrize("size", [1, 2])
def test_tiny_pools(size: int) -> None:
    """One candidate from the start (rows to one: 1) and two look-alikes."""
    words = ("ballet", "mallet")[:size]
    pool = lexicon.Pool(words, 6, "en", "all", "test pool")
    result = ev.walk(ev.Setting(SIX, "lookahead", pool))
    assert_walk_is_the_game_loop(result, played_rounds(pool, SIX, "lookahead"))


def test_workers_walk_the_same_tree() -> None:
    pool = spread_pool(6, 40)
    setting = ev.Setting(SIX, "points", pool)
    alone, shared = ev.walk(setting), ev.walk(setting, workers=2)
    assert np.array_equal(alone.scores, shared.scores)
    assert np.array_equal(alone.rows_to_one, shared.rows_to_one)
    assert alone.positions == shared.positions


def test_progress_counts_every_word_once() -> None:
    pool = spread_pool(6, 30)
    told: list[int] = []
    ev.walk(ev.Setting(SIX, "entropy", pool), progress=told.append)
    assert sum(told) == len(pool.words)


def test_a_position_is_what_deduce_gives_for_its_history() -> None:
    pool = lexicon.pool(6)
    history = parse_history("SO 0, DEN 1250, EBB 1000")
    expected = deduce(history, SIX, pool)
    members = np.flatnonzero(np.isin(np.array(pool.words), expected.words))
    built = among(pool, members)
    assert built.words == expected.words
    assert built.probabilities.tobytes() == expected.probabilities.tobytes()
    assert built.weights.tobytes() == expected.weights.tobytes()
    assert np.array_equal(built.codes, expected.codes)


def run(*args: str):
    return CliRunner().invoke(cli.main, list(args))


@pytest.fixture
def word_list(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(spread_pool(6, 30).words) + "\n", "utf-8")
    return str(path)


def test_the_command_reports_the_walk(word_list: str) -> None:
    result = run(
        "deduce", "evaluate", "--strategy", "points", "--from-list", word_list,
        "--opponent", "both", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["words"] == 30 and document["strategy"] == "points"
    assert [f["opponent"] for f in document["figures"]] == ["familiar", "uniform"]
    assert document["vocabulary"] == DEFAULT_VOCABULARY and document["prior"] == "familiar"
    pool = lexicon.pool(6, from_list=word_list)
    walked = ev.walk(ev.Setting(SIX, "points", pool, vocabulary=DEFAULT_VOCABULARY))
    assert document["figures"][1]["expected"] == pytest.approx(walked.scores.sum(1).mean())
    assert 0 < document["figures"][0]["ratio"] <= 1
    table = run("deduce", "evaluate", "--strategy", "points", "--from-list", word_list)
    assert table.exit_code == 0 and "familiar" in table.stdout and "ratio" in table.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--length", "6", "--sheet", "7"], "give --length or --sheet, not both"),
        (["--from-list", "no/such.txt"], "no such file"),
        (["--from-list", "EMPTY"], "the pool is empty"),
        (["--workers", "0"], "0 is not in the range"),
        (["--prior", "zipf"], "'zipf' is not one of"),
        (["--opponent", "zipf"], "'zipf' is not one of"),
        (["--vocabulary", "easy"], "'easy' is not one of"),
        (["--strategy", "random"], "'random' is not one of"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str, tmp_path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# no words\n", "utf-8")
    result = run("deduce", "evaluate", *[str(empty) if a == "EMPTY" else a for a in args])
    assert result.exit_code in (1, 2)
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("sheet", [SIX, SEVEN], ids=["6", "7"])
def test_the_default_strategy_is_the_strongest_exactly(sheet) -> None:
    """Strategy changes are judged by the exact figure: on words spread through the familiar
    tier, the default lookahead scores more than points and entropy, Gamewords drawn alike
    (a sample of the pool; docs/performance.md's figures walk all of it)."""
    pool = spread_pool(sheet.word_length, 150)
    ratios = {
        strategy: ev.figure(ev.walk(ev.Setting(sheet, strategy, pool)), "uniform").ratio
        for strategy in STRATEGIES
    }
    assert ratios["lookahead"] > max(ratios["points"], ratios["entropy"]), ratios
