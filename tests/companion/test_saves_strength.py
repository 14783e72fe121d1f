"""The witnesses beside a save (issue 13): the lock names who holds it, the ledger notices lost
inputs of the right game, a backup every 20 inputs and at a game's end, offered only when it
holds more than the save."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest

from companion import saves
from companion.store import LoggedInput, Store, StoreError

ROOT = saves.__file__.rsplit("/companion/", 1)[0]


def game_of(store: Store, inputs: int, *, result=None) -> int:
    game = store.create_game("mintsugi", "demo", {"players": [{"name": "Ana"}, {}]})
    for seq in range(1, inputs + 1):
        last = seq == inputs and result is not None
        store.append(
            game, seq, LoggedInput("tap", option="x"), **({"result": result} if last else {})
        )
    return game


def backed_up(store: Store) -> int | None:
    """How many inputs the backup beside the store's save holds, None if there is none, once
    the witness has written what it was asked to."""
    store.settle()
    backup = saves.sibling(Path(store.path), ".backup")
    if not backup.exists():
        return None
    with closing(sqlite3.connect(backup)) as db:
        return db.execute("SELECT count(*) FROM inputs").fetchone()[0]


def test_a_backup_is_taken_every_20_inputs_and_when_a_game_ends(tmp_path) -> None:
    path = tmp_path / "save.db"
    store = Store(path)
    game = game_of(store, 19)
    assert backed_up(store) is None
    store.append(game, 20, LoggedInput("tap", option="x"))
    assert backed_up(store) == 20
    store.append(game, 21, LoggedInput("tap", option="x"))
    store.append(game, 22, LoggedInput("undo"), result=None)  # not an end: no backup
    assert backed_up(store) == 20
    store.append(game, 23, LoggedInput("tap", option="x"), result={"winners": ["Ana"]})
    assert backed_up(store) == 23


def test_a_loss_with_no_better_backup_is_named_and_nothing_is_offered(tmp_path) -> None:
    path = tmp_path / "save.db"
    store = Store(path)
    game_of(store, 5)
    store.close()
    path.write_bytes(b"")
    for part in tmp_path.glob("save.db-*"):
        part.unlink()
    store, notice = Store.open_or_set_aside(path)
    assert notice == (
        "acknowledged inputs are missing from the save:"
        " game 1 (mintsugi: Ana, ?) had 5 inputs, the save now holds 0"
    )
    assert store.backup_offer is None
    store.close()


def test_another_game_under_the_same_number_is_not_taken_for_the_one_the_ledger_saw(
    tmp_path,
) -> None:
    path = tmp_path / "save.db"
    store = Store(path)
    game_of(store, 3)
    store.close()
    ledger = saves.sibling(path, ".ledger")
    ledger.write_text(json.dumps({"1": [12.5, 3, "mintsugi: Ana, ?"]}))  # created elsewhen
    store, notice = Store.open_or_set_aside(path)
    assert notice is not None and "game 1 (mintsugi: Ana, ?) had 3 inputs" in notice
    assert notice.endswith("the save now holds 0")
    store.close()
    store, notice = Store.open_or_set_aside(path)
    assert notice is None  # the ledger now records this save's game 1
    store.close()


def test_a_damaged_backup_is_not_offered(tmp_path) -> None:
    path = tmp_path / "save.db"
    store = Store(path)
    game_of(store, 20)
    store.close()
    saves.sibling(path, ".backup").write_bytes(b"not a save" * 500)
    path.write_bytes(b"")
    store, notice = Store.open_or_set_aside(path)
    assert notice is not None and "had 20 inputs" in notice and "backup" not in notice
    assert store.backup_offer is None
    store.close()


def test_a_reader_without_the_lock_does_not_keep_the_player_out(tmp_path) -> None:
    path = tmp_path / "save.db"
    reader, _ = Store.open_or_set_aside(path)
    player, _ = Store.open_or_set_aside(path, lock=True)
    with pytest.raises(StoreError, match=f"in use by process {os.getpid()} "):
        Store.open_or_set_aside(path, lock=True)
    player.close()
    again, _ = Store.open_or_set_aside(path, lock=True)  # closing let go of the lock
    again.close()
    reader.close()


def test_the_lock_names_its_holder_even_over_an_older_holders_words(tmp_path) -> None:
    path = tmp_path / "save.db"
    saves.sibling(path, ".lock").write_text("process 1 (a much longer command line of old)\n")
    player, _ = Store.open_or_set_aside(path, lock=True)
    holder = saves.sibling(path, ".lock").read_text()
    assert holder.startswith(f"process {os.getpid()} (") and holder.endswith(")\n")
    assert holder.count("process") == 1
    player.close()


def test_a_save_that_cannot_be_opened_does_not_keep_its_lock(tmp_path) -> None:
    folder = tmp_path / "a folder"
    folder.mkdir()
    for lock in (False, True, True):
        with pytest.raises(StoreError, match="cannot open the save file"):
            Store.open_or_set_aside(folder, lock=lock)


HOLD = (
    "import sys; from companion.store import Store; Store.open_or_set_aside(sys.argv[1], lock=True)"
)


def test_the_lock_names_the_holders_command_cut_to_120_characters(tmp_path) -> None:
    path = tmp_path / "save.db"
    long_argument = "x" * 200
    subprocess.run([sys.executable, "-c", HOLD, str(path), long_argument], cwd=ROOT, check=True)
    holder = saves.sibling(path, ".lock").read_text()
    command = holder.split(" (", 1)[1].removesuffix(")\n")
    assert len(command) == 120 and command.startswith(sys.executable)


@pytest.mark.parametrize("lock", [False, True])
def test_a_backup_that_cannot_be_restored_says_so_and_lets_go_of_the_save(tmp_path, lock) -> None:
    path = tmp_path / "save.db"
    store, _ = Store.open_or_set_aside(path, lock=lock)
    garbage = tmp_path / "save.db.backup-old"
    garbage.write_bytes(b"not a save" * 500)
    with pytest.raises(StoreError, match="the backup save.db.backup-old could not be restored"):
        store.restore(garbage)
    again, _ = Store.open_or_set_aside(path, lock=True)  # the lock went with the failure
    again.close()


def test_a_restored_save_keeps_the_players_lock(tmp_path) -> None:
    path = tmp_path / "save.db"
    store, _ = Store.open_or_set_aside(path, lock=True)
    game_of(store, 20)
    backup = saves.sibling(path, ".backup")
    restored = store.restore(backup)
    assert [g.inputs for g in restored.games()] == [20]
    with pytest.raises(StoreError, match="in use by process"):
        Store.open_or_set_aside(path, lock=True)
    restored.close()


@pytest.fixture
def held_backup(monkeypatch):
    """Backups wait for `release.set()`: a slow save card, so who waits for one can be seen."""
    release, started = threading.Event(), threading.Event()
    take = saves.take_backup

    def slow(db, path) -> None:
        started.set()
        release.wait(10)
        take(db, path)

    monkeypatch.setattr(saves, "take_backup", slow)
    yield started, release
    release.set()


def test_an_input_is_answered_without_waiting_for_the_backup(tmp_path, held_backup) -> None:
    started, release = held_backup
    store = Store(tmp_path / "save.db")
    game = game_of(store, 19)
    store.append(game, 20, LoggedInput("tap", option="x"))  # returns with the backup held
    assert started.wait(5)
    store.append(game, 21, LoggedInput("tap", option="x"))
    assert len(store.log(game)) == 21
    release.set()
    assert backed_up(store) == 21  # the save as it was when the card let the backup through
    store.close()


def test_closing_waits_for_the_backup_asked_for(tmp_path, held_backup) -> None:
    started, release = held_backup
    store = Store(tmp_path / "save.db")
    game_of(store, 20)
    assert started.wait(5)
    released = []
    timer = threading.Timer(0.3, lambda: (released.append(True), release.set()))
    timer.start()
    store.close()
    assert released  # close returned only once the backup could be finished
    timer.join()
    with closing(sqlite3.connect(saves.sibling(tmp_path / "save.db", ".backup"))) as db:
        assert db.execute("SELECT count(*) FROM inputs").fetchone()[0] == 20
    ledger = json.loads(saves.sibling(tmp_path / "save.db", ".ledger").read_text())
    assert ledger["1"][1] == 20  # and the ledger caught up with the last commit
