"""PlayerStrip: one player as every game shows them, read from across the table.

Name and the one figure the game marks as `emphasis` are large on the first line; under it,
one flow: the player's marks and other figures, then the zones the player owns, compact: a
zone grouped by kind is a run of small icons per kind (each in its display state, a broken
one turned), any other seen zone one run, a hidden zone (a hand) only its size. One flow
rather than a line each, so four strips fit under a nine-card draft at 800x480.

A run is one widget drawing its icons as rectangles of the shared looks (`icon_texture`),
not a widget an icon: a collection grows all game, and each icon widget kept ~10 KB of
Python objects, made again for every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup, get_hex_from_color

from companion.component import Component
from companion.view import Piece, PlayerView, Zone
from ui.theme import THEME, pattern_mark
from ui.widgets.card import drawn_state, fill
from ui.widgets.icons import bake_ahead, icon_texture
from ui.widgets.secret import HoldToReveal

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

NUMBER = re.compile(r"\d+")
ACTIVE = ">\u2009"  # a thin space: "> Bartholomew" then fits a quarter of the screen
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
GOLD = get_hex_from_color(THEME.gold)
SEPARATOR = "   "  # between two figures on a line
SIZED = re.compile(r"\[size=\d+\]\[b\](.*?)\[/b\]\[/size\]")  # a large number's markup


MINI = dp(34)  # a piece in a strip: its icon alone, a third of a card's size
MINI_GAP = dp(1)
Look = tuple[str, str, str]  # kind, pattern, display state


class IconRun(Widget):
    """A run of small icons: one kind of a player's collection, or a small zone."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.looks: list[Look] = []
        self.size_hint = None, None
        self.height = MINI
        self.bind(pos=self._draw)

    def show(self, looks: list[Look]) -> None:
        if looks != self.looks:
            self.looks = looks
            self.width = len(looks) * (MINI + MINI_GAP) - MINI_GAP
            self._draw()

    def _draw(self, *_args: object) -> None:
        """Each look centred on its square, whole pixels, so it shows unscaled and sharp."""
        side = int(MINI)
        self.canvas.clear()
        with self.canvas:
            Color(1, 1, 1, 1)
            for n, (kind, pattern, state) in enumerate(self.looks):
                texture = icon_texture(kind, pattern_mark(pattern), state, side)
                x = self.x + n * (MINI + MINI_GAP) + (MINI - texture.width) / 2
                y = self.y + (MINI - texture.height) / 2
                Rectangle(texture=texture, pos=(round(x), round(y)), size=texture.size)


class StripText(Label):
    """Words in a strip's flow: the figures, or a hidden zone's title and size ("Hand 3")."""


def pieces_by_run(zone: Zone) -> list[list[Piece]]:
    """The zone's pieces cut into runs: one per kind when the game groups it, else one."""
    if not zone.group_by_kind:
        return [list(zone.pieces)] if zone.pieces else []
    by_kind: dict[str, list[Piece]] = {}
    for piece in zone.pieces:
        by_kind.setdefault(piece.kind, []).append(piece)
    return list(by_kind.values())


def big_numbers(text: str) -> str:
    """The engine's words with their numbers at reading size from across the table
    (docs/ui.md: capitals of 16 arcmin at 1 m), as Label markup."""
    return NUMBER.sub(
        lambda m: f"[size={int(THEME.font_read)}][b]{m.group()}[/b][/size]", escape_markup(text)
    )


def read_from_afar(player: PlayerView) -> list[str]:
    """The figures the table reads from its seats: the game's emphasised one first (gold),
    then every other figure with a value (a score), numbers large, each as Label markup."""
    key = [c for c in player.counters if c.emphasis]
    rest = [c for c in player.counters if not c.emphasis and c.value is not None]
    said = [f"[color={GOLD}]{big_numbers(whole(c.text))}[/color]" for c in key]
    return said + [big_numbers(whole(c.text)) for c in rest]


def whole(figure: str) -> str:
    """A figure that wraps as one ("score now 3", never "score" over "now 3"): its spaces
    made no-break, so a narrow strip breaks only between figures."""
    return figure.replace(" ", "\u00a0")


def lines_of(figures: list[str], room: float) -> str:
    """The figures as lines no wider than `room`, each figure whole on one line: Kivy's
    markup breaks a line wherever the size changes, so a figure left to it wrapped before
    its own number ("1 ingot score now" over "0")."""
    lines: list[list[str]] = []
    width = 0.0
    gap = drawn_width(SEPARATOR)
    for figure in figures:
        wide = drawn_width(figure)
        if lines and width + gap + wide <= room:
            lines[-1].append(figure)
            width += gap + wide
        else:
            lines.append([figure])
            width = wide
    return "\n".join(SEPARATOR.join(line) for line in lines)


@lru_cache(maxsize=512)
def drawn_width(markup: str) -> float:
    """The width a figure's markup draws at: its words at the body size, its numbers
    large and bold (measured, not rendered: a strip measures again at every new figure)."""
    parts = SIZED.split(markup)  # words, number, words, number...
    words = MARKUP.sub("", "".join(parts[0::2]))
    numbers = "".join(parts[1::2])
    body = CoreLabel(font_size=THEME.font_body).get_extents(words)[0] if words else 0
    big = CoreLabel(font_size=THEME.font_read, bold=True).get_extents(numbers)[0] if numbers else 0
    return body + big + dp(1)  # a pixel a side for the rounding of each run


def figures(player: PlayerView) -> str:
    """Marks in bold, then the figures without a value, as Label markup (the valued ones
    are read from afar on the name's line)."""
    marks = [f"[b]{escape_markup(m)}[/b]" for m in player.marks]
    rest = [escape_markup(c.text) for c in player.counters if not c.emphasis and c.value is None]
    return " · ".join(marks + rest)


class PlayerStrip(HoldToReveal, Widget):
    player = StringProperty("")
    key_figure = StringProperty("")  # the engine's words for the emphasised figure
    afar = StringProperty("")  # markup: every figure with a value, numbers large, in lines
    active = BooleanProperty(False)
    name_width = NumericProperty(0)  # the name's width on one line, as drawn
    marker = StringProperty("")  # before the name of the player to act
    minimum_height = NumericProperty(0)  # the flow's: the table gives no row less

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(player=self._measure, active=self._measure, width=self._fit)
        self.bind(width=self._lay_figures)
        self.afar_figures: list[str] = []
        self.runs: list[IconRun] = []  # kept from one regrouping to the next
        self.zones: list[Zone] | None = None  # None: never drawn
        self.words = StripText(markup=True)

    def show(self, player: PlayerView, zones: Sequence[Zone]) -> None:
        """Set the figures (Kivy redraws only labels whose text changed) and regroup the
        zones only when a piece came, went or changed state."""
        self.player, self.active = player.name, player.active
        key = next((c for c in player.counters if c.emphasis), None)
        self.key_figure = key.text if key is not None else ""
        afar = read_from_afar(player)
        if afar != self.afar_figures:
            self.afar_figures = afar
            self._lay_figures()
        words = figures(player)
        if words != self.words.text:  # measured again only when they changed (or the width)
            self.words.text = words
            self._fit()
        if list(zones) != self.zones:
            self.zones = list(zones)
            self._show_zones(zones)

    def _lay_figures(self, *_args: object) -> None:
        self.afar = lines_of(self.afar_figures, max(self.width - dp(6), dp(1)))

    def _measure(self, *_args: object) -> None:
        """Whether the name fits the strip whole (else kv shortens it; it never wraps)."""
        core = CoreLabel(font_size=THEME.font_player, bold=True)
        self.marker = ACTIVE if self.active else ""
        self.name_width = core.get_extents(self.marker + self.player)[0]

    def _show_zones(self, zones: Sequence[Zone]) -> None:
        chunks: list[Widget] = [self.words]
        runs = 0
        for zone in zones:
            if zone.count is not None and not any(p.uid for p in zone.pieces):
                # the count kept with its word: "Bartholomew's" over "hand 3", never "3" alone
                chunks.append(StripText(text=f"{zone.title}\u00a0{zone.size}"))
                continue
            for run in pieces_by_run(zone):
                if runs == len(self.runs):
                    self.runs.append(IconRun())
                self.runs[runs].show([look(piece) for piece in run])
                chunks.append(self.runs[runs])
                runs += 1
        fill(self.ids.zones, chunks)
        self._fit()

    def _fit(self, *_args: object) -> None:
        """Words wider than the strip ("Bartholomew's hand 3" in a quarter of the screen)
        wrap between words inside it; the rest stay one line beside the icons."""
        room = max(self.width - dp(6), dp(1))
        core = CoreLabel(font_size=THEME.font_body, bold=True)  # bold: the widest it draws
        for chunk in self.ids.zones.children:
            if isinstance(chunk, StripText):
                wide = core.get_extents(MARKUP.sub("", chunk.text) or " ")[0] > room
                chunk.text_size = (room, None) if wide else (None, None)


def looks_ahead(components: Iterable[Component]) -> Iterator[None]:
    """Every component's look in every drawn state at a strip's size, one a step
    (icons.bake_ahead)."""
    kinds = sorted({(c.kind, c.attrs.get("pattern") or "") for c in components})
    return bake_ahead((kind, pattern, int(MINI)) for kind, pattern in kinds)


def look(piece: Piece) -> Look:
    return piece.kind, piece.attrs.get("pattern") or "", drawn_state(piece.state)
