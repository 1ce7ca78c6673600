"""The notebooks run top to bottom, at a tiny size, so that they cannot rot."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))


def test_there_is_a_notebook_per_game() -> None:
    assert [n.name for n in NOTEBOOKS] == [
        "my-word-1980.ipynb",
        "my-word-race.ipynb",
        "whats-my-word.ipynb",
    ]


@pytest.mark.heavy  # a Jupyter kernel per notebook: CI's second step (pytest -m heavy)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MYWORD_NOTEBOOK_GAMES", "4")
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("±" in o.get("text", "") for o in outputs)  # the summaries were printed
    assert any("image/png" in o.get("data", {}) for o in outputs)  # and the plots drawn
