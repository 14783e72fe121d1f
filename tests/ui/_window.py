"""Open Kivy's offscreen window for UI tests, or fail them with one clear reason.

A Kivy window that cannot open calls sys.exit() and would end the whole pytest run, so a
throwaway subprocess tries first; the answer is cached in the environment for this run.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile

import pytest

ENV = {
    "SDL_VIDEODRIVER": "offscreen",
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONSOLELOG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_WINDOW": "sdl2",
}
PROBE = "from kivy.core.window import Window; assert Window is not None"


def require_window() -> None:
    """Call at module level before importing anything that builds widgets."""
    for key, value in ENV.items():
        os.environ.setdefault(key, value)
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
    if "UI_TEST_WINDOW_OK" not in os.environ:
        probe = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, timeout=60)
        os.environ["UI_TEST_WINDOW_OK"] = "1" if probe.returncode == 0 else "0"
    if os.environ["UI_TEST_WINDOW_OK"] != "1":
        # Never a silent skip: CI must show that the UI went untested, and why.
        pytest.fail(
            "no Kivy window can open here (install libgl1 libegl1: ./dev test does)", pytrace=False
        )
    importlib.import_module("ui")  # before Kivy, as in `python -m ui`: the app's own clock
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.core.window import Window

    Window.size = (800, 480)
