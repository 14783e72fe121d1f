"""The virtual table (sim:// only): every zone of the view with the pieces that have a uid;
a tap lays that card on the simulated reader, as a player would scan it.

Pieces with no uid (a hand's hidden cards) are never listed: they are not the screen's to
show, and the reader could not be told which card they are.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.view import Zone
from ui.widgets.card import CardShelf, CardView, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class TableSection(BoxLayout):
    """One zone on the virtual table: a title and its cards."""

    title = StringProperty("")


class VirtualTable(BoxLayout):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shelf: CardShelf | None = None
        self.sections: list[TableSection] = []

    def show(self, zones: tuple[Zone, ...], on_press: Callable[[CardView], None]) -> None:
        if self.shelf is None:
            self.shelf = CardShelf(on_press)
        places = [(z.title, z.size, [p for p in z.pieces if p.uid]) for z in zones]
        views = iter(self.shelf.take([p for _, _, pieces in places for p in pieces]))
        while len(self.sections) < len(places):
            self.sections.append(TableSection())
        for section, (title, size, pieces) in zip(self.sections, places, strict=False):
            section.title = f"{title} ({size})"
            fill(section.ids.cards, [next(views) for _ in pieces])
        fill(self.ids.sections, self.sections[: len(places)])

    def release(self) -> None:
        """Let the cards go while closed: a whole deck of drawn cards is tens of MB."""
        self.shelf, self.sections = None, []
        fill(self.ids.sections, [])
