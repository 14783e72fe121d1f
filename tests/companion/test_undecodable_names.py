"""Issue 25's last name case: a player name whose stored bytes are not UTF-8 (an older version
wrote it into the stored setup and result) made every read of the save fail, so `export
bgstats` and `history` said "damaged" on every run and `play --db` set the whole save aside.
Such a name now reads as U+FFFD; damage to the JSON around it is still damage."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from companion.store import Store
from tests.companion.test_save_honesty import one, whole
from tests.companion.test_save_safety import ARGS, SCRIPT, half_played, run

BAD = b"B\xffen\xc3"  # "Ben" with a byte that never starts UTF-8 and one cut short
SHOWN = "B\ufffden\ufffd"


def write_raw_name(db: Path, *columns: str) -> None:
    """Replace "Ben" in the stored columns by bytes that are not UTF-8, stored as text, as an
    older version could leave them (raw sqlite3, a bytes parameter cast to text)."""
    with closing(sqlite3.connect(db)) as raw:
        for column in columns:
            (text,) = raw.execute(f"SELECT {column} FROM games WHERE id = 1").fetchone()
            stored = text.encode().replace(b'"Ben"', b'"' + BAD + b'"')
            assert stored != text.encode()
            raw.execute(f"UPDATE games SET {column} = CAST(? AS TEXT) WHERE id = 1", (stored,))
        raw.commit()
    assert one(db, "SELECT typeof(setup) FROM games WHERE id = 1") == ("text",)


def test_export_and_history_show_a_name_that_is_not_utf8_and_exit_0(tmp_path, capsys):
    db = half_played(tmp_path, capsys, lines=len(SCRIPT))
    write_raw_name(db, "setup", "result")
    code, out, err = run(capsys, "export", "bgstats", "1", "--db", str(db))
    assert (code, err) == (0, "") and "B%EF%BF%BDen%EF%BF%BD" in out  # U+FFFD, URL-quoted
    code, out, err = run(capsys, "export", "bgstats", "1", "--json", "--db", str(db))
    assert (code, err) == (0, "") and SHOWN in out
    code, out, err = run(capsys, "history", "--db", str(db))
    assert (code, err) == (0, "") and f"{SHOWN} 8" in out
    assert not list(tmp_path.glob("save.db.damaged-*"))


def test_play_resumes_a_game_whose_stored_name_is_not_utf8(tmp_path, capsys):
    db = half_played(tmp_path, capsys)
    write_raw_name(db, "setup")
    code, out, err = run(capsys, *ARGS, "--script", whole(tmp_path), "--db", str(db))
    assert (code, err) == (0, "") and "Resuming saved game 1" in out
    assert f"Winner: {SHOWN}" in out
    assert not list(tmp_path.glob("save.db.damaged-*"))
    store, notice = Store.open_or_set_aside(db)
    assert notice is None and [g.id for g in store.games()] == [1]
    store.close()


def test_a_bad_byte_in_the_json_around_a_name_still_sets_the_game_aside(tmp_path, capsys):
    db = half_played(tmp_path, capsys)
    with closing(sqlite3.connect(db)) as raw:
        (text,) = raw.execute("SELECT setup FROM games WHERE id = 1").fetchone()
        stored = text.encode().replace(b'"players"', b'\xff"players"', 1)
        raw.execute("UPDATE games SET setup = CAST(? AS TEXT) WHERE id = 1", (stored,))
        raw.commit()
    store, notice = Store.open_or_set_aside(db)
    assert notice == "saved game 1 (broken-and-beautiful) is damaged: it was set aside"
    assert store.games() == []
    store.close()
