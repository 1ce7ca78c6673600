"""Fuzz the command line (issue 13): generated arguments for every command, and malformed
deck, sheet and log files, must never let an exception escape. Each command ends with
exit 0, 1 (a bad value: one ``Error: ...`` line) or 2 (click's usage error), never a
traceback. Commands that play whole games are kept to values that are refused or quick;
the parts that play games are marked ``slow`` (``-m "not slow"`` skips them).
``MYWORD_FUZZ_EXAMPLES=2000`` hunts longer."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli

EXAMPLES = int(os.environ.get("MYWORD_FUZZ_EXAMPLES", "40"))  # more for a long hunt
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
NASTY = [
    "[/red]", "[bold]x", "[", "]", "", " ", "nan", "-nan", "inf", "-inf", "1e999", "-1", "0",
    "1", "6", "7", "99999999999999999999", "1" * 5000, "año", "Ñ", "²", "١٢", "\x00", "a\nb",
    "💥", ",", ",,", "hard:", "hard,,easy", "?", "??", "/dev/null", "/", "-", "SO 1,000",
    "SO 0, DEN 1250", "ballet", "A B ND U K ? E",
]  # fmt: skip
TEXT = st.one_of(st.sampled_from(NASTY), st.text(max_size=12))
NUMBER = st.one_of(
    st.sampled_from(["nan", "inf", "-inf", "1e999", "-1", "0", "1", "2", "x", "", "²"]),
    st.integers(-(10**20), 10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
HISTORY = st.lists(
    st.tuples(st.one_of(st.sampled_from(["so", "den", "ebb", "[/x]"]), TEXT), NUMBER),
    max_size=12,
).map(lambda turns: ", ".join(f"{word} {score}" for word, score in turns))
TABLE = st.lists(
    st.one_of(st.sampled_from(["a", "b", "nd", "qu", "?", "??", "ñ", "e", "[/x]"]), TEXT),
    max_size=30,
).map(" ".join)


def check(args: list[str], input: str = "") -> None:
    """The contract: no exception escapes, exit 0, 1 or 2, no traceback, at most one
    ``Error: ...`` line."""
    result = CliRunner().invoke(cli.main, args, input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        repr(result.exception),
    )
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output, args
    assert result.stderr.count("Error: ") <= 1, (args, result.stderr)


@FUZZ
@given(words=st.lists(TEXT, min_size=1, max_size=3), lang=st.sampled_from(["en", "es", "xx"]))
def test_words_check(words: list[str], lang: str) -> None:
    check(["words", "check", *words, "--lang", lang])
    check(["words", "check", *words, "--lang", lang, "--json"])


@FUZZ
@given(length=NUMBER, tier=TEXT, path=TEXT)
def test_words_pool(length: str, tier: str, path: str) -> None:
    check(["words", "pool", "-n", length, "--tier", tier])
    check(["words", "pool", "-n", "6", "--from-list", path])


@FUZZ
@given(gameword=TEXT, guess=TEXT, row=NUMBER, sheet=TEXT)
def test_deduce_score(gameword: str, guess: str, row: str, sheet: str) -> None:
    check(["deduce", "score", gameword, guess, "--row", row, "--sheet", sheet])
    check(["deduce", "score", "ballet", guess, "--row", row])


@FUZZ
@given(history=HISTORY, seconds=NUMBER, top=NUMBER)
def test_deduce_advise(history: str, seconds: str, top: str) -> None:
    check(["deduce", "advise", "--history", history, "--strategy", "points", "--json"])
    check(["deduce", "advise", "--history", "so 0", "--seconds", seconds, "--top", top])


@FUZZ
@given(workers=NUMBER, sheet=TEXT, path=TEXT, length=NUMBER)
def test_deduce_evaluate(workers: str, sheet: str, path: str, length: str) -> None:
    """Values that are refused, or a pool read from a file (a whole pool would take a
    minute): --length and --sheet together are always refused."""
    check(["deduce", "evaluate", "--workers", workers, "--length", "6", "--sheet", sheet])
    check(["deduce", "evaluate", "--from-list", path, "--length", length, "--json"])


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@FUZZ
@given(
    table=TABLE,
    top=NUMBER,
    lang=st.sampled_from(["en", "es"]),
    deck=st.sampled_from(["en", "es", "kids", "kids-es", "xx"]),
)
def test_race_claim(table: str, top: str, lang: str, deck: str) -> None:
    check(["race", "claim", table, "--top", top, "--lang", lang])
    check(["race", "claim", table, "--top", top, "--deck", deck])


BAD_NUMBER = st.sampled_from(["nan", "-nan", "inf", "-inf", "1e999", "-1", "0", "x", ""])


@FUZZ
@given(number=BAD_NUMBER, level=TEXT, players=TEXT)
def test_refused_before_a_game_starts(number: str, level: str, players: str) -> None:
    """Values that are refused: a game these commands started would run in real time."""
    check(["race", "play", "--pace", number], input="")
    check(["deduce", "play", "--turn-seconds", number, "--save", "/dev/null"], input="")
    check(["race", "play", "--level", level + ":"], input="")
    check(["race", "bench", "--games", "1", "--workers", number])
    check(["race", "bench", "--games", number])
    if "," in players and not all(p.strip() for p in players.split(",")) and players.strip(","):
        check(["race", "bench", "--games", "1", "--players", players])


@pytest.fixture(scope="module")
def write(tmp_path_factory):
    """``write(text)``: a new file holding ``text`` (str or bytes), its path."""
    folder = tmp_path_factory.mktemp("fuzz")
    made = iter(range(10**9))

    def write_file(text: str | bytes) -> str:
        path = folder / f"input-{next(made)}"
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        return str(path)

    return write_file


SHEET_LINE = st.one_of(
    st.tuples(NUMBER, NUMBER).map(lambda pair: f"{pair[0]}@{pair[1]}"),
    TEXT,
)


@FUZZ
@given(rows=st.lists(SHEET_LINE, max_size=12), raw=st.binary(max_size=40))
def test_sheet_files(write, rows: list[str], raw: bytes) -> None:
    for sheet in (write(" ".join(rows)), write("\n".join(rows)), write(raw)):
        check(["deduce", "score", "ballet", "so", "--row", "1", "--sheet", sheet])


@pytest.fixture(scope="module")
def solo_log() -> dict:
    """A real game log, for the fuzz to spoil one field at a time."""
    played = CliRunner().invoke(cli.main, ["layout", "solo", "--player", "random", "--json"])
    return json.loads(played.stdout)


LOG_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)


@FUZZ
@given(value=LOG_VALUE)
def test_layout_logs(write, solo_log, value: object) -> None:
    check(["layout", "replay", write(json.dumps(value))])
    for key in ("deck_order", "moves", "hands", "deck"):
        check(["layout", "replay", write(json.dumps(solo_log | {key: value}))])


RACE_DECK_LINE = st.tuples(
    st.one_of(st.sampled_from(["a", "e", "qu", "?", "??", "ñ", "[/x]"]), TEXT), NUMBER
).map(" ".join)


@pytest.mark.slow
@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(lines=st.lists(RACE_DECK_LINE, max_size=8))
def test_race_deck_files(write, lines: list[str]) -> None:
    deck = write("\n".join(lines))
    check(["race", "bench", "--games", "1", "--players", "easy,easy", "--deck", deck, "--json"])


CARD_FIELD = st.one_of(st.sampled_from(["ho", "..", "HO", "h", "", 5, None]), LOG_VALUE)


@pytest.mark.slow
@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(field=st.sampled_from(["number", "top", "left"]), value=CARD_FIELD, cut=st.integers(0, 60))
def test_layout_deck_files(write, field: str, value: object, cut: int) -> None:
    from solver.layout.deck import default_deck, document

    deck = document(default_deck())
    cards = [dict(card) for card in deck["cards"]][:cut]
    if cards:
        cards[cut // 2][field] = value
    path = write(json.dumps(deck | {"cards": cards}))
    check(["layout", "solo", "--player", "random", "--deck", path, "--json"])


# The session loops: whatever a person types at a game's prompts, line after line, the game
# answers and goes on, or ends when the input does (saved, exit 0). Typed lines mix the
# nasty values with words the games accept, so that play gets past the first prompt.
TYPED = st.lists(
    st.one_of(
        TEXT,
        st.sampled_from(["ballet", "so", "den", "ebbs", "0", "250", "1,000", "y", "n", "hint"]),
        st.sampled_from(["moves", "values", "board", "help", "knock 1", "1 A1", "12 B2 TALL"]),
    ),
    max_size=15,
).map(lambda lines: "\n".join(line.replace("\n", " ") for line in lines) + "\n")


@pytest.mark.slow
@FUZZ
@given(typed=TYPED, you_score=st.booleans())
def test_what_a_person_types_in_deduce_play(tmp_path_factory, typed: str, you_score) -> None:
    save = tmp_path_factory.mktemp("typed") / "g.json"
    args = ["deduce", "play", "--rounds", "1", "--seed", "5", "--save", str(save), "--force"]
    check([*args, *(["--you-score"] if you_score else [])], input=typed)


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@pytest.mark.slow
@FUZZ
@given(typed=TYPED)
def test_what_a_person_types_in_layout_play(tmp_path_factory, typed: str) -> None:
    save = tmp_path_factory.mktemp("typed") / "g.json"
    check(["layout", "play", "--seed", "5", "--save", str(save), "--force"], input=typed)
