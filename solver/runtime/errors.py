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


def raised(error: BaseException) -> str:
    """What a player of one's own raised, for its one-line error: the exception and where
    it was raised (``raised KeyError: 'missing' (my_bot.py, line 4, in helper)``). The
    line shows no traceback, so without the place an author had only the message to go
    on. The place is the author's: the last frame outside myword's own package and the
    standard library (``random.choice([])`` is the line that called it, not random.py's),
    one outside the installed packages first (numpy's own frames are not the author's);
    else the last frame."""
    import sysconfig
    import traceback
    from pathlib import Path

    package = Path(__file__).resolve().parents[1]  # solver/
    paths = sysconfig.get_paths()
    standard = {Path(paths[key]).resolve() for key in ("stdlib", "platstdlib")}
    installed = {Path(paths[key]).resolve() for key in ("purelib", "platlib")}

    def within(filename: str, folders: set[Path]) -> bool:
        where = Path(filename).resolve()
        return any(where.is_relative_to(folder) for folder in folders)

    frames = traceback.extract_tb(error.__traceback__)
    # (the standard library's folder holds site-packages in some installs: checked first)
    theirs = [
        f
        for f in frames
        if not within(f.filename, {package})
        and (within(f.filename, installed) or not within(f.filename, standard))
    ]
    own = [f for f in theirs if not within(f.filename, installed)]
    where = ""
    if own or theirs or frames:
        place = (own or theirs or frames)[-1]
        where = f" ({Path(place.filename).name}, line {place.lineno}, in {place.name})"
    return f"raised {type(error).__name__}: {error}{where}"
