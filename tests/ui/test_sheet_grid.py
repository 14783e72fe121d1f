"""The score sheet's grid: one widget drawing its cells, each text one texture as small as
its words whatever its row's colour, kept from one sheet to the next without growing; the
label column as wide as its labels; long labels wrap inside their column, a name too wide
for its column shrinks whole; a touch in a player's column is that player's."""

from __future__ import annotations

from itertools import pairwise

import pytest
from kivy.core.window import Window
from kivy.graphics import Rectangle
from kivy.tests.common import UnitTestTouch

from tests.ui.apphelp import frames, touch
from ui.theme import THEME
from ui.widgets.sheet import GAP, LABEL_SHARE, PAD, SheetCell, SheetGrid

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


def cell_centre(grid: SheetGrid, cell: SheetCell) -> tuple[float, float]:
    return grid.x + cell.x + cell.width / 2, grid.y + cell.y + cell.height / 2


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
    grid = shown(app, [row("break ties, which are not points", "", ""), row("cup", "1", "2")])
    label, short = grid.rows[0][0], grid.rows[1][0]
    assert label.texture.width <= label.width - 2 * PAD
    assert label.texture.height > short.texture.height and label.height > short.height


def test_a_touch_anywhere_in_a_players_column_is_that_players(app):
    explained = []
    grid = shown(app, [row("bowl", "9", "4", note="3 bowls: 3 × 3 = 9"), row("cup", "1", "2")])
    grid.explains = True
    grid.bind(on_explain=lambda _grid, column, cell: explained.append((column, cell.about)))
    for cell in (grid.rows[1][1], grid.rows[0][0], grid.rows[0][2]):
        touch(*cell_centre(grid, cell))
    assert explained == [(1, "P1, cup"), (2, "P2, bowl")], "the labels' column takes none"
    assert grid.width - grid.rows[0][0].width > 2 * THEME.touch, "each column is wide"
    assert grid.cell_at(grid.x - 5, grid.y + 5) is None


def test_a_grid_that_explains_nothing_takes_no_touch(app):
    grid = shown(app, [row("bowl", "9", "4"), row("cup", "1", "2")])
    finger = UnitTestTouch(*cell_centre(grid, grid.rows[0][1]))
    finger.pos = cell_centre(grid, grid.rows[0][1])
    assert not grid.on_touch_down(finger)


def test_the_label_column_is_as_wide_as_its_widest_label_within_its_share(app):
    grid = shown(app, [row("cup", "1", "2"), row("serving tray", "2", "0")])
    label = grid.rows[1][0]
    assert label.width == pytest.approx(label.texture.width + 2 * PAD, abs=1)
    assert grid.rows[0][0].width == label.width, "one column"
    grid.show([row("a label far too long for a third of the grid to hold", "1", "2")])
    assert grid.rows[0][0].width == pytest.approx(grid.width * LABEL_SHARE)


def test_a_name_too_wide_for_its_column_shrinks_whole_never_broken(app):
    name = (True, THEME.text, THEME.font_player)
    cells = [SheetCell("", "", "", BODY, 0)] + [
        SheetCell(n, "", "", name, c, least=THEME.font_body)
        for c, n in enumerate(["Bartholomew", "Anne-Sophie", "Ana", "Maximilian"], 1)
    ]
    grid = shown(app, [cells])
    grid.size_hint_x, grid.width = None, 560  # four names of 11 letters at 28 px need 700
    frames()
    bart, anne, ana = grid.rows[0][1:4]
    for cell in (bart, anne):
        assert cell.texture.width <= cell.width - 2 * PAD, cell.text
        assert cell.texture.height < 1.5 * THEME.font_player, f"{cell.text} is on one line"
    assert ana.texture.height > bart.texture.height, "only a name that does not fit shrinks"
    sizes = {look[0]: look[2] for look in grid.textures}
    assert sizes["Ana"] == THEME.font_player
    assert THEME.font_body <= sizes["Bartholomew"] < THEME.font_player


def rectangles(grid: SheetGrid) -> list:
    return [i for i in grid.canvas.children if isinstance(i, Rectangle)]


def test_the_cells_tile_the_grid_and_each_text_sits_in_its_cell(app):
    grid = shown(app, [row("bowl", "9", "4", "12", note="n"), row("cup", "1", "2", "3")])
    grid.x = 37  # the texts move with the grid
    for cells in grid.rows:
        assert cells[0].x == 0 and cells[0].width == grid.rows[0][0].width
        for left, right in pairwise(cells):
            assert right.x == pytest.approx(left.x + left.width + GAP)
            assert right.width == cells[1].width
        assert cells[-1].x + cells[-1].width == pytest.approx(grid.width)
    upper, lower = grid.rows
    assert upper[0].y == lower[0].y + lower[0].height and lower[0].y == 0
    assert grid.height == upper[0].height + lower[0].height
    drawn = {id(c.texture): c for c in grid.cells}  # each text is in one cell here
    for rect in rectangles(grid):
        cell = drawn[id(rect.texture)]
        x, y = rect.pos[0] - grid.x, rect.pos[1] - grid.y
        assert abs(y + rect.size[1] / 2 - (cell.y + cell.height / 2)) <= 1, cell.text
        if cell.column == 0:
            assert x == pytest.approx(cell.x + PAD, abs=1), "a row's label starts at the left"
        else:
            assert abs(x + rect.size[0] / 2 - (cell.x + cell.width / 2)) <= 1, "centred"


def test_a_cell_owns_its_left_and_lower_edges_and_the_gaps_belong_to_none(app):
    grid = shown(app, [row("bowl", "9", "4", note="n"), row("cup", "1", "2")])
    upper, lower = grid.rows
    ox, oy = grid.x, grid.y
    nine = upper[1]
    assert grid.cell_at(ox + nine.x, oy + nine.y) is nine
    assert grid.cell_at(ox + nine.x + nine.width, oy + nine.y + 1) is None, "the gap"
    assert grid.cell_at(ox + nine.x + 1, oy + nine.y + nine.height) is None, "above the top"
    assert grid.cell_at(ox + lower[1].x + 1, oy + nine.y - 1) is lower[1]


def test_a_touch_in_a_column_is_taken_and_any_other_goes_on(app):
    grid = shown(app, [row("bowl", "9", "4", note="n"), row("cup", "1", "2")])
    grid.explains = True
    taken = []
    for cell in (grid.rows[0][1], grid.rows[1][1], grid.rows[0][0]):
        finger = UnitTestTouch(*cell_centre(grid, cell))
        finger.pos = cell_centre(grid, cell)  # as the window sets it on the way in
        taken.append(grid.on_touch_down(finger))
    assert [bool(t) for t in taken] == [True, True, False]
