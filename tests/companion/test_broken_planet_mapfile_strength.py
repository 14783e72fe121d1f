"""The map and tablet file as a player types it (issue "mutation score at least 90 %"): each
number is taken up to its bounds and refused one past them, in words that give the bounds
and the line; a map read back from a saved game names the section instead; the shapes a
file may get wrong (routes, places, tables, the deck file given by mistake) are refused."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from companion.games.broken_planet.mapfile import MapError, parse_map, read_map
from tests.companion.conftest import EXAMPLES

DEMO = (EXAMPLES / "broken-planet-demo-map.toml").read_text(encoding="utf-8")
DATA = parse_map(DEMO)


def stored(change: Any) -> dict[str, Any]:
    """The demo map's data (as a saved game keeps it) with `change(data)` applied."""
    data = copy.deepcopy(DATA)
    change(data)
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(MapError) as err:
        read_map(data)
    return str(err.value)


def set_in(table: str, index: int, key: str, value: Any):
    def change(data: dict[str, Any]) -> None:
        data[table][index][key] = value

    return change


# (table, entry, key, low, high): every whole number the file holds, with its bounds
BOUNDED = [
    ("island", 0, "slots", 2, 3),
    ("island", 0, "locked", 0, 3),  # island 1 has 3 slots: no more locked than that
    ("temple", 0, "tier", 1, 3),
    ("temple", 0, "favor", 0, 20),
    ("relic", 0, "favor", 0, 20),
    ("relic", 0, "favor_5", 0, 20),
]


@pytest.mark.parametrize(("table", "index", "key", "low", "high"), BOUNDED)
def test_each_number_is_taken_at_its_bounds_and_refused_one_past_them(
    table: str, index: int, key: str, low: int, high: int
) -> None:
    for ok in (low, high):
        read_map(stored(set_in(table, index, key, ok)))
    for bad in (low - 1, high + 1):
        message = refused(stored(set_in(table, index, key, bad)))
        assert message == (
            f"map: {table} {index + 1}: {key} must be a whole number {low}-{high}, got {bad}"
        )


def test_an_island_number_runs_from_1_to_99() -> None:
    def renumber(number: int):
        def change(data: dict[str, Any]) -> None:
            data["island"][13]["number"] = number  # island 14, the last
            data["routes"] = [[number if n == 14 else n for n in r] for r in data["routes"]]

        return change

    assert 99 in read_map(stored(renumber(99))).islands
    for bad in (0, 100):
        assert refused(stored(renumber(bad))).endswith(f"must be a whole number 1-99, got {bad}")


def test_a_gem_count_in_a_cost_runs_from_0_to_16() -> None:
    costs = {16: {"emerald": 16}, 0: {}}  # a count of 0 leaves the gem out
    for count, cost in costs.items():
        planet = read_map(stored(set_in("relic", 0, "cost", {"emerald": count})))
        assert dict(planet.relics["bronze"].cost) == cost
    for bad in (-1, 17):
        message = refused(stored(set_in("relic", 0, "cost", {"emerald": bad})))
        assert message.endswith(f"cost.emerald must be a whole number 0-16, got {bad}")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rounds_are_needed_for_every_player_count_from_1_to_30(players: int) -> None:
    key = str(players)

    def rounds(value: Any):
        def change(data: dict[str, Any]) -> None:
            data["tablet"]["rounds"][key] = value

        return change

    for ok in (1, 30):
        assert read_map(stored(rounds(ok))).rounds[players] == ok
    for bad in (0, 31, None):
        message = refused(stored(rounds(bad)))
        assert message == (
            f"map: rounds: rounds for {players} players must be a whole number 1-30, got {bad!r}"
        )


def test_an_island_without_locked_has_no_locked_slot_and_its_place_is_across_then_down() -> None:
    def change(data: dict[str, Any]) -> None:
        del data["island"][1]["locked"]
        data["island"][1]["at"] = [0, 1]
        data["island"][2]["at"] = [0.25, 0.75]
        del data["island"][3]["at"]

    planet = read_map(stored(change))
    assert planet.islands[2].locked == 0 and planet.islands[2].at == (0.0, 1.0)
    assert planet.islands[3].at == (0.25, 0.75) and planet.islands[4].at is None


@pytest.mark.parametrize("at", [[-0.1, 0.5], [0.5, 1.1], [0.5], [0.5, 0.5, 0.5], ["a", 0.5],
                                [True, 0.5], "middle"])  # fmt: skip
def test_a_place_must_be_two_numbers_from_0_to_1(at: Any) -> None:
    message = refused(stored(set_in("island", 2, "at", at)))
    assert message == "map: island 3: at must be [across, down], each 0-1"


def test_the_map_needs_island_1_where_the_pawns_start() -> None:
    def no_island_1(data: dict[str, Any]) -> None:
        data["island"] = [i for i in data["island"] if i["number"] != 1]
        data["routes"] = [r for r in data["routes"] if 1 not in r]

    assert refused(stored(no_island_1)) == (
        "map: island: the map needs island 1 (where the pawns start)"
    )


@pytest.mark.parametrize(
    ("routes", "words"),
    [
        ([], "routes must be a list of island pairs"),
        ({"1": 2}, "routes must be a list of island pairs"),
        ([[3, 3]], "route [3, 3] joins an island to itself or is listed twice"),
        ([[1, 2], [2, 1]], "route [2, 1] joins an island to itself or is listed twice"),
        ([[1, 2], [2, 15]], "route [2, 15] must join two islands of this map"),
    ],
)
def test_routes_join_two_islands_once(routes: Any, words: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["routes"] = routes

    assert words in refused(stored(change))


@pytest.mark.parametrize("islands", [{"number": 1}, [{"number": 1}, "island 2"]])
def test_islands_must_be_written_as_tables(islands: Any) -> None:
    def change(data: dict[str, Any]) -> None:
        data["island"] = islands

    assert refused(stored(change)) == "map: island: write each island as a [[island]] table"


@pytest.mark.parametrize("name", ["   ", 5, None])
def test_the_map_needs_a_name(name: Any) -> None:
    def change(data: dict[str, Any]) -> None:
        data["name"] = name

    assert refused(stored(change)) == 'map: name: the map needs name = "..." at the top'


def test_a_map_that_does_not_say_made_up_is_taken_as_a_real_copy() -> None:
    def change(data: dict[str, Any]) -> None:
        del data["made_up"]

    assert not read_map(stored(change)).made_up


def test_the_5_player_relic_side_is_used_with_five_players_only() -> None:
    planet = read_map(DATA)  # the demo's golden relic: 5 favor, 4 on the 5-player side
    for players in (2, 3, 4):
        assert planet.relic("golden", players) == ({"diamond": 3}, 5)
    assert planet.relic("golden", 5) == ({"diamond": 3}, 4)


@pytest.mark.parametrize("deck_line", ['game = "broken-planet"\n', '[[component]]\nuid = "04"\n'])
def test_a_deck_file_given_as_the_map_is_named_as_one(deck_line: str) -> None:
    with pytest.raises(MapError, match="^d:1: this is a deck file, not a map"):
        parse_map(deck_line, "d")


# -- lines in the file ------------------------------------------------------------------------
def line_of(text: str, pattern: str, nth: int = 0) -> int:
    found = [n for n, line in enumerate(text.splitlines(), 1) if re.match(pattern, line)]
    return found[nth]


def test_an_entry_is_named_by_its_header_line_and_a_key_by_its_own_line() -> None:
    second = line_of(DEMO, r"\[\[island\]\]", 1)
    text = DEMO.replace("number = 2\n", "number = 1\n", 1)  # island 1 twice
    with pytest.raises(MapError) as err:
        parse_map(text, "ours.toml")
    assert str(err.value) == f"ours.toml:{second}: island 1 is listed twice"
    text = DEMO.replace("number = 2\n", "number = 0\n", 1)
    with pytest.raises(MapError) as err:
        parse_map(text, "ours.toml")
    assert str(err.value).startswith(f"ours.toml:{second + 1}: number must be")


def test_what_the_file_lacks_is_named_at_line_1() -> None:
    text = DEMO.replace('name = "Demo planet (made up, not the printed map)"\n', "")
    with pytest.raises(MapError, match=r'^ours.toml:1: the map needs name = "\.\.\." at the top$'):
        parse_map(text, "ours.toml")
    no_tablet = DEMO.replace("[tablet]\n", "")
    no_tablet = re.sub(r"^(rounds|offer_order) = .*$", "", no_tablet, count=2, flags=re.M)
    with pytest.raises(MapError, match=r"^ours.toml:1: the map needs a \[tablet\] table"):
        parse_map(no_tablet, "ours.toml")
