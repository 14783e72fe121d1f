"""What the app keeps after games, for `bench/app.py --memory`: the Python heap, the C heap
(glibc's count of what is in use, not what RSS still holds), and the textures alive, by
screen. RSS alone cannot say whether memory is ours or the GL driver's. What the games keep
includes the screens first built during them (the table, the score sheet) and the modules
they import."""

from __future__ import annotations

import ctypes
import gc
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd",
            "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost",
        )
    ]  # fmt: skip


def c_heap_in_use_mb() -> float:
    """Bytes malloc has handed out and not had back (main arena and mmapped blocks)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
    except (OSError, AttributeError):
        return float("nan")  # not glibc 2.33+
    info = libc.mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20


def _widgets(root: Any) -> Iterator[Any]:
    yield root
    for child in root.children:
        yield from _widgets(child)


def _texture_mb(texture: Any) -> float:
    return texture.width * texture.height * 4 / 2**20


@dataclass(frozen=True)
class Kept:
    python_mb: float
    c_heap_mb: float
    textures: int
    texture_mb: float
    by_screen: dict[str, float]

    @classmethod
    def now(cls, manager: Any) -> Kept:
        """Stops tracemalloc, if it runs, before reading the C heap: its traces live there."""
        from kivy.graphics.texture import Texture

        traced = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
        tracemalloc.stop()
        gc.collect()
        # type(), not isinstance(): a dead weak proxy among the objects raises on isinstance
        alive = [o for o in gc.get_objects() if issubclass(type(o), Texture)]
        by_screen = {}
        for name in manager.screen_names:
            found = {
                id(w.texture): w.texture
                for w in _widgets(manager.get_screen(name))
                if isinstance(getattr(w, "texture", None), Texture)
            }
            by_screen[name] = sum(_texture_mb(t) for t in found.values())
        return cls(
            traced / 2**20,
            c_heap_in_use_mb(),
            len(alive),
            sum(_texture_mb(t) for t in alive),
            by_screen,
        )

    def since(self, before: Kept) -> str:
        screens = ", ".join(f"{n} {mb:.1f}" for n, mb in sorted(self.by_screen.items()))
        return (
            f"  kept: Python heap +{self.python_mb - before.python_mb:.1f} MB (tracemalloc);"
            f" C heap in use {before.c_heap_mb:.1f} -> {self.c_heap_mb:.1f} MB (mallinfo2);"
            f" textures {before.textures} -> {self.textures} ({self.texture_mb:.1f} MB:"
            f" {screens} MB on screens)"
        )
