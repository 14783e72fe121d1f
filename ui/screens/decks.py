"""Decks screen: enroll stickers by scanning them, edit, import and export deck files.

Scanning is the way in: with a deck open, every scanned tag either names the card it already
is or opens the choice of what it is (one tap for a gold card, three for a cup). A whole copy
goes faster in runs: "Several alike" chooses once what the next cards are, then each scan
enrolls one, with a sound and a count, the last one undoable. The deck logic lives in
ui.deck_editor; this module maps the deck list and one deck to panes and buttons and turns
errors into banners, and ui.screens.enrolling the questions a sticker is asked.
Only what changed is redrawn (one row, the counts): rebuilding every row took about a second
per card on a full deck.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import ObjectProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import Screen

from companion.deck import Component, Deck
from companion.games import definition
from companion.store import Store, StoreError
from companion.uids import canonical_uid
from ui import deck_editor as editor
from ui.screens.enrolling import Enrolling
from ui.widgets import controls  # noqa: F401  (rules used by decks.kv)
from ui.widgets.icons import KindIcon  # noqa: F401  (used by decks.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class DeckRow(BoxLayout):
    deck = ObjectProperty(None)
    screen = ObjectProperty(None)
    title = StringProperty("")
    summary = StringProperty("")


class ComponentRow(BoxLayout):
    component = ObjectProperty(None)
    screen = ObjectProperty(None)
    text = StringProperty("")  # "wave cup (2 ingots)"


class Pane(BoxLayout):
    name = StringProperty("")


class Panes(FloatLayout):
    """Shows exactly one pane, swapped within the frame. A ScreenManager, even with
    NoTransition, keeps the old screen drawn for a frame: the ingots question was once seen
    over the deck editor."""

    current = StringProperty("list")

    def on_kv_post(self, *_args: object) -> None:
        self.panes = {child.name: child for child in self.children}
        self._show()

    def on_current(self, *_args: object) -> None:
        if hasattr(self, "panes"):
            self._show()

    def _show(self) -> None:
        self.clear_widgets()
        self.add_widget(self.panes[self.current])


class ProgressChip(BoxLayout):
    kind = StringProperty("")
    text = StringProperty("")


class DecksScreen(Enrolling, Screen):
    store = ObjectProperty(None, allownone=True)  # None: the running app's store
    deck = ObjectProperty(None, allownone=True)
    pane = OptionProperty("list", options=["list", "deck", "enroll", "known"])
    pending_uid = StringProperty("")  # a tag to enroll once a deck is chosen
    table_uid = StringProperty("")  # a tag the running game refused as unknown
    confirm_export = StringProperty("")  # a file Export was tapped for once: it exists
    _built: tuple[str, str, list[Component]] | None = None  # what the rows show

    # -- wiring ------------------------------------------------------------------------
    @property
    def the_store(self) -> Store:
        return self.store if self.store is not None else App.get_running_app().store

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_leave(self, *_args: object) -> None:
        self.table_uid = ""

    def on_pane(self, _screen: DecksScreen, pane: str) -> None:
        self.ids.panes.current = pane

    def say(self, message: str, kind: str = "info") -> None:
        self.ids.banner.show(message, kind)

    def refresh(self) -> None:
        """Redraw whatever pane is showing from the store's current contents."""
        if self.pane == "list":
            self._fill_deck_list()
        elif self.pane == "deck":
            self._fill_deck()

    # -- scanning ----------------------------------------------------------------------
    def on_tag(self, uid: str) -> None:
        """A tag was scanned while this screen shows (called by the app on the UI thread)."""
        try:
            uid = canonical_uid(uid)
        except ValueError as err:
            self.say(str(err), "error")
            return
        self.ids.banner.message = ""  # a new scan makes the last message stale
        if self.deck is None:
            self._locate(uid)
            return
        component = self.deck.get(uid)
        app = App.get_running_app()
        written = (
            app.records.write_unwritten(uid) if app is not None and component is not None else ""
        )
        if written:  # its record could not be written when it was enrolled: now it is
            self.say(f"The {definition(self.deck.game).describe(component)}: {written}")
        elif component is not None and self.run is not None:
            self._feedback("refused")  # a run goes on: say it, stay on the deck
            self.say(f"Already enrolled: the {definition(self.deck.game).describe(component)}")
        elif component is None:
            self._ask(uid)
        else:
            self._show_known(component)

    def enroll(self, uid: str) -> None:
        """Open enrollment for `uid`, in the deck of the game being played if there is one;
        once described, a sticker the running game refused joins that game."""
        table = getattr(App.get_running_app(), "table", None)
        try:
            self.table_uid = canonical_uid(uid) if table is not None and not table.finished else ""
        except ValueError:
            self.table_uid = ""  # on_tag below says what is wrong with it
        deck = self._deck_in_play() or self.deck or self._only_deck()
        if deck is None:
            self.close_deck()
            self.pending_uid = uid
            self.say(f"Choose the deck for tag {uid}, or create one")
            return
        self.open_deck(deck)
        self.on_tag(uid)

    def _deck_in_play(self) -> Deck | None:
        table = getattr(App.get_running_app(), "table", None)
        if table is None:
            return None
        decks, _ = editor.stored_decks(self.the_store)
        return next((d for d in decks if (d.game, d.name) == (table.game, table.deck_name)), None)

    def _only_deck(self) -> Deck | None:
        decks, _ = editor.stored_decks(self.the_store)
        return decks[0] if len(decks) == 1 else None

    def _locate(self, uid: str) -> None:
        decks, _ = editor.stored_decks(self.the_store)
        found = [f"the {d.get(uid).label} in {d.name!r}" for d in decks if d.get(uid)]
        if found:
            self.say(f"Tag {uid} is {'; '.join(found)}. Open a deck to edit it.")
        else:
            self.pending_uid = uid
            self.say(f"Tag {uid} is new: open or create a deck to enroll it")

    # -- the deck list -----------------------------------------------------------------
    def _fill_deck_list(self) -> None:
        box = self.ids.deck_list
        box.clear_widgets()
        try:
            decks, problems = editor.stored_decks(self.the_store)
        except StoreError as err:
            self.say(str(err), "error")
            return
        for deck in decks:
            title = f"{deck.name} ({definition(deck.game).title})"
            box.add_widget(
                DeckRow(deck=deck, screen=self, title=title, summary=editor.summary(deck))
            )
        if problems:
            self.say(problems[0], "error")

    def create_deck(self, game: str, name: str) -> None:
        """A new deck of `game` (the picker's title, or the game's name) called `name`."""
        try:
            deck = editor.create_deck(self.the_store, editor.game_named(game), name)
        except editor.FAILURES as err:
            self.say(str(err), "error")
            return
        self.open_deck(deck)

    def import_deck(self, path: str) -> None:
        try:
            deck = editor.import_deck(self.the_store, path)
        except editor.FAILURES as err:
            self.say(str(err), "error")
            return
        self.refresh()
        self.say(f"Imported {deck.name!r}: {editor.summary(deck)}")

    def open_deck(self, deck: Deck) -> None:
        self.deck = deck
        self.pane = "deck"
        self._fill_deck()
        if self.pending_uid:
            uid, self.pending_uid = self.pending_uid, ""
            self.on_tag(uid)

    def close_deck(self) -> None:
        self.end_run()
        self.deck = None
        self.enrollment = None
        self.pane = "list"
        self._fill_deck_list()

    # -- one deck ----------------------------------------------------------------------
    def _fill_deck(self) -> None:
        """Build the opened deck's rows and counts, unless they already show exactly this
        deck (coming back to the screen, "Enroll now" from the table): 46 rows take ~1 s."""
        shown = sorted(self.deck, key=self._order)
        if self._built == (self.deck.game, self.deck.name, shown):
            self._count()
            return
        self._built = (self.deck.game, self.deck.name, shown)
        rows = self.ids.components
        rows.clear_widgets()
        self._rows: dict[str, ComponentRow] = {}
        for component in sorted(self.deck, key=self._order):
            self._rows[component.uid] = row = self._row(component)
            rows.add_widget(row)
        self._count()

    def _order(self, component: Component) -> tuple[str, str, str]:
        return (component.kind, component.label, component.uid)

    def _row(self, component: Component) -> ComponentRow:
        text = definition(self.deck.game).describe(component)
        return ComponentRow(component=component, screen=self, text=text)

    def _count(self) -> None:
        chips = self.ids.progress
        chips.clear_widgets()
        for item in editor.progress(self.deck):
            chips.add_widget(ProgressChip(kind=item.kind, text=item.text))
        if self.run is not None:
            n = len(self.run.enrolled)
            self.run_text = f"{self.run.label}: {n} so far. Scan the next"

    def _changed(self, uid: str) -> None:
        """Redraw one card's row (added, edited or removed) and the counts, nothing else."""
        rows, old = self.ids.components, self._rows.pop(uid, None)
        if old is not None:
            rows.remove_widget(old)
        component = self.deck.get(uid)
        if component is not None:
            self._rows[uid] = row = self._row(component)
            after = [c for c in sorted(self.deck, key=self._order) if c.uid != uid]
            before = sum(1 for c in after if self._order(c) < self._order(component))
            # GridLayout lays children out last-first: index counts from the end
            rows.add_widget(row, index=len(rows.children) - before)
        self._built = (self.deck.game, self.deck.name, sorted(self.deck, key=self._order))
        self._count()

    def export_deck(self, path: str) -> None:
        """Write the deck file; over an existing file only on a second tap for that file."""
        try:
            target = editor.export_target(self.deck, path)
            replace = target.exists()
            if replace and self.confirm_export != str(target):
                self.confirm_export = str(target)
                self.say(f"{target} exists: tap Export again to replace it", "error")
                return
            self.confirm_export = ""
            written = editor.export_deck(self.deck, target, replace=replace)
        except editor.FAILURES as err:
            self.confirm_export = ""
            self.say(str(err), "error")
            return
        self.say(f"Exported {len(self.deck)} cards to {written}")

    def delete_deck(self) -> None:
        """Called by the second tap of its ConfirmButton."""
        try:
            editor.delete_deck(self.the_store, self.deck)
        except editor.FAILURES as err:
            self.say(str(err), "error")
            return
        self.say(f"Deleted deck {self.deck.name!r}")
        self.close_deck()

    def delete_component(self, uid: str) -> None:
        component = self.deck.get(uid)
        try:
            editor.remove_component(self.the_store, self.deck, uid)
        except editor.FAILURES as err:
            self.say(str(err), "error")
            return
        self.pane = "deck"
        self._changed(uid)
        if component is not None:
            self.say(f"Removed the {component.label} (tag {uid})")
