"""The README's kernel table from a pytest-benchmark JSON file: every ``*_reference``
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


def table(document: dict) -> str:
    medians = {b["name"]: b["stats"]["median"] for b in document["benchmarks"]}
    lines = ["| benchmark | fast | plain Python | ratio |", "|---|---|---|---|"]
    for name, slow in sorted(medians.items()):
        if "_reference" not in name:
            continue
        for suffix in PARTNERS:
            partner = name.replace("_reference", suffix, 1)
            if partner in medians:
                fast = medians[partner]
                shown = partner.removeprefix("test_")
                lines.append(f"| {shown} | {_time(fast)} | {_time(slow)} | {slow / fast:,.0f}x |")
                break
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/ratios.py BENCH.json")
    print(table(json.loads(Path(sys.argv[1]).read_text("utf-8"))))


if __name__ == "__main__":
    main()
