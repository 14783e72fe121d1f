"""Player names under attack (issue 25 item 4): control and invisible characters are removed
at entry, names are unique without regard to case, and whatever an older save holds is
printed safely by `play`, `history` and `export`."""

from __future__ import annotations

import json
import sqlite3
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.deck import load_deck
from companion.names import clean_name, player_names, printable
from companion.store import Store
from companion.table import Table
from tests.companion.conftest import EXAMPLES

DECK = str(EXAMPLES / "who-broke-it-demo.toml")
SCRIPT = str(EXAMPLES / "who-broke-it-4p.script")
HIDDEN = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}
NASTY = "\x1b[2J\x07\x85\u200b\u202e\u2066\ufeff\u2028"


def raw_controls(text: str) -> list[str]:
    return [c for c in text if c != "\n" and unicodedata.category(c) in HIDDEN]


def test_controls_and_invisibles_are_removed_at_entry():
    assert clean_name(f"A{NASTY}na") == "A[2Jna"
    assert clean_name("  Ana \t Maria\n") == "Ana Maria"
    table = Table.start(Store(), load_deck(DECK), [f"A\x1bna{NASTY}", "Ben"])
    assert table.players[0] == "Ana[2J"
    with pytest.raises(ValueError, match="no visible characters"):
        player_names(["\u200b\x1b", "Ben"])


def test_names_differing_only_by_case_are_one_player():
    with pytest.raises(ValueError, match="Ana and ana are the same name"):
        Table.start(Store(), load_deck(DECK), ["Ana", "ana"])
    with pytest.raises(ValueError, match="the same name"):
        Table.start(Store(), load_deck(DECK), ["Ana", "A\u200bNA"])


def test_the_cli_cleans_names_and_refuses_twins_in_one_line(capsys):
    code = main(["play", "--game", "who-broke-it", "--deck", DECK, "--players",
                 f"Ana{NASTY},Ben,Cleo,Dev", "--script", SCRIPT])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0 and not raw_controls(out + err)
    code = main(["play", "--game", "who-broke-it", "--deck", DECK, "--players",
                 "Ana,Ben,cleo,CLEO", "--script", SCRIPT])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 2 and "the same name" in err and len(err.strip().splitlines()) == 1


def finished_save(tmp_path) -> str:
    db = str(tmp_path / "save.db")
    assert main(["play", "--game", "who-broke-it", "--deck", DECK, "--players",
                 "Ana,Ben,Cleo,Dev", "--script", SCRIPT, "--db", db]) == 0  # fmt: skip
    return db


def rename_in_save(db: str, old: bytes, new: bytes) -> None:
    """What an older companion (or a stranger with sqlite3) may have left in a save."""
    with sqlite3.connect(db) as con:
        for column in ("setup", "result"):
            (text,) = con.execute(f"SELECT {column} FROM games WHERE id = 1").fetchone()
            con.execute(
                f"UPDATE games SET {column} = CAST(? AS TEXT) WHERE id = 1",
                (text.encode().replace(old, new),),
            )


def test_an_older_saves_control_characters_never_reach_the_terminal_raw(tmp_path, capsys):
    db = finished_save(tmp_path)
    capsys.readouterr()
    rename_in_save(db, b'"Ana"', json.dumps("A\x1b[2Jna\u0085\u202e", ensure_ascii=False).encode())
    for command in (["history", "--db", db], ["history", "--json", "--db", db],
                    ["export", "bgstats", "1", "--json", "--db", db]):  # fmt: skip
        code = main(command)
        out, err = capsys.readouterr()
        assert code == 0, err
        assert not raw_controls(out + err), command
        if "--json" in command:
            json.loads(out)  # escaped as JSON escapes them: still JSON


def test_an_older_saves_case_twins_get_two_bgstats_ids(tmp_path, capsys):
    db = finished_save(tmp_path)
    rename_in_save(db, b'"Ben"', b'"ana"')
    capsys.readouterr()
    assert main(["export", "bgstats", "1", "--json", "--db", db]) == 0
    ids = [p["sourcePlayerId"] for p in json.loads(capsys.readouterr().out)["players"]]
    assert len(set(ids)) == 4 and "ana" in ids


@given(st.lists(st.text(max_size=12), min_size=1, max_size=6))
def test_fuzz_entry_leaves_nothing_hidden_and_no_case_twins(names):
    try:
        cleaned = player_names(names)
    except ValueError:
        return
    assert all(name and not raw_controls(name) for name in cleaned)
    assert len({name.casefold() for name in cleaned}) == len(cleaned)
    assert not raw_controls(printable("".join(names)))
