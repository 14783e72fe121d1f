"""Enrolling on the Decks screen: the questions one sticker is asked (what it is, from the
kind on), runs of several cards alike, and the card shown when a scanned tag is known.

A mixin of DecksScreen, which owns the deck, its rows and counts (`_changed`, `_count`), the
banner (`say`), the store and the panes; this holds what an enrollment asks and saves.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.component import Component
from companion.games import definition
from ui import deck_editor as editor


class ChoiceButton(ButtonBehavior, BoxLayout):
    """One answer in enrollment: a kind or pattern (with its icon) or an ingot value."""

    value = ObjectProperty(None)
    caption = StringProperty("")
    kind = StringProperty("")  # empty: no icon (ingot buttons)
    pattern = StringProperty("", allownone=True)


class Enrolling:
    """What an enrollment asks and saves (DecksScreen: Enrolling, Screen)."""

    enrollment = ObjectProperty(None, allownone=True)
    question = StringProperty("")
    known_uid = StringProperty("")
    run = ObjectProperty(None, allownone=True)  # several cards alike (editor.Run)
    run_text = StringProperty("")  # "wave cup (2 ingots): 3 so far. Scan the next"
    run_ready = BooleanProperty(False)  # choosing a run's cards, and the kind is chosen

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
        except editor.FAILURES as err:
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
                self.the_store,
                self.deck,
                enrollment.uid,
                enrollment.choice,
                self._game_check(enrollment.uid) if new else None,
            )
        except editor.FAILURES as err:
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

    def _game_check(self, uid: str) -> Callable[[Component], object] | None:
        """The running game's check (Table.admit) for a new sticker that joins it (the one
        its table refused as unknown) or its deck: what the game refuses is refused before
        the deck is saved, as a sticker's own record is (ui.records)."""
        table = getattr(App.get_running_app(), "table", None)
        if table is None or table.finished or table.game != self.deck.game:
            return None
        return table.admit if uid == self.table_uid or self.deck.name == table.deck_name else None

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
