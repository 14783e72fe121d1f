"""A QR code drawn from its modules: one texture pixel block per module, no smoothing, so a
phone reads it off the screen (the BG Stats link on the score sheet).

On the sheet the code is a thumbnail in a button (`QrButton`) beside History and Home: a
long link's ~120 modules are too many for a phone to resolve at any size the sheet could
spare, so a tap shows it large, each module a whole number of pixels, three or more; the
sheet's rows keep the screen.

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
from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.input.motionevent import MotionEvent
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

import companion
from ui.theme import THEME

SCALE = 4  # texture pixels per module: rows stay 4-byte aligned for the GPU upload
TIMEOUT_S = 20.0  # a child Python and segno start in well under a second, even on a Pi
# where `companion` is found, in a clone or an install: the child starts there, whatever the
# app's working directory
PACKAGES = Path(companion.__file__).resolve().parents[1]

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


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


class QrButton(ButtonBehavior, BoxLayout):
    """The code as a thumbnail beside its words (qr.kv); a tap shows it large (`Enlarged`).
    Its room is kept while the code is worked out, so nothing moves when it comes; until it
    comes, and when none can be had, it is not drawn and takes no touch."""

    url = StringProperty("")

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if self.ids.code.texture is None:
            return False  # no code on show (none yet, or none to be had): no touch taken
        return super().on_touch_down(touch)

    def on_release(self) -> None:
        Enlarged(self.ids.code.texture).open()


def whole_pixels(modules: int, room: float) -> int:
    """The largest side within `room` that gives every module the same whole number of
    pixels (nearest-neighbour scaling by a fraction draws some modules wider than others)."""
    return max(int(room) // modules, 1) * modules


class Enlarged(ModalView):
    """The code as large as the screen allows; a tap anywhere closes it."""

    CAPTION = "Scan with the phone that has BG Stats · tap to close"

    def __init__(self, texture: Texture, **kwargs: object) -> None:
        super().__init__(**kwargs)
        modules = texture.width // SCALE
        caption = Label(
            text=self.CAPTION, font_size=THEME.font_body, color=THEME.text, size_hint_y=None
        )
        caption.height = THEME.touch
        side = whole_pixels(modules, min(Window.width, Window.height - caption.height) - dp(16))
        # exactly its size ("fill"): the side is a whole number of pixels a module
        self.code = Image(texture=texture, size_hint=(None, None), size=(side, side))
        self.code.fit_mode = "fill"
        self.code.pos_hint = {"center_x": 0.5}
        body = BoxLayout(orientation="vertical", padding=dp(4))
        body.add_widget(self.code)
        body.add_widget(caption)
        self.add_widget(body)
        self.background, self.background_color = "", THEME.background
        self.size_hint = (1, 1)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        self.dismiss()
        return True
