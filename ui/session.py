"""Where reader events and touches meet the table, on the UI thread.

One place decides what an input means for the players: accepted (feedback, the screens
redraw from `revision`), refused (the engine's message in a banner, the refuse sound), or
an unknown tag (a banner offering to enroll it). Screens never call the table directly, so
no input can bypass the banner or the feedback, and no exception reaches a player.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.event import EventDispatcher
from kivy.properties import NumericProperty, ObjectProperty, OptionProperty, StringProperty

from companion.inputs import DEFAULT_READER, IllegalInput, UnknownTag
from companion.rescan import DEFAULT_WINDOW, RescanGuard
from companion.store import StoreError
from companion.table import Table
from hardware.feedback import Feedback, NullFeedback


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

    def __init__(
        self,
        feedback: Feedback | None = None,
        rescan_window: float = DEFAULT_WINDOW,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self.feedback = feedback or NullFeedback()
        self.rescan = RescanGuard(rescan_window)

    def on_table(self, _session: Session, _table: Table | None) -> None:
        self.dismiss()
        self.last_event = ""

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

    def tap(self, word: str, arg: str | None = None) -> bool:
        return self._attempt(lambda t: t.tap(word, arg))

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
