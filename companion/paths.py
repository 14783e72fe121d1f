"""Where the companion keeps its files: one answer for the app, `python -m ui` and the CLI.

The CLI's `--db` defaults to the app's save file, so `companion history` and `companion
export` read the games played on the touchscreen without being told where they are, and
`companion reader test` tests the readers Settings saved there. That one only reads (a
read-only connection, no lock, nothing made), so it works while the app runs.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

SAVE_FILE = "companion.db"
READERS_KEY = "readers"  # the setting Settings › Save readers writes the reader list under
SHARED_EXAMPLES = Path("share/table-companion/examples")  # pyproject's data-files put them there


def data_dir(*, make: bool = True) -> Path:
    """COMPANION_DATA, else $XDG_CONFIG_HOME/companion (~/.config/companion); made if missing
    unless `make` is false (a command that only looks)."""
    configured = os.environ.get("COMPANION_DATA")
    if configured:
        path = Path(configured)
    else:
        path = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "companion"
    if make:
        path.mkdir(parents=True, exist_ok=True)
    return path


def save_file() -> Path:
    """The app's save file (decks, games, results)."""
    return data_dir() / SAVE_FILE


def saved_setting(key: str, db: Path) -> Any:
    """A setting from the save file at `db`, or None when it has none (or there is no file).

    Raises sqlite3.Error when the file cannot be read as a save.
    """
    if not db.is_file():
        return None
    connection = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        has_meta = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
        ).fetchone()
        row = (
            has_meta
            and connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        )
    finally:
        connection.close()
    return json.loads(row[0]) if row else None


def app_holding(db: Path) -> str | None:
    """Who holds the save's writer lock (the running app: "process 812 (...)"), else None."""
    lock = db.with_name(db.name + ".lock")
    try:
        handle = lock.open(encoding="utf-8")
    except OSError:
        return None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return handle.read(200).strip() or "another process"
        fcntl.flock(handle, fcntl.LOCK_UN)
    return None


def examples_dir() -> Path:
    """The demo decks and scripts: the clone's examples/ (a checkout or an editable install),
    else where a wheel put them, under the environment's prefix (`--demo` in any install)."""
    clone = Path(__file__).resolve().parents[1]
    if (clone / "pyproject.toml").is_file() and (clone / "examples").is_dir():
        return clone / "examples"
    return Path(sys.prefix) / SHARED_EXAMPLES
