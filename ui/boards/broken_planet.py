"""Broken Planet at the table: the island map beside the prompt, its options (each with the
cost and favor the engine writes in its label) and every player's figures, laid over the
table area, because fourteen islands and a tablet's worth of options need the whole screen.

A tap on an island sends the prompt's own option for that island (`island N`: a temple's
island, an attack's, a compass's) when the prompt offers it, and does nothing otherwise: the
board reads the engine's options and invents no rule. When several collect players are asked
at once, the player whose compass is being entered is chosen first (`Prompt.waiting`), and
the tap names their seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.core.text.markup import MarkupLabel
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.engine import Option, Prompt
from companion.view import PlayerView, View
from ui.boards.base import Board
from ui.boards.broken_planet_map import IslandMap, markers_line
from ui.screens.table import seat_columns
from ui.theme import THEME
from ui.widgets.card import Shown, fill
from ui.widgets.controls import FormToggle
from ui.widgets.options import OptionButton, OptionButtons, SwipeSafe
from ui.widgets.secret import HoldToReveal
from ui.widgets.strip import figures

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

ISLAND = "island"  # the option word the map answers; the list leaves those to the map


def offered_islands(prompt: Prompt) -> dict[int, Option]:
    """The islands the prompt lets a tap choose now, each with the option it sends."""
    return {
        int(o.arg): o
        for o in prompt.options
        if o.word == ISLAND and o.enabled and o.arg is not None and o.arg.isdigit()
    }


NAME_LINE, WORDS_LINE, APART = dp(36), dp(25), dp(10)  # a cell's lines, and between words
STACKED_PAD = dp(4)  # a stacked cell's side padding (its frame is 3): five long names fit


def drawn_width(text: str, font_size: float, bold: bool = False) -> float:
    """How wide a line of (markup) text is drawn."""
    label = MarkupLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return float(label.content_width)


def cell_height(widths: tuple[float, float, float], room: float) -> float:
    """How tall a player cell `room` px wide is: its name, key figure and words flow left
    to right (as its StackLayout lays them), the words wrapping when longer than a line."""
    name, figure, words = widths
    lines, used, tall, total = 0, 0.0, 0.0, 0.0
    for width, height in ((name, NAME_LINE), (figure, NAME_LINE), (words, NAME_LINE)):
        if width <= 0:
            continue
        if width > room:  # the words wrap onto lines of their own
            height = max(NAME_LINE, WORDS_LINE * -(-width // max(room, 1)))
            width = room
        if lines and used + APART + width > room:
            total, used, tall = total + tall, 0.0, 0.0
        used, tall, lines = used + (APART if used else 0) + width, max(tall, height), lines + 1
    return total + tall + 2 * dp(6)


class PlayerCell(HoldToReveal, BoxLayout):
    """A player as read from across the table: name and gems large, then marks and figures;
    the player holds their name to see their own gems."""

    player = StringProperty("")
    key_figure = StringProperty("")
    words = StringProperty("")
    active = BooleanProperty(False)

    words_width = NumericProperty(0)  # the words on one line: they wrap only when longer
    brief = BooleanProperty(False)  # name and key figure only: the map needs the room
    widths = (0.0, 0.0, 0.0)  # name (with the turn marker), key figure, words
    stacked = BooleanProperty(False)  # one row of cells: the turn marker by the key figure
    now = (0.0, 0.0)  # stacked: the name, the key figure (with the marker on the player to act)

    def show(self, player: PlayerView) -> None:
        self.player, self.active = player.name, player.active
        key = next((c for c in player.counters if c.emphasis), None)
        self.key_figure = key.text if key is not None else ""
        self.words = figures(player)
        self.words_width = drawn_width(self.words, THEME.font_body)
        self.widths = (
            drawn_width(f"> {self.player}", THEME.font_player, bold=True),
            drawn_width(self.key_figure, THEME.font_player, bold=True),
            self.words_width,
        )
        marked = ("> " if self.active else "") + self.key_figure
        self.now = (self.widths[0] - drawn_width("> ", THEME.font_player, bold=True),
                    drawn_width(marked, THEME.font_player, bold=True))  # fmt: skip


class RoundSpot(BoxLayout):
    text = StringProperty("")
    current = BooleanProperty(False)


class CompassToggle(SwipeSafe, FormToggle):
    """A collect player whose compass a tap on an island enters next. Chosen on release
    (`_choose_compass`), not on touch down as Kivy's toggles are: a swipe along the row
    of names scrolls it and changes nobody."""

    name_width = NumericProperty(0)  # the whole name, drawn on one line

    def _do_press(self) -> None:
        """Nothing yet: the finger may be starting a swipe."""

    def on_label(self, *_args: object) -> None:
        self.name_width = drawn_width(self.label, THEME.font_body)


class FoldToggle(SwipeSafe, FormToggle):
    """A group's disabled options folded into one line, in the engine's words ("8 more not
    possible now (?)"): ticked, they show under it, each with the reason it cannot be
    chosen. It turns on release, not on touch down as Kivy's toggles do, so a swipe that
    starts on it scrolls the list and leaves it as it was."""

    key = StringProperty("")

    def _do_press(self) -> None:
        """Nothing yet: the finger may be starting a swipe."""

    def on_release(self) -> None:
        self.state = "normal" if self.state == "down" else "down"


def list_kind(prompt: Prompt) -> tuple[object, ...]:
    """Which list the options are: the same phase, player and groups (or words) keep the
    place the list was scrolled to and what was unfolded; another list starts at its top."""
    return prompt.phase, prompt.player, frozenset(o.group or o.word for o in prompt.options)


class PlanetTable(BoxLayout):
    """The whole table area for Broken Planet: map, round indicator, prompt, options,
    players. It takes every touch inside it, so the screen's own buttons underneath never
    fire."""

    prompt_text = StringProperty("")
    narration = StringProperty("")
    map_name = StringProperty("")
    markers = StringProperty("")  # the map's marks, each with the engine's word for it
    columns = NumericProperty(3)
    beside_panel = BooleanProperty(False)  # a panel (log, virtual table) takes the map's room
    cell_height = NumericProperty(0)  # the tallest player cell's need: every row gets it
    title_shown = BooleanProperty(True)  # the map's title, then its key, then the players'
    key_shown = BooleanProperty(True)  # cells step aside when the islands need the room
    players_aside = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._add_map()
        self.prompt: Prompt | None = None
        self.players: list[str] = []
        self.compass = ""  # whose compass a tap on an island enters, when several are asked
        self.cells: list[PlayerCell] = []
        self.shown = Shown()
        self.buttons = OptionButtons(self._map_option)
        self.groups: list[dict[str, Any]] = []  # the engine's option groups (view.board)
        self.folds: dict[str, FoldToggle] = {}
        self.headings: dict[str, Widget] = {}
        self.unfolded: set[str] = set()
        self.kind: tuple[object, ...] = ()
        self.tops: dict[tuple[object, ...], float] = {}  # a list's offset from its top, px
        self._restoring = False
        self._laid = (0.0, 0.0)  # the list's and its view's heights when last put back
        scroll, box = self.ids.scroll, self.ids.options
        scroll.bind(scroll_y=self._remember, height=self._restore)
        box.bind(height=self._restore)
        for line in ("map_title", "key"):  # their heights are known once drawn
            self.ids[line].bind(texture_size=lambda *_: self._fit_columns())

    def _add_map(self) -> None:
        self.map = IslandMap(self.island_tapped)
        self.map.bind(changes=lambda *_: self._fit_columns())
        self.ids.map_box.add_widget(self.map)

    def on_touch_down(self, touch: Any) -> bool:
        super().on_touch_down(touch)
        return self.collide_point(*touch.pos)

    def show(self, view: View, narration: str) -> None:
        self.prompt, self.players = view.prompt, [p.name for p in view.players]
        self.prompt_text, self.narration = view.prompt.text, narration
        self.map_name = str(view.board.get("map_title", ""))
        self.markers = markers_line(view.board.get("markers", {}))
        self.map.show(view.board, set(offered_islands(view.prompt)))
        spots = (tuple(view.board.get("indicator", ())), view.board.get("lit"))
        self.shown.once("round", spots, self._show_round, *spots)
        self.shown.once("compasses", view.prompt.waiting, self._show_compasses, view.prompt.waiting)
        self.groups = list(view.board.get("option_groups", ()))
        self.shown.once("options", view.prompt.options, self._show_options, view.prompt)
        self.shown.once("players", view.players, self._show_players, view.players)

    def _show_round(self, spots: tuple[str, ...], lit: int) -> None:
        """The round indicator, as the engine words its spots; the current one lit."""
        fill(self.ids.rounds, [RoundSpot(text=t, current=i == lit) for i, t in enumerate(spots)])

    def _show_compasses(self, waiting: tuple[str, ...]) -> None:
        """One toggle per collect player still to enter a compass, when more than one is."""
        if self.compass not in waiting:
            self.compass = waiting[0] if waiting else ""
        toggles = []
        for name in waiting if len(waiting) > 1 else ():
            toggle = CompassToggle(label=name)
            toggle.state = "down" if name == self.compass else "normal"
            toggle.bind(on_release=self._choose_compass)
            toggles.append(toggle)
        fill(self.ids.compasses, toggles)

    def _choose_compass(self, toggle: CompassToggle) -> None:
        self.compass = toggle.label
        for other in self.ids.compasses.children:
            other.state = "down" if other is toggle else "normal"

    def on_beside_panel(self, *_args: object) -> None:
        if self.prompt is not None:
            self._show_options(self.prompt)

    def _show_options(self, prompt: Prompt) -> None:
        """The options but the islands (a tap on the map sends those), unless the map is
        hidden beside a panel: then the islands are buttons too. Each of the engine's
        groups under its heading, its disabled options folded into one line; the group
        kept in sight ("End offers") below the list. The list keeps its place."""
        kind = list_kind(prompt)
        if kind[:2] != self.kind[:2]:  # another phase or player: every list starts afresh
            self.tops.clear()
            self.unfolded.clear()
        self.kind = kind
        groups = {g["key"]: g for g in self.groups}
        options = [o for o in prompt.options if o.word != ISLAND or self.beside_panel]
        shown = [
            o
            for o in options
            if o.enabled
            or o.group not in groups
            or not groups[o.group]["folded"]
            or o.group in self.unfolded
        ]
        made = dict(zip(map(id, shown), self.buttons.show(shown), strict=True))
        rows: list[Widget] = []
        kept: list[Widget] = []
        for key, run in _runs(options):
            group = groups.get(key)
            if group is None:
                rows += [made[id(o)] for o in run]
                continue
            if group["kept_in_sight"]:
                kept += [made[id(o)] for o in run if id(o) in made]
                continue
            if group["title"] and any(o.enabled for o in run):
                rows.append(self._heading(key, group["title"]))
            if not group["folded"]:
                rows += [made[id(o)] for o in run]
                continue
            rows += [made[id(o)] for o in run if o.enabled]
            rows.append(self._fold(key, group["folded"]))
            rows += [made[id(o)] for o in run if not o.enabled and id(o) in made]
        fill(self.ids.options, rows)
        fill(self.ids.kept, kept)
        self._restore()

    def _heading(self, key: str, title: str) -> Widget:
        if key not in self.headings:
            self.headings[key] = Factory.GroupHeading()
        self.headings[key].text = title
        return self.headings[key]

    def _fold(self, key: str, text: str) -> FoldToggle:
        if key not in self.folds:
            self.folds[key] = FoldToggle(key=key)
            self.folds[key].bind(state=self._folded)
        fold = self.folds[key]
        fold.label = text
        fold.state = "down" if key in self.unfolded else "normal"
        return fold

    def _folded(self, fold: FoldToggle, state: str) -> None:
        if (state == "down") == (fold.key in self.unfolded):
            return
        self.unfolded ^= {fold.key}
        if self.prompt is not None:
            self._show_options(self.prompt)

    # -- the list keeps its place ------------------------------------------------------
    def _room(self) -> float:
        return self.ids.options.height - self.ids.scroll.height

    def _heights(self) -> tuple[float, float]:
        return self.ids.options.height, self.ids.scroll.height

    def _remember(self, *_args: object) -> None:
        """The player scrolled: how far from its top this list now is. A move while the
        list is being laid out (Kivy's scrolling view keeps its fraction as the list grows
        through its heights) is not the player's, and is put right by `_restore`."""
        if not self._restoring and self.kind and self._heights() == self._laid:
            self.tops[self.kind] = max(self._room(), 0) * (1 - self.ids.scroll.scroll_y)

    def _restore(self, *_args: object) -> None:
        """Back to where this list was (its top for a new one) whenever its height or the
        view's changes: a refresh never moves what is under the finger."""
        room, top = self._room(), self.tops.get(self.kind, 0.0)
        self._restoring = True
        self.ids.scroll.scroll_y = 1 - min(top, room) / room if room > 0 else 1
        self._restoring, self._laid = False, self._heights()

    def _map_option(self) -> OptionButton:
        button = Factory.MapOption()
        button.bind(on_release=lambda b: self.send(b.word, b.arg))
        return button

    def _show_players(self, players: tuple[PlayerView, ...]) -> None:
        while len(self.cells) < len(players):
            self.cells.append(PlayerCell())
            self.cells[-1].bind(minimum_height=self._cell_room)
        for cell, player in zip(self.cells, players, strict=False):
            cell.show(player)
        fill(self.ids.players, self.cells[: len(players)])
        self._fit_columns()

    def on_size(self, *_args: object) -> None:
        self._fit_columns()

    def _fit_columns(self) -> None:
        """The number of cells a row that leaves the map the most room: each cell needs
        its name whole at 28 px (never shortened), then its key figure and words beside it
        where they fit, else on the next line (`cell_height`). Where even that leaves the
        islands less room than they need whole (`IslandMap.fits`), the cells show their name and key
        figure only; then the
        map's title steps aside, then its key; and where the cells would still take the
        islands' room (a banner above four or five players, two rows of cells) the cells
        step aside, as the round spots do, until the banner goes: an island, and a pawn on
        it, never scrolls out of sight, and every name that shows is whole."""
        cells = self.ids.players.children
        if not cells or self.width <= 0:
            return
        title, key = (self.ids[i].texture_size[1] for i in ("map_title", "key"))
        # the room above the cells: _least counts a spacing under every row, the grid
        # has one fewer, and the table one between the grid and the map
        room = self.height - self.padding[1] - self.padding[3] - self.spacing
        room += self.ids.players.spacing[1]
        need, columns, wide = self._least(cells, words=True)
        fits = self.map.fits
        brief = not fits(room - need - title - key)
        if brief:
            need, columns, wide = self._least(cells, words=False)
        left = room - need
        self.players_aside = not fits(left)
        if self.players_aside:
            left = self.height - self.padding[1] - self.padding[3]
        self.title_shown, self.key_shown = fits(left - title - key), fits(left - key)
        self.columns = columns
        self.ids.players.cols_minimum = wide
        for cell in cells:
            cell.brief, cell.stacked = brief, bool(wide)
        self._cell_room()

    def _least(self, cells: list[PlayerCell], words: bool) -> tuple[float, int, dict[int, float]]:
        """The players' least height, the columns that give it and, for one row of cells
        each as wide as its own name (brief cells only: four or five long names in one
        row, name over key figure), each column's least width."""
        grid = self.ids.players
        width = self.width - 2 * dp(4)
        best: tuple[float, int, dict[int, float]] | None = None
        for columns in range(seat_columns(len(cells)), 0, -1):
            room = (width - grid.spacing[0] * (columns - 1)) / columns - 2 * dp(6)
            if room < max(c.widths[0] for c in cells) and columns > 1:
                continue
            rows = -(-len(cells) // columns)
            tall = max(
                cell_height(c.widths[:2] + (c.widths[2] if words else 0,), room) for c in cells
            )
            need = rows * (max(tall, THEME.touch) + grid.spacing[1])
            if best is None or need < best[0]:
                best = (need, columns, {})
        seated = list(reversed(cells))  # the grid's children, last first
        own = [max(c.now) + 2 * STACKED_PAD for c in seated]
        if not words and sum(own) + grid.spacing[0] * (len(own) - 1) <= width:
            pairs = zip(seated, own, strict=True)
            tall = max(cell_height((*c.now, 0.0), w - 2 * STACKED_PAD) for c, w in pairs)
            need = max(tall, THEME.touch) + grid.spacing[1]
            if best is None or need < best[0]:
                best = (need, len(own), dict(enumerate(own)))
        return best or (0.0, 1, {})

    def _cell_room(self, *_args: object) -> None:
        self.cell_height = max((c.minimum_height for c in self.ids.players.children), default=0)

    # -- touches -----------------------------------------------------------------------
    def island_tapped(self, number: int) -> None:
        """Send the prompt's option for this island, if it offers one; else nothing."""
        option = offered_islands(self.prompt).get(number) if self.prompt else None
        if option is not None:
            self.send(option.word, option.arg)

    def send(self, word: str, arg: str | None) -> None:
        waiting = self.prompt.waiting if self.prompt else ()
        seat = self.players.index(self.compass) if len(waiting) > 1 and self.compass else None
        App.get_running_app().session.tap(word, arg, seat=seat)

    def release(self) -> None:
        self.map.release()
        self.ids.map_box.clear_widgets()
        self._add_map()
        for box in ("options", "kept", "players", "rounds", "compasses"):
            self.ids[box].clear_widgets()
        self.cells, self.shown = [], Shown()
        self.folds, self.headings, self.unfolded, self.tops, self.kind = {}, {}, set(), {}, ()
        self.buttons.release()


def _runs(options: list[Option]) -> list[tuple[str, list[Option]]]:
    """The options in runs of one group each, in order (the engine orders the groups)."""
    runs: list[tuple[str, list[Option]]] = []
    for option in options:
        if runs and runs[-1][0] == option.group:
            runs[-1][1].append(option)
        else:
            runs.append((option.group, [option]))
    return runs


class BrokenPlanetBoard(Board):
    """The whole game is its cover (`PlanetTable`), laid over the table area in place of the
    screen's own prompt, options and strips: fourteen island options would not fit the
    screen's one row of buttons."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.table = PlanetTable()

    def show(self, view: View) -> None:
        """Nothing under the cover: the cover is the whole game."""

    def cover(self, view: View) -> Widget | None:
        # what the last input did, Undo's message included, as the screen itself shows it
        narration = App.get_running_app().session.last_event or view.narration
        self.shown.once("table", (view, narration), self.table.show, view, narration)
        return self.table

    def release(self) -> None:
        super().release()
        self.table.release()


BOARDS = {"broken-planet": BrokenPlanetBoard}
