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


if __name__ == "__main__":
    main()
