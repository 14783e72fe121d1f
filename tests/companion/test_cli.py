"""The `companion` command's contracts: score, play (2-4 players, hand-worked results), deck check."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main
from tests.companion.conftest import DATA, EXAMPLES

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play_json(
    capsys, name: str, players: str, game: str = "broken-and-beautiful", *extra: str
) -> dict:
    code, out, _ = run(
        capsys, "play", "--game", game, "--deck", str(DATA / f"{name}.toml"), "--players", players,
        "--script", str(DATA / f"{name}.script"), "--json", *extra,
    )  # fmt: skip
    assert code == 0
    return json.loads(out.strip().splitlines()[-1])


def totals(result: dict) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["total"], p["rank"]) for p in result["players"]}


def test_two_player_game(capsys) -> None:
    # Ana: wave teapot + wave tea jar (teapot 2), repaired crane bowl (1 + 1), tea-jar majority 6 = 10.
    # Ben: two blossom plates 6, one vase 1 = 7 (his 3 ingots from the gold card score nothing).
    result = play_json(capsys, "bnb-2p", "Ana,Ben")
    assert totals(result) == {"Ana": (10, 1), "Ben": (7, 2)}
    ana = result["players"][0]
    assert ana["breakdown"] == {"teapot": 2, "bowl": 2, "tea-jar": 6} and ana["repaired"] == 1
    assert result["winners"] == ["Ana"]


def test_three_player_game_with_gold_free_repairs_and_escalation(capsys) -> None:
    # Ana: two repaired cups, no saucer = 6 (she paid 0, 0, then 1+1 for the crane cup).
    # Ben: repaired blossom cup 3 x2 saucer = 3 + 3, blossom teapot with the blossom cup = 2; 8.
    # Cleo (new player, 1 ingot): tray 2, lone saucer 0, storage box 1 ingot = 1, one bowl 1; 4.
    result = play_json(
        capsys, "bnb-3p", "Ana,Ben,Cleo", "broken-and-beautiful", "--new-players", "Cleo"
    )
    assert totals(result) == {"Ana": (6, 2), "Ben": (8, 1), "Cleo": (4, 3)}
    assert [p["repaired"] for p in result["players"]] == [2, 1, 0]


def test_three_player_game_refused_line_and_strict(capsys) -> None:
    code, out, _ = run(
        capsys, "play", "--game", "broken-and-beautiful", "--deck", str(DATA / "bnb-3p.toml"),
        "--players", "Ana,Ben,Cleo", "--script", str(DATA / "bnb-3p.script"), "--strict",
    )  # fmt: skip
    assert code == 1
    assert "REFUSED: The wave saucer is in Cleo's collection" in out


def test_four_player_game_tie_broken_by_repaired_items(capsys) -> None:
    # Ben: two repaired crane plates 6 + 2 + 2, wave teapot alone 1 = 11 (2 repaired).
    # Dev: two vases 5, tea jar tied for most 6 = 11 (0 repaired).
    # Cleo: one repaired bowl (its twin broken) 1 + 1, tied tea jar 6 = 8.
    # Ana: both plates broken, tray 2, storage box with 0 ingots = 2.
    result = play_json(capsys, "bnb-4p", "Ana,Ben,Cleo,Dev")
    assert totals(result) == {"Ana": (2, 4), "Ben": (11, 1), "Cleo": (8, 3), "Dev": (11, 2)}
    assert result["winners"] == ["Ben"]


def test_mintsugi_game_splits_the_jug_majority(capsys) -> None:
    # Jugs: Ana and Ben have one repaired jug each: 6 split = 3, +1 fixed = 4 each.
    # Ana: 4 + one vase 1 + one bowl 1 = 6. Ben: 4 + one bowl 1 + lone plate 0 = 5.
    # Cleo: fixed cup 3 x2 saucer = 6, wave teapot with the wave cup = 2; 8.
    result = play_json(capsys, "mintsugi-3p", "Ana,Ben,Cleo", "mintsugi")
    assert totals(result) == {"Ana": (6, 2), "Ben": (5, 3), "Cleo": (8, 1)}
    # With the published game's tie rule each tied player scores the full 6 instead.
    full = play_json(capsys, "mintsugi-3p", "Ana,Ben,Cleo", "mintsugi", "--setting", "jug_tie=full")
    assert totals(full) == {"Ana": (9, 1), "Ben": (8, 2), "Cleo": (8, 2)}


def test_demo_games_play_to_a_score_sheet(capsys) -> None:
    for game, players, script in [
        ("broken-and-beautiful", "Ana,Ben,Cleo", "broken-and-beautiful-3p"),
        ("broken-and-beautiful", "Ana,Ben", "broken-and-beautiful-2p"),
        ("mintsugi", "Ana,Ben,Cleo,Dev", "mintsugi-4p"),
    ]:
        code, out, _ = run(
            capsys, "play", "--game", game, "--deck", str(EXAMPLES / f"{game}-demo.toml"), "--players",
            players, "--script", str(EXAMPLES / f"{script}.script"), "--strict",
        )  # fmt: skip
        assert code == 0, out
        assert "Final scores" in out and "Game over" in out


SLOW_PLAY = """
import sys, time
import companion.store as store
real = store.Store.append
def slow(self, *args, **kwargs):
    time.sleep(0.01)
    real(self, *args, **kwargs)
store.Store.append = slow
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_killed_mid_game_resumes_to_the_same_result(tmp_path) -> None:
    args = [
        "play", "--game", "broken-and-beautiful", "--deck", str(EXAMPLES / "broken-and-beautiful-demo.toml"),
        "--players", "Ana,Ben,Cleo", "--script", str(EXAMPLES / "broken-and-beautiful-3p.script"), "--json",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    whole = subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env
    )
    expected = json.loads(whole.stdout.strip().splitlines()[-1])

    db = tmp_path / "game.db"
    victim = subprocess.Popen([sys.executable, "-c", SLOW_PLAY, *args, "--db", str(db)], env=env,
                              stdout=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 20
    logged = 0
    while time.monotonic() < deadline and victim.poll() is None:
        if db.exists():
            try:
                logged = sqlite3.connect(db).execute("SELECT count(*) FROM inputs").fetchone()[0]
            except sqlite3.Error:
                logged = 0
            if logged >= 40:
                break
        time.sleep(0.005)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    assert victim.returncode == -signal.SIGKILL, "the game finished before it could be killed"

    resumed = subprocess.run([sys.executable, "-m", "companion", *args, "--db", str(db)],
                             capture_output=True, text=True, env=env)  # fmt: skip
    assert "Resuming saved game" in resumed.stdout
    assert json.loads(resumed.stdout.strip().splitlines()[-1]) == expected


def test_score_contract(capsys, monkeypatch) -> None:
    import io

    table = {"game": "broken-and-beautiful", "players": [
        {"name": "Ana", "ingots": 2, "collection": [
            {"kind": "cup", "state": "unbroken"}, {"kind": "teapot", "pattern": "wave", "state": "repaired"},
            {"kind": "storage-box", "state": "unbroken"}]},
        {"name": "Ben", "ingots": 0, "collection": [{"kind": "vase", "state": "repaired"}]}]}  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(table)))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0
    result = json.loads(out)
    assert result["players"][0] == {
        "name": "Ana", "total": 5, "breakdown": {"cup": 1, "teapot": 2, "storage-box": 2},
        "repaired": 1, "items": 3, "rank": 1,
    }  # fmt: skip
    assert result["winners"] == ["Ana"] and result["game"] == "broken-and-beautiful"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "chess", "players": []}', "game: unknown game 'chess'"),
        ('{"game": "mintsugi", "players": [{"name": "A", "collection": [{"kind": "tea-jar"}]}]}',
         "players[0].collection[0].kind: unknown kind 'tea-jar' for Mintsugi"),
        ('{"game": "mintsugi", "players": [{"name": "A", "collection": [{"kind": "jug", "state": "cracked"}]}]}',
         "players[0].collection[0].state"),
        ('{"game": "mintsugi", "players": [{"name": "A", "ingots": -1, "collection": []}]}', "players[0].ingots"),
        ('{"game": "mintsugi", "players": [{"collection": []}]}', "players[0].name: missing"),
    ],
)  # fmt: skip
def test_bad_score_input_exits_2_with_one_line(tmp_path, capsys, payload, message) -> None:
    path = tmp_path / "in.json"
    path.write_text(payload)
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_deck_check(tmp_path, capsys) -> None:
    code, out, _ = run(capsys, "deck", "check", str(EXAMPLES / "broken-and-beautiful-demo.toml"))
    assert code == 0 and "46 components" in out and "3 gold" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "broken-and-beautiful"\n\n[[component]]\nuid = "04AA0000000001"\nkind = "cup"\n'
                   'ingots = 1\n\n[[component]]\nuid = "04AA0000000002"\nkind = "mug"\ningots = 1\n')  # fmt: skip
    code, _, err = run(capsys, "deck", "check", str(bad))
    assert code == 2 and f"{bad}:8: component 2: kind 'mug'" in err


def test_missing_files_are_one_line_errors(capsys) -> None:
    code, _, err = run(capsys, "deck", "check", "/nonexistent/deck.toml")
    assert code == 2 and "cannot read deck file" in err
    code, _, err = run(capsys, "play", "--game", "mintsugi", "--deck", str(EXAMPLES / "mintsugi-demo.toml"),
                       "--players", "A,B", "--script", "/nonexistent.script")  # fmt: skip
    assert code == 2 and "cannot read script" in err
