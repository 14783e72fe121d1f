"""The score sheet's grid: one widget drawing its cells, each text one texture as small as
its words whatever its row's colour, kept from one sheet to the next without growing; long
labels wrap inside their column; only a cell with a note takes a touch."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.apphelp import frames, touch
from ui.theme import THEME
from ui.widgets.sheet import PAD, SheetCell, SheetGrid

BODY = (False, THEME.text, THEME.font_body)
GOLD = (True, THEME.accent, THEME.font_body)


def row(label: str, *numbers: str, style=BODY, note: str = "") -> list[SheetCell]:
    cells = [SheetCell(label, "", "", style, 0)]
    return cells + [
        SheetCell(n, note, f"P{c}, {label}", style, c) for c, n in enumerate(numbers, 1)
    ]


def shown(app, rows) -> SheetGrid:
    """The grid alone over the app (closing the app takes it off the window)."""
    grid = SheetGrid(width=600, pos=(50, 100))
    Window.add_widget(grid)
    grid.show(rows)
    frames()
    return grid


def test_a_text_is_one_texture_whatever_its_colour_and_the_next_sheet_keeps_only_its_own(app):
    grid = shown(
        app,
        [row("cup", "4", "9"), row("bowl", "9", "4", style=(False, THEME.gold, THEME.font_body))],
    )
    nines = [c.texture for c in grid.cells if c.text == "9"]
    assert nines[0] is nines[1] and len(grid.textures) == 4  # cup, bowl, 4, 9
    four = next(c.texture for c in grid.cells if c.text == "4")
    assert four.width < 3 * THEME.font_body < grid.cells[1].width, "as small as its words"
    grid.show([row("cup", "4", "12")])
    assert next(c.texture for c in grid.cells if c.text == "4") is four
    assert sorted(look[0] for look in grid.textures) == ["12", "4", "cup"]


def test_a_long_label_wraps_inside_its_column_and_its_row_grows(app):
    grid = shown(app, [row("break ties (not points)", "", ""), row("cup", "1", "2")])
    label, short = grid.rows[0][0], grid.rows[1][0]
    assert label.texture.width <= grid.label_width - 2 * PAD
    assert label.texture.height > short.texture.height and label.height > short.height


def test_only_a_cell_with_a_note_takes_a_touch(app):
    explained = []
    grid = shown(app, [row("bowl", "9", "4", note="3 bowls: 3 × 3 = 9"), row("cup", "1", "2")])
    grid.bind(on_explain=lambda _grid, cell: explained.append(cell.about))
    assert grid.rows[0][2].height >= THEME.touch, "a cell that explains itself is a touch target"
    for cell in (grid.rows[1][1], grid.rows[0][0], grid.rows[0][2]):
        touch(grid.x + cell.x + cell.width / 2, grid.y + cell.y + cell.height / 2)
    assert explained == ["P2, bowl"]
    assert grid.cell_at(grid.x - 5, grid.y + 5) is None
