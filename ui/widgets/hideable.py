"""Hideable: the one way the table hides a widget. Hidden, it is not seen and takes no touch.

Kivy hands a touch to every child whose box holds it, drawn or not, and a disabled widget
swallows any touch inside its box: a draft row hidden behind the log (opacity 0, zero
height) kept its cards' boxes over "Sell for 2 ingots", and took the taps meant for it.
A hidden widget here answers no touch at all, so nothing it holds can, whatever its size;
its kv rule still gives it no room in the layout. Kivy still sends an invisible widget's
drawing to the GL driver at every frame, at the cost of a shown one: what hides a large part
that keeps its room (the table under a cover) takes it out of the drawing (`out_of_sight`).
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


def out_of_sight(widget: Hideable, hidden: bool) -> None:
    """Hide a Hideable widget that stays in the tree, and take its drawing out of its parent's
    canvas meanwhile, or show and draw it again in its place among its siblings. Kivy draws a
    widget at opacity 0 as dearly as a shown one: a whole table hidden under a cover would
    cost every frame what the table does."""
    widget.hidden = hidden
    parent, drawing = widget.parent, widget.canvas  # type: ignore[attr-defined]
    if parent is None:
        return
    canvas = parent.canvas
    if hidden and drawing in canvas.children:
        canvas.remove(drawing)
    elif not hidden and drawing not in canvas.children:
        later = parent.children[: parent.children.index(widget)]  # drawn after it
        places = [canvas.indexof(w.canvas) for w in later if w.canvas in canvas.children]
        if places:
            canvas.insert(min(places), drawing)
        else:
            canvas.add(drawing)


Factory.register("Hideable", cls=Hideable)
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
