"""MY WORD!: the speed card game. Decks, claims (the rules), the anagram index, the race.

Public API: ``best_spelling`` (which cards spell a word, most cards first) and the decks.
"""

from solver.race.claims import Spelling, best_spelling
from solver.race.deck import Deck, builtin_deck, load_deck

__all__ = ["Deck", "Spelling", "best_spelling", "builtin_deck", "load_deck"]
