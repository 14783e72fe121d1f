"""A QR code drawn from its modules: one texture pixel block per module, no smoothing, so a
phone reads it off the screen (the BG Stats link on the score sheet).

The modules come from a child Python (`python -m companion.qr URL`), on a thread of their
own: segno and what it imports would otherwise stay in the app all evening for one code a
game (`companion.qr` says what). The code shows a moment after the sheet.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.logger import Logger
from kivy.properties import StringProperty
from kivy.uix.image import Image

import companion

SCALE = 4  # texture pixels per module: rows stay 4-byte aligned for the GPU upload
TIMEOUT_S = 20.0  # a child Python and segno start in well under a second, even on a Pi
# where `companion` is found, in a clone or an install: the child starts there, whatever the
# app's working directory
PACKAGES = Path(companion.__file__).resolve().parents[1]


def module_rows_apart(url: str, python: str = sys.executable) -> list[str]:
    """The code's rows from the top, "1" a dark module, worked out by a child Python.
    Raises OSError or subprocess.SubprocessError (no child, a failed or a slow one)."""
    done = subprocess.run(
        [python, "-m", "companion.qr", url],
        cwd=PACKAGES,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=True,
    )
    return done.stdout.split()


def luminance(rows: list[str]) -> bytes:
    """The rows as texture pixels, SCALE to a module; Kivy textures start at the bottom."""
    lines = [bytes(0 if dark == "1" else 255 for dark in row for _ in range(SCALE)) for row in rows]
    return b"".join(line for line in reversed(lines) for _ in range(SCALE))


class QrImage(Image):
    """Shows `url` as a QR code once its modules are known; an empty `url` shows nothing."""

    url = StringProperty("")
    python = sys.executable  # the child Python (tests name one that fails)

    def on_url(self, *_args: object) -> None:
        self.texture, self.opacity = None, 0
        if self.url:
            threading.Thread(target=self._work_out, args=(self.url,), daemon=True).start()

    def _work_out(self, url: str) -> None:
        try:
            rows = module_rows_apart(url, self.python)
        except (OSError, subprocess.SubprocessError) as err:
            Logger.warning("QR: no code for the BG Stats link (%s)", err)
            return
        Clock.schedule_once(lambda _dt: self._draw(url, rows))

    def _draw(self, url: str, rows: list[str]) -> None:
        if url != self.url or not rows:
            return  # another link, or none, since it was asked for
        size = len(rows) * SCALE
        texture = Texture.create(size=(size, size), colorfmt="luminance")
        texture.blit_buffer(luminance(rows), colorfmt="luminance", bufferfmt="ubyte")
        texture.mag_filter = texture.min_filter = "nearest"
        self.texture, self.opacity = texture, 1
