"""`map check` and every map read refuse what used to be silently ignored (issue 26 item 5):
misspelled keys (with the nearest known key), islands no route reaches, oversized files."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.games.broken_planet.mapfile import MAP_BYTES, MapError, parse_map, read_map
from tests.companion.conftest import EXAMPLES
from tests.companion.test_broken_planet_map import DEMO, _line_of


@pytest.mark.parametrize(
    ("old", "new", "hint"),
    [
        ("locked = 1", "lockd = 1", "lockd' in [island] (did you mean locked?)"),
        ('token = "movement"', 'tokens = "hazard"', "tokens' in [island] (did you mean token?)"),
        ("favor_5 = 2", "favour_5 = 2", "favour_5' in [relic] (did you mean favor_5?)"),
        ("offer_order =", "offer_ordr =", "offer_ordr' in [tablet] (did you mean offer_order?)"),
        ("made_up = true", "madeup = true", "madeup' (did you mean made_up?)"),
    ],
)
def test_an_unknown_key_is_refused_with_the_nearest_known_one(old, new, hint):
    assert old in DEMO
    text = DEMO.replace(old, new, 1)
    with pytest.raises(MapError) as err:
        parse_map(text, "ours.toml")
    line = _line_of(text, new.split(" =")[0] + " =")
    assert str(err.value).startswith(f"ours.toml:{line}: ")
    assert hint in str(err.value)


def test_a_stored_map_is_checked_the_same_way():
    data = parse_map(DEMO)
    data["island"][0]["lockd"] = 1
    with pytest.raises(MapError, match="did you mean locked"):
        read_map(data)


def test_islands_no_route_reaches_are_named():
    text = DEMO.replace("[6, 14],\n  [7, 14], [8, 14],", "[6, 12],")
    with pytest.raises(MapError, match="no route leads from island 1 to island 14: "):
        parse_map(text, "ours.toml")


def test_a_file_over_the_limit_is_refused_before_reading(capsys, tmp_path):
    big = tmp_path / "big.toml"
    big.write_text(DEMO + "#" * MAP_BYTES)
    assert main(["map", "check", str(big)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is larger than 256 KB" in err
    assert main(["map", "check", str(EXAMPLES / "broken-planet-demo-map.toml")]) == 0
