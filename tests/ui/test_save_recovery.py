"""The app meets a save that lost inputs or went bad while it ran: it says what was lost in one
line, offers the backup on Home, and carries on (issue 11, "Crash loops and silent loss")."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from companion.cli import main
from tests.companion.conftest import DATA
from tests.ui.apphelp import close_app, frames, open_app, press
from tests.ui.test_home import rows


def played(db, lines: int = 34) -> int:
    """A CLI game of `lines` script lines in the app's save; returns its inputs."""
    script = db.parent / "game.script"
    script.write_text("\n".join((DATA / "bnb-3p.script").read_text().splitlines()[:lines]))
    code = main(
        ["play", "--game", "broken-and-beautiful", "--deck", str(DATA / "bnb-3p.toml"),
         "--players", "Ana,Ben,Cleo", "--script", str(script), "--db", str(db)]
    )  # fmt: skip
    assert code == 0
    with closing(sqlite3.connect(db)) as raw:
        return raw.execute("SELECT count(*) FROM inputs").fetchone()[0]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    return tmp_path


def test_home_names_the_lost_game_and_restores_the_backup(data, capsys):
    had = played(data / "companion.db")
    (data / "companion.db").write_bytes(b"")  # the file emptied by a bad card or a bad copy
    app = open_app()
    try:
        home = app.root.get_screen("home")
        message = home.ids.banner.message
        assert f"game 1 (broken-and-beautiful: Ana, Ben, Cleo) had {had} inputs" in message
        assert "\n" not in message and rows(home) == []
        restore = home.ids.restore
        assert restore.opacity == 1 and restore.height >= 48
        press(restore)
        assert rows(home) == []  # one tap restores nothing
        press(restore)
        assert "Restored the backup" in home.ids.banner.message
        [row] = rows(home)
        assert row.table is not None and "Ana, Ben, Cleo" in row.text
        assert restore.opacity == 0
        assert list(data.glob("companion.db.replaced-*"))
    finally:
        close_app(app)


def test_damage_met_mid_run_sets_the_save_aside_and_goes_home(data, capsys):
    from kivy.base import ExceptionManager

    from companion.store import DamagedStore

    played(data / "companion.db")
    app = open_app()
    try:
        with closing(sqlite3.connect(data / "companion.db")) as raw:  # garbled on the card
            raw.execute("UPDATE games SET setup = X'FF00FF'")
            raw.commit()
        app.goto("history")
        with pytest.raises(DamagedStore) as met:
            app.goto("home")  # Home reads the games
        # What Kivy's main loop does with an exception from a screen: ask its handlers.
        assert ExceptionManager.handle_exception(met.value) == ExceptionManager.PASS
        assert ExceptionManager.handle_exception(met.value) == ExceptionManager.PASS  # once only
        frames(2)
        home = app.root.get_screen("home")
        assert app.root.current == "home" and "damaged" in home.ids.banner.message
        assert len(list(data.glob("companion.db.damaged-*[0-9]"))) == 1
        assert app.store.games() == [] and rows(home) == []
    finally:
        close_app(app)


def test_a_backup_that_cannot_be_restored_leaves_a_working_save(data, capsys):
    played(data / "companion.db")
    (data / "companion.db").write_bytes(b"")
    app = open_app()
    try:
        offered = app.store.backup_offer
        offered.write_bytes(b"not a save at all")  # the backup went bad meanwhile
        said = app.restore_backup()
        assert "could not be restored" in said and "\n" not in said
        app.store.set_setting("still", "saving")  # the app goes on with an open save
        assert app.store.get_setting("still") == "saving"
    finally:
        close_app(app)
