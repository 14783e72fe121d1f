"""Kivy's SDL2 text provider keeps each label's last SDL surface after the texture is made
from it (its pygame provider deletes it): a copy of every label's pixels the app never reads
again, ~0.8 MB on Home alone and 2 MB more once a game's screens are built."""

from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel


def _surface_dropped(render_end: Any) -> Any:
    def _render_end(self: Any) -> Any:
        try:
            return render_end(self)
        finally:
            self._surface = None

    _render_end.drops_surface = True  # type: ignore[attr-defined]
    return _render_end


def drop_rendered_surfaces() -> None:
    """Let each label's surface go once its texture is made (SDL2 provider only; once)."""
    if CoreLabel.__name__ == "LabelSDL2" and not getattr(
        CoreLabel._render_end, "drops_surface", False
    ):
        CoreLabel._render_end = _surface_dropped(CoreLabel._render_end)
