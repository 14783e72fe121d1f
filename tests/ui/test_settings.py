from tests.ui._window import require_window

require_window()

import time  # noqa: E402

import pytest  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager  # noqa: E402
from kivy.uix.togglebutton import ToggleButton  # noqa: E402

from companion.games import playable  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.screens.settings import RulingRow, SettingsScreen  # noqa: E402


@pytest.fixture
def screen():
    store = Store()
    manager = ScreenManager()
    screen = SettingsScreen(store=store)
    manager.add_widget(screen)
    manager.add_widget(Screen(name="home"))
    Window.add_widget(manager)
    screen.load()
    frame()
    yield screen
    screen.stop_test()
    Window.remove_widget(manager)
    store.close()


def frame():
    for _ in range(6):
        Clock.tick()


def rows(screen):
    return {(r.game, r.key): r for r in screen.ids.rulings.children if isinstance(r, RulingRow)}


def toggles(row):
    return {t.label: t for t in row.ids.choices.children if isinstance(t, ToggleButton)}


def test_every_ruleset_setting_is_shown_with_its_help_and_choices(screen):
    shown = rows(screen)
    expected = [(r.name, s) for r in playable() for s in r.settings]
    assert len(shown) == len(expected) > 0
    for game, setting in expected:
        row = shown[(game, setting.key)]
        assert row.help == setting.help
        buttons = toggles(row)
        assert set(buttons) == {setting.label(c) for c in setting.choices}  # its own words
        assert [v for v, b in buttons.items() if b.state == "down"] == [
            setting.label(setting.default)
        ]
        assert all(b.height >= 48 for b in buttons.values())


def test_tapping_a_ruling_stores_it_per_game_and_survives_reload(screen):
    game, setting = next((r.name, s) for r in playable() for s in r.settings)
    other = next(c for c in setting.choices if c != setting.default)
    toggles(rows(screen)[(game, setting.key)])[setting.label(other)].dispatch("on_release")
    assert screen.store.get_setting(f"rules.{game}")[setting.key] == other
    screen.load()
    assert toggles(rows(screen)[(game, setting.key)])[setting.label(other)].state == "down"


def test_a_stale_stored_ruling_falls_back_to_defaults_with_a_banner(screen):
    screen.store.set_setting("rules.mintsugi", {"no_such_rule": "x"})
    screen.load()
    assert screen.ids.banner.kind == "error" and "no_such_rule" in screen.ids.banner.message


def test_feedback_toggle_is_stored(screen):
    screen.ids.feedback_off.dispatch("on_release")
    assert screen.store.get_setting("feedback") is False and not screen.feedback_on


def test_readers_are_validated_before_saving(screen):
    assert not screen.save_readers("seat1=nosuch://x")
    assert screen.ids.banner.kind == "error"
    assert screen.store.get_setting("readers") is None
    assert screen.save_readers("seat1=sim://\n seat2=sim:// ")
    assert screen.store.get_setting("readers") == "seat1=sim://,seat2=sim://"
    assert screen.readers_text == "seat1=sim://\nseat2=sim://"


def test_reader_test_shows_live_events_and_stops_when_leaving(screen):
    screen.start_test("sim://")
    assert screen.testing and "sim:" in screen.chip
    hub = screen._hub
    hub.readers[0].place("04A1B2C3D4E5F6")
    deadline = time.monotonic() + 3
    while "placed 04A1B2C3D4E5F6" not in screen.test_log and time.monotonic() < deadline:
        time.sleep(0.02)
        Clock.tick()
    assert "sim: placed 04A1B2C3D4E5F6" in screen.test_log
    assert screen.chip == "sim: the reader answered as a genuine NXP chip (MFRC522 v2.0)"
    screen.manager.transition = NoTransition()  # on_leave on the next frames, no animation
    screen.manager.current = "home"
    frame()
    assert not screen.testing and screen._hub is None
    for thread in hub._threads:
        thread.join(10)  # generous: only so a thread that never ends cannot hang the suite
    assert not any(t.is_alive() for t in hub._threads)


def test_a_reader_that_cannot_open_is_a_banner_not_a_crash(screen):
    screen.start_test("nosuch://x")
    assert not screen.testing
    assert screen.ids.banner.kind == "error" and "nosuch" in screen.ids.banner.message


def test_the_readers_box_shows_the_spec_in_force_when_none_is_saved(screen, monkeypatch):
    monkeypatch.setenv("COMPANION_READER", "seat1=sim://,seat2=sim://")
    screen.load()
    assert screen.readers_text == "seat1=sim://\nseat2=sim://"


def test_the_kivy_config_note_names_the_config_file_in_use(screen):
    import kivy

    assert kivy.kivy_config_fn in screen.config_note
