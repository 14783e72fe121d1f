"""A damaged save file at start-up: the app opens anyway, Home says in one line where the
damaged file went (kept, never deleted), and a new game can be played."""

from __future__ import annotations

import pytest

from tests.ui.apphelp import close_app, frames, open_app
from tests.ui.test_app_flow import start_game

GARBAGE = b"this is not a database, it is a shopping list\n" * 100


@pytest.fixture
def damaged_app(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    (tmp_path / "companion.db").write_bytes(GARBAGE)
    app = open_app()
    yield app, tmp_path
    close_app(app)


def test_home_says_the_save_was_set_aside_and_a_new_game_starts(damaged_app):
    app, data = damaged_app
    frames(2)
    assert app.root.current == "home"
    banner = app.root.get_screen("home").ids.banner
    aside = [p for p in data.iterdir() if p.name.startswith("companion.db.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == GARBAGE
    assert banner.kind == "error" and banner.height > 0
    assert "damaged" in banner.message and aside[0].name in banner.message
    assert "\n" not in banner.message and "Traceback" not in banner.message
    start_game(app)
    assert [g.id for g in app.store.games(finished=False)] == [app.table.game_id]
