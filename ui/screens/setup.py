"""Setup: which deck (and so which game), who plays, each player's options, who goes first,
and the rulings the game's definition has a table choose afresh each game (`Setting.at_setup`).

The seats shown follow the chosen game's player range (2-6), and each seat offers the
per-player options its definition declares (new to the game). The last names, deck and
first seat are remembered, so the same group at the same table only taps Start; per-player
options are not (a new player is new once). A ruling chosen here is the one stored in
Settings: Setup shows it as stored and stores the choice a game starts with, so the two
screens never disagree on what a new game plays. The rules engine judges the setup; its
one-line refusal becomes a banner.
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
from companion.definition import Setting
from companion.engine import PlayerSetup
from companion.games import definition
from companion.names import clean_name
from companion.store import StoreError
from companion.table import Table, seat_readers
from companion.words import plural
from ui.app import EXAMPLES
from ui.paths import setup_file_dir
from ui.screens.settings import fill_choices, rules_key
from ui.widgets import controls  # noqa: F401  (FormInput, FormToggle, NoticeBanner)
from ui.widgets.card import fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

SEATS = 6  # the most any game takes; a game shows as many as its definition allows
DEFAULTS_KEY = "setup.defaults"
DEFAULT_NAMES = ["Player 1", "Player 2", "", "", "", ""]
MAKERS = {"map": "map_maker"}  # the screen that makes a set-up file of this name, by touch


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
        f"{s.key.replace('_', ' ')}: {s.label(chosen[s.key])}"
        for s in ruleset.settings
        if chosen[s.key] != s.default and not s.at_setup  # those have their own row
    ]
    return "Rulings: " + ("; ".join(changed) if changed else "the defaults (see Settings)")


def setup_file_choices(game: str, name: str) -> dict[str, Path]:
    """The files a game's `name` (its definition's `setup_files`) may come from, by label:
    the owner's own in the data folder first, then the shipped demo, labelled made up."""
    found = {p.name: p for p in sorted(setup_file_dir(name).glob("*.toml")) if p.is_file()}
    demo = EXAMPLES / f"{game}-demo-{name}.toml"
    if demo.is_file():
        found[f"demo {name} (made up)"] = demo
    return found


def read_setup_file(game: str, name: str, path: Path) -> Any:
    """The loaded file, or ValueError in one line naming the file (not its whole folder)."""
    try:
        return definition(game).setup_files[name](str(path))
    except ValueError as err:
        raise ValueError(str(err).replace(str(path), path.name)) from None


class SetupFileChoice(BoxLayout):
    """A file the chosen game reads at set-up (a map): its name and a list to choose from."""

    key = StringProperty("")
    chosen = StringProperty("")
    labels = ListProperty([])
    maker = StringProperty("")

    def __init__(self, game: str, key: str, **kwargs: object) -> None:
        self.paths = setup_file_choices(game, key)
        super().__init__(key=key, labels=list(self.paths), maker=MAKERS.get(key, ""), **kwargs)
        self.game = game

    def read(self) -> Any:
        """The chosen file's data; ValueError (one line) when there is none or it is bad."""
        if self.chosen not in self.paths:
            raise ValueError(f"Choose a {self.key} file: put yours in {setup_file_dir(self.key)}")
        return read_setup_file(self.game, self.key, self.paths[self.chosen])


def stored_rulings(game: str, stored: object) -> dict[str, Any]:
    """The rulings a new game of `game` would play, from Settings' stored choices; the
    defaults where those no longer resolve (the rulings line says so, and Start refuses)."""
    ruleset = definition(game)
    try:
        return ruleset.resolve(stored if isinstance(stored, dict) else {})
    except ValueError:
        return ruleset.resolve({})


class SetupChoice(BoxLayout):
    """A ruling chosen for this game (`Setting.at_setup`): a toggle per choice, by its label."""

    key = StringProperty("")

    def __init__(self, setting: Setting, chosen: Any, **kwargs: object) -> None:
        super().__init__(key=setting.key, **kwargs)
        self.value = chosen
        fill_choices(self, setting.choices, chosen, setting.label, self.choose)

    def choose(self, value: Any) -> None:
        self.value = value


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
        self.files: list[SetupFileChoice] = []
        self.choices: list[SetupChoice] = []
        # held here, not only by kv's weak ids: a seat the chosen game leaves out of the
        # layout must still be there when a game with more seats is chosen
        self._seats: list[SeatRow] = [self.ids[f"seat{i}"].__self__ for i in range(SEATS)]

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        self.decks = app.decks()
        self.deck_titles = [deck_title(d) for d in self.decks]
        saved: dict[str, Any] = app.store.get_setting(DEFAULTS_KEY, {})
        remembered = [d for d in self.decks if [d.game, d.name] == saved.get("deck")]
        shown = [d for d in self.decks if deck_title(d) == self.deck_title]  # back from Make
        chosen = shown or remembered or self.decks[:1]
        self.deck_title = deck_title(chosen[0]) if chosen else ""
        self.on_deck_title()  # the rulings may have changed in Settings, the deck not
        # cleaned again: an older version remembered the names as typed, controls and all
        names = [clean_name(n) if isinstance(n, str) else "" for n in saved.get("names", [])]
        names = (names + DEFAULT_NAMES[len(names) :])[:SEATS]
        first = saved.get("first", 0)
        for seat, row in enumerate(self.all_seats()):
            row.name, row.option_on, row.first = names[seat], False, seat == first
        if not self.decks:
            self.ids.banner.show("No decks yet: make one in Decks and scan your stickers", "error")

    def on_deck_title(self, *_args: object) -> None:
        deck = self.chosen_deck()
        store = App.get_running_app().store
        self.rulings = (
            rulings_line(deck.game, store.get_setting(rules_key(deck.game))) if deck else ""
        )
        self._show_seats(definition(deck.game) if deck else None)
        self._show_files(deck.game if deck else None)
        self._show_choices(deck.game if deck else None)

    def _show_choices(self, game: str | None) -> None:
        """A row per ruling the game has chosen at Setup (none for most games), at the one
        stored in Settings."""
        settings = definition(game).at_setup() if game else ()
        store = App.get_running_app().store
        chosen = stored_rulings(game, store.get_setting(rules_key(game))) if game else {}
        self.choices = [SetupChoice(s, chosen[s.key]) for s in settings]
        fill(self.ids.choices, self.choices)

    def _show_files(self, game: str | None) -> None:
        """A choice per file the game reads at set-up (none for most games), each at the one
        chosen last time for it, else the owner's first file, else the demo."""
        names = list(definition(game).setup_files) if game else []
        saved = App.get_running_app().store.get_setting(DEFAULTS_KEY, {}).get("files", {})
        self.files = [SetupFileChoice(game, name) for name in names]
        for choice in self.files:
            remembered = saved.get(choice.key)
            choice.chosen = (
                remembered if remembered in choice.paths else next(iter(choice.paths), "")
            )
            choice.bind(chosen=self.check_file)
            self.check_file(choice)
        fill(self.ids.files, self.files)

    def check_file(self, choice: SetupFileChoice, *_args: object) -> None:
        """Say at once when a chosen file cannot be read, not only when Start is tapped."""
        try:
            choice.read()
        except ValueError as err:
            self.ids.banner.show(str(err), "error")
        else:
            self.ids.banner.show("")

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
        return list(self._seats)

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
        stored = app.store.get_setting(rules_key(deck.game), None)
        picked = {choice.key: choice.value for choice in self.choices}
        settings = {**stored, **picked} if isinstance(stored, dict) else picked or stored
        try:
            extra = {choice.key: choice.read() for choice in self.files}
            seats = seat_readers(app.reader_names(), len(players))
            table = Table.start(
                app.store, deck, players, first=first, settings=settings, seats=seats, extra=extra
            )
        except (ValueError, StoreError) as err:
            self.ids.banner.show(str(err), "error")
            return
        in_force = stored_rulings(deck.game, stored)
        if any(in_force[key] != value for key, value in picked.items()):
            app.store.set_setting(rules_key(deck.game), settings)  # Settings shows it from now on
        app.store.set_setting(
            DEFAULTS_KEY,
            {
                "deck": [deck.game, deck.name],
                "names": [clean_name(row.name) for row in self.all_seats()],  # as seated
                "first": next((row.seat for row in self.all_seats() if row.first), 0),
                "files": {choice.key: choice.chosen for choice in self.files},
            },
        )
        app.open_table(table)
