"""KindIcon: a card's kind, pattern and state, drawn once into a shared texture.

Drawn rather than shipped as images so icons stay sharp at any size and a new pattern name
needs no artwork. Every kind has its own silhouette; the pattern is a fill colour plus a
symbol badge; broken is a split crack on a piece lying on its side (the card is turned) and
repaired a gold seam plus a gold diamond, so no state or pattern depends on colour alone.

Under a software GL driver every drawn shape holds ~60 KB of driver memory, and an icon is
a dozen shapes. So each look (kind, pattern, state, pixel size) is drawn once, offscreen, and
every icon showing it is one textured rectangle; a small LRU keeps the looks in use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache

from kivy.clock import Clock
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    Line,
    Mesh,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Rotate,
    RoundedRectangle,
    Translate,
)
from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
from kivy.graphics.texture import Texture
from kivy.metrics import dp
from kivy.properties import OptionProperty, StringProperty
from kivy.uix.widget import Widget

from ui.theme import THEME, PatternMark, pattern_mark

Point = tuple[float, float]
ToPx = Callable[[float, float], Point]

# Each kind is a list of shapes in a unit box (0..1, y up), plus the body box a crack crosses.
# ("poly", points): filled convex polygon; ("ellipse", x, y, w, h[, start, end]);
# ("rect", x, y, w, h); ("stroke", points): an open line, e.g. a handle or spout.
SHAPES: dict[str, list[tuple]] = {
    "cup": [
        ("poly", [(0.18, 0.78), (0.70, 0.78), (0.62, 0.22), (0.26, 0.22)]),
        ("stroke", [(0.68, 0.68), (0.84, 0.66), (0.86, 0.48), (0.80, 0.38), (0.64, 0.36)]),
    ],
    "saucer": [
        ("ellipse", 0.06, 0.30, 0.88, 0.30),
        ("stroke", [(0.30, 0.52), (0.40, 0.56), (0.60, 0.56), (0.70, 0.52)]),
    ],
    "plate": [
        ("ellipse", 0.08, 0.08, 0.84, 0.84),
        (
            "stroke",
            [
                (0.5 + 0.28 * math.cos(a / 12 * math.tau), 0.5 + 0.28 * math.sin(a / 12 * math.tau))
                for a in range(13)
            ],
        ),
    ],
    "bowl": [
        ("ellipse", 0.08, 0.10, 0.84, 0.80, 90, 270),
        ("rect", 0.06, 0.48, 0.88, 0.06),
    ],
    "tea-jar": [
        ("ellipse", 0.14, 0.10, 0.72, 0.60),
        ("rect", 0.32, 0.62, 0.36, 0.10),
        ("ellipse", 0.28, 0.62, 0.44, 0.28, 270, 450),
        ("ellipse", 0.45, 0.84, 0.10, 0.08),
    ],
    "jug": [
        ("poly", [(0.30, 0.80), (0.62, 0.80), (0.70, 0.14), (0.22, 0.14)]),
        ("poly", [(0.30, 0.80), (0.14, 0.86), (0.30, 0.68)]),
        ("stroke", [(0.64, 0.72), (0.84, 0.70), (0.84, 0.36), (0.68, 0.30)]),
    ],
    "vase": [
        ("ellipse", 0.20, 0.08, 0.60, 0.56),
        ("rect", 0.41, 0.56, 0.18, 0.26),
        ("poly", [(0.32, 0.92), (0.68, 0.92), (0.59, 0.80), (0.41, 0.80)]),
    ],
    "teapot": [
        ("ellipse", 0.22, 0.14, 0.56, 0.52),
        ("stroke", [(0.26, 0.40), (0.12, 0.50), (0.06, 0.66)]),
        ("stroke", [(0.74, 0.56), (0.90, 0.54), (0.90, 0.34), (0.74, 0.28)]),
        ("ellipse", 0.44, 0.64, 0.12, 0.10),
    ],
    "serving-tray": [
        ("rect", 0.10, 0.32, 0.80, 0.14),
        ("stroke", [(0.10, 0.46), (0.04, 0.58), (0.16, 0.58)]),
        ("stroke", [(0.90, 0.46), (0.96, 0.58), (0.84, 0.58)]),
    ],
    "storage-box": [
        ("rect", 0.14, 0.14, 0.72, 0.50),
        ("rect", 0.10, 0.64, 0.80, 0.16),
        ("stroke", [(0.42, 0.40), (0.58, 0.40)]),
    ],
    "gold": [
        ("poly", [(0.30, 0.66), (0.70, 0.66), (0.86, 0.30), (0.14, 0.30)]),
        ("stroke", [(0.36, 0.60), (0.64, 0.60)]),
    ],
}
# Any kind not listed (games with no engine yet accept any kind) gets a plain card shape.
GENERIC: list[tuple] = [("rect", 0.22, 0.10, 0.56, 0.80)]
BODY: dict[str, tuple[float, float, float, float]] = {
    "saucer": (0.30, 0.32, 0.40, 0.26),
    "serving-tray": (0.30, 0.32, 0.40, 0.14),
    "gold": (0.35, 0.32, 0.30, 0.32),
}
DEFAULT_BODY = (0.35, 0.20, 0.30, 0.50)


def _crack(body: tuple[float, float, float, float]) -> list[Point]:
    """A zigzag down the body; the same path for the crack and, once repaired, the seam."""
    x, y, w, h = body
    return [
        (x + w * fx, y + h * fy)
        for fx, fy in ((0.55, 1.0), (0.3, 0.7), (0.7, 0.45), (0.35, 0.2), (0.5, 0.0))
    ]


def _symbol(symbol: str) -> list[tuple]:
    """A pattern symbol in its own unit box (the badge maps it into the icon's corner)."""
    if symbol == "wave":
        return [
            ("stroke", [(i / 12, 0.5 + 0.25 * math.sin(i / 12 * 2 * math.tau)) for i in range(13)])
        ]
    if symbol == "blossom":
        petals = [
            (
                "ellipse",
                0.5 + 0.24 * math.cos(a) - 0.17,
                0.5 + 0.24 * math.sin(a) - 0.17,
                0.34,
                0.34,
            )
            for a in (i / 5 * math.tau + math.pi / 2 for i in range(5))
        ]
        return petals
    if symbol == "crane":
        return [
            ("stroke", [(0.05, 0.75), (0.5, 0.35), (0.95, 0.75)]),
            ("stroke", [(0.5, 0.35), (0.5, 0.1)]),
        ]
    if symbol == "lattice":
        lines = [("stroke", [(f, 0.05), (f, 0.95)]) for f in (0.33, 0.67)]
        return lines + [("stroke", [(0.05, f), (0.95, f)]) for f in (0.33, 0.67)]
    if symbol == "dot":
        return [("ellipse", 0.25, 0.25, 0.5, 0.5)]
    if symbol == "ring":
        return [
            (
                "stroke",
                [
                    (
                        0.5 + 0.32 * math.cos(i / 16 * math.tau),
                        0.5 + 0.32 * math.sin(i / 16 * math.tau),
                    )
                    for i in range(17)
                ],
            )
        ]
    if symbol == "star":
        points = [
            (0.5 + 0.42 * math.sin(i * 0.8 * math.tau), 0.5 + 0.42 * math.cos(i * 0.8 * math.tau))
            for i in range(6)
        ]
        return [("stroke", points)]
    if symbol == "bar":
        return [("rect", 0.1, 0.38, 0.8, 0.24)]
    return []


class _Easel:
    """The one offscreen buffer every look is drawn in, grown to the largest asked for.

    Under llvmpipe a framebuffer leaves ~90 KB with the driver after it is freed: an Fbo
    per look kept 11 MB once 60 looks were drawn and let go, and more with each new look,
    game after game. Growing the one buffer makes a new one, but only a few times."""

    fbo: Fbo | None = None

    @classmethod
    def draw(cls, size: tuple[int, int], draw: Callable[[], None]) -> bytes:
        """Run `draw` at the buffer's origin and return the `size` corner's RGBA pixels."""
        width, height = size
        fbo = cls.fbo
        if fbo is None:
            fbo = cls.fbo = Fbo(size=size)
        elif fbo.size[0] < width or fbo.size[1] < height:
            fbo.size = max(width, fbo.size[0]), max(height, fbo.size[1])
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            draw()
        fbo.draw()
        fbo.bind()
        try:
            return glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
        finally:
            fbo.release()
            fbo.clear()  # the shapes go: only their pixels are kept


def bake(size: tuple[int, int], draw: Callable[[], None]) -> Texture:
    """Run `draw` offscreen and keep only its pixels, as one texture to share."""
    texture = Texture.create(size=size, colorfmt="rgba")
    texture.blit_buffer(_Easel.draw(size, draw), colorfmt="rgba", bufferfmt="ubyte")
    return texture


STATES = ("unbroken", "broken", "repaired")  # the states an icon draws


# a deck shows ~80 looks at a card's size over a game, and its strips' looks are baked ahead
# (ui.widgets.strip.looks_ahead: 90 for the demo deck); a miss costs a few milliseconds
@lru_cache(maxsize=256)
def icon_texture(kind: str, mark: PatternMark, state: str, side: int) -> Texture:
    """One look: the `side`-pixel square plus a margin all round, as the badge and the
    strokes reach a little past the square; shared by every icon that shows it."""
    full = side + 2 * _margin(side)

    def draw() -> None:
        PushMatrix()
        if state == "broken":  # turned a quarter, as the rules turn the real card
            Rotate(angle=-90, origin=(full / 2, full / 2))
        Translate(_margin(side), _margin(side))
        _draw_icon(kind, mark, state, side)
        PopMatrix()

    return bake((full, full), draw)


def bake_ahead(looks: Iterable[tuple[str, str, int]]) -> Iterator[None]:
    """Make each look (kind, pattern, side) in every state, one a step: at quiet moments
    (ui/quiet.py), so a card dealt, kept, broken or repaired shows a look already made
    rather than draw one while the players wait (a few ms each here, five times that on a
    Pi 4)."""
    for kind, pattern, side in looks:
        for state in STATES:
            icon_texture(kind, pattern_mark(pattern), state, side)
            yield


def _margin(side: int) -> int:
    return math.ceil(side * 0.08)


@lru_cache(maxsize=8)
def card_face(width: float, height: float, down: bool = False, framed: bool = False) -> Texture:
    """The rounded card, pressed or not, gold-framed once repaired: a handful of textures
    shared by every card, where a drawn outline alone held ~400 KB of driver memory per card."""
    size = int(width), int(height)

    def draw() -> None:
        Color(*(THEME.accent if down else THEME.surface_raised))
        RoundedRectangle(pos=(0, 0), size=size, radius=[dp(6)])
        if framed:
            Color(*THEME.gold)
            Line(rounded_rectangle=(1, 1, size[0] - 2, size[1] - 2, dp(6)), width=dp(2))

    return bake(size, draw)


def _draw_icon(kind: str, mark: PatternMark, state: str, side: int) -> None:
    def to_px(x: float, y: float) -> Point:
        return x * side, y * side

    fill = THEME.gold if kind == "gold" else mark.colour
    stroke = max(1.0, side / 32)
    for shape in SHAPES.get(kind, GENERIC):
        _draw(shape, to_px, side, fill, THEME.outline, stroke)
    crack = [to_px(*p) for p in _crack(BODY.get(kind, DEFAULT_BODY))]
    if state == "broken":
        _stroke(crack, THEME.background, stroke * 2.4)
        _stroke(crack, THEME.crack, stroke * 0.8)
    elif state == "repaired":
        _stroke(crack, THEME.gold, stroke * 1.6)
        cx, cy = to_px(0.86, 0.14)
        r = side * 0.11
        _fill_poly([(cx, cy + r), (cx + r, cy), (cx, cy - r), (cx - r, cy)], THEME.gold)
    if mark.symbol and kind != "gold":
        _badge(mark.symbol, to_px, side, mark.colour, stroke)


class KindIcon(Widget):
    kind = StringProperty("cup")
    pattern = StringProperty("", allownone=True)
    state = OptionProperty("unbroken", options=list(STATES))

    def __init__(self, **kwargs: object) -> None:
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        super().__init__(**kwargs)
        with self.canvas:
            Color(1, 1, 1, 1)
            self._rect = Rectangle(size=(0, 0))
        self.bind(pos=self._trigger, size=self._trigger, kind=self._trigger)
        self.bind(pattern=self._trigger, state=self._trigger)
        self._trigger()  # not now: a kv rule is about to set size, kind and pattern

    @property
    def texture(self) -> Texture | None:
        """The shared look on show (None while too small to draw)."""
        return self._rect.texture

    def side(self) -> int:
        """The whole-pixel square the look is drawn at."""
        return int(min(self.width, self.height))

    def redraw(self) -> None:
        """Show the look for the current properties; property changes call this once per
        frame via a trigger. Whole pixels, so the texture is shown unscaled and sharp."""
        side = self.side()
        if side < 2:
            self._rect.texture, self._rect.size = None, (0, 0)
            return
        texture = icon_texture(self.kind, pattern_mark(self.pattern), self.state, side)
        x, y = self.center_x - texture.width / 2, self.center_y - texture.height / 2
        self._rect.texture, self._rect.pos = texture, (round(x), round(y))
        self._rect.size = texture.size


def _badge(symbol: str, to_px: ToPx, side: float, colour: Sequence[float], stroke: float) -> None:
    bx, by = to_px(0.0, 0.72)
    size = side * 0.34
    Color(*THEME.surface)
    Ellipse(pos=(bx, by), size=(size, size))
    inner = size * 0.7
    ix, iy = bx + (size - inner) / 2, by + (size - inner) / 2

    def badge_px(x: float, y: float) -> Point:
        return ix + x * inner, iy + y * inner

    for shape in _symbol(symbol):
        _draw(shape, badge_px, inner, colour, colour, stroke * 0.5)


def _draw(
    shape: tuple,
    to_px: ToPx,
    side: float,
    fill: Sequence[float],
    edge: Sequence[float],
    width: float,
) -> None:
    name = shape[0]
    if name == "poly":
        points = [to_px(*p) for p in shape[1]]
        _fill_poly(points, fill)
        _stroke(points + points[:1], edge, width)
    elif name == "ellipse":
        x, y = to_px(shape[1], shape[2])
        w, h = shape[3] * side, shape[4] * side
        start, end = (shape[5], shape[6]) if len(shape) > 5 else (0, 360)
        Color(*fill)
        Ellipse(pos=(x, y), size=(w, h), angle_start=start, angle_end=end)
        Color(*edge)
        Line(ellipse=(x, y, w, h, start, end), width=width)
    elif name == "rect":
        x, y = to_px(shape[1], shape[2])
        w, h = shape[3] * side, shape[4] * side
        Color(*fill)
        Rectangle(pos=(x, y), size=(w, h))
        Color(*edge)
        Line(rectangle=(x, y, w, h), width=width)
    elif name == "stroke":
        points = [to_px(*p) for p in shape[1]]
        _stroke(points, edge, width * 1.6)
        _stroke(points, fill, width * 0.8)


def _stroke(points: Sequence[Point], colour: Sequence[float], width: float) -> None:
    Color(*colour)
    Line(points=[c for p in points for c in p], width=width, joint="round", cap="round")


def _fill_poly(points: Sequence[Point], colour: Sequence[float]) -> None:
    Color(*colour)
    vertices = [v for x, y in points for v in (x, y, 0, 0)]
    Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")
