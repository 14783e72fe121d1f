"""`companion score` refuses a Broken Planet table the game cannot hold (issue 26 item 5),
in one line with exit 2, instead of scoring it."""

from __future__ import annotations

import json

import pytest

from tests.companion.conftest import EXAMPLES
from tests.companion.test_hostile_input import refused

MAP = str(EXAMPLES / "broken-planet-demo-map.toml")
FAVOR = {"temples": {"gold-golem": 5, "sapphire-shrine": 2}, "relics": {"golden": 4}}


def _score(capsys, tmp_path, **table) -> str:
    path = tmp_path / "score.json"
    path.write_text(json.dumps({"game": "broken-planet", **table}))
    return refused(capsys, "score", str(path))


def _players(*names: str, **holding) -> list[dict]:
    return [{"name": n, **holding} for n in names]


@pytest.mark.parametrize("names", [("Ana",), ("A", "B", "C", "D", "E", "F")])
def test_players_outside_two_to_five(capsys, tmp_path, names):
    err = _score(capsys, tmp_path, favor=FAVOR, players=_players(*names))
    assert f"not {len(names)}" in err


def test_the_same_name_twice_case_insensitively(capsys, tmp_path):
    err = _score(capsys, tmp_path, favor=FAVOR, players=_players("Ana", "ana"))
    assert "same name" in err


def test_a_temple_without_the_one_before(capsys, tmp_path):
    table = _players("Ana", "Ben", temples=["sapphire-shrine", "gold-golem"])
    err = _score(capsys, tmp_path, map=MAP, players=table)
    assert "Gold Golem needs Temple of Time built first" in err


def test_the_observatory_waives_the_order(tmp_path, capsys):
    from companion.cli import main

    built = ["amber-anvil", "garnet-garden", "opal-observatory", "gold-golem"]
    path = tmp_path / "score.json"
    path.write_text(
        json.dumps(
            {"game": "broken-planet", "map": MAP, "players": _players("Ana", "Ben", temples=built)}
        )
    )
    assert main(["score", str(path)]) == 0, capsys.readouterr()


def test_thirteen_of_one_relic_kind(capsys, tmp_path):
    table = [{"name": "Ana", "relics": ["golden"] * 7}, {"name": "Ben", "relics": ["golden"] * 6}]
    err = _score(capsys, tmp_path, favor=FAVOR, players=table)
    assert "13 golden relics" in err


def test_map_and_inline_favor_conflict(capsys, tmp_path):
    err = _score(capsys, tmp_path, map=MAP, favor=FAVOR, players=_players("Ana", "Ben"))
    assert "not both" in err
