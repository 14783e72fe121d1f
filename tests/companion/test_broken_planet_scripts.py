"""Whole games from the example scripts, through the real table session and the CLI; favor
and hands worked out by hand (each script's comments follow the hands step by step).
Also `companion score` for a Broken Planet table."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.cli import main
from companion.cli.score import score_json
from companion.score_input import ScoreInputError
from companion.store import Store
from companion.table import Table
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES
from tests.companion.test_broken_planet import DECK, MAP

MAP_FILE = str(EXAMPLES / "broken-planet-demo-map.toml")


def play_script(name: str, players: list[str]) -> Table:
    table = Table.start(Store(), DECK, players, extra={"map": MAP})
    for step in load_script(EXAMPLES / name):
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            seat = players.index(step.seat) if step.seat else None
            table.tap(step.option, step.arg, seat=seat)
    return table


def hands(table: Table) -> dict[str, dict[str, int]]:
    return {name: table.engine.hand(table.state, name) for name in table.players}


def test_three_player_game_favor_and_hands_worked_out_by_hand():
    table = play_script("broken-planet-3p.script", ["Ana", "Ben", "Cleo"])
    assert table.finished
    sheet = table.scores()
    assert [(p.name, p.total, dict(p.breakdown)) for p in sheet.players] == [
        ("Ana", 7, {"temples": 0, "relics": 7, "golem": 0}),  # bronze (Ben's) 2 + golden 5
        ("Ben", 2, {"temples": 2, "relics": 0, "golem": 0}),  # Amber Anvil
        ("Cleo", 6, {"temples": 4, "relics": 2, "golem": 0}),  # Outpost 2 + Onyx 2, bronze
    ]
    assert sheet.winners == ("Ana",) and [p.rank for p in sheet.players] == [1, 3, 2]
    assert hands(table) == {
        "Ana": {"sapphire": 1},
        "Ben": {"diamond": 1, "sapphire": 2},
        "Cleo": {"diamond": 1, "ruby": 1, "sapphire": 1},
    }
    s = table.state
    assert s.pawns == [[2], [13], [5]]
    assert s.supply == {"diamond": 14, "emerald": 16, "ruby": 15, "sapphire": 12}


def test_two_player_game_two_pawns_each_and_a_hand_halved_once():
    table = play_script("broken-planet-2p.script", ["Ana", "Ben"])
    assert table.finished
    sheet = table.scores()
    assert [(p.name, p.total, dict(p.breakdown)) for p in sheet.players] == [
        ("Ana", 2, {"temples": 2, "relics": 0, "golem": 0}),
        ("Ben", 7, {"temples": 5, "relics": 2, "golem": 0}),
    ]
    assert sheet.winners == ("Ben",)
    assert hands(table) == {
        "Ana": {"emerald": 1, "ruby": 1, "sapphire": 1},
        "Ben": {"diamond": 1, "ruby": 1},
    }
    assert table.state.pawns == [[1, 10], [3, 11]]


def test_the_view_hides_every_hand_but_shows_its_size():
    table = play_script("broken-planet-2p.script", ["Ana", "Ben"])
    view = table.view()
    counters = {p.name: {c.key: c.value for c in p.counters} for p in view.players}
    assert counters["Ana"]["gems"] == 3 and counters["Ben"]["gems"] == 2
    public = {k: v for k, v in view.board.items() if k != "piles"}  # the piles are public
    text = repr(replace(view, board=public))
    assert not any(f"'{gem}': " in text for gem in ("diamond", "emerald", "ruby", "sapphire"))
    board = view.board
    assert board["routes"][0] == [1, 2] and board["islands"][0]["at"] == [0.5, 0.5]
    six = board["islands"][5]
    assert [t["name"] for t in six["temples"]] == [None, "Amber Anvil"]
    assert six["temples"][1]["owner"] == "Ana" and six["temples"][1]["colour"] == "red"
    assert board["last_offer"] and board["rounds"] == 5


def test_companion_play_with_a_map_and_json(capsys):
    args = ["play", "--game", "broken-planet", "--deck", str(EXAMPLES / "broken-planet-demo.toml"),
            "--map", MAP_FILE, "--players", "Ana,Ben,Cleo", "--strict", "--json",
            "--script", str(EXAMPLES / "broken-planet-3p.script")]  # fmt: skip
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["winners"] == ["Ana"] and [p["total"] for p in result["players"]] == [7, 2, 6]


def test_a_line_naming_someone_not_playing_is_refused_and_the_script_goes_on(capsys, tmp_path):
    """docs/formats.md: an illegal line is reported and the script goes on (it used to end
    the whole run with exit 2); --strict stops at it with exit 1."""
    script = tmp_path / "s.script"
    script.write_text("tap island 2 @Zed\ntap island 2 @Ana\n")
    args = ["play", "--game", "broken-planet", "--deck", str(EXAMPLES / "broken-planet-demo.toml"),
            "--map", MAP_FILE, "--players", "Ana,Ben", "--script", str(script)]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "1: tap island 2 @Zed: REFUSED: @Zed is not a player (Ana, Ben)" in out
    assert "2: tap island 2 @Ana: " in out  # the next line was played
    assert main([*args, "--strict"]) == 1
    out = capsys.readouterr().out
    assert "REFUSED: @Zed is not a player" in out and "2: tap island 2 @Ana" not in out


# -- companion score --------------------------------------------------------------------------
def test_score_json_with_favor_inline_and_a_shared_victory():
    data = {
        "game": "broken-planet",
        "favor": {"temples": {"gold-golem": 5, "onyx-oasis": 2, "sapphire-shrine": 3},
                  "relics": {"bronze": 2, "golden": 5}},
        "players": [
            {"name": "Ana", "temples": ["sapphire-shrine", "gold-golem"], "relics": ["bronze"]},
            {"name": "Ben", "temples": ["onyx-oasis"], "relics": ["golden", "golden"]},
            {"name": "Cleo"},
        ],
    }  # fmt: skip
    out = score_json(json.dumps(data)).to_json()
    assert [(p["name"], p["total"], p["rank"]) for p in out["players"]] == [
        ("Ana", 3 + 5 + 2 + 2, 1),  # golem: 2 temples, itself counted
        ("Ben", 2 + 10, 1),
        ("Cleo", 0, 3),
    ]
    assert out["winners"] == ["Ana", "Ben"]
    data["settings"] = {"shared_victory": "two-player"}
    assert score_json(json.dumps(data)).winners == ()


def test_score_json_reads_the_favor_from_a_map_file():
    data = {"game": "broken-planet", "map": MAP_FILE,
            "players": [{"name": "Ana", "temples": ["onyx-oasis", "bloodstone-altar",
                                                    "crystal-crypt"], "relics": ["silver"]},
                        {"name": "Ben"}]}  # fmt: skip
    assert [p.total for p in score_json(json.dumps(data)).players] == [2 + 4 + 6 + 4, 0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"players": [{"name": "Ana", "temples": ["opal-pyramid"]}, {"name": "Ben"}]},
            "players[0].temples[0]",
        ),
        ({"players": [{"name": "Ana", "relics": ["iron"]}, {"name": "Ben"}]}, 'no relic "iron"'),
        ({"favor": None, "map": "/nonexistent.toml"}, "map: cannot read map file"),
        ({"favor": {"temples": {}, "relics": {"bronze": -1}}}, "favor.relics.bronze"),
    ],
)
def test_score_json_errors_name_the_field(change, message):
    data = {"game": "broken-planet", "favor": {"temples": {}, "relics": {}},
            "players": [{"name": "Ana"}, {"name": "Ben"}]} | change  # fmt: skip
    if data.get("favor") is None:
        del data["favor"]
    with pytest.raises(ScoreInputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        score_json(json.dumps(data))
