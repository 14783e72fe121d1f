"""The on-screen keyboard: Kivy's own, docked, for a Pi whose only input is the touchscreen.

Player names, deck names, reader URLs and file paths are typed at the table, where there
may be no keyboard at all. The setting (store key `keyboard`) is `auto` (the on-screen
keyboard when Linux lists no physical keyboard), `on` or `off`; with it on, a real keyboard
still types too (Kivy's `systemanddock`). Docked at the bottom, full width, with keys at least
one touch target tall, it takes the lower 250 px of the 480 px screen; the screens are laid out
in the rest and the focused field is scrolled into it. Kivy's `softinput_mode = below_target`
moved the whole window's content instead: the keyboard ran off the bottom and taps no longer
reached the keys drawn under them.

A tap outside the keyboard and its field closes the keyboard and does what it tapped, in one
tap: the screens keep their place above the keyboard until that tap is over (the button's
release, or a scrolling view's delayed one), and only then take the whole window again.
"""

from __future__ import annotations

import math
import time
import weakref
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.config import Config
from kivy.properties import BooleanProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from ui.theme import THEME
from ui.widgets.clip import Scroller

KEYBOARD_KEY = "keyboard"
CHOICES = ("auto", "on", "off")
DEFAULT = "auto"
DEVICES = Path("/proc/bus/input/devices")
FULL_KEYBOARD = "EV=120013"  # keys, repeat and LEDs: a keyboard, not a power button or panel
ROWS = 5  # Kivy's layouts (qwerty, azerty...) have five rows of keys
MARGIN = (0.02, 0.01, 0.02, 0.01)  # top, right, bottom, left: thinner than Kivy's, for the form
TAP_MAX_S = 1.0  # the screens wait at most this long for a tap that closed the keyboard


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
    least THEME.touch tall inside VKeyboard's own margins, docked at the bottom.

    While it is shown the app's screens are laid out in the window above it (nothing runs
    off the screen, so a finger on a drawn key reaches that key), and the focused field is
    scrolled into that space. Shift is for one finger, as on a phone: a tap holds it for the
    next character, a second tap lets it go."""

    latched = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        from kivy.core.window import Window

        kwargs.setdefault("width", Window.width)
        kwargs.setdefault("height", keyboard_height())
        kwargs.setdefault("margin_hint", list(MARGIN))
        super().__init__(**kwargs)
        self._typed_under_shift = False
        self.lifting: tuple[weakref.ref, int] = (weakref.ref(self), -1)  # no finger yet

    def on_parent(self, _widget: object, parent: object) -> None:
        from kivy.core.window import Window

        if parent is None:
            Window.unbind(on_touch_up=self.note_lift)
            whole_window_after(self.closing_touches())
            return
        self.fresh()
        Window.bind(on_touch_up=self.note_lift)
        room_above(self.height * self.scale)
        Clock.schedule_once(self.reveal_target, 0)

    def fresh(self) -> None:
        """Open on small letters, whatever the last field left (shift, caps lock, the
        symbols): Kivy keeps one keyboard for every field, and its state with it."""
        self.latched = self.have_shift = self.have_capslock = self.have_special = False
        if self.layout_mode != "normal":  # drawn again now, not a frame late
            self.layout_mode = "normal"
            self.refresh(False)

    def note_lift(self, _window: object, touch: Any) -> None:
        """Kivy unfocuses the field right after the window has seen a finger lift: remember
        that finger, and the frame, to know a tap closed the keyboard (not Enter, not code)."""
        self.lifting = weakref.ref(touch), Clock.frames

    def closing_touches(self) -> list[Any]:
        """The fingers the screens must wait for: the one lifting now, and any still down,
        while a widget they reached still waits to hear them lift. None when code or Enter
        closed it, or the finger reached nothing: the screens take the window at once."""
        from kivy.base import EventLoop

        lifting, frame = self.lifting
        touch = lifting()
        now = [touch] if touch is not None and frame == Clock.frames else []
        fingers = now + [t for t in EventLoop.me_list if t is not touch]
        down = EventLoop.me_list
        # a key's own finger (Enter on the last field) has nothing under it to reach
        return [t for t in fingers if in_flight(t, down) and not self.collide_point(*t.opos)]

    def reveal_target(self, *_args: object, frames: int = 3) -> None:
        """Scroll the field being typed in above the keyboard (its form's scrolling view),
        and again for a few frames while the screen is laid out in its new height."""
        if frames:
            Clock.schedule_once(lambda _dt: self.reveal_target(frames=frames - 1), 0)
        view = self.target
        while isinstance(view, Widget) and not hasattr(view, "scroll_to"):
            view = view.parent  # up to the window, which is its own parent
        if isinstance(view, Scroller) and isinstance(self.target, Widget):
            reveal(view, self.target, THEME.spacing)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and self.collide_margin(*self.to_local(*touch.pos)):
            FocusBehavior.ignored_touch.append(touch)  # a finger that misses the keys keeps it
        return bool(super().on_touch_down(touch))

    def process_key_on(self, touch: Any) -> None:
        held = self.shift_held()
        super().process_key_on(touch)
        key = touch.ud.get(self.uid, {}).get("key") if touch else None
        if key is not None and key[0][1] is not None and held:
            self._typed_under_shift = True  # a second finger typed while shift was held

    def process_key_up(self, touch: Any) -> None:
        key = touch.ud.get(self.uid, {}).get("key")
        super().process_key_up(touch)  # lets go of shift, as Kivy's does for two fingers
        if key is None:
            return
        _shown, typed, special, _size = key[0]
        if special == "shift":
            self.latched = not self.latched and not self._typed_under_shift
            self._typed_under_shift = False
        elif typed is not None:
            self.latched = False
        self.have_shift = self.latched or self.shift_held()

    def shift_held(self) -> bool:
        """A finger rests on a shift key (the two-finger way still works)."""
        layout = self.available_layouts[self.layout]
        return any(
            layout[f"{self.layout_mode}_{line}"][index][2] == "shift"
            for uid, (line, index) in self.active_keys.items()
            if uid != -1  # caps lock's mark
        )


def reveal(view: Scroller, target: Widget, padding: float) -> None:
    """Scroll `view` so `target` lies whole inside it, from where it is now, with no
    overscroll left over. Kivy's scroll_to moves by a difference from the current scroll,
    which a touch's own scroll effect (the finger that focused the field) then carried
    past the top: the first seat's field ended above the window."""
    content = view._viewport
    if content is None:
        return
    room = content.height - view.height
    if room <= 0:
        view.scroll_y = 1
        return
    bottom = content.to_widget(*target.to_window(target.x, target.y))[1] - content.y
    top = bottom + target.height
    low = view.scroll_y * room  # the content's height at the view's bottom edge
    if top + padding > low + view.height:
        low = top + padding - view.height
    if bottom - padding < low:
        low = bottom - padding
    view.effect_y.cancel()
    view.scroll_y = min(1.0, max(0.0, low / room))


def room_above(keyboard_top: float) -> None:
    """Lay the app's screens out in the window above `keyboard_top` (0: the whole window)."""
    from kivy.core.window import Window

    app = App.get_running_app()
    root = getattr(app, "root", None)
    if root is None:
        return
    root.size_hint_y = None if keyboard_top else 1
    root.y = keyboard_top
    root.height = Window.height - keyboard_top


def whole_window_after(touches: list[Any]) -> None:
    """Give the screens the whole window back once `touches` are over (at once if none).

    Kivy unfocuses the field when the tapping finger lifts, before the tapped button hears
    the lift: were the screens laid out at once, the button would have moved from under the
    finger and not fire (a Scroller's button hears it 0.2 s later still)."""
    from kivy.base import EventLoop
    from kivy.core.window import Window

    if not touches:
        room_above(0)
        return
    deadline = time.monotonic() + TAP_MAX_S

    def settle(_dt: float) -> None:
        if any(isinstance(child, VKeyboard) for child in Window.children):
            return  # another field took the keyboard: it lays the screens out itself
        busy = any(in_flight(touch, EventLoop.me_list) for touch in touches)
        if busy and time.monotonic() < deadline:
            Clock.schedule_once(settle, 0)
        else:
            room_above(0)

    Clock.schedule_once(settle, 0)


def in_flight(touch: Any, down: list) -> bool:
    """The finger is still down, or a widget still waits to hear it lift."""
    return touch in down or any(ref() is not None for ref in touch.grab_list)


def keyboard_height() -> float:
    top, _right, bottom, _left = MARGIN
    return math.ceil(ROWS * THEME.touch / (1 - top - bottom))


def apply(choice: str, has_keyboard: bool | None = None) -> str:
    """Use the setting from now on (a field focused next gets it); returns the mode."""
    from kivy.core.window import Window

    mode = keyboard_mode(choice, physical_keyboard() if has_keyboard is None else has_keyboard)
    Config.set("kivy", "keyboard_mode", mode)
    Window.set_vkeyboard_class(TableKeyboard)
    Window.softinput_mode = ""  # nothing moves: the screens make room (room_above)
    Window.configure_keyboards()
    return mode
