"""Click option types and options every command group shares."""

from __future__ import annotations

import math

import click

LANG_OPTION = click.option(
    "--lang", default="en", show_default=True, help="Language of the dictionaries: en or es."
)
JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON document on stdout, nothing else."
)


class FiniteFloat(click.FloatRange):
    """A FloatRange that also refuses nan and inf: click's lets nan through (every
    comparison with nan is false), and ``--pace nan`` made a race that never ends."""

    name = "finite float range"

    def convert(self, value, param, ctx) -> float:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


class PathType(click.Path):
    """click's Path, with a NUL byte refused as a usage error (click's own stat raises
    ValueError, a traceback; only a program can pass one, never a shell)."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except ValueError:
            self.fail(f"{value!r} is not a valid path", param, ctx)
