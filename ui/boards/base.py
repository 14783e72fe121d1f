"""The contract between the table screen and a game's board.

The screen owns what every game has (status, prompt, narration, options, player strips);
a board draws the rest from the view it is given: the middle of the table, and possibly a
cover laid over the whole table area for a moment that needs the players' full attention.
A board is made per table, so its kept widgets never outlive the game whose uids they show.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.component import Component
from companion.view import View
from ui.widgets.card import Shown
from ui.widgets.hideable import Hideable


class Board(Hideable, BoxLayout):
    """Hidden (`hidden`, as every hidden part of the table) it takes no touch."""

    def __init__(self, components: Mapping[str, Component], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.components = components
        self.shown = Shown()  # what each part last drew

    def show(self, view: View) -> None:
        """Draw `view`; called a frame after every accepted input (the prompt and options
        come first), so redraw only what changed."""
        raise NotImplementedError

    def cover(self, view: View) -> Widget | None:
        """A widget to lay over the whole table area for `view`, drawn for it here (it is
        shown in the input's own frame, before `show`), or None. Beside an open panel the
        screen narrows it, and sets its `beside_panel` if it has one (Broken Planet's then
        hides its map and players, as the screen hides the board and strips)."""
        return None

    def ahead(self, view: View) -> Iterator[None]:
        """Steps of work a later input would otherwise wait for, done at quiet moments
        (ui/quiet.py), one step each a few milliseconds: none by default."""
        return iter(())

    def release(self) -> None:
        """Let drawn cards go: the screen is leaving (they only hold memory off screen)."""
        self.shown.clear()
