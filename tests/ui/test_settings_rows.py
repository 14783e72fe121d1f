"""Settings says what the LED and sound setting can drive, sets the rescan guard for the
running table at once, and lets a sim:// reader under test be given a tag."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from tests.ui.apphelp import button, close_app, frames, open_app, press, texts, until


def settings_of(app):
    app.goto("settings")
    frames(2)
    return app.root.get_screen("settings")


def test_no_pins_no_leds_said_plainly(app):
    found = settings_of(app).ids.feedback_found.text
    assert found.startswith("No LED or buzzer can be driven here"), found


@pytest.fixture
def mock_pins(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    Device.pin_factory = MockFactory()
    app = open_app()
    yield app
    close_app(app)
    Device.pin_factory.close()
    Device.pin_factory = None


def test_pins_that_can_be_driven_are_named(mock_pins):
    assert mock_pins.feedback.led is not None
    found = settings_of(mock_pins).ids.feedback_found.text
    assert found == "Pins ready for an LED on GPIO17 and a buzzer on GPIO18.", found


def test_the_rescan_window_applies_to_the_running_table_at_once(app):
    screen = settings_of(app)
    assert app.session.rescan.window == 0.0  # the test app's
    press(button(screen.ids.rescan, "2 s"))
    assert app.session.rescan.window == 2.0
    assert app.store.get_setting("rescan_window") == 2.0
    screen.load()
    assert [t.text for t in screen.ids.rescan.children if t.state == "down"] == ["2 s"]
    assert "off" in texts(screen.ids.rescan)


def test_sim_readers_under_test_take_a_virtual_tag(app):
    screen = settings_of(app)
    assert screen.ids.place_tag.height == 0 and screen.ids.place_tag.hidden
    screen.start_test("sim://")
    frames()
    press(screen.ids.place_tag)
    until(lambda: "sim: placed" in screen.test_log)
    assert "sim: placed 04D3E70A6B5C80" in screen.test_log
    screen.stop_test()
    frames()
    assert screen.ids.place_tag.height == 0
