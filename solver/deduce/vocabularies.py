"""The Guessword vocabularies a player may ask for, and the default.

A module of its own, without numpy, so that the command line can name them at start-up
(``strategies`` re-exports both).

The default is the words a person knows: the ``familiar`` tier (core words met at least
once per million words, whose frequency is their own; ``docs/known-words.md``). A
Guessword the table does not know may be rejected (the rulebook), and one a person has
never met (HENT, SOKE, HAZAN; FER and HES, whose frequency is "for" and "he's") teaches
them nothing when a bot or the advice plays it. ``core`` (a common dictionary, the default
until issue 27) and ``all`` (every word of the play list) stay available.
"""

VOCABULARIES = ("familiar", "core", "all")  # lexicon tiers, narrowest first
DEFAULT_VOCABULARY = "familiar"
