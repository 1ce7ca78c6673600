"""docs/performance.md's measured section is written by bench/performance.py from a run of
the benchmarks, with the machine and the date (issue 29: the README's figures, copied by
hand, had gone stale)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "performance.py"


def performance():
    spec = importlib.util.spec_from_file_location("bench_performance", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_of(*benchmarks: tuple[str, float]) -> dict:
    """A pytest-benchmark document holding these (name, median seconds)."""
    return {
        "datetime": "2026-12-04T10:00:00.000000+00:00",
        "benchmarks": [
            {
                "name": name,
                "fullname": f"bench/test_deduce_bench.py::{name}",
                "stats": {"median": median, "iqr": median / 10, "rounds": 7},
            }
            for name, median in benchmarks
        ],
    }


def test_the_page_holds_a_generated_section_with_its_machine_and_date() -> None:
    script = performance()
    text = (ROOT / "docs" / "performance.md").read_text("utf-8")
    generated = text.split(script.BEGIN, 1)[1].split(script.END, 1)[0]
    assert "Measured on 20" in generated and "cores, load" in generated
    assert "| suite | benchmark | fast | plain Python | ratio |" in generated
    assert generated.count("_kernel |") >= 5  # the kernels beside their twins


def test_a_run_rewrites_only_the_section_between_the_markers(tmp_path: Path) -> None:
    script = performance()
    page = tmp_path / "performance.md"
    page.write_text(f"# Before\n\n{script.BEGIN}\nold\n{script.END}\n\nAfter.\n", "utf-8")
    run = tmp_path / "bench.json"
    run.write_text(
        json.dumps(
            run_of(("test_filter_pass_kernel", 0.0002), ("test_filter_pass_reference", 0.04))
        )
    )
    script.main(["--from", str(run), "--page", str(page)])
    text = page.read_text("utf-8")
    assert text.startswith("# Before\n\n") and text.endswith("\n\nAfter.\n") and "old" not in text
    assert "Measured on 2026-12-04 (10:00 UTC)" in text and "load unknown" in text
    assert "| deduce | filter_pass_kernel | 200.0 µs | 40.00 ms | 200x |" in text
    assert "| deduce | filter_pass_reference | 40.00 ms | 4.00 ms | 7 |" in text


@pytest.mark.parametrize("content", ["not json", '{"hello": 1}', "[]"])
def test_a_file_that_is_not_a_run_is_one_line(tmp_path: Path, content: str) -> None:
    page = tmp_path / "performance.md"
    page.write_text("no markers\n")
    run = tmp_path / "bench.json"
    run.write_text(content)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--from", str(run), "--page", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and done.stderr.startswith("error: ")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert page.read_text() == "no markers\n"  # unchanged
