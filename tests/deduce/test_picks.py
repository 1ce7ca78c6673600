"""The bot's hidden words: measured hardness, difficulty pools, seeded picks, matches."""

import statistics
from pathlib import Path

import pytest

from solver.arena import tournament as arena
from solver.deduce import default_sheet
from solver.deduce.game import oracle, play_round
from solver.deduce.match import game_seed, play_game
from solver.deduce.opening import settings
from solver.deduce.picks import DIFFICULTIES, candidates_for, hardness, never_picked, pick
from solver.wordtools import lexicon


@pytest.mark.parametrize("length", [6, 7])
def test_the_table_covers_the_familiar_pool(length: int) -> None:
    table = hardness(length)
    assert [h.word for h in table] == list(lexicon.words(length, "familiar"))
    assert all(0 < h.score <= h.oracle for h in table)


@pytest.mark.parametrize(
    ("length", "words"), [(6, ["ballet", "eighth", "starts"]), (7, ["kitchen"])]
)
def test_the_table_is_what_the_solver_scores_today(length: int, words: list[str]) -> None:
    """Rebuild with python -m solver.deduce.picks when this fails after a strategy change."""
    import json
    from importlib import resources

    table_file = resources.files("solver.deduce").joinpath(f"data/hardness-{length}.tsv")
    assert json.dumps(settings()) in table_file.read_text().splitlines()[0]
    sheet = default_sheet(length)
    table = {h.word: h for h in hardness(length)}
    for word in words:
        assert table[word].score == play_round(word, sheet, vocabulary="all").total
        assert table[word].oracle == oracle(word, sheet)


@pytest.mark.parametrize("length", [6, 7])
def test_hard_words_cost_the_solver_at_least_ten_percent(length: int) -> None:
    scores = {h.word: h.score for h in hardness(length)}
    everyone = statistics.fmean(scores.values())
    hard = statistics.fmean(scores[w] for w in candidates_for(length, "hard"))
    assert hard <= 0.9 * everyone


def test_difficulty_pools() -> None:
    hard, medium, easy = (set(candidates_for(6, d)) for d in ("hard", "medium", "easy"))
    assert hard and medium and easy and not hard & medium and not hard & easy
    assert easy <= set(lexicon.words(6, "easy"))
    assert "starts" not in hard and "eighth" not in easy  # the rulebook's examples


def test_picks_are_seeded_familiar_words() -> None:
    for difficulty in DIFFICULTIES:
        word = pick(6, difficulty, seed=9)
        assert word == pick(6, difficulty, seed=9)
        assert word in lexicon.words(6, "familiar")
    assert len({pick(7, "hard", seed=s) for s in range(20)}) > 5


# Proper names, folded as the game plays them: people and places that only a name list
# holds, and the names whose frequencies issue 24 found in the Spanish tiers.
PROPER_NAMES = {
    "en": "london paris europe texas john mary james george robert thomas smith jesus"
    " christ england america canada mexico",
    "es": "londres paul alan carter marion robin colin dean jordan anton rene cia espana"
    " carlos david jesus lopez garcia maria juan pedro santiago mexico europa america"
    " barcelona madrid zara nora mariana carla pamela",
}


def proper_names(lang: str) -> set[str]:
    """The names above, and for Spanish the names dictionaries/curated/es-names.txt keeps out."""
    names = set(PROPER_NAMES[lang].split())
    if lang == "es":
        curated = Path(__file__).resolve().parents[2] / "dictionaries" / "curated"
        entries = (curated / "es-names.txt").read_text("utf-8").splitlines()
        spanish = lexicon.language("es")
        names |= {spanish.normalize(e) for e in entries if e and not e.startswith("#")}
    return names


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.heavy), "es"])
def test_no_difficulty_ever_hides_a_proper_name(lang: str) -> None:
    """Issue 24: the bot hid LONDRES and MARION. Every word any seed can draw, and the
    draws of 300 seeds, at every length and difficulty."""
    names = proper_names(lang)
    assert len(names) > (100 if lang == "es" else 10)
    for length in (6, 7):
        for difficulty in DIFFICULTIES:
            pool = set(candidates_for(length, difficulty, lang))
            assert not pool & names, (length, difficulty)
            drawn = {pick(length, difficulty, seed, lang) for seed in range(300)}
            assert drawn <= pool


def test_the_issues_seeds_now_hide_words() -> None:
    assert pick(7, "easy", 170, "es") not in proper_names("es")  # was LONDRES
    assert pick(6, "medium", 141, "es") not in proper_names("es")  # was MARION


def test_a_short_match_is_reproducible() -> None:
    spec = arena.tournament("deduce-match", ["lookahead", "entropy"], 2, 4)
    first = arena.run(spec)
    timeless = lambda records: [  # noqa: E731  # the seconds spent differ, the rest never
        [{k: v for k, v in r.items() if k != "seconds"} for r in record["results"]]
        for record in records
    ]
    assert timeless(first) == timeless(arena.run(spec))
    assert sum(r["win"] for record in first for r in record["results"]) == 2
    game = play_game("lookahead", "entropy", game_seed(4, 0))
    assert game["purple"] == sum(r["purple"] for r in game["rounds"])
    assert [r["length"] for r in game["rounds"]] == [6, 7]
    assert first[0]["results"][0]["score"] == game["purple"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_demo_never_shows_a_word_a_bot_hides(lang):
    """The demo plays on a fixed seed: a newcomer's first game must not hide a word it
    showed (issue 14), so the demo's words come from those no difficulty picks."""
    from solver.deduce.register import deduce_match, deduce_round
    from solver.ui import games
    from solver.ui.showcase import dictionary_tour

    games.load()  # the demo's words are those the registered games allow

    hidden = set()
    for length in (6, 7):
        for difficulty in ("easy", "medium", "hard"):
            hidden |= set(candidates_for(length, difficulty, lang))
        assert never_picked(length, lang)
        assert hidden.isdisjoint(never_picked(length, lang))
    shown = {deduce_round(None, lang)["gameword"]}
    for each in deduce_match(None, lang)["rounds"]:
        shown |= {each["purple_word"], each["red_word"]}
    for sample in dictionary_tour(None, lang)["familiar_samples"].values():
        shown |= set(sample)
    assert len(shown) > 10
    assert hidden.isdisjoint(shown)
