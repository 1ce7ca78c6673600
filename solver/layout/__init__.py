"""My Word (1980): cards with letter pairs on their edges, laid out to make 4-letter words.

Work in progress: the deck (``deck.py``) and the placement rules (``board.py``: words on
every touching edge, stacks, symbols, the 6 x 6 limit) are here; turns, hands, knocks, the
end of the game, logs and replay, players and the CLI come next.
"""
