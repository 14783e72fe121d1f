"""Home: resume what was being played, or start, review and set up.

After a power cut the players want their game back, so unfinished games come first and
the most recent one is the biggest button on the screen.
"""

from __future__ import annotations

import time
from pathlib import Path

from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.catalog import game_info
from companion.store import GameRow, StoreError
from companion.table import Table
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (NoticeBanner, FormButton)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

RESUME_SHOWN = 3  # more unfinished games than this are abandoned ones; history keeps them


def ago(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 48 * 60:
        return f"{minutes // 60} h ago"
    return f"{minutes // (24 * 60)} days ago"


def describe(row: GameRow, table: Table | None, now: float) -> str:
    """Game, players, round and when, as the resume button says it."""
    players = ", ".join(p["name"] for p in row.setup.get("players", []))
    where = f"round {table.state.round}" if table is not None else "cannot be resumed"
    return f"{game_info(row.game).title}: {players}\n{where} · {ago(now - row.updated)}"


class HomeScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.resume
        box.clear_widgets()
        now = time.time()
        for index, row in enumerate(app.store.games(finished=False)[:RESUME_SHOWN]):
            try:
                table = Table.resume(app.store, row.id)
            except StoreError:
                table = None
            button = (Factory.AccentButton if index == 0 else Factory.FormButton)(
                text=("Resume " if table else "") + describe(row, table, now),
                disabled=table is None,
                height=THEME.button_height * 1.5,
            )
            button.bind(on_release=lambda _b, t=table: app.open_table(t))
            box.add_widget(button)
        self.ids.nothing.opacity = 0 if box.children else 1
