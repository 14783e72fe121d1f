"""The narration log: every sentence the game has said so far, newest first, one tap away.

Opened from the table's top bar. A label per sentence, kept from one input to the next
(an input adds one at the top; an undo takes the top one off), and all let go when closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kivy.factory import Factory
from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.widgets.card import fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class NarrationLog(BoxLayout):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.lines: list[Widget] = []

    def show(self, log: Sequence[str]) -> None:
        del self.lines[len(log) :]
        for index, text in enumerate(log):
            if index == len(self.lines):
                self.lines.append(Factory.LogLine())
            self.lines[index].text = text
        fill(self.ids.lines, self.lines[::-1])

    def release(self) -> None:
        self.lines = []
        fill(self.ids.lines, [])
