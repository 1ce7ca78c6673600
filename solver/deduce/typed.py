"""Words as people type them, read the way every What's My Word? command reads them.

``CANCIÓN``, ``canción`` and ``cancion`` are one Spanish word: the language's own
``normalize`` (``lexicon.Language``: trimmed, lowercase, accents folded) is the one folding,
and this module applies it to a word typed on the command line, with a clear error when the
word holds characters its language has no letter for. No numpy here: ``deduce score`` reads
its two words with it and must start fast.
"""

from __future__ import annotations

from solver.runtime.errors import UserError
from solver.wordtools import lexicon


def typed_word(text: str, what: str, lang: str = "en") -> str:
    """A word a person typed (``what``: "the Gameword", ...), in the form the dictionaries
    store it (so that CANCIÓN is CANCION), or a UserError when it holds anything but the
    language's letters."""
    spec = lexicon.language(lang)
    word = spec.normalize(text)
    if not word:
        raise UserError(f"{what} is empty")
    if shown := spec.shown_foreign(word):
        raise UserError(
            f"{what} {text!r} holds characters that are not {spec.name} letters: {shown}"
            + lexicon.other_languages(text, lang)
        )
    return word
