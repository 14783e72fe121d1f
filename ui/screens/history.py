"""History: finished games, newest first, grouped by evening (`companion.evening`) under a
heading each (when, how many games, who won most); tap one to see its score sheet again.

A saved game is replayed from its log to get the full sheet (the tie-break sentence is not
stored with the result), which also proves the log still replays.
"""

from __future__ import annotations

import time
from pathlib import Path

from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.evening import evenings, played, same, title
from companion.games import definition
from companion.store import GameRow, StoreError
from companion.table import Table
from ui.widgets import controls  # noqa: F401  (FormButton, NoticeBanner)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def which(row: GameRow) -> str:
    """Which game this was: when it ended, the game and the deck it was played with."""
    when = time.strftime("%d %b %Y %H:%M", time.localtime(row.finished or row.updated))
    return f"{when} · {definition(row.game).title} · deck {row.deck}"


def summary(row: GameRow) -> str:
    """When and what, then each player with their total, and who won or lost; whatever of
    a stored result does not read (saves are untrusted) is left out, never an error."""
    game = played(row)
    result = row.result if isinstance(row.result, dict) else {}
    listed = result.get("players")
    totals = {
        same(p["name"]): p.get("total")
        for p in (listed if isinstance(listed, list) else [])
        if isinstance(p, dict) and isinstance(p.get("name"), str)
    }
    scores = ", ".join(
        f"{name} {totals[same(name)]}" if isinstance(totals.get(same(name)), int) else name
        for name in game.players
    )
    if game.losers:
        outcome = f" · lost by {' and '.join(game.losers)}"
    elif game.winners:
        outcome = f" · won by {' and '.join(game.winners)}"
    else:
        outcome = ""
    return f"{which(row)}\n{scores}{outcome}"


class HistoryScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.games
        box.clear_widgets()
        rows = {row.id: row for row in app.store.games(finished=True)}
        now = time.time()
        for evening in reversed(evenings(rows.values())):
            box.add_widget(Factory.EveningHeading(text=title(evening, now)))
            for game in reversed(evening.games):
                row = rows[game.id]
                button = Factory.HistoryEntry(text=summary(row))
                button.bind(on_release=lambda _b, row=row: self.open(row))
                box.add_widget(button)
        self.ids.empty.opacity = 0 if box.children else 1

    def open(self, row: GameRow) -> None:
        app = App.get_running_app()
        try:
            sheet = Table.resume(app.store, row.id).scores()
        except StoreError as err:
            self.ids.banner.show(str(err), "error")
            return
        app.root.get_screen("scores").show_saved(sheet, f"Played {which(row)}", row)
        app.goto("scores")
