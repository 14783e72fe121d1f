"""Hideable: the one way the table hides a widget. Hidden, it is not drawn and takes no touch.

Kivy hands a touch to every child whose box holds it, drawn or not, and a disabled widget
swallows any touch inside its box: a draft row hidden behind the log (opacity 0, zero
height) kept its cards' boxes over "Sell for 2 ingots", and took the taps meant for it.
A hidden widget here answers no touch at all, so nothing it holds can, whatever its size;
its kv rule still gives it no room in the layout.
"""

from __future__ import annotations

from pathlib import Path

from kivy.factory import Factory
from kivy.input.motionevent import MotionEvent
from kivy.lang import Builder
from kivy.properties import BooleanProperty


class Hideable:
    """Mix in before a widget class: `hidden` makes it invisible and deaf to touches."""

    hidden = BooleanProperty(False)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        return False if self.hidden else super().on_touch_down(touch)  # type: ignore[misc]

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if self.hidden and touch.grab_current is not self:
            return False
        return super().on_touch_move(touch)  # type: ignore[misc]

    def on_touch_up(self, touch: MotionEvent) -> bool:
        """A press that began before it was hidden still ends (a button is let go)."""
        if self.hidden and touch.grab_current is not self:
            return False
        return super().on_touch_up(touch)  # type: ignore[misc]


Factory.register("Hideable", cls=Hideable)
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
