"""Tournament plots (matplotlib, PNG): how the scores spread, and where they are made.

``scores.png``: one histogram of scores per entry, their means marked. ``breakdown.png``:
the mean score at each row, round or turn, per entry, with 95% intervals. matplotlib is
imported here only, with the Agg backend, so nothing else pays for it or needs a display.
The intervals are the summary's (``solver.arena.tournament``: Student's t, since late rows and turns
are reached by few games); nothing is computed here, so the plots say what the table says.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from solver.runtime.errors import UserError

if TYPE_CHECKING:
    from matplotlib.patches import Polygon

    from solver.arena.tournament import Summary


def require_matplotlib() -> None:
    """A one-line error naming the extra when matplotlib is not installed: plots are an
    optional part of myword (a large install that most users never need; its size:
    docs/performance.md, "Memory")."""
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        raise UserError("--plot needs matplotlib: pip install 'myword-games[plot]'")


def prepare(directory: Path) -> None:
    """The plots' folder, made and tried with a file before the tournament: one that
    cannot take a file (``/proc/self``, a folder not ours) was a traceback once every game
    was played, and the summary was lost with it."""
    import os

    probe = Path(directory) / f".myword-plot-{os.getpid()}"
    try:
        Path(directory).mkdir(parents=True, exist_ok=True)
        os.close(os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        os.unlink(probe)
    except FileExistsError:  # a device or a file where the folder should be
        raise UserError(f"cannot write plots into {directory}: it is not a folder") from None
    except OSError as error:
        raise UserError(f"cannot write plots into {directory}: {error.strerror}") from None


def _save(figure: Any, path: Path) -> None:
    try:
        figure.savefig(path, dpi=110)
    except OSError as error:  # the folder changed since ``prepare``, a full disk
        raise UserError(f"cannot write the plot {path}: {error.strerror or error}") from None


def plot(summary: Summary, scores: Sequence[Sequence[float]], directory: Path) -> list[Path]:
    """Write the plots into ``directory``; return their paths. ``scores``: every score
    of each entry (``arena.Outcome.scores``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"cannot write plots into {directory}: {error.strerror}") from None
    title = f"{summary['game']}: {summary['games']} games, seed {summary['seed']}"
    players = summary["players"]
    written = []

    figure, axes = plt.subplots(figsize=(8, 4.5))
    everything = np.concatenate([np.asarray(s, dtype=float) for s in scores])
    distinct = len(np.unique(everything))
    edges = np.histogram_bin_edges(everything, bins=min(40, max(5, distinct)))  # shared
    for row in players:
        label = f"{row['player']} (mean {row['mean_score']:.1f})"
        _, _, patches = axes.hist(
            scores[row["entry"]], bins=edges.tolist(), histtype="step", linewidth=1.8, label=label
        )
        # matplotlib types the patches for every kind of histogram; a "step" one of one
        # data set draws a list of one outline
        colour = cast("list[Polygon]", patches)[0].get_edgecolor()
        axes.axvline(row["mean_score"], linestyle="--", linewidth=1, color=colour)
    axes.set_xlabel(summary["score"])
    axes.set_ylabel("games")
    axes.set_title(f"Score distribution — {title}")
    axes.legend()
    figure.tight_layout()
    written.append(directory / "scores.png")
    _save(figure, written[-1])
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(8, 4.5))
    for row in players:
        points = row["breakdown"]
        if not points:
            continue
        xs = list(range(1, len(points) + 1))
        means = [p["mean"] for p in points]
        errors = [p["ci95"] for p in points]  # Student's t half-widths (arena.Moments)
        axes.errorbar(xs, means, yerr=errors, marker="o", capsize=3, label=row["player"])
    axes.set_xlabel(summary["breakdown"])
    axes.set_ylabel(f"mean {summary['score']} (95% interval)")
    axes.set_title(f"By {summary['breakdown']} — {title}")
    axes.legend()
    figure.tight_layout()
    written.append(directory / "breakdown.png")
    _save(figure, written[-1])
    plt.close(figure)
    return written
