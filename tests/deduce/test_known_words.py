"""What's My Word?'s bots and advice guess words a person knows (issue 27, item 6).

The measure is the familiar tier (tests/shared/test_known_words.py); here: every default
vocabulary is it, and the bot's and the advice's choices on sample positions keep to it,
where before HES came from the hard bot, FER and NON from the advice (then guessing from
``core``), and BEDHEAD from the last row's alternatives.
"""

import random

import pytest

from solver.deduce import candidates as cand
from solver.deduce import default_sheet, score
from solver.deduce.advisor import advise
from solver.deduce.assist import Settings
from solver.deduce.bots import LEVELS, BotLevel, bot_guess
from solver.deduce.evaluate import Setting
from solver.deduce.players import GuesserView
from solver.deduce.state import DeduceState
from solver.deduce.strategies import DEFAULT_VOCABULARY, VOCABULARIES
from solver.wordtools import lexicon

KNOWN = ("easy", "familiar")


def known(word: str, lang: str = "en") -> bool:
    return lexicon.tier_of(word, lang) in KNOWN


def history_of(text: str) -> list[cand.Turn]:
    return cand.parse_history(text)


def test_every_default_vocabulary_is_the_measure() -> None:
    """The advice, the bots of every level, the assistant, a strategy's view, a game's
    state, the exact evaluation and the command line all default to known words."""
    assert DEFAULT_VOCABULARY == "familiar" and DEFAULT_VOCABULARY in VOCABULARIES
    assert {level.vocabulary for level in LEVELS.values()} <= set(KNOWN)
    assert LEVELS["hard"].vocabulary == DEFAULT_VOCABULARY  # was "all": HENT, SOKE, HAZAN
    assert Settings().vocabulary == DEFAULT_VOCABULARY
    assert GuesserView(default_sheet(6), ()).vocabulary == DEFAULT_VOCABULARY
    assert DeduceState.solo("ballet", default_sheet(6)).vocabulary == DEFAULT_VOCABULARY
    pool = lexicon.pool(6)
    assert Setting(default_sheet(6), "lookahead", pool).vocabulary == DEFAULT_VOCABULARY


def test_the_command_line_defaults_to_known_words() -> None:
    from solver.deduce.ui.commands import advise as advise_command

    option = next(p for p in advise_command.params if p.name == "vocabulary")
    assert option.default == DEFAULT_VOCABULARY
    assert list(option.type.choices) == list(VOCABULARIES)  # core and all stay available


@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.heavy)])
def test_every_row_of_the_default_vocabulary_is_known(lang: str) -> None:
    """Every Guessword length of both sheets: the default vocabulary is the familiar tier,
    the measure (whose words tests/shared/test_known_words.py checks one by one)."""
    for length in {row.length for n in (6, 7) for row in default_sheet(n).rows}:
        words = lexicon.words(length, DEFAULT_VOCABULARY, lang)
        assert words and words == lexicon.words(length, "familiar", lang)


@pytest.mark.heavy  # seconds (the old hard bot's every-word tables): CI's heavy step
def test_the_hard_bot_no_longer_plays_hes(monkeypatch) -> None:
    """Found by playing the old hard bot (every word of the play list) against 120 words:
    against CASHED, after these rows, it played HES (with the endgame budget of then, 100
    positions: with 1,000 its search reaches the end and plays BED)."""
    from solver.deduce import endgame

    sheet = default_sheet(6)
    history = history_of("RE 250, TAR 1000, ALE 1250, USE 1250")
    rng = random.Random(1)
    with monkeypatch.context() as old:
        old.setattr(endgame, "NODES", 100)
        assert bot_guess(BotLevel("lookahead", "all", 1), history, sheet, rng) == "hes"
    for level in LEVELS.values():
        assert known(bot_guess(level, history, sheet, random.Random(1)))


@pytest.mark.parametrize(
    ("history", "word"),
    [
        ("RE 500, EAR 500, ROE 750, THE 1000", "fer"),  # COPPER's row 5
        ("RE 0, SIN 1250, ITS 250", "non"),  # MANIAC's row 5
        ("RE 2000, REV 2000", "eta"),  # REFUGE's row 4
    ],
)
def test_the_advice_no_longer_recommends_words_people_do_not_know(history: str, word: str) -> None:
    """With the old default (``core``) the advice listed these among its five."""
    sheet = default_sheet(6)
    turns = history_of(history)
    old = advise(turns, sheet, vocabulary="core", top=5)
    assert word in [c.guess for c in old.choices]
    new = advise(turns, sheet, top=5)
    assert new.vocabulary == DEFAULT_VOCABULARY
    assert new.choices and all(known(c.guess) for c in new.choices)
    assert new.to_json(5)["vocabulary"] == "familiar"


def test_the_last_row_names_a_candidate_or_a_known_word() -> None:
    """The last row is weighed over every word, since the hidden word may be a rarer one,
    but what it may name is the vocabulary and the candidates: the advice listed BEDHEAD,
    GODHEAD, RETREAD and AIRHEAD beside REDHEAD."""
    sheet = default_sheet(7)
    turns = history_of(
        "SEA 1250, SEER 1500, ELSE 2000, REIN 500, HEAD 4000, DREAD 4250, EDGED 3250, "
        "HEDGE 3250, REDEEM 4000, ADHERE 3750"
    )
    advice = advise(turns, sheet, top=5)
    guesses = [c.guess for c in advice.choices]
    assert guesses[0] == "redhead"
    assert not {"bedhead", "godhead", "airhead"} & set(guesses)
    candidates = set(advice.deduction.words)
    assert all(known(g) or g in candidates for g in guesses)
    wide = advise(turns, sheet, top=5, vocabulary="all")
    assert "bedhead" in [c.guess for c in wide.choices]  # what --vocabulary all still offers


def test_a_rare_hidden_word_can_still_be_named() -> None:
    """When no familiar word fits, the candidates are rarer words, and the last row names
    one of them: the last row's rule lets a candidate in whatever its tier."""
    from solver.deduce.game import play_round

    for hidden in ("ragout", "furlong"):  # core, Zipf 1.86 and 2.80: not familiar words
        assert not known(hidden)
        played = play_round(hidden, default_sheet(len(hidden)))
        assert played.rows[-1].guess == hidden and played.bonus


@pytest.mark.heavy  # seconds: CI's heavy step, to keep the suite within 3 minutes
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_every_bot_guess_of_sample_games_is_known(difficulty: str) -> None:
    """Whole rounds of each bot against Gamewords drawn with a fixed seed: every
    Guessword is a known word, or the hidden word named on the last row."""
    rng = random.Random(27)
    for length in (6, 7):
        sheet = default_sheet(length)
        for word in rng.sample(lexicon.words(length, "familiar"), 3):
            history: list[cand.Turn] = []
            for r, row in enumerate(sheet.rows):
                guess = bot_guess(LEVELS[difficulty], history, sheet, random.Random(r))
                assert known(guess) or (sheet.is_last(r) and guess == word), (word, r, guess)
                history.append(cand.Turn(guess, score(word, guess, row.offset, sheet.is_last(r))))
