"""Click option types and options every command group shares."""

from __future__ import annotations

import math

import click


def lang_code(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A language's code in either case, spaces around it dropped: ``--lang ES`` is
    Spanish, as ``--deck ES`` is the Spanish deck. An unknown code is left to the lexicon,
    whose one-line error names the languages there are."""
    return value.strip().lower() if value else value


LANG_OPTION = click.option(
    "--lang",
    callback=lang_code,
    default="en",
    show_default=True,
    help="Language of the dictionaries: en or es.",
)
# A seed is a whole number from 0: Python's generators take -5 as 5, so a negative seed
# replayed another seed's game while it was shown and saved as a seed of its own.
SEED = click.IntRange(min=0)

JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON document on stdout, nothing else."
)


class FiniteFloat(click.FloatRange):
    """A FloatRange that also refuses nan and inf: click's lets nan through (every
    comparison with nan is false), and ``--pace nan`` made a race that never ends."""

    name = "finite float range"

    def convert(self, value, param, ctx) -> float:
        number = click.FLOAT.convert(value, param, ctx)  # first: inf is not "above the range"
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


class PathType(click.Path):
    """click's Path, with a NUL byte refused as a usage error (click's own stat raises
    ValueError, a traceback; only a program can pass one, never a shell), and an empty
    path too (``Path("")`` is ``.``: "cannot read .: it is a folder" named no file given)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("the path is empty", param, ctx)
        try:
            return super().convert(value, param, ctx)
        except ValueError:
            self.fail(f"{value!r} is not a valid path", param, ctx)


ENGINE_OPTION = click.option(
    "--engine",
    "engines",
    multiple=True,
    metavar='"COMMAND ARGS"',
    help="A player in another process, any language, speaking the engine protocol "
    "(docs/engine-protocol.md); the same as naming engine:COMMAND ARGS. Repeatable.",
)
ENGINE_TIME_OPTION = click.option(
    "--engine-time",
    type=FiniteFloat(min=0.01, max=3600),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="How long an engine may think over one move; a late move forfeits the game.",
)


ENGINE_LOG_OPTION = click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Append every line heard (marked > ) and said (marked < ) to this file, "
    "as the referee's log marks them.",
)


def with_engines(names: list[str], engines: tuple[str, ...]) -> list[str]:
    """The players named, then each ``--engine`` as ``engine:COMMAND ARGS``."""
    return [*names, *(f"engine:{command}" for command in engines)]
