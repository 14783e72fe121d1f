"""The on-screen keyboard: Kivy's own, docked, for a Pi whose only input is the touchscreen.

Player names, deck names, reader URLs and file paths are typed at the table, where there
may be no keyboard at all. The setting (store key `keyboard`) is `auto` (the on-screen
keyboard when Linux lists no physical keyboard), `on` or `off`; with it on, a real keyboard
still types too (Kivy's `systemanddock`). Docked at the bottom with keys at least one touch
target tall, it leaves the upper part of the 480 px screen to the field being typed in, and
Kivy moves a lower field up above it (`softinput_mode = below_target`).
"""

from __future__ import annotations

import math
from pathlib import Path

from kivy.config import Config
from kivy.uix.vkeyboard import VKeyboard

from ui.theme import THEME

KEYBOARD_KEY = "keyboard"
CHOICES = ("auto", "on", "off")
DEFAULT = "auto"
DEVICES = Path("/proc/bus/input/devices")
FULL_KEYBOARD = "EV=120013"  # keys, repeat and LEDs: a keyboard, not a power button or panel
ROWS = 5  # Kivy's layouts (qwerty, azerty...) have five rows of keys


def physical_keyboard(devices: Path = DEVICES) -> bool:
    """True when Linux lists a real keyboard (USB or Bluetooth); False when it cannot tell."""
    try:
        return FULL_KEYBOARD in devices.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def keyboard_mode(choice: str, has_keyboard: bool) -> str:
    """Kivy's `keyboard_mode` for the setting: the docked keyboard, or the system's alone."""
    docked = choice == "on" or (choice == "auto" and not has_keyboard)
    return "systemanddock" if docked else "system"


class TableKeyboard(VKeyboard):
    """Kivy's keyboard sized for the 7" screen: the window's width, each row of keys at
    least THEME.touch tall inside VKeyboard's own margins."""

    def __init__(self, **kwargs: object) -> None:
        from kivy.core.window import Window

        kwargs.setdefault("width", Window.width)
        kwargs.setdefault("height", keyboard_height())
        super().__init__(**kwargs)


def keyboard_height() -> float:
    top, _right, bottom, _left = VKeyboard.margin_hint.defaultvalue
    return math.ceil(ROWS * THEME.touch / (1 - top - bottom))


def apply(choice: str, has_keyboard: bool | None = None) -> str:
    """Use the setting from now on (a field focused next gets it); returns the mode."""
    from kivy.core.window import Window

    mode = keyboard_mode(choice, physical_keyboard() if has_keyboard is None else has_keyboard)
    Config.set("kivy", "keyboard_mode", mode)
    Window.set_vkeyboard_class(TableKeyboard)
    Window.softinput_mode = "below_target"
    Window.configure_keyboards()
    return mode
