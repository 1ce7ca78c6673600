"""Talking to a person in a terminal or through a pipe: one prompt, one answer, a line of
text, or a drawing. Games take an object with ``ask``/``say``/``show`` so that the same game
loop runs interactively, from a script, and in tests.

Through a pipe the prompts still go to stdout (so a transcript reads naturally) and hidden
answers are read as plain lines; end of input raises ``EOFError``, which the commands turn
into "game saved".

Every line a person types is read by ``read_line`` (a prompt's answer, a race's calls): bytes
that are not text in the input's encoding (``é`` typed under ``PYTHONIOENCODING=ascii``, a
Latin-1 byte in a UTF-8 terminal) are refused with one line and the game goes on; they
were a ``UnicodeDecodeError`` traceback that ended the game.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from solver.runtime.errors import UserError

# What ``surrogateescape`` turns an undecodable byte into: U+DC80..U+DCFF (byte 0x80..0xFF).
UNDECODED = re.compile("[\udc80-\udcff]")


class UnreadableLine(UserError):
    """A typed line whose bytes are not text in the input's encoding."""


def tolerant(stream: TextIO | None) -> None:
    """Let ``stream`` decode bytes its encoding cannot read as lone surrogates
    (``surrogateescape``, what Python's own UTF-8 mode does) instead of raising in the
    middle of a game: ``read_line`` then refuses such a line in one message. A stream that
    is not a text file of Python's own (a test's ``StringIO``) is left as it is."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", None) == "strict":
        reconfigure(errors="surrogateescape")


def read_line(stream: TextIO | None = None) -> str:
    """One line typed on ``stream`` (stdin), without its line end. ``EOFError`` at the end
    of input; ``UnreadableLine`` when it holds bytes that are not text in the stream's
    encoding (nothing else is read: the next line can be typed again)."""
    stream = sys.stdin if stream is None else stream
    if stream is None:
        raise EOFError
    tolerant(stream)
    line = stream.readline()
    if not line:
        raise EOFError
    return checked(line.rstrip("\n"), getattr(stream, "encoding", None))


def checked(line: str, encoding: str | None) -> str:
    """``line`` if it holds no undecodable byte, else ``UnreadableLine``, saying which
    bytes (escaped, so that the message itself can always be shown)."""
    found = UNDECODED.findall(line)
    if not found:
        return line
    shown = " ".join(f"0x{ord(c) - 0xDC00:02X}" for c in dict.fromkeys(found))
    text = f"{encoding} text, the input's encoding" if encoding else "text"
    utf8 = (encoding or "").lower().replace("_", "-") in ("utf-8", "utf8")
    fix = "type it again in UTF-8" if utf8 else "type it again, or set PYTHONIOENCODING=utf-8"
    raise UnreadableLine(f"that line is not {text} (bytes {shown}): {fix}")


# A whole line in one style, "[red]...[/red]": the one markup ``say`` still reads, so that
# callers written for markup keep their colour while what is inside stays plain text.
_STYLED_LINE = re.compile(r"\[(red|bold|dim|green)\](.*)\[/\1\]", re.DOTALL)


class PromptConsole:
    """A console on stdin/stdout; ``draw`` turns a game state into something rich prints."""

    def __init__(self, draw: Callable[[Any], Any], stderr: bool = False) -> None:
        from solver.ui.render import console

        self.out = console(stderr)
        self.draw = draw

    def ask(self, prompt: str, hidden: bool = False) -> str:
        """The person's answer to ``prompt``; a line that cannot be read (``read_line``)
        is refused in one line and the prompt asked again."""
        while True:
            try:
                return self._answer(prompt, hidden)
            except UnreadableLine as refused:
                from rich.text import Text

                self.out.print(Text(f"Error: {refused}", style="red"), soft_wrap=True)

    def _answer(self, prompt: str, hidden: bool) -> str:
        if hidden and sys.stdin.isatty():
            import getpass

            try:
                return checked(getpass.getpass(f"{prompt}: "), None)
            except UnicodeDecodeError as error:  # getpass reads the terminal strictly
                raise UnreadableLine(
                    f"that line is not {error.encoding} text, the terminal's encoding: "
                    "type it again"
                ) from None
        self.out.print(f"{prompt}: ", end="", markup=False)
        try:
            line = read_line()
        except EOFError:
            self.out.print()
            raise
        except UnreadableLine:
            if not sys.stdin.isatty():
                self.out.print("(unreadable)", markup=False)
            raise
        if not sys.stdin.isatty():  # echo piped answers, except hidden ones
            self.out.print("(hidden)" if hidden else line, markup=False)
        return line

    def say(self, text: Any) -> None:
        """Print a line as plain text: what the game says holds what people typed (a word,
        a command), which rich would read as markup. A ``Text`` keeps its own style; a
        whole line wrapped in one style tag (``[red]...[/red]``) keeps that colour."""
        from rich.text import Text

        if isinstance(text, str):
            styled = _STYLED_LINE.fullmatch(text)
            text = Text(styled[2], style=styled[1]) if styled else Text(text)
        self.out.print(text)

    def show(self, state: Any) -> None:
        self.out.print(self.draw(state))
