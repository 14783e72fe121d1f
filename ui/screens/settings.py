"""Settings screen: readers (with a live reader test), feedback, speech, and the rulings that
are settings.

Everything is stored in the app's store so the choices survive restarts and travel with the
database. The reader test opens its own readers and hub, independent of the app's, and closes
them when the screen is left so no SPI device or serial port stays held.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import kivy
from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion import games
from companion.definition import GameDefinition
from companion.rescan import CHOICES as RESCAN_CHOICES
from companion.rescan import DEFAULT_WINDOW
from companion.store import Store, StoreError
from hardware.diagnose import describe
from hardware.factory import ENV_VAR, reader_spec
from hardware.hub import ReaderHub
from hardware.sim.reader import DEMO_UID
from hardware.speaker import VOLUMES, speech_trouble
from hardware.urls import ReaderUrl, parse_reader_spec
from ui import keyboard
from ui.app import READERS_KEY, RESCAN_KEY
from ui.keyboard import CHOICES as KEYBOARD_CHOICES
from ui.keyboard import DEFAULT as KEYBOARD_DEFAULT
from ui.keyboard import KEYBOARD_KEY
from ui.reader_words import ReaderTrouble, chip_words, open_named, status_words
from ui.records import RECORDS_CHOICES, RECORDS_KEY
from ui.theme import THEME
from ui.touch import DEFAULT as TOUCH_DEFAULT
from ui.touch import WORDS as TOUCH_WORDS
from ui.voice import SPEECH_KEY, VOLUME_KEY, stored_volume
from ui.widgets import controls  # noqa: F401  (rules used by settings.kv)
from ui.widgets.resume import ResumeSetting  # noqa: F401  (settings.kv: its row)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

LOG_LINES = 8
VIRTUAL_TAG_S = 0.5  # how long "Place a virtual tag" leaves the tag on the simulated reader


def rules_key(game: str) -> str:
    return f"rules.{game}"


def rescan_label(seconds: float) -> str:
    return "off" if not seconds else f"{seconds:g} s"


RECORDS_WORDS = {"ask": "offer to add it", "add": "add it at once"}


def fill_choices(
    box: Widget,
    choices: Sequence[Any],
    chosen: Any,
    label: Callable[[Any], str],
    choose: Callable[[Any], None],
) -> None:
    """One toggle per choice in `box`, the chosen one down; a tap calls `choose(value)`."""
    box.clear_widgets()
    group = f"choices-{id(box)}"
    for value in choices:
        toggle = Factory.FormToggle(
            label=label(value),
            group=group,
            state="down" if value == chosen else "normal",
            allow_no_selection=False,
        )
        toggle.bind(on_release=lambda _toggle, v=value: choose(v))
        box.add_widget(toggle)


def volume_label(volume: int) -> str:
    return f"{volume}%"


def speech_missing(trouble: str) -> str:
    """Settings' one line when nothing could be heard (espeak-ng or an audio device
    missing); "" when speech can be heard. The setting stays usable either way."""
    return (
        f"Nothing can be heard here: {trouble}. The setting is kept for when it can."
        if trouble
        else ""
    )


def spec_from_text(text: str) -> str:
    """One reader per line (or comma-separated) -> the one-line spec open_readers takes."""
    parts = [p.strip() for line in text.splitlines() for p in line.split(",")]
    return ",".join(p for p in parts if p)


class RulingRow(BoxLayout):
    """One ruling: its question and one toggle per accepted answer."""

    screen = ObjectProperty(None)
    game = StringProperty("")
    key = StringProperty("")
    help = StringProperty("")


class SettingsScreen(Screen):
    store = ObjectProperty(None, allownone=True)  # None: the running app's store
    readers_text = StringProperty("")
    feedback_on = BooleanProperty(True)
    testing = BooleanProperty(False)
    test_log = StringProperty("")
    test_status = StringProperty("")
    chip = StringProperty("")
    config_note = StringProperty("")
    readers_note = StringProperty("")  # which reader list is in force, and why
    feedback_found = StringProperty("")  # what the LED and sound setting can drive here
    speech_on = BooleanProperty(False)
    speech_found = StringProperty("")  # why nothing could be heard here ("" when it can)
    can_place = BooleanProperty(False)  # a reader under test takes virtual tags (sim://)
    rescan_window = NumericProperty(DEFAULT_WINDOW)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._hub: ReaderHub | None = None
        self._urls: dict[str, ReaderUrl] = {}  # reader name -> its URL, for its words
        self._drain = Clock.schedule_interval(self._drain_test, 0.05)
        self._drain.cancel()

    @property
    def the_store(self) -> Store:
        return self.store if self.store is not None else App.get_running_app().store

    def say(self, message: str, kind: str = "info") -> None:
        self.ids.banner.show(message, kind)

    # -- showing -----------------------------------------------------------------------
    def on_pre_enter(self, *_args: object) -> None:
        self.load()

    def on_leave(self, *_args: object) -> None:
        self.stop_test()

    def load(self) -> None:
        store = self.the_store
        saved = store.get_setting(READERS_KEY)
        self.readers_text = "\n".join(spec_from_text(saved or self._in_force()[0]).split(","))
        self._note_readers()
        self.feedback_on = bool(store.get_setting("feedback", True))
        self.feedback_found = getattr(App.get_running_app(), "feedback_found", "")
        self._load_speech(store)
        window = store.get_setting(RESCAN_KEY, DEFAULT_WINDOW)
        self.rescan_window = window if window in RESCAN_CHOICES else DEFAULT_WINDOW
        fill_choices(
            self.ids.rescan, RESCAN_CHOICES, self.rescan_window, rescan_label, self.set_rescan
        )
        chosen = store.get_setting(KEYBOARD_KEY, KEYBOARD_DEFAULT)
        fill_choices(self.ids.keyboard, KEYBOARD_CHOICES, chosen, str, self.set_keyboard)
        chosen = store.get_setting(RECORDS_KEY, "ask")
        fill_choices(self.ids.records, RECORDS_CHOICES, chosen, RECORDS_WORDS.get, self.set_records)
        touch_in_use = getattr(App.get_running_app(), "touch", TOUCH_DEFAULT)
        self.config_note = (
            f"{TOUCH_WORDS[touch_in_use]} Kivy's own settings are in {kivy.kivy_config_fn}:"
            " the app's data folder, not ~/.kivy (docs/ui.md, touch input)."
        )
        self._fill_rulings()
        self.ids.resume.load(store, self.say)

    def _load_speech(self, store: Store) -> None:
        self.speech_on = bool(store.get_setting(SPEECH_KEY, False))
        self.speech_found = speech_missing(self._speech_trouble())
        volume = stored_volume(store.get_setting(VOLUME_KEY))
        fill_choices(self.ids.speech_volume, VOLUMES, volume, volume_label, self.set_volume)

    def _speech_trouble(self) -> str:
        """The app looked once at start-up; a screen with no app (tests) looks now."""
        trouble = getattr(App.get_running_app(), "speech_trouble", None)
        return speech_trouble() if trouble is None else trouble

    def _in_force(self) -> tuple[str, str]:
        app = App.get_running_app()
        saved = self.the_store.get_setting(READERS_KEY)
        return reader_spec(getattr(app, "reader_spec", None), saved)

    def _note_readers(self) -> None:
        spec, source = self._in_force()
        why = {
            "saved": "the list saved here",
            "default": "nothing saved here yet",
            "--reader": "given when the app was started, which overrides the list saved here",
            ENV_VAR: "given by the app's start-up settings, which override the list saved here",
        }[source]
        self.readers_note = f"In use: {spec} ({why})"

    def _fill_rulings(self) -> None:
        box = self.ids.rulings
        box.clear_widgets()
        for ruleset in games.playable():
            chosen = self._rulings(ruleset)
            box.add_widget(Factory.FormLabel(text=ruleset.title, bold=True, color=THEME.accent))
            for setting in ruleset.settings:
                row = RulingRow(screen=self, game=ruleset.name, key=setting.key, help=setting.help)
                fill_choices(
                    row.ids.choices,
                    setting.choices,
                    chosen[setting.key],
                    setting.label,
                    self._on_ruling(ruleset.name, setting.key),
                )
                box.add_widget(row)

    def _rulings(self, ruleset: GameDefinition) -> dict[str, object]:
        """The stored choices in force; a stale or hand-edited value falls back to defaults."""
        stored = self.the_store.get_setting(rules_key(ruleset.name), {}) or {}
        try:
            return ruleset.resolve(stored)
        except ValueError as err:
            self.say(f"{err}; showing the defaults", "error")
            return ruleset.resolve({})

    def _on_ruling(self, game: str, key: str) -> Callable[[Any], None]:
        return lambda value: self.set_ruling(game, key, value)

    # -- saving ------------------------------------------------------------------------
    def set_ruling(self, game: str, key: str, value: object) -> None:
        ruleset = games.definition(game)
        chosen = {**self._rulings(ruleset), key: value}
        try:
            ruleset.resolve(chosen)
            self.the_store.set_setting(rules_key(game), chosen)
        except (ValueError, StoreError) as err:
            self.say(str(err), "error")
            return
        self.say(f"{ruleset.title}: {key.replace('_', ' ')} = {value} (applies to new games)")

    def _saved(self, key: str, value: object) -> bool:
        """Store one setting; a store that cannot write is said in the banner."""
        try:
            self.the_store.set_setting(key, value)
        except StoreError as err:
            self.say(str(err), "error")
            return False
        return True

    def set_rescan(self, seconds: float) -> None:
        """Store the rescan guard's window and apply it to the running table at once."""
        if not self._saved(RESCAN_KEY, seconds):
            return
        self.rescan_window = seconds
        app = App.get_running_app()
        if hasattr(app, "session"):
            app.session.rescan.window = seconds
        self.say(f"A card placed again is ignored for: {rescan_label(seconds)} (applies now)")

    def set_records(self, choice: str) -> None:
        """What an unknown sticker that carries its identity does at the table."""
        if self._saved(RECORDS_KEY, choice):
            self.say(f"A sticker that says what it is: {RECORDS_WORDS[choice]}")

    def set_keyboard(self, choice: str) -> None:
        """Store the on-screen keyboard's setting; the next field touched follows it."""
        if not self._saved(KEYBOARD_KEY, choice):
            return
        mode = keyboard.apply(choice)
        shown = "shown" if mode != "system" else "not shown"
        self.say(f"On-screen keyboard: {choice} (a field touched now: keyboard {shown})")

    def set_feedback(self, on: bool) -> None:
        if not self._saved("feedback", on):
            return
        self.feedback_on = on
        self.say(f"LED and sound {'on' if on else 'off'} (applies when the app next starts)")

    def set_speech(self, on: bool) -> None:
        if not self._saved(SPEECH_KEY, on):
            return
        self.speech_on = on
        self._apply_speech()
        heard = "" if not on or not self.speech_found else ", but nothing can be heard here"
        self.say(f"Speaking aloud {'on' if on else 'off'}{heard} (applies now)")

    def set_volume(self, volume: int) -> None:
        if self._saved(VOLUME_KEY, volume):
            self._apply_speech()
            self.say(f"Speaking volume: {volume_label(volume)} (applies from the next sentence)")

    def _apply_speech(self) -> None:
        """The running app's voice takes the setting at once (no restart)."""
        voice = getattr(App.get_running_app(), "voice", None)
        if voice is not None:
            volume = stored_volume(self.the_store.get_setting(VOLUME_KEY))
            voice.use(self.speech_on, volume, self._speech_trouble())

    def save_readers(self, text: str) -> bool:
        spec = spec_from_text(text)
        try:
            parse_reader_spec(spec)
            self.the_store.set_setting(READERS_KEY, spec)
        except (ValueError, StoreError) as err:
            self.say(str(err), "error")
            return False
        self.readers_text = "\n".join(spec.split(","))
        self._note_readers()
        app = App.get_running_app()
        if self._in_force()[1] != "saved" or not hasattr(app, "open_readers"):
            self.say(f"Readers saved: {spec}. {self.readers_note}")
        elif app.open_readers():
            self.say(f"Readers saved and re-opened: {spec}")
        else:
            self.say(f"Readers saved, but they did not open: {app.reader_advice}", "error")
        return True

    # -- reader test -------------------------------------------------------------------
    def toggle_test(self, text: str) -> None:
        if self.testing:
            self.stop_test()
        else:
            self.start_test(text)

    def start_test(self, text: str) -> None:
        self.stop_test()
        spec = spec_from_text(text)
        try:
            readers = open_named(spec)
        except ReaderTrouble as trouble:  # a reader that cannot open is advice, never a crash
            self.say(f"Reader {trouble}", "error")
            return
        self.test_log = "Place a tag on the reader..."
        self._urls = {url.name: url for url in parse_reader_spec(spec)}
        self.can_place = any(reader.can_place for reader in readers)
        self._hub = ReaderHub(readers)
        self._hub.start()
        self.testing = True
        self._drain_test(0)
        self._drain()

    def stop_test(self) -> None:
        self._drain.cancel()
        hub, self._hub = self._hub, None
        if hub is not None:
            hub.stop()
        self.testing = False
        self.can_place = False

    def place_virtual_tag(self) -> None:
        """sim:// has no tag to hold over it: lay a virtual one on it for a moment."""
        hub = self._hub
        for reader in hub.readers if hub is not None else ():
            if reader.can_place:
                reader.place(DEMO_UID)
                Clock.schedule_once(lambda _dt, r=reader: r.remove(DEMO_UID), VIRTUAL_TAG_S)

    def _drain_test(self, _dt: float) -> None:
        hub = self._hub
        if hub is None:
            return
        # Described on every drain: a chip's version is known only once it has been polled.
        self.chip = "\n".join(chip_words(f"{r.name}: {describe(r)}") for r in hub.readers)
        lines = self.test_log.splitlines()
        while not hub.queue.empty():
            event = hub.queue.get_nowait()
            lines.append(f"{event.reader}: {event.kind} {event.uid}")
        self.test_log = "\n".join(lines[-LOG_LINES:])
        self.test_status = ", ".join(
            f"{name}: ok" if state == "ok" else status_words(self._urls.get(name), name, state)
            for name, state in hub.status.items()
        )
