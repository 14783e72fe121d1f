"""History: finished games, newest first; tap one to see its score sheet again.

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
    result = row.result or {}
    players = result.get("players", [])
    scores = ", ".join(
        p["name"] if p.get("total") is None else f"{p['name']} {p['total']}" for p in players
    )
    losers = result.get("losers", [])
    outcome = (
        f"lost by {' and '.join(losers)}"
        if losers
        else f"won by {' and '.join(result.get('winners', []))}"
    )
    return f"{which(row)}\n{scores} · {outcome}"


class HistoryScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.games
        box.clear_widgets()
        for row in app.store.games(finished=True):
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
