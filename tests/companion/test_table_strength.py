"""The table session's bookkeeping (issue 13): which readers are seats, how old saves are
read, how inputs are numbered in the save file, and which script lines a game has played."""

from __future__ import annotations

import json
import sqlite3

from companion.cli import main
from companion.store import LoggedInput, Store
from companion.table import Table, seat_readers, setup_from_json
from tests.companion.conftest import DATA, make_deck, play

CARDS = [("cup", "wave", 1), ("plate", "wave", 2), ("bowl", None, 1)] * 4


def test_only_readers_named_for_an_existing_seat_are_seats() -> None:
    names = ["seat1", "seat2", "seat3", "seat0", "seat", "seatx", "center", "seat12"]
    assert seat_readers(names, 2) == {"seat1": 0, "seat2": 1}
    assert seat_readers(names, 3) == {"seat1": 0, "seat2": 1, "seat3": 2}


def test_a_save_from_before_per_player_options_keeps_its_new_player_and_first_player() -> None:
    stored = {
        "game": "broken-and-beautiful",
        "players": [{"name": "Ana", "new_player": True}, {"name": "Ben"}],
        "components": [{"uid": "04EE0000000001", "kind": "cup", "ingots": 1}],
    }
    setup = setup_from_json(stored)
    assert [(p.name, dict(p.options)) for p in setup.players] == [
        ("Ana", {"new_player": True}),
        ("Ben", {}),
    ]
    assert setup.first == 0 and list(setup.components) == ["04EE0000000001"]


def test_the_save_file_numbers_inputs_one_by_one_across_a_resume(tmp_path) -> None:
    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2")
    table.undo()
    resumed = Table.resume(Store(path), table.game_id)
    play(resumed, "scan 2", "scan 3")
    with sqlite3.connect(path) as db:
        seqs = [row[0] for row in db.execute("SELECT seq FROM inputs ORDER BY seq")]
    assert seqs == [1, 2, 3, 4, 5]
    assert resumed.state.draft == Table.resume(Store(path), table.game_id).state.draft


def test_a_table_knows_no_script_line_until_one_is_played(tmp_path) -> None:
    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    assert table.last_line == 0
    play(table, "scan 1")  # from the screen: no script line
    assert table.last_line == 0 and Table.resume(Store(path), table.game_id).last_line == 0
    table.scan("04EE0000000002", line=7)
    assert table.last_line == 7 and Table.resume(Store(path), table.game_id).last_line == 7


def test_a_script_whose_first_line_is_an_input_plays_that_line(tmp_path, capsys) -> None:
    lines = (DATA / "bnb-2p.script").read_text().splitlines()
    script = tmp_path / "bare.script"
    script.write_text("\n".join(line for line in lines if line and not line.startswith("#")))
    code = main(
        ["play", "--game", "broken-and-beautiful", "--deck", str(DATA / "bnb-2p.toml"),
         "--players", "Ana,Ben", "--script", str(script), "--db", str(tmp_path / "g.db"),
         "--json", "--strict"]
    )  # fmt: skip
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    assert {p["name"]: p["total"] for p in result["players"]} == {"Ana": 10, "Ben": 7}


def test_an_undo_back_to_the_start_survives_a_resume(tmp_path) -> None:
    path = tmp_path / "save.db"
    table = Table.start(Store(path), make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1")
    table.undo()
    resumed = Table.resume(Store(path), table.game_id)
    assert resumed.state.draft == [] and not resumed.can_undo


def test_a_log_that_begins_with_an_undo_resumes_at_the_start(tmp_path) -> None:
    """Nothing writes such a log today; one edited by hand or by an old version still opens."""
    path = tmp_path / "save.db"
    store = Store(path)
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    store.append(table.game_id, 1, LoggedInput("undo"))
    store.append(table.game_id, 2, LoggedInput("scan", uid="04EE0000000001"))
    resumed = Table.resume(Store(path), table.game_id)
    assert resumed.state.draft == ["04EE0000000001"] and resumed.can_undo
    resumed.undo()
    assert not resumed.can_undo
