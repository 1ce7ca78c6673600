"""Warm start-up of the interactive commands as a user installs myword: a wheel in a venv.

    python -m pip wheel --no-deps -w /tmp/wheel . && python3 -m venv /tmp/venv
    /tmp/venv/bin/pip install /tmp/wheel/*.whl && python bench/startup_venv.py /tmp/venv

``bench/test_warm_start_bench.py`` times a checkout (``python -m cli``), which an editable
install slows by about 20 ms a process (its import hooks); this times the installed
``myword`` of a virtual environment, from another folder, with the environment's own caches
(under it): one run to warm, then the median of 5, and the peak memory by ``/usr/bin/time``.
The quiet-machine start-up table of docs/performance.md comes from it, run on the wheels of
both commits.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from test_warm_start_bench import peak_memory_mb  # this folder, run as a script

HAND = "C H ER O ST A P L E ? D"


def commands(venv: str) -> dict[str, list[str]]:
    python, myword = f"{venv}/bin/python", f"{venv}/bin/myword"
    history = "SO 0, DEN 1250, EBB 1000"
    return {
        "python -c pass": [python, "-c", "pass"],
        "python -c 'import numpy'": [python, "-c", "import numpy"],
        "words check table": [myword, "words", "check", "table"],
        f"deduce advise --history '{history}'": [myword, "deduce", "advise", "--history", history],
        "race claim": [myword, "race", "claim", HAND],
        "race claim --lang es": [myword, "race", "claim", HAND, "--lang", "es"],
    }


def main(venv: str) -> None:
    env = dict(
        os.environ,
        MYWORD_CACHE_DIR=f"{venv}/cache",
        NUMBA_CACHE_DIR=f"{venv}/numba",
        MYWORD_DATA_DIR=f"{venv}/data",
    )
    quiet = {"env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    os.chdir(tempfile.gettempdir())
    for name, command in commands(venv).items():
        subprocess.run(command, **quiet, check=True)  # warm: tables and kernels on disk
        seconds = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run(command, **quiet, check=True)
            seconds.append(time.perf_counter() - started)
        peak_mb = peak_memory_mb(command, Path.cwd(), env) or 0.0
        print(
            f"{name:55s} median {statistics.median(seconds) * 1e3:6.0f} ms"
            f"  peak {peak_mb:4.0f} MB  load {os.getloadavg()[0]:.2f}"
        )


if __name__ == "__main__":
    main(sys.argv[1])
