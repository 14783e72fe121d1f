"""The table session and its store: inputs saved before answering, resume, undo across restarts."""

from __future__ import annotations

import pytest

from companion.inputs import IllegalInput
from companion.store import Store, StoreError
from companion.table import Table
from tests.companion.conftest import keep_all, make_deck, play, uid

CARDS = [
    ("cup", "wave", 1),
    ("cup", "crane", 2),
    ("plate", "wave", 3),
    ("bowl", None, 1),
    ("vase", None, 2),
] * 3


def test_every_accepted_input_is_in_the_store_and_refused_ones_are_not(tmp_path) -> None:
    store = Store(tmp_path / "save.db")
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2")
    with pytest.raises(IllegalInput):
        play(table, "scan 1")
    log = Store(tmp_path / "save.db").log(table.game_id)  # a second connection sees it committed
    assert [(e.kind, e.uid) for e in log] == [("scan", uid(1)), ("scan", uid(2))]


def test_resume_and_undo_survive_a_restart(tmp_path) -> None:
    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2", "scan 3", "scan 4", "scan 5", "scan 3", "tap sell")
    assert table.state.ingots == [3, 0]
    table.undo()
    again = Table.resume(Store(path), table.game_id)
    assert again.prompt.phase == "keep" and again.state.ingots == [0, 0]
    again.undo()  # undo after the restart
    third = Table.resume(Store(path), table.game_id)
    assert third.prompt.phase == "draft" and third.state.draft == [uid(n) for n in (1, 2, 3, 4, 5)]
    assert third.can_undo


def test_undo_with_nothing_to_undo_is_refused(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    with pytest.raises(IllegalInput, match="Nothing to undo"):
        table.tap("undo")


def test_unknown_tag_asks_to_enroll_it(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    with pytest.raises(IllegalInput, match="unknown tag 04ABCDEF012345 — enroll it first"):
        table.scan("04:ab:cd:ef:01:23:45")
    with pytest.raises(IllegalInput, match="not a tag uid"):
        table.scan("hello")


def test_finished_games_are_recorded_and_undo_reopens_them(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS[:5]), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2", "scan 3", "scan 4", "scan 5")
    keep_all(table, 1, 2, 3, 4)
    play(table, "tap done")
    assert table.finished
    [row] = store.games(finished=True)
    assert row.result["winners"] == table.scores().to_json()["winners"]
    table.undo()
    assert store.games(finished=True) == [] and len(store.games(finished=False)) == 1


def test_a_file_that_is_not_a_save_is_a_clear_error_and_left_alone(tmp_path) -> None:
    path = tmp_path / "save.db"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a companion save file"):
        Store(path)
    assert path.read_bytes() == b"this is not sqlite at all" * 100


GAME = "broken-and-beautiful"


def test_a_sticker_enrolled_mid_game_joins_the_deck_and_survives_resume(tmp_path) -> None:
    from companion.deck import make_component

    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2")
    newcomer = "04ABCDEF012345"
    with pytest.raises(IllegalInput, match="enroll it first"):
        table.scan(newcomer)
    table.enroll(
        make_component(GAME, {"uid": newcomer, "kind": "teapot", "pattern": "wave", "ingots": 2})
    )
    table.scan(newcomer)
    assert newcomer in table.state.draft
    with pytest.raises(IllegalInput, match="already the wave teapot"):
        table.enroll(
            make_component(GAME, {"uid": newcomer, "kind": "cup", "pattern": "wave", "ingots": 1})
        )
    table.undo()  # undoes the deal of the new card, not its enrollment
    assert table.state.in_deck(newcomer)
    again = Table.resume(Store(path), table.game_id)
    assert again.state.in_deck(newcomer) and again.state.deck_left == len(CARDS) - 2 + 1


def test_a_damaged_save_file_is_set_aside_not_lost(tmp_path) -> None:
    path = tmp_path / "save.db"
    path.write_bytes(b"garbage" * 500)
    (tmp_path / "save.db.ledger").write_text("{}")  # ours past recognition: its ledger says so
    store, message = Store.open_or_set_aside(path)
    assert message is not None and "damaged" in message and "\n" not in message
    [aside] = tmp_path.glob("save.db.damaged-*")
    assert aside.read_bytes() == b"garbage" * 500
    assert store.games() == []
    again, message = Store.open_or_set_aside(path)
    assert message is None


def test_an_input_that_cannot_be_saved_is_not_played(tmp_path) -> None:
    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1")
    blocker = Store(path)
    blocker.db.execute("BEGIN EXCLUSIVE")  # another writer holds the file: the save must fail
    table.store.db.execute("PRAGMA busy_timeout = 0")
    with pytest.raises(StoreError, match="could not save"):
        play(table, "scan 2")
    blocker.db.execute("ROLLBACK")
    assert table.state.draft == [uid(1)]
    play(table, "scan 2")
    assert Table.resume(Store(path), table.game_id).state.draft == [uid(1), uid(2)]


def test_a_save_file_that_cannot_be_opened_is_not_called_damaged(tmp_path) -> None:
    with pytest.raises(StoreError, match="cannot open the save file") as err:
        Store.open_or_set_aside(tmp_path / "no-such-folder" / "save.db")
    assert "damaged" not in str(err.value)


def test_readers_named_for_seats_bind_to_them_and_the_binding_is_saved(tmp_path) -> None:
    from companion.table import seat_readers

    assert seat_readers(["seat1", "center", "seat3", "seat9", "seatx"], 4) == {
        "seat1": 0,
        "seat3": 2,
    }
    path = tmp_path / "save.db"
    deck = make_deck(GAME, CARDS)
    table = Table.start(Store(path), deck, ["Ana", "Ben"], seats={"seat2": 1})
    table.scan(uid(1), "seat2")
    again = Table.resume(Store(path), table.game_id)
    assert again.setup.seats == {"seat2": 1} and again.state.draft == [uid(1)]


def test_a_saved_game_keeps_the_settings_it_started_with(tmp_path) -> None:
    """Settings are stored resolved: a default changed later cannot change an old game."""
    import json
    import sqlite3

    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck(GAME, CARDS), ["Ana", "Ben"])
    db = sqlite3.connect(path)
    (setup,) = db.execute("SELECT setup FROM games").fetchone()
    stored = json.loads(setup)
    assert stored["settings"]["repair_after_pass"] == "yes" and stored["ruleset"] == 1
    stored["settings"]["repair_after_pass"] = "no"  # as if the game had started under "no"
    with db:
        db.execute("UPDATE games SET setup = ?", (json.dumps(stored),))
    again = Table.resume(Store(path), table.game_id)
    assert again.engine.settings["repair_after_pass"] == "no"
    stored["ruleset"] = 99
    with db:
        db.execute("UPDATE games SET setup = ?", (json.dumps(stored),))
    with pytest.raises(StoreError, match="rules version 99"):
        Table.resume(Store(path), table.game_id)
