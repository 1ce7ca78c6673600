"""The ``myword`` command group: user errors, full disks and signals become one line on
stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import errno
import os
import sys
from typing import NoReturn

import click


class UserErrorsAsMessages(click.Group):
    """Turns the package's UserError into click's one-line ``Error: ...`` and exit 1.

    Its commands are named with where they live (``lazy``: name -> "module:attribute") and
    imported only when used, so that ``myword words check`` does not pay for importing the
    games' command modules (click's pattern for lazily loaded subcommands)."""

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy or cmd_name in self.commands:
            return super().get_command(ctx, cmd_name)
        import importlib

        module, attribute = self.lazy[cmd_name].split(":")
        command = getattr(importlib.import_module(module), attribute)
        self.add_command(command, cmd_name)
        return command

    def invoke(self, ctx: click.Context) -> object:
        from solver.runtime.errors import UserError
        from solver.ui.signals import as_interrupts
        from solver.ui.terminal import UNDECODED, tolerant

        skip_the_last_collection()
        tolerant(sys.stdin)  # a line that is not text is refused, never a traceback
        try:
            with as_interrupts():  # SIGTERM and SIGHUP stop a command as Ctrl-C does
                result = super().invoke(ctx)
            if sys.stdout is not None:
                sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
            return result
        except UnicodeEncodeError as error:
            shown = error.object[error.start : error.end]
            if UNDECODED.search(shown):  # bytes typed that were never text, not the output
                raise click.ClickException(
                    f"what was typed holds bytes that are not text in the locale's encoding "
                    f"({sys.getfilesystemencoding()}): {shown!r}"
                ) from None
            raise click.ClickException(
                f"the output's encoding ({error.encoding}) cannot show {shown!r}: "
                "set PYTHONIOENCODING=utf-8"
            ) from None
        except OSError as error:
            if error.errno not in OUTPUT_FAILURES:
                raise
            _silence_stdout()
            where = f" {error.filename}" if error.filename else " the output"
            raise click.ClickException(f"cannot write{where}: {error.strerror}") from None
        except UserError as error:
            from solver.runtime.errors import one_line

            raise click.ClickException(one_line(str(error))) from None
        except KeyboardInterrupt as stop:
            stopped(stop=stop)
        except SystemError as error:
            from solver.arena.tournament import interrupted

            cut = interrupted(error)
            if cut is not None:  # Ctrl-C inside a Numba kernel
                stopped(stop=cut)
            raise


def skip_the_last_collection() -> None:
    """At exit, before Python tears its modules down, move every object still alive out of
    the cyclic garbage collector's reach (``gc.freeze``): they are still freed one by one,
    but the collector no longer walks them all. Why: that walk took a noticeable part of a
    second at the end of a demo (a heap of a few hundred MB; docs/performance.md); it is registered
    at exit, not done now, so a process that goes on (the test suite) is not affected."""
    import atexit
    import gc

    atexit.unregister(gc.freeze)  # once, however many commands a process runs
    atexit.register(gc.freeze)


# Writes that fail for want of room or a working device (``> /dev/full``): the output
# cannot be shown, which is the user's setup, not a bug.
OUTPUT_FAILURES = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that Python's own flush at exit does not fail
    a second time with an "Exception ignored" message."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError):  # no stdout to point anywhere
        pass


def stopped(note: str = "", stop: BaseException | None = None) -> NoReturn:
    """Ctrl-C, SIGTERM or SIGHUP: one line on stderr and exit 128 + the signal's number,
    130 for Ctrl-C (click's own says "Aborted!", exit 1)."""
    from solver.ui.signals import exit_status

    click.echo(f"\nStopped.{note}", err=True)
    sys.exit(exit_status(stop) if stop is not None else 130)
