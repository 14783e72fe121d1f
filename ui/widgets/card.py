"""CardView: one physical card as the table shows it, tappable like a button.

A broken card's icon lies turned 90 degrees, as the rules ask players to turn the real one,
and carries KindIcon's crack; its name stays level to be read. A repaired one gets a gold
frame beside KindIcon's gold seam. Shape, not colour alone, tells the three states apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from kivy.lang import Builder
from kivy.properties import AliasProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.deck import Component
from ui.widgets.icons import KindIcon  # noqa: F401  (the kv rule uses it)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class CardView(ButtonBehavior, BoxLayout):
    tag = StringProperty("")  # the card's uid (Widget.uid is Kivy's own)
    kind = StringProperty("cup")
    pattern = StringProperty("", allownone=True)
    text = StringProperty("")
    # `state` is taken by ButtonBehavior (normal/down).
    card_state = OptionProperty("unbroken", options=["unbroken", "broken", "repaired"])

    def _lines(self) -> str:
        """The name with the pattern over the kind, the break a reader expects, so a narrow
        card shows "lattice / tea jar" whole rather than "lattice te..."."""
        if self.pattern and self.text.startswith(self.pattern + " "):
            return f"{self.pattern}\n{self.text[len(self.pattern) + 1 :]}"
        return self.text

    lines = AliasProperty(_lines, bind=("text", "pattern"), cache=True)

    @classmethod
    def of(cls, component: Component, card_state: str = "unbroken", **kwargs: object) -> CardView:
        return cls(
            tag=component.uid,
            kind=component.kind,
            pattern=component.get("pattern") or "",
            text=component.label,
            card_state=card_state,
            **kwargs,
        )


class CardShelf:
    """The cards one area of a screen shows, kept by uid from one refresh to the next.

    Building a CardView costs a kv rule and a label texture, and under a software GL driver
    each drawn view holds a few hundred KB: a scan must restyle or move the
    few views that changed, and views an area no longer shows are let go.
    """

    def __init__(self, on_press: Callable[[CardView], None] | None = None) -> None:
        self.on_press = on_press
        self.views: dict[str, CardView] = {}

    def take(
        self, components: dict[str, Component], status: dict[str, str], uids: Iterable[str]
    ) -> list[CardView]:
        """Views for `uids` in order, each in its card's current state."""
        kept, views = {}, []
        for uid in uids:
            view = self.views.get(uid)
            if view is None:
                view = CardView.of(components[uid])
                if self.on_press is not None:
                    view.bind(on_release=self.on_press)
            view.card_state = status.get(uid, "unbroken")
            kept[uid] = view
            views.append(view)
        self.views = kept
        return views


def fill(box: Widget, widgets: list[Widget]) -> None:
    """Make `widgets` the children of `box`, in order, touching nothing if they already are."""
    if box.children[::-1] == widgets:
        return
    box.clear_widgets()
    for widget in widgets:
        if widget.parent is not None:
            widget.parent.remove_widget(widget)
        box.add_widget(widget)
