"""`companion history --json` says which evening each game was played in; everything else
it prints, and the BG Stats play of each game, stays as it was."""

from __future__ import annotations

import json
import sqlite3

from companion.bgstats import installation_id, play_payload
from companion.cli import main
from companion.store import Store
from tests.companion.evenings import move, play_evening, play_example

NIGHT = 1_764_615_600.0  # 2025-12-01 19:00 UTC
HOUR = 3600.0


def saved_nights(tmp_path) -> str:
    """Three games one evening, one more the next day."""
    db = str(tmp_path / "companion.db")
    store = Store(db)
    ids = [*play_evening(store), play_example(store, "who-broke-it", 2)]
    for n, gid in enumerate(ids[:3]):
        move(store, gid, NIGHT + n * HOUR, NIGHT + (n + 0.75) * HOUR)
    move(store, ids[3], NIGHT + 20 * HOUR, NIGHT + 21 * HOUR)
    store.close()
    return db


def test_each_game_says_its_evening_and_which_game_of_it(tmp_path, capsys):
    db = saved_nights(tmp_path)
    assert main(["history", "--json", "--db", db]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in entries] == [4, 3, 2, 1]  # newest first, as before
    assert [e["evening"] for e in entries] == [
        {"number": 2, "began": "2025-12-02 15:00:00", "game": 1, "games": 1},
        {"number": 1, "began": "2025-12-01 19:00:00", "game": 3, "games": 3},
        {"number": 1, "began": "2025-12-01 19:00:00", "game": 2, "games": 3},
        {"number": 1, "began": "2025-12-01 19:00:00", "game": 1, "games": 3},
    ]
    keys = ["id", "game", "title", "deck", "players", "started", "finished", "sheet", "evening"]
    assert all(list(e) == keys for e in entries), "the documented fields, in order"
    assert main(["history", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[1].endswith("Ana, Ben, Cleo, Dev; Ben lost")


def test_bgstats_still_gets_one_play_per_game(tmp_path, capsys):
    db = saved_nights(tmp_path)
    store = Store(db)
    plays = [play_payload(row, installation_id(store)) for row in store.games(finished=True)]
    store.close()
    assert len({p["sourcePlayId"] for p in plays}) == 4
    assert all("evening" not in json.dumps(p) for p in plays)


def test_a_damaged_result_is_left_out_and_said_but_the_evenings_still_count_it(tmp_path, capsys):
    db = saved_nights(tmp_path)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET result = ? WHERE id = 2", ('{"players": 7}',))
    assert main(["history", "--json", "--db", db]) == 1
    out, err = capsys.readouterr()
    entries = json.loads(out)
    assert [e["id"] for e in entries] == [4, 3, 1]
    assert entries[1]["evening"]["game"] == 3 and "game 2" in err
