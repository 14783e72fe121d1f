"""What a player sees of the widget tree: which widgets are drawn, where (in the window's
drawn pixels, after Kivy's soft-keyboard pan), in what order, and a readable path for each.

Kivy pans the whole drawing up when a focused field would lie under the on-screen keyboard
(`Window.softinput_mode`), but touches are not panned: a widget's `to_window` position is
where a touch reaches it, its *drawn* position is that plus the pan. The audit places its
fingers on what is drawn, so a pan that parts the two is found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from kivy.core.window import Window
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.screenmanager import Screen, ScreenManager
from kivy.uix.stencilview import StencilView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

CONTROLS = (ButtonBehavior, TextInput, VKeyboard)
MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|font_family|ref|anchor)[^\]]*\]")

Rect = tuple[float, float, float, float]  # left, bottom, right, top in drawn window pixels


def in_draw_order() -> list[Widget]:
    """Every widget in the window, in the order Kivy draws them (a later one draws over)."""
    order: list[Widget] = []

    def visit(widget: Widget) -> None:
        order.append(widget)
        for child in reversed(widget.children):
            visit(child)

    for root in reversed(Window.children):
        visit(root)
    return order


def pan() -> float:
    """How far up Kivy draws everything above where touches reach it (the soft-input pan)."""
    matrix = Window.render_context["modelview_mat"]
    return matrix.transform_point(0, 0, 0)[1]


def rect(widget: Widget) -> Rect:
    shift = pan()
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return left, bottom + shift, right, top + shift


def ancestors(widget: Widget) -> Iterator[Widget]:
    node = widget.parent
    while node is not None and node is not Window and node is not node.parent:
        yield node
        node = node.parent


def attached(widget: Widget) -> bool:
    """In the window now (a screen the manager is not showing is detached)."""
    node = widget
    while node.parent is not None and node.parent is not node:
        node = node.parent
    return node is Window


def shown(widget: Widget) -> bool:
    """Drawn at all: area, and neither it nor an ancestor fully transparent."""
    if widget.width <= 0 or widget.height <= 0 or widget.opacity == 0:
        return False
    return all(a.opacity > 0 for a in ancestors(widget))


def clip(widget: Widget) -> Rect:
    """The part of the window the widget can be drawn in: the window cut by every
    clipping ancestor (a ScrollView is a StencilView; the app's ClipScroll is one too)."""
    left, bottom, right, top = 0.0, 0.0, float(Window.width), float(Window.height)
    for node in ancestors(widget):
        if isinstance(node, StencilView):
            x0, y0, x1, y1 = rect(node)
            left, bottom, right, top = max(left, x0), max(bottom, y0), min(right, x1), min(top, y1)
    return left, bottom, right, top


def scrolled(widget: Widget) -> bool:
    return any(isinstance(a, StencilView) for a in ancestors(widget))


def intersect(a: Rect, b: Rect) -> Rect | None:
    left, bottom, right, top = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (left, bottom, right, top) if right > left and top > bottom else None


def inside(inner: Rect, outer: Rect, slack: float = 1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def window_rect() -> Rect:
    return 0.0, 0.0, float(Window.width), float(Window.height)


def opaque(widget: Widget) -> bool:
    """It paints its whole area with a solid fill (a panel, a cover, a popup's back)."""
    solid = False
    # a label's own canvas is its text's texture, not a fill
    canvases = (
        (widget.canvas.before,)
        if isinstance(widget, Label)
        else (widget.canvas.before, widget.canvas)
    )
    for canvas in canvases:
        for instruction in canvas.children:
            if isinstance(instruction, Color):
                solid = instruction.a >= 0.99
            elif isinstance(instruction, Rectangle | RoundedRectangle) and solid:
                x, y = instruction.pos
                w, h = instruction.size
                # a RelativeLayout draws in its own coordinates: its box starts at (0, 0)
                x0, y0 = (0, 0) if isinstance(widget, RelativeLayout) else widget.pos
                if (
                    abs(x - x0) <= 1
                    and abs(y - y0) <= 1
                    and w >= widget.width - 1
                    and h >= widget.height - 1
                ):
                    return True
    return isinstance(widget, ModalView | VKeyboard)


def in_sight(widget: Widget) -> bool:
    """Not under a popup: with one open, only it (and the keyboard) can be seen."""
    top = next((w for w in Window.children if isinstance(w, ModalView)), None)
    return top is None or any(
        n is top or isinstance(n, VKeyboard) for n in (widget, *ancestors(widget))
    )


def plain(widget: Widget) -> str:
    """The words a label shows, markup tags taken out."""
    text = getattr(widget, "text", "")
    text = text if isinstance(text, str) else ""  # a popup may keep its label as `text`
    if isinstance(widget, TextInput) and not text:
        text = str(widget.hint_text or "")
    if isinstance(widget, Label) and widget.markup:
        text = MARKUP.sub("", text)
    return text.strip()


def ident(widget: Widget) -> str:
    """The widget's id in the kv rule that made it, or ""."""
    for owner in ancestors(widget):
        for key, value in owner.ids.items():
            try:
                if value == widget:
                    return key
            except ReferenceError:
                continue
    return ""


def _name(widget: Widget, leaf: bool) -> str:
    name = type(widget).__name__
    kv_id = ident(widget)
    if kv_id:
        name += f"#{kv_id}"
    player = getattr(widget, "player", None)
    if isinstance(player, str) and player:
        name += f"[player={player!r}]"
    elif not kv_id and (leaf or isinstance(widget, ButtonBehavior)):
        text = plain(widget).replace("\n", " ")
        if not text and isinstance(widget, ButtonBehavior):  # a drawn control: its first words
            text = next((plain(w) for w in reversed(widget.children) if plain(w)), "")
        if text:
            name += f"[text={text[:40]!r}]"
    return name


def path(widget: Widget) -> str:
    """`TableScreen > OptionButton[text='Sell for 2 ingots']`: the screen (or the window's
    own child), then every named or app-made widget down to this one."""
    chain = [widget, *ancestors(widget)]
    chain.reverse()
    parts = []
    for node in chain:
        if isinstance(node, ScreenManager):
            continue
        named = (
            node is widget
            or node is chain[0]
            or isinstance(node, Screen)
            or ident(node)
            or not type(node).__module__.startswith("kivy.")
        )
        if named:
            parts.append(_name(node, node is widget))
    return " > ".join(parts)


@dataclass(frozen=True)
class Finding:
    """One thing wrong on one screen state: which check, the widget's path, what is seen."""

    state: str
    check: str
    path: str
    detail: str

    def line(self) -> str:
        return f"[{self.check}] {self.path}: {self.detail}"
