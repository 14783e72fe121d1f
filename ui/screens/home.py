"""Home: resume what was being played, or start, review and set up.

After a power cut the players want their game back, so unfinished games come first and
the most recent one is the biggest button on the screen. Under them, tonight's standings
(ui/widgets/standings.py): who has won what in the games of the evening still going.
"""

from __future__ import annotations

import time
from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.games import definition
from companion.store import DamagedStore, GameRow, Store, StoreError
from companion.table import Table
from ui.widgets import controls  # noqa: F401  (ConfirmButton, FormButton)
from ui.widgets.standings import Standings  # noqa: F401  (home.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


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
    """Game, players, where the game stands (its status line) and when, as the resume button
    says it."""
    players = ", ".join(p["name"] for p in row.setup.get("players", []))
    where = table.view().status if table is not None else "cannot be resumed"
    return f"{definition(row.game).title}: {players}\n{where} · {ago(now - row.updated)}"


class ResumeRow(BoxLayout):
    """One unfinished game: resume it, or abandon it (two taps) when nobody will finish it."""

    screen = ObjectProperty(None)
    game_id = NumericProperty(0)
    table = ObjectProperty(None, allownone=True)  # None: the save cannot be replayed
    text = StringProperty("")
    first = BooleanProperty(False)


def nothing_to_resume(has_sim: bool, has_decks: bool) -> str:
    """What Home suggests with no game to resume: the virtual table only where there is one
    (a simulated reader), and enrolling first where there is no deck to play with."""
    if not has_decks:
        return "No deck yet: enroll your copy in Decks (scan each card's sticker)."
    if has_sim:
        return "No unfinished game. Start a new one, or try the virtual table with the demo deck."
    return "No unfinished game. Start a new one."


def resumable(store: Store) -> tuple[list[tuple[GameRow, Table | None]], list[str]]:
    """Every unfinished game with its table (None: it cannot be resumed), most recent first,
    and a line for each game set aside because it stopped replaying: its copy, played on from
    its last good input, is listed in its place."""
    notes: list[str] = []
    for _pass in range(2):  # a second pass lists the copies a first one made
        games, changed = [], False
        for row in store.games(finished=False):
            try:
                table, note = Table.resume_or_set_aside(store, row.id)
            except DamagedStore:
                raise  # the whole file: the app sets it aside (ui.app.DamageHandler)
            except StoreError:
                table, note = None, None
            if note is not None:
                notes.append(note)
                changed = True
            games.append((row, table))
        if not changed:
            break
    return games, notes


class HomeScreen(Screen):
    has_games = BooleanProperty(False)
    backup = StringProperty("")  # the backup offered after a loss, by file name
    hint = StringProperty("")  # what to do when there is nothing to resume

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()
        app = App.get_running_app()
        if app.store_notice:  # said once; the banner stays until tapped
            self.ids.banner.show(app.store_notice, "error")
            app.store_notice = None

    def restore_backup(self) -> None:
        """Second tap of "Restore the backup": the save goes back to the offered backup."""
        message = App.get_running_app().restore_backup()
        self.refresh()
        self.ids.banner.show(message, "info")

    def refresh(self) -> None:
        """Every unfinished game, most recent first; the list scrolls when there are many."""
        app = App.get_running_app()
        offer = app.store.backup_offer
        self.backup = offer.name if offer is not None else ""
        box = self.ids.resume
        box.clear_widgets()
        now = time.time()
        games, notes = resumable(app.store)
        if notes:
            self.ids.banner.show("\n".join(notes), "error")
        for index, (row, table) in enumerate(games):
            box.add_widget(
                ResumeRow(
                    screen=self,
                    game_id=row.id,
                    table=table,
                    text=describe(row, table, now),
                    first=index == 0,
                )
            )
        self.has_games = bool(box.children)
        self.hint = nothing_to_resume(app.sim is not None, bool(app.store.decks()))
        self.ids.standings.show_tonight(now)

    def abandon(self, game_id: int) -> None:
        """Delete an unfinished game for good: its inputs too, so it cannot come back."""
        app = App.get_running_app()
        if app.table is not None and app.table.game_id == game_id:
            app.session.table = None
        try:
            app.store.delete_game(game_id)
        except StoreError as err:
            self.ids.banner.show(str(err), "error")
        self.refresh()
