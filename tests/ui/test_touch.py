"""One touch, one press (issue 24): the input providers the app writes into its own Kivy config,
fed one touch as the Pi delivers it: SDL's touch-made mouse press in the window, and the same
touch as evdev events on the panel's /dev/input/eventN for any provider that reads it."""

from tests.ui._window import require_window

require_window()

import configparser  # noqa: E402
import struct  # noqa: E402
import types  # noqa: E402

import pytest  # noqa: E402
from kivy.base import EventLoop  # noqa: E402
from kivy.config import Config  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.factory import Factory  # noqa: E402
from kivy.input.factory import MotionEventFactory  # noqa: E402
from kivy.input.providers import hidinput, probesysfs  # noqa: E402

from ui import touch  # noqa: E402

# linux/input-event-codes.h
EV_SYN, EV_ABS = 0x00, 0x03
SYN_REPORT, SYN_MT_REPORT = 0, 2
ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39
PANEL = (800, 480)  # the official 7" display's touch range
KIVY_DEFAULT = {"mouse": "mouse", "%(name)s": "probesysfs"}  # what Kivy writes on Linux


def one_touch_as_evdev(x: int, y: int) -> bytes:
    """A finger down at (x, y) and lifted again, as the panel's driver reports it."""
    events = [
        (EV_ABS, ABS_MT_TRACKING_ID, 0), (EV_ABS, ABS_MT_POSITION_X, x),
        (EV_ABS, ABS_MT_POSITION_Y, y), (EV_SYN, SYN_MT_REPORT, 0), (EV_SYN, SYN_REPORT, 0),
        (EV_SYN, SYN_REPORT, 0),  # no contact left: the finger is up
    ]  # fmt: skip
    return b"".join(struct.pack("LLHHi", 0, 0, *event) for event in events)


def panel_ioctl(_fd: object, request: int, _buffer: object) -> bytes:
    """What the panel's evdev node answers Kivy's questions with: a multi-touch device."""
    name = hidinput.EVIOCGNAME + (256 << 16)
    kinds = hidinput.EVIOCGBIT + (hidinput.EV_MAX << 16)
    axes = hidinput.EVIOCGBIT + EV_ABS + (hidinput.KEY_MAX << 16)
    if request == name:
        return b"generic ft5x06 (79)"
    if request == kinds:
        return struct.pack("Q", 1 << EV_ABS)
    if request == axes:
        return struct.pack("Q", 1 << ABS_MT_POSITION_X | 1 << ABS_MT_POSITION_Y)
    axis = request - hidinput.EVIOCGABS - (hidinput.struct_input_absinfo_sz << 16)
    top = PANEL[axis == ABS_MT_POSITION_Y] - 1
    return struct.pack("iiiiii", 0, 0, top, 0, 0, 0)


@pytest.fixture
def panel(tmp_path, monkeypatch):
    """The Pi's touch panel as Kivy's probesysfs finds it, its event node holding one touch
    at the centre. libmtdev cannot open a file that is not a device, so Kivy's hidinput reads
    it wherever mtdev would: what is counted is how many providers read the panel."""
    node = tmp_path / "event0"
    node.write_bytes(one_touch_as_evdev(PANEL[0] // 2, PANEL[1] // 2))
    found = types.SimpleNamespace(
        device=str(node), name="generic ft5x06 (79)", is_mouse=False,
        has_capability=lambda capability: capability == ABS_MT_POSITION_X,
    )  # fmt: skip
    monkeypatch.setattr(probesysfs, "get_inputs", lambda _path: [found])
    monkeypatch.setattr(hidinput, "fcntl", types.SimpleNamespace(ioctl=panel_ioctl))
    hid = MotionEventFactory.get("hidinput")
    real_get = MotionEventFactory.get
    monkeypatch.setattr(
        MotionEventFactory, "get", lambda name: hid if name == "mtdev" else real_get(name)
    )
    saved = dict(Config.items("input"))
    yield node
    touch.replace_section(Config, saved)


def presses_for_one_touch() -> int:
    """Make the providers from Config's [input] as Kivy's runTouchApp does, touch the centre
    once (SDL's mouse press and release, and the panel's events) and count the presses."""
    before = list(EventLoop.input_providers)
    for key, value in Config.items("input"):
        provider_id, _, args = value.partition(",")
        provider = MotionEventFactory.get(provider_id)(key, args)
        if provider is not None:  # probesysfs adds the providers it makes itself
            EventLoop.add_input_provider(provider)
    made = [p for p in EventLoop.input_providers if p not in before]
    button = Factory.Button(size_hint=(None, None), size=(200, 100))
    button.center = Window.center
    pressed = []
    button.bind(on_press=lambda _b: pressed.append(1))
    Window.add_widget(button)
    try:
        for provider in made:
            provider.start()
        x, y = Window.center
        Window.dispatch("on_mouse_down", x, y, "left", [])  # SDL: a touch is also a mouse press
        Window.dispatch("on_mouse_up", x, y, "left", [])
        for provider in made:
            if hasattr(provider, "thread"):
                provider.thread.join(10)  # it has read the whole touch
        for _ in range(5):
            EventLoop.idle()
    finally:
        for provider in made:
            provider.stop()
            EventLoop.remove_input_provider(provider)
        Window.remove_widget(button)
    return len(pressed)


def test_kivys_own_linux_default_presses_twice_for_one_touch(panel):
    """The trap the app avoids (docs/ui.md): the test sees it, so it can see the fix."""
    touch.replace_section(Config, KIVY_DEFAULT)
    assert presses_for_one_touch() == 2


@pytest.mark.parametrize("choice", sorted(touch.SECTIONS))
def test_the_apps_input_gives_one_press_per_touch(panel, choice):
    touch.configure(Config, choice)
    assert len(Config.options("input")) == 1
    assert presses_for_one_touch() == 1


def test_the_section_is_written_into_the_apps_kivy_config_file_and_nothing_else(tmp_path):
    path = tmp_path / "config.ini"
    path.write_text("[graphics]\nfullscreen = 0\n\n[input]\nmouse = mouse\n%(name)s = probesysfs\n")
    touch.write_section(path, touch.SECTIONS["sdl"])
    written = configparser.RawConfigParser()
    written.read(path)
    assert dict(written.items("input")) == {"mouse": "mouse,disable_multitouch"}
    assert dict(written.items("graphics")) == {"fullscreen": "0"}


@pytest.mark.parametrize(("value", "expected"), [(None, "sdl"), ("Panel", "panel"), ("x", "sdl")])
def test_the_owner_chooses_with_companion_touch(value, expected):
    environ = {} if value is None else {touch.ENV_VAR: value}
    assert touch.chosen(environ) == expected


def test_the_app_configures_one_provider_and_settings_says_which(app):
    assert app.touch == "sdl" and dict(Config.items("input")) == touch.SECTIONS["sdl"]
    settings = app.root.get_screen("settings")
    settings.load()
    assert settings.config_note.startswith(touch.WORDS["sdl"])
