"""The composition root: the store, the readers, feedback, the session and the screens.

Readers run on their own threads (ReaderHub); their events are drained here on the Kivy
clock every frame, so a scan reaches the table on the UI thread within one frame and the
UI thread never waits on a reader. Nothing here knows a rule of any game.
"""

from __future__ import annotations

import gc
import importlib
import os
import queue
import sys
from collections.abc import Callable

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock, ClockEvent
from kivy.logger import Logger
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen, ScreenManager

from companion.again import start_again
from companion.deck import Component, Deck, DeckError, load_deck, parse_deck
from companion.inputs import IllegalInput
from companion.paths import READERS_KEY as READERS_KEY  # Settings saves the readers under it
from companion.paths import SAVE_FILE, examples_dir
from companion.rescan import CHOICES as RESCAN_CHOICES
from companion.rescan import DEFAULT_WINDOW
from companion.store import DamagedStore, Store, StoreError
from companion.table import Table
from hardware.events import TagEvent
from hardware.factory import reader_spec
from hardware.feedback import Feedback, GpioFeedback, NullFeedback, make_feedback
from hardware.hub import ReaderHub, one_line
from hardware.speaker import speech_trouble
from hardware.urls import ReaderUrl, parse_reader_spec
from ui import keyboard, touch
from ui.logs import keep_no_frames, skip_kv_traces
from ui.offscreen import wait_for_frame
from ui.paths import data_dir
from ui.quiet import QuietCollector
from ui.reader_words import ReaderTrouble, open_named, plain, status_words
from ui.records import StickerRecords
from ui.session import Session
from ui.startup import resume_at_start, running_game
from ui.theme import THEME
from ui.voice import SPEECH_KEY, VOLUME_KEY, TableVoice, stored_volume
from ui.widgets import controls  # noqa: F401  (FormButton and friends, used by every .kv)
from ui.widgets.card import CardShelf
from ui.widgets.text import drop_unread_pixels

EXAMPLES = examples_dir()  # the clone's examples/, or an install's copy
SCREENS = {  # built on first visit (Screens.get_screen): a screen never opened costs nothing
    "home": "ui.screens.home:HomeScreen",
    "setup": "ui.screens.setup:SetupScreen",
    "table": "ui.screens.table:TableScreen",
    "scores": "ui.screens.scores:ScoresScreen",
    "history": "ui.screens.history:HistoryScreen",
    "decks": "ui.screens.decks:DecksScreen",
    "settings": "ui.screens.settings:SettingsScreen",
    "map_maker": "ui.screens.map_maker:MapMakerScreen",
}
STATUS_INTERVAL_S = 0.5
QUIET_TICK_S = 0.5  # how often the app asks whether the table has gone quiet
AHEAD_STEPS = 4  # steps of TableScreen.prepare a quiet tick: a look each, ~5-10 ms on a Pi 4
RESCAN_KEY = "rescan_window"  # seconds a card placed again after its own scan is ignored


def scan_waker(callback: Callable[..., object]) -> ClockEvent:
    """A trigger the readers' threads pull for each tag event.

    Kivy's default clock sleeps out each frame's slot (up to 17 ms at 60 frames a second)
    with a scan waiting. On its `free_all` clock (chosen in ui/__init__.py) a *free* trigger
    ends that sleep, so the scan is handled and drawn at once; that clock wakes for free
    events only, so Kivy's animations (due every frame) and their dead events after their
    widget has gone cannot keep it from sleeping, as they do the `interrupt` clock. If Kivy
    was imported before `ui` its clock is the default one: the trigger then runs at the next
    frame.
    """
    make = getattr(Clock, "create_trigger_free", Clock.create_trigger)
    return make(callback)


class Screens(ScreenManager):
    """The app's screens, each built the first time it is asked for: at start only Home
    exists, so start-up is quicker and a screen players never open holds no memory.

    companion.kv drops ScreenManager's clipping stencil (screens never slide) and the
    background is the window's clear colour: a frame fills the window once.
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.later: dict[str, str] = {}  # name -> "module:Class" of screens not built yet

    def get_screen(self, name: str) -> Screen:
        path = self.later.pop(name, None)
        if path is not None:
            module, _, cls = path.partition(":")
            self.add_widget(getattr(importlib.import_module(module), cls)())
        return super().get_screen(name)


def reader_summary(status: dict[str, str], urls: dict[str, ReaderUrl]) -> str:
    """One line for the top bar: "ok" when every reader is fine, else who is not and why."""
    if not status:
        return "none"
    bad = [status_words(urls.get(name), name, text) for name, text in status.items()]
    return "; ".join(text for text in bad if text != "ok") or "ok"


def feedback_found(feedback: Feedback) -> str:
    """What the LED and sound setting can drive here, for Settings: gpiozero claims pins,
    it cannot see whether anything is wired to them, so the words say pins, not parts."""
    if isinstance(feedback, GpioFeedback):
        parts = [
            f"{what} on {device.pin}"
            for what, device in (("an LED", feedback.led), ("a buzzer", feedback.buzzer))
            if device is not None
        ]
        return f"Pins ready for {' and '.join(parts)}."
    reason = plain(getattr(feedback, "reason", "").removeprefix("no LED or buzzer: "))
    return f"No LED or buzzer can be driven here ({reason}), so this setting changes nothing."


def feedback_in_use(enabled: bool) -> tuple[Feedback, str]:
    """The feedback to play with and what the pins offer: looked for even when the setting
    is off, so Settings never says "on" over an LED that is not there."""
    found = make_feedback(True)
    words = feedback_found(found)
    if enabled:
        return found, words
    found.close()
    return NullFeedback(), words


class DamageHandler(ExceptionHandler):
    """Damage met by any read after start-up (a failing SD card) reaches Kivy's loop as
    DamagedStore, wherever on screen it was read: the app sets the file aside and goes on."""

    def __init__(self, app: CompanionApp) -> None:
        self.app = app
        self.handled: BaseException | None = None  # Kivy may hand one exception over twice

    def handle_exception(self, inst: BaseException) -> int:
        if inst is self.handled:
            return ExceptionManager.PASS
        if isinstance(inst, DamagedStore) and self.app.store is not None:
            self.handled = inst
            self.app.start_afresh(inst)
            return ExceptionManager.PASS
        return ExceptionManager.RAISE


class CompanionApp(App):
    title = "Table companion"
    reader_status = StringProperty("")
    # the whole advice when a reader could not open (device, what is wrong, the fix): the
    # top bar's line may not hold it all, a touch on it shows this in full
    reader_advice = StringProperty("")

    def __init__(self, reader: str | None = None, demo: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.register_event_type("on_reader_event")
        self.reader_spec = reader
        self.demo = demo
        self.store: Store | None = None
        self.hub: ReaderHub | None = None
        self.records = StickerRecords(self)
        self._wake = scan_waker(self.drain)
        self._ticks: list[ClockEvent] = [self._wake]
        self._urls: dict[str, ReaderUrl] = {}  # open readers by name, for their words
        self.sim = None  # the simulated reader, when there is one: the virtual table drives it
        self.store_notice: str | None = None  # why the save file was set aside, for Home to say
        self._damage = DamageHandler(self)

    # -- composition -------------------------------------------------------------------
    def get_application_config(self, defaults: str | None = None) -> str:
        return str(data_dir() / "companion.ini")

    def build(self) -> object:
        # A damaged save file must not stop the table playing: it is kept aside, never lost,
        # and Home says so in one line instead of a traceback. Only a save another process
        # writes stops the app (exit 2, which the service unit does not restart).
        try:
            self.store, self.store_notice = Store.open_or_set_aside(
                data_dir() / SAVE_FILE, lock=True
            )
        except StoreError as err:
            print(f"companion: {err}", file=sys.stderr)
            raise SystemExit(2) from None
        ExceptionManager.add_handler(self._damage)
        drop_unread_pixels()
        keep_no_frames()
        skip_kv_traces()
        from kivy.core.window import Window  # after the App: it opens the window

        Window.clearcolor = THEME.background
        if self.demo:
            self.import_demo_decks()
        self.feedback, self.feedback_found = feedback_in_use(
            bool(self.store.get_setting("feedback", True))
        )
        window = self.store.get_setting(RESCAN_KEY, DEFAULT_WINDOW)
        self.session = Session(
            self.feedback, window if window in RESCAN_CHOICES else DEFAULT_WINDOW
        )
        self.speech_trouble = speech_trouble()  # looked for once; Settings says it
        self.voice = TableVoice(self.session)
        self.voice.use(
            bool(self.store.get_setting(SPEECH_KEY, False)),
            stored_volume(self.store.get_setting(VOLUME_KEY)),
            self.speech_trouble,
        )
        keyboard.apply(self.store.get_setting(keyboard.KEYBOARD_KEY, keyboard.DEFAULT))
        self.touch = touch.apply()  # one input provider: one press per touch (ui/touch.py)
        self._ticks.append(Clock.schedule_interval(self._update_status, STATUS_INTERVAL_S))
        self.open_readers()
        self.root.later = dict(SCREENS)
        self.open_first()
        if os.environ.get("SDL_VIDEODRIVER") == "offscreen":
            Window.bind(on_flip=wait_for_frame)
        # Start-up's objects live as long as the app: frozen, the cyclic GC stops rescanning
        # them at every collection, so its pauses on the UI thread stay short; what later
        # screens and games build is frozen at the next quiet moment (ui/quiet.py).
        gc.freeze()
        self.quiet = QuietCollector(prepare=self.prepare_quietly)
        self.session.bind(revision=self.quiet.input, banner=self.quiet.input)
        Window.bind(on_touch_down=self.quiet.input)
        self._ticks.append(Clock.schedule_interval(self.quiet.tick, QUIET_TICK_S))
        return self.root

    def prepare_quietly(self) -> None:
        """At each tick of a quiet moment, while a game is on the table, a little of what a
        later input would otherwise wait for: first the score sheet's screen (built at the
        game's last input, its import and kv rules kept the players waiting for their scores,
        half a second on the Pi 4 model; a game left unfinished keeps it built, once), then
        a few steps of the table's own (TableScreen.prepare)."""
        if self.table is None:
            return
        if "scores" in self.root.later:
            self.root.get_screen("scores")
        elif "table" not in self.root.later:
            self.root.get_screen("table").prepare(AHEAD_STEPS)

    def open_first(self) -> None:
        """Straight back to the running game when the setting says so (a kiosk's default)
        and there is one; else Home, which also says why a save was set aside."""
        store = self.store
        assert store is not None
        quiet = not self.store_notice and store.backup_offer is None  # Home has news otherwise
        table, note = running_game(store) if quiet and resume_at_start(store) else (None, None)
        if note is not None:  # inputs were set aside: Home says so before play goes on
            self.store_notice, table = note, None
        if table is None:
            self.goto("home")
        else:
            self.open_table(table)

    def start_afresh(self, err: DamagedStore) -> None:
        """Set the damaged save aside, carry on with a fresh one, and say so on Home."""
        assert self.store is not None
        self.session.table = None
        try:
            self.store, self.store_notice = self.store.set_aside(err)
        except StoreError as failed:
            self.store, self.store_notice = Store(), f"{failed}; nothing is being saved now"
        self.goto("home")
        self.root.get_screen("home").on_pre_enter()

    def restore_backup(self) -> str:
        """Go back to the backup Home offers; returns the line to show."""
        assert self.store is not None and self.store.backup_offer is not None
        backup = self.store.backup_offer
        self.session.table = None
        path = self.store.path
        try:
            self.store = self.store.restore(backup)
        except StoreError as err:  # the old store is closed by now: open the save again
            try:
                self.store, notice = Store.open_or_set_aside(path, lock=True)
            except StoreError as failed:
                self.store, notice = Store(), f"{failed}; nothing is being saved now"
            return f"{err}; {notice}" if notice else str(err)
        return f"Restored the backup {backup.name}; the save it replaced was kept beside it"

    def open_readers(self) -> bool:
        """(Re-)open the readers in force, closing any open ones first, so a reader list
        changed in Settings applies without restarting the app. False if they cannot open."""
        assert self.store is not None
        self._close_readers()
        spec, _source = reader_spec(self.reader_spec, self.store.get_setting(READERS_KEY))
        self.reader_advice = ""
        try:
            readers = open_named(spec)
        except ReaderTrouble as trouble:  # a missing reader must not stop a game played by touch
            readers = []
            self.reader_status = f"{trouble.device} did not open: {trouble.headline}"
            self.reader_advice = str(trouble)
        except Exception as err:  # a backend's bug: logged in full, and the table still plays
            Logger.exception("readers: cannot open %s", spec)
            readers = []
            self.reader_status = f"not opened: {one_line(err)}"
        self._urls = {url.name: url for url in parse_reader_spec(spec)} if readers else {}
        self.sim = next((r for r in readers if r.can_place), None)
        if self.root is not None and self.root.has_screen("table"):
            # TableScreen reads has_sim once when built; a re-open may add or drop sim://.
            self.root.get_screen("table").has_sim = self.sim is not None
        if not readers:
            return False
        # pulled on the readers' threads, as Kivy's triggers may be (the event is ignored)
        self.hub = ReaderHub(readers, on_event=self._wake)
        self.hub.start()
        self._update_status()
        return True

    def reader_names(self) -> list[str]:
        """The open readers' names (seat1, center, ...): a reader named seatN is that seat's."""
        return list(self.hub.status) if self.hub is not None else []

    def _close_readers(self) -> None:
        hub, self.hub, self.sim = self.hub, None, None
        if hub is not None:
            hub.stop()

    def _update_status(self, *_args: object) -> None:
        if self.hub is not None:
            self.reader_status = reader_summary(self.hub.status, self._urls)

    def import_demo_decks(self) -> None:
        """Put the example decks into the store unless a deck of that name is there."""
        assert self.store is not None
        have = {(game, name) for game, name, _ in self.store.decks()}
        for path in sorted(EXAMPLES.glob("*.toml")):
            try:
                deck = load_deck(path)
            except DeckError:
                continue  # a broken example must not keep the app from starting
            if (deck.game, deck.name) not in have:
                self.store.save_deck(deck.game, deck.name, path.read_text(encoding="utf-8"))

    def decks(self) -> list[Deck]:
        """Every stored deck that still parses."""
        assert self.store is not None
        found = []
        for _game, name, text in self.store.decks():
            try:
                found.append(parse_deck(text, name))
            except DeckError:
                continue
        return found

    def on_stop(self) -> None:
        from kivy.core.window import Window

        ExceptionManager.remove_handler(self._damage)
        Window.unbind(on_touch_down=self.quiet.input)
        CardShelf.let_go()  # spare views are the whole process's: none outlive the app
        for tick in self._ticks:
            tick.cancel()
        self._close_readers()
        self.feedback.close()
        self.voice.close()
        if self.store is not None:
            self.store.close()

    # -- reader events -----------------------------------------------------------------
    def drain(self, *_args: object) -> None:
        """Hand every waiting reader event to the UI thread; a placed tag is a scan."""
        if self.hub is None:
            return
        while True:
            try:
                event = self.hub.queue.get_nowait()
            except queue.Empty:
                return
            self.dispatch("on_reader_event", event)
            if event.kind != "placed":
                continue
            self.records.seen(event)
            self.root.get_screen("table").seen(event.uid)
            screen = self.root.current_screen
            if screen.name == "table":
                played = self.session.scan(event.uid, event.reader, event.at)
                if not played and self.session.banner_kind == "unknown":
                    self.records.offer(event)
            elif hasattr(screen, "on_tag"):
                screen.on_tag(event.uid)

    def on_reader_event(self, event: TagEvent) -> None:
        """Every tag event (placed and removed), on the UI thread, e.g. for a reader test."""

    # -- navigation --------------------------------------------------------------------
    @property
    def table(self) -> Table | None:
        return self.session.table

    def goto(self, name: str) -> None:
        self.root.current = name

    def open_table(self, table: Table) -> None:
        self.session.table = table
        self.goto("scores" if table.finished else "table")

    def play_again(self, first: int | None = None) -> str:
        """The next game after the finished one on the table, with the same players, deck,
        map and rulings, opened with the line that says who starts and why (the game's own
        rule; `first` where its players chose). Returns a one-line refusal, or ""."""
        assert self.table is not None and self.store is not None
        try:
            table, said = start_again(self.store, self.table, first)
        except (ValueError, StoreError) as err:
            return str(err)
        self.open_table(table)
        self.session.inform(said)
        return ""

    def enroll(self, uid: str) -> None:
        """Open enrollment with this sticker ready to be named."""
        self.session.dismiss()
        self.goto("decks")
        self.root.get_screen("decks").enroll(uid)

    def join_game(self, component: Component) -> None:
        """A sticker enrolled from the table's banner joins the running game at once (the card
        was in the box all along), and play goes back to the table to scan it again."""
        assert self.table is not None
        try:
            message = self.table.enroll(component)
        except IllegalInput as err:
            self.session.refuse(err.message)
        except StoreError as err:
            self.session.refuse(f"Not saved, so not in the game: {err}")
        else:
            self.session.inform(f"{message} — scan it again")
        self.goto("table")
