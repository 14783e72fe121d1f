"""The island map Broken Planet is played on: islands where the map file puts them (or on a
ring when it gives no places), routes as lines, and on each island its temples and free
slots, tokens, pawns and the ruby of an attack. The islands cannot reach a reader, so they
are the buttons: a tap reports the island; what it means is the board's to ask the prompt.

Drawn from `View.board["islands"]` alone (docs/broken-planet-map.md). Colour is never the
only sign: a temple chip carries its gem's or owner's initial, a pawn its player's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kivy.graphics import Color, Line
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.relativelayout import RelativeLayout

from ui.theme import Colour, _hex
from ui.widgets.card import Shown, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

COLOURS: dict[str, Colour] = {
    "red": _hex("E5484D"),
    "blue": _hex("3E7BFA"),
    "green": _hex("30A46C"),
    "yellow": _hex("F5D90A"),
    "purple": _hex("8E4EC6"),
}
GEMS: dict[str, tuple[Colour, str]] = {  # what a standard temple gives: fill, letter
    "diamond": (_hex("E6F6FF"), "D"),
    "emerald": (_hex("2FBF71"), "E"),
    "ruby": (_hex("D6336C"), "R"),
    "sapphire": (_hex("2F6FDE"), "S"),
    "die": (_hex("9BA1A6"), "?"),
    "any": (_hex("E8B923"), "*"),
}
NO_COLOUR = _hex("9BA1A6")
RUBY = GEMS["ruby"][0]
SAPPHIRE = GEMS["sapphire"][0]
HAZARD = _hex("F76808")
MOVEMENT = _hex("12A594")


MARKS = {"hazard": "!", "movement": ">", "lock": "L", "die": GEMS["die"][1]}  # on the map


def markers_line(words: Mapping[str, str]) -> str:
    """The map's key: each mark the board draws with the engine's word for it."""
    return "    ".join(f"{MARKS[key]}  {word}" for key, word in words.items() if key in MARKS)


def ink(fill_: Colour) -> Colour:
    """Dark letters on a light chip, light ones on a dark chip."""
    r, g, b, _a = fill_
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.55 else (1, 1, 1, 1)


def places(islands: Sequence[Mapping[str, Any]]) -> dict[int, tuple[float, float]]:
    """Each island's place, 0-1 across and down: the map file's `at` when every island has
    one; otherwise island 1 (where pawns start) in the middle and the rest on a ring in
    number order, so neighbours in numbering sit side by side and nothing overlaps."""
    if islands and all(i.get("at") for i in islands):
        return {i["number"]: (float(i["at"][0]), float(i["at"][1])) for i in islands}
    ring = [i["number"] for i in islands if i["number"] != 1]
    found = {1: (0.5, 0.5)} if len(ring) < len(islands) else {}
    for k, number in enumerate(ring):
        angle = 2 * math.pi * k / max(len(ring), 1) - math.pi / 2
        found[number] = (0.5 + 0.5 * math.cos(angle), 0.5 + 0.5 * math.sin(angle))
    return found


class Chip(Label):
    """A small marker on an island: a temple, a free slot, a token, a pawn, the attack ruby."""

    fill = ColorProperty((0, 0, 0, 0))
    edge = ColorProperty((0, 0, 0, 0))
    round = BooleanProperty(False)
    bar = ColorProperty((0, 0, 0, 0))  # under a temple on a sapphire-locked slot


def temple_chip(temple: Mapping[str, Any]) -> Chip:
    if temple.get("owner"):
        fill_ = COLOURS.get(str(temple.get("colour")), NO_COLOUR)
        letter = str(temple["owner"])[:1].upper()
    else:
        fill_, letter = GEMS.get(str(temple.get("gives")), (NO_COLOUR, "?"))
    bar = SAPPHIRE if temple.get("locked") else (0, 0, 0, 0)
    return Chip(text=letter, fill=fill_, color=ink(fill_), bar=bar)


def slot_chips(island: Mapping[str, Any]) -> list[Chip]:
    """Its temples, then its free slots: a free sapphire-locked one outlined in sapphire."""
    temples = list(island.get("temples", ()))
    chips = [temple_chip(t) for t in temples]
    locked_free = island.get("locked", 0) - sum(1 for t in temples if t.get("locked"))
    for n in range(island.get("slots", 0) - len(temples)):
        locked = n < locked_free
        chips.append(
            Chip(
                text=MARKS["lock"] if locked else "",
                edge=SAPPHIRE if locked else NO_COLOUR,
                color=SAPPHIRE,
            )
        )
    return chips


def marker_chips(island: Mapping[str, Any]) -> list[Chip]:
    """Tokens (with their count when more than one) and the ruby of an attack this turn."""
    chips = []
    for key, fill_ in (("hazard", HAZARD), ("movement", MOVEMENT)):
        letter = MARKS[key]
        count = int(island.get(key, 0))
        if count:
            text = letter if count == 1 else f"{letter}{count}"
            chips.append(Chip(text=text, fill=fill_, color=ink(fill_), round=True))
    if island.get("attacked"):
        chips.append(Chip(text="R", fill=RUBY, color=ink(RUBY), round=True))
    return chips


def pawn_chips(island: Mapping[str, Any]) -> list[Chip]:
    chips = []
    for pawn in island.get("pawns", ()):
        fill_ = COLOURS.get(str(pawn.get("colour")), NO_COLOUR)
        chips.append(
            Chip(text=str(pawn["player"])[:1].upper(), fill=fill_, color=ink(fill_), round=True)
        )
    return chips


class IslandButton(ButtonBehavior, RelativeLayout):
    """One island: its number in a disc, pawns above, markers beside, slots below."""

    number = NumericProperty(0)
    offered = BooleanProperty(False)  # the prompt offers this island now: tapping it answers
    attacked = BooleanProperty(False)

    def show(self, island: Mapping[str, Any]) -> None:
        self.number, self.attacked = island["number"], bool(island.get("attacked"))
        fill(self.ids.slots, slot_chips(island))
        fill(self.ids.markers, marker_chips(island))
        fill(self.ids.pawns, pawn_chips(island))

    def disc_centre(self) -> tuple[float, float]:
        """Where routes meet this island, in the map's coordinates."""
        disc = self.ids.disc
        return self.x + disc.center_x, self.y + disc.center_y


class IslandMap(FloatLayout):
    """The islands at their places and the routes between them; `on_island(n)` on a tap."""

    def __init__(self, on_island: Callable[[int], None], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.on_island = on_island
        self.islands: dict[int, IslandButton] = {}
        self.routes: list[tuple[int, int]] = []
        self.shown = Shown()
        self.bind(pos=self._place, size=self._place)

    def show(self, board: Mapping[str, Any], offered: set[int]) -> None:
        islands = board.get("islands", [])
        self.shown.once("layout", [i["number"] for i in islands], self._build, islands)
        for island in islands:
            button = self.islands[island["number"]]
            button.offered = island["number"] in offered
            self.shown.once(f"island:{island['number']}", island, button.show, island)
        routes = [(int(a), int(b)) for a, b in board.get("routes", [])]
        self.shown.once("places", (places(islands), routes), self._lay_out, routes)

    def _lay_out(self, routes: list[tuple[int, int]]) -> None:
        self.routes = routes
        self._place()

    def _build(self, islands: Sequence[Mapping[str, Any]]) -> None:
        self.islands = {}
        for island in islands:
            button = self.islands[island["number"]] = IslandButton(number=island["number"])
            button.bind(on_release=lambda b: self.on_island(b.number))
        self.shown = Shown(layout=self.shown.get("layout"))
        fill(self, list(self.islands.values()))

    def _place(self, *_args: object) -> None:
        """Centre each island on its place inside the map, kept whole within it, and
        draw the routes between their discs."""
        where = self.shown.get("places", ({},))[0]
        if not self.islands:
            return
        sample = next(iter(self.islands.values()))
        half_w, half_h = sample.width / 2, sample.height / 2
        above = dp(12)  # pawns stand a little above an island's box
        for number, button in self.islands.items():
            fx, fy = where.get(number, (0.5, 0.5))
            button.center = (
                self.x + half_w + fx * (self.width - 2 * half_w),
                self.top - above - half_h - fy * (self.height - above - 2 * half_h),
            )
        self.canvas.before.clear()
        with self.canvas.before:
            Color(0.55, 0.6, 0.65, 1)
            for a, b in self.routes:
                if a in self.islands and b in self.islands:
                    pa, pb = self.islands[a].disc_centre(), self.islands[b].disc_centre()
                    Line(points=[*pa, *pb], width=1.6)

    def release(self) -> None:
        self.islands, self.shown = {}, Shown()
        self.clear_widgets()
        self.canvas.before.clear()
