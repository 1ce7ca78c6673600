"""The one exception type the command line turns into a one-line message.

Anything a user can get wrong (a missing file, an unknown language, a word of the wrong
length) raises a subclass of ``UserError`` with a message fit to print as it is; any other
exception is a bug and keeps its traceback.
"""


class UserError(ValueError):
    """Bad input from a person: printed as one line, exit status 2."""


class LexiconError(UserError):
    """A language, word list, text or pool that cannot be used."""
