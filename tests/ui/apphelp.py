"""Drive the real CompanionApp in this process: open it, tick frames, press what players press."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from tests.ui._window import require_window

require_window()

from kivy.app import App  # noqa: E402
from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.floatlayout import FloatLayout  # noqa: E402
from kivy.uix.gridlayout import GridLayout  # noqa: E402
from kivy.uix.relativelayout import RelativeLayout  # noqa: E402
from kivy.uix.stacklayout import StackLayout  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.deck import Deck, make_component  # noqa: E402
from companion.table import Table  # noqa: E402
from tests.ui.autoplay import play_to_the_end  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui.widgets.sheet import SheetGrid  # noqa: E402

# 11 cards: two players play two rounds (5 dealt each), then one breakage card is left.
SMALL = [
    ("cup", "wave", 1), ("cup", "crane", 2), ("saucer", "wave", 1), ("bowl", "blossom", 2),
    ("bowl", "wave", 1), ("vase", "crane", 2), ("plate", "lattice", 1), ("plate", "wave", 2),
    ("teapot", "wave", 2), ("gold", None, 3), ("tea-jar", "crane", 1),
]  # fmt: skip


def small_deck() -> Deck:
    deck = Deck("broken-and-beautiful", "Test deck")
    for i, (kind, pattern, ingots) in enumerate(SMALL):
        fields = {"uid": f"04000000AA{i:04X}", "kind": kind, "ingots": ingots}
        deck.add(make_component(deck.game, fields | ({"pattern": pattern} if pattern else {})))
    return deck


def play_demo(app: CompanionApp, names: list[str], after_each: Callable[[], None]) -> None:
    """A whole game of the demo Broken and Beautiful deck (the bench's), the first legal
    input each time."""
    app.import_demo_decks()
    demo = next(
        d for d in app.decks() if d.name != "Test deck" and d.game == "broken-and-beautiful"
    )
    app.open_table(Table.start(app.store, demo, names))
    play_to_the_end(app, after_each)


def open_app(reader: str | None = "sim://?interval=0.005") -> CompanionApp:
    app = CompanionApp(reader=reader)
    app._run_prepare()
    # tests lay cards far faster than hands do: the rescan guard has its own tests
    app.session.rescan.window = 0.0
    app.store.save_deck("broken-and-beautiful", "Test deck", small_deck().to_toml())
    frames(2)
    return app


def close_app(app: CompanionApp) -> None:
    app.dispatch("on_stop")
    for child in list(Window.children):
        Window.remove_widget(child)
    App._running_app = None


def frames(n: int = 1) -> None:
    for _ in range(n):
        EventLoop.idle()


def until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Tick frames until `condition` holds (reader events cross a thread). The timeout only
    bounds a failure: on a loaded CI machine a game's worth of frames can take 20 s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the screen did not get there in time")
        frames()


def touch(x: float, y: float) -> None:
    """A finger down and up at window point (x, y), then a frame: what a player's tap does."""
    finger = UnitTestTouch(x, y)
    finger.touch_down()
    finger.touch_up()
    frames()


def press(widget: Widget) -> None:
    assert not widget.disabled, f"{widget} is disabled"
    widget.dispatch("on_press")
    widget.dispatch("on_release")
    frames()


def walk(root: Widget) -> Iterator[Widget]:
    yield root
    for child in root.children:
        yield from walk(child)


def texts(root: Widget) -> list[str]:
    """Every text on show under `root`: labels' and buttons', and the score sheet's cells."""
    found = []
    for w in walk(root):
        if isinstance(getattr(w, "text", None), str) and w.text:
            found.append(w.text)
        if isinstance(w, SheetGrid):
            found += [cell.text for cell in w.cells if cell.text]
    return found


def button(root: Widget, text: str) -> Widget:
    """The one enabled, visible button whose text starts with `text`."""
    found = [
        w
        for w in walk(root)
        if hasattr(w, "on_release")
        and str(getattr(w, "text", "")).startswith(text)
        and not w.disabled
        and w.opacity > 0
    ]
    assert len(found) == 1, f"{len(found)} buttons start with {text!r}: {texts(root)}"
    return found[0]


def count_layouts(monkeypatch: Any, inside: set[int]) -> list[str]:
    """From now, the names of the layouts of the widgets in `inside` as Kivy runs them."""
    laid_out: list[str] = []
    for layout in (BoxLayout, GridLayout, StackLayout, FloatLayout, RelativeLayout):
        real = layout.do_layout

        def counting(self, *args, _real=real, **kwargs):
            if id(self) in inside:
                laid_out.append(type(self).__name__)
            return _real(self, *args, **kwargs)  # RelativeLayout's passes pos=

        counting.__name__ = "do_layout"  # Kivy's triggers call it back by name
        monkeypatch.setattr(layout, "do_layout", counting)
    return laid_out
