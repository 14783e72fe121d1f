"""A QR code drawn from its modules: one texture pixel block per module, no smoothing, so a
phone reads it off the screen (the BG Stats link on the score sheet)."""

from __future__ import annotations

from kivy.graphics.texture import Texture
from kivy.properties import StringProperty
from kivy.uix.image import Image

from companion.bgstats import qr_code

SCALE = 4  # texture pixels per module: rows stay 4-byte aligned for the GPU upload


class QrImage(Image):
    """Shows `url` as a QR code; an empty `url` shows nothing."""

    url = StringProperty("")

    def on_url(self, *_args: object) -> None:
        if not self.url:
            self.texture, self.opacity = None, 0
            return
        modules = list(qr_code(self.url).matrix_iter(scale=SCALE, border=4))
        size = len(modules)
        # Kivy textures start at the bottom row: the last matrix row goes first.
        pixels = bytes(0 if dark else 255 for row in reversed(modules) for dark in row)
        texture = Texture.create(size=(size, size), colorfmt="luminance")
        texture.blit_buffer(pixels, colorfmt="luminance", bufferfmt="ubyte")
        texture.mag_filter = texture.min_filter = "nearest"
        self.texture, self.opacity = texture, 1
