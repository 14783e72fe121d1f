"""The map and tablet file: the demo loads, every mistake names the file and line."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.games.broken_planet.mapfile import MapError, parse_map, read_map
from hardware.script import TapStep, parse_script
from tests.companion.conftest import EXAMPLES

DEMO = (EXAMPLES / "broken-planet-demo-map.toml").read_text(encoding="utf-8")


def test_the_demo_map_is_labelled_made_up_and_has_the_rulebooks_islands():
    planet = read_map(parse_map(DEMO))
    assert planet.made_up and "made up" in planet.name
    printed = {1: "none", 2: "diamond", 3: "emerald", 4: "sapphire", 5: "diamond", 6: "ruby",
               7: "sapphire", 8: "ruby"}  # fmt: skip
    assert {n: planet.islands[n].temple for n in printed} == printed
    assert planet.islands[7].token == "hazard"
    assert sum(i.temple != "none" for i in planet.islands.values()) == 13
    assert [(r.cost, r.favor) for r in planet.relics.values()] == [
        ({"emerald": 2}, 2), ({"sapphire": 3}, 4), ({"diamond": 3}, 5)
    ]  # fmt: skip
    assert planet.hops[1][10] == 3 and planet.hops[10][12] == 2


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("slots = 2\n", "slots = 4\n", "slots = 4", "slots must be a whole number 2-3, got 4"),
        ('temple = "ruby"', 'temple = "opal"', 'temple = "opal"', "temple must be one of"),
        ("[8, 14],", "[8, 15],", "routes = [", "route [8, 15] must join two islands"),
        ('after = "sapphire-shrine"', 'after = "nothing"', 'after = "nothing"', "after must be"),
        ("favor = 5\ngives", "favor = -1\ngives", "favor = -1", "favor must be a whole number"),
        ("cost = { emerald = 2 }", "cost = { jade = 2 }", "cost = { jade", "cost's gem must be"),
        ("4 = 3, ", "", "rounds =", "rounds for 4 players must be"),
    ],
)
def test_errors_name_the_file_and_line(old, new, needle, message):
    text = DEMO.replace(old, new, 1)
    with pytest.raises(MapError) as err:
        parse_map(text, "ours.toml")
    assert str(err.value).startswith(f"ours.toml:{_line_of(text, needle)}: ")
    assert message in str(err.value)


def test_a_tablet_missing_a_temple_or_a_deck_file_is_refused():
    text = DEMO.replace('key = "onyx-oasis"', 'key = "gold-golem"')
    with pytest.raises(MapError, match="temple gold-golem is listed twice"):
        parse_map(text, "m")
    with pytest.raises(MapError, match="this is a deck file, not a map"):
        parse_map((EXAMPLES / "broken-planet-demo.toml").read_text(), "d")


def test_map_check_command(capsys, tmp_path):
    assert main(["map", "check", str(EXAMPLES / "broken-planet-demo-map.toml")]) == 0
    assert "ok:" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(DEMO.replace("slots = 2\n", "slots = 9\n", 1))
    assert main(["map", "check", str(bad)]) == 2
    assert f"{bad}:" in capsys.readouterr().err
    assert main(["map", "check", "--game", "mintsugi", str(bad)]) == 2
    assert "Mintsugi reads no map file" in capsys.readouterr().err


def test_a_tap_may_end_with_the_player_it_is_for():
    steps = parse_script("tap island 7 @Ben\ntap done @Ana\ntap keep\n")
    assert steps == [TapStep("island", "7", 1, "Ben"), TapStep("done", None, 2, "Ana"),
                     TapStep("keep", None, 3)]  # fmt: skip
