"""Form controls shared by the Decks and Settings screens (rules in controls.kv).

Sized from THEME so every button meets the 48 dp touch minimum and every label the 16 sp
type minimum without each screen repeating it.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


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
