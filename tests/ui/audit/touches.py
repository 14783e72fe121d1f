"""Real fingers on every control: a touch dispatched through the Window at a control's
drawn centre and just inside its corners must be taken by that control and nothing else.

Every widget's `on_touch_down` is wrapped for the probe, so the audit sees who returned
True (the innermost first); every button's on_press and on_release are caught by an
observer bound last, which Kivy calls first and which stops the event there, so a probe
presses nothing. A ScrollView holds a touch until it knows it is not a drag: the probe
ends that wait at once, as Kivy's own timer would. Toggles and focus are put back.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior, ToggleButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from tests.ui.audit.tree import (
    CONTROLS,
    Finding,
    ancestors,
    clip,
    in_draw_order,
    in_sight,
    intersect,
    opaque,
    pan,
    path,
    rect,
    scrolled,
    shown,
    window_rect,
)
from ui.keyboard import room_above

INSET = 6.0  # px inside a corner, where a fingertip at the edge of a control lands


class Probe:
    """Instruments the window's widgets for the duration of a `with` block."""

    def __init__(self) -> None:
        self.took: list[Widget] = []  # whose on_touch_down returned True, innermost first
        self.pressed: list[Widget] = []
        self.widgets: list[Widget] = []

    @contextmanager
    def instrumented(self) -> Iterator[Probe]:
        widgets = self.widgets = in_draw_order()
        bound = []
        for widget in widgets:
            widget.on_touch_down = self._wrap(widget)
            if isinstance(widget, ButtonBehavior):
                for event in ("on_press", "on_release"):
                    bound.append((widget, event, widget.fbind(event, self._caught)))
            if isinstance(widget, VKeyboard):  # a key pressed by a probe types nothing
                for event in ("on_key_down", "on_key_up", "on_textinput"):
                    bound.append((widget, event, widget.fbind(event, self._typed)))
        try:
            yield self
        finally:
            for widget in widgets:
                widget.__dict__.pop("on_touch_down", None)
            for widget, event, uid in bound:
                widget.unbind_uid(event, uid)

    def _wrap(self, widget: Widget):
        original = type(widget).on_touch_down

        def on_touch_down(touch):
            taken = original(widget, touch)
            if taken:
                self.took.append(widget)
            return taken

        return on_touch_down

    def _typed(self, keyboard: Widget, *_key: object) -> bool:
        return self._caught(keyboard)

    def _caught(self, widget: Widget) -> bool:
        if widget not in self.pressed:
            self.pressed.append(widget)
        return True  # stops the event: the press acts on nothing

    def tap(self, x: float, y: float) -> Widget | None:
        """A finger down and up at window point (x, y); who took it, innermost first."""
        self.took.clear()
        self.pressed.clear()
        toggles = {w: w.state for w in self.widgets if isinstance(w, ToggleButtonBehavior)}
        fields = [w for w in self.widgets if isinstance(w, TextInput)]
        focused = {w for w in fields if w.focus}
        popups = list(Window.children)
        finger = UnitTestTouch(x, y)
        finger.touch_down()
        taker = self.took[0] if self.took else None
        if isinstance(taker, ScrollView) and taker._touch is finger:
            finger.ud[taker._get_uid()]["frames"] -= 3  # as if Kivy's timer had run out
            self.took.clear()
            taker._change_touch_mode()
            taker = self.took[0] if self.took else taker
        finger.touch_up()
        for widget, state in toggles.items():
            if widget.state != state:
                widget.state = state
        for widget in fields:
            if widget.focus and widget not in focused:
                widget.focus = False
        for widget in focused:
            widget.focus = True  # the field a touch took the focus from gets it back
        if not any(isinstance(w, VKeyboard) for w in Window.children):
            # a keyboard the probe's tap opened and its restored focus closed: the screens
            # take the whole window back now (ui.keyboard waits for a real finger's lift,
            # frames later, and the next probe would tap the screen laid out above it)
            room_above(0)
        for extra in [w for w in Window.children if w not in popups]:
            if isinstance(extra, ModalView):
                extra.dismiss(animation=False)
            elif not isinstance(extra, VKeyboard):
                Window.remove_widget(extra)
        return taker


def points(widget: Widget) -> list[tuple[str, float, float]]:
    """The drawn centre and the four corners, INSET inside, clipped to what can be seen."""
    left, bottom, right, top = rect(widget)
    area = intersect((left, bottom, right, top), clip(widget))
    if area is None:
        return []
    cx, cy = (left + right) / 2, (bottom + top) / 2
    dx, dy = min(INSET, (right - left) / 4), min(INSET, (top - bottom) / 4)
    found = [("centre", cx, cy)]
    if rectangular(widget):  # not drawn as some other shape (an island's circle)
        found += [
            ("bottom-left corner", left + dx, bottom + dy),
            ("bottom-right corner", right - dx, bottom + dy),
            ("top-left corner", left + dx, top - dy),
            ("top-right corner", right - dx, top - dy),
        ]
    a = area
    return [(n, x, y) for n, x, y in found if a[0] <= x <= a[2] and a[1] <= y <= a[3]]


def rectangular(widget: Widget) -> bool:
    """Drawn as its whole box: a button's or a field's background, or a solid fill. Not
    the keyboard, whose margins hold no key."""
    return isinstance(widget, Label | TextInput) or (
        opaque(widget) and not isinstance(widget, VKeyboard)
    )


def controls(everything: list[Widget]) -> list[Widget]:
    """The widgets a player can see and use: shown, enabled, inside the window and not
    scrolled out of sight, under the topmost popup when one is open."""
    found = []
    for widget in everything:
        if not isinstance(widget, CONTROLS) or widget.disabled or not shown(widget):
            continue
        if not in_sight(widget):
            continue
        if isinstance(widget, ButtonBehavior) and any(
            isinstance(a, ButtonBehavior) for a in ancestors(widget)
        ):
            continue  # part of a bigger control (a card's face inside the card)
        if any(isinstance(a, VKeyboard) for a in ancestors(widget)):
            continue
        if intersect(rect(widget), clip(widget)) is None:
            continue  # scrolled out of sight: a finger cannot aim at it
        found.append(widget)
    return found


def belongs(taker: Widget | None, control: Widget) -> bool:
    return taker is control or (taker is not None and control in ancestors(taker))


def why(widget: Widget) -> str:
    if not shown(widget):
        return "invisible"
    if widget.disabled:
        return "disabled"
    return "drawn"


def check_touches(state: str, must_show: tuple[Widget, ...] = ()) -> list[Finding]:
    """Touch every control where it is drawn; then touch every hidden control's area."""
    findings: list[Finding] = []
    everything = in_draw_order()
    order = {w: i for i, w in enumerate(everything)}
    probe = Probe()
    with probe.instrumented():
        for control in controls(everything):
            left, bottom, right, top = rect(control)
            if not scrolled(control) and not (
                0 <= left
                and right <= Window.width + 1
                and -1 <= bottom
                and top <= Window.height + 1
            ):
                findings.append(
                    Finding(state, "off-window", path(control), f"drawn at {fmt(rect(control))}, "
                            f"partly outside the {Window.width}x{Window.height} window")
                )  # fmt: skip
            for where, x, y in points(control):
                if not (0 <= x < Window.width and 0 <= y < Window.height):
                    continue
                taker = probe.tap(x, y - pan())
                wrong = [w for w in probe.pressed if w is not control]
                if belongs(taker, control) and not wrong:
                    continue
                if taker is None:
                    detail = f"a touch at its {where} reaches nothing"
                elif not belongs(taker, control):
                    over = "over it" if order.get(taker, -1) > order[control] else "under it"
                    detail = (
                        f"a touch at its {where} is taken by {why(taker)} {path(taker)} ({over})"
                    )
                else:
                    detail = f"a touch at its {where} also presses {path(wrong[0])}"
                if (
                    taker is not None
                    and control not in must_show
                    and _drawn_over(taker, control, order)
                ):
                    break  # out of sight under a cover or a popup: not aimed at
                findings.append(Finding(state, "touch", path(control), detail))
                break  # one finding a control: the first point that fails says it
        findings += _hidden_takers(state, probe, everything)
    return findings


def _drawn_over(taker: Widget, control: Widget, order: dict) -> bool:
    """The taker is drawn over the control by something solid: the control is out of
    sight (a cover or popup over it), which is no tap defect unless it must stay shown."""
    chain = [taker, *ancestors(taker)]
    return any(
        opaque(w) and shown(w) and not isinstance(w, CONTROLS) and order.get(w, -1) > order[control]
        for w in chain
        if w not in ancestors(control)
    )


def _hidden_takers(state: str, probe: Probe, everything: list[Widget]) -> list[Finding]:
    """A control that is not shown (or not enabled and not shown) must take no touch."""
    findings = []
    for widget in everything:
        if not isinstance(widget, CONTROLS) or shown(widget) or widget.width * widget.height <= 0:
            continue
        if any(isinstance(a, VKeyboard) for a in ancestors(widget)):
            continue
        left, bottom, right, top = rect(widget)
        area = intersect((left, bottom, right, top), window_rect())
        if area is None:
            continue
        x, y = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
        taker = probe.tap(x, y - pan())
        if taker is not None and not shown(taker):
            findings.append(
                Finding(state, "hidden-takes-touch", path(taker),
                        f"invisible but takes a touch at ({x:.0f}, {y:.0f})")
            )  # fmt: skip
    return _unique(findings)


def _unique(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))


def fmt(r: tuple[float, float, float, float]) -> str:
    return f"({r[0]:.0f},{r[1]:.0f})-({r[2]:.0f},{r[3]:.0f})"
