"""Form controls shared by the Decks and Settings screens (rules in controls.kv).

Sized from THEME so every button meets the 48 dp touch minimum and every label the 16 sp
type minimum without each screen repeating it.
"""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import Spinner
from kivy.uix.textinput import TextInput
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from ui.theme import THEME
from ui.widgets.clip import Scroller  # noqa: F401  (every .kv's scrolling views)
from ui.widgets.hideable import Hideable

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

ARMED_S = 4.0  # how long a destructive button waits for its second tap


class FormButton(Button):
    """Every button of the app. Looks set its `tint` (the enabled background, by state), never
    `background_color`, so the disabled look (controls.kv) is decided once for all of them."""

    tint = ColorProperty(THEME.surface_raised)


class FormToggle(ToggleButton, FormButton):
    """A choice that stays chosen, drawn as a checkbox with its words (controls.kv): the
    chosen one is ticked, not marked by colour alone."""

    box = NumericProperty(0)  # the drawn box's side


class FormSpinner(Spinner, FormButton):
    """A choice from a list that looks like every other button (Kivy's own is grey and
    bevelled); its list items are FormOption (controls.kv)."""


class FormInput(TextInput):
    """A one-line field. Enter moves on to the screen's next field, as on a phone, so six
    names are typed without reaching for the screen between them; from the last one (or
    with `enter_moves` off, where Enter does the form's action) it closes the keyboard."""

    enter_moves = BooleanProperty(True)

    def on_text_validate(self) -> None:
        following = next_field(self) if self.enter_moves else None
        if following is None:
            self.focus = False
        else:
            following.focus = True


def next_field(field: FormInput) -> FormInput | None:
    """The field after `field` on its screen, top to bottom, that a finger could reach."""
    screen: Widget = field
    while screen.parent is not None and not isinstance(screen, Screen):
        screen = screen.parent
    fields = [w for w in screen.walk(restrict=True) if isinstance(w, FormInput) and reachable(w)]
    index = fields.index(field) if field in fields else len(fields)
    return fields[index + 1] if index + 1 < len(fields) else None


def reachable(widget: Widget) -> bool:
    """Shown and enabled all the way up: what a finger on it would reach."""
    while isinstance(widget, Widget):  # up to the window, which is no widget
        if widget.disabled or widget.opacity == 0 or getattr(widget, "hidden", False):
            return False
        widget = widget.parent
    return True


class NoticeBanner(Hideable, ButtonBehavior, Label):
    """A one-line message over the screen; tapping it dismisses it.

    Errors start with "Problem:" so the kind of message is not told by colour alone.
    """

    message = StringProperty("")
    kind = OptionProperty("info", options=["info", "error"])

    def show(self, message: str, kind: str = "info") -> None:
        self.kind = kind
        self.message = message

    def on_release(self) -> None:
        self.message = ""


class ConfirmButton(FormButton):
    """A button that destroys something: the first tap arms it and says so, the second fires
    `on_confirm`. It disarms itself after ARMED_S, so a stray tap later is harmless."""

    __events__ = ("on_confirm",)
    label = StringProperty("")
    confirm_text = StringProperty("Tap again to delete")
    armed = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._disarm = Clock.create_trigger(lambda _dt: setattr(self, "armed", False), ARMED_S)

    def on_release(self) -> None:
        if not self.armed:
            self.armed = True
            self._disarm()
            return
        self._disarm.cancel()
        self.armed = False
        self.dispatch("on_confirm")

    def on_confirm(self) -> None:
        """Bound in kv: what the second tap does."""
