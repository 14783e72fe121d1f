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


# --- what the screen shows, word for word ---


def test_each_item_is_titled_and_offers_its_values_in_words():
    draft = mapdraft.scratch()
    draft.place((0.5, 0.5))
    assert [draft.title(i) for i in ("island:1", "temple:onyx-oasis", "relic:silver", "tablet")] == [
        "Island 1", "Onyx Oasis", "Silver relic", "Rounds",
    ]  # fmt: skip
    assert draft.to_data()["island"] == [
        {"number": 1, "slots": 3, "locked": 0, "temple": "none", "token": "none", "at": [0.5, 0.5]}
    ]
    assert draft.to_data()["made_up"] is False
    favor = draft.fields("temple:onyx-oasis")[3]
    assert [o.value for o in favor.options] == list(range(10)) and not any(
        o.chosen for o in favor.options
    )
    tablet = draft.fields("tablet")
    assert [f.label for f in tablet] == [
        "Rounds 2p", "Rounds 3p", "Rounds 4p", "Rounds 5p", "Offer order", "Values",
    ]  # fmt: skip
    assert [o.value for o in tablet[0].options] == list(range(1, 10))
    assert [(o.words, o.chosen) for o in tablet[5].options] == [
        ("from our copy", True), ("made up", False),
    ]  # fmt: skip
    draft.choose("tablet", "made_up", True)
    draft.choose("tablet", "offer_order", "attack, build, craft")
    draft.choose("tablet", "rounds:5", 9)
    assert draft.made_up and draft.offer_order == ("attack", "build", "craft")
    assert draft.rounds == {2: None, 3: None, 4: None, 5: 9}
    relic = draft.fields("relic:silver")
    assert [(o.words, o.chosen) for o in relic[2].options][-2:] == [("none", False), ("same", True)]
    assert [o.words for o in relic[3].options][:2] == ["same", "0"]
    assert [o.chosen for o in relic[3].options][0]


def test_a_favor_or_round_a_file_gives_beyond_the_usual_is_offered_too():
    data = tomllib.loads(DEMO_FILE.read_text())
    data["temple"][0]["favor"] = 20
    data["tablet"]["rounds"]["2"] = 30
    data["relic"][0]["favor_5"] = 0
    data["island"][0]["number"] = 99
    data["routes"] = [[99 if n == 1 else n for n in pair] for pair in data["routes"]]
    draft = from_data(data)
    assert [o.value for o in draft.fields("temple:sapphire-shrine")[3].options if o.chosen] == [20]
    assert [o.value for o in draft.fields("tablet")[0].options if o.chosen] == [30]
    assert draft.relics["bronze"].favor_5 == 0 and 99 in draft.islands


@pytest.mark.parametrize(
    ("where", "key", "value", "message"),
    [
        ("island", "number", 0, "island 1: number must be a whole number 1-99, got 0"),
        ("island", "number", 100, "island 1: number must be a whole number 1-99, got 100"),
        ("island", "locked", -1, "island 1: locked must be a whole number 0-3, got -1"),
        ("island", "at", [1.5, 0], "island 1: at must be [across, down], each 0-1"),
        ("island", "at", [-0.1, 0], "island 1: at must be [across, down], each 0-1"),
        ("island", "at", [True, 0], "island 1: at must be [across, down], each 0-1"),
        ("island", "at", "middle", "island 1: at must be [across, down], each 0-1"),
        ("temple", "tier", 0, "Sapphire Shrine: tier must be a whole number 1-3, got 0"),
        ("temple", "tier", 4, "Sapphire Shrine: tier must be a whole number 1-3, got 4"),
        ("temple", "favor", -1, "Sapphire Shrine: favor must be a whole number 0-20, got -1"),
        ("temple", "favor", 21, "Sapphire Shrine: favor must be a whole number 0-20, got 21"),
        ("relic", "favor", 21, "the bronze relic: favor must be a whole number 0-20, got 21"),
        ("relic", "favor", -1, "the bronze relic: favor must be a whole number 0-20, got -1"),
        ("relic", "favor_5", 21, "the bronze relic: favor_5 must be a whole number 0-20, got 21"),
        ("relic", "favor_5", -1, "the bronze relic: favor_5 must be a whole number 0-20, got -1"),
        ("rounds", "2", 0, "rounds: rounds for 2 players must be a whole number 1-30, got 0"),
        ("rounds", "2", 31, "rounds: rounds for 2 players must be a whole number 1-30, got 31"),
        ("tablet", "offer_order", ["build", "craft"], "offer_order: must list build, craft and"),
        ("tablet", "offer_order", "build", "offer_order: must list build, craft and"),
    ],
)
def test_each_value_out_of_its_range_is_refused_naming_the_entry(where, key, value, message):
    data = tomllib.loads(DEMO_FILE.read_text())
    entry = {
        "island": data["island"][0],
        "temple": data["temple"][0],
        "relic": data["relic"][0],
        "rounds": data["tablet"]["rounds"],
        "tablet": data["tablet"],
    }[where]
    entry[key] = value
    with pytest.raises(MapError) as refused:
        from_data(data)
    assert str(refused.value).startswith(message)


def test_a_file_missing_values_opens_with_the_screens_defaults_and_nothing_entered():
    data = tomllib.loads(DEMO_FILE.read_text())
    for key in ("slots", "locked", "temple", "token", "at"):
        del data["island"][2][key]
    del data["temple"][0]["tier"], data["relic"][0]["favor"], data["tablet"]["rounds"]["3"]
    draft = from_data(data)
    assert draft.islands[3] == mapdraft.IslandDraft(3, 0, "none", "none", None)
    assert draft.temples["sapphire-shrine"].tier is None and draft.relics["bronze"].favor is None
    assert draft.rounds[3] is None
    assert draft.todo() == [
        "Tap where island 3 lies on your board",
        "Sapphire Shrine: enter its tier",
        "Bronze relic: enter its cost and favor",
        "Rounds: enter the rounds for each number of players",
    ]
    assert draft.check() == "Tap where island 3 lies on your board (4 to do)"


def test_the_todo_names_what_each_card_lacks():
    draft = demo()
    draft.choose("temple:onyx-oasis", "cost", "")
    assert draft.todo() == ["Onyx Oasis: enter its cost"]
    assert draft.check() == "Onyx Oasis: enter its cost"
    draft.choose("temple:onyx-oasis", "cost", "ruby")
    draft.temples["onyx-oasis"].favor = draft.temples["onyx-oasis"].gives = None
    assert draft.todo() == ["Onyx Oasis: enter its favor and gem"]
    draft = demo()
    draft.choose("relic:golden", "cost", "")
    assert draft.todo() == ["Golden relic: enter its cost and favor"]
    assert draft.summary() == "14 islands, 26 routes, 12 of 12 temples entered"
    draft.temples["gold-golem"].tier = None
    draft.temples["onyx-oasis"].favor = None
    assert draft.summary() == "14 islands, 26 routes, 10 of 12 temples entered"


def test_routes_join_only_two_islands_of_the_map_and_say_so():
    draft = mapdraft.scratch()
    for at in ((0.1, 0.1), (0.2, 0.2), (0.3, 0.3)):
        draft.place(at)
    assert draft.toggle_route(2, 1) is True and draft.routes == {(1, 2)}
    assert draft.toggle_route(1, 2) is False and draft.routes == set()
    assert draft.toggle_route(2, 2) is False and draft.toggle_route(1, 7) is False
    assert draft.toggle_route(7, 1) is False and draft.routes == set()
    assert draft.board_hint(True) == "Routes: tap an island, then each island a route joins it to"
    assert draft.board_hint(True, 3).startswith("Island 3 joins no island yet")
    draft.move(3, (0.12345, 2))
    assert draft.islands[3].at == (0.123, 1.0)


def test_the_temple_before_a_tier_two_or_unknown_tier_is_any_other_until_the_ring_is():
    draft = mapdraft.scratch()
    assert len(draft.fields("temple:gold-golem")[1].options) == 12  # none and the eleven others
    draft.choose("temple:gold-golem", "tier", 2)
    assert len(draft.fields("temple:gold-golem")[1].options) == 12  # no tier 1 entered yet
    draft.choose("temple:amber-anvil", "tier", 1)
    draft.choose("temple:gold-golem", "after", "amber-anvil")
    draft.choose("temple:gold-golem", "tier", 3)
    assert draft.temples["gold-golem"].after == "amber-anvil"  # kept, and still shown
    after = draft.fields("temple:gold-golem")[1]
    assert [o.value for o in after.options] == ["", *(k for k in TEMPLES if k != "gold-golem")]
    draft.choose("temple:temple-of-time", "tier", 2)  # now the ring inside is known
    after = draft.fields("temple:gold-golem")[1]
    assert [o.value for o in after.options] == ["", "temple-of-time", "amber-anvil"]


def test_a_long_name_makes_a_short_file_name_in_a_new_folder(tmp_path):
    draft = demo()
    draft.name = "A" * 50
    assert draft.file_name() == "a" * 40 + ".toml"
    path = draft.save(tmp_path / "new" / "maps")
    assert path.parent.is_dir() and from_toml(path.read_text()).name == "A" * 50
    draft.name = "!!!"
    assert draft.file_name() == "map.toml"


def test_the_printed_relics_are_the_rulebooks_three_cards():
    relics = mapdraft.printed().relics
    assert {k: (r.cost, r.favor, r.cost_5, r.favor_5) for k, r in relics.items()} == {
        "bronze": ({"emerald": 2}, 2, None, None),
        "silver": ({"sapphire": 3}, 4, None, None),
        "golden": ({"diamond": 3}, 5, None, None),
    }
    assert mapdraft.printed().islands[1] == mapdraft.IslandDraft(3, 0, "none", "none", None)


def test_entries_that_are_not_tables_are_refused():
    for bad in ({"island": {"number": 1}}, {"island": [1, 2]}):
        with pytest.raises(MapError, match=r"^write each island as a \[\[island\]\] table$"):
            from_data(bad)
    with pytest.raises(MapError, match=r"^island 2: unknown key 'lockd' in \[island\]"):
        from_data({"island": [{"number": 1}, {"number": 2, "lockd": 1}]})


def test_two_things_to_do_are_counted_and_a_map_saves_again_in_place(tmp_path):
    draft = demo()
    draft.name = ""
    draft.rounds[2] = None
    assert draft.check() == "Type the map's name (2 to do)"
    draft.name = "Ours"
    first = draft.save(tmp_path)
    assert draft.save(tmp_path) == first  # the folder there already, the file replaced


def test_eight_gems_of_a_kind_open_nine_do_not():
    data = tomllib.loads(DEMO_FILE.read_text())
    data["temple"][0]["cost"] = {"ruby": 8}
    assert from_data(data).temples["sapphire-shrine"].cost == {"ruby": 8}
