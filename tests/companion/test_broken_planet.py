"""Broken Planet: set-up, the offer phase, the secret compasses, collecting, attacks, rounds.

The helpers here (begin, run, give) are shared by the other test_broken_planet_* files.
"""

from __future__ import annotations

import pytest

from companion.deck import load_deck
from companion.engine import PlayerSetup, Setup
from companion.games import definition
from companion.games.broken_planet.mapfile import load_map
from companion.games.broken_planet.state import BPState
from companion.inputs import IllegalInput, Scan, Tap
from hardware.script import ScanStep, parse_script
from tests.companion.conftest import EXAMPLES

MAP = load_map(EXAMPLES / "broken-planet-demo-map.toml")
DECK = load_deck(EXAMPLES / "broken-planet-demo.toml")
COLOURS = ("red", "blue", "green", "yellow", "purple")
TEMPLE_KEYS = (
    "sapphire-shrine bloodstone-altar amber-anvil crystal-crypt gold-golem temple-of-time "
    "obsidian-outpost garnet-garden magma-monastery onyx-oasis opal-observatory sun-sanctuary"
).split()


def pawn(colour: str) -> str:
    return f"04B001{COLOURS.index(colour) + 1:02X}000000"


def token(colour: str, key: str) -> str:
    return f"04B002{COLOURS.index(colour) + 1:02X}{TEMPLE_KEYS.index(key) + 1:02X}0000"


def relic(kind: str, n: int = 1) -> str:
    return f"04B003{('bronze', 'silver', 'golden').index(kind) + 1:02X}{n:02X}0000"


def engine(**settings: str):
    return definition("broken-planet").make_engine(settings)


def run(eng, state: BPState, *lines: str) -> BPState:
    """Feed script lines ('tap island 7 @Ben', 'scan <uid>') through the engine."""
    for step in parse_script("\n".join(lines)):
        if isinstance(step, ScanStep):
            state = eng.apply(state, Scan(step.uid))
        else:
            seat = state.names.index(step.seat) if step.seat else None
            state = eng.apply(state, Tap(step.option, step.arg, seat))
    return state


def begin(
    names=("Ana", "Ben", "Cleo"), start: str | None = None, eng=None, components=None
) -> BPState:
    """Pawns scanned (red, blue, green, ... in seat order), the diamond drawn, no first gems."""
    eng = eng or engine()
    components = components or DECK.components
    setup = Setup(tuple(PlayerSetup(n) for n in names), components, extra={"map": MAP})
    s = eng.new(setup)
    per = 2 if len(names) == 2 else 1
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(names) * per)]
    order = [colours[p] for p in range(len(names))] + colours[len(names) :]
    s = run(eng, s, *(f"scan {pawn(c)}" for c in order))
    s = run(eng, s, f"tap diamond {start or names[0]}")
    while s.phase == "picks":
        s = run(eng, s, "tap done")
    return s


def give(s: BPState, name: str, **gems: int) -> BPState:
    """Gems from the piles to a hand, as collecting would (keeps the piles honest)."""
    s = s.clone()
    for gem, n in gems.items():
        assert s.take(s.names.index(name), gem, n) == n
    return s


def hand(s: BPState, name: str) -> dict[str, int]:
    return engine().hand(s, name)


# -- set-up ----------------------------------------------------------------------------------
def test_pawns_bind_colours_and_the_diamond_names_the_starting_player():
    eng = engine()
    s = eng.new(
        Setup((PlayerSetup("Ana"), PlayerSetup("Ben")), DECK.components, extra={"map": MAP})
    )
    assert eng.prompt(s).text.startswith("Ana: scan your pawn")
    s = run(eng, s, f"scan {pawn('green')}", f"scan {pawn('red')}")
    assert eng.prompt(s).text.startswith("Ana: scan your pawn (your second pawn)")
    with pytest.raises(IllegalInput, match="already Ben's"):
        run(eng, s, f"scan {pawn('red')}")
    s = run(eng, s, f"scan {pawn('blue')}", f"scan {pawn('yellow')}")
    assert (s.colour(0), s.colour(1), s.pawns) == ("green", "red", [[1, 1], [1, 1]])
    s = run(eng, s, "tap diamond Ben")
    assert (s.start, s.offer, s.phase) == (1, 1, "picks")


def test_first_picks_decrease_from_the_starting_player_clockwise():
    eng = engine()
    s = begin(("Ana", "Ben", "Cleo", "Dev"), eng=eng)
    assert s.phase == "offer"  # everyone passed their picks
    setup = Setup(tuple(PlayerSetup(n) for n in ("Ana", "Ben", "Cleo", "Dev")), DECK.components,
                  extra={"map": MAP})  # fmt: skip
    s = run(eng, eng.new(setup), *(f"scan {pawn(c)}" for c in COLOURS[:4]), "tap diamond Cleo")
    assert eng.prompt(s).player == "Cleo" and eng.prompt(s).private
    s = run(eng, s, "tap take diamond diamond", "tap take ruby")  # Cleo: 3
    with pytest.raises(IllegalInput, match="only 2 now"):
        run(eng, s, "tap take ruby ruby ruby")
    s = run(eng, s, "tap take emerald emerald", "tap take sapphire")  # Dev: 2, Ana: 1
    assert s.phase == "offer" and s.offer == 2  # Ben takes none; Cleo offers first
    assert [s.hand_size(p) for p in range(4)] == [1, 0, 3, 2]
    assert hand(s, "Cleo") == {"diamond": 2, "ruby": 1}
    assert s.supply == {"diamond": 14, "emerald": 14, "ruby": 15, "sapphire": 15}


def test_a_game_needs_its_map():
    eng = engine()
    with pytest.raises(ValueError, match="--map"):
        eng.new(Setup((PlayerSetup("Ana"), PlayerSetup("Ben")), DECK.components))


# -- the offer phase ---------------------------------------------------------------------------
def test_building_pays_takes_a_free_slot_and_a_locked_slot_costs_a_sapphire_more():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=6, emerald=4, diamond=2, ruby=1)
    # island 4: 3 slots, 1 locked, the sapphire temple on an unlocked one
    s = run(eng, s, f"scan {token('red', 'sapphire-shrine')}", "tap island 4")
    assert hand(s, "Ana") == {"sapphire": 4, "emerald": 3, "diamond": 2, "ruby": 1}
    assert [t.id for t in s.temples[4]] == ["S4", token("red", "sapphire-shrine")]
    s = run(eng, s, "tap build temple-of-time 4")  # only the locked slot is left
    assert hand(s, "Ana") == {"sapphire": 1, "emerald": 3, "ruby": 1}
    assert s.temples[4][-1].locked
    with pytest.raises(IllegalInput, match="Island 4 has no free temple slot"):
        run(eng, s, "tap build obsidian-outpost 4")


def test_inner_temple_first_and_other_players_tokens_refused():
    eng = engine()
    s = give(begin(eng=eng), "Ana", diamond=5, sapphire=5)
    with pytest.raises(IllegalInput, match="Temple of Time needs Sapphire Shrine built first"):
        run(eng, s, "tap build temple-of-time")
    with pytest.raises(IllegalInput, match="That is Ben's Sapphire Shrine: Ana builds red temples"):
        run(eng, s, f"scan {token('blue', 'sapphire-shrine')}")
    with pytest.raises(
        IllegalInput,
        match="^Ana cannot pay for the Sapphire Shrine on island 2: hold your name",
    ):
        run(eng, s, "tap build sapphire-shrine 2")


def test_the_tablets_order_build_then_craft_then_attack():
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=5, ruby=3, sapphire=2)
    s = run(eng, s, f"scan {relic('bronze')}")  # a bronze relic: 2 emeralds
    assert s.relics == {relic("bronze"): 0} and hand(s, "Ana")["emerald"] == 3
    with pytest.raises(IllegalInput, match="moved on to crafting relics"):
        run(eng, s, "tap build sapphire-shrine 3")
    s = run(eng, s, "tap attack 5")
    assert s.attacks == {5: "ruby"} and s.rubies_out == 1 and hand(s, "Ana")["ruby"] == 2
    with pytest.raises(IllegalInput, match="moved on to attacking"):
        run(eng, s, "tap craft bronze")
    with pytest.raises(IllegalInput, match="already attacked"):
        run(eng, s, "tap attack 5")


def test_attack_own_island_is_a_setting():
    s = give(begin(), "Ana", ruby=2)
    assert run(engine(), s, "tap attack 1").attacks == {1: "ruby"}
    strict = engine(attack_own_island="no")
    s = give(begin(eng=strict), "Ana", ruby=2)
    with pytest.raises(IllegalInput, match="cannot attack the island Ana's own pawn stands on"):
        run(strict, s, "tap attack 1")


# -- compasses, movement, collecting --------------------------------------------------------------
def test_compasses_wait_on_every_collect_player_each_naming_their_seat():
    eng = engine()
    s = run(eng, begin(eng=eng), "tap done")
    prompt = eng.prompt(s)
    assert prompt.waiting == ("Ben", "Cleo") and prompt.player is None
    with pytest.raises(IllegalInput, match="Say whose compass this is: Ben or Cleo"):
        run(eng, s, "tap island 2")
    with pytest.raises(IllegalInput, match="Ana offers this turn"):
        run(eng, s, "tap island 2 @Ana")
    s = run(eng, s, "tap island 2 @Cleo")
    assert eng.prompt(s).waiting == ("Ben",)
    with pytest.raises(IllegalInput, match="Cleo's island is already entered"):
        run(eng, s, "tap island 3 @Cleo")
    s = run(eng, s, "tap island 10")  # the last one may leave out the seat; 3 routes: stays
    assert s.pawns == [[1], [1], [2]]
    assert hand(s, "Cleo") == {"diamond": 1} and hand(s, "Ben") == {}
    assert "Ben cannot reach island 10 (3 routes, may travel 2) and stays on 1" in s.event
    assert (s.offer, s.phase) == (1, "offer")


def test_the_resource_die_is_a_chance_input_and_all_four_is_a_choice():
    eng = engine()
    s = begin(eng=eng)
    s.pawns[1] = [3]  # Ben on island 3: island 10 (die temple, hazardous) is 1 route away
    s.pawns[2] = [13]  # Cleo on 13, next to 12 (die temple)
    s = run(eng, s, "tap done", "tap island 10 @Ben", "tap island 12 @Cleo")
    assert eng.prompt(s).player == "Cleo" and eng.prompt(s).phase == "die"  # hazard: Ben nothing
    s = run(eng, s, "tap die any")
    assert eng.prompt(s).private and eng.prompt(s).phase == "gem"
    s = run(eng, s, "tap gem emerald")
    assert hand(s, "Cleo") == {"emerald": 1} and hand(s, "Ben") == {}
    assert s.phase == "offer" and s.offer == 1


# -- attacks ----------------------------------------------------------------------------------------
def test_a_hit_collects_first_then_discards_half_rounded_down_and_may_lose_no_relic():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = run(eng, s, "tap attack 6", "tap done", "tap island 2 @Ben", "tap island 6 @Cleo")
    assert hand(s, "Cleo") == {"ruby": 1}  # collected first; half of 1 is 0
    assert "Cleo is hit and discards 0 gems" in s.event and "Cleo has no relic to lose" in s.event
    assert (s.phase, s.offer, s.attacks, s.rubies_out) == ("offer", 1, {}, 0)
    assert s.supply["ruby"] == 15  # the attack's ruby is back on the pile; Cleo holds one


def test_the_victim_chooses_the_discards_and_the_attacker_the_relic():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = give(s, "Ben", emerald=3, sapphire=2)
    s.relics |= {relic("bronze"): 1, relic("golden"): 1}
    s = run(eng, s, "tap attack 2", "tap done", "tap island 2 @Ben", "tap island 4 @Cleo")
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player, prompt.private) == ("discard", "Ben", True)
    assert "discard 3 gems" in prompt.text  # 5 + 1 diamond collected = 6, half is 3
    with pytest.raises(
        IllegalInput, match="^Ben cannot discard those gems: hold your name to see your hand$"
    ):
        run(eng, s, "tap discard ruby")
    with pytest.raises(IllegalInput, match="It is Ben's turn, not Cleo's"):
        run(eng, s, "tap discard emerald @Cleo")
    s = run(eng, s, "tap discard emerald emerald", "tap discard diamond")
    assert hand(s, "Ben") == {"emerald": 1, "sapphire": 2}
    assert eng.prompt(s).player == "Ana" and eng.prompt(s).phase == "relic"
    s = run(eng, s, f"scan {relic('golden')}")
    assert s.relics_of(0) == [relic("golden")] and s.relics_of(1) == [relic("bronze")]
    assert s.offer == 1 and s.supply["ruby"] == 16  # the attack ruby is back on its pile


def test_an_unreachable_choice_stays_and_can_still_be_hit():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = give(s, "Cleo", diamond=2)
    s = run(eng, s, "tap attack 1", "tap done", "tap island 12 @Cleo", "tap island 2 @Ben")
    assert s.pawns[2] == [1]
    s = run(eng, s, "tap discard diamond")
    assert hand(s, "Cleo") == {"diamond": 1}


# -- rounds and the Last Offer ----------------------------------------------------------------------
def quiet_turn(eng, s: BPState) -> BPState:
    """The offer player ends offers; every collect player stays where they are."""
    s = run(eng, s, "tap done")
    stands = [(p, i) for p in range(s.players) for i in s.pawns[p] if p != s.offer]
    for p, island in stands:
        s = eng.apply(s, Tap("island", str(island), p))
    while s.phase == "collect":  # a die temple where a pawn stands
        s = run(eng, s, "tap die ruby")
    return s


def test_the_round_indicator_then_the_last_offer_then_the_end():
    eng = engine()
    s = begin(start="Ben", eng=eng)
    for turn in range(3 * 4):  # the demo map: 4 rounds with 3 players
        assert (s.round, s.offer, s.phase) == (1 + turn // 3, (1 + turn) % 3, "offer")
        s = quiet_turn(eng, s)
    assert (s.phase, s.offer) == ("last", 1)
    assert eng.view(s).board["last_offer"] and eng.view(s).board["round"] == 4
    with pytest.raises(IllegalInput, match="Attacking is not allowed during the Last Offer"):
        run(eng, give(s, "Ben", ruby=1), "tap attack 4")
    s = give(s, "Cleo", emerald=2)
    s = run(eng, s, "tap done")
    assert s.offer == 2
    s = run(eng, s, "tap craft bronze", "tap done", "tap done")
    assert s.phase == "over" and eng.prompt(s).over
    sheet = eng.score(s)
    assert sheet.winners == ("Cleo",) and sheet.players[2].breakdown["relics"] == 2
    with pytest.raises(IllegalInput, match="The game is over"):
        run(eng, s, "tap done")
