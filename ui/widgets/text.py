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
- A label whose words come back draws them again: a player's name at each turn ("Ben",
  then "> Ben"), their figures, a button's word. Short words drawn in the same style
  are kept drawn (`drawn_once`, up to DRAWN_MAX_BYTES of pixels), and a label that says
  them again shows the kept texture.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import wraps
from operator import itemgetter
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

DRAWN_MAX_BYTES = 512 * 1024  # kept drawn words' pixels: a name, a figure, a button's word
DRAWN_ONE_MAX_BYTES = 64 * 1024  # a prompt's line across the screen is drawn when it comes
ONCE_MAX = 1024  # words remembered as drawn once, to keep them when they come back
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


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


class Drawn:
    """Textures of words drawn in a style, least recently shown dropped first past
    `max_bytes`. A texture kept here may be on several labels at once, so a label never
    draws new words into the texture it shows (Kivy redraws one of the same size in place):
    each drawing gets a texture of its own."""

    def __init__(self, max_bytes: int = DRAWN_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.kept: OrderedDict[tuple[Any, ...], tuple[Any, ...]] = OrderedDict()
        # words drawn once so far: kept only when they come back, so what a game says once
        # ("Dealt the wave cup") never pushes out what it says all evening (a name)
        self.once: OrderedDict[tuple[Any, ...], None] = OrderedDict()

    def key(self, label: Any) -> tuple[Any, ...]:
        # a label's box is set apart from its options, and copied into them as it draws
        label.options["text_size"] = label.text_size
        return type(label), label.text, _frozen(label.options)

    def show(self, label: Any, key: tuple[Any, ...]) -> bool:
        """Put the kept drawing of `key` on the label; False if none is kept."""
        kept = self.kept.get(key)
        if kept is None:
            return False
        self.kept.move_to_end(key)
        texture, size, internal, shortened, lines = kept
        label.texture, label.is_shortened = texture, shortened
        label._size = label._size_texture = size
        label._internal_size, label._cached_lines = internal, lines  # as its drawing left them
        if hasattr(label, "_refs"):  # a markup label: none of its words kept had a [ref]
            label._refs, label._anchors = {}, {}
        return True

    def keep(self, label: Any, key: tuple[Any, ...]) -> None:
        texture = label.texture
        if texture is None or texture is label.texture_1px or getattr(label, "_refs", None):
            return  # no words, or words a touch finds by their place ([ref]): not kept
        cost = texture.width * texture.height * 4
        if cost > min(DRAWN_ONE_MAX_BYTES, self.max_bytes):
            return
        if self.once.pop(key, 0) is not None:  # the first time: remembered, not kept
            self.once[key] = None
            if len(self.once) > ONCE_MAX:
                self.once.popitem(last=False)
            return
        texture.bind()  # drawn now: its label may have other words before the next frame
        self.kept[key] = (
            texture,
            label._size,
            label._internal_size,
            label.is_shortened,
            label._cached_lines,
        )
        self.bytes += cost
        while self.bytes > self.max_bytes:
            _key, (old, *_rest) = self.kept.popitem(last=False)
            self.bytes -= old.width * old.height * 4

    def clear(self) -> None:
        self.kept.clear()
        self.once.clear()
        self.bytes = 0


DRAWN = Drawn()


def _drawn_once(refresh: Any) -> Any:
    def refresh_once(self: Any) -> None:
        self.resolve_font_name()  # the font's file is part of the style
        key = DRAWN.key(self)
        if DRAWN.show(self, key):
            return
        self.texture = None  # a texture of its own: the one shown may be kept, and shared
        refresh(self)
        DRAWN.keep(self, key)

    refresh_once.draws_once = True  # type: ignore[attr-defined]
    refresh_once.drawn_by = refresh  # type: ignore[attr-defined]
    return refresh_once


def drawn_once() -> None:
    """Words a label says again, in the same style, show the texture they were drawn in."""
    if not getattr(CoreLabel.refresh, "draws_once", False):
        CoreLabel.refresh = _drawn_once(CoreLabel.refresh)


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
