"""Plays logged to BG Stats: the payload of real finished games (golden), its URL, its QR
code read back by a maintained decoder, and `companion history --json` / `export bgstats`."""

from __future__ import annotations

import json
import sqlite3
import struct
import zlib
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import zxingcpp

from companion.bgstats import PUSH_URL, play_payload, push_url
from companion.cli import main
from companion.games import definition
from companion.qr import qr_code
from companion.store import Store
from tests.companion.conftest import DATA, EXAMPLES

STARTED = 1_717_000_000.0  # 2024-05-29 16:26:40 UTC
INSTALLATION = "5f2b9c0e4a17"


def saved_game(tmp_path, capsys, deck, script, players, *extra) -> str:
    """A whole game played by `companion play` into a save file, at known times."""
    db = str(tmp_path / "companion.db")
    code = main(
        ["play", "--game", extra[0], "--deck", str(deck), "--players", players,
         "--script", str(script), "--db", db, *extra[1:]]
    )  # fmt: skip
    capsys.readouterr()
    assert code == 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET created = ?, finished = ?", (STARTED, STARTED + 47 * 60 + 20))
    store = Store(db)
    store.set_setting("installation_id", INSTALLATION)
    store.close()
    return db


@pytest.fixture
def bnb_db(tmp_path, capsys) -> str:
    return saved_game(
        tmp_path, capsys, DATA / "bnb-3p.toml", DATA / "bnb-3p.script", "Ana,Ben,Cleo",
        "broken-and-beautiful", "--new-players", "Cleo",
    )  # fmt: skip


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


GOLDEN = {
    "sourceName": "Table companion",
    "sourcePlayId": "5f2b9c0e4a17-1",
    "playDate": "2024-05-29 16:26:40",
    "durationMin": 47,
    "game": {
        "name": "Broken and Beautiful",
        "sourceGameId": "broken-and-beautiful",
        "highestWins": True,
        "noPoints": False,
    },
    "players": [
        {"name": "Ana", "sourcePlayerId": "ana", "score": 6, "winner": False, "rank": 2,
         "startPlayer": True},
        {"name": "Ben", "sourcePlayerId": "ben", "score": 8, "winner": True, "rank": 1,
         "startPlayer": False},
        {"name": "Cleo", "sourcePlayerId": "cleo", "score": 4, "winner": False, "rank": 3,
         "startPlayer": False},
    ],
}  # fmt: skip


def test_a_finished_three_player_game_is_exactly_the_golden_play(bnb_db, capsys):
    code, out, _ = run(capsys, "export", "bgstats", "1", "--json", "--db", bnb_db)
    assert code == 0
    assert json.loads(out) == GOLDEN


def test_the_url_carries_the_same_play_and_its_qr_code_decodes_to_the_url(bnb_db, capsys):
    code, out, _ = run(capsys, "export", "bgstats", "1", "--db", bnb_db)
    url = out.strip()
    assert code == 0 and url.startswith(PUSH_URL) and url == push_url(GOLDEN)
    [data] = parse_qs(urlsplit(url).query)["data"]
    assert json.loads(data) == GOLDEN
    assert len(url) < 8000

    modules = list(qr_code(url).matrix_iter(scale=4, border=4))
    pixels = bytes(0 if dark else 255 for row in modules for dark in row)
    image = memoryview(pixels).cast("B", (len(modules), len(modules[0])))
    assert [code.text for code in zxingcpp.read_barcodes(image)] == [url]


def test_the_terminal_qr_code_comes_before_the_url(bnb_db, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # a wide terminal: the code is drawn in it
    code, out, _ = run(capsys, "export", "bgstats", "1", "--qr", "--db", bnb_db)
    lines = out.splitlines()
    assert code == 0 and lines[-1].startswith(PUSH_URL)
    assert len(lines) > 20 and any("█" in line or "▀" in line for line in lines[:-1])
    assert max(len(line) for line in lines[:-1]) <= 200
    assert not list(Path(bnb_db).parent.glob("*.png"))


def png_pixels(path: Path) -> memoryview:
    """segno's PNG (1 bit a pixel) as 8-bit greys for zxing-cpp."""
    data, chunks = path.read_bytes(), []
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    at, width, height = 8, 0, 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (1, 0)
        elif kind == b"IDAT":
            chunks.append(body)
        at += 12 + length
    raw, stride = zlib.decompress(b"".join(chunks)), (width + 7) // 8 + 1
    rows: list[bytes] = []
    for i in range(height):
        line = raw[i * stride : (i + 1) * stride]
        assert line[0] in (0, 2)  # segno: none, or "Up" (zeros: the row above again)
        assert line[0] == 0 or not any(line[1:])
        rows.append(line[1:] if line[0] == 0 else rows[-1])
    bits = (row[x // 8] >> (7 - x % 8) & 1 for row in rows for x in range(width))
    return memoryview(bytes(255 * bit for bit in bits)).cast("B", (height, width))


def test_a_code_wider_than_the_terminal_is_a_picture_and_it_says_so(bnb_db, capsys, monkeypatch):
    """An 80-column terminal wrapped the 121-column code into something no phone reads
    (issue 24): the code goes into a PNG beside the save, and the words say where."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "export", "bgstats", "1", "--qr", "--db", bnb_db)
    lines = out.splitlines()
    png = Path(bnb_db).parent / "bgstats-game-1.png"
    assert code == 0 and lines[-1].startswith(PUSH_URL) and png.is_file()
    assert lines[:-1] == [
        "The QR code (121 columns) is wider than this terminal (80); it is in a picture:",
        str(png),
        "Scan the picture with the phone, or open the link below on it.",
    ]
    assert all(len(line) <= 80 for line in lines[:-1] if line != str(png))
    assert [found.text for found in zxingcpp.read_barcodes(png_pixels(png))] == [lines[-1]]


def test_a_picture_that_cannot_be_written_is_one_line_and_the_link_still_comes(
    bnb_db, capsys, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "80")
    (Path(bnb_db).parent / "bgstats-game-1.png").mkdir()  # a folder where the file would go
    code, out, err = run(capsys, "export", "bgstats", "1", "--qr", "--db", bnb_db)
    assert code == 1 and out.strip().startswith(PUSH_URL)
    assert err.startswith("companion: cannot write the QR code to ") and err.count("\n") == 1


def test_source_ids_are_stable_across_exports_and_installations_differ(bnb_db, tmp_path):
    store = Store(bnb_db)
    row = store.game(1)
    assert play_payload(row, INSTALLATION) == play_payload(row, INSTALLATION)
    other = play_payload(row, "0000aaaa1111")
    assert other["sourcePlayId"] != GOLDEN["sourcePlayId"]
    assert [p["sourcePlayerId"] for p in other["players"]] == ["ana", "ben", "cleo"]


def test_a_game_with_a_loser_and_no_points_uses_no_points(tmp_path, capsys):
    db = saved_game(
        tmp_path, capsys, EXAMPLES / "who-broke-it-demo.toml",
        EXAMPLES / "who-broke-it-4p.script", "Ana,Ben,Cleo,Dev", "who-broke-it",
    )  # fmt: skip
    payload = play_payload(Store(db).game(1), INSTALLATION)
    assert payload["game"] == {
        "name": "Who Broke It?",
        "sourceGameId": "who-broke-it",
        "highestWins": True,
        "noPoints": True,
    }
    assert all("score" not in p for p in payload["players"])
    losers = [p["name"] for p in payload["players"] if not p["winner"]]
    assert len(losers) == 1
    assert [p["rank"] for p in payload["players"] if not p["winner"]] == [2]


def test_bgg_id_is_sent_only_where_the_definition_knows_it(bnb_db, monkeypatch):
    import companion.bgstats as bgstats

    row = Store(bnb_db).game(1)
    assert "bggId" not in play_payload(row, INSTALLATION)["game"]
    known = replace(definition("broken-and-beautiful"), bgg_id=123456)
    monkeypatch.setattr(bgstats, "definition", lambda game: known)
    assert play_payload(row, INSTALLATION)["game"]["bggId"] == 123456


def test_an_unfinished_game_or_a_missing_save_is_one_line(tmp_path, capsys):
    store = Store(tmp_path / "c.db")
    store.create_game("mintsugi", "d", {"players": [{"name": "A"}], "first": 0})
    store.close()
    code, _, err = run(capsys, "export", "bgstats", "1", "--db", str(tmp_path / "c.db"))
    assert code == 2 and err == "companion: game 1 is not finished: BG Stats takes finished plays\n"
    code, _, err = run(capsys, "export", "bgstats", "9", "--db", str(tmp_path / "c.db"))
    assert code == 2 and err == "companion: there is no saved game number 9\n"
    code, _, err = run(capsys, "history", "--db", str(tmp_path / "none.db"))
    assert code == 2 and err.startswith("companion: no save file at ")
    assert not (tmp_path / "none.db").exists()


def test_history_lists_every_finished_game_with_its_sheet(bnb_db, capsys):
    code, out, _ = run(capsys, "history", "--json", "--db", bnb_db)
    [entry] = json.loads(out)
    assert code == 0
    assert entry["id"] == 1 and entry["title"] == "Broken and Beautiful"
    assert entry["players"] == ["Ana", "Ben", "Cleo"]
    assert (entry["started"], entry["finished"]) == ("2024-05-29 16:26:40", "2024-05-29 17:14:00")
    assert entry["sheet"]["winners"] == ["Ben"]
    assert [p["total"] for p in entry["sheet"]["players"]] == [6, 8, 4]
    code, out, _ = run(capsys, "history", "--db", bnb_db)
    assert out.strip().endswith("Ana 6, Ben 8, Cleo 4; Ben won")


def test_the_default_save_file_is_the_apps(bnb_db, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    code, out, _ = run(capsys, "history")
    assert code == 0 and "Ben won" in out
