"""A Pi with only a touchscreen types with Kivy's own keyboard: touching a text field docks
it at the bottom of the window with touch-sized keys, the field is laid out above it, and a
finger on a drawn key types that key (all driven by touches at window coordinates)."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.uix.vkeyboard import VKeyboard

from tests.ui.apphelp import frames, press, touch
from tests.ui.test_setup_seats import choose, wbi_deck
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
    top, _right, bottom, _left = board.margin_hint
    row = board.height * board.scale * (1 - top - bottom) / keyboard.ROWS
    assert row >= THEME.touch, f"key rows {row:.0f} px tall"
    below = field.to_window(field.x, field.y)[1]
    assert below >= board.top * board.scale - 1, "the field lies under the keyboard"
    for letter in "ana":
        touch(*key_centre(board, letter))
    assert field.text == "ana"
    field.focus = False
    frames(2)
    assert on_screen_keyboard() is None


def tap_key(board: VKeyboard, text: str) -> None:
    touch(*key_centre(board, text))


def open_on(field) -> VKeyboard:
    """Touch `field` where it is drawn; the keyboard docked at the bottom, full width, with
    rows of keys at least a touch target tall, and the field in sight above it."""
    touch(*field.to_window(*field.center))
    frames(3)
    board = on_screen_keyboard()
    assert field.focus and board is not None and board.docked
    window = EventLoop.window
    assert board.to_window(*board.pos) == (0, 0), "the keyboard is not docked at the bottom"
    assert board.width * board.scale == window.width
    top, _right, bottom, _left = board.margin_hint
    row = board.height * board.scale * (1 - top - bottom) / keyboard.ROWS
    assert row >= THEME.touch, f"key rows {row:.0f} px tall"
    bottom, top = field.to_window(field.x, field.y)[1], field.to_window(field.x, field.top)[1]
    assert bottom >= board.top * board.scale - 1, f"the field ({bottom:.0f}) is under the keyboard"
    assert top <= window.height, "the field is above the window"
    return board


def type_by_taps(field) -> None:
    """q, backspace, then one-finger shift: a tap holds it for the next letter only."""
    field.text = ""
    board = open_on(field)
    tap_key(board, "q")
    assert field.text == "q"
    tap_key(board, "⌫")
    assert field.text == "" and field.focus, "backspace did not delete"
    tap_key(board, "⇧")
    tap_key(board, "A")  # the keys now show capitals
    tap_key(board, "n")
    tap_key(board, "a")
    assert field.text == "Ana"


def test_seat_six_is_typed_above_the_docked_keyboard_and_enter_moves_on(app):
    keyboard.apply("on")
    app.store.save_deck("who-broke-it", "Party deck", wbi_deck().to_toml())
    setup = choose(app, "Party deck")
    six = setup.ids.seat5.ids.name
    type_by_taps(six)
    assert setup.seats()[5].name == "Ana"
    five = setup.ids.seat4.ids.name
    board = open_on(five)
    tap_key(board, "⏎")
    frames(3)
    assert six.focus and not five.focus, "Enter did not move on to the next seat"
    tap_key(on_screen_keyboard(), "⏎")
    frames(3)
    assert not six.focus and on_screen_keyboard() is None, "Enter on the last seat kept it open"
    assert app.root.y == 0 and app.root.height == EventLoop.window.height


def test_the_export_field_is_typed_above_the_docked_keyboard(app):
    keyboard.apply("on")
    decks = app.root.get_screen("decks")
    app.goto("decks")
    frames(2)
    decks.open_deck(next(d for d in app.decks() if d.name == "Test deck"))
    frames(3)
    type_by_taps(decks.ids.export_path)
    new_name = decks.ids.new_name
    decks.close_deck()
    frames(3)
    type_by_taps(new_name)


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


def test_each_field_opens_the_keyboard_on_small_letters(app):
    """One keyboard serves every field: caps lock or a held shift left in one field must
    not carry into the next (a monkey run left it so, and the next name typed capitals)."""
    keyboard.apply("on")
    press(app.root.get_screen("home").ids.new_game)
    setup = app.root.get_screen("setup")
    first, second = setup.ids.seat0.ids.name, setup.ids.seat1.ids.name
    board = open_on(first)
    tap_key(board, "⇪")  # caps lock
    frames(2)
    assert board.layout_mode == "shift"
    tap_key(board, "⨯")  # closes it
    frames(5)
    assert on_screen_keyboard() is None or not first.focus
    second.text = ""
    board = open_on(second)
    assert board.layout_mode == "normal" and not board.have_capslock
    tap_key(board, "b")
    assert second.text == "b"
