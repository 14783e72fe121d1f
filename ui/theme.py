"""Colours, sizes and pattern marks shared by every screen.

Read from arm's length across a table under kitchen light: a dark table, light text, large
type, and each pattern shown by a colour AND a symbol so colour is never the only signal.
Kept free of Window creation so tests and tools can import it without a display.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

from kivy.metrics import dp, sp
from kivy.utils import escape_markup

Colour = tuple[float, float, float, float]


def _hex(code: str, alpha: float = 1.0) -> Colour:
    code = code.lstrip("#")
    r, g, b = (int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, alpha)


@dataclass(frozen=True)
class PatternMark:
    """How one pattern looks: a fill colour and a symbol name KindIcon knows how to draw."""

    colour: Colour
    symbol: str  # wave | blossom | crane | lattice | dot | ring | star | bar


# Symbols for named patterns; any other pattern gets a fallback picked from its name.
PATTERNS: dict[str, PatternMark] = {
    "wave": PatternMark(_hex("4FA3FF"), "wave"),
    "blossom": PatternMark(_hex("FF7BB0"), "blossom"),
    "crane": PatternMark(_hex("F2F2F2"), "crane"),
    "lattice": PatternMark(_hex("7BD88F"), "lattice"),
}
FALLBACK_SYMBOLS = ("dot", "ring", "star", "bar")
FALLBACK_COLOURS = tuple(_hex(c) for c in ("C792EA", "FFB86C", "8BE9FD", "F1FA8C", "FF5555"))
NO_PATTERN = PatternMark(_hex("B0B0B0"), "")


def pattern_mark(pattern: str | None) -> PatternMark:
    """Stable across runs and machines (crc32, not hash()), so a deck looks the same everywhere."""
    if not pattern:
        return NO_PATTERN
    known = PATTERNS.get(pattern.lower())
    if known is not None:
        return known
    n = zlib.crc32(pattern.lower().encode("utf-8"))
    return PatternMark(
        FALLBACK_COLOURS[n % len(FALLBACK_COLOURS)],
        FALLBACK_SYMBOLS[(n // len(FALLBACK_COLOURS)) % len(FALLBACK_SYMBOLS)],
    )


@dataclass(frozen=True)
class Theme:
    # colours
    background: Colour = _hex("141A1F")  # the table
    surface: Colour = _hex("222B33")  # cards, strips, panels
    surface_raised: Colour = _hex("2F3B46")  # buttons
    text: Colour = _hex("F5F5F5")
    text_dim: Colour = _hex("B8C2CC")  # still >= 7:1 on background
    accent: Colour = _hex("FFD54A")  # the current prompt, selection
    gold: Colour = _hex("E8B923")  # repairs, gold cards, ingots
    crack: Colour = _hex("FF4D4D")  # broken
    ok: Colour = _hex("5BD67A")
    error: Colour = _hex("FF6B6B")
    banner_error: Colour = _hex("7A1F1F")
    banner_info: Colour = _hex("1F4E7A")
    outline: Colour = _hex("0A0D10")
    # every control's edge: >= 3:1 against the table, the panels, the raised fill and the
    # banners, so a button stands out by its shape, not by its words alone
    edge: Colour = _hex("94A3B8")
    # type
    # The floors every screen keeps at 800x480 (docs/ui.md): body text 20 px, a player's
    # name and key figures 28 px, the prompt 30 px. Read from a seat 1 m away on the 7"
    # display (0.193 mm a pixel; Roboto's capitals are 0.71 of the size), 28 px makes
    # capitals and digits 3.8 mm, 13 arcmin; 20 px, 9.5 arcmin, still read at a glance.
    min_body: float = sp(20)
    min_key: float = sp(28)
    min_prompt: float = sp(30)
    # the figures a table reads from its seats (scores, ingots): 34 px, 16 arcmin
    font_read: float = sp(34)
    font_prompt: float = sp(34)  # what to do, and whose turn in the engine's words
    font_player: float = sp(28)  # a name in a strip: 13 arcmin, beside its 16 arcmin figures
    font_title: float = sp(24)
    font_body: float = sp(20)
    font_small: float = sp(16)  # below the floor: the table uses none of it
    # sizes
    touch: float = dp(48)  # minimum touch target
    button_height: float = dp(56)
    edge_width: float = dp(1.5)
    padding: float = dp(8)
    spacing: float = dp(8)
    icon: float = dp(64)
    # the table's side panels (log, virtual table): four 82 dp cards, their gaps and a scroll
    # bar; the rest of 800 px keeps the prompt and its options in sight beside them
    panel: float = dp(364)
    strip_wide: float = dp(330)  # a player strip this wide holds a name and its figures
    mark_width: float = dp(56)  # a game's mark in the standings: "WBI" bold at 20 sp and its frame


THEME = Theme()
TOUCH = THEME.touch
MONO = "RobotoMono-Regular"
OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*")


def mono_options(text: str) -> str:
    """Markup showing each command-line option ("--reader") in the monospace font, where
    Roboto runs the two hyphens into one dash; the rest is escaped and shows as written."""
    parts, last = [], 0
    for option in OPTION.finditer(text):
        parts.append(escape_markup(text[last : option.start()]))
        parts.append(f"[font={MONO}]{escape_markup(option.group())}[/font]")
        last = option.end()
    parts.append(escape_markup(text[last:]))
    return "".join(parts)
