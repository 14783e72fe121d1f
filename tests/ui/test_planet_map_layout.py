"""Broken Planet's map at 800x480 (issue 26 item 3): every island a whole touch target of
48 px or more, holding all its chips, and no two islands sharing a drawn or touched pixel,
whatever the map file says about where they lie (`spread` nudges them apart, or lays them
in rows and lets the map scroll when even nudging cannot part them)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.ui._window import require_window

require_window()

from ui.boards.broken_planet_map import GAP, boxes, crowded, spread  # noqa: E402

DEMO = {  # examples/broken-planet-demo-map.toml's `at`: islands 4 and 11, 6 and 13 crowd
    1: (0.50, 0.50), 2: (0.50, 0.22), 3: (0.76, 0.30), 4: (0.78, 0.60), 5: (0.55, 0.80),
    6: (0.27, 0.72), 7: (0.22, 0.38), 8: (0.28, 0.08), 9: (0.70, 0.06), 10: (0.95, 0.15),
    11: (0.95, 0.75), 12: (0.76, 0.95), 13: (0.32, 0.95), 14: (0.05, 0.58),
}  # fmt: skip


def check(where, sizes, room):
    at, height = spread(where, sizes, room)
    assert height >= room[1]
    found = boxes(at, sizes)
    assert not crowded(found), found
    for left, bottom, right, top in found.values():
        assert left >= -0.5 and right <= room[0] + 0.5, (left, right, room)
        assert bottom >= -0.5 and top <= height + 0.5, (bottom, top, height)
    return at, height


def test_the_demo_map_parts_its_crowded_islands_by_nudging_where_there_is_room():
    sizes = {n: (110.0, 52.0) for n in DEMO} | {1: (110.0, 80.0)}
    at, height = check(DEMO, sizes, (440.0, 360.0))
    assert height == 360.0  # parted by nudging, not taller than the room
    assert at[11][0] > at[4][0] and at[2][1] > at[1][1]  # still where the board has them


def test_a_map_too_big_for_its_room_scrolls_rather_than_piling_islands_up():
    sizes = {n: (110.0, 56.0) for n in DEMO}
    _at, height = check(DEMO, sizes, (440.0, 120.0))
    assert height > 120.0


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(48, 170), st.floats(48, 110)),
        min_size=1,
        max_size=16,
    ),
    st.floats(200, 500),
    st.floats(48, 400),
)
def test_no_two_islands_ever_overlap_and_all_stay_in_the_map(islands, width, height):
    where = {n: (x, y) for n, (x, y, _w, _h) in enumerate(islands, 1)}
    sizes = {n: (w, h) for n, (_x, _y, w, h) in enumerate(islands, 1)}
    check(where, sizes, (width, height))
    assert GAP > 0


LONG = ("Anne-Sophie", "Bartholomew", "Maximiliana", "Konstantin", "Dorothea")


def test_five_long_named_players_under_a_banner_leave_the_map_two_rows_of_islands(app):
    from tests.ui.apphelp import frames
    from tests.ui.bp_helpers import cover, start
    from ui.boards.broken_planet import drawn_width
    from ui.theme import THEME

    screen = start(app, LONG)
    app.session.refuse("Say who: Anne-Sophie, Bartholomew, Maximiliana")
    board = cover(screen)
    first = board.cells[0]  # as in the offer phase: the first player's longest words
    first.words = "red · Offer Card · starting player"
    first.words_width = drawn_width(first.words, THEME.font_body)
    first.widths = (*first.widths[:2], first.words_width)
    board._fit_columns()
    frames(3)
    islands = list(board.map.islands.values())
    tallest = max(b.height for b in islands)
    assert board.ids.map_box.height >= 2 * tallest  # 40 px with every word shown
    for cell in board.ids.players.children:
        name = cell.ids.name
        assert name.texture_size[0] <= name.width + 1 and name.right <= cell.right
    found = {n: (b.x, b.y, b.right, b.top) for n, b in board.map.islands.items()}
    assert not crowded(found)
    assert all(b.width >= 48 and b.height >= 48 for b in islands)


def inside(inner, outer) -> bool:
    """Whether box `inner` (left, bottom, right, top) lies whole in `outer`, to a pixel."""
    return all(inner[k] >= outer[k] - 1 for k in (0, 1)) and all(
        inner[k] <= outer[k] + 1 for k in (2, 3)
    )


def window_box(widget) -> tuple[float, float, float, float]:
    left, bottom = widget.to_window(widget.x, widget.y)
    return left, bottom, left + widget.width, bottom + widget.height


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_whole_demo_map_and_every_pawn_show_at_any_table_banner_or_not(app, players):
    """Issue 26 item 3: five long names, every pawn on island 1 (its tallest, two rows of
    pawns at five), a banner above or none: every island whole in the map's view, which
    never needs a scroll, every pawn inside the window, every name that shows whole."""
    from kivy.core.window import Window

    from tests.ui.apphelp import frames
    from tests.ui.bp_helpers import COLOURS, cover, pawn, start

    screen = start(app, LONG[:players])
    for colour in COLOURS[:players]:
        app.session.scan(pawn(colour))
    board = cover(screen)
    for banner in (False, True):
        if banner:
            app.session.refuse("Say who: Anne-Sophie, Bartholomew, Maximiliana")
        frames(4)
        view = window_box(board.ids.map_box)
        assert board.map.height <= board.ids.map_box.height + 0.5, (players, banner)
        chips = 0
        for number, island in board.map.islands.items():
            assert inside(window_box(island), view), (players, banner, number)
            assert island.width >= 48 and island.height >= 48
            for chip in island.ids.pawns.children:
                assert inside(window_box(chip), (0, 0, Window.width, Window.height))
                assert inside(window_box(chip), window_box(island))
                chips += 1
        assert chips == players  # every pawn is drawn
        grid = board.ids.players
        assert grid.height == 0 or grid.y >= 0  # the cells, when they show, in the window
        for cell in grid.children if grid.height else ():
            for label in (cell.ids.name, cell.ids.key_figure):
                assert label.texture_size[0] <= label.width + 1
                assert inside(window_box(label), window_box(cell)), (players, banner)
            assert cell.height >= 48 and cell.width >= 48
