"""Every screen of the app builds at 800x480 and shows what it is for; each is photographed.

Screenshots go to $UI_SCREENSHOTS (default: a temporary folder) so a reviewer can look at
them; tools/screenshots.py refreshes the copies in docs/screenshots/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui.apphelp import Window, button, frames, press, texts, walk
from tests.ui.test_app_flow import play_one, start_game


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = Path(os.environ.get("UI_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)

    def shoot(name):
        frames(3)
        path = folder / f"{name}.png"
        Window.screenshot(name=str(path))
        written = sorted(folder.glob(f"{name}*.png"), key=os.path.getmtime)[-1]
        written.replace(path)  # Kivy numbers its screenshots; keep one stable name
        assert path.stat().st_size > 5000

    return shoot


def test_every_screen_builds_at_the_pi_display_size(app, shots):
    assert tuple(Window.size) == (800, 480)
    home = app.root.get_screen("home")
    for label in ("New game", "History", "Decks", "Settings"):
        button(home, label)
    home.refresh()  # the fixture adds its deck after Home first showed
    frames()
    assert any("No unfinished game" in t for t in texts(home))
    shots("home")
    screen = start_game(app)
    assert screen.ids.prompt.font_size >= 28
    assert "Round 1" in screen.ids.status.text and "reader ok" in screen.ids.status.text
    shots("table")
    inputs = []
    step = 0
    while app.table.prompt.phase != "broke":
        play_one(app, screen, step, inputs)
        step += 1
    if screen.drawer_open:
        press(screen.ids.virtual)
    shots("breakage")
    press(screen.board.breakage.ids.done)
    shots("table-after-breakage")
    if not screen.drawer_open:
        press(screen.ids.virtual)
    assert screen.drawer.parent is not None
    assert any("Deck (" in t for t in texts(screen.drawer))
    shots("virtual-table")
    press(screen.ids.virtual)
    assert screen.drawer.parent is None
    for target in ("scores", "history", "setup"):
        app.goto(target)
        shots(target)
    setup = app.root.get_screen("setup")
    assert [setup.ids[f"seat{i}"].name for i in range(2)] == ["Ana", "Ben"]  # remembered
    assert "Test deck" in setup.ids.deck.text
    scores = app.root.get_screen("scores")
    assert any("score" in t.lower() or "total" in t.lower() for t in texts(scores))
    # every button anywhere is big enough to hit with a finger
    for name in ("home", "setup", "table", "scores", "history"):
        for widget in walk(app.root.get_screen(name)):
            if hasattr(widget, "on_release") and widget.opacity > 0 and widget.width > 0:
                assert widget.height >= 48 or widget.height == 0, (name, widget, widget.height)
