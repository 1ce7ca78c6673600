"""Saved games on disk: JSON written atomically, read back with a one-line error.

Every game that a person plays is saved after each turn, so Ctrl-C or a closed terminal
loses nothing; writing to a temporary file and renaming it means a crash mid-write leaves
the previous save intact.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from solver.errors import UserError


def write(data: Any, path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(data, indent=1), "utf-8")
    os.replace(temporary, path)


def read(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError:
        raise UserError(f"no saved game at {path}") from None
    except (OSError, ValueError) as error:
        raise UserError(f"cannot read the saved game {path}: {error}") from None
