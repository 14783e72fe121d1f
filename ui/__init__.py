"""The touchscreen app.

Kivy reads KIVY_HOME when it is first imported and writes its config and logs there, so the
package points it at the app's data directory before any of its modules can import Kivy:
`python -m ui`, a tool or a test importing `ui.app` all keep Kivy out of `~/.kivy`.
It also picks Kivy's `free_all` clock, so a reader's thread can wake the UI loop for a scan
(ui.app.scan_waker says why that clock).
"""

from __future__ import annotations

import os
from pathlib import Path

from ui.paths import data_dir

os.environ.setdefault("KIVY_HOME", str(data_dir() / "kivy"))
os.environ.setdefault("KIVY_CLOCK", "free_all")
Path(os.environ["KIVY_HOME"]).mkdir(parents=True, exist_ok=True)  # Kivy makes one level
