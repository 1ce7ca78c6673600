"""My Word (1980): cards with letter pairs on their edges, laid out to make 4-letter words.

The rooms: ``deck.py`` (the cards, as data), ``board.py`` (where a card may go and what it
scores: the rules), ``game.py`` (deal, turns, knocks, the end, logs and replay),
``arrays.py`` and ``kernels.py`` (Numba move generation; ``reference.py`` its twin),
``players.py`` (beam search; random and greedy live beside the loop), ``reader.py`` (the
strongest: beam's search over deals from ``belief.py``, what the table says of the hidden
cards), ``squares.py`` (the
fixed square names people see and type), ``session.py`` (a person's game: state, moves,
save and load, for any front end), ``bench.py`` (its part in ``solver.arena.tournament``). The front
end lives in ``ui/``: ``commands.py``, ``line.py`` (line mode), ``screens.py`` (full
screen) and ``display.py`` (the drawing both share).
"""
