"""The offer phase as the offer player meets it (issue "mutation score at least 90 %"): what
the prompt offers and at what price, the Last Offer's narrower choice, the two-step builds
and attacks (an island asked for, cancel), typed taps and scans the phase does not take, a
relic pile that runs out, a tablet that prints its actions in another order (P7), and the
free slots and sapphire locks (P8).

Costs and favor come from the demo map file (the rulebook prints them only on the artwork);
the relic cards' 3-4 player side is printed in the rulebook: bronze 2 emeralds for 2 favor,
silver 3 sapphires for 4, golden 3 diamonds for 5."""

from __future__ import annotations

import re

import pytest

from companion.engine import Option, PlayerSetup, Setup
from companion.games.broken_planet.state import BPState, MapTemple
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import (
    DECK,
    MAP,
    begin,
    engine,
    give,
    hand,
    pawn,
    quiet_turn,
    relic,
    run,
    token,
)
from tests.companion.test_broken_planet_effects import having

NAMES = ("Ana", "Ben", "Cleo")
OFFER_WORDS = "build, craft, attack, done, scan, undo"  # what an offer phase takes


def options(eng, s: BPState, word: str) -> dict[str | None, Option]:
    return {o.arg: o for o in eng.prompt(s).options if o.word == word}


# -- what the prompt offers ------------------------------------------------------------------
def test_the_prompt_offers_every_temple_not_yet_built_with_price_favor_and_inner_temples():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=2, emerald=1)
    builds = options(eng, s, "build")
    tablet = {t["key"]: t for t in MAP["temple"]}
    assert set(builds) == set(tablet)  # all twelve temples of the tablet
    # only the innermost temple of each tree can be built at first
    assert {k for k, o in builds.items() if o.enabled} == {
        k for k, t in tablet.items() if not t["after"]
    }
    assert builds["sapphire-shrine"] == Option(
        "build", "Build Sapphire Shrine (1 emerald and 2 sapphires, 3 favor)", "sapphire-shrine"
    )
    assert builds["temple-of-time"] == Option(
        "build", "Build Temple of Time (2 diamonds and 2 sapphires, 4 favor)", "temple-of-time",
        False, "Temple of Time needs Sapphire Shrine built first",
    )  # fmt: skip
    s = run(eng, s, "tap build sapphire-shrine 4")
    builds = options(eng, s, "build")
    assert "sapphire-shrine" not in builds and len(builds) == 11  # built: no longer offered
    assert builds["temple-of-time"].enabled  # its inner temple now stands


def test_the_prompt_offers_the_three_relics_at_the_rulebooks_price_an_attack_and_done():
    eng = engine()
    s = begin(eng=eng)
    prompt = eng.prompt(s)
    assert prompt.text == "Round 1: Ana offers: scan or tap"
    assert prompt.expects_scan  # temple tokens, relic cards and gem cards are scanned
    assert prompt.options[-5:] == (
        Option("craft", "Craft bronze relic (2 emeralds, 2 favor)", "bronze"),
        Option("craft", "Craft silver relic (3 sapphires, 4 favor)", "silver"),
        Option("craft", "Craft golden relic (3 diamonds, 5 favor)", "golden"),
        Option("attack", "Attack an island (1 ruby)"),
        Option("done", "End offers"),
    )


def test_a_tap_the_offer_phase_does_not_take_is_refused_naming_what_it_does_take():
    eng = engine()
    s = begin(eng=eng)
    with pytest.raises(
        IllegalInput, match=rf"^'roll' is not possible now \(you can: {OFFER_WORDS}\)$"
    ):
        run(eng, s, "tap roll")


def test_the_last_offer_builds_and_crafts_but_offers_no_attack():
    eng = engine()
    s = begin(eng=eng)
    for _ in range(3 * 4):  # 4 rounds of 3 players on the demo map
        s = quiet_turn(eng, s)
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("last", "Ana")
    assert prompt.text == "Last Offer: Ana offers: scan or tap"
    assert [o.word for o in prompt.options if o.word not in ("build", "craft")] == ["done"]
    s = run(eng, s, "tap done")  # Ben's Last Offer
    assert eng.prompt(s).text.startswith("Last Offer: Ben offers")


# -- building ---------------------------------------------------------------------------------
def test_a_temple_is_built_once():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=4, emerald=2)  # enough for two shrines
    s = run(eng, s, "tap build sapphire-shrine 4")
    for again in ("tap build sapphire-shrine 3", f"scan {token('red', 'sapphire-shrine')}"):
        with pytest.raises(IllegalInput, match="^Ana's Sapphire Shrine is already built$"):
            run(eng, s, again)
    assert hand(s, "Ana") == {"sapphire": 2, "emerald": 1}


def test_a_build_tap_without_an_island_asks_for_it_and_cancel_takes_nothing():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=2, emerald=1)
    s = run(eng, s, "tap build sapphire-shrine")
    prompt = eng.prompt(s)
    assert prompt.text.startswith("Ana: which island for the Sapphire Shrine?")
    assert "Island 4" in [o.label for o in prompt.options]
    cancelled = run(eng, s, "tap cancel")
    assert eng.narration(cancelled) == "Ana changed their mind"
    assert eng.prompt(cancelled).text.startswith("Round 1: Ana offers")
    assert hand(cancelled, "Ana") == {"sapphire": 2, "emerald": 1} and not cancelled.built[0]
    s = run(eng, s, "tap island 4")
    assert s.temples[4][-1].key == "sapphire-shrine" and hand(s, "Ana") == {}


def test_a_locked_slot_adds_a_sapphire_to_a_temple_that_costs_none():
    eng = engine()
    # island 8: 2 slots, 1 sapphire-locked; its ruby temple stands on the unlocked one
    s = give(begin(eng=eng), "Ana", emerald=2, ruby=1)
    with pytest.raises(
        IllegalInput, match="^Ana cannot pay for the Obsidian Outpost on island 8: hold your name"
    ):
        run(eng, s, "tap build obsidian-outpost 8")
    s = run(eng, give(s, "Ana", sapphire=1), "tap build obsidian-outpost 8")
    assert hand(s, "Ana") == {}
    assert eng.narration(s) == (
        "Ana built the Obsidian Outpost on island 8 for 2 emeralds, 1 ruby and 1 sapphire"
    )


def fill_every_slot(s: BPState) -> BPState:
    """Ben's and Cleo's temples on every free slot of the map (a late game)."""
    s = s.clone()
    owners = [(p, key) for p in (1, 2) for key in s.map.temples]
    for island in s.map.islands:
        while (locked := s.slot_for(island)) is not None:
            p, key = owners.pop()
            colour = s.colour(p)
            s.place(island, MapTemple(token(colour, key), s.map.temples[key].gives, p, key, locked))
            s.built[p].append(key)
    return s


def test_no_temple_can_be_built_when_every_slot_is_taken():
    eng = engine()
    s = fill_every_slot(give(begin(eng=eng), "Ana", sapphire=2, emerald=1))
    shrine = options(eng, s, "build")["sapphire-shrine"]
    assert (shrine.enabled, shrine.reason) == (False, "No island has a free temple slot")
    with pytest.raises(IllegalInput, match="^No island has a free temple slot$"):
        run(eng, s, "tap build sapphire-shrine")
    assert hand(s, "Ana") == {"sapphire": 2, "emerald": 1}


def test_a_typed_temple_or_relic_that_does_not_exist_is_named_in_the_refusal():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=2, emerald=3)
    with pytest.raises(
        IllegalInput, match=r"^'shrine' is not a temple \(e\.g\. build sapphire-shrine\)$"
    ):
        run(eng, s, "tap build shrine 4")
    with pytest.raises(IllegalInput, match=r"^'gold' is not a relic \(bronze, silver or golden\)$"):
        run(eng, s, "tap craft gold")


# -- scans the offer phase does not take ---------------------------------------------------------
def test_a_held_relic_or_a_pawn_scanned_in_the_offer_phase_is_refused():
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=2)
    s.relics[relic("bronze")] = 1  # Ben's
    with pytest.raises(
        IllegalInput, match="^That bronze relic is Ben's: craft relics from the pile$"
    ):
        run(eng, s, f"scan {relic('bronze')}")
    with pytest.raises(
        IllegalInput,
        match="^The red pawn is not used now: scan a temple token, a relic card or a gem card$",
    ):
        run(eng, s, f"scan {pawn('red')}")
    assert hand(s, "Ana") == {"emerald": 2}


# -- crafting ---------------------------------------------------------------------------------
def test_the_last_relic_of_a_kind_can_be_crafted_then_that_kind_is_refused():
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=4)
    for n in range(2, 13):  # Ben holds 11 of the 12 bronze relics
        s.relics[relic("bronze", n)] = 1
    s = run(eng, s, "tap craft bronze")
    assert s.relics_of(0) == [relic("bronze", 1)] and hand(s, "Ana") == {"emerald": 2}
    bronze = options(eng, s, "craft")["bronze"]
    assert (bronze.enabled, bronze.reason) == (False, "No bronze relic is left in the pile")
    assert options(eng, s, "craft")["silver"].enabled
    with pytest.raises(IllegalInput, match="^No bronze relic is left in the pile$"):
        run(eng, s, "tap craft bronze")
    assert hand(s, "Ana") == {"emerald": 2}


def test_the_amber_anvil_can_be_tapped_through_by_relic_kind():
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", ruby=1), "Ana", "amber-anvil")
    s.relics[relic("bronze")] = 0
    s = run(eng, s, "tap anvil", "tap relic bronze")
    assert eng.prompt(s).text == "Ana: scan the relic you take from the pile"
    s = run(eng, s, "tap relic golden")
    assert [s.relic_kind(u) for u in s.relics_of(0)] == ["golden"] and hand(s, "Ana") == {}
    assert eng.narration(s) == (
        "Amber Anvil: Ana paid a ruby and swapped a bronze relic for a golden relic"
    )


# -- attacking --------------------------------------------------------------------------------
def test_an_attack_tap_without_an_island_asks_for_it_and_cancel_keeps_the_ruby():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = run(eng, s, "tap attack")
    prompt = eng.prompt(s)
    assert prompt.text == "Ana: which island do you attack?"
    assert [o.arg for o in prompt.options if o.word == "island"] == [str(n) for n in range(1, 15)]
    cancelled = run(eng, s, "tap cancel")
    assert cancelled.attacks == {} and hand(cancelled, "Ana") == {"ruby": 1}
    s = run(eng, s, "tap island 5")
    assert s.attacks == {5: "ruby"} and hand(s, "Ana") == {}
    assert eng.narration(s) == "Ana attacks island 5 with a ruby"


def test_an_attack_needs_a_ruby_in_hand_but_the_altars_second_island_does_not():
    eng = engine()
    with pytest.raises(
        IllegalInput, match="^Ana cannot pay for an attack: hold your name to see your hand$"
    ):
        run(eng, begin(eng=eng), "tap attack")
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = having(s, "Ana", "onyx-oasis", "bloodstone-altar")
    s = run(eng, s, "tap attack 5", "tap altar")  # no ruby left in hand: the altar's is free
    assert eng.prompt(s).text == "Ana: which island do you attack?"
    assert "5" not in [o.arg for o in eng.prompt(s).options]  # attacked once a turn (P13)
    s = run(eng, s, "tap island 9")
    assert s.attacks == {5: "ruby", 9: "altar"}
    assert eng.narration(s) == "Ana attacks island 9 for free (Bloodstone Altar)"


def test_a_tablet_that_prints_attacking_before_crafting_is_followed():
    """P7: "These actions are performed in order, stated on the Tablet"."""
    planet = {**MAP, "tablet": {**MAP["tablet"], "offer_order": ["build", "attack", "craft"]}}
    eng = engine()
    s = eng.new(Setup(tuple(PlayerSetup(n) for n in NAMES), DECK.components, extra={"map": planet}))
    s = run(eng, s, *(f"scan {pawn(c)}" for c in ("red", "blue", "green")), "tap diamond Ana")
    s = run(eng, s, "tap done", "tap done", "tap done")
    attacked = run(eng, give(s, "Ana", ruby=1, emerald=2), "tap attack 5", "tap craft bronze")
    assert attacked.attacks == {5: "ruby"} and attacked.relics_of(0) == [relic("bronze")]
    crafted = run(eng, give(s, "Ana", ruby=1, emerald=2), "tap craft bronze")
    why = "Ana has moved on to crafting relics: the tablet's order is build, attack, craft"
    attack = options(eng, crafted, "attack")[None]
    assert (attack.enabled, attack.reason) == (False, why)
    with pytest.raises(IllegalInput, match=f"^{why}$"):
        run(eng, crafted, "tap attack 5")


@pytest.mark.parametrize(
    ("tap", "refusal"),
    [
        ("tap craft bronze relic", "'bronze relic' is not a relic (bronze, silver or golden)"),
        ("tap attack 5 6", "There is no island 5 6 on this map"),
        ("tap build sapphire-shrine 4 5", "There is no island 4 5 on this map"),
    ],
)
def test_a_typed_tap_with_words_left_over_is_refused_by_name_and_changes_nothing(tap, refusal):
    """Read whole, as `tap island 5 6` is: never half-read into another move."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1, emerald=3, sapphire=2)
    with pytest.raises(IllegalInput, match=f"^{re.escape(refusal)}$"):
        run(eng, s, tap)
    assert hand(s, "Ana") == {"ruby": 1, "emerald": 3, "sapphire": 2}
    assert s.attacks == {} and s.relics_of(0) == []
