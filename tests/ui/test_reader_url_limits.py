"""A reader URL no driver can take never stops the app starting, and Settings will not save
one (issue 11: `rc522://spi0.99999999999999999999` raised OverflowError at every start)."""

from __future__ import annotations

from tests.ui.apphelp import close_app, open_app
from tests.ui.test_reader_setting import FAST, data, save_readers  # noqa: F401  (fixture)
from ui.app import READERS_KEY

OVERFLOW = "rc522://spi0.99999999999999999999"


def test_a_saved_url_that_cannot_open_leaves_the_app_playable(data):  # noqa: F811
    save_readers(data, OVERFLOW)  # saved by an older version, which only parsed the target
    app = open_app(reader=None)
    try:
        assert app.root.current == "home"
        assert app.hub is None and "did not open:" in app.reader_status
        assert "bad target" in app.reader_status
    finally:
        close_app(app)


def test_settings_refuses_to_save_it(data):  # noqa: F811
    app = open_app(reader=None)
    try:
        settings = app.root.get_screen("settings")
        app.goto("settings")
        assert settings.save_readers(f"table=sim://?{FAST}")
        for bad in (OVERFLOW, "sim://?tags=300", "sim://?version=0x100"):
            assert not settings.save_readers(bad)
            assert settings.ids.banner.kind == "error" and "\n" not in settings.ids.banner.message
        assert app.store.get_setting(READERS_KEY) == f"table=sim://?{FAST}"
    finally:
        close_app(app)
