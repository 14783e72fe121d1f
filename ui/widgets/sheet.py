"""The score sheet's rows drawn by one widget, not a Kivy Label a cell.

A Label is ~36 KB of Python objects and bindings, and its texture is as wide as its cell
(~40 KB under llvmpipe): a 4-player sheet's 56 cells kept 2 MB of each for the whole
evening. Here a cell is a record and a rectangle, and its text a texture as small as its
words, rendered in white and tinted by its row's colour: the same number or name is one
texture whatever its row, and is kept from one sheet to the next (only the texts the last
sheet showed are kept, so nothing grows from game to game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.input.motionevent import MotionEvent
from kivy.metrics import dp
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from ui.theme import THEME

PAD = dp(4)  # between a cell's edge and its words, each side
GAP = dp(2)  # between columns
Style = tuple[bool, Any, float]  # bold, colour, font size
Look = tuple[str, bool, float, float]  # text, bold, size, width it wraps at (0: none)


@dataclass
class SheetCell:
    """One cell: what it shows, what a tap on it says ("" for nothing), whose and which
    points it is ("Ana, bowl"), and where it is, from the grid's bottom-left corner."""

    text: str
    note: str
    about: str
    style: Style
    column: int
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    texture: Texture | None = None

    def collide(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


class SheetGrid(Widget):
    """Rows of cells: a label column `label_width` wide, then one column per player
    sharing the rest. Rows are `row_height` tall, or as tall as their words when it is 0;
    a row whose cells explain themselves is a touch target tall either way."""

    label_width = NumericProperty(dp(96))
    row_height = NumericProperty(0)
    touch_height = NumericProperty(THEME.touch)
    __events__ = ("on_explain",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[list[SheetCell]] = []
        self.textures: dict[Look, Texture] = {}
        self.size_hint_y = None
        self.bind(width=self._lay_out, pos=self._draw)

    @property
    def cells(self) -> list[SheetCell]:
        return [cell for row in self.rows for cell in row]

    def show(self, rows: list[list[SheetCell]]) -> None:
        self.rows = rows
        self._lay_out()

    def cell_at(self, x: float, y: float) -> SheetCell | None:
        """The cell under a point in the grid's parent's coordinates, if any."""
        return next((c for c in self.cells if c.collide(x - self.x, y - self.y)), None)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        cell = self.cell_at(*touch.pos) if self.collide_point(*touch.pos) else None
        if cell is not None and cell.note:
            self.dispatch("on_explain", cell)
            return True
        return super().on_touch_down(touch)

    def on_explain(self, cell: SheetCell) -> None:
        """Bound by the screen: show the cell's note."""

    def _lay_out(self, *_args: object) -> None:
        players = max((len(row) - 1 for row in self.rows), default=1)
        share = max(self.width - self.label_width - GAP * players, 0) / max(players, 1)
        widths = [self.label_width] + [share] * players
        lefts = [sum(widths[:c]) + GAP * c for c in range(players + 1)]
        looks: dict[Look, Texture] = {}
        heights = []
        for row in self.rows:
            for cell in row:
                cell.texture = (
                    self._texture(cell, widths[cell.column], looks) if cell.text else None
                )
            tallest = max((c.texture.height for c in row if c.texture), default=0) + PAD
            height = self.row_height or tallest
            if any(c.note for c in row):
                height = max(height, self.touch_height)
            heights.append(height)
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
        the column when they are wider (a row's label, a long name)."""
        bold, _colour, size = cell.style
        room = width - 2 * PAD
        look: Look = (cell.text, bold, size, 0)
        texture = looks.get(look) or self.textures.get(look) or _render(*look)
        if texture.width > room:
            look = (cell.text, bold, size, room)
            texture = looks.get(look) or self.textures.get(look) or _render(*look)
        looks[look] = texture
        return texture

    def _draw(self, *_args: object) -> None:
        self.canvas.clear()
        with self.canvas:
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


def _render(text: str, bold: bool, size: float, wrap: float) -> Texture:
    label = CoreLabel(
        text=text,
        font_size=size,
        bold=bold,
        text_size=(wrap or None, None),
        halign="left",
        shorten=False,
    )
    label.refresh()
    return label.texture
