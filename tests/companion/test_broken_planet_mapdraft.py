"""The map maker's draft (mapdraft.py): every tap is a value the file allows, the file it
writes is what `map check` and the game read, and its words say what is still to enter."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games.broken_planet import mapdraft
from companion.games.broken_planet.mapdraft import MapDraft, from_data, from_toml
from companion.games.broken_planet.mapfile import MapError, parse_map, read_map
from companion.games.broken_planet.tablet import TEMPLES
from tests.companion.conftest import EXAMPLES

DEMO_FILE = EXAMPLES / "broken-planet-demo-map.toml"


def demo() -> MapDraft:
    return mapdraft.open_draft(DEMO_FILE)


def test_the_demo_read_and_written_again_is_the_same_map_to_the_game():
    draft = demo()
    assert draft.check() == "Map check accepts this map: save it to play on it"
    written = draft.to_toml()
    ours, shipped = (read_map(parse_map(t)) for t in (written, DEMO_FILE.read_text()))
    assert replace(ours, routes=()) == replace(shipped, routes=())
    assert sorted(ours.routes) == sorted(shipped.routes)
    assert from_toml(written) == draft


def test_an_empty_copy_says_what_to_enter_first_and_how_much_is_left():
    draft = mapdraft.scratch()
    assert draft.check() == "Type the map's name (19 to do)"
    draft.name = "Our copy"
    assert draft.check() == "Tap where island 1 lies on your board (18 to do)"
    assert draft.place((0.5, 0.5)) == 1 and draft.place((0.2, 0.2)) == 2
    assert draft.todo()[0] == "Routes: tap an island, then each island a route joins it to"
    draft.toggle_route(1, 2)
    assert draft.todo()[0] == "Sapphire Shrine: enter its tier, favor, gem and cost"


def test_the_printed_set_up_places_islands_1_to_8_in_turn_with_their_temples():
    draft = mapdraft.printed()
    assert draft.todo()[1] == "Tap where island 1 lies on your board"
    assert [draft.place((0.1 * n, 0.5)) for n in range(9)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert draft.islands[7].temple == "sapphire" and draft.islands[7].token == "hazard"
    assert draft.islands[9].temple == "none"  # not printed: entered from the board
    assert (draft.relics["silver"].cost, draft.relics["silver"].favor) == ({"sapphire": 3}, 4)


def test_a_board_full_of_islands_refuses_one_more_in_words():
    draft = mapdraft.scratch()
    for n in range(99):
        draft.place((n / 100, 0.5))
    assert draft.board_hint(False) == "The map holds its most islands (99): drag one to move it"
    with pytest.raises(MapError, match="^A map holds at most 99 islands$"):
        draft.place((0.5, 0.5))
    draft.remove(40)
    assert draft.place((0.5, 0.5)) == 40


def test_a_tap_offers_only_values_the_file_allows():
    draft = demo()
    draft.choose("island:7", "slots", 2)
    assert draft.islands[7].locked == 1
    assert [o.value for o in draft.fields("island:7")[1].options] == [0, 1, 2]
    with pytest.raises(MapError, match="Island 7: locked cannot be 3"):
        draft.choose("island:7", "locked", 3)
    with pytest.raises(MapError, match="slots cannot be 4"):
        draft.choose("island:7", "slots", 4)


def test_gem_icons_count_up_and_go_back_to_none_past_eight():
    draft = mapdraft.scratch()
    for _ in range(3):
        draft.choose("temple:gold-golem", "cost", "ruby")
    draft.choose("temple:gold-golem", "cost", "diamond")
    assert draft.temples["gold-golem"].cost == {"diamond": 1, "ruby": 3}
    cost = draft.fields("temple:gold-golem")[2]
    assert [(o.words, o.chosen) for o in cost.options] == [
        ("diamond 1", True), ("emerald", False), ("ruby 3", True), ("sapphire", False),
        ("none", False),
    ]  # fmt: skip
    for _ in range(6):
        draft.choose("temple:gold-golem", "cost", "ruby")
    assert draft.temples["gold-golem"].cost == {"diamond": 1}
    draft.choose("temple:gold-golem", "cost", "")
    assert draft.temples["gold-golem"].cost == {}


def test_the_temple_before_is_chosen_from_the_ring_inside():
    draft = demo()
    after = draft.fields("temple:gold-golem")[1]
    assert [o.value for o in after.options] == [
        "", "bloodstone-altar", "temple-of-time", "garnet-garden", "magma-monastery",
    ]  # fmt: skip
    assert [o.words for o in after.options if o.chosen] == ["Temple of Time"]
    draft.choose("temple:gold-golem", "tier", 1)
    assert draft.temples["gold-golem"].after == ""
    assert [o.value for o in draft.fields("temple:gold-golem")[1].options] == [""]


def test_the_relics_five_player_side_is_the_same_until_entered():
    draft = mapdraft.printed()
    draft.choose("relic:golden", "cost_5", "diamond")
    draft.choose("relic:golden", "favor_5", 4)
    data = draft.to_data()["relic"][2]
    assert data == {"kind": "golden", "cost": {"diamond": 3}, "favor": 5,
                    "cost_5": {"diamond": 1}, "favor_5": 4}  # fmt: skip
    draft.choose("relic:golden", "cost_5", None)
    assert "cost_5" not in draft.to_data()["relic"][2]


def test_map_checks_words_name_the_entry_not_a_line():
    draft = demo()
    draft.remove(9)
    draft.toggle_route(3, 10)
    draft.toggle_route(10, 11)
    assert draft.check() == (
        "Map check: routes: no route leads from island 1 to island 10: every island must be"
        " reachable"
    )
    draft = demo()
    draft.choose("temple:sapphire-shrine", "tier", 3)  # the Temple of Time follows it
    draft.choose("temple:sapphire-shrine", "after", "temple-of-time")
    assert draft.check() == (
        "Map check: the tablet: the temples after sapphire-shrine go round in a circle"
    )


def test_a_file_with_a_value_the_screen_cannot_show_is_refused_in_one_line():
    data = tomllib.loads(DEMO_FILE.read_text())
    data["island"][1]["slots"] = 4
    with pytest.raises(MapError, match="^island 2: slots must be a whole number 2-3, got 4$"):
        from_data(data)
    data = tomllib.loads(DEMO_FILE.read_text())
    data["island"][1]["lockd"] = 1
    with pytest.raises(MapError, match="did you mean locked"):
        from_data(data)
    data = tomllib.loads(DEMO_FILE.read_text())
    data["temple"][0]["cost"] = {"ruby": 9}
    with pytest.raises(MapError, match="Sapphire Shrine: the map maker shows up to 8"):
        from_data(data)


def test_a_saved_draft_is_named_after_the_map_and_map_check_accepts_it(tmp_path, capsys):
    draft = demo()
    draft.name = "Our copy: Broken Planet!"
    path = draft.save(tmp_path / "maps")
    assert path.name == "our-copy-broken-planet.toml"
    assert main(["map", "check", str(path)]) == 0
    draft.name = "  "
    with pytest.raises(MapError, match="Type the map's name first"):
        draft.save(tmp_path)


def test_the_board_hint_names_the_routes_of_the_island_tapped():
    draft = demo()
    assert draft.board_hint(True, 7) == (
        "Island 7 joins 1, 2, 6, 8, 14: tap another to join or part them, island 7 again to let go"
    )
    assert draft.board_hint(False).startswith("Tap where island 15 lies")


# --- any sequence of taps ---

ITEMS = ["island:1", "island:2", "island:3"] + [f"temple:{k}" for k in TEMPLES] + [
    "relic:bronze", "relic:golden", "tablet"]  # fmt: skip
FRACTION = st.floats(0, 1, allow_nan=False)
TAP = st.one_of(
    st.tuples(st.just("place"), FRACTION, FRACTION),
    st.tuples(st.just("route"), st.integers(1, 4), st.integers(1, 4)),
    st.tuples(st.just("remove"), st.integers(1, 4)),
    st.tuples(st.just("choose"), st.sampled_from(ITEMS), st.integers(0, 30), st.integers(0, 30)),
)


def tap(draft: MapDraft, step: tuple) -> None:
    """A tap the screen could send: only on what is there, only a value offered."""
    if step[0] == "place":
        draft.place((step[1], step[2]))
    elif step[0] == "route":
        draft.toggle_route(step[1], step[2])
    elif step[0] == "remove":
        draft.remove(step[1])
    elif not step[1].startswith("island:") or int(step[1][7:]) in draft.islands:
        fields = draft.fields(step[1])
        field = fields[step[2] % len(fields)]
        draft.choose(step[1], field.key, field.options[step[3] % len(field.options)].value)


@settings(max_examples=60, deadline=None)
@given(start=st.sampled_from(["scratch", "printed", "demo"]), taps=st.lists(TAP, max_size=40))
def test_any_taps_write_a_file_that_reads_back_as_the_same_draft(start, taps):
    draft = demo() if start == "demo" else getattr(mapdraft, start)()
    draft.name = "Ours"
    for step in taps:
        tap(draft, step)
    again = from_toml(draft.to_toml())
    assert again == draft
    for item in draft.items() + [f"island:{n}" for n in draft.islands]:
        for field in draft.fields(item):  # each value shown chosen at most once
            assert sum(o.chosen for o in field.options) <= 1 or field.kind == "gems"
    verdict = draft.check()  # words, never an exception
    assert verdict and "\n" not in verdict
    if verdict.startswith("Map check accepts"):
        read_map(parse_map(draft.to_toml()))
