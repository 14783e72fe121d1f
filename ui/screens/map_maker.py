"""The map maker: a Broken Planet map entered by touch, saved as the map file Setup offers.

Owners copied the demo file and edited some 250 lines of TOML by hand (issue 26). Here the
board is entered by tapping where each island lies on the printed board (a drag moves it),
routes by tapping two islands, and every value by tapping one of the choices the draft
offers (companion/games/broken_planet/mapdraft.py): the screen draws the draft and sends
taps, and every word on it, the live `map check` line included, comes from the draft.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Line
from kivy.input.motionevent import MotionEvent
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.games.broken_planet import mapdraft
from companion.games.broken_planet.mapdraft import Field, MapDraft
from companion.games.broken_planet.mapfile import MapError
from ui.app import EXAMPLES
from ui.paths import setup_file_dir
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (FormButton, FormInput, NoticeBanner)
from ui.widgets.card import fill
from ui.widgets.controls import FormButton

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

DEMO = "broken-planet-demo-map.toml"
DRAG = dp(10)  # a finger that moves less than this taps; more drags the island


class MakerIsland(Label):
    """One island on the board: its number; a tap chooses it, a drag moves it."""

    number = NumericProperty(0)
    chosen = BooleanProperty(False)
    board = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        touch.grab(self)
        touch.ud["island_from"] = touch.pos
        touch.ud["dragged"] = False
        return True

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if touch.grab_current is not self:
            return False
        x0, y0 = touch.ud["island_from"]
        if math.hypot(touch.x - x0, touch.y - y0) > DRAG:
            touch.ud["dragged"] = True
        if touch.ud["dragged"]:
            self.center = self.board.inside(touch.pos)
        return True

    def on_touch_up(self, touch: MotionEvent) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        if touch.ud.get("dragged"):
            self.board.screen.moved(self.number, self.board.to_at(touch.pos))
        else:
            self.board.screen.island_tapped(self.number)
        return True


class MakerBoard(Widget):
    """The printed board's area: islands where the draft places them, routes as lines; a
    tap on open water places the next island there."""

    screen = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.tiles: dict[int, MakerIsland] = {}
        self.lines = InstructionGroup()
        self.canvas.add(self.lines)  # over the board's fill (canvas.before), under the islands
        self.bind(pos=self.redraw, size=self.redraw)

    def margin(self) -> float:
        return THEME.touch / 2 + dp(2)

    def inside(self, pos: tuple[float, float]) -> tuple[float, float]:
        m = self.margin()
        return (
            min(max(pos[0], self.x + m), self.right - m),
            min(max(pos[1], self.y + m), self.top - m),
        )

    def to_at(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A point on the board as the file's `at`: 0-1 across and down."""
        m = self.margin()
        x, y = self.inside(pos)
        return (
            (x - self.x - m) / max(self.width - 2 * m, 1),
            (self.top - m - y) / max(self.height - 2 * m, 1),
        )

    def to_pos(self, at: tuple[float, float]) -> tuple[float, float]:
        m = self.margin()
        return (
            self.x + m + at[0] * (self.width - 2 * m),
            self.top - m - at[1] * (self.height - 2 * m),
        )

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        if super().on_touch_down(touch):  # an island took it
            return True
        self.screen.water_tapped(self.to_at(touch.pos))
        return True

    def redraw(self, *_args: object) -> None:
        screen = self.screen
        draft: MapDraft | None = screen.draft if screen else None
        placed = {n: i.at for n, i in draft.islands.items() if i.at} if draft else {}
        for number in [n for n in self.tiles if n not in placed]:
            self.remove_widget(self.tiles.pop(number))
        for number, at in placed.items():
            tile = self.tiles.get(number)
            if tile is None:
                tile = self.tiles[number] = MakerIsland(number=number, board=self)
                self.add_widget(tile)
            tile.center = self.to_pos(at)
            tile.chosen = number == (screen.hub if screen.view == "routes" else screen.island)
        self.lines.clear()
        hub = screen.hub if screen and screen.view == "routes" else 0
        for a, b in sorted(draft.routes) if draft else ():
            if a in placed and b in placed:  # the hub's routes in gold, over the others
                self.lines.add(Color(*(THEME.accent if hub in (a, b) else THEME.text_dim)))
                ends = [*self.to_pos(placed[a]), *self.to_pos(placed[b])]
                self.lines.add(Line(points=ends, width=dp(3) if hub in (a, b) else dp(2)))


class MakerChoice(FormButton):
    """One value a field may take: a tap chooses it (or adds a gem to a cost). As wide as
    its words in bold (measured, since a button's words wrap to its width), never under a
    finger, so a field's values flow in as few rows as its panel allows."""

    key = StringProperty("")
    value = ObjectProperty(None, allownone=True)
    chosen = BooleanProperty(False)

    def on_text(self, *_args: object) -> None:
        words = CoreLabel(text=self.text, font_size=self.font_size, bold=True)
        words.refresh()
        self.width = max(THEME.touch, words.texture.width + THEME.padding * 2 + dp(4))


class MakerField(StackLayout):
    """A field of the item being entered: its label, then a button per value it may take,
    flowing on in the panel's width (a label column left long temple names a row each)."""

    label = StringProperty("")

    def show(self, field: Field, screen: MapMakerScreen) -> None:
        self.label = field.label
        heading = self.ids.label.__self__
        buttons = [b for b in reversed(self.children) if isinstance(b, MakerChoice)]
        same = [b.value for b in buttons] == [o.value for o in field.options]
        if not same:
            buttons = [
                MakerChoice(key=field.key, value=o.value, on_release=screen.chosen)
                for o in field.options
            ]
        for button, option in zip(buttons, field.options, strict=True):
            button.key, button.text, button.chosen = field.key, option.words, option.chosen
        fill(self, [heading, *buttons])


class MapMakerScreen(Screen):
    view = OptionProperty("start", options=["start", "islands", "routes", "tablet"])
    words = StringProperty("")  # the draft's one line: what to enter next, or map check's verdict
    hint = StringProperty("")  # what a tap on the board does now
    title = StringProperty("")  # the item being entered
    summary = StringProperty("")
    item = StringProperty("")  # "island:7", "temple:gold-golem", "relic:bronze", "tablet"
    island = NumericProperty(0)  # the island being entered (islands view)
    hub = NumericProperty(0)  # the island routes are being tapped from (routes view)
    items = ListProperty([])  # the tablet's items and their titles
    ours = ListProperty([])  # the owner's map files, to open one again
    going = StringProperty("")  # the name of the map being entered, to go on with it

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.draft: MapDraft | None = None
        self.rows: list[MakerField] = []
        # held here, not only by kv's weak ids: each view takes the others out of the layout
        self.parts = {
            k: self.ids[k].__self__ for k in ("start_box", "board_box", "items_box", "panel")
        }

    def on_pre_enter(self, *_args: object) -> None:
        folder = setup_file_dir("map")
        self.ours = sorted(p.name for p in folder.glob("*.toml")) if folder.is_dir() else []
        self.view = "start"  # a new map, one of ours, or on with the one being entered
        self.on_view()  # the view's parts: also the first time, when `view` has not changed

    # --- where a map starts ---

    def start_from(self, how: str) -> None:
        try:
            if how == "demo":
                draft = mapdraft.open_draft(EXAMPLES / DEMO)
            elif how in self.ours:
                draft = mapdraft.open_draft(setup_file_dir("map") / how)
            else:
                draft = {"printed": mapdraft.printed, "scratch": mapdraft.scratch}[how]()
        except MapError as err:
            self.ids.banner.show(str(err), "error")
            return
        typed = self.ids.name.text.strip()
        if typed:  # typed before starting: the new map's name
            draft.name = typed
        self.draft, self.item, self.island, self.hub = draft, "", 0, 0
        self.ids.name.text = draft.name
        self.ids.name.cursor = (0, 0)  # the name's start in sight, not its end
        self.ids.banner.show("")
        self.view = "islands"

    def go_on(self) -> None:
        if self.draft is not None:
            self.view = "islands"

    def on_view(self, *_args: object) -> None:
        self.hub = 0
        if self.view == "tablet" and not self.item.startswith(("temple", "relic", "tablet")):
            self.item = "temple:" + next(iter(mapdraft.TEMPLES))
        if self.view == "islands":
            self.item = f"island:{self.island}" if self.island else ""
        parts = self.parts
        shown = {
            "start": [parts["start_box"]],
            "islands": [parts["board_box"], parts["panel"]],
            "routes": [parts["board_box"], parts["panel"]],
            "tablet": [parts["items_box"], parts["panel"]],
        }[self.view]
        fill(self.ids.content, shown)
        self.refresh()

    # --- taps ---

    def water_tapped(self, at: tuple[float, float]) -> None:
        if self.view != "islands" or self.draft is None:
            return
        try:
            self.island = self.draft.place(at)
        except MapError as err:
            self.ids.banner.show(str(err), "error")
            return
        self.item = f"island:{self.island}"
        self.refresh()

    def island_tapped(self, number: int) -> None:
        if self.draft is None:
            return
        if self.view == "routes":
            if not self.hub or self.hub == number:
                self.hub = 0 if self.hub == number else number
            else:
                self.draft.toggle_route(self.hub, number)
        else:
            self.island, self.item = number, f"island:{number}"
        self.refresh()

    def moved(self, number: int, at: tuple[float, float]) -> None:
        if self.draft is not None:
            self.draft.move(number, at)
            self.refresh()

    def chosen(self, button: MakerChoice) -> None:
        if self.draft is None or not self.item:
            return
        try:
            self.draft.choose(self.item, button.key, button.value)
        except MapError as err:  # a button left from a layout just replaced: said, not raised
            self.ids.banner.show(str(err), "error")
        self.refresh()

    def choose_item(self, item: str) -> None:
        self.item = item
        self.refresh()

    def remove_island(self) -> None:
        if self.draft is not None and self.island:
            self.draft.remove(self.island)
            self.island, self.item = 0, ""
            self.refresh()

    def named(self, text: str) -> None:
        if self.draft is not None and self.draft.name != text:
            self.draft.name = text
            self.refresh()

    def save(self) -> None:
        if self.draft is None:
            return
        try:
            path = self.draft.save(setup_file_dir("map"))
        except (MapError, OSError) as err:
            self.ids.banner.show(str(err), "error")
            return
        self.ids.banner.show(f"Saved as maps/{path.name}: {self.draft.check()}")

    # --- drawing ---

    def refresh(self) -> None:
        draft = self.draft
        self.going = (draft.name or "the map without a name") if draft else ""
        if draft is None:
            self.words = (
                "Start a map: from scratch, from the rulebook's printed set-up, or from the demo"
            )
            return
        self.words = draft.check()
        self.summary = draft.summary()
        self.items = [(i, draft.title(i)) for i in draft.items()]
        if self.item.startswith("island:") and int(self.item[7:]) not in draft.islands:
            self.item = ""
        showing = self.item if self.view != "routes" else ""
        board = self.view in ("islands", "routes") and not showing
        self.hint = draft.board_hint(self.view == "routes", self.hub) if board else ""
        self.title = draft.title(showing) if showing else ""
        fields = draft.fields(showing) if showing else []
        while len(self.rows) < len(fields):
            self.rows.append(MakerField())
        for row, field in zip(self.rows, fields, strict=False):
            row.show(field, self)
        fill(self.ids.fields, self.rows[: len(fields)])
        self.ids.board_box.redraw()
        self.ids.item_grid.refresh_items(self)


class MakerItems(GridLayout):
    """The tablet's items, a button each: the temples, the relics and the rounds."""

    def refresh_items(self, screen: MapMakerScreen) -> None:
        buttons = list(reversed(self.children))
        if [b.item for b in buttons] != [i for i, _ in screen.items]:
            buttons = [MakerItem(item=i, on_release=self._chose) for i, _ in screen.items]
        for button, (item, title) in zip(buttons, screen.items, strict=True):
            button.text, button.chosen = title, item == screen.item
        self.screen = screen
        fill(self, buttons)

    def _chose(self, button: Any) -> None:
        self.screen.choose_item(button.item)


class MakerItem(FormButton):
    item = StringProperty("")
    chosen = BooleanProperty(False)
