"""A What's My Word? strategy of one's own: name the likeliest Gameword's letters.

On every row it takes the likeliest candidate left (by the familiar prior) and names the
part of it the row asks for, when that part is a word; on the last row, the candidate
itself. Benchmark it against the built-ins with one command:

    myword deduce bench --strategy lookahead,points,examples/deduce_likeliest.py:guess
"""

from solver.deduce.players import GuesserView, candidates
from solver.wordtools import lexicon


def guess(view: GuesserView) -> str:
    likeliest = candidates(view)
    if view.last_row:
        return likeliest[0]
    row = view.sheet.rows[view.row_index]
    for word in likeliest:
        part = word[row.offset : row.offset + row.length]
        if lexicon.is_word(part, view.lang):
            return part
    return lexicon.words(row.length, "familiar", view.lang)[0]
