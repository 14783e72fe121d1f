"""The twelve temple effects of the Extra Ruling: each test fails without its effect.

Temples a test only needs as built (prerequisites) are written into the state directly;
the temple under test is built, used and resolved through real inputs."""

from __future__ import annotations

import pytest

from companion.games import definition
from companion.games.broken_planet.state import MapTemple
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import begin, engine, give, hand, relic, run, token


def having(s, name, *keys):
    s = s.clone()
    s.built[s.names.index(name)] += keys
    return s


def test_sapphire_shrine_one_step_further_per_movement_token_on_the_start_island():
    eng = engine()
    for shrine, lands in ((True, 5), (False, 2)):
        s = begin(eng=eng)
        s.pawns[1] = [2]  # island 2 has a movement token; island 5 is 3 routes away
        if shrine:
            s = having(s, "Ben", "sapphire-shrine")
        s = run(eng, s, "tap done", "tap island 5 @Ben", "tap island 1 @Cleo")
        assert s.pawns[1] == [lands]


def test_temple_of_time_the_others_move_one_step_less_in_its_builders_offer_phase():
    eng = engine()
    for time, lands in ((False, 3), (True, 1)):
        s = begin(eng=eng)
        if time:
            s = having(s, "Ana", "sapphire-shrine", "temple-of-time")
        s = run(eng, s, "tap done", "tap island 3 @Ben", "tap island 2 @Cleo")  # 3: 2 routes
        assert (s.pawns[1], s.pawns[2]) == ([lands], [2])


def test_obsidian_outpost_collects_on_hazardous_islands():
    eng = engine()
    s = having(begin(eng=eng), "Ben", "obsidian-outpost")
    s = run(eng, s, "tap done", "tap island 7 @Ben", "tap island 7 @Cleo")  # sapphire, hazard
    assert hand(s, "Ben") == {"sapphire": 1} and hand(s, "Cleo") == {}


def test_opal_observatory_builds_without_the_inner_temple():
    eng = engine()
    s = give(begin(eng=eng), "Ana", diamond=3, sapphire=2)
    with pytest.raises(IllegalInput, match="Gold Golem needs Temple of Time built first"):
        run(eng, s, "tap build gold-golem 3")
    s = having(s, "Ana", "amber-anvil", "garnet-garden", "opal-observatory")
    s = run(eng, s, "tap build gold-golem 3")
    assert s.temples[3][-1].key == "gold-golem" and hand(s, "Ana") == {}


@pytest.mark.parametrize(("itself", "golem"), [("yes", 3), ("no", 2)])
def test_gold_golem_one_favor_per_temple_built(itself, golem):
    eng = engine(golem_counts_itself=itself)
    s = having(begin(eng=eng), "Ana", "sapphire-shrine", "temple-of-time", "gold-golem")
    line = eng.score(s).players[0]
    assert line.breakdown == {"temples": 3 + 4 + 5, "relics": 0, "golem": golem}
    assert line.total == 12 + golem


def test_magma_monastery_places_a_token_when_built():
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", emerald=2, ruby=2), "Ana", "obsidian-outpost")
    s = run(eng, s, "tap build magma-monastery 3")
    assert eng.prompt(s).options[0].word == "hazard"
    s = run(eng, s, "tap movement", "tap island 3")
    assert s.movement.get(3) == 1 and s.pending == ()
    assert eng.view(s).board["islands"][2]["movement"] == 1


def test_sun_sanctuary_removes_temples_whose_favor_and_effects_stay():
    eng = engine()
    s = begin(eng=eng)
    shrine = token("blue", "sapphire-shrine")
    s.place(4, MapTemple(shrine, "sapphire", 1, "sapphire-shrine"))
    s = having(s, "Ben", "sapphire-shrine")
    s = having(give(s, "Ana", diamond=2, emerald=2, sapphire=2), "Ana", "obsidian-outpost",
               "magma-monastery")  # fmt: skip
    s = run(eng, s, "tap build sun-sanctuary 1")
    assert eng.prompt(s).detail["step"] == "sun"
    s = run(eng, s, "tap remove S2", f"scan {shrine}", "tap done")
    assert [t.id for t in s.removed] == ["S2", shrine] and s.temples[2] == ()
    assert [t.id for t in s.temples[4]] == ["S4"] and s.free_slots(4) == (1, 1)
    assert eng.score(s).players[1].breakdown["temples"] == 3  # Ben's removed shrine still scores
    s.pawns[1] = [5]  # the shrine's effect stays: 5 has a movement token, 11 is 3 routes away
    s = run(eng, s, "tap done", "tap island 11 @Ben", "tap island 1 @Cleo")
    assert s.pawns[1] == [11]


def test_garnet_garden_moves_a_temple_and_a_locked_slot_costs_a_sapphire():
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=1)
    with pytest.raises(IllegalInput, match="Ana has not built the Garnet Garden"):
        run(eng, s, "tap garden S3 8")
    s = having(s, "Ana", "amber-anvil", "garnet-garden")
    s = run(eng, s, "tap garden S3 8")  # island 8: 2 slots, 1 locked, S8 on the unlocked one
    assert [t.id for t in s.temples[8]] == ["S8", "S3"] and s.temples[8][1].locked
    assert s.temples[3] == () and hand(s, "Ana") == {}
    with pytest.raises(IllegalInput, match="used once per offer phase"):
        run(eng, s, "tap garden S2 1")


def test_onyx_oasis_a_gem_at_the_end_of_an_offer_phase_without_attacks():
    eng = engine()
    s = having(begin(eng=eng), "Ana", "onyx-oasis")
    s = run(eng, s, "tap done")
    assert eng.prompt(s).private and s.pending == ("onyx",)
    s = run(eng, s, "tap gem diamond")
    assert hand(s, "Ana") == {"diamond": 1} and s.phase == "choose"
    attacked = run(eng, give(having(begin(eng=eng), "Ana", "onyx-oasis"), "Ana", ruby=1),
                   "tap attack 5", "tap done")  # fmt: skip
    assert attacked.phase == "choose" and hand(attacked, "Ana") == {}


def test_bloodstone_altar_a_second_island_free_with_a_pile_ruby():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = run(eng, s, "tap attack 5")
    with pytest.raises(IllegalInput, match="has not built the Bloodstone Altar"):
        run(eng, s, "tap altar 9")
    s = run(eng, having(s, "Ana", "onyx-oasis", "bloodstone-altar"), "tap altar 9")
    assert s.attacks == {5: "ruby", 9: "altar"} and (s.rubies_out, s.supply["ruby"]) == (2, 14)
    with pytest.raises(IllegalInput, match="used once per offer phase"):
        run(eng, s, "tap altar 2")


@pytest.mark.parametrize("free", ["no", "yes"])
def test_the_altars_free_ruby_when_the_pile_is_empty_is_a_setting(free):
    eng = engine(free_ruby_empty_pile=free)
    s = give(give(begin(eng=eng), "Ana", ruby=1), "Cleo", ruby=15)
    s = run(eng, having(s, "Ana", "onyx-oasis", "bloodstone-altar"), "tap attack 5")
    assert s.supply["ruby"] == 0
    if free == "no":
        with pytest.raises(IllegalInput, match="The ruby pile is empty"):
            run(eng, s, "tap altar 9")
    else:
        assert run(eng, s, "tap altar 9").attacks == {5: "ruby", 9: "altar"}


def test_crystal_crypt_attacks_its_builders_island_for_free():
    eng = engine()
    s = give(begin(eng=eng), "Ben", emerald=4)
    with pytest.raises(IllegalInput, match="has not built the Crystal Crypt"):
        run(eng, s, "tap crypt")
    s = having(s, "Ana", "onyx-oasis", "bloodstone-altar", "crystal-crypt")
    s = run(eng, s, "tap crypt", "tap done", "tap island 1 @Ben", "tap island 2 @Cleo")
    assert eng.prompt(s).phase == "discard" and "discard 2 gems" in eng.prompt(s).text


def test_the_bloodstone_altar_follows_a_crystal_crypt_attack():
    """The Altar acts "when you target an island for an attack": a Crypt attack is one (P13)."""
    eng = engine()
    s = having(begin(eng=eng), "Ana", "onyx-oasis", "bloodstone-altar", "crystal-crypt")
    s = run(eng, s, "tap crypt", "tap altar 9")
    assert s.attacks == {1: "crypt", 9: "altar"} and (s.rubies_out, s.supply["ruby"]) == (2, 14)


def test_the_crystal_crypts_attack_is_owed_in_each_of_its_builders_offer_phases():
    """P15: no "may" in the Crypt's text, so "End offers" waits for its attack by default."""
    eng = engine()
    s = having(begin(eng=eng), "Ana", "onyx-oasis", "bloodstone-altar", "crystal-crypt")
    prompt = eng.prompt(s)
    done = next(o for o in prompt.options if o.word == "done")
    assert "the Crystal Crypt attacks for free" in prompt.text
    assert (
        not done.enabled
        and done.reason == "Ana's Crystal Crypt attacks island 1 first: tap Crystal Crypt"
    )
    with pytest.raises(IllegalInput, match="Crystal Crypt attacks island 1 first") as refused:
        run(eng, s, "tap done")
    assert refused.value.rule == "crypt-owed"
    s = run(eng, s, "tap crypt")
    assert s.event == "Ana attacks island 1 for free (Crystal Crypt)"
    assert run(eng, s, "tap done").phase == "choose"


def test_the_crystal_crypt_owes_nothing_it_cannot_do():
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", ruby=1), "Ana", "onyx-oasis", "bloodstone-altar",
               "crystal-crypt")  # fmt: skip
    assert run(eng, s, "tap attack 1", "tap done").phase == "choose"  # island 1 already hit


def test_an_optional_crystal_crypt_is_a_setting_and_the_ruleset_of_older_saves():
    eng = engine(crypt_attack="may")
    s = having(begin(eng=eng), "Ana", "onyx-oasis", "bloodstone-altar", "crystal-crypt")
    assert run(eng, s, "tap done").pending == ("onyx",)  # ended; no attack, so Onyx Oasis asks
    game = definition("broken-planet")
    assert game.version == 2 and game.saved_settings(1, {})["crypt_attack"] == "may"


def test_amber_anvil_swaps_a_relic_for_one_from_the_pile_for_a_ruby():
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s.relics[relic("bronze")] = 0
    with pytest.raises(IllegalInput, match="has not built the Amber Anvil"):
        run(eng, s, "tap anvil")
    s = run(eng, having(s, "Ana", "amber-anvil"), "tap anvil", f"scan {relic('bronze')}",
            f"scan {relic('golden', 4)}")  # fmt: skip
    assert s.relics_of(0) == [relic("golden", 4)] and relic("bronze") in s.pile()
    assert hand(s, "Ana") == {} and s.supply["ruby"] == 16
