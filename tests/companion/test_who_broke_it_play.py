"""Who Broke It? from the command line: the demo scripts for 2, 4 and 6 players, and
`companion score`. Outcomes worked out by hand from each script's comments."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.deck import load_deck
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES

DECK = str(EXAMPLES / "who-broke-it-demo.toml")


TWO = ["call_mum_self=no"]  # the 2-player record's table played W10 that way (its header)


@pytest.mark.parametrize(
    ("players", "loser", "reason", "discarded", "hands"),
    [
        # Ben ends with no card (Distraction took his last); Ana's It's Their Fault then has
        # nobody to give to. Ana reveals a Spare Vase, so the vase was set aside: removed
        # from the round, nobody loses (W13's default, the printed text).
        # 30 cards = 27 discarded (lines saying plays/discards) + 2 set aside + Ana's 1.
        ("Ana,Ben", None, "nobody holds the Broken Vase: it was set aside", 27, [1, 0]),
        # Dev's own reader takes his reveal first (bound to his seat): Call Mum; Cleo shows
        # an Alibi; Ben's card on the shared reader is the Broken Vase. 30 = 22 + 4 + 4.
        ("Ana,Ben,Cleo,Dev", "Ben", "Ben holds the Broken Vase: Ben loses", 22, [1] * 4),
        # Mum checks Cleo (not the vase); at the reveal Eli shows the vase. 30 = 18 + 6 + 6.
        (
            "Ana,Ben,Cleo,Dev,Eli,Fay",
            "Eli",
            "Eli holds the Broken Vase: Eli loses",
            18,
            [1] * 6,
        ),
    ],
)
def test_demo_scripts_play_whole_games(capsys, players, loser, reason, discarded, hands) -> None:
    names = players.split(",")
    script = str(EXAMPLES / f"who-broke-it-{len(names)}p.script")
    settings = TWO if len(names) == 2 else []
    code = main(["play", "--game", "who-broke-it", "--deck", DECK, "--players", players,
                 "--script", script, "--strict", "--json",
                 *(f"--setting={pair}" for pair in settings)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"Lost: {loser} ({reason})" in out if loser else f"Winner: Ana, Ben ({reason})" in out
    result = json.loads(out.strip().splitlines()[-1])
    assert result.get("losers", []) == ([loser] if loser else [])
    assert result["winners"] == [n for n in names if n != loser]
    assert [p["total"] for p in result["players"]] == [None] * len(names)

    # the same script through a table: the counts at the end
    steps = load_script(script)
    readers = [s.reader for s in steps if isinstance(s, ScanStep)]
    table = Table.start(
        Store(),
        load_deck(DECK),
        names,
        seats=seat_readers(readers, len(names)),
        settings=dict(pair.split("=") for pair in settings),
    )
    for step in steps:
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg)
    view = table.view()
    assert view.zone("discard").size == discarded and view.zone("deck").size == 0
    assert [view.zone(f"hand:{i}").size for i in range(len(names))] == hands
    assert any("to the reader" in line for line in view.log)  # a Call Mum check happened
    assert view.status.startswith("Game over")


def score(capsys, tmp_path, payload: dict) -> tuple[int, str, str]:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(payload))
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_score_names_the_holder_of_the_vase(capsys, tmp_path) -> None:
    players = [
        {"name": "Ana", "last_card": "spare-vase"},
        {"name": "Ben", "last_card": "broken-vase"},
        {"name": "Cleo", "last_card": "alibi"},
    ]
    code, out, _ = score(capsys, tmp_path, {"game": "who-broke-it", "players": players})
    result = json.loads(out)
    assert code == 0 and result["losers"] == ["Ben"] and result["winners"] == ["Ana", "Cleo"]


def test_score_vase_set_aside_per_setting(capsys, tmp_path) -> None:
    players = [
        {"name": "Ana", "last_card": "spare-vase", "set_aside": "alibi"},
        {"name": "Ben", "set_aside": "broken-vase"},  # Ben ended with no card
    ]
    payload = {"game": "who-broke-it", "players": players}
    _, out, _ = score(capsys, tmp_path, payload)  # W13's default: removed from the round
    assert "losers" not in json.loads(out) and json.loads(out)["winners"] == ["Ana", "Ben"]
    setter = payload | {"settings": {"vase_set_aside": "setter-loses"}}
    _, out, _ = score(capsys, tmp_path, setter)
    assert json.loads(out)["losers"] == ["Ben"]


def test_the_2p_record_under_setter_loses_scans_the_set_aside_cards(capsys, tmp_path) -> None:
    script = tmp_path / "2p.script"
    record = (EXAMPLES / "who-broke-it-2p.script").read_text()
    script.write_text(record + "scan 04B10000000001 @seat1   # set aside: Ana: Broken Vase\n")
    code = main(["play", "--game", "who-broke-it", "--deck", DECK, "--players", "Ana,Ben",
                 "--script", str(script), "--strict", "--setting", "call_mum_self=no",
                 "--setting", "vase_set_aside=setter-loses"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Lost: Ana (Ana set aside the Broken Vase: Ana loses)" in out


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"name": "Ana", "last_card": "vase"}], 'players[0].last_card: unknown card "vase"'),
        ([{"last_card": "alibi"}], "players[0].name: missing"),
        (
            [
                {"name": "Ana", "last_card": "broken-vase"},
                {"name": "Ben", "last_card": "broken-vase"},
            ],
            "players[1].last_card: a second broken-vase",
        ),
        (
            [{"name": "Ana", "last_card": "alibi", "set_aside": "alibi"}],
            "players: no last_card or set_aside is the broken",
        ),
        (
            [
                {"name": "Ana", "set_aside": "broken-vase"},
                {"name": "Ben", "last_card": "broken-vase"},
            ],
            "players[0].set_aside: the broken-vase is already players[1]'s last_card",
        ),
    ],
)
def test_bad_score_input_names_the_field(capsys, tmp_path, players, message) -> None:
    code, _, err = score(capsys, tmp_path, {"game": "who-broke-it", "players": players})
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
