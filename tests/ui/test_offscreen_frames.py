"""The per-frame glFlush is a workaround for SDL's offscreen driver: never bound on the Pi."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.apphelp import close_app, open_app
from ui.app import submit_frame


def flush_bound() -> bool:
    return any(o() is submit_frame for o in Window.get_property_observers("on_flip"))


def unbind_all() -> None:
    while flush_bound():  # apps opened earlier in this process bound it
        Window.unbind(on_flip=submit_frame)


def test_glflush_is_bound_only_under_the_offscreen_driver(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    for driver, bound in (("kmsdrm", False), ("offscreen", True)):
        unbind_all()
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        app = open_app()
        try:
            assert flush_bound() is bound, driver
        finally:
            close_app(app)
