"""Importing the app by any entry point keeps Kivy's files in the app's data directory,
never in ~/.kivy (issue 11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_ui_app_outside_python_m_ui_writes_nothing_to_home_kivy(tmp_path):
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_HOME", "XDG_"))}
    env.update(HOME=str(home), COMPANION_DATA=str(data), SDL_VIDEODRIVER="offscreen")
    env.update(KIVY_NO_ARGS="1")
    done = subprocess.run(
        [sys.executable, "-c", "import ui.app, kivy; print(kivy.kivy_home_dir)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == str(data / "kivy")
    assert (data / "kivy" / "config.ini").is_file()
    assert not (home / ".kivy").exists()
