"""Setup: which deck (and so which game), who plays, who is new, who goes first.

The last choices are remembered in the store, so the same group at the same table only
taps Start. The rules engine judges the setup; its one-line refusal becomes a banner.
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
from companion.table import Table
from ui.screens.settings import rules_key
from ui.widgets import controls  # noqa: F401  (FormInput, FormToggle, NoticeBanner)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

SEATS = 4
DEFAULTS_KEY = "setup.defaults"
DEFAULT_NAMES = ["Player 1", "Player 2", "", ""]


def deck_title(deck: Deck) -> str:
    """Two lines, so a long deck name is read whole: the name, then its game and size."""
    return f"{deck.name}\n{definition(deck.game).title} · {len(deck)} cards"


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
    new_player = BooleanProperty(False)
    first = BooleanProperty(False)


class SetupScreen(Screen):
    deck_titles = ListProperty([])
    deck_title = StringProperty("")
    rulings = StringProperty("")  # the chosen deck's game's non-default rulings

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
        new = saved.get("new", [False] * SEATS)
        first = saved.get("first", 0)
        for seat, row in enumerate(self.seats()):
            row.name, row.new_player, row.first = names[seat], bool(new[seat]), seat == first
        if not self.decks:
            self.ids.banner.show("No decks yet: enroll one in Decks, or start with --demo", "error")

    def on_deck_title(self, *_args: object) -> None:
        deck = self.chosen_deck()
        store = App.get_running_app().store
        self.rulings = (
            rulings_line(deck.game, store.get_setting(rules_key(deck.game))) if deck else ""
        )

    def chosen_deck(self) -> Deck | None:
        return next((d for d in self.decks if deck_title(d) == self.deck_title), None)

    def seats(self) -> list[SeatRow]:
        return [self.ids[f"seat{i}"] for i in range(SEATS)]

    def choose_first(self, seat: int) -> None:
        for row in self.seats():
            row.first = row.seat == seat
            row.ids.first.state = "down" if row.first else "normal"  # a re-tap keeps it

    def start(self) -> None:
        app = App.get_running_app()
        deck = self.chosen_deck()
        if deck is None:
            self.ids.banner.show("Choose a deck first", "error")
            return
        seated = [row for row in self.seats() if row.name.strip()]
        players = [
            PlayerSetup(row.name.strip(), {"new_player": True} if row.new_player else {})
            for row in seated
        ]
        first = next((i for i, row in enumerate(seated) if row.first), 0)
        settings = app.store.get_setting(rules_key(deck.game), None)
        try:
            table = Table.start(app.store, deck, players, first=first, settings=settings)
        except (ValueError, StoreError) as err:
            self.ids.banner.show(str(err), "error")
            return
        app.store.set_setting(
            DEFAULTS_KEY,
            {
                "deck": [deck.game, deck.name],
                "names": [row.name for row in self.seats()],
                "new": [row.new_player for row in self.seats()],
                "first": next((row.seat for row in self.seats() if row.first), 0),
            },
        )
        app.open_table(table)
