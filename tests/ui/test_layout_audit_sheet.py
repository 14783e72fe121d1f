"""tools/contact_sheet.py lays the audit's screenshots out on sheets: one sheet per so many
shots, each shot in its place, and a clear word when there is nothing to lay out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.ui.apphelp import Window, frames

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "contact_sheet.py"


def sheet_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120
    )


def test_every_shot_goes_on_a_sheet(tmp_path):
    from kivy.core.image import Image

    shots = tmp_path / "shots" / "screens"
    shots.mkdir(parents=True)
    before = Window.clearcolor
    Window.clearcolor = (0.9, 0.1, 0.1, 1)  # a red window: the sheet must show red
    frames(2)
    for name in ("001-Home", "002-Setup", "003-Decks"):
        taken = Path(Window.screenshot(name=str(shots / f"{name}.png")))
        taken.replace(shots / f"{name}.png")
    Window.clearcolor = before
    done = sheet_tool(str(tmp_path / "shots"), "--per", "2")
    assert done.returncode == 0, done.stderr
    sheets = sorted((tmp_path / "shots" / "sheets").glob("*.png"))
    assert [s.name for s in sheets] == ["sheet-01.png", "sheet-02.png"]
    first = Image.load(str(sheets[0]), keep_data=True)
    assert first.width == 4 * (400 + 6)  # four thumbnails a row
    r, g, b, _a = first.read_pixel(100, 100)  # inside the first thumbnail
    assert r > 0.8 and g < 0.3 and b < 0.3


def test_nothing_to_lay_out_is_said(tmp_path):
    done = sheet_tool(str(tmp_path))
    assert done.returncode == 1 and "no screenshots" in done.stderr
    done = sheet_tool(str(tmp_path / "missing"))
    assert done.returncode == 2 and "no folder" in done.stderr
