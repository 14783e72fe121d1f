"""Scores: the end of a game, or a game from history, as the engine scored it.

The sheet comes whole from `table.scores()` (or a replay of a saved game): totals, ranks,
winners or losers, the reason, the points by category with the engine's note on how each
was reached, and the counts that break ties. Nothing is added up here. Laid out for
800x480: the standings (names, totals, ranks) first, always in sight; under them the points
by category, which scroll, with the total at their foot so a column adds up, and the
tie-break counts apart. A tap on a cell says how its points were reached.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.bgstats import installation_id, play_payload, push_url
from companion.engine import ScoreSheet
from companion.store import StoreError
from companion.table import Table
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (FormButton)
from ui.widgets.qr import QrImage  # noqa: F401  (scores.kv)
from ui.widgets.sheet import SheetCell, SheetGrid  # noqa: F401  (SheetGrid: scores.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

CROWDED = 4  # more players than this: names in the small size, so each fits its column
HINT = "Tap a number to see how it was scored"
Cell = tuple[str, str]  # what the cell shows, and what a tap on it says ("" for nothing)
STYLES = {  # a row's look by its kind: (bold, colour, font size)
    "head": (True, THEME.text, THEME.font_body),
    "total": (True, THEME.accent, THEME.font_prompt),
    "mark": (True, THEME.gold, THEME.font_small),
    "points": (False, THEME.text, THEME.font_body),
    "sum": (True, THEME.accent, THEME.font_body),
    "apart": (True, THEME.text_dim, THEME.font_small),
    "count": (False, THEME.text_dim, THEME.font_body),
}


def headline(sheet: ScoreSheet) -> str:
    if sheet.losers:
        names = " and ".join(sheet.losers)
        return f"{names} {'lose' if len(sheet.losers) > 1 else 'loses'}!"
    names = " and ".join(sheet.winners)
    return f"{names} {'win' if len(sheet.winners) > 1 else 'wins'}!"


def mark(sheet: ScoreSheet, name: str, rank: int) -> str:
    """Under each name: the rank, and WINNER or LOSES in words (never colour alone)."""
    if name in sheet.losers:
        return "LOSES"
    return f"#{rank}" + (" WINNER" if name in sheet.winners else "")


def standings(sheet: ScoreSheet) -> list[tuple[str, list[Cell]]]:
    """Names, totals (a game with no points has none) and ranks: read first, never scrolled."""
    rows = [("head", [("", "")] + [(p.name, "") for p in sheet.players])]
    if any(p.total is not None for p in sheet.players):
        rows.append(("total", [("total", "")] + [(str(p.total), "") for p in sheet.players]))
    rows.append(("mark", [("", "")] + [(mark(sheet, p.name, p.rank), "") for p in sheet.players]))
    return rows


def details(sheet: ScoreSheet) -> list[tuple[str, list[Cell]]]:
    """Points by category down to the total they add up to; then, apart, the counts that
    only break ties. Each cell carries the engine's note on how it was reached."""
    rows: list[tuple[str, list[Cell]]] = []
    for key, label in sheet.categories:
        cells = [(str(p.breakdown.get(key, "-")), p.notes.get(key, "")) for p in sheet.players]
        rows.append(("points", [(label, "")] + cells))
    if sheet.categories and any(p.total is not None for p in sheet.players):
        rows.append(("sum", [("total", "")] + [(str(p.total), "") for p in sheet.players]))
    if sheet.tiebreak_labels:
        rows.append(("apart", [("break ties (not points)", "")] + [("", "")] * len(sheet.players)))
    for key, label in sheet.tiebreak_labels:
        rows.append(
            ("count", [(label, "")] + [(str(p.tiebreaks.get(key, "-")), "") for p in sheet.players])
        )
    return rows


def sheet_cells(rows: list[tuple[str, list[Cell]]], names: list[str]) -> list[list[SheetCell]]:
    """The rows as the grid draws them: each cell styled by its row's kind, and a number
    knowing whose and which points it is ("Ana, bowl")."""
    drawn = []
    for kind, row in rows:
        bold, colour, size = STYLES[kind]
        if kind == "head" and len(names) > CROWDED:
            size = THEME.font_small  # six names of 11 letters fit 107 px
        drawn.append(
            [
                SheetCell(
                    text,
                    note,
                    f"{names[c - 1]}, {row[0][0]}" if c else "",
                    (bold, colour, size if c else min(size, THEME.font_body)),  # "total": a label
                    c,
                )
                for c, (text, note) in enumerate(row)
            ]
        )
    return drawn


class ScoresScreen(Screen):
    title = StringProperty("")
    context = StringProperty("")  # a game from history: which game, which deck, when
    tiebreak = StringProperty("")
    explanation = StringProperty(HINT)
    live = BooleanProperty(False)  # the game on the table (undo goes back to it)
    bgstats_url = StringProperty("")  # the finished game's play for BG Stats, as a link

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.pinned: ScoreSheet | None = None

    def on_pre_enter(self, *_args: object) -> None:
        table = App.get_running_app().table
        if self.pinned is None and table is not None:
            self.show(table.scores(), live=table.finished)
            self.bgstats_url = self._bgstats(table) if table.finished else ""

    def on_leave(self, *_args: object) -> None:
        """Off screen, the words and the QR code only hold textures: on_pre_enter or
        show_saved sets them again (the grid keeps its words' textures for the next sheet)."""
        self.pinned = None
        self.title = self.context = self.tiebreak = self.bgstats_url = ""

    def _bgstats(self, table: Table) -> str:
        """The BG Stats link of the finished game on the table, from its stored row."""
        store = App.get_running_app().store
        try:
            return push_url(play_payload(store.game(table.game_id), installation_id(store)))
        except (StoreError, ValueError):
            return ""  # a save that cannot say when it ended: no link rather than a wrong one

    def show_saved(self, sheet: ScoreSheet, context: str) -> None:
        """A game from history: shown, saying which game and when, until the screen is left."""
        self.pinned = sheet
        self.bgstats_url = ""
        self.show(sheet, live=False, context=context)

    def show(self, sheet: ScoreSheet, live: bool, context: str = "") -> None:
        self.live, self.context = live, context
        self.title = headline(sheet)
        self.tiebreak = sheet.reason
        self.explanation = HINT if sheet.categories else ""
        names = [p.name for p in sheet.players]
        self.ids.standings.show(sheet_cells(standings(sheet), names))
        self.ids.grid.show(sheet_cells(details(sheet), names))

    def explain(self, cell: SheetCell) -> None:
        """A tap on a cell: how its points were reached, in the engine's words."""
        self.explanation = f"{cell.about}: {cell.note}"

    def undo(self) -> None:
        app = App.get_running_app()
        if app.session.undo():
            app.goto("table")
