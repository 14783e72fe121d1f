"""Form controls shared by the Decks and Settings screens (rules in controls.kv).

Sized from THEME so every button meets the 48 dp touch minimum and every label the 16 sp
type minimum without each screen repeating it.
"""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ColorProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.spinner import Spinner
from kivy.uix.togglebutton import ToggleButton

from ui.theme import THEME
from ui.widgets.clip import Scroller  # noqa: F401  (every .kv's scrolling views)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

ARMED_S = 4.0  # how long a destructive button waits for its second tap


class FormButton(Button):
    """Every button of the app. Looks set its `tint` (the enabled background, by state), never
    `background_color`, so the disabled look (controls.kv) is decided once for all of them."""

    tint = ColorProperty(THEME.surface_raised)


class FormToggle(ToggleButton, FormButton):
    """A choice that stays chosen; the chosen one is marked in its text too (controls.kv)."""


class FormSpinner(Spinner, FormButton):
    """A choice from a list that looks like every other button (Kivy's own is grey and
    bevelled); its list items are FormOption (controls.kv)."""


class NoticeBanner(ButtonBehavior, Label):
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
