"""Decks and languages meet in one place: the kids deck of each language, and a deck whose
letters the game's language lacks is a clear error, from the command line and from Python."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.arena import tournament as arena
from solver.race.arena import new_state
from solver.race.bots import parse_bot, parse_players
from solver.race.deck import Deck, DeckError, builtin_deck, load_deck
from solver.race.game import play_game
from solver.race.live import LiveRace
from solver.wordtools import lexicon

ENYE_DECK = "n 3\nñ 1\ni 2\no 2\na 2\ns 2\n"


@pytest.fixture
def enye_file(tmp_path: Path) -> Path:
    path = tmp_path / "enye.txt"
    path.write_text(ENYE_DECK, "utf-8")
    return path


@pytest.fixture
def fake_clock(monkeypatch) -> None:
    """The wall clock of ``race play``, faked so that a whole race takes no time."""
    import time

    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(time, "sleep", lambda seconds: now.__setitem__(0, now[0] + seconds))


def one_line_error(result) -> str:
    """What a newcomer must see for a mistake: exit 1 and one ``Error: ...`` line."""
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_kids_deck_is_the_languages_singles_and_qu(lang: str) -> None:
    full = builtin_deck(lang)
    kids = load_deck("kids", lang)
    assert kids.lang == lang and kids.name == f"kids-{lang}"
    letters = set(lexicon.language(lang).alphabet)
    kept = letters - {"ñ"}  # the rulebook takes the Ñ card out of the kids' deck
    assert kids.counts == tuple((c, n) for c, n in full.counts if c == "qu" or c in kept)
    assert "?" not in kids.cards() and "??" not in kids.cards() and "ñ" not in kids.cards()
    assert load_deck(lang, kids=True) == kids == load_deck(None, lang, kids=True)


def test_a_kids_deck_file_keeps_its_singles_and_qu(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("a 3\nt 2\nc 1\nqu 1\nth 2\n? 1\n")
    assert load_deck(path, kids=True).cards() == ["a", "a", "a", "c", "t", "t", "qu"]


def test_a_deck_names_its_language_and_a_builtin_deck_brings_its_own() -> None:
    assert load_deck("es").lang == "es" and load_deck().lang == "en"
    assert load_deck("en", "es").lang == "es"  # English letters are Spanish letters too


def test_a_deck_the_language_lacks_is_a_deck_error(enye_file: Path) -> None:
    with pytest.raises(DeckError, match=r"Ñ.*English.*--lang es"):
        load_deck("es", "en")
    with pytest.raises(DeckError, match=r"Ñ.*English"):
        load_deck(enye_file)
    with pytest.raises(DeckError, match=r"Ñ.*English"):
        Deck("mine", "en", (("ñ", 3),))
    assert load_deck(enye_file, "es").cards().count("ñ") == 1


def test_the_python_api_checks_the_deck_against_the_language() -> None:
    players = parse_players("hard,easy")
    with pytest.raises(DeckError, match="English"):
        play_game(players, 1, builtin_deck("es"), lang="en")
    with pytest.raises(DeckError, match="English"):
        new_state(1, deck=builtin_deck("es"), lang="en")
    with pytest.raises(DeckError, match="English"):
        LiveRace([parse_bot("easy")], builtin_deck("es"), 1.0, 1, "en")
    spec = arena.tournament("race", ["hard", "easy"], 1, 1, deck="es", lang="en")
    with pytest.raises(DeckError, match="English"):
        arena.run(spec)


@pytest.mark.parametrize("command", ["bench", "play"])
@pytest.mark.parametrize("deck", ["es", "FILE"])  # kids-es has no Ñ: its letters fit English
def test_commands_refuse_a_deck_the_language_lacks(command, deck, enye_file, fake_clock) -> None:
    deck = str(enye_file) if deck == "FILE" else deck
    result = CliRunner().invoke(
        cli.main, ["race", command, "--deck", deck, "--lang", "en", "--seed", "1"], input=""
    )
    message = one_line_error(result)
    assert "Ñ" in message and "--lang es" in message


def test_play_refuses_an_enye_file_without_lang(enye_file, fake_clock) -> None:
    """A deck file is played in English unless --lang says otherwise."""
    result = CliRunner().invoke(cli.main, ["race", "play", "--deck", str(enye_file)], input="")
    assert "--lang es" in one_line_error(result)


def test_an_unknown_deck_or_language_is_a_one_line_error(fake_clock) -> None:
    for args in (["--deck", "fr"], ["--lang", "fr"], ["--deck", "kids", "--lang", "fr"]):
        result = CliRunner().invoke(cli.main, ["race", "play", *args], input="")
        assert "fr" in one_line_error(result)


def test_kids_in_spanish_deals_spanish_cards(fake_clock) -> None:
    args = [
        "race", "play", "--kids", "--lang", "es", "--players", "2", "--level", "easy",
        "--pace", "0.2", "--seed", "3", "--json",
    ]  # fmt: skip
    result = CliRunner().invoke(cli.main, args, input="")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deck"] == "kids-es"
    shown = [line for line in result.stderr.splitlines() if line.startswith("Table:")]
    dealt = {card for line in shown for card in line.split("[")[0].split()[1:]} - {"(empty)"}
    assert all(len(card) == 1 or card == "QU" for card in dealt), dealt
    assert dealt and dealt <= {card.upper() for card in builtin_deck("kids-es").cards()}


def test_the_spanish_deck_alone_plays_in_spanish(enye_file) -> None:
    result = CliRunner().invoke(
        cli.main,
        ["race", "bench", "--deck", "es", "--players", "hard,easy", "--games", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["options"]["lang"] == "es" and document["options"]["deck"] == "es"
    assert document["players"][0]["mean_score"] > 0
    args = [
        "race", "bench", "--deck", str(enye_file), "--lang", "es",
        "--players", "hard,easy", "--games", "1", "--json",
    ]  # fmt: skip
    with_file = CliRunner().invoke(cli.main, args)
    assert with_file.exit_code == 0, with_file.output


def test_race_claim_checks_the_table_against_a_deck_when_named(enye_file: Path) -> None:
    """`race claim` took any one- or two-letter card (ZZ; found by a newcomer's session):
    the real deck's doubles are not published, so by default it still does, and --deck
    refuses a card the deck lacks, or more copies than it holds."""

    def claim(*args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(cli.main, ["race", "claim", *args])
        return result.exit_code, result.stdout, result.stderr

    assert claim("ZZ I T", "--json")[0] == 0  # no deck named: any card
    code, out, err = claim("T I ZZ", "--deck", "en")
    assert (code, out) == (1, "")
    assert err.startswith("Error: deck en has no ZZ card (its double-letter cards: AN AT ")
    code, _, err = claim("A B ND U K ? E", "--deck", "kids")
    assert code == 1 and "deck kids-en has none of the cards ND, ? (its double" in err
    code, _, err = claim("J A J", "--deck", "en")
    assert code == 1 and err == "Error: deck en has 1 copy of J, the table 2\n"
    assert claim("Q U I T E", "--deck", "kids")[2].startswith("Error: deck kids-en has no Q card")
    code, out, _ = claim("QU I T E", "--deck", "kids", "--json", "--top", "1")
    assert code == 0 and json.loads(out)["claims"][0]["word"] == "quite"
    code, out, _ = claim("N I Ñ O S", "--deck", str(enye_file), "--lang", "es", "--json")
    assert code == 0 and "niños" in [c["word"] for c in json.loads(out)["claims"]]
    code, out, _ = claim("C A N C I O N Ñ ?", "--deck", "es", "--json", "--top", "1")
    assert code == 0 and len(json.loads(out)["claims"]) == 1  # the Spanish deck, in Spanish
    assert json.loads(out)["deck"] == "es"
    # a missing single card: the double cards are beside the point; a deck's name in capitals
    assert claim("A Ñ O", "--deck", "kids-es")[2] == "Error: deck kids-es has no Ñ card\n"
    assert claim("C A T", "--deck", "EN", "--json")[0] == 0
    code, _, err = claim("N I Ñ O", "--deck", "es", "--lang", "en")
    assert code == 1 and "Ñ" in err and err.count("\n") == 1
