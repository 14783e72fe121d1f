"""Where a scan's time on the UI thread goes, for `bench/app.py --phases`: handing the commit
to the writer thread, the screen's refresh, label textures, layouts and the frame's draw,
each timed around the real call (the draw includes the label textures: Kivy renders them as
they are first drawn), and how many layouts and label textures a scan makes. The commit itself
runs on the writer thread (companion/writer.py)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from kivy.core.text import LabelBase
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.stacklayout import StackLayout


class Phases:
    def __init__(self) -> None:
        self.now: dict[str, float] = {}
        self.runs: list[dict[str, float]] = []
        self.calls: dict[str, int] = {}  # this scan's calls by key
        self.counted: list[dict[str, int]] = []

    def timed(self, key: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def timing(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            self.calls[key] = self.calls.get(key, 0) + 1
            try:
                return call(*args, **kwargs)
            finally:
                self.now[key] = self.now.get(key, 0.0) + time.perf_counter() - started

        timing.__name__ = call.__name__  # Kivy's weak methods look callbacks up by name
        return timing

    def watch(self, app: Any) -> None:
        """Time the app's own store, table screen and window, and Kivy's text and layouts."""
        from kivy.core.window import Window

        app.store.append_later = self.timed("hand-off", app.store.append_later)
        screen = app.root.get_screen("table")
        screen.refresh = self.timed("refresh", screen.refresh)
        Window.on_draw = self.timed("draw", Window.on_draw)
        LabelBase._render_real = self.timed("text", LabelBase._render_real)
        for layout in (BoxLayout, GridLayout, StackLayout):
            layout.do_layout = self.timed("layout", layout.do_layout)

    def scan_done(self) -> None:
        self.runs.append(self.now)
        self.counted.append(self.calls)
        self.now, self.calls = {}, {}

    def forget(self) -> None:
        """Drop what was timed since the last scan (the undo's is not a scan's)."""
        self.now, self.calls = {}, {}

    def report(self) -> str:
        keys = ("hand-off", "refresh", "layout", "text", "draw")
        p50 = {k: statistics.median(r.get(k, 0.0) for r in self.runs) * 1000 for k in keys}
        cells = ", ".join(f"{k} {ms:.1f}" for k, ms in p50.items())
        layouts = statistics.median(c.get("layout", 0) for c in self.counted)
        texts = statistics.median(c.get("text", 0) for c in self.counted)
        return (
            f"  UI thread's share, p50 ms: {cells} (text is part of draw; the rest is the"
            " engine, Kivy's clock and property bindings)\n"
            f"  a scan's layouts {layouts:.0f}, label textures {texts:.0f} (p50)"
        )
