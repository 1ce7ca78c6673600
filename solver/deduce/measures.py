"""What a recommended Guessword's value measures (``strategies.Choice.measure``).

Strategies rank by different things, and the opening book ranks by yet another: advice
shows each measure in a column of its own, named in its header (one "value" column once
held the book's 31,516, points to the round's end, beside the lookahead's 1,678, a score
over two rows). A module of its own, without numpy, so that the display can name them.
"""

ROW_POINTS = "row_points"  # expected points this row: points; the last row; one word left
BITS = "bits"  # information from the score heard (entropy; points break ties)
TO_END = "points_to_end"  # expected points from this row to the round's end: the opening
# book's rollout and the endgame search
LOOKAHEAD = "lookahead_score"  # expected points this row and the next, plus a credit per bit
# of information for the rows after (``strategies.INFORMATION_UNITS``): a ranking, not
# points to come
MEASURES = (ROW_POINTS, BITS, TO_END, LOOKAHEAD)
STRATEGY_MEASURES = {"points": ROW_POINTS, "entropy": BITS, "lookahead": LOOKAHEAD}  # as a rule
