"""Where the companion keeps its files: one answer for the app, `python -m ui` and the CLI.

The CLI's `--db` defaults to the app's save file, so `companion history` and `companion
export` read the games played on the touchscreen without being told where they are.
"""

from __future__ import annotations

import os
from pathlib import Path

SAVE_FILE = "companion.db"


def data_dir() -> Path:
    """COMPANION_DATA, else $XDG_CONFIG_HOME/companion (~/.config/companion); made if missing."""
    configured = os.environ.get("COMPANION_DATA")
    if configured:
        path = Path(configured)
    else:
        path = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "companion"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_file() -> Path:
    """The app's save file (decks, games, results)."""
    return data_dir() / SAVE_FILE
