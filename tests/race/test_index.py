"""The anagram index: claims best first, and the claim command (the kernel against its twin
on every vocabulary is in test_kernels.py)."""

import itertools
import json
import random

import pytest
from click.testing import CliRunner

import cli
from solver.race import builtin_deck, reference, vectorized
from solver.race.deck import DeckError
from solver.race.index import (
    claims,
    encode_table,
    parse_table,
    ranked_indices,
    ranked_search,
    word_table,
)


def random_tables(count: int, seed: int) -> list[list[str]]:
    """Tables dealt from the default deck, with wilds and doubles forced in half of them."""
    rng = random.Random(seed)
    deck = builtin_deck("en").cards()
    tables = []
    for i in range(count):
        table = rng.sample(deck, rng.randint(6, 20))
        if i % 2:
            table += rng.sample(["?", "??", "th", "nd", "qu"], 2)
        tables.append(table)
    return tables


def test_claims_are_best_first_and_spelled_by_the_rules() -> None:
    found = claims(parse_table("A B ND U K ? E"), top=20)
    counts = [c.count for c in found]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 5
    for a, b in itertools.pairwise(found):
        if a.count == b.count:
            assert a.zipf >= b.zipf
    for claim in found:  # the cards, in order, spell the word
        position = 0
        for card in claim.cards:
            width = 2 if card == "??" else len(card)
            assert card in ("?", "??") or claim.word[position : position + width] == card
            position += width
        assert position == len(claim.word)


def test_tier_limits_the_words() -> None:
    easy = claims(parse_table("S T A R E D ? L"), "easy", top=None)
    everything = claims(parse_table("S T A R E D ? L"), "all", top=None)
    assert {c.word for c in easy} < {c.word for c in everything}


def test_claim_command_json_and_errors() -> None:
    result = CliRunner().invoke(cli.main, ["race", "claim", "M ?? K A", "--top", "3", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["table"] == ["m", "??", "k", "a"] and len(document["claims"]) <= 3
    assert all(c["count"] >= 3 for c in document["claims"])
    bad = CliRunner().invoke(cli.main, ["race", "claim", "ABC D"])
    assert bad.exit_code == 1 and "'ABC' is not a card" in bad.stderr
    enye = CliRunner().invoke(cli.main, ["race", "claim", "Ñ A O"])
    assert enye.exit_code == 1
    assert enye.stderr == "Error: 'Ñ' is not a card in English: play it in Spanish (--lang es)\n"


@pytest.mark.parametrize("table", ["nd u k", "x q z"])
def test_tables_without_claims(table: str) -> None:
    assert claims(parse_table(table)) == []


@pytest.mark.heavy  # seconds: CI's heavy step keeps the suite within 3 minutes
@pytest.mark.kernels
def test_top_claims_match_the_reference_ranking() -> None:
    """Branch and bound finds exactly the top of the full ranking by the rules."""
    vocabulary = word_table()
    for table in random_tables(2, seed=8):
        exact = reference.claimable(vocabulary.words, table)
        ranked = sorted(
            (i for i in range(len(exact)) if exact[i] >= 3),
            key=lambda i: (-exact[i], -vocabulary.zipf[i], i),
        )[:12]
        got = claims(table, top=12)
        assert [c.word for c in got] == [vocabulary.words[i] for i in ranked], table
        assert [c.count for c in got] == [int(exact[i]) for i in ranked]


def test_spanish_claims_use_the_enye_card() -> None:
    found = claims(parse_table("n i ñ o a s", "es"), lang="es", top=20)
    words = {c.word for c in found}
    assert "niño" in words or "niños" in words
    assert all("ñ" not in c.word or "ñ" in c.cards for c in found)


@pytest.mark.kernels
@pytest.mark.parametrize("lang", ["en", "es"])
def test_either_path_and_any_switch_between_them_ranks_the_same(lang: str) -> None:
    """A search on numpy alone, on the kernel alone, and switching to the kernel when the
    budget runs out part way (at every size of budget): the same claims in the same order,
    on seeded tables of 10-72 cards with the deck's doubles and wilds, for a short top, a
    long one and every claim."""
    deck = builtin_deck(lang).cards()
    for size, seed in [(10, 1), (20, 2), (30, 3), (45, 4), (72, 5)]:
        table = random.Random(seed).sample(deck, size)
        for top in (10, 300, None):
            if (top is None and size > 10) or (top == 300 and size > 20):
                continue  # many claims of a big table: numpy alone takes seconds
            kernel = ranked_search(table, "all", lang, top, None)
            assert kernel, table
            for budget in (1e12, 2e5, 3e4, 500) if size <= 30 else (2e5, 500):
                mixed = ranked_search(table, "all", lang, top, vectorized.Budget(budget))
                assert mixed == kernel, (table, top, budget)


def test_cards_in_any_case() -> None:
    """``claims(["C", "A", "T", "S"])`` raised KeyError: the tables hold lowercase cards."""
    lower = claims(["c", "a", "t", "s"], top=5)
    assert lower and claims(["C", "A", "T", "S"], top=5) == lower
    assert claims(["Nd", "A", "h", "S"], top=5) == claims(["nd", "a", "h", "s"], top=5)
    assert ranked_indices(["C", "A", "T"], top=3) == ranked_indices(["c", "a", "t"], top=3)
    spanish = encode_table(["Ñ", "A", "Ó"], "es")  # accents folded, as words are
    assert [int(n) for n in spanish[0][[0, 14, 26]]] == [1, 1, 1]
    assert reference.claimable(("cat",), ["C", "A", "T"]).tolist() == [3]
    with pytest.raises(DeckError, match="'1' is not a card in English"):
        claims(["C", "A", "1"])


@pytest.mark.kernels
def test_numpy_keeps_a_search_that_ends_before_numba_could_start(monkeypatch) -> None:
    """A thousand claims on the 20-card Spanish deal that costs numpy the most of 360
    seeded deals of 15-40 cards (0.46 s by its estimate) take it less than Numba's start-up
    in a new process (1.05 s): numpy answers it alone. Given less (0.3 s), numpy hands the
    kernel the search as soon as it foresees that the rest will not fit, not at the
    budget's end, and both rank as the kernel alone does."""
    from solver.race import index, kernels

    table = random.Random(10).sample(builtin_deck("es").cards(), 20)
    expected = ranked_search(table, "all", "es", 1000, None)

    def no_kernel(*args):
        raise AssertionError("the kernel searched a table numpy would finish first")

    monkeypatch.setattr(kernels, "best_cards", no_kernel)
    budget = vectorized.Budget(index.NUMPY_BUDGET_US)
    assert ranked_search(table, "all", "es", 1000, budget) == expected
    assert index.NUMBA_START_US / 3 < budget.spent < index.NUMBA_START_US
    monkeypatch.undo()
    budget = vectorized.Budget(300_000)
    assert ranked_search(table, "all", "es", 1000, budget) == expected
    assert budget.spent < 0.6 * budget.total  # handed over early, not at the budget's end


def test_a_thousand_claims_print_without_rich_to_a_pipe_and_to_a_terminal() -> None:
    """Rich took 0.6-1.2 s to draw a thousand claims (a millisecond a row); they are drawn
    as rich draws them to a pipe (``test_plain_table.py`` holds the two equal), and so in
    a terminal too, without rich's colours. A few claims in a terminal are rich's."""
    import os
    import pty
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import json, sys, cli\n"
        "try:\n    cli.main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write(json.dumps('rich' in sys.modules))\n"
    )
    table = " ".join(builtin_deck("es").cards())
    root = Path(__file__).resolve().parents[2]
    for top, rich_expected in (("1000", False), ("5", True)):
        command = [sys.executable, "-c", probe, "race", "claim", table, "--lang", "es"]
        piped = subprocess.run(
            [*command, "--top", top], capture_output=True, text=True, cwd=root, check=True
        )
        assert json.loads(piped.stderr) is False
        assert piped.stdout.count("│ INSTITUCIONALIZANDONOSLAS │") == 1
        main, terminal = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
        env["COLUMNS"] = "100"
        process = subprocess.Popen(
            [*command, "--top", top],
            stdout=terminal,
            stderr=subprocess.PIPE,
            cwd=root,
            env=env,
        )
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed
                break
            if not chunk:
                break
            shown += chunk
        os.close(main)
        assert json.loads(process.communicate()[1]) is rich_expected
        assert process.returncode == 0
        assert "INSTITUCIONALIZANDONOSLAS" in shown.decode()
        assert shown.decode().count("\n") > (1000 if top == "1000" else 5)
