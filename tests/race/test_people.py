"""The person model behind the bots (``people.py``) and the levels built on it
(``bots.py``): times that grow with a word's rarity and length, typing, the policies,
the vocabulary, seeded moves, and the levels' order."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import numpy as np
import pytest

from solver.race import people
from solver.race.bots import (
    LADDER,
    LEVELS,
    TOP_SKILL,
    RaceBot,
    describe_skill,
    level_at,
    misread,
    parse_bot,
)
from solver.race.calls import Call, RaceView, Wait
from solver.race.claims import best_spelling
from solver.race.deck import builtin_deck
from solver.race.index import word_table
from solver.race.seats import decide
from solver.runtime.errors import UserError

STILL = RaceBot("still", "familiar", 2.0, 0.0, 0.0, rarity=0.5, length=0.25, per_key=0.2)


def view(table: tuple[str, ...], to_deal: int = 40) -> RaceView:
    return RaceView(1, table, to_deal, (0, 0), 10.0, "en")


def test_a_word_takes_longer_the_rarer_and_the_longer_it_is() -> None:
    """Without noise: a common 3-letter word in the base time, a rarer one and a longer
    one later, by the model's factors."""
    zipf = np.array([5.5, 5.0, 3.0, 5.0])
    letters = np.array([3, 3, 3, 5])
    times = people.word_times(STILL, 4, zipf, letters, random.Random(1))
    assert times[0] == times[1] == pytest.approx(2.0)  # Zipf 5 or more: the fastest
    assert times[2] == pytest.approx(2.0 * np.exp(0.5 * 2))
    assert times[3] == pytest.approx(2.0 * np.exp(0.25 * 2))


def test_the_base_time_grows_with_the_cards_on_the_table() -> None:
    crowded = replace(STILL, per_card=0.1)
    assert people.base_time(crowded, 10) == pytest.approx(3.0)


def test_a_call_is_found_then_typed_letters_and_enter() -> None:
    """ACT (Zipf 5 or more) is the first word of C, A, T to come to mind without noise:
    found in the base time, typed at 0.2 s a key for its 3 letters and Enter."""
    call = STILL.look(view(("c", "a", "t")), random.Random(1))
    assert call == Call("act", pytest.approx(2.0 + 4 * 0.2))


def test_typing_speed_in_words_a_minute() -> None:
    assert people.typing_seconds(50) == pytest.approx(0.24)  # 250 characters a minute


def test_a_word_the_level_does_not_know_never_comes_to_mind() -> None:
    """TEA and EAT are familiar; ETA (Zipf 3.4) is not for a bot that knows words of 3.5
    and up, and it calls nothing on a table where ETA would be its only word."""
    vocabulary = word_table("core", "en")
    knows_less = replace(STILL, tier="core", known_zipf=3.5)
    found = people.found_words(["e", "t", "a"], knows_less, random.Random(1), "en")
    words = {vocabulary.word(int(i)) for i in found.index}
    assert {"tea", "eat"} <= words and "eta" not in words
    assert all(vocabulary.zipf[int(i)] >= 3.5 for i in found.index)
    rare_only = replace(STILL, tier="core", known_zipf=6.0)
    assert people.found_words(["e", "t", "a"], rare_only, random.Random(1), "en") is None


def test_a_word_not_found_in_the_give_up_time_is_not_found() -> None:
    slow = replace(STILL, reaction=people.GIVE_UP + 1)
    assert slow.look(view(("c", "a", "t")), random.Random(1)) is None


def found(times: list[float], cards: list[int]) -> people.Found:
    n = len(times)
    return people.Found(
        np.array(cards), np.arange(n), np.full(n, 4), np.array(times), np.full(n, 1.0)
    )


def test_the_policies_choose_among_the_words_found() -> None:
    words = found([3.0, 1.0, 1.5, 2.0], [6, 3, 4, 5])
    assert people.chosen(words, "first", 0.8, False) == (1, 2.0)  # at once, 3 cards
    assert people.chosen(words, "most", 0.8, False) == (2, 1.8 + 1.0)  # 4 cards by 1.8 s
    assert people.chosen(words, "most", 1.0, False) == (3, 2.0 + 1.0)  # 5 cards by 2.0 s
    assert people.chosen(words, "wait", 0.8, False) == (3, 2.0 + 1.0)  # first of 5 cards
    short = found([1.0, 1.5], [3, 4])
    assert people.chosen(short, "wait", 0.8, False) is None  # none of 5: it waits
    assert people.chosen(short, "wait", 0.8, True) == (1, 1.8 + 1.0)  # deck out: as most


def test_ties_of_cards_go_to_the_first_found() -> None:
    words = found([1.2, 1.0, 1.1], [4, 4, 3])
    assert people.chosen(words, "most", 0.5, False) == (1, 1.5 + 1.0)


def test_the_same_view_and_seed_give_the_same_move_and_seeds_differ() -> None:
    table = tuple(random.Random(3).sample(builtin_deck("en").cards(), 12))
    for spec in ("medium", "hard:first", "2.5", "beginner:wait"):
        bot = parse_bot(spec)
        moves = [decide(bot, view(table), seed) for seed in (7, 7, 8, 9, 10)]
        assert moves[0] == moves[1]
        assert len({move.after for move in moves if isinstance(move, Call)}) >= 3


def test_noise_spreads_the_times_log_normally() -> None:
    """The look's and the words' noise: the first call on one table over many seeds spreads
    on both sides of its median, and never below zero."""
    table = ("s", "t", "a", "r", "e")
    afters = [LEVELS["medium"].look(view(table), random.Random(s)).after for s in range(200)]
    median = statistics.median(afters)
    assert min(afters) > 0 and min(afters) < 0.7 * median < 1.5 * median < max(afters)


def median_first_call(bot: RaceBot) -> float:
    """The median delay of a level's call over seeded tables of 8 cards of the deck."""
    deck = [card for card in builtin_deck("en").cards() if card not in ("?", "??")]
    afters = []
    for seed in range(60):
        table = tuple(random.Random(seed).sample(deck, 8))
        call = bot.look(view(table), random.Random(seed))
        if call is not None:
            afters.append(call.after)
    return statistics.median(afters)


def test_each_level_is_quicker_than_the_one_below() -> None:
    medians = [median_first_call(LEVELS[name]) for name in LADDER]
    assert medians == sorted(medians, reverse=True)
    assert medians[0] > 2 * medians[-1]


def test_levels_between_the_levels() -> None:
    """A skill between two levels is between them (times on a log scale, the vocabulary
    from the lower's floor to the upper's), a whole skill is the level, and a skill out of
    bounds is the nearest bound."""
    easy, medium = LEVELS["easy"], LEVELS["medium"]
    half = level_at(1.5)
    assert half.name == "1.50" and half.tier == "familiar"
    assert medium.reaction < half.reaction < easy.reaction
    assert half.reaction == pytest.approx((easy.reaction * medium.reaction) ** 0.5)
    assert half.known_zipf == pytest.approx(3.25)  # easy words are 3.5, familiar 3.0
    assert medium.error_rate < half.error_rate < easy.error_rate
    assert replace(level_at(2.0), name="medium") == medium
    assert level_at(-3.0).reaction == LEVELS["beginner"].reaction
    assert level_at(99.0).reaction == LEVELS["superhuman"].reaction
    assert describe_skill(1.5) == "between easy and medium" and describe_skill(3) == "hard"
    with pytest.raises(UserError, match="a number from 0 to 4"):
        level_at(float("nan"))


def test_a_skill_is_a_bot_spec() -> None:
    bot = parse_bot("2.5:first")
    assert (bot.name, bot.policy, bot.tier) == ("2.50:first", "first", "core")
    assert parse_bot("4").reaction == LEVELS["superhuman"].reaction
    for bad in ("4.5", "-1", "nan", "inf", "1e9"):
        with pytest.raises(UserError, match="unknown bot level"):
            parse_bot(bad)


def test_the_level_above_people_says_so() -> None:
    assert "above" in LEVELS["superhuman"].about and TOP_SKILL == 4.0
    assert all(level.about for level in LEVELS.values())


def test_a_misread_is_a_word_that_comes_to_mind_with_a_card_not_there() -> None:
    """The misread is a word of the bot's vocabulary that one more letter spells, and that
    this table cannot: as a person would misread it, a short common word."""
    table = ["c", "a", "t", "r", "e"]
    words = [misread(table, LEVELS["easy"], random.Random(s), "en") for s in range(20)]
    assert all(word is not None and not best_spelling(table, word).ok for word in words)
    assert statistics.median(len(word) for word in words) <= 5


def test_a_bot_with_no_word_waits() -> None:
    assert decide(LEVELS["hard"], view(("x", "q")), 1) == Wait()


def test_a_skill_seats_in_a_bench_and_in_a_live_race() -> None:
    """Found by hand: ``--players 2.5,hard`` and ``--level 2.5:wait`` were read as files of
    one's own (``No module named '2'``)."""
    from solver.race.live import bot_seat
    from solver.race.seats import seat_bot

    assert seat_bot("2.5") == parse_bot("2.5")
    assert bot_seat("2.5:wait") == parse_bot("2.5:wait")
    with pytest.raises(UserError, match="a skill is a number from 0 to 4, not 5"):
        seat_bot("5")
