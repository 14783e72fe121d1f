"""Readable from a seat across the table: what to do, whose turn, each player's key figure
and score at 16 arcmin or more at 1 m on the 7" display; every control with an edge of at
least 3:1 against whatever it stands on (its fill alone is only ~1.5:1 against the table)."""

from __future__ import annotations

import math
import re

import pytest
from kivy.factory import Factory
from kivy.graphics import Color

from tests.ui.test_disabled_buttons import CLASSES, contrast
from tests.ui.test_table_layout import NAMES, dealt_table
from ui.theme import THEME

PIXEL_MM = 154.08 / 800  # the official 7" display: 800 px across 154.08 mm
CAPITALS = 0.711  # Roboto's capital height, of the font size
DISTANCE_MM = 1000


def arcmin(font_px: float) -> float:
    return math.degrees(math.atan(font_px * CAPITALS * PIXEL_MM / DISTANCE_MM)) * 60


def number_sizes(markup: str) -> list[int]:
    return [int(size) for size in re.findall(r"\[size=(\d+)\]\[b\]\d+", markup)]


@pytest.mark.parametrize("players", [2, 4])
def test_what_to_do_and_every_players_figures_read_from_a_metre(app, players):
    screen = dealt_table(app, players)
    assert arcmin(screen.ids.prompt.font_size) >= 16
    for strip in screen.ids.strips.children:
        sizes = number_sizes(strip.ids.key_figure.text)
        assert len(sizes) == 2, f"{strip.player}: the key figure and the score, large"
        assert all(arcmin(size) >= 16 for size in sizes)
        assert strip.ids.name.font_size >= THEME.font_player
    assert {s.player for s in screen.ids.strips.children} == set(NAMES[:players])


SURROUNDINGS = ("background", "surface", "surface_raised", "banner_error", "banner_info")


@pytest.mark.parametrize("name", CLASSES)
def test_every_control_has_an_edge_that_stands_out(app, name):
    button = Factory.get(name)(text="x")
    edges = [i.rgba for i in button.canvas.after.children if isinstance(i, Color)]
    assert edges, f"{name} has no edge"
    for around in SURROUNDINGS:
        assert contrast(edges[-1], getattr(THEME, around)) >= 3, (name, around)
