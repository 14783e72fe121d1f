"""After a restart the app goes straight back to the game that was running (the newest
unfinished one) when the setting says so: on by default on the kiosk (the service unit sets
COMPANION_KIOSK=1), off on a laptop; Settings' row turns it on or off."""

from __future__ import annotations

import time

import pytest

from companion.paths import SAVE_FILE
from companion.store import Store
from companion.table import Table
from tests.ui.apphelp import close_app, frames, open_app, small_deck, touch
from ui.service import render_unit
from ui.startup import KIOSK_ENV, RESUME_KEY, is_kiosk


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """A save holding two unfinished games, Cy and Di's played last, and a finished one."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.delenv(KIOSK_ENV, raising=False)
    store = Store(tmp_path / SAVE_FILE)
    older = Table.start(store, small_deck(), ["Ana", "Ben"])
    time.sleep(0.01)
    newer = Table.start(store, small_deck(), ["Cy", "Di"])
    newer.scan(sorted(newer.state.deck)[0])
    store.close()
    opened = []

    def start(**setting: bool):
        if setting:
            again = Store(tmp_path / SAVE_FILE)
            again.set_setting(RESUME_KEY, setting["resume"])
            again.close()
        opened.append(open_app())
        frames(2)
        return opened[-1]

    start.older, start.newer = older.game_id, newer.game_id
    yield start
    for app in opened:
        close_app(app)


def test_a_kiosk_opens_on_the_game_that_was_running(saved, monkeypatch):
    monkeypatch.setenv(KIOSK_ENV, "1")
    app = saved()
    assert app.root.current == "table"
    assert app.table.game_id == saved.newer and app.table.players == ["Cy", "Di"]
    assert app.store.game(saved.newer).inputs == 1, "with every input it had"
    assert app.root.get_screen("table").ids, "the table screen is built and shown"


def test_a_laptop_opens_on_home(saved):
    app = saved()
    assert app.root.current == "home" and app.table is None


def test_the_setting_overrides_the_default_either_way(saved, monkeypatch):
    app = saved(resume=True)
    assert app.root.current == "table" and app.table.game_id == saved.newer
    close_app(app)
    monkeypatch.setenv(KIOSK_ENV, "1")
    app = saved(resume=False)
    assert app.root.current == "home"


def test_with_no_running_game_even_a_kiosk_opens_on_home(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.setenv(KIOSK_ENV, "1")
    app = open_app()
    try:
        frames(2)
        assert app.root.current == "home"
    finally:
        close_app(app)


def test_settings_row_turns_it_off_by_touch_and_the_next_start_opens_on_home(saved, monkeypatch):
    monkeypatch.setenv(KIOSK_ENV, "1")
    app = saved()
    app.goto("settings")
    frames(2)
    row = app.root.get_screen("settings").ids.resume
    assert row.ids.resume_on.state == "down", "on a kiosk it is on until someone chooses"
    scroll = row.parent.parent
    scroll.scroll_to(row, animate=False)
    frames(2)
    off = row.ids.resume_off
    touch(*off.to_window(*off.center))
    assert off.state == "down" and app.store.get_setting(RESUME_KEY) is False
    close_app(app)
    assert saved().root.current == "home"


def test_the_service_unit_says_it_is_a_kiosk():
    unit = render_unit("ana", "/home/ana", "/home/ana/companion")
    env = dict(
        line.removeprefix("Environment=").split("=", 1)
        for line in unit.splitlines()
        if line.startswith("Environment=")
    )
    assert is_kiosk(env) and not is_kiosk({}) and not is_kiosk({KIOSK_ENV: "0"})
