"""Where the app keeps its files: one answer for `python -m ui` and the app itself.

`python -m ui` must point KIVY_HOME here before Kivy is imported, and the app opens
companion.db here afterwards, so this module imports no Kivy: both ask it, and Kivy's
settings and the save file always live in the same folder. The answer itself lives in
`companion.paths`, so the CLI finds the same save file.
"""

from __future__ import annotations

from companion.paths import data_dir

__all__ = ["data_dir"]
