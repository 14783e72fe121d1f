"""ClipScroll shows its content only inside itself, wherever it moves, and still scrolls:
the scissor that replaced the stencil clips as the stencil did (read back from the frame)."""

import re
from pathlib import Path

from tests.ui._window import require_window

require_window()

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.graphics import Color, Rectangle  # noqa: E402
from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels  # noqa: E402
from kivy.graphics.stencil_instructions import StencilPush  # noqa: E402
from kivy.uix.floatlayout import FloatLayout  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from ui.widgets.clip import ClipScroll, Scroller  # noqa: E402

RED = (255, 0, 0)


def red_at(x: int, y: int) -> bool:
    """Whether the drawn frame is red at window pixel (x, y), origin bottom-left."""
    pixel = glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE)
    return tuple(pixel[:3]) == RED


def draw() -> None:
    for _ in range(3):
        EventLoop.idle()
    Window.canvas.ask_update()
    Window.on_draw()


def a_view(pos: tuple[int, int], band: int = 400) -> tuple[FloatLayout, ClipScroll]:
    """A 100x60 view at `pos` holding 400x400 of content, red in its top `band` pixels:
    it starts scrolled to the content's top left, so the rest runs out right and below."""
    root = FloatLayout()
    view = ClipScroll(size_hint=(None, None), size=(100, 60), pos=pos)
    content = Widget(size_hint=(None, None), size=(400, 400))
    with content.canvas:
        Color(1, 0, 0, 1)
        box = Rectangle(size=(400, band))
    content.bind(pos=lambda _w, p: setattr(box, "pos", (p[0], p[1] + 400 - band)))
    view.add_widget(content)
    root.add_widget(view)
    Window.add_widget(root)
    return root, view


def test_content_shows_inside_the_view_only_and_the_clip_follows_it():
    root, view = a_view((100, 100))
    try:
        draw()
        assert red_at(150, 130)  # inside
        assert not red_at(205, 130) and not red_at(150, 95)  # right of it, under it
        view.pos = (400, 300)
        draw()
        assert red_at(450, 330)
        assert not red_at(150, 130)  # where it was
        assert not red_at(505, 330) and not red_at(450, 295)
    finally:
        Window.remove_widget(root)


def test_it_draws_no_stencil_and_still_scrolls():
    root, view = a_view((100, 100), band=60)  # red only where it starts
    try:
        draw()
        groups = (view.canvas.before.children, view.canvas.after.children)
        assert not any(isinstance(i, StencilPush) for group in groups for i in group)
        assert red_at(150, 130)
        view.scroll_y = 0  # to the content's bottom
        draw()
        assert not red_at(150, 130)
    finally:
        Window.remove_widget(root)


def test_in_a_turned_window_it_keeps_kivys_stencil_and_still_clips():
    """A scissor is in the unturned frame's pixels: a turned display (Touch Display 2,
    KCFG_GRAPHICS_ROTATION=90) keeps the stencil, which turns with the drawing."""
    Window.rotation = 90
    try:
        root, view = a_view((100, 100))
        try:
            draw()
            assert any(isinstance(i, StencilPush) for i in view.canvas.before.children)
            # the frame is turned: count red pixels, not where they are
            width, height = Window.system_size
            pixels = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
            red = sum(
                1
                for i in range(0, len(pixels), 4)
                if pixels[i] == 255 and pixels[i + 1] == 0 and pixels[i + 2] == 0
            )
            assert abs(red - 100 * 60) < 300  # the view's area (edges blend), not the content
        finally:
            Window.remove_widget(root)
    finally:
        Window.rotation = 0
        draw()


def test_a_clip_scroll_a_kv_rule_builds_draws_no_stencil_either():
    from kivy.lang import Builder

    built = Builder.load_string("BoxLayout:\n    ClipScroll:\n")  # as the table's strips
    [view] = [w for w in built.walk() if isinstance(w, ClipScroll)]
    groups = (view.canvas.before.children, view.canvas.after.children)
    assert not any(isinstance(i, StencilPush) for group in groups for i in group)


def updates(view) -> int:
    """Resize the content 50 times, a frame each (quicker than Kivy's half-second fade):
    how many bindings of bar_color the view holds after."""
    content = Widget(size_hint_y=None, height=1000)
    view.add_widget(content)
    Window.add_widget(view)
    try:
        for n in range(50):
            content.height = 1000 + n
            EventLoop.idle()
        return len(view.get_property_observers("bar_color"))
    finally:
        Window.remove_widget(view)


def test_a_scroller_keeps_one_binding_however_often_its_content_changes():
    # Kivy's own keeps one more at each quick update: 50 here, 51 in one run on a slow
    # host (the count moves with the frames' timing; ours stay at one)
    assert updates(ScrollView()) >= 25, "Kivy's own leaks one a quick update"
    assert updates(Scroller()) == 1
    assert updates(ClipScroll()) == 1


def test_every_scrolling_view_of_the_app_is_a_scroller():
    ui = Path(__file__).resolve().parents[2] / "ui"
    plain = [
        f"{path.relative_to(ui)}:{n}"
        for path in sorted(ui.rglob("*"))
        if path.suffix in (".kv", ".py") and path.name != "clip.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\bScrollView\b", line)
    ]
    assert plain == []
