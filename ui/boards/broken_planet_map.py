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

from kivy.clock import Clock
from kivy.graphics import Color, Line
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from ui.theme import Colour, _hex
from ui.widgets.card import Shown, fill
from ui.widgets.options import SwipeSafe

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


Box = tuple[float, float, float, float]  # left, bottom, right, top
GAP = 4.0  # px kept clear between two islands


def overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def boxes(centres: Mapping[int, tuple[float, float]], sizes: Mapping[int, tuple[float, float]]
          ) -> dict[int, Box]:  # fmt: skip
    return {
        n: (x - sizes[n][0] / 2, y - sizes[n][1] / 2, x + sizes[n][0] / 2, y + sizes[n][1] / 2)
        for n, (x, y) in centres.items()
    }


def crowded(found: Mapping[int, Box], gap: float = GAP) -> bool:
    keys = sorted(found)
    return any(
        overlaps(found[a], found[b], gap - 0.5) for i, a in enumerate(keys) for b in keys[i + 1 :]
    )


def spread(
    where: Mapping[int, tuple[float, float]],
    sizes: Mapping[int, tuple[float, float]],
    room: tuple[float, float],
    gap: float = GAP,
) -> tuple[dict[int, tuple[float, float]], float]:
    """Each island's centre in a room `room` px big: where the map file puts it (0-1 across
    and down, y down), scaled to the room, then nudged apart, the same way every time, until
    no two islands (with all their chips) come within `gap` of each other. When nudging
    cannot part them, the islands are laid in rows in the map's reading order instead, so a
    crowded map stays readable and every island keeps its whole touch area. Returns the
    centres (y up, as Kivy draws) and the height they take: the room's, or more when even
    the rows need more (the map then scrolls)."""
    width, height = room[0], max(room[1], *(h for _w, h in sizes.values()))
    keys = sorted(where)

    def clamp(n: int, x: float, y: float) -> tuple[float, float]:
        w, h = sizes[n]
        return (min(max(x, w / 2), max(width - w / 2, w / 2)),
                min(max(y, h / 2), max(height - h / 2, h / 2)))  # fmt: skip

    at = {
        n: clamp(
            n,
            sizes[n][0] / 2 + where[n][0] * (width - sizes[n][0]),
            height - sizes[n][1] / 2 - where[n][1] * (height - sizes[n][1]),
        )
        for n in keys
    }
    for _ in range(120):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                (xa, ya), (xb, yb) = at[a], at[b]
                over_x = (sizes[a][0] + sizes[b][0]) / 2 + gap - abs(xa - xb)
                over_y = (sizes[a][1] + sizes[b][1]) / 2 + gap - abs(ya - yb)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x * height < over_y * width:  # part them the shorter way
                    step = over_x / 2 + 0.5
                    side = 1 if (xa, a) >= (xb, b) else -1
                    at[a], at[b] = clamp(a, xa + side * step, ya), clamp(b, xb - side * step, yb)
                else:
                    step = over_y / 2 + 0.5
                    side = 1 if (ya, -a) >= (yb, -b) else -1
                    at[a], at[b] = clamp(a, xa, ya + side * step), clamp(b, xb, yb - side * step)
        if not moved:
            return at, height
    if not crowded(boxes(at, sizes), gap):
        return at, height
    return rows(where, sizes, room, gap)


def rows(
    where: Mapping[int, tuple[float, float]],
    sizes: Mapping[int, tuple[float, float]],
    room: tuple[float, float],
    gap: float = GAP,
) -> tuple[dict[int, tuple[float, float]], float]:
    """The islands in rows, top to bottom, each row left to right as the map has them,
    and the height the rows take (at least the room's)."""
    width, height = room
    order = sorted(where, key=lambda n: (where[n][1], where[n][0], n))
    lines: list[list[int]] = [[]]
    used = 0.0
    for n in order:
        if lines[-1] and used + gap + sizes[n][0] > width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0) + sizes[n][0]
        lines[-1].append(n)
    heights = [max(sizes[n][1] for n in line) for line in lines]
    need = sum(heights) + gap * (len(lines) + 1)
    height = max(height, need)
    spare = max(height - sum(heights) - gap * (len(lines) - 1), 0) / (len(lines) + 1)
    at: dict[int, tuple[float, float]] = {}
    top = height - spare
    for line, tall in zip(lines, heights, strict=True):
        wide = sum(sizes[n][0] for n in line) + gap * (len(line) - 1)
        free = max(width - wide, 0) / (len(line) + 1)
        x = free
        for n in sorted(line, key=lambda n: (where[n][0], n)):
            at[n] = (x + sizes[n][0] / 2, top - tall / 2)
            x += sizes[n][0] + max(gap, free)
        top -= tall + max(gap, spare)
    return at, height


class IslandButton(SwipeSafe, ButtonBehavior, BoxLayout):
    """One island, all of it one touch target at least 48 px each way: its number, then
    its markers, slots and pawns in rows, every chip inside the island and none over
    another, the pawns last so nothing is drawn over them. A swipe that scrolls the map
    never taps an island (SwipeSafe)."""

    number = NumericProperty(0)
    offered = BooleanProperty(False)  # the prompt offers this island now: tapping it answers
    attacked = BooleanProperty(False)

    def show(self, island: Mapping[str, Any]) -> None:
        self.number, self.attacked = island["number"], bool(island.get("attacked"))
        fill(self.ids.slots, slot_chips(island))
        fill(self.ids.markers, marker_chips(island))
        fill(self.ids.pawns, pawn_chips(island))


class IslandMap(FloatLayout):
    """The islands at their places and the routes between them; `on_island(n)` on a tap.
    `fits(height)` says whether its islands fit whole in that height at its width, for the
    table to give them room before anything else (an island out of sight hides its
    pawns); `changes` counts the changes of their sizes, places or width."""

    changes = NumericProperty(0)

    def __init__(self, on_island: Callable[[int], None], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.on_island = on_island
        self.islands: dict[int, IslandButton] = {}
        self.routes: list[tuple[int, int]] = []
        self.shown = Shown()
        self.size_hint_y = None  # as tall as its view, or as its islands need (a Scroller)
        self._laid: tuple[object, tuple[dict[int, tuple[float, float]], float]] = (None, ({}, 0))
        self._replace = Clock.create_trigger(self._place, -1)
        self._fit: dict[int, bool] = {}  # a height: whether the islands fit in it
        self._fit_for: object = None  # the islands, their sizes and the width it is for
        self.bind(pos=self._replace, size=self._replace, parent=self._watch)

    def _watch(self, *_args: object) -> None:
        if self.parent is not None:
            self.parent.bind(height=self._replace)

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
        self._replace()

    def _build(self, islands: Sequence[Mapping[str, Any]]) -> None:
        self.islands = {}
        for island in islands:
            button = self.islands[island["number"]] = IslandButton(number=island["number"])
            button.bind(on_release=lambda b: self.on_island(b.number), size=self._replace)
        self.shown = Shown(layout=self.shown.get("layout"))
        fill(self, list(self.islands.values()))

    def _place(self, *_args: object) -> None:
        """Each island at its place, scaled to the map's room and nudged apart where two
        would meet (`spread`), and the routes between their centres."""
        where = self.shown.get("places", ({},))[0]
        if not self.islands:
            return
        sizes = {n: tuple(b.size) for n, b in self.islands.items()}
        wanted = {n: where.get(n, (0.5, 0.5)) for n in self.islands}
        room = self.parent.height if self.parent is not None else self.height
        key = (tuple(sorted(wanted.items())), tuple(sorted(sizes.items())), self.width, room)
        if self._laid[0] != key:  # ~20 ms here when the map is crowded: once per change
            self._laid = (key, spread(wanted, sizes, (self.width, room)))
            if self._fit_for != key[:3]:  # other islands, sizes or width: ask afresh
                self._fit_for, self._fit = key[:3], {}
                self.changes += 1
            self._fit[round(room)] = self._laid[1][1] <= room + 0.5
        at, need = self._laid[1]
        if abs(self.height - need) > 0.5:
            self.height = need  # taller than the view only when the islands need it: it scrolls
            return  # placed again at the new height
        for number, button in self.islands.items():
            button.center = (self.x + at[number][0], self.y + at[number][1])
        self.canvas.before.clear()
        with self.canvas.before:
            Color(0.55, 0.6, 0.65, 1)
            for a, b in self.routes:
                if a in self.islands and b in self.islands:
                    pa, pb = self.islands[a].center, self.islands[b].center
                    Line(points=[*pa, *pb], width=1.6)

    def fits(self, height: float) -> bool:
        """Whether every island fits whole in `height` px at the map's width, no scroll
        (~20 ms when crowded, remembered until the islands or the width change)."""
        if not self.islands or self._fit_for is None:
            return True  # not laid out yet: the table asks again when it is (`changes`)
        height = round(height)
        if height not in self._fit:
            where = self.shown.get("places", ({},))[0]
            sizes = {n: tuple(b.size) for n, b in self.islands.items()}
            wanted = {n: where.get(n, (0.5, 0.5)) for n in self.islands}
            self._fit[height] = spread(wanted, sizes, (self.width, height))[1] <= height + 0.5
        return self._fit[height]

    def release(self) -> None:
        self.islands, self.shown = {}, Shown()
        self.clear_widgets()
        self.canvas.before.clear()
