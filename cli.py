"""The ``myword`` command: parse, call the ``solver`` package, print.

Kept thin on purpose: every command turns its options into one call of a public
function and renders what comes back (``--json`` prints it as a JSON document instead).
Imports happen inside the commands, so that ``myword --help`` starts fast and never loads
numpy or numba.
"""

from __future__ import annotations

import os
import sys

import click

from solver.ui.group import UserErrorsAsMessages

# Each command's module, imported only when the command runs (or --help lists it).
COMMANDS = {
    "demo": "solver.ui.demo:demo",
    "play": "solver.ui.play:play",
    "serve": "solver.ui.play:serve",
    "games": "solver.ui.saved:games",
    "review": "solver.ui.review:review",
    "record": "solver.ui.record:record",
    "words": "solver.ui.words:words",
    "deduce": "solver.deduce.ui.commands:deduce",
    "race": "solver.race.ui.commands:race",
    "layout": "solver.layout.ui.commands:layout",
    "warm": "solver.ui.warm:warm",
}


@click.group(
    cls=UserErrorsAsMessages,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="myword-games", prog_name="myword")  # the PyPI name
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    envvar="MYWORD_THREADS",
    show_envvar=True,
    help="Threads a kernel may use (never more than the usable cores; default: all of them). "
    "Small work always runs on one.",
)
def main(threads: int | None) -> None:
    """AI opponents and solvers for three word games: What's My Word?, MY WORD! and
    My Word (1980). Start with `myword demo`."""
    if sys.stdout is None:  # started with stdout closed (>&-): nothing could be shown
        raise click.ClickException("standard output is closed: nowhere to print")
    if threads is not None:  # read where numba is first imported (solver/runtime/jit.py)
        os.environ["MYWORD_THREADS"] = str(threads)


def run() -> None:
    """The ``myword`` command's entry (``python -m cli`` too): the process's settings that
    are the program's to make, then the command.

    OpenBLAS starts a thread per core when numpy is imported. myword's matrix work is small
    (kernels do the heavy loops), and an idle thread of its own can take Ctrl-C, SIGTERM or
    SIGHUP in place of the main thread, which then stays blocked at a prompt instead of
    saving the game (tests/shared/test_signals.py). One thread, unless the user chose
    otherwise; set here, before any command imports numpy, and not on ``import solver``, so
    that a program using the library keeps its own environment. Processes that myword
    starts (tournament workers, the warm-up's helper, ``myword serve``'s apps) inherit it.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from solver.runtime.numbers import ascii_digits

    for size in ("COLUMNS", "LINES"):  # rich reads them with int() where isdigit() holds:
        value = os.environ.get(size)  # COLUMNS=² was a traceback in every command
        if value is not None and not ascii_digits(value):
            del os.environ[size]
    main()


if __name__ == "__main__":
    run()
