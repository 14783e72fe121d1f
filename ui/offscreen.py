"""What SDL's offscreen driver leaves out: a buffer swap that waits for the frame.

Under that driver (CI, bench/app.py, `./dev run`) a swap neither flushes nor waits. With
nothing more, Mesa's llvmpipe queued every frame's draw calls (about 200 KB a frame on the
table) until something forced a flush, and RSS grew by hundreds of MB. With a flush a frame
it drew them, but the app went on meanwhile, and whenever frames came faster than llvmpipe
drew them it kept more of its buffers, for good: about 4 MB over three games in the bench.
A display's swap waits until the frame is drawn; so does `wait_for_frame`, so what the bench
and CI time is what a screen would show.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from functools import cache

from kivy.graphics.opengl import glFinish


@cache
def finish() -> Callable[[], None]:
    """The driver's glFinish called through ctypes, which lets go of the GIL while it waits
    (the readers' threads poll meanwhile: Kivy's own glFinish holds the GIL for the ~10 ms
    llvmpipe takes to draw a table); Kivy's where EGL cannot be asked for it."""
    try:
        egl = ctypes.CDLL("libEGL.so.1")
    except OSError:
        return glFinish
    egl.eglGetProcAddress.restype = ctypes.c_void_p
    egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
    address = egl.eglGetProcAddress(b"glFinish")
    return ctypes.CFUNCTYPE(None)(address) if address else glFinish


def wait_for_frame(*_args: object) -> None:
    """Bound to the window's on_flip, under the offscreen driver only."""
    finish()()
