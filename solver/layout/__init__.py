"""My Word (1980): cards with letter pairs on their edges, laid out to make 4-letter words.

Work in progress: the deck is here (``deck.py``); the rules engine, players and game loop
come next (issue "My Word (1980) layout game").
"""
