"""My Word (1980): cards with letter pairs on their edges, laid out to make 4-letter words.

The rooms: ``deck.py`` (the cards, as data), ``board.py`` (where a card may go and what it
scores: the rules), ``game.py`` (deal, turns, knocks, the end, logs and replay),
``arrays.py`` and ``kernels.py`` (Numba move generation; ``reference.py`` its twin),
``players.py`` (beam search; random and greedy live beside the loop), ``session.py`` and
``display.py`` (a game in the terminal), ``bench.py`` (its part in ``solver.arena``).
"""
