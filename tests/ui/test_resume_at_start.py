"""After a restart the app goes straight back to the game that was running (the newest
unfinished one) when the setting says so: on by default on the kiosk (the service unit sets
COMPANION_KIOSK=1), off on a laptop; Settings' row turns it on or off."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing

import pytest

from companion.paths import SAVE_FILE
from companion.store import Store
from companion.table import Table
from tests.ui.apphelp import close_app, frames, open_app, small_deck, texts, touch, walk
from ui.screens.home import ResumeRow
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


def test_a_game_that_stops_replaying_is_set_aside_and_its_good_inputs_play_on(
    tmp_path, monkeypatch
):
    """One changed letter in a stored scan: the kiosk opens on Home, which says the game was
    set aside and lists the copy that plays on from its last good input (it listed the game
    as one that cannot be resumed); the next start goes straight into that copy."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.setenv(KIOSK_ENV, "1")
    store = Store(tmp_path / SAVE_FILE)
    table = Table.start(store, small_deck(), ["Cy", "Di"])
    for uid in sorted(table.state.deck)[:3]:
        table.scan(uid)
    store.close()
    with closing(sqlite3.connect(tmp_path / SAVE_FILE)) as raw:
        raw.execute(
            "UPDATE inputs SET uid = uid || 'Z' WHERE game_id = ? AND seq = 3", (table.game_id,)
        )
        raw.commit()
    app = open_app()
    frames(2)
    try:
        home = app.root.get_screen("home")
        assert app.root.current == "home" and app.table is None
        said = " ".join(texts(home))
        assert f"saved game {table.game_id} cannot be replayed at input 3" in said
        rows = [w for w in walk(home) if isinstance(w, ResumeRow)]
        assert len(rows) == 1 and rows[0].table is not None, "the copy is listed, resumable"
        copy = rows[0].game_id
        assert copy != table.game_id and app.store.game(copy).inputs == 2
    finally:
        close_app(app)
    again = open_app()
    frames(2)
    try:
        assert again.root.current == "table" and again.table.game_id == copy
    finally:
        close_app(again)
