"""Stickers that carry their identity, in the app: written at enrollment with the reader that
saw the sticker, and read back when a table meets a sticker its deck does not know.

The identity itself (`companion.identity`) and the writing and reading with a read-back check
(the readers' `write_identity`/`read_identity`) live below; this is where the app decides
when to do them and what to tell the players.
"""

from __future__ import annotations

from typing import Protocol

from kivy.logger import Logger

from companion.deck import Component, Deck, DeckError
from companion.games import definition
from companion.identity import Identity, decode, encode, home_deck, identity_of
from companion.inputs import IllegalInput
from companion.store import Store, StoreError
from companion.table import Table
from hardware.errors import OPEN_ERRORS
from hardware.events import TagEvent
from hardware.hub import ReaderHub
from hardware.reader import Reader
from ui.session import Session

RECORDS_KEY = "sticker_records"  # an unknown sticker carrying its identity: "ask" or "add"
RECORDS_CHOICES = ("ask", "add")


class RecordsHost(Protocol):
    """What the records need of the app (ui.app.CompanionApp is one): named here rather than
    imported, so this module and the app that composes it do not import each other."""

    hub: ReaderHub | None
    session: Session
    store: Store

    @property
    def table(self) -> Table | None: ...

    def decks(self) -> list[Deck]: ...

    def join_game(self, component: Component) -> None: ...


class StickerRecords:
    def __init__(self, app: RecordsHost) -> None:
        self.app = app
        self.seen_by: dict[str, str] = {}  # uid -> the reader that last saw it placed
        self.unwritten: dict[str, bytes] = {}  # uid -> a record to write when it is back

    def seen(self, event: TagEvent) -> None:
        """Remember which reader saw a sticker: the one to write its record with."""
        self.seen_by[event.uid] = event.reader

    def _reader(self, name: str) -> Reader | None:
        hub = self.app.hub
        return next((r for r in (hub.readers if hub else []) if r.name == name), None)

    # -- reading: a sticker the table does not know ------------------------------------------
    def read(self, uid: str, reader_name: str) -> Identity | None:
        """The identity written on the sticker `uid`, read by the reader that saw it; None
        when that reader cannot read records, the sticker has none, or it does not parse."""
        reader = self._reader(reader_name)
        if reader is None or not reader.can_write:
            return None
        try:
            payload = reader.read_identity(uid)
        except OPEN_ERRORS as err:  # lifted before it was read: a plain unknown sticker
            Logger.info("readers: %s: no record read from %s: %s", reader_name, uid, err)
            return None
        return decode(payload) if payload else None

    def offer(self, event: TagEvent) -> None:
        """An unknown sticker that says what it is: offered in one tap, or added at once
        (Settings), when it belongs to the game on the table."""
        app, session = self.app, self.app.session
        identity = self.read(event.uid, event.reader)
        table = app.table
        if identity is None or table is None or identity.game != table.game:
            return
        what = definition(identity.game).describe(identity.component(event.uid))
        if app.store.get_setting(RECORDS_KEY, "ask") != "add":
            session.offer_record(
                event.uid,
                identity,
                f"This sticker says it is the {what}, for this table's deck {table.deck_name!r}",
            )
        elif self.adopt(identity, event.uid):
            session.scan(event.uid, event.reader, event.at)  # and it plays at once
            if not session.banner:
                session.inform(f"Added the {what} from its sticker")

    def adopt(self, identity: Identity, uid: str) -> bool:
        """Add a sticker's own identity to its deck (saved) and to the game on the table."""
        app = self.app
        try:
            component = identity.component(uid)
            if app.table is not None:  # refused before its deck is changed: nothing half-done
                component = app.table.admit(component)
        except (ValueError, IllegalInput) as err:
            app.session.refuse(str(err))
            return False
        deck = home_deck(identity, app.decks(), app.table.deck_name if app.table else None)
        try:
            deck.add(component)
            app.store.save_deck(deck.game, deck.name, deck.to_toml())
        except (DeckError, StoreError) as err:
            app.session.refuse(str(err))
            return False
        app.join_game(component)
        return True

    def adopt_offered(self) -> None:
        """The banner's "Add it" for the sticker it names."""
        identity, uid = self.app.session.record, self.app.session.unknown_uid
        if identity is not None and uid:
            self.adopt(identity, uid)

    # -- writing: a sticker just enrolled ----------------------------------------------------
    def write(self, component: Component, deck: Deck) -> str:
        """Write what a just-enrolled sticker is on the sticker itself, with the reader that
        saw it, and say how it went in a sentence to add to "Saved: ..."."""
        reader_name = self.seen_by.get(component.uid, "")
        reader = self._reader(reader_name)
        if reader is None:  # typed or imported, not scanned here
            return ""
        if not reader.can_write:
            return f" Not written on the sticker: {reader.cannot_write}."
        payload = encode(identity_of(component, deck.game, deck.name))
        if self._written(reader, component.uid, payload):
            return " Written on the sticker."
        return " Lay the sticker on the reader again to write what it is on it."

    def write_unwritten(self, uid: str) -> str:
        """A sticker whose record could not be written, laid on the reader again: write it.
        "" when there was nothing to write."""
        payload = self.unwritten.get(uid)
        reader = self._reader(self.seen_by.get(uid, ""))
        if payload is None or reader is None:
            return ""
        if self._written(reader, uid, payload):
            return "Written on the sticker."
        return "Not written on the sticker yet: lay it on the reader and hold it still"

    def _written(self, reader: Reader, uid: str, payload: bytes) -> bool:
        """Write and read back; a failure keeps the record to write when the sticker is back."""
        try:
            reader.write_identity(uid, payload)
        except OPEN_ERRORS as err:
            self.unwritten[uid] = payload
            Logger.info("readers: %s: record not written on %s: %s", reader.name, uid, err)
            return False
        self.unwritten.pop(uid, None)
        return True
