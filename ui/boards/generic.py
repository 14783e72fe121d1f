"""The board any game gets: the table's own zones (those no player owns), drawn from the view.

A zone whose pieces can be seen is a line: its title, then its pieces by name, the newest
last; a zone of hidden pieces (a deck, a face-down pile) is only its size, all of them on
one line. Lines, not rows of cards: six players' strips and the prompt at reading size
leave a card row no room at 800x480, and the virtual table shows the cards themselves.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.view import View, Zone
from ui.boards.base import Board
from ui.widgets.card import fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def seen(zone: Zone) -> bool:
    """A zone with a piece players can see, drawn as cards rather than counted."""
    return any(p.uid for p in zone.pieces)


def counts(zones: list[Zone]) -> str:
    """The hidden zones in one line: "Deck 31 · Set aside 4"."""
    return " · ".join(f"{z.title} {z.size}" for z in zones)


class ZoneRow(BoxLayout):
    """One zone of the table: its title and size, then its pieces' names."""

    title = StringProperty("")
    pieces = StringProperty("")

    def show(self, zone: Zone) -> None:
        self.title = f"{zone.title} ({zone.size}):"
        self.pieces = " · ".join(p.label for p in zone.pieces if p.uid)


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
