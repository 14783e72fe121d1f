"""What the save file tells players and readers (issue 13): why a save failed, in words, and
only damage sets a file aside; what a game row holds; old saves; decks and settings."""

from __future__ import annotations

import sqlite3

import pytest

from companion.store import DamagedStore, LoggedInput, Store, StoreError

# SQLite result codes, some extended (the low byte is the primary code), and what players read.
TROUBLE = [
    (3, "permission denied"),
    (5, "it is busy (another program holds it)"),
    (6, "it is busy (another program holds it)"),
    (7, "out of memory"),
    (8 | 1 << 8, "it is read-only"),  # READONLY_RECOVERY
    (10 | 3 << 8, "the disk could not be read or written"),  # IOERR_WRITE
    (13, "the disk is full"),
    (14, "the file cannot be opened"),
]
DAMAGE = [11, 26, 11 | 1 << 8, None]  # CORRUPT, NOTADB, CORRUPT_VTAB, no code at all


class Failing:
    """A connection on a disk that answers every statement with one error."""

    def __init__(self, code: int | None) -> None:
        self.code = code

    def execute(self, *_args):
        err = sqlite3.OperationalError("disk says no")
        if self.code is not None:
            err.sqlite_errorcode = self.code
        raise err


def failing(tmp_path, code: int | None) -> Store:
    store = Store(tmp_path / "save.db")
    store.db.close()
    store.db = Failing(code)
    return store


@pytest.mark.parametrize(("code", "words"), TROUBLE)
def test_a_disk_that_refuses_is_named_in_words_and_is_not_called_damage(tmp_path, code, words):
    store = failing(tmp_path, code)
    save = tmp_path / "save.db"
    with pytest.raises(StoreError) as wrote:
        store.set_setting("readers", ["sim://"])
    assert type(wrote.value) is StoreError
    assert str(wrote.value) == f"could not save to {save}: {words}"
    with pytest.raises(StoreError) as read:
        store.games()
    assert type(read.value) is StoreError
    assert str(read.value) == f"cannot read the save file {save}: {words}"


@pytest.mark.parametrize("code", DAMAGE)
def test_damage_is_told_apart_so_the_file_can_be_set_aside(tmp_path, code) -> None:
    store = failing(tmp_path, code)
    for action in (store.games, lambda: store.set_setting("x", 1)):
        with pytest.raises(DamagedStore, match="is damaged or not a save file"):
            action()


def test_a_save_needs_a_name() -> None:
    for name in ("", "  "):
        with pytest.raises(StoreError, match="no save file named"):
            Store(name)


def test_game_rows_say_what_was_played_and_how_it_ended(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    setup = {"players": [{"name": "Ana"}]}
    first = store.create_game("mintsugi", "demo", setup, "a.script")
    second = store.create_game("broken-and-beautiful", "home", {"players": []})
    assert (first, second) == (1, 2)
    for seq in (1, 2, 3):
        store.append(first, seq, LoggedInput("tap", option="keep", arg="x", line=seq, seat=0))
    store.append(second, 1, LoggedInput("scan", uid="04AA", reader="seat1"), result={"w": 1})
    row = store.game(first)
    assert (row.id, row.game, row.deck, row.setup, row.source) == (1, "mintsugi", "demo", setup,
                                                                   "a.script")  # fmt: skip
    assert (row.finished, row.result, row.inputs) == (None, None, 3)
    assert row.created <= row.updated
    done = store.game(second)
    assert done.finished == done.updated and done.result == {"w": 1} and done.inputs == 1
    assert [g.id for g in store.games(finished=True)] == [2]
    assert [g.id for g in store.games(finished=False)] == [1]
    assert [g.id for g in store.games()] == [2, 1]  # the latest played first
    assert store.log(second) == [LoggedInput("scan", uid="04AA", reader="seat1")]
    assert store.log(first)[2] == LoggedInput("tap", option="keep", arg="x", line=3, seat=0)
    store.append(second, 2, LoggedInput("undo"), result=None)  # undo reopens it
    assert store.game(second).finished is None and store.game(second).result is None
    with pytest.raises(StoreError, match="no saved game number 3"):
        store.game(3)


def test_a_save_from_before_inputs_named_their_player_opens_and_plays_on(tmp_path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE inputs (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT"
            " NOT NULL, uid TEXT, reader TEXT, option TEXT, arg TEXT, line INTEGER,"
            " at REAL NOT NULL, PRIMARY KEY (game_id, seq))"
        )
        old.execute("INSERT INTO inputs VALUES (1, 1, 'scan', '04AA', 'center', NULL, NULL, 1, 0)")
    old.close()
    for _ in range(2):  # and again, once the column is there
        store = Store(path)
        assert store.log(1)[0] == LoggedInput("scan", uid="04AA", reader="center", line=1)
        store.close()


def test_decks_and_settings_come_back_as_saved(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    assert store.decks() == [] and store.get_setting("readers", ["sim://"]) == ["sim://"]
    store.save_deck("mintsugi", "b", "b = 1")
    store.save_deck("broken-and-beautiful", "z", "z = 1")
    store.save_deck("mintsugi", "a", "a = 1")
    store.save_deck("mintsugi", "b", "b = 2")
    assert store.decks() == [
        ("broken-and-beautiful", "z", "z = 1"),
        ("mintsugi", "a", "a = 1"),
        ("mintsugi", "b", "b = 2"),
    ]
    store.delete_deck("mintsugi", "a")
    assert [name for _, name, _ in store.decks()] == ["z", "b"]
    store.set_setting("readers", ["seat1", "seat2"])
    store.set_setting("volume", 0)
    assert store.get_setting("readers") == ["seat1", "seat2"] and store.get_setting("volume") == 0
    assert store.get_setting("missing") is None


def test_an_in_memory_store_leaves_nothing_on_disk(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = Store()
    game = store.create_game("mintsugi", "demo", {"players": []})
    for seq in range(1, 22):
        store.append(game, seq, LoggedInput("tap", option="x"))
    store.append(game, 22, LoggedInput("tap", option="x"), result={"w": 1})
    assert list(tmp_path.iterdir()) == []


def test_damage_met_during_play_sets_the_file_aside_and_play_goes_on(tmp_path) -> None:
    path = tmp_path / "save.db"
    store, _ = Store.open_or_set_aside(path)
    store.create_game("mintsugi", "demo", {"players": []})
    fresh, notice = store.set_aside(DamagedStore("the save file is damaged"))
    [aside] = tmp_path.glob("save.db.damaged-*[0-9]")
    assert notice is not None and notice.startswith("the save file is damaged; it was kept as")
    assert aside.name in notice and fresh.games() == []
    assert fresh.create_game("mintsugi", "demo", {"players": []}) == 1
    fresh.close()
