"""Screens are built the first time they are opened, so start-up builds Home alone; a screen
built after start-up is no longer frozen out of the cyclic GC, so what it takes out of its
layout for a while (seats a game does not use, the table under a cover) must be held by
the screen itself, not only by kv's weak ids."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from tests.ui import bp_helpers
from tests.ui.apphelp import button, frames, press
from tests.ui.test_app_flow import start_game
from tests.ui.test_quiet_work_ahead import quiet_tick
from tests.ui.test_setup_seats import choose, wbi_deck
from ui.app import SCREENS
from ui.screens import table
from ui.widgets.narration import NarrationLog
from ui.widgets.virtual_table import VirtualTable

ROOT = Path(__file__).resolve().parents[2]


def test_only_home_is_built_at_start_and_every_screen_opens_when_asked(app):
    assert app.root.screen_names == ["home"]
    for name in SCREENS:
        app.goto(name)
        frames()
        assert app.root.current == name and app.root.current_screen.name == name
    assert sorted(app.root.screen_names) == sorted(SCREENS)


def test_seats_left_out_by_a_small_game_come_back_after_a_collection(app):
    app.store.save_deck("who-broke-it", "Party deck", wbi_deck().to_toml())
    setup = choose(app, "Test deck")  # Broken and Beautiful: four seats, two left out
    assert len(setup.seats()) == 4
    gc.collect()
    setup = choose(app, "Party deck")  # Who Broke It?: six
    assert [row.seat for row in setup.seats()] == [0, 1, 2, 3, 4, 5]


def test_the_table_under_a_cover_comes_back_after_a_collection(app):
    screen = bp_helpers.start(app)  # the Broken Planet board covers the table area
    frames(2)
    assert screen.ids.prompt.parent is not None and screen.ids.area.children
    assert screen.ids.table_side.hidden
    gc.collect()
    press(button(screen, "Menu"))
    press(button(app.root.get_screen("home"), "New game"))
    setup = choose(app, "Test deck")
    press(setup.ids.start)  # a Broken and Beautiful table: no cover
    frames(2)
    assert app.root.current == "table"
    assert not screen.ids.table_side.hidden
    assert screen.ids.table_side.canvas in screen.ids.stage.canvas.children


def test_a_table_imports_only_its_own_games_board():
    """Every board module was imported for any table: ~0.4 MB of another game's board."""
    script = (
        "import sys\n"
        "from ui.boards import board_for\n"
        "kintsugi = board_for('broken-and-beautiful').__name__\n"
        "print(kintsugi, 'ui.boards.broken_planet' in sys.modules)\n"
        "print(board_for('broken-planet').__name__, board_for('who-broke-it').__name__)\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1")
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.stdout.split() == [
        "KintsugiBoard",
        "False",
        "BrokenPlanetBoard",
        "GenericBoard",
    ], out.stderr[-2000:]


def test_the_virtual_table_and_the_log_are_made_when_first_opened(app, monkeypatch):
    made: list[type] = []
    for cls in (VirtualTable, NarrationLog):
        monkeypatch.setattr(table, cls.__name__, lambda cls=cls: made.append(cls) or cls())
    screen = start_game(app)
    frames(2)
    assert made == []
    press(screen.ids.virtual)
    frames(2)
    assert made == [VirtualTable] and screen.drawer.ids.sections.children
    press(screen.ids.virtual)
    press(screen.ids.log)
    frames(2)
    assert made == [VirtualTable, NarrationLog] and screen.log.parent is not None


def test_the_score_sheet_is_built_at_a_quiet_moment_while_a_game_is_on_the_table(app):
    """Built at the game's last input, its import and kv rules kept the players waiting for
    their scores; a quiet moment during the game builds it instead (ui.app)."""
    quiet_tick(app)
    assert "scores" not in app.root.screen_names  # no game: nothing is built for nothing
    start_game(app)
    assert "scores" not in app.root.screen_names
    quiet_tick(app)
    assert "scores" in app.root.screen_names and app.root.current == "table"
