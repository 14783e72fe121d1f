"""Two copies of a label's pixels Kivy keeps and the app never reads again, and the words
Kivy measures again and again.

- Kivy's SDL2 text provider keeps each label's last SDL surface after the texture is made
  from it (its pygame provider deletes it): ~0.8 MB on Home alone and 2 MB more once a
  game's screens are built.
- A label whose text is emptied shows nothing, but its core label keeps the texture of its
  last words, as wide as the label: a screen left with its words cleared (the table, the
  score sheet) kept ~0.8 MB of them.
- Kivy lays out wrapped words by measuring each with SDL_ttf, every time a label's text
  changes: about 85 measurements an input, mostly the same words ("the", a player's name),
  a tenth of the UI thread's time an input (bench/app.py --profile games). A word's width
  in one font is the same every time, so each is measured once (up to MEASURED_MAX kept).
"""

from __future__ import annotations

from functools import wraps
from operator import itemgetter
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

MEASURED_MAX = 4096  # words with their fonts: a few hundred in a game; all forgotten past this
# what the SDL2 provider's measurement depends on besides the words (its font's key, and
# what it sets on the font before measuring)
FONT_OPTIONS = (
    "font_size",
    "font_name_r",
    "bold",
    "italic",
    "underline",
    "strikethrough",
    "font_hinting",
    "font_kerning",
    "font_direction",
    "font_script_name",
    "font_features",
)
font_of = itemgetter(*FONT_OPTIONS)  # a label's options -> its font's key, at C speed


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


def _measured_once(get_extents: Any) -> Any:
    measured: dict[tuple[Any, ...], tuple[int, int]] = {}

    def get_extents_once(self: Any, text: str) -> tuple[int, int]:
        try:
            key = text, font_of(self.options)
        except KeyError:  # a provider's options without one of them: measured each time
            return get_extents(self, text)
        extents = measured.get(key)
        if extents is None:
            if len(measured) >= MEASURED_MAX:
                measured.clear()
            extents = measured[key] = get_extents(self, text)
        return extents

    get_extents_once.measures_once = True  # type: ignore[attr-defined]
    get_extents_once.measured_by = get_extents  # type: ignore[attr-defined]
    return get_extents_once


def drop_unread_pixels() -> None:
    """Let each label's surface go once its texture is made (SDL2 provider only), a
    label's texture go with its words, and measure each word in a font once (once)."""
    if CoreLabel.__name__ == "LabelSDL2" and not getattr(
        CoreLabel._render_end, "drops_surface", False
    ):
        CoreLabel._render_end = _surface_dropped(CoreLabel._render_end)
    if not getattr(Label.texture_update, "drops_texture", False):
        Label.texture_update = _blank_texture_dropped(Label.texture_update)
    if CoreLabel.__name__ == "LabelSDL2" and not getattr(
        CoreLabel.get_extents, "measures_once", False
    ):
        CoreLabel.get_extents = _measured_once(CoreLabel.get_extents)
