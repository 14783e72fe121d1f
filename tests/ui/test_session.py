"""The session words the table's refusals: an unknown tag (as the table decides) offers
enrollment of its canonical uid; a malformed uid is a plain refusal. With deferred commits
the accepted feedback waits for the save, and a failed save takes the input back."""

from __future__ import annotations

import threading
import time

from companion.store import Store, StoreError
from companion.table import Table
from tests.companion.conftest import make_deck, uid
from ui.session import Session


def session() -> Session:
    deck = make_deck("broken-and-beautiful", [("cup", "wave", 1)] * 12)
    return Session(table=Table.start(Store(), deck, ["Ana", "Ben"]))


def test_an_unknown_tag_offers_enrollment_of_its_canonical_uid():
    s = session()
    assert not s.scan("04:c0:ff:ee:00:00:01")
    assert s.banner_kind == "unknown" and s.unknown_uid == "04C0FFEE000001"
    assert s.banner == "This tag (04C0FFEE000001) is not in the deck. Enroll it?"


def test_a_malformed_uid_is_refused_not_offered_for_enrollment():
    s = session()
    assert not s.scan("not a uid")
    assert s.banner_kind == "refused" and s.unknown_uid == ""


def deferred_session(path) -> tuple[Session, list[str]]:
    """A session on a save file, its commits deferred, and what its feedback said."""
    said: list[str] = []

    class Heard:
        def accepted(self) -> None:
            said.append("accepted")

        def refused(self) -> None:
            said.append("refused")

    deck = make_deck("broken-and-beautiful", [("cup", "wave", 1)] * 12)
    return Session(Heard(), table=Table.start(Store(path), deck, ["Ana", "Ben"])), said


def test_accepted_is_said_once_the_input_is_saved_not_when_it_is_shown(tmp_path):
    s, said = deferred_session(tmp_path / "save.db")
    opened, commit = threading.Event(), s.table.store.append
    s.table.store.append = lambda *a, **k: (opened.wait(10), commit(*a, **k))
    assert s.scan(uid(1)) and s.saving and s.revision == 1 and said == []
    opened.set()
    s.table.store.log(s.table.game_id)  # the writer's commit made
    s.confirm(s.table)  # as the writer's notice does on the UI thread
    assert said == ["accepted"] and not s.saving


def test_a_failed_save_takes_the_input_back_in_one_line(tmp_path):
    s, said = deferred_session(tmp_path / "save.db")

    def full(*_args, **_kwargs):
        raise StoreError("could not save to save.db: the disk is full")

    s.table.store.append = full
    assert s.scan(uid(1)) and s.table.state.draft == [uid(1)]
    s.table.store.log(s.table.game_id)
    s.confirm(s.table)
    assert s.table.state.draft == [] and not s.saving and said == ["refused"]
    assert s.banner == (
        "Not saved, so taken back: the last input was not saved"
        " (could not save to save.db: the disk is full)"
    )


def test_a_save_that_takes_long_is_said_until_it_is_done(tmp_path):
    from kivy.clock import Clock

    from companion.table import STILL_SAVING

    s, said = deferred_session(tmp_path / "save.db")
    opened, commit = threading.Event(), s.table.store.append
    s.table.store.append = lambda *a, **k: (opened.wait(10), commit(*a, **k))
    assert s.scan(uid(1)) and s.saving_note == ""
    deadline = time.monotonic() + 5
    while not s.saving_note and time.monotonic() < deadline:  # a quarter second on
        Clock.tick()
    assert s.saving_note == STILL_SAVING and said == []
    opened.set()
    while s.saving and time.monotonic() < deadline:  # the writer's notice, on the clock
        Clock.tick()
    assert s.saving_note == "" and said == ["accepted"]


def test_a_failed_save_that_cannot_be_read_back_is_said_and_nothing_more_is_saved(tmp_path):
    s, said = deferred_session(tmp_path / "save.db")
    store = s.table.store

    def full(*_args, **_kwargs):
        raise StoreError("could not save to save.db: the disk is full")

    def unreadable(_game_id):
        raise StoreError("cannot read the save file save.db: the disk could not be read")

    store.append, store.log = full, unreadable
    assert s.scan(uid(1))
    store._writer.settle()
    s.confirm(s.table)  # no exception reaches the players
    assert s.banner.startswith("Not saved, so not played: could not save to save.db") and said
    assert "the disk could not be read" in s.banner and s.table.failure is not None
    saved: list[tuple] = []
    store.append = lambda *a, **_k: saved.append(a)
    assert s.scan(uid(2))  # shown, but the writer refuses it untried
    store._writer.settle()
    assert saved == []  # never a later input without the one lost
