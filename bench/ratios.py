"""The kernel table of docs/performance.md from a pytest-benchmark JSON file: every ``*_reference``
benchmark beside its partner from the same run (``*_kernel``, ``*_numpy``, or the same
name without ``_reference``), medians and their ratio.

    pytest bench/ --benchmark-only --benchmark-json=bench.json
    python bench/ratios.py bench.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PARTNERS = ("_kernel", "_numpy", "")


def _time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def _suite(benchmark: dict) -> str:
    """``bench/test_layout_bench.py::...`` -> ``layout``."""
    path = benchmark["fullname"].split("::")[0]
    return path.rsplit("/", 1)[-1].removeprefix("test_").removesuffix("_bench.py")


def table(document: dict) -> str:
    benchmarks = {b["name"]: b for b in document["benchmarks"]}
    rows = []
    for name, slow in benchmarks.items():
        if "_reference" not in name:
            continue
        for suffix in PARTNERS:
            partner = benchmarks.get(name.replace("_reference", suffix, 1))
            if partner is not None:
                fast, slow_median = partner["stats"]["median"], slow["stats"]["median"]
                shown = partner["name"].removeprefix("test_")
                rows.append((_suite(partner), shown, fast, slow_median))
                break
    lines = ["| suite | benchmark | fast | plain Python | ratio |", "|---|---|---|---|---|"]
    for suite, shown, fast, slow in sorted(rows):
        lines.append(f"| {suite} | {shown} | {_time(fast)} | {_time(slow)} | {slow / fast:,.0f}x |")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/ratios.py BENCH.json")
    print(table(json.loads(Path(sys.argv[1]).read_text("utf-8"))))


if __name__ == "__main__":
    main()
