"""Hold your own name to see what only you may see (a Broken Planet hand of gems).

The shared screen shows only what every player may see; a player's secret is asked of the
engine (`Table.secret`, through the session) only while that player holds their name, and is
taken away the moment they let go, slide off the name, or after `SHOW_S` seconds. It is
written small and dim (docs/ui.md, "A hand is read by its owner alone"): readable leaning
over one's own name, not from the other seats. Any widget that shows a player's name can
offer it.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock, ClockEvent
from kivy.core.window import Window
from kivy.input.motionevent import MotionEvent
from kivy.lang import Builder
from kivy.uix.label import Label

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

HOLD_S = 0.6  # a press this long on a player's name shows what only they may see
SHOW_S = 4.0  # and for this long at most: a hand left showing is read by the next seat


class SecretNote(Label):
    """What only the player holding their name may see, laid over their own place (on the
    window, outside any layout, so nothing else moves) while they hold it."""


class HoldToReveal:
    """For a widget with a `player` name and an `ids.name` label to hold."""

    player: str

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._note: SecretNote | None = None
        self._hold: ClockEvent | None = None

    @property
    def note(self) -> SecretNote:
        """Made the first time it is asked for: most games have no secret to show, and a
        label made for every strip of every game kept ~150 KB a strip."""
        if self._note is None:
            self._note = SecretNote()
        return self._note

    def _on_name(self, touch: MotionEvent) -> bool:
        """Whether the touch is on the name, wherever the name's own coordinates are (a
        strip holds it in a RelativeLayout)."""
        name = self.ids.name
        return name.collide_point(*name.to_widget(*self.to_window(*touch.pos)))

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if self._on_name(touch) and self._hold is None:
            touch.grab(self)
            self._hold = Clock.schedule_once(lambda _dt: self.reveal(), HOLD_S)
            return True
        return super().on_touch_down(touch)

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if touch.grab_current is self:
            if not self._on_name(touch):
                self.conceal()  # a finger that slides off the name is not holding it
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch: MotionEvent) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.conceal()
            return True
        return super().on_touch_up(touch)

    def reveal(self) -> None:
        """Lay the player's own secret over their place (nothing for a game without one),
        and take it away after `SHOW_S` even if the name is still held."""
        text = App.get_running_app().session.secret(self.player)
        if not text or self.note.parent is not None:
            return
        note = self.note
        note.text = f"{self.player} holds: {text}"
        note.width = self.width
        note.texture_update()
        name = self.ids.name
        left, bottom = self.to_window(self.x, self.y)[0], name.to_window(name.x, name.y)[1]
        y = bottom - note.height
        if y < 0:  # no room under the name (a one-line place at the window's foot): above
            y = self.to_window(self.x, self.top)[1]  # the place, never under the finger
        note.pos = (
            min(max(left, 0), max(Window.width - note.width, 0)),
            min(max(y, 0), max(Window.height - note.height, 0)),
        )
        Window.add_widget(note)
        self._hold = Clock.schedule_once(lambda _dt: self.conceal(), SHOW_S)

    def conceal(self) -> None:
        if self._hold is not None:
            self._hold.cancel()
            self._hold = None
        if self._note is not None:
            if self._note.parent is not None:
                self._note.parent.remove_widget(self._note)
            self._note.text = ""
