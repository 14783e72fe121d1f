"""Scores: the end of a game, or a game from history, as the engine scored it.

The sheet comes whole from `table.scores()` (or a replay of a saved game), breakdown,
ranks, winners and the tie-break sentence included; nothing is added up here.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.bgstats import installation_id, play_payload, push_url
from companion.engine import ScoreSheet
from companion.store import StoreError
from companion.table import Table
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (FormButton)
from ui.widgets.card import fill
from ui.widgets.qr import QrImage  # noqa: F401  (scores.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def headline(sheet: ScoreSheet) -> str:
    if sheet.losers:
        names = " and ".join(sheet.losers)
        return f"{names} {'lose' if len(sheet.losers) > 1 else 'loses'}!"
    names = " and ".join(sheet.winners)
    return f"{names} {'win' if len(sheet.winners) > 1 else 'wins'}!"


def sheet_rows(sheet: ScoreSheet) -> list[list[str]]:
    """The sheet as a grid: a header, one row per category the game scored, the counts that
    break ties, then totals and ranks."""
    rows = [[""] + [p.name for p in sheet.players]]
    for key, label in sheet.categories:
        rows.append([label] + [str(p.breakdown.get(key, "-")) for p in sheet.players])
    for key, label in sheet.tiebreak_labels:
        rows.append([label] + [str(p.tiebreaks.get(key, "-")) for p in sheet.players])
    if any(p.total is not None for p in sheet.players):
        rows.append(["TOTAL"] + [str(p.total) for p in sheet.players])
    rows.append(
        ["rank"]
        + [f"#{p.rank}" + (" WINNER" if p.name in sheet.winners else "") for p in sheet.players]
    )
    return rows


class Bar(BoxLayout):
    player = StringProperty("")
    total = NumericProperty(0)
    share = NumericProperty(0)  # of the tallest bar, 0..1
    winner = BooleanProperty(False)


class BarChart(BoxLayout):
    """Totals as bars drawn on the canvas; the winner's bar is also labelled, not only gold."""

    totals = ListProperty([])  # (name, total, winner)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bars: list[Bar] = []

    def on_totals(self, *_args: object) -> None:
        """Restyle the bars already drawn; make one only for a player more than before."""
        top = max((total for _, total, _ in self.totals), default=0) or 1
        while len(self.bars) < len(self.totals):
            self.bars.append(Bar())
        for bar, (name, total, winner) in zip(self.bars, self.totals, strict=False):
            bar.player, bar.total, bar.share, bar.winner = name, total, total / top, winner
        fill(self, self.bars[: len(self.totals)])


class ScoresScreen(Screen):
    title = StringProperty("")
    tiebreak = StringProperty("")
    live = BooleanProperty(False)  # the game on the table (undo goes back to it)
    bgstats_url = StringProperty("")  # the finished game's play for BG Stats, as a link

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.pinned: ScoreSheet | None = None
        self.cells: list[Widget] = []

    def on_pre_enter(self, *_args: object) -> None:
        table = App.get_running_app().table
        if self.pinned is None and table is not None:
            self.show(table.scores(), live=table.finished)
            self.bgstats_url = self._bgstats(table) if table.finished else ""

    def on_leave(self, *_args: object) -> None:
        self.pinned = None

    def _bgstats(self, table: Table) -> str:
        """The BG Stats link of the finished game on the table, from its stored row."""
        store = App.get_running_app().store
        try:
            return push_url(play_payload(store.game(table.game_id), installation_id(store)))
        except (StoreError, ValueError):
            return ""  # a save that cannot say when it ended: no link rather than a wrong one

    def show_saved(self, sheet: ScoreSheet) -> None:
        """A game from history: shown until the screen is left."""
        self.pinned = sheet
        self.bgstats_url = ""
        self.show(sheet, live=False)

    def show(self, sheet: ScoreSheet, live: bool) -> None:
        self.live = live
        self.title = headline(sheet)
        self.tiebreak = sheet.reason
        rows = sheet_rows(sheet)
        grid = self.ids.grid
        cells = [(r, c, cell) for r, row in enumerate(rows) for c, cell in enumerate(row)]
        while len(self.cells) < len(cells):  # labels are kept: each drawn one holds ~100 KB
            self.cells.append(Factory.BodyLabel())
        for label, (r, c, text) in zip(self.cells, cells, strict=False):
            label.text, label.halign = text, "left" if c == 0 else "center"
            label.bold = r == 0 or rows[r][0] in ("TOTAL", "rank")
            label.color = THEME.accent if rows[r][0] == "TOTAL" else THEME.text
        grid.cols = len(rows[0])
        fill(grid, self.cells[: len(cells)])
        self.ids.chart.totals = [
            (p.name, p.total or 0, p.name in sheet.winners) for p in sheet.players
        ]

    def undo(self) -> None:
        app = App.get_running_app()
        if app.session.undo():
            app.goto("table")
