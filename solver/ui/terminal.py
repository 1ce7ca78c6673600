"""Talking to a person in a terminal or through a pipe: one prompt, one answer, a line of
text, or a drawing. Games take an object with ``ask``/``say``/``show`` so that the same game
loop runs interactively, from a script, and in tests.

Through a pipe the prompts still go to stdout (so a transcript reads naturally) and hidden
answers are read as plain lines; end of input raises ``EOFError``, which the commands turn
into "game saved".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

# A whole line in one style, "[red]...[/red]": the one markup ``say`` still reads, so that
# callers written for markup keep their colour while what is inside stays plain text.
_STYLED_LINE = re.compile(r"\[(red|bold|dim|green)\](.*)\[/\1\]", re.DOTALL)


class PromptConsole:
    """A console on stdin/stdout; ``draw`` turns a game state into something rich prints."""

    def __init__(self, draw: Callable[[Any], Any], stderr: bool = False) -> None:
        from rich.console import Console

        self.out = Console(highlight=False, stderr=stderr)
        self.draw = draw

    def ask(self, prompt: str, hidden: bool = False) -> str:
        if hidden and sys.stdin.isatty():
            import getpass

            return getpass.getpass(f"{prompt}: ")
        self.out.print(f"{prompt}: ", end="", markup=False)
        line = sys.stdin.readline()
        if not line:
            self.out.print()
            raise EOFError
        if not sys.stdin.isatty():  # echo piped answers, except hidden ones
            self.out.print("(hidden)" if hidden else line.rstrip("\n"), markup=False)
        return line.rstrip("\n")

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
