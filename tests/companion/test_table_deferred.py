"""Deferred commits (the app's way, `Table.defer_commits`): an input is decided and shown at
once, committed in order on the store's writer thread; undo works on an input not saved
yet; a failed commit takes back it and every input after it, and the table then holds
exactly what the save holds."""

from __future__ import annotations

import threading
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.inputs import IllegalInput
from companion.store import Store, StoreError
from companion.table import Table
from tests.companion.conftest import make_deck, play, uid
from tests.companion.test_table import CARDS


def deferred(store: Store) -> tuple[Table, list[int]]:
    """A deferred table and the saved_seq seen at each notice from the writer."""
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    heard: list[int] = []
    table.defer_commits(lambda: heard.append(table.saved_seq))
    return table, heard


def gate(store: Store) -> threading.Event:
    """Hold the writer before each commit until the event is set."""
    opened, commit = threading.Event(), store.append

    def held(*args, **kwargs):
        opened.wait(10)
        commit(*args, **kwargs)

    store.append = held  # type: ignore[method-assign]
    return opened


def test_a_deferred_input_is_shown_at_once_and_saved_in_order(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    table, heard = deferred(store)
    opened = gate(store)
    play(table, "scan 1", "scan 2")
    assert table.state.draft == [uid(1), uid(2)] and table.saving and table.saved_seq == 0
    opened.set()
    log = store.log(table.game_id)  # a read waits for the writer's commits
    assert [e.uid for e in log] == [uid(1), uid(2)]
    assert heard == [1, 2] and not table.saving
    assert Table.resume(Store(tmp_path / "save.db"), table.game_id).state.draft == table.state.draft


def test_undo_takes_back_an_input_not_saved_yet(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    table, _ = deferred(store)
    opened = gate(store)
    play(table, "scan 1", "scan 2")
    assert table.undo() == "Undone: Dealt the crane cup"  # card 2
    assert table.state.draft == [uid(1)] and table.saving
    opened.set()
    assert [e.kind for e in store.log(table.game_id)] == ["scan", "scan", "undo"]
    assert Table.resume(store, table.game_id).state.draft == [uid(1)]


def test_a_failed_commit_takes_back_it_and_every_input_after(tmp_path) -> None:
    path = tmp_path / "save.db"
    table, heard = deferred(Store(path))
    play(table, "scan 1")
    blocker = Store(path)
    table.store.log(table.game_id)  # saved
    blocker.db.execute("BEGIN EXCLUSIVE")  # another writer holds the file: the save must fail
    table.store.db.execute("PRAGMA busy_timeout = 0")
    play(table, "scan 2", "scan 3")  # shown at once; neither can be saved
    assert table.state.draft == [uid(1), uid(2), uid(3)]
    deadline = time.monotonic() + 10
    while len(heard) < 3 and time.monotonic() < deadline:  # the writer tries, and fails
        time.sleep(0.01)
    blocker.db.execute("ROLLBACK")
    assert isinstance(table.failure, StoreError) and heard == [1, 1, 1]
    said = table.take_back_unsaved()
    assert said.startswith("Not saved, so taken back: the last 2 inputs were not saved (could")
    assert table.state.draft == [uid(1)] and table.failure is None and not table.saving
    play(table, "scan 2")  # the writer takes inputs again
    table.store.close()  # its commits made first
    assert Table.resume(Store(path), table.game_id).state.draft == [uid(1), uid(2)]


STEPS = st.lists(
    st.sampled_from(["scan 1", "scan 2", "scan 3", "scan 4", "scan 5", "scan 6", "tap keep",
                     "tap sell", "undo"]),
    max_size=25,
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(steps=STEPS, fail_at=st.one_of(st.none(), st.integers(1, 25)))
def test_after_any_inputs_and_any_failed_commit_the_table_is_what_the_save_holds(
    steps: list[str], fail_at: int | None
) -> None:
    """Inputs deferred, the fail_at-th commit failing (disk full): once the writer is done
    and a failure taken back, the table shows what a resume of the save shows, and with no
    failure, what a table committing each input before answering shows."""
    store = Store()
    table, _ = deferred(store)
    direct = Table.start(Store(), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    commit, calls = store.append, [0]

    def failing(*args, **kwargs):
        calls[0] += 1
        if calls[0] == fail_at:
            raise StoreError("could not save to the test: the disk is full")
        commit(*args, **kwargs)

    store.append = failing  # type: ignore[method-assign]
    for step in steps:
        for t in (table, direct):
            try:
                t.undo() if step == "undo" else play(t, step)
            except IllegalInput:
                pass
    store.log(table.game_id)  # the writer is done
    if table.failure is not None:
        assert fail_at is not None and fail_at <= calls[0]
        table.take_back_unsaved()
    else:
        assert table.view() == direct.view()
    assert not table.saving and table.saved_seq == len(store.log(table.game_id))
    assert table.view() == Table.resume(store, table.game_id).view()
    store.close()


def test_a_read_waits_for_the_commit_in_flight(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    table, heard = deferred(store)
    opened = gate(store)
    play(table, "scan 1")
    deadline = time.monotonic() + 10
    while store._writer._jobs and time.monotonic() < deadline:  # the writer took it up
        time.sleep(0.01)
    read: list[list] = []
    reader = threading.Thread(target=lambda: read.append(store.log(table.game_id)))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive() and heard == []  # the commit is in flight: the read waits
    opened.set()
    reader.join(10)
    assert [e.uid for e in read[0]] == [uid(1)] and heard == [1]
    store.close()
