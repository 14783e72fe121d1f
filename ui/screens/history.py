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
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (FormButton, NoticeBanner)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def summary(row: GameRow) -> str:
    result = row.result or {}
    when = time.strftime("%d %b %Y %H:%M", time.localtime(row.finished or row.updated))
    totals = ", ".join(f"{p['name']} {p['total']}" for p in result.get("players", []))
    winners = " and ".join(result.get("winners", []))
    return f"{when} · {definition(row.game).title}\n{totals} · won by {winners}"


class HistoryScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.games
        box.clear_widgets()
        for row in app.store.games(finished=True):
            button = Factory.FormButton(text=summary(row), height=THEME.button_height * 1.4)
            button.bind(on_release=lambda _b, game_id=row.id: self.open(game_id))
            box.add_widget(button)
        self.ids.empty.opacity = 0 if box.children else 1

    def open(self, game_id: int) -> None:
        app = App.get_running_app()
        try:
            sheet = Table.resume(app.store, game_id).scores()
        except StoreError as err:
            self.ids.banner.show(str(err), "error")
            return
        app.root.get_screen("scores").show_saved(sheet)
        app.goto("scores")
