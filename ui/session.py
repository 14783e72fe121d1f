"""Where reader events and touches meet the table, on the UI thread.

One place decides what an input means for the players: accepted (the screens redraw from
`revision` at once; the accepted feedback once it is saved), refused (the engine's message
in a banner, the refuse sound), or an unknown tag (a banner offering to enroll it). Screens
never call the table directly, so no input can bypass the banner or the feedback, and no
exception reaches a player.

The table's commits run on the store's writer thread (`Table.defer_commits`): the prompt is
drawn without waiting for the SD card, `saving` is True until the save holds every input
shown, and the LED/buzzer say "accepted" only then, so "accepted" means "saved". A commit
that fails takes the table back to what the save holds, said in the banner.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty,
    NumericProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)

from companion.inputs import DEFAULT_READER, IllegalInput, UnknownTag
from companion.rescan import DEFAULT_WINDOW, RescanGuard
from companion.store import DamagedStore, StoreError
from companion.table import STILL_SAVING, Table
from hardware.feedback import Feedback, NullFeedback

# Most commits return within a frame or two: only a longer one is said, so the status bar
# does not flicker (and redraw) at every scan.
SAVING_SAID_AFTER_S = 0.25


class Session(EventDispatcher):
    table = ObjectProperty(None, allownone=True)
    # Bumped after every accepted input: screens bind to it instead of polling the table.
    revision = NumericProperty(0)
    banner = StringProperty("")
    # "info" is news, not a refusal (a sticker enrolled): the banner words and colours it apart.
    banner_kind = OptionProperty("", options=["", "refused", "unknown", "record", "info"])
    unknown_uid = StringProperty("")
    record = ObjectProperty(None, allownone=True)  # what an unknown sticker says it is
    last_event = StringProperty("")
    # the rule of the refusal in the banner (IllegalInput.rule): its passage comes first on "?"
    refused_rule = StringProperty("")
    # an input is shown but not saved yet (its commit is on the writer thread)
    saving = BooleanProperty(False)
    # said on the status bar when a save takes long (an SD card's stall): "" otherwise
    saving_note = StringProperty("")

    def __init__(
        self,
        feedback: Feedback | None = None,
        rescan_window: float = DEFAULT_WINDOW,
        *,
        defer_commits: bool = True,
        **kwargs: object,
    ) -> None:
        self.feedback = feedback or NullFeedback()
        self.rescan = RescanGuard(rescan_window)
        self.defer_commits = defer_commits
        self._confirmed = 0  # the table's saved_seq the feedback has said "accepted" for
        self._still = Clock.create_trigger(self._still_saving, SAVING_SAID_AFTER_S)
        super().__init__(**kwargs)

    def on_table(self, _session: Session, table: Table | None) -> None:
        self.dismiss()
        self.last_event = ""
        self.saving = False
        self.saving_note = ""
        if table is not None:
            self._confirmed = table.saved_seq
            if self.defer_commits:
                table.defer_commits(partial(self._heard, table))

    def _heard(self, table: Table) -> None:
        """On the writer thread: a commit returned; the UI thread takes it from there."""
        Clock.schedule_once(lambda _dt: self.confirm(table), -1)

    def confirm(self, table: Table) -> None:
        """What the save holds now, said: the accepted feedback for inputs newly saved, or a
        failed commit taken back (the banner says which inputs, the refuse sound)."""
        if table is not self.table:
            return  # a table no longer shown: its commits still finish, nobody waits on them
        if table.failure is not None:
            try:
                self.refuse(table.take_back_unsaved())
            except DamagedStore:
                raise  # the app sets the file aside (ui/app.py's DamageHandler)
            except StoreError as err:  # nothing is played until the save can be read again
                self.refuse(f"Not saved, so not played: {table.failure} ({err})")
                return
            self._confirmed = table.saved_seq
            self.saving = False
            self.revision += 1
            return
        if table.saved_seq > self._confirmed:
            self._confirmed = table.saved_seq
            self.feedback.accepted()
        self.saving = table.saving

    def on_saving(self, _session: Session, saving: bool) -> None:
        if saving:
            self._still()
        else:
            self._still.cancel()
            self.saving_note = ""

    def _still_saving(self, _dt: float) -> None:
        if self.saving:
            self.saving_note = STILL_SAVING

    # -- inputs ------------------------------------------------------------------------
    def scan(self, uid: str, reader: str = DEFAULT_READER, at: float | None = None) -> bool:
        """A tag placed on a reader at `at` (the reader's clock); a card placed again a
        moment after its own accepted scan is ignored and said so (companion/rescan.py)."""
        table = self.table
        if at is not None and table is not None and self.rescan.repeated(uid, reader, at):
            component = table.components.get(uid)
            name = component.label if component else uid
            self.inform(f"Ignored: the {name} was scanned a moment ago (Undo takes a scan back)")
            return False
        try:
            played = self._attempt(lambda t: t.scan(uid, reader))
        except UnknownTag as err:
            self.refuse(f"This tag ({err.uid}) is not in the deck. Enroll it?", "unknown")
            self.unknown_uid = err.uid
            return False
        if played and at is not None:
            self.rescan.accepted(uid, reader, at)
        return played

    def tap(self, word: str, arg: str | None = None, seat: int | None = None) -> bool:
        """A touch on an option; `seat` names whose it is when a prompt waits on several."""
        return self._attempt(lambda t: t.tap(word, arg, seat=seat))

    def undo(self) -> bool:
        self.rescan.forget()
        return self._attempt(lambda t: t.undo())

    def secret(self, player: str) -> str:
        """What only `player` may see (their own gems), in one line; "" when the game keeps
        nothing of theirs hidden. Asked only while that player holds their name."""
        table = self.table
        if table is None or player not in table.players:
            return ""
        return " · ".join(c.text for c in table.secret(player))

    def _attempt(self, action: Callable[[Table], str]) -> bool:
        if self.table is None:
            self.refuse("No game is running: start or resume one first")
            return False
        try:
            event = action(self.table)
        except UnknownTag:
            raise  # scan() offers to enroll it
        except IllegalInput as err:
            self.refuse(err.message)
            self.refused_rule = err.rule
            return False
        except StoreError as err:
            self.refuse(f"Not saved, so not played: {err}")
            return False
        self.dismiss()
        self.last_event = event
        self.saving = self.table.saving
        if not self.saving:  # committed already (the CLI's way, or nothing was logged)
            self._confirmed = self.table.saved_seq
            self.feedback.accepted()
        self.revision += 1
        return True

    # -- the banner --------------------------------------------------------------------
    def refuse(self, message: str, kind: str = "refused") -> None:
        self.unknown_uid = self.refused_rule = ""
        self.banner, self.banner_kind = message, kind
        self.feedback.refused()

    def offer_record(self, uid: str, identity: object, message: str) -> None:
        """An unknown sticker that carries its identity: the banner offers to add it."""
        self.banner, self.banner_kind = f"{message}. Add it?", "record"
        self.unknown_uid, self.record = uid, identity

    def inform(self, message: str) -> None:
        """Tell the table something went right: a banner, but no refuse sound or LED."""
        self.unknown_uid = self.refused_rule = ""
        self.banner, self.banner_kind = message, "info"

    def dismiss(self) -> None:
        self.banner, self.banner_kind, self.unknown_uid, self.record = "", "", "", None
        self.refused_rule = ""
