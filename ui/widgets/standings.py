"""Standings: tonight's games per player, read from a seat, on Home and the score sheet.

A row a player, most wins first: the name (28 sp), the figures (numbers at 28 sp, their
words at 20: "2 won  1 lost  3 played"), then the picture of who won what: a mark per game
of the evening in order, the game's initials in it, filled gold for a win, crossed out in
red for a loss, outlined for a game played, an empty place for one sat out, so the marks
of one game stand in one column (never colour alone: filled, crossed, outlined). A row
shows as many of the latest marks as fit its width. Every word comes from
`companion.evening`; this only lays them out.
"""

from __future__ import annotations

import time
from pathlib import Path

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.evening import Evening, evening_of, evenings, figures, has_losses, heading
from companion.evening import standings as standings_of
from companion.evening import tonight as tonight_of
from companion.store import StoreError
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (Scroller)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class MarkChip(Label):
    """One game in a player's row: `outcome` is companion.evening's WON, LOST, PLAYED or
    ABSENT (an empty place)."""

    outcome = StringProperty("")


class MarkRow(BoxLayout):
    """A player's marks, the latest that fit its width (the oldest go first)."""

    def __init__(self, marks: tuple, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.marks = marks
        self.bind(width=self.fit)
        self.fit()

    def fit(self, *_args: object) -> None:
        step = THEME.mark_width + self.spacing
        room = max(1, int((self.width + self.spacing) // step))
        shown = self.marks[-room:]
        if len(self.children) == len(shown):
            return
        self.clear_widgets()
        for mark in shown:
            self.add_widget(
                MarkChip(text=mark.initials if mark.outcome else "", outcome=mark.outcome)
            )


class StandingName(Label):
    """A player's name: whole when it fits `room` (its share of the row), else shortened at
    its end: a 40-letter name must not push the figures and marks off the screen."""

    room = NumericProperty(10000)

    def on_text(self, *_args: object) -> None:
        self.fit()

    def on_room(self, *_args: object) -> None:
        self.fit()

    def fit(self) -> None:
        whole = CoreLabel(font_size=self.font_size, bold=True).get_extents(self.text)[0]
        self.text_size = (None, None) if whole <= self.room else (self.room, None)


def figure_text(number: int, word: str) -> str:
    """The number at a name's size, bold, its word at the body size."""
    return f"[b][size={round(THEME.font_player)}]{number}[/size][/b] {word}"


class Standings(BoxLayout):
    """An evening's standings, or nothing (no height, no words) when there is none."""

    heading = StringProperty("")
    wanted = NumericProperty(0)  # the height every row needs; the screen decides how much it gets
    least = NumericProperty(0)  # the heading and the leader's row (the rest may scroll)

    NAME_SHARE = 0.4  # of the row's width, at most, for a name

    def on_kv_post(self, base_widget: object) -> None:
        super().on_kv_post(base_widget)
        self.ids.rows.bind(minimum_height=self.want)
        self.ids.heading.bind(height=self.want)
        self.bind(width=self.share_room)

    def share_room(self, *_args: object) -> None:
        for name in self.ids.rows.children[2::3]:  # children run backwards: name, figures, marks
            name.room = max(self.width * self.NAME_SHARE, THEME.touch)

    def want(self, *_args: object) -> None:
        rows, top = self.ids.rows, self.ids.heading.height + self.spacing
        self.wanted = top + rows.minimum_height if rows.children else 0
        self.least = top + rows.row_default_height if rows.children else 0

    def show(self, evening: Evening | None, now: float | None = None, least: int = 1) -> None:
        """`evening`'s standings (said as tonight's if it is still going at `now`), or
        nothing when there is none or it has fewer than `least` games."""
        rows = self.ids.rows
        rows.clear_widgets()
        if evening is None or len(evening.games) < least:
            self.heading = ""
            self.want()
            return
        self.heading = heading(evening, now=now)
        losses = has_losses(evening)
        for standing in standings_of(evening):
            rows.add_widget(StandingName(text=standing.name))
            shown = "  ".join(figure_text(n, word) for n, word in figures(standing, losses))
            rows.add_widget(Factory.StandingFigures(text=shown))
            rows.add_widget(MarkRow(standing.marks))
        self.share_room()
        self.want()

    def _evenings(self) -> list[Evening]:
        try:
            return evenings(App.get_running_app().store.games(finished=True))
        except StoreError:
            return []  # the save is being set aside: its news comes from Home's banner

    def show_tonight(self, now: float | None = None) -> None:
        """Home: the evening still going, if there is one."""
        now = time.time() if now is None else now
        self.show(tonight_of(self._evenings(), now), now)

    def show_game(self, game_id: int | None, now: float | None = None) -> None:
        """The score sheet: the evening of game `game_id` as it stood when that game ended,
        once it holds two games (one game's standings would repeat its sheet)."""
        evening = evening_of(self._evenings(), game_id) if game_id is not None else None
        self.show(evening, time.time() if now is None else now, least=2)
