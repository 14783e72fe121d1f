"""The board any game gets: the table's own zones (those no player owns), drawn from the view.

A zone whose pieces can be seen is a row of cards (the newest at the right, scrolled into
view); a zone of hidden pieces (a deck, a face-down pile) is only its size, all of them on
one line, so a game with no board of its own still shows its whole table.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.view import View, Zone
from ui.boards.base import Board
from ui.widgets.card import CardShelf, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def seen(zone: Zone) -> bool:
    """A zone with a piece players can see, drawn as cards rather than counted."""
    return any(p.uid for p in zone.pieces)


def counts(zones: list[Zone]) -> str:
    """The hidden zones in one line: "Deck 31 · Set aside 4"."""
    return " · ".join(f"{z.title} {z.size}" for z in zones)


class ZoneRow(BoxLayout):
    """One zone of the table: its title and size, then its cards in a sideways scroll."""

    title = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shelf = CardShelf()

    def show(self, zone: Zone) -> None:
        self.title = f"{zone.title} ({zone.size})"
        fill(self.ids.cards, self.shelf.take(zone.pieces))
        self.ids.scroll.scroll_x = 1  # the newest piece (the top of a pile) in view


class GenericBoard(Board):
    counted = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.rows: dict[str, ZoneRow] = {}

    def show(self, view: View) -> None:
        table = [z for z in view.zones if z.owner is None and not z.offstage]
        self.counted = counts([z for z in table if not seen(z)])
        rows = {}
        for zone in (z for z in table if seen(z)):
            row = rows[zone.key] = self.rows.get(zone.key) or ZoneRow()
            self.shown.once(zone.key, zone, row.show, zone)
        self.rows = rows
        fill(self.ids.rows, list(rows.values()))

    def release(self) -> None:
        super().release()
        self.rows = {}
        fill(self.ids.rows, [])
