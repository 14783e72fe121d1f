"""The virtual table (sim:// only): every zone of the view with the pieces that have a uid;
a tap lays that card on the simulated reader, as a player would scan it.

Pieces with no uid (a hand's hidden cards) are never listed: they are not the screen's to
show, and the reader could not be told which card they are.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.view import Zone
from ui.widgets.card import CardShelf, CardView, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class TableSection(BoxLayout):
    """One zone on the virtual table: a title and its cards."""

    title = StringProperty("")


class VirtualTable(BoxLayout):
    """Holding (after a tap, until the player scrolls or closes it) the cards stay where they
    are: a card the tap moved to another zone does not slide away, and none slides under the
    finger, so a second tap on the same spot scans the same card. The zones it was given
    meanwhile are drawn when the hold ends."""

    holding = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shelf: CardShelf | None = None
        self.sections: list[TableSection] = []
        self._waiting: tuple[tuple[Zone, ...], Callable[[CardView], None]] | None = None

    def hold(self) -> None:
        self.holding = True

    def on_scrolled(self, *_args: object) -> None:
        """The player scrolled: the hold ends and the table as it is now is drawn."""
        self.holding = False
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            self.show(*waiting)

    def show(self, zones: tuple[Zone, ...], on_press: Callable[[CardView], None]) -> None:
        if self.holding:
            self._waiting = (zones, on_press)
            return
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
        if self.shelf is not None:
            self.shelf.release()
        self.shelf, self.sections = None, []
        self.holding, self._waiting = False, None
        fill(self.ids.sections, [])
