"""Issue 25 item 1: a loss is named exactly when inputs were lost, whatever command runs
first; one damaged game is set aside and played on, not a refusal at every start; a file that
is not one of our saves is never renamed or replaced."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion import saves
from companion.deck import load_deck
from companion.inputs import IllegalInput
from companion.store import LoggedInput, Store, StoreError
from companion.table import Table
from hardware.script import ScanStep, parse_script
from tests.companion.conftest import DATA
from tests.companion.test_save_safety import ARGS, SCRIPT, half_played, inputs_of, run
from tests.companion.test_saves_strength import game_of

FULL = str(DATA / "bnb-3p.script")
TITLE = "broken-and-beautiful: Ana, Ben, Cleo"


def sql(db: Path, statement: str, *params) -> None:
    """A change made outside the app: a bad card, a bad copy, a stray editor."""
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(statement, params)
        raw.commit()


def one(db: Path, query: str, *params):
    with closing(sqlite3.connect(db)) as raw:
        return raw.execute(query, params).fetchone()


def whole(tmp_path) -> str:
    """The half-played run's script, now whole: the same run (same file), played on."""
    script = tmp_path / "game.script"
    script.write_text("\n".join(SCRIPT) + "\n")
    return str(script)


def only_line(err: str) -> str:
    assert err.startswith("companion: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# -- a loss is named exactly when inputs were lost ---------------------------------------


def killed_after_final_commit(tmp_path, capsys) -> Path:
    """The state a kill right after the commit that finishes a game leaves: the game finished
    in the save, the ledger and the backup still as they were a few inputs before."""
    db = half_played(tmp_path, capsys, lines=len(SCRIPT))
    had = inputs_of(db)
    created = one(db, "SELECT created FROM games WHERE id = 1")[0]
    saves.write_ledger(db, {1: (created, had - 1, TITLE)})
    backup = saves.sibling(db, ".backup")
    shutil.copy(db, backup)
    sql(backup, "DELETE FROM inputs WHERE seq > 20")
    sql(backup, "UPDATE games SET finished = NULL, result = NULL")
    return db


def test_a_kill_right_after_the_final_commit_is_not_called_a_loss(tmp_path, capsys):
    db = killed_after_final_commit(tmp_path, capsys)
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and err == "" and "Final scores" in out
    assert not list(tmp_path.glob("save.db.backup-2*"))  # nothing offered, nothing to roll back
    store, notice = Store.open_or_set_aside(db)
    assert notice is None and store.backup_offer is None
    store.close()


def test_a_backup_that_would_roll_a_finished_game_back_is_not_offered(tmp_path):
    path = tmp_path / "save.db"
    store = Store(path)
    finished = game_of(store, 21)  # backed up at its 20th input, unfinished
    going = game_of(store, 25)  # backed up at its 20th input
    store.append(finished, 22, LoggedInput("tap", option="x"), result={"winners": ["Ana"]})
    store.settle()  # the backup now holds the finished game and 25 inputs of the other
    backup = saves.sibling(path, ".backup")
    shutil.copy(backup, tmp_path / "older")
    sql(tmp_path / "older", "DELETE FROM inputs WHERE game_id = ? AND seq > 20", finished)
    sql(tmp_path / "older", "UPDATE games SET finished = NULL, result = NULL")
    store.close()
    shutil.copy(tmp_path / "older", backup)  # older for the finished game, more of the other
    sql(path, "DELETE FROM inputs WHERE game_id = ? AND seq > 10", going)  # 15 inputs lost
    store, notice = Store.open_or_set_aside(path)
    assert notice is not None and "\n" not in notice
    assert f"game {going} (mintsugi: Ana, ?) had 25 inputs, the save now holds 10" in notice
    assert f"is older for game {finished}, so it is not offered" in notice
    assert store.backup_offer is None
    assert list(tmp_path.glob("save.db.backup-2*"))  # kept under its own name all the same
    store.close()


def garbled_wal(tmp_path) -> tuple[Path, int]:
    """A save pulled with its WAL garbled three quarters in (as test_save_safety's): its
    path, and how many inputs it had."""
    path = tmp_path / "save.db"
    store = Store(path)
    table = Table.start(store, load_deck(DATA / "bnb-3p.toml"), ["Ana", "Ben", "Cleo"])
    for step in parse_script("\n".join(SCRIPT[:40])):
        try:
            if isinstance(step, ScanStep):
                table.scan(step.uid, step.reader)
            else:
                table.tap(step.option, step.arg)
        except IllegalInput:
            pass
    store.settle()
    had = inputs_of(path)
    copy = tmp_path / "pulled"
    copy.mkdir()
    for part in tmp_path.glob("save.db*"):
        if part.is_file() and not part.name.endswith("-shm"):
            shutil.copy(part, copy / part.name)
    store.close()
    wal = bytearray((copy / "save.db-wal").read_bytes())
    at = len(wal) * 3 // 4
    wal[at : at + 100] = b"\xa5" * 100
    (copy / "save.db-wal").write_bytes(bytes(wal))
    return copy / "save.db", had


def test_a_garbled_wal_is_named_by_export_and_still_by_the_next_play(tmp_path, capsys):
    db, had = garbled_wal(tmp_path)
    code, out, err = run(capsys, "export", "bgstats", "1", "--db", str(db))
    assert code == 2 and out == ""
    assert f"game 1 ({TITLE}) had {had} inputs" in only_line(err)
    assert "not finished" in err
    code, out, err = run(capsys, "history", "--db", str(db))
    assert code == 1 and f"had {had} inputs" in only_line(err)
    store, notice = Store.open_or_set_aside(db)  # the ledger was not rewritten by either
    assert notice is not None and f"game 1 ({TITLE}) had {had} inputs" in notice
    store.close()


def test_history_on_an_emptied_save_says_so_and_leaves_it_empty(tmp_path, capsys):
    db = half_played(tmp_path, capsys, lines=len(SCRIPT))
    had = inputs_of(db)
    db.write_bytes(b"")
    for part in tmp_path.glob("save.db-*"):
        part.unlink()
    code, out, err = run(capsys, "history", "--db", str(db))
    assert code == 2 and out == "" and "is empty" in only_line(err)
    assert db.read_bytes() == b""  # history wrote no new save over it
    store, notice = Store.open_or_set_aside(db)  # a finished game emptied is named too
    assert notice is not None and f"game 1 ({TITLE}) had {had} inputs" in notice
    assert store.backup_offer is not None
    [game] = store.restore(store.backup_offer).games()
    assert game.finished is not None and game.inputs == had


def test_history_on_a_truncated_save_says_it_is_damaged(tmp_path, capsys):
    db = half_played(tmp_path, capsys, lines=len(SCRIPT))
    for part in tmp_path.glob("save.db-*"):
        part.unlink()
    with open(db, "r+b") as handle:
        handle.truncate(db.stat().st_size // 2)
    code, out, err = run(capsys, "history", "--db", str(db))
    assert code == 2 and "damaged" in only_line(err) and "no finished games" not in out


# -- one damaged game is set aside and played on ------------------------------------------


def clean_result(tmp_path, capsys) -> str:
    folder = tmp_path / "clean"
    folder.mkdir()
    code, out, _ = run(capsys, *ARGS, "--script", FULL, "--db", str(folder / "save.db"))
    assert code == 0
    return out[out.index("Final scores") :]


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE games SET setup = replace(setup, '\"ingots\"', '\"ingotz\"')",  # a letter
        "UPDATE games SET setup = '#' || substr(setup, 2)",  # JSON that does not parse
    ],
)
def test_a_damaged_setup_sets_the_game_aside_with_a_message_not_a_refusal(tmp_path, capsys, damage):
    db = half_played(tmp_path, capsys)
    sql(db, damage)
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and "Final scores" in out
    assert "saved game 1" in err and "set aside" in err and "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert one(db, "SELECT aside IS NOT NULL FROM games WHERE id = 1") == (1,)  # kept
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and err == "" and "Resuming saved game 2" in out  # said once


@pytest.mark.parametrize(
    ("column", "seq"),
    [("uid", 12), ("option", 9)],  # one changed letter in a scan, a tap
)
def test_a_damaged_input_plays_on_from_the_last_good_one(tmp_path, capsys, column, seq):
    db = half_played(tmp_path, capsys)
    before = one(db, f"SELECT {column} FROM inputs WHERE game_id = 1 AND seq = ?", seq)[0]
    good_line = one(db, "SELECT line FROM inputs WHERE game_id = 1 AND seq = ?", seq - 1)[0]
    sql(db, f"UPDATE inputs SET {column} = ? WHERE game_id = 1 AND seq = ?", before[:-1] + "Z", seq)
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0, err
    assert f"saved game 1 cannot be replayed at input {seq}" in only_line(err)
    assert f"play goes on from its input {seq - 1} as game 2" in err
    assert f"Resuming saved game 2 after script line {good_line}" in out
    assert out[out.index("Final scores") :] == clean_result(tmp_path, capsys)
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and err == "" and "Resuming saved game 2" in out


def test_a_damaged_run_id_is_recognised_and_repaired_not_a_silent_restart(tmp_path, capsys):
    db = half_played(tmp_path, capsys)
    sql(db, "UPDATE games SET source = replace(source, 'bnb-3p', 'bnb-3q')")
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and "Resuming saved game 1" in out
    assert "run id was damaged" in only_line(err)
    assert one(db, "SELECT count(*) FROM games") == (1,)
    assert out[out.index("Final scores") :] == clean_result(tmp_path, capsys)


@pytest.mark.parametrize("column", ["result", "setup"])
def test_a_renamed_key_in_a_stored_result_or_setup_is_one_line(tmp_path, capsys, column):
    db = half_played(tmp_path, capsys, lines=len(SCRIPT))
    sql(db, f"UPDATE games SET {column} = replace({column}, '\"players\"', '\"playerz\"')")
    code, out, err = run(capsys, "export", "bgstats", "1", "--db", str(db))
    assert code == 2 and out == "" and "saved game 1" in only_line(err) and "damaged" in err
    for extra in ([], ["--json"]):
        code, out, err = run(capsys, "history", "--db", str(db), *extra)
        assert code == 1 and "saved game 1" in only_line(err) and "damaged" in err


# -- a file that is not ours is never renamed or replaced ---------------------------------


def foreign_sqlite(path: Path) -> None:
    with closing(sqlite3.connect(path)) as raw:
        raw.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
        raw.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
        raw.commit()


@pytest.mark.parametrize("kind", ["toml", "sqlite", "fifo"])
def test_a_file_that_is_not_a_save_is_refused_in_one_line_and_left_alone(tmp_path, capsys, kind):
    target = tmp_path / ("our-deck.toml" if kind == "toml" else f"other.{kind}")
    if kind == "toml":
        shutil.copy(DATA / "bnb-3p.toml", target)
    elif kind == "sqlite":
        foreign_sqlite(target)
    else:
        import os

        os.mkfifo(target)
    before = target.read_bytes() if kind != "fifo" else b""
    listing = sorted(p.name for p in tmp_path.iterdir())
    for argv in ([*ARGS, "--script", FULL, "--db", str(target)], ["history", "--db", str(target)]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and "cannot open the save file" in only_line(err)
        assert "it was left as it is" in err or "no save file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == listing  # nothing renamed or made
    if kind != "fifo":
        assert target.read_bytes() == before


def test_our_saves_carry_the_mark_and_old_ones_are_recognised_and_stamped(tmp_path, capsys):
    db = half_played(tmp_path, capsys)
    assert one(db, "PRAGMA application_id") == (saves.APP_ID,)
    sql(db, "PRAGMA application_id = 0")  # as every save written before the mark
    for part in tmp_path.glob("save.db.*"):
        part.unlink()  # no ledger, no backup beside it: recognised by its tables alone
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert code == 0 and err == "" and "Resuming saved game 1" in out
    assert one(db, "PRAGMA application_id") == (saves.APP_ID,)


def test_a_foreign_sqlite_file_beside_a_stale_ledger_is_still_refused(tmp_path):
    target = tmp_path / "other.db"
    foreign_sqlite(target)
    saves.sibling(target, ".ledger").write_text("{}")
    before = target.read_bytes()
    with pytest.raises(StoreError, match="not a companion save file"):
        Store.open_or_set_aside(target)
    assert target.read_bytes() == before and not list(tmp_path.glob("other.db.damaged-*"))
