"""Every move of the reader timed, in games against beam (docs/layout-reader.md, "How strong,
how fast"): the median, the 95th percentile and the slowest, for issue 27's 0.3 s a move.

    python bench/layout_reader_move_times.py '{}' 30 2
    python bench/layout_reader_move_times.py '{"width": 32}' 16 4

The setting is the reader's (as ``layout_reader_study.py versus`` takes it), then the
number of games (dealt from seed 70000 on, the reader at seat g mod players, played by
``layout_reader_study.py``'s game loop) and players.
"""

import json
import sys

import numpy as np
from layout_reader_study import _game  # the study's game loop: reader against beam

from solver.layout.belief import BeliefSettings
from solver.layout.reader import ReaderSettings


def move_times(settings: ReaderSettings, games: int, players: int) -> np.ndarray:
    """Milliseconds of each of the reader's moves in ``games`` games against beam."""
    spent: list[float] = []
    for g in range(games):
        _, seconds = _game(players, g % players, 70000 + g, settings, False, False)
        spent += seconds
    return np.array(spent) * 1000


def main() -> None:
    changed = json.loads(sys.argv[1])
    games = int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    belief = BeliefSettings(**changed.pop("belief", {}))
    spent = move_times(ReaderSettings(**changed, belief=belief), games, players)
    print(
        f"{sys.argv[1]} {players}p: {len(spent)} moves, median {np.median(spent):.1f} ms, "
        f"p95 {np.percentile(spent, 95):.1f}, max {spent.max():.1f}"
    )


if __name__ == "__main__":
    main()
