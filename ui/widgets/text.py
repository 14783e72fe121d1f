"""Two copies of a label's pixels Kivy keeps and the app never reads again.

- Kivy's SDL2 text provider keeps each label's last SDL surface after the texture is made
  from it (its pygame provider deletes it): ~0.8 MB on Home alone and 2 MB more once a
  game's screens are built.
- A label whose text is emptied shows nothing, but its core label keeps the texture of its
  last words, as wide as the label: a screen left with its words cleared (the table, the
  score sheet) kept ~0.8 MB of them.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label


def _surface_dropped(render_end: Any) -> Any:
    def _render_end(self: Any) -> Any:
        try:
            return render_end(self)
        finally:
            self._surface = None

    _render_end.drops_surface = True  # type: ignore[attr-defined]
    return _render_end


def _blank_texture_dropped(texture_update: Any) -> Any:
    @wraps(texture_update)  # Kivy's Clock calls a bound method back by its name
    def _texture_update(self: Any, *args: Any) -> None:
        texture_update(self, *args)
        if self.texture is None:  # no words to show
            self._label.texture = None

    _texture_update.drops_texture = True  # type: ignore[attr-defined]
    return _texture_update


def drop_unread_pixels() -> None:
    """Let each label's surface go once its texture is made (SDL2 provider only), and a
    label's texture go with its words (once)."""
    if CoreLabel.__name__ == "LabelSDL2" and not getattr(
        CoreLabel._render_end, "drops_surface", False
    ):
        CoreLabel._render_end = _surface_dropped(CoreLabel._render_end)
    if not getattr(Label.texture_update, "drops_texture", False):
        Label.texture_update = _blank_texture_dropped(Label.texture_update)
