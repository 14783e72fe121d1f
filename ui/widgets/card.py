"""CardView: one physical card as the table shows it, tappable like a button.

A broken card is drawn turned 90 degrees, as the rules ask players to turn the real one,
and carries KindIcon's crack; a repaired one gets a gold frame beside KindIcon's gold seam.
Shape, not colour alone, tells the three states apart.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.deck import Component
from ui.widgets.icons import KindIcon  # noqa: F401  (the kv rule uses it)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class CardView(ButtonBehavior, BoxLayout):
    tag = StringProperty("")  # the card's uid (Widget.uid is Kivy's own)
    kind = StringProperty("cup")
    pattern = StringProperty("", allownone=True)
    text = StringProperty("")
    caption = StringProperty("")
    # `state` is taken by ButtonBehavior (normal/down).
    card_state = OptionProperty("unbroken", options=["unbroken", "broken", "repaired"])

    @classmethod
    def of(cls, component: Component, card_state: str = "unbroken", **kwargs: object) -> CardView:
        return cls(
            tag=component.uid,
            kind=component.kind,
            pattern=component.pattern or "",
            text=component.label,
            card_state=card_state,
            **kwargs,
        )
