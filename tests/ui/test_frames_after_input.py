"""After an input the window is drawn again a frame or two, then rests: Kivy's scroll
views faded their bar over half a second after any change to their content (a pick, a
keep), redrawing the whole window 30 frames in a row, which on a Pi 4 took the CPU from the
next input (ui/widgets/clip.py, docs/architecture.md)."""

from __future__ import annotations

import time

from kivy.core.window import Window

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from companion.table import Table
from tests.ui.apphelp import frames
from ui.app import EXAMPLES


def frames_for(seconds: float) -> int:
    drawn = [0]

    def count(*_args: object) -> None:
        drawn[0] += 1

    Window.bind(on_draw=count)
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            frames()
    finally:
        Window.unbind(on_draw=count)
    return drawn[0]


def test_a_pick_and_a_keep_redraw_a_frame_or_two_not_a_fade(app):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    app.goto("table")
    app.session.rescan.window = 0  # inputs come faster than hands here
    while app.table.state.phase != "draft":
        move = legal_inputs(app.table.state)[0]
        assert isinstance(move, Scan) and app.session.scan(move.uid)
        frames()
    frames_for(1.5)  # the deal's frames are done
    scroll = app.root.get_screen("table").ids.strip_scroll
    for _ in range(2):  # a pick, then its keep: each shows or hides the Keep/Sell row
        move = legal_inputs(app.table.state)[0]
        if isinstance(move, Scan):
            assert app.session.scan(move.uid)
        else:
            assert app.session.tap(move.option, move.arg)
        assert frames_for(1.2) <= 3
    assert scroll.bar_inactive_color == scroll._bar_color  # the bar dimmed, at once
