"""The one exception type the command line turns into a one-line message.

Anything a user can get wrong (a missing file, an unknown language, a word of the wrong
length) raises a subclass of ``UserError`` with a message fit to print as it is; any other
exception is a bug and keeps its traceback.
"""


class UserError(ValueError):
    """Bad input from a person: printed as one line, exit status 1 (``ui.group``)."""


class LexiconError(UserError):
    """A language, word list, text or pool that cannot be used."""


def one_line(text: str) -> str:
    """``text`` as one line of plain text: a line break (and the spaces around it) is one
    space, and any other character that is not printable is shown escaped (``\\x1b``).
    What an engine, a plugin's exception or a file said may hold both, and an error is one
    line that no program can use to move the cursor or retitle the terminal."""
    joined = " ".join(part.strip() for part in text.splitlines() if part.strip())
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in joined)
