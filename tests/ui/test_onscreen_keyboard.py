"""A Pi with only a touchscreen types with Kivy's own keyboard: touching a text field docks
it on screen with touch-sized keys, and touching its keys fills the field."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.uix.vkeyboard import VKeyboard

from tests.ui.apphelp import frames, press, touch
from ui import keyboard
from ui.theme import THEME


def on_screen_keyboard():
    found = [w for w in EventLoop.window.children if isinstance(w, VKeyboard)]
    return found[0] if found else None


def key_centre(board: VKeyboard, text: str) -> tuple[float, float]:
    """Where the key showing `text` is drawn, in window coordinates."""
    layout = board.available_layouts[board.layout]
    rows = [layout[f"{board.layout_mode}_{n}"] for n in range(1, layout["rows"] + 1)]
    for line, keys in enumerate(rows, 1):
        for index, key in enumerate(keys):
            if key[0] == text:
                (x, y), (w, h) = board.layout_geometry[f"LINE_{line}"][index]
                return board.to_window(x + w / 2, y + h / 2)
    raise AssertionError(f"no key {text!r}")


def test_a_touched_name_field_gets_the_docked_keyboard_and_its_keys_type(app):
    keyboard.apply("on")
    press(app.root.get_screen("home").ids.new_game)
    field = app.root.get_screen("setup").ids.seat3.ids.name  # the lowest seat B&B has
    field.text = ""
    touch(*field.to_window(*field.center))
    frames(3)
    board = on_screen_keyboard()
    assert board is not None and board.docked, "no docked keyboard for a focused field"
    assert board.width * board.scale == EventLoop.window.width
    row = board.height * board.scale * (1 - 0.1) / keyboard.ROWS
    assert row >= THEME.touch, f"key rows {row:.0f} px tall"
    below = field.to_window(field.x, field.y)[1]
    assert below >= board.top * board.scale - 1, "the field lies under the keyboard"
    for letter in "ana":
        touch(*key_centre(board, letter))
    assert field.text == "ana"
    field.focus = False
    frames(2)
    assert on_screen_keyboard() is None


def test_off_uses_the_system_keyboard_alone(app):
    assert keyboard.apply("off") == "system"
    field = app.root.get_screen("settings").ids.readers
    app.goto("settings")
    frames()
    field.focus = True
    frames(2)
    assert on_screen_keyboard() is None
    field.focus = False
    keyboard.apply("auto")


def test_auto_follows_a_real_keyboard(tmp_path):
    devices = tmp_path / "devices"
    devices.write_text('N: Name="Logitech USB Keyboard"\nB: EV=120013\n')
    assert keyboard.physical_keyboard(devices)
    assert keyboard.keyboard_mode("auto", True) == "system"
    devices.write_text('N: Name="raspberrypi-ts"\nB: EV=b\n')
    assert not keyboard.physical_keyboard(devices)
    assert keyboard.keyboard_mode("auto", False) == "systemanddock"
    assert not keyboard.physical_keyboard(tmp_path / "missing")
