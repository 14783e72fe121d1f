"""Broken Planet's random set-up (setting `map_setup`, docs/rulings.md P16), as the rulebook
prints it: "Place 13 temples face down on the map. Max. one temple per island. One island
will start with no temples. Place three Hazardous tokens (10) on three random islands ...
Place five Movement tokens (10) on random islands. Flip over the temples and the map is set
up." The table enters what it flipped and where the tokens fell; the engine checks the
counts, and the answers are inputs: stored with the game, replayed, undone one by one."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.engine import PlayerSetup, Setup
from companion.games import definition
from companion.games.broken_planet.engine import BrokenPlanetEngine
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import STANDARD
from companion.inputs import IllegalInput
from companion.store import Store
from companion.table import Table
from hardware.script import ScanStep, load_script, parse_script
from tests.companion.conftest import EXAMPLES
from tests.companion.test_broken_planet import DECK, MAP, engine, pawn, run
from tests.companion.test_broken_planet_properties import NAMES, check, play_out

RANDOM = {"map_setup": "random"}
# The demo map's own set-up entered as a random one (tokens in another order than the file's):
# a game from it plays exactly as from the printed set-up.
DEMO_LAYOUT = (
    "tap temple none",  # island 1
    *(f"tap temple {face}" for face in (
        "diamond emerald sapphire diamond ruby sapphire ruby emerald die ruby die emerald "
        "sapphire").split()),  # islands 2-14
    *(f"tap island {n}" for n in (13, 7, 10)),  # hazardous
    *(f"tap island {n}" for n in (12, 2, 9, 11, 5)),  # movement
)  # fmt: skip
THREE = ["Ana", "Ben", "Cleo"]
MAP_FILE = str(EXAMPLES / "broken-planet-demo-map.toml")


def fresh(names=("Ana", "Ben", "Cleo"), eng=None) -> tuple[BrokenPlanetEngine, BPState]:
    eng = eng or engine(**RANDOM)
    setup = Setup(tuple(PlayerSetup(n) for n in names), DECK.components, extra={"map": MAP})
    return eng, eng.new(setup)


def map_of(s: BPState) -> tuple:
    """What lies where: each island's temples, the hazardous and the movement tokens."""
    return dict(s.temples), dict(s.hazard), dict(s.movement)


def refused(eng, s, line: str) -> IllegalInput:
    with pytest.raises(IllegalInput) as caught:
        run(eng, s, line)
    return caught.value


def test_printed_is_the_default_and_random_is_a_published_choice():
    info = definition("broken-planet")
    setting = next(s for s in info.settings if s.key == "map_setup")
    assert (setting.default, setting.choices) == ("printed", ("printed", "random"))
    assert setting.label("random") == "random set-up"
    eng, s = fresh(eng=engine())
    assert s.phase == "pawns" and s.temples[2][0].gives == "diamond" and s.hazard[7] == 1


def test_a_save_from_before_the_setting_plays_the_printed_set_up():
    eng = BrokenPlanetEngine({k: v for k, v in engine().settings.items() if k != "map_setup"})
    _, s = fresh(eng=eng)
    assert s.phase == "pawns" and map_of(s) == map_of(fresh(eng=engine())[1])


def test_the_table_is_asked_island_by_island_then_token_by_token():
    eng, s = fresh()
    assert s.phase == "layout" and map_of(s) == ({}, {}, {})  # the file's set-up is left off
    prompt = eng.prompt(s)
    assert prompt.text == "Random set-up. Island 1: which temple lies face up on it?"
    assert [(o.word, o.arg, o.label) for o in prompt.options] == [
        ("temple", "diamond", "Diamond"), ("temple", "emerald", "Emerald"),
        ("temple", "ruby", "Ruby"), ("temple", "sapphire", "Sapphire"),
        ("temple", "die", "Resource die"), ("temple", "none", "No temple"),
    ]  # fmt: skip
    s = run(eng, s, "tap temple ruby")
    assert s.temples[1][0].gives == "ruby" and s.event == "Island 1: the ruby temple"
    assert eng.prompt(s).text == "Island 2: which temple lies face up on it?"
    s = run(eng, s, *DEMO_LAYOUT[1:13], "tap temple none")  # islands 2-13, 14 bare
    assert s.bare == 14 and s.event == "Island 14 starts with no temple"
    assert eng.prompt(s).text == "Hazardous token 1 of 3: tap the island it lies on"


def test_entered_as_printed_it_is_the_printed_map():
    eng, s = fresh()
    s = run(eng, s, *DEMO_LAYOUT)
    assert s.phase == "pawns" and s.event.endswith("The map is set up")
    assert map_of(s) == map_of(fresh(eng=engine())[1])
    assert s.bare == 1 and eng.prompt(s).text.startswith("Ana: scan your pawn")


def test_only_one_island_starts_without_a_temple():
    eng, s = fresh()
    s = run(eng, s, "tap temple ruby", "tap temple none")  # island 2 bare
    assert s.bare == 2
    none = next(o for o in eng.prompt(s).options if o.arg == "none")
    assert not none.enabled and none.reason == "island 2 already starts with no temple"
    err = refused(eng, s, "tap temple none")
    assert (str(err), err.rule) == (
        "Island 2 already starts with no temple: only one island does",
        "one-bare-island",
    )


def test_the_last_island_is_the_bare_one_when_none_is_yet():
    eng, s = fresh()
    s = run(eng, s, *(["tap temple emerald"] * 13))  # islands 1-13
    assert all(not o.enabled for o in eng.prompt(s).options if o.arg != "none")
    err = refused(eng, s, "tap temple die")
    assert str(err).startswith("Island 14 is the last: one island starts with no temple")
    s = run(eng, s, "tap temple none")
    assert s.bare == 14 and sum(map(len, s.temples.values())) == 13


def test_three_hazardous_tokens_on_three_islands_and_movement_tokens_may_share():
    eng, s = fresh()
    s = run(eng, s, *DEMO_LAYOUT[:14], "tap island 4")
    assert {o.arg for o in eng.prompt(s).options if not o.enabled} == {"4"}
    err = refused(eng, s, "tap island 4")
    assert err.rule == "hazard-islands" and str(err).startswith("Island 4 has a hazardous token")
    s = run(eng, s, "tap island 1", "tap island 2")
    assert eng.prompt(s).text == "Movement token 1 of 5: tap the island it lies on"
    assert all(o.enabled for o in eng.prompt(s).options)
    s = run(eng, s, *(["tap island 4"] * 4))  # on a hazardous island, all four on one
    assert s.movement == {4: 4} and s.hazard == {4: 1, 1: 1, 2: 1}
    s = run(eng, s, "tap island 9")
    assert s.phase == "pawns" and s.movement == {4: 4, 9: 1}


@pytest.mark.parametrize(
    ("done", "line", "rule", "says"),
    [
        (0, "tap temple gold", "temple-face", "Say which temple: diamond, emerald, ruby, "),
        (0, "tap island 3", "not-now", "'island' is not possible now (you can: temple, undo)"),
        (14, "tap temple ruby", "not-now", "'temple' is not possible now (you can: island"),
        (14, "tap island 15", "which-island", "There is no island 15 on this map"),
        (0, f"scan {pawn('red')}", "not-now", "That scan is not possible now"),
    ],
)
def test_what_the_layout_does_not_ask_is_refused_in_one_line(done, line, rule, says):
    eng, s = fresh()
    err = refused(eng, run(eng, s, *DEMO_LAYOUT[:done]), line)
    assert err.rule == rule and str(err).startswith(says) and "\n" not in str(err)


def test_the_answers_are_stored_with_the_game_undone_one_by_one_and_replayed():
    store = Store()
    table = Table.start(store, DECK, THREE, settings=RANDOM, extra={"map": MAP})
    for step in parse_script("\n".join(DEMO_LAYOUT[:16])):
        table.tap(step.option, step.arg)
    assert table.state.hazard == {13: 1, 7: 1}
    table.undo()
    assert table.state.hazard == {13: 1} and "Hazardous token 2 of 3" in table.prompt.text
    resumed = Table.resume(store, table.game_id)
    assert map_of(resumed.state) == map_of(table.state) and resumed.state.bare == 1
    assert resumed.state.settings["map_setup"] == "random"


def random_script(tmp_path):
    """The 3-player example game after the demo map's set-up entered as a random one."""
    script = tmp_path / "random-3p.script"
    game = (EXAMPLES / "broken-planet-3p.script").read_text(encoding="utf-8")
    script.write_text("\n".join(DEMO_LAYOUT) + "\n" + game, encoding="utf-8")
    return script


def test_a_whole_game_from_a_random_set_up_through_the_table(tmp_path):
    table = Table.start(Store(), DECK, THREE, settings=RANDOM, extra={"map": MAP})
    for step in load_script(random_script(tmp_path)):
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg, seat=THREE.index(step.seat) if step.seat else None)
    assert table.finished
    assert {p.name: p.total for p in table.scores().players} == {"Ana": 7, "Ben": 2, "Cleo": 6}


def test_a_whole_game_from_a_random_set_up_through_companion_play(tmp_path, capsys):
    args = ["play", "--game", "broken-planet", "--deck", str(EXAMPLES / "broken-planet-demo.toml"),
            "--map", MAP_FILE, "--players", "Ana,Ben,Cleo", "--strict", "--json",
            "--setting", "map_setup=random", "--script", str(random_script(tmp_path))]  # fmt: skip
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["winners"] == ["Ana"] and [p["total"] for p in result["players"]] == [7, 2, 6]


# -- any legal random set-up ------------------------------------------------------------------
@st.composite
def layouts(draw) -> list[str]:
    """A legal random set-up as script lines: one bare island, a face for every other one,
    three hazardous tokens on three islands, five movement tokens anywhere."""
    islands = sorted(MAP["island"][i]["number"] for i in range(len(MAP["island"])))
    bare = draw(st.sampled_from(islands))
    faces = [
        "none" if n == bare else draw(st.sampled_from(STANDARD), label=f"island {n}")
        for n in islands
    ]
    hazards = draw(st.lists(st.sampled_from(islands), min_size=3, max_size=3, unique=True))
    movements = draw(st.lists(st.sampled_from(islands), min_size=5, max_size=5))
    return [*(f"tap temple {f}" for f in faces), *(f"tap island {n}" for n in hazards + movements)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    layout=layouts(),
    players=st.integers(min_value=2, max_value=5),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1500, max_size=1500),
)
def test_any_legal_random_set_up_keeps_the_invariants_and_plays_to_the_end(
    layout, players, choices
):
    eng, s = fresh(NAMES[:players])
    s = run(eng, s, *layout)
    assert s.phase == "pawns"
    assert sum(map(len, s.temples.values())) == len(MAP["island"]) - 1 == 13
    assert sum(s.hazard.values()) == len(s.hazard) == 3 and sum(s.movement.values()) == 5
    standard = {t.id for standing in s.temples.values() for t in standing}
    s, seen_last = play_out(eng, s, choices, lambda state: check(state, standard))
    assert s.phase == "over" and seen_last and eng.prompt(s).over


def test_an_owners_map_of_eight_islands_takes_seven_temples():
    """P16: on a map of another size one island is bare and every other has a temple."""
    small = {**MAP, "island": [i for i in MAP["island"] if i["number"] <= 8],
             "routes": [r for r in MAP["routes"] if max(r) <= 8]}  # fmt: skip
    eng = engine(**RANDOM)
    s = eng.new(Setup(tuple(PlayerSetup(n) for n in THREE), DECK.components, extra={"map": small}))
    s = run(eng, s, *(["tap temple ruby"] * 7))
    assert "Island 8" in eng.prompt(s).text and refused(eng, s, "tap temple ruby")
    s = run(eng, s, "tap temple none", "tap island 8", "tap island 7", "tap island 6")
    s = run(eng, s, *(["tap island 8"] * 5))
    assert s.phase == "pawns" and (s.bare, len(s.temples), s.movement) == (8, 7, {8: 5})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=60, max_size=60))
def test_whatever_is_tapped_the_counts_the_rulebook_gives_hold(picks):
    """Any option, disabled ones included, or a word the prompt does not offer: what is
    accepted never breaks the counts, and the layout ends only when they are all met."""
    eng, s = fresh()
    for pick in picks:
        if s.phase != "layout":
            break
        options = [(o.word, o.arg) for o in eng.prompt(s).options] + [("island", "1")]
        word, arg = options[pick % len(options)]
        try:
            s = run(eng, s, f"tap {word} {arg}")
        except IllegalInput as err:
            assert "\n" not in str(err) and err.rule
        assert s.bare not in s.temples and all(len(t) == 1 for t in s.temples.values())
        assert len(s.temples) <= 13  # (the 14th island is the bare one)
        assert len(s.hazard) == sum(s.hazard.values()) <= 3 and sum(s.movement.values()) <= 5
    if s.phase == "pawns":
        assert (len(s.temples), bool(s.bare), len(s.hazard), sum(s.movement.values())) == (
            13,
            True,
            3,
            5,
        )
