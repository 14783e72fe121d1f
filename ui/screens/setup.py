"""Setup: which deck (and so which game), who plays, each player's options, who goes first.

The seats shown follow the chosen game's player range (2-6), and each seat offers the
per-player options its definition declares (new to the game). The last names, deck and
first seat are remembered, so the same group at the same table only taps Start; per-player
options are not (a new player is new once). The rules engine judges the setup; its one-line
refusal becomes a banner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.deck import Deck
from companion.engine import PlayerSetup
from companion.games import definition
from companion.store import StoreError
from companion.table import Table, seat_readers
from ui.screens.settings import rules_key
from ui.theme import plural
from ui.widgets import controls  # noqa: F401  (FormInput, FormToggle, NoticeBanner)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

SEATS = 6  # the most any game takes; a game shows as many as its definition allows
DEFAULTS_KEY = "setup.defaults"
DEFAULT_NAMES = ["Player 1", "Player 2", "", "", "", ""]


def deck_title(deck: Deck) -> str:
    """Two lines, so a long deck name is read whole: the name, then its game and size."""
    return f"{deck.name}\n{definition(deck.game).title} · {plural(len(deck), 'card')}"


def rulings_line(game: str, stored: object) -> str:
    """The rulings a game here would be played with that differ from the defaults, in one line,
    so a table that changed one in Settings months ago sees it before starting."""
    try:
        ruleset = definition(game)
    except ValueError:  # not a game this companion knows
        return ""
    if ruleset.engine is None:  # a game without a rules engine has no rulings
        return ""
    try:
        chosen = ruleset.resolve(stored or {})
    except ValueError as err:
        return f"Rulings: {err} (fix it in Settings)"
    changed = [
        f"{s.key.replace('_', ' ')}: {chosen[s.key]}"
        for s in ruleset.settings
        if chosen[s.key] != s.default
    ]
    return "Rulings: " + ("; ".join(changed) if changed else "the defaults (see Settings)")


class SeatRow(BoxLayout):
    seat = NumericProperty(0)
    name = StringProperty("")
    first = BooleanProperty(False)
    option_label = StringProperty("")  # the game's per-player option ("new player"), if any
    option_on = BooleanProperty(False)


class SetupScreen(Screen):
    deck_titles = ListProperty([])
    deck_title = StringProperty("")
    rulings = StringProperty("")  # the chosen deck's game's non-default rulings
    seat_hint = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.decks: list[Deck] = []

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        self.decks = app.decks()
        self.deck_titles = [deck_title(d) for d in self.decks]
        saved: dict[str, Any] = app.store.get_setting(DEFAULTS_KEY, {})
        remembered = [d for d in self.decks if [d.game, d.name] == saved.get("deck")]
        chosen = remembered or self.decks[:1]
        self.deck_title = deck_title(chosen[0]) if chosen else ""
        self.on_deck_title()  # the rulings may have changed in Settings, the deck not
        names = (saved.get("names", []) + DEFAULT_NAMES[len(saved.get("names", [])) :])[:SEATS]
        first = saved.get("first", 0)
        for seat, row in enumerate(self.all_seats()):
            row.name, row.option_on, row.first = names[seat], False, seat == first
        if not self.decks:
            self.ids.banner.show("No decks yet: enroll one in Decks, or start with --demo", "error")

    def on_deck_title(self, *_args: object) -> None:
        deck = self.chosen_deck()
        store = App.get_running_app().store
        self.rulings = (
            rulings_line(deck.game, store.get_setting(rules_key(deck.game))) if deck else ""
        )
        self._show_seats(definition(deck.game) if deck else None)

    def _show_seats(self, game: Any) -> None:
        """As many seats as the game takes, each with the game's per-player option; the
        others leave the layout (a hidden seat must never take a touch)."""
        most = game.max_players if game else 4
        option = game.player_options[0] if game and game.player_options else None
        self.seat_hint = (
            f"Players clockwise, {game.min_players}-{game.max_players}; empty seats are left out"
            if game
            else ""
        )
        box = self.ids.seat_rows
        box.clear_widgets()
        for row in self.all_seats()[:most]:
            row.option_label = option.label(True) if option else ""
            box.add_widget(row)

    def chosen_deck(self) -> Deck | None:
        return next((d for d in self.decks if deck_title(d) == self.deck_title), None)

    def all_seats(self) -> list[SeatRow]:
        return [self.ids[f"seat{i}"] for i in range(SEATS)]

    def seats(self) -> list[SeatRow]:
        """The seats the chosen game shows."""
        return [row for row in self.all_seats() if row.parent is not None]

    def choose_first(self, seat: int) -> None:
        for row in self.all_seats():
            row.first = row.seat == seat
            row.ids.first.state = "down" if row.first else "normal"  # a re-tap keeps it

    def start(self) -> None:
        app = App.get_running_app()
        deck = self.chosen_deck()
        if deck is None:
            self.ids.banner.show("Choose a deck first", "error")
            return
        game = definition(deck.game)
        marked = next((row for row in self.seats() if row.first), None)
        if marked is not None and not marked.name.strip():
            self.ids.banner.show(
                f"Seat {marked.seat + 1} is marked first but has no player: name them or"
                " mark another seat",
                "error",
            )
            return
        seated = [row for row in self.seats() if row.name.strip()]
        option = game.player_options[0].key if game.player_options else None
        players = [
            PlayerSetup(row.name.strip(), {option: True} if option and row.option_on else {})
            for row in seated
        ]
        first = next((i for i, row in enumerate(seated) if row.first), 0)
        settings = app.store.get_setting(rules_key(deck.game), None)
        try:
            seats = seat_readers(app.reader_names(), len(players))
            table = Table.start(
                app.store, deck, players, first=first, settings=settings, seats=seats
            )
        except (ValueError, StoreError) as err:
            self.ids.banner.show(str(err), "error")
            return
        app.store.set_setting(
            DEFAULTS_KEY,
            {
                "deck": [deck.game, deck.name],
                "names": [row.name for row in self.all_seats()],
                "first": next((row.seat for row in self.all_seats() if row.first), 0),
            },
        )
        app.open_table(table)
