"""The opening book is the solver's own answer, stored: it must match a fresh computation."""

import json
from importlib import resources

from solver.deduce import default_sheet
from solver.deduce.advisor import advise
from solver.deduce.opening import BOOK, book_choices, build_book, settings


def test_book_matches_a_fresh_computation() -> None:
    stored = json.loads(resources.files("solver.deduce").joinpath(BOOK).read_text("utf-8"))
    assert stored["settings"] == settings(), "rebuild: python -m solver.deduce.opening"
    assert stored == json.loads(json.dumps(build_book()))


def test_advice_on_an_empty_sheet_comes_from_the_book() -> None:
    sheet = default_sheet(6)
    from_book = book_choices(sheet, "lookahead", "familiar", "en", 3, True)
    assert from_book is not None and len(from_book) == 3
    assert advise([], sheet, top=3).choices == tuple(from_book)
    assert book_choices(sheet, "lookahead", "familiar", "en", 3, False) is None  # custom pool


def test_first_advice_needs_no_numba() -> None:
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys\nfrom click.testing import CliRunner\nimport cli\n"
        "r = CliRunner().invoke(cli.main, ['deduce', 'advise', '--length', '7', '--json'])\n"
        "assert r.exit_code == 0, r.output\nprint('numba' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root)
    assert result.stdout.strip() == "False", result.stderr
