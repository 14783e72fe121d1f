"""Under SDL's offscreen driver each frame is waited for, as a display's swap waits for it:
a workaround for that driver alone, never bound on the Pi."""

from __future__ import annotations

import ctypes

from kivy.core.window import Window

import ui.offscreen
from tests.ui.apphelp import close_app, frames, open_app
from ui.offscreen import wait_for_frame


def wait_bound() -> bool:
    return any(o() is wait_for_frame for o in Window.get_property_observers("on_flip"))


def unbind_all() -> None:
    while wait_bound():  # apps opened earlier in this process bound it
        Window.unbind(on_flip=wait_for_frame)


def test_the_frame_wait_is_bound_only_under_the_offscreen_driver(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    for driver, bound in (("kmsdrm", False), ("offscreen", True)):
        unbind_all()
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        app = open_app()
        try:
            assert wait_bound() is bound, driver
        finally:
            close_app(app)


def test_each_frame_drawn_offscreen_is_waited_for_not_only_flushed(tmp_path, monkeypatch):
    """A flush alone let llvmpipe fall behind and keep the buffers it queued (4 MB)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    unbind_all()
    waits: list[int] = []
    real = ui.offscreen.finish()
    monkeypatch.setattr(ui.offscreen, "finish", lambda: lambda: (waits.append(1), real())[1])
    app = open_app()
    try:
        flips: list[int] = []

        def flipped(*_args: object) -> None:
            flips.append(1)

        Window.bind(on_flip=flipped)
        before = len(waits)
        for _ in range(5):
            Window.canvas.ask_update()
            frames()
        Window.unbind(on_flip=flipped)
        assert flips and len(waits) - before == len(flips)
    finally:
        close_app(app)


def test_the_wait_lets_other_threads_run():
    """Through ctypes, which releases the GIL for the call; Kivy's glFinish keeps it while
    llvmpipe draws, and the reader's poll waited behind it (tag -> prompt p99 +15 ms)."""
    assert isinstance(ui.offscreen.finish(), ctypes._CFuncPtr)
