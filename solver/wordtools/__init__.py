"""Word tools shared by the three games: the lexicon (word lists, tiers, letter codes), the
word index and the word checker. Above the runtime, below every game."""
