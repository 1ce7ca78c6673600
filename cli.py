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

from solver.deduce.ui.commands import deduce
from solver.layout.ui.commands import layout
from solver.race.ui.commands import race
from solver.ui.demo import demo
from solver.ui.group import UserErrorsAsMessages
from solver.ui.play import play, serve
from solver.ui.saved import games
from solver.ui.words import words


@click.group(cls=UserErrorsAsMessages, context_settings={"help_option_names": ["-h", "--help"]})
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
    if threads is not None:  # read where numba is first imported (solver/jit.py)
        os.environ["MYWORD_THREADS"] = str(threads)


for command in (demo, play, serve, games, words, deduce, race, layout):
    main.add_command(command)


if __name__ == "__main__":
    main()
