"""Where the app keeps its files: one answer for `python -m ui` and the app itself.

`python -m ui` must point KIVY_HOME here before Kivy is imported, and the app opens
companion.db here afterwards, so this module imports no Kivy: both ask it, and Kivy's
settings and the save file always live in the same folder.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """COMPANION_DATA, else $XDG_CONFIG_HOME/companion (~/.config/companion); made if missing."""
    configured = os.environ.get("COMPANION_DATA")
    if configured:
        path = Path(configured)
    else:
        path = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "companion"
    path.mkdir(parents=True, exist_ok=True)
    return path


def setup_file_dir(name: str) -> Path:
    """Where an owner puts the files a game reads at set-up besides the deck (its
    definition's `setup_files`): `maps/` in the data directory for a "map". Not made here:
    Setup only looks, and the user guide says where to create it."""
    return data_dir() / f"{name}s"
