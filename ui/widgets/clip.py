"""The app's scrolling views: Scroller, Kivy's ScrollView without its binding leak, and
ClipScroll, one that clips with a scissor instead of a stencil.

Kivy's ScrollView binds `bar_color` again each time its content moves or resizes, and
unbinds it once, half a second after the last time: every update within half a second of
another left a binding for good (50 quick updates, 50 bindings; ~15 a scan across a
table's strips and log, all evening). A Scroller unbinds it first, and dims its bar at once
rather than fading it over 30 frames. Every scrolling view of the app is a Scroller.

ClipScroll: Kivy's ScrollView is a StencilView, which each frame fills its whole area
twice into the stencil buffer. A scissor costs nothing to draw, which matters under a
software GL driver (llvmpipe, the bench's and a Pi without its GPU driver), where the four
to six scrolling strips of a table were a fifth of every frame. A scissor is given in window pixels, so
it is set again whenever the view moves or resizes; a ClipScroll must not sit inside
another scrolling view, which moves it without moving its position. In a turned window
(KCFG_GRAPHICS_ROTATION, the Touch Display 2) window pixels are not the frame's, so there it
keeps Kivy's stencil.
"""

from __future__ import annotations

from kivy.core.window import Window
from kivy.graphics import BindTexture, ScissorPop, ScissorPush
from kivy.graphics.stencil_instructions import StencilPop, StencilPush, StencilUnUse, StencilUse
from kivy.uix.scrollview import ScrollView


def _without_stencil(group: object) -> None:
    """Take StencilView's instructions out, and what each push or unuse fills in between."""
    filling = False
    for instruction in list(group.children):  # type: ignore[attr-defined]
        if isinstance(instruction, StencilPush | StencilUnUse):
            filling = True
        elif isinstance(instruction, StencilUse | StencilPop):
            filling = False
        elif not filling or isinstance(instruction, BindTexture):
            continue  # a fill takes its own texture binding out with it
        group.remove(instruction)  # type: ignore[attr-defined]


class Scroller(ScrollView):
    def update_from_scroll(self, *largs: object) -> None:
        self.funbind("bar_color", self._change_bar_color)  # Kivy binds it again below
        super().update_from_scroll(*largs)

    def _bind_inactive_bar_color(self, *_args: object) -> None:
        """Dim the bar at once, half a second after the content last moved, rather than
        fade it over the next half second: a fade redraws the whole window every frame, and
        after every input that changed a scrolling view's content (a pick, a keep) that was
        30 frames, which on a Pi 4 took the quota from the next input."""
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color


class ClipScroll(Scroller):
    def on_kv_post(self, base_widget: object) -> None:
        """After the kv rules, which draw the stencil: a ClipScroll a kv rule builds (a
        strip's) gets its base classes' rules only after __init__."""
        super().on_kv_post(base_widget)
        if Window is not None and Window.rotation % 360:
            return
        _without_stencil(self.canvas.before)
        _without_stencil(self.canvas.after)
        self._scissor = ScissorPush(x=0, y=0, width=1, height=1)
        self.canvas.before.insert(0, self._scissor)
        self.canvas.after.insert(0, ScissorPop())
        self.bind(pos=self._clip, size=self._clip, parent=self._clip)
        self._clip()

    def _clip(self, *_args: object) -> None:
        x, y = self.to_window(*self.pos)
        self._scissor.x, self._scissor.y = round(x), round(y)
        self._scissor.width, self._scissor.height = round(self.width), round(self.height)
