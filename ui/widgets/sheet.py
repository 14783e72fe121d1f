"""The score sheet's rows drawn by one widget, not a Kivy Label a cell.

A Label is ~36 KB of Python objects and bindings, and its texture is as wide as its cell
(~40 KB under llvmpipe): a 4-player sheet's 56 cells kept 2 MB of each for the whole
evening. Here a cell is a record and a rectangle, and its text a texture as small as its
words, rendered in white and tinted by its row's colour: the same number or name is one
texture whatever its row, and is kept from one sheet to the next (only the texts the last
sheet showed are kept, so nothing grows from game to game).

Read at 800x480, a whole sheet at once: rows are as tall as their words (a 20 px line in a
26 px row), so a Broken and Beautiful sheet's nine categories, names, totals, ranks and
tie-break counts fit beside a headline and a row of buttons. A cell is too small to be a
touch target, so a touch is taken by a player's whole column (`explains`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.input.motionevent import MotionEvent
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.widget import Widget

from ui.theme import THEME, Colour

PAD = dp(4)  # between a cell's edge and its words, left and right
LEAD = dp(0)  # added to a row's tallest words
GAP = dp(2)  # between columns
LABEL_SHARE = 0.3  # the label column's most, of the grid's width, when it fits its labels
Style = tuple[bool, Any, float]  # bold, colour, font size
Look = tuple[str, bool, float, float]  # text, bold, size, width it wraps at (0: none)


@dataclass
class SheetCell:
    """One cell: what it shows, what a tap on it says ("" for nothing), whose and which
    points it is ("Ana, bowl"), and where it is, from the grid's bottom-left corner.
    `fill` is the colour behind it (None: the grid's own); `least` the smallest size its
    words may shrink to when one word is wider than its column (a long name)."""

    text: str
    note: str
    about: str
    style: Style
    column: int
    fill: Colour | None = None
    least: float = 0.0
    markup: bool = False  # a total and its rank in one cell, each at its own size
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    texture: Texture | None = None

    def collide(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


class SheetGrid(Widget):
    """Rows of cells: a label column as wide as its longest label (at most LABEL_SHARE of
    the grid; `label_width` when set), then one column per player sharing the rest. Rows
    are `row_height` tall, or as tall as their words when it is 0. With `explains`, a
    touch anywhere in a player's column is that player's: on_explain(column, cell)."""

    label_width = NumericProperty(0)
    label_share = NumericProperty(LABEL_SHARE)
    row_height = NumericProperty(0)
    explains = BooleanProperty(False)
    __events__ = ("on_explain",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[list[SheetCell]] = []
        self.rules: list[int] = []  # rows with a line above them (tie-break counts apart)
        self.textures: dict[Look, Texture] = {}
        self.size_hint_y = None
        self.bind(width=self._lay_out, label_width=self._lay_out, label_share=self._lay_out)
        self.bind(pos=self._draw)

    @property
    def cells(self) -> list[SheetCell]:
        return [cell for row in self.rows for cell in row]

    def show(self, rows: list[list[SheetCell]], rules: list[int] | None = None) -> None:
        self.rows, self.rules = rows, rules or []
        self._lay_out()

    def cell_at(self, x: float, y: float) -> SheetCell | None:
        """The cell under a point in the grid's parent's coordinates, if any."""
        return next((c for c in self.cells if c.collide(x - self.x, y - self.y)), None)

    def column_at(self, x: float) -> int:
        """The player's column under x (the parent's coordinates), 0 for the labels."""
        lefts = [c.x for c in (self.rows[0] if self.rows else [])]
        return max((i for i, left in enumerate(lefts) if x - self.x >= left), default=0)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if self.explains and self.rows and self.collide_point(*touch.pos):
            column = self.column_at(touch.pos[0])
            if column:
                self.dispatch("on_explain", column, self.cell_at(*touch.pos))
                return True
        return super().on_touch_down(touch)

    def on_explain(self, column: int, cell: SheetCell | None) -> None:
        """Bound by the screen: say how that player's points were reached."""

    def _widths(self) -> list[float]:
        players = max((len(row) - 1 for row in self.rows), default=1)
        label = self.label_width or self._label_room()
        share = max(self.width - label - GAP * players, 0) / max(players, 1)
        return [label] + [share] * players

    def _label_room(self) -> float:
        """As wide as the widest label on one line, within label_share of the grid."""
        widest = max(
            (self._texture(row[0], 0, {}).width for row in self.rows if row and row[0].text),
            default=0,
        )
        return min(widest + 2 * PAD, self.width * self.label_share)

    def _lay_out(self, *_args: object) -> None:
        widths = self._widths()
        lefts = [sum(widths[:c]) + GAP * c for c in range(len(widths))]
        looks: dict[Look, Texture] = {}
        heights = []
        for row in self.rows:
            for cell in row:
                cell.texture = (
                    self._texture(cell, widths[cell.column], looks) if cell.text else None
                )
            tallest = max((c.texture.height for c in row if c.texture), default=0) + LEAD
            heights.append(self.row_height or tallest)
        self.textures = looks  # the last sheet's textures only: nothing grows
        top = sum(heights)
        for row, height in zip(self.rows, heights, strict=True):
            top -= height
            for cell in row:
                cell.x, cell.y = lefts[cell.column], top
                cell.width, cell.height = widths[cell.column], height
        self.height = sum(heights)
        self._draw()

    def _texture(self, cell: SheetCell, width: float, looks: dict[Look, Texture]) -> Texture:
        """The cell's words: one line as small as they are, or wrapped between words to
        the column when they are wider (a row's label, a long name); a word wider than the
        column on its own shrinks to fit, down to the cell's `least` size. `width` 0: on
        one line, whatever its width."""
        bold, _colour, size = cell.style
        room = width - 2 * PAD
        texture = self._look(cell, (cell.text, bold, size, 0), looks)
        if width and texture.width > room:
            words = cell.text.split()
            widest = max(_extent(word, bold, size) for word in words)
            if widest > room and cell.least:  # whole words, smaller: never "Bartholome/w"
                size = max(int(size * room / widest), cell.least)
            one_word = len(words) == 1
            texture = self._look(cell, (cell.text, bold, size, 0 if one_word else room), looks)
        return texture

    def _look(self, cell: SheetCell, look: Look, looks: dict[Look, Texture]) -> Texture:
        texture = looks.get(look) or self.textures.get(look) or _render(*look, cell.markup)
        looks[look] = texture
        return texture

    def _draw(self, *_args: object) -> None:
        self.canvas.clear()
        with self.canvas:
            for cell in self.cells:
                if cell.fill is not None:
                    Color(*cell.fill)
                    Rectangle(
                        pos=(self.x + cell.x, self.y + cell.y), size=(cell.width, cell.height)
                    )
            Color(*THEME.edge)
            for index in self.rules:  # a whole pixel tall, on a whole pixel: drawn alike
                top = self.rows[index][0]
                y = round(self.y + top.y + top.height)
                Rectangle(
                    pos=(round(self.x), y - 1), size=(round(self.width), max(round(dp(1)), 1))
                )
            for cell in self.cells:
                texture = cell.texture
                if texture is None:
                    continue
                Color(*cell.style[1])
                left = (
                    cell.x + PAD if cell.column == 0 else cell.x + (cell.width - texture.width) / 2
                )
                Rectangle(
                    texture=texture,
                    size=texture.size,
                    pos=(
                        round(self.x + left),
                        round(self.y + cell.y + (cell.height - texture.height) / 2),
                    ),
                )


def _extent(word: str, bold: bool, size: float) -> float:
    return CoreLabel(font_size=size, bold=bold).get_extents(word)[0]


def _render(text: str, bold: bool, size: float, wrap: float, markup: bool = False) -> Texture:
    label = (MarkupLabel if markup else CoreLabel)(
        text=text,
        font_size=size,
        bold=bold,
        text_size=(wrap or None, None),
        halign="center" if markup else "left",
        shorten=False,
    )
    label.refresh()
    return label.texture
