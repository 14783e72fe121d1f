"""Decks screen: enroll stickers by scanning them, edit, import and export deck files.

Scanning is the way in: with a deck open, every scanned tag either names the card it already
is or opens the choice of what it is (one tap for a gold card, three for a cup). A whole copy
goes faster in runs: "Several alike" chooses once what the next cards are, then each scan
enrolls one, with a sound and a count, the last one undoable. The deck logic lives in
ui.deck_editor; this module only maps it to panes and buttons and turns errors into banners.
Only what changed is redrawn (one row, the counts): rebuilding every row took about a second
per card on a full deck.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import Screen

from companion.deck import Component, Deck, DeckError
from companion.games import definition
from companion.store import Store, StoreError
from companion.uids import canonical_uid
from ui import deck_editor as editor
from ui.widgets import controls  # noqa: F401  (rules used by decks.kv)
from ui.widgets.icons import KindIcon  # noqa: F401  (used by decks.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

FAILURES = (DeckError, ValueError, StoreError, OSError)


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


class ChoiceButton(ButtonBehavior, BoxLayout):
    """One answer in enrollment: a kind or pattern (with its icon) or an ingot value."""

    value = ObjectProperty(None)
    caption = StringProperty("")
    kind = StringProperty("")  # empty: no icon (ingot buttons)
    pattern = StringProperty("", allownone=True)


class DecksScreen(Screen):
    store = ObjectProperty(None, allownone=True)  # None: the running app's store
    deck = ObjectProperty(None, allownone=True)
    enrollment = ObjectProperty(None, allownone=True)
    pane = OptionProperty("list", options=["list", "deck", "enroll", "known"])
    question = StringProperty("")
    known_uid = StringProperty("")
    pending_uid = StringProperty("")  # a tag to enroll once a deck is chosen
    table_uid = StringProperty("")  # a tag the running game refused as unknown
    confirm_export = StringProperty("")  # a file Export was tapped for once: it exists
    run = ObjectProperty(None, allownone=True)  # several cards alike (editor.Run)
    run_text = StringProperty("")  # "wave cup (2 ingots): 3 so far. Scan the next"
    run_ready = BooleanProperty(False)  # choosing a run's cards, and the kind is chosen
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
        try:
            deck = editor.create_deck(self.the_store, game, name)
        except FAILURES as err:
            self.say(str(err), "error")
            return
        self.open_deck(deck)

    def import_deck(self, path: str) -> None:
        try:
            deck = editor.import_deck(self.the_store, path)
        except FAILURES as err:
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
        except FAILURES as err:
            self.confirm_export = ""
            self.say(str(err), "error")
            return
        self.say(f"Exported {len(self.deck)} cards to {written}")

    def delete_deck(self) -> None:
        """Called by the second tap of its ConfirmButton."""
        try:
            editor.delete_deck(self.the_store, self.deck)
        except FAILURES as err:
            self.say(str(err), "error")
            return
        self.say(f"Deleted deck {self.deck.name!r}")
        self.close_deck()

    def delete_component(self, uid: str) -> None:
        component = self.deck.get(uid)
        try:
            editor.remove_component(self.the_store, self.deck, uid)
        except FAILURES as err:
            self.say(str(err), "error")
            return
        self.pane = "deck"
        self._changed(uid)
        if component is not None:
            self.say(f"Removed the {component.label} (tag {uid})")

    # -- enrolling one sticker ---------------------------------------------------------
    def edit(self, uid: str) -> None:
        """Describe an enrolled card again, from its kind (a run's choice does not apply)."""
        self.enrollment = editor.Enrollment(self.deck, uid)
        self.pane = "enroll"
        self._fill_choices()

    def _ask(self, uid: str) -> None:
        self.enrollment = (
            self.run.enrollment(uid) if self.run is not None else editor.Enrollment(self.deck, uid)
        )
        if self.enrollment.step == "done":  # the run says it all: no tap
            self._save(self.enrollment)
            return
        self.pane = "enroll"
        self._fill_choices()

    # -- runs of cards alike -----------------------------------------------------------
    def several_alike(self) -> None:
        """Choose once what the next cards are; `start_run` then enrolls each scan as one."""
        self.end_run()
        self.enrollment = editor.Enrollment(self.deck, "")
        self.pane = "enroll"
        self._fill_choices()

    def start_run(self) -> None:
        """Begin the run on what is chosen so far (at least the kind)."""
        enrollment = self.enrollment
        if enrollment is None or "kind" not in enrollment.choice:
            return
        self.run = editor.Run(self.deck, dict(enrollment.choice))
        self.enrollment = None
        self.pane = "deck"
        self._count()
        self.say(f"Scan each {self.run.label}, one after another")

    def undo_last(self) -> None:
        """Take the run's last card back out of the deck (a wrong card scanned)."""
        if self.run is None:
            return
        try:
            uid = self.run.take_back(self.the_store)
        except FAILURES as err:
            self.say(str(err), "error")
            return
        if uid is not None:
            self._changed(uid)
            self.say(f"Taken back: tag {uid}")

    def end_run(self) -> None:
        self.run = None
        self.run_text = ""

    def _feedback(self, how: str) -> None:
        """The app's own sound and light (hardware.feedback), as for a scan in a game."""
        feedback = getattr(App.get_running_app(), "feedback", None)
        if feedback is not None:
            getattr(feedback, how)()

    def _show_known(self, component: Component) -> None:
        self.known_uid = component.uid
        self.ids.known_icon.kind = component.kind
        self.ids.known_icon.pattern = component.get("pattern") or ""
        self.question = f"Already enrolled: this is the {definition(self.deck.game).describe(component)}. Tag {component.uid}."
        self.pane = "known"

    def choose(self, value: object) -> None:
        enrollment = self.enrollment
        if enrollment is None:
            return
        if enrollment.choose(value) != "done":
            self._fill_choices()
            return
        if not enrollment.uid:  # choosing what a run's cards are
            self.start_run()
            return
        self._save(enrollment)

    def _save(self, enrollment: editor.Enrollment) -> None:
        """Enroll (or re-describe) the sticker as chosen; a new one counts in the run."""
        new = self.deck.get(enrollment.uid) is None
        try:
            component = editor.put_component(
                self.the_store, self.deck, enrollment.uid, enrollment.choice
            )
        except FAILURES as err:
            self.say(str(err), "error")
            if self.pane == "enroll":
                enrollment.back()
                self._fill_choices()
            else:
                self.enrollment = None
            return
        self.enrollment = None
        self.pane = "deck"
        if self.run is not None and new:
            self.run.enrolled.append(component.uid)
        self._changed(component.uid)
        self._feedback("accepted")
        app = App.get_running_app()
        written = app.records.write(component, self.deck) if app is not None else ""
        self.say(
            f"Saved: the {definition(self.deck.game).describe(component)}.{written}"
            " Scan the next one."
        )
        if self.table_uid == component.uid and app.table.game == self.deck.game:
            app.join_game(component)

    def cancel(self) -> None:
        """Back to the deck as it is (the enrollment or the card shown is dropped)."""
        self.enrollment = None
        self.pane = "deck"

    def back(self) -> None:
        if self.enrollment is None or not self.enrollment.choice:
            self.enrollment = None
            self.pane = "deck"
            return
        self.enrollment.back()
        self._fill_choices()

    def _fill_choices(self) -> None:
        enrollment = self.enrollment
        step = enrollment.step
        box = self.ids.choices
        box.clear_widgets()
        kind = str(enrollment.choice.get("kind", ""))
        name = kind.replace("-", " ")
        self.run_ready = not enrollment.uid and bool(kind)
        if step == "kind":
            self.question = (
                f"New tag {enrollment.uid}: what is it?"
                if enrollment.uid
                else "Several cards alike: what are they? (then scan them one after another)"
            )
            buttons = [
                ChoiceButton(value=k, caption=k.replace("-", " "), kind=k) for k in enrollment.kinds
            ]
        elif combos := enrollment.combos():
            self.question = f"This {name}: which pattern and value?"
            buttons = [self._combo_button(kind, combo) for combo in combos]
        else:
            attribute = enrollment.attribute
            assert attribute is not None
            self.question = f"The {name}: {attribute.question[0].lower()}{attribute.question[1:]}"
            buttons = [
                ChoiceButton(
                    value=v,
                    caption=attribute.describe(v),
                    kind=kind if attribute.word else "",
                    pattern=str(v) if attribute.word else "",
                )
                for v in enrollment.values()
            ]
        box.cols = 4 if len(buttons) in (12, 16) else 5
        for button in buttons:
            button.bind(on_release=lambda b: self.choose(b.value))
            box.add_widget(button)

    def _combo_button(self, kind: str, combo: dict[str, object]) -> ChoiceButton:
        """One answer to every question left: its icon shows the pattern, if one is chosen."""
        game_kind = definition(self.deck.game).kind(kind)
        assert game_kind is not None
        words = {a.name: a.describe(combo[a.name]) for a in game_kind.attributes if a.name in combo}
        word = next((a.name for a in game_kind.attributes if a.word and a.name in combo), "")
        pattern = str(combo[word]) if word else ""
        return ChoiceButton(
            value=combo, caption=", ".join(words.values()), kind=kind, pattern=pattern
        )
