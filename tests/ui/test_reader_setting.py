"""The reader list saved in Settings is the one the app opens, and saving it re-opens them.

Precedence: --reader, then $COMPANION_READER, then Settings, then sim://.
"""

from __future__ import annotations

import pytest

from companion.store import Store
from hardware.factory import reader_spec
from tests.ui.apphelp import close_app, open_app, until
from ui.app import READERS_KEY
from ui.theme import MONO, mono_options

FAST = "interval=0.005"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.delenv("COMPANION_READER", raising=False)
    return tmp_path


@pytest.fixture
def opened():
    apps = []

    def make(reader=None):
        apps.append(open_app(reader))
        return apps[-1]

    yield make
    for app in apps:
        close_app(app)


def save_readers(folder, spec):
    store = Store(folder / "companion.db")
    store.set_setting(READERS_KEY, spec)
    store.close()


def names(app):
    return [reader.name for reader in app.hub.readers]


def test_precedence_is_cli_then_environment_then_settings_then_sim(data, monkeypatch):
    assert reader_spec(None, None) == ("sim://", "default")
    assert reader_spec(None, "a=sim://") == ("a=sim://", "saved")
    monkeypatch.setenv("COMPANION_READER", "b=sim://")
    assert reader_spec(None, "a=sim://") == ("b=sim://", "COMPANION_READER")
    assert reader_spec("c=sim://", "a=sim://") == ("c=sim://", "--reader")


def test_the_app_opens_the_saved_readers_when_none_is_given(data, opened):
    save_readers(data, f"seat1=sim://?{FAST},seat2=sim://?{FAST}")
    app = opened()
    assert names(app) == ["seat1", "seat2"]
    assert app.reader_status == "ok"


def test_the_command_line_beats_the_saved_readers(data, opened):
    save_readers(data, f"seat1=sim://?{FAST}")
    app = opened(f"cli=sim://?{FAST}")
    assert names(app) == ["cli"]
    settings = app.root.get_screen("settings")
    app.goto("settings")
    # in players' words, not the flag's
    assert "given when the app was started" in settings.readers_note
    assert "--reader" not in settings.readers_note
    assert settings.save_readers(f"other=sim://?{FAST}")
    assert names(app) == ["cli"]  # saved, not applied: the banner says why
    assert "given when the app was started" in settings.ids.banner.message


def test_saving_readers_in_settings_reopens_them_at_once(data, opened):
    app = opened()
    old_hub, old_sim = app.hub, app.sim
    app.goto("settings")
    settings = app.root.get_screen("settings")
    assert settings.save_readers(f"table=sim://?{FAST}")
    assert names(app) == ["table"]
    assert "re-opened" in settings.ids.banner.message
    assert not any(thread.is_alive() for thread in old_hub._threads)
    assert app.sim is not None and app.sim is not old_sim
    seen = []
    app.bind(on_reader_event=lambda _app, event: seen.append((event.reader, event.uid)))
    app.sim.place("04A1B2C3D4E5F6")
    until(lambda: seen)
    assert seen[0] == ("table", "04A1B2C3D4E5F6")


def test_readers_that_cannot_open_are_a_banner_and_a_status(data, opened):
    app = opened()
    settings = app.root.get_screen("settings")
    app.goto("settings")
    assert settings.save_readers("script:///no/such/file")
    assert settings.ids.banner.kind == "error"
    assert app.hub is None and "did not open" in app.reader_status
    assert not app.root.get_screen("table").has_sim  # no virtual table driving a closed sim


def test_options_are_monospace_and_the_rest_shows_as_written():
    assert mono_options("set by --reader [x] & co") == (
        f"set by [font={MONO}]--reader[/font] &bl;x&br; &amp; co"
    )
    assert mono_options("a--b and sim:// stay") == "a--b and sim:// stay"
