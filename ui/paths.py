"""Where the app keeps its files: one answer for `python -m ui`, the app and the CLI.

`python -m ui` must point KIVY_HOME here before Kivy is imported, and the app opens
companion.db here afterwards, so this imports no Kivy. The answer itself lives in
companion.datadir, where `companion reader test` finds the readers Settings saved.
"""

from __future__ import annotations

from companion.datadir import data_dir as data_dir
