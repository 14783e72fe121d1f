"""The temple effects as players meet them (issue "mutation score at least 90 %"): what each
effect's buttons and steps offer, what they refuse and why, what the narration says.

Expected values come from the rulebook's Extra Ruling, rulings P1-P15 and the demo map
(examples/broken-planet-demo-map.toml): island 8 has 2 slots, one of them sapphire-locked,
and its ruby temple stands on the unlocked one; island 1 starts empty; islands 2-14 each
start with one standard temple. Temples a test only needs as built are written into the
state (`having`), as in test_broken_planet_effects.py; everything under test is played."""

from __future__ import annotations

import pytest

from companion.engine import Option, Prompt
from companion.games.broken_planet.engine import BrokenPlanetEngine
from companion.games.broken_planet.state import BPState
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import (
    begin,
    engine,
    give,
    hand,
    quiet_turn,
    relic,
    run,
    token,
)
from tests.companion.test_broken_planet_effects import having

EFFECT_WORDS = {"anvil", "garden", "altar", "crypt"}
STANDARD = {2: "diamond", 3: "emerald", 4: "sapphire", 5: "diamond", 6: "ruby", 7: "sapphire",
            8: "ruby", 9: "emerald", 10: "die", 11: "ruby", 12: "die", 13: "emerald",
            14: "sapphire"}  # fmt: skip


def option(prompt: Prompt, word: str) -> Option:
    (found,) = [o for o in prompt.options if o.word == word]
    return found


def option_for(prompt: Prompt, arg: str) -> Option:
    (found,) = [o for o in prompt.options if o.arg == arg]
    return found


def words(prompt: Prompt) -> list[str]:
    return [o.word for o in prompt.options]


def islands(prompt: Prompt) -> dict[str, str]:
    """The island buttons: island number -> label."""
    return {o.arg: o.label for o in prompt.options if o.word == "island"}


# -- Sapphire Shrine -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "lands", "said"),
    [
        (3, 3, "Ben moves to island 3"),  # 1-2-3: 2 routes
        (12, 1, "Ben cannot reach island 12 (3 routes, may travel 2) and stays on 1"),
    ],
)
def test_the_sapphire_shrine_adds_nothing_from_an_island_without_a_movement_token(
    target: int, lands: int, said: str
) -> None:
    eng = engine()
    s = having(begin(eng=eng), "Ben", "sapphire-shrine")  # every pawn starts on island 1
    s = run(eng, s, "tap done", f"tap island {target} @Ben", "tap island 1 @Cleo")
    assert s.pawns[1] == [lands] and said in s.event


# -- the effect buttons ------------------------------------------------------------------------
def test_only_a_builder_sees_an_effects_button_and_the_last_offer_has_no_free_attacks() -> None:
    eng = engine()
    s = begin(eng=eng)
    assert not EFFECT_WORDS & set(words(eng.prompt(s)))
    built = having(s, "Ana", "amber-anvil", "garnet-garden", "onyx-oasis", "bloodstone-altar",
                   "crystal-crypt")  # fmt: skip
    assert EFFECT_WORDS <= set(words(eng.prompt(built)))
    for _ in range(3 * 4):  # the demo map: 4 rounds of 3 players, then the Last Offer
        s = quiet_turn(eng, s)
    assert (s.phase, s.offer) == ("last", 0)
    last = words(eng.prompt(having(s, "Ana", "amber-anvil", "garnet-garden", "onyx-oasis",
                                   "bloodstone-altar", "crystal-crypt")))  # fmt: skip
    assert {"anvil", "garden"} <= set(last)  # P11: building and crafting go on
    assert not {"altar", "crypt", "attack"} & set(last)  # "Moving or attacking is not allowed"


def test_a_word_the_offer_prompt_does_not_offer_is_refused() -> None:
    eng = engine()
    with pytest.raises(IllegalInput, match="'fly' is not possible now"):
        run(eng, begin(eng=eng), "tap fly")


# -- Bloodstone Altar --------------------------------------------------------------------------
def test_the_bloodstone_altar_waits_for_an_attack() -> None:
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", ruby=1), "Ana", "onyx-oasis", "bloodstone-altar")
    altar = option(eng.prompt(s), "altar")
    assert not altar.enabled and "attack an island first" in altar.reason
    with pytest.raises(IllegalInput, match="attack an island first"):
        run(eng, s, "tap altar 9")
    s = run(eng, s, "tap attack 5")
    assert option(eng.prompt(s), "altar").enabled
    s = run(eng, s, "tap altar")  # the island is asked next
    prompt = eng.prompt(s)
    assert prompt.text == "Ana: which island do you attack?" and not prompt.expects_scan
    assert sorted(islands(prompt), key=int) == [str(n) for n in range(1, 15) if n != 5]
    assert words(prompt)[-1] == "cancel"  # an attack not yet made can be taken back
    s = run(eng, s, "tap island 9")
    assert s.attacks == {5: "ruby", 9: "altar"}
    assert s.event == "Ana attacks island 9 for free (Bloodstone Altar)"


# -- Sun Sanctuary -----------------------------------------------------------------------------
def sanctuary() -> tuple[BrokenPlanetEngine, BPState]:
    """Ana has just built the Sun Sanctuary on island 1 (its cost on the demo tablet)."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", diamond=2, emerald=2, sapphire=2)
    s = having(s, "Ana", "obsidian-outpost", "magma-monastery")
    return eng, run(eng, s, "tap build sun-sanctuary 1")


def test_the_sun_sanctuary_removes_three_temples_at_most() -> None:
    eng, s = sanctuary()
    assert s.event.endswith("; Sun Sanctuary: remove up to 3 temples from the map")
    left = []
    for island in (2, 3, 4):
        prompt = eng.prompt(s)
        left.append(prompt.text)
        assert prompt.expects_scan and "cancel" not in words(prompt)  # a when-built effect
        s = run(eng, s, f"tap remove S{island}")
        assert s.event == (
            f"Sun Sanctuary: the {STANDARD[island]} temple on island {island} is removed from play"
        )
    assert left == [
        f"Ana: Sun Sanctuary — remove up to {n} more temples (or done)" for n in (3, 2, 1)
    ]
    assert [t.id for t in s.removed] == ["S2", "S3", "S4"]
    prompt = eng.prompt(s)  # the third removal ends the effect: the offer phase goes on
    assert prompt.phase == "offer" and "step" not in prompt.detail
    with pytest.raises(IllegalInput, match="'remove' is not possible now"):
        run(eng, s, "tap remove S5")


def test_the_sun_sanctuary_offers_every_temple_on_the_map_and_may_stop_early() -> None:
    eng, s = sanctuary()
    prompt = eng.prompt(s)
    removable = {o.arg: o.label for o in prompt.options if o.word == "remove"}
    sanctuary_token = token("red", "sun-sanctuary")
    assert removable == {  # any temple, its builder's own included (P15)
        **{f"S{n}": f"the {gem} temple on {n}" for n, gem in STANDARD.items()},
        sanctuary_token: "Ana's Sun Sanctuary on 1",
    }
    assert words(prompt)[-1] == "done"
    with pytest.raises(IllegalInput, match="'hazard' is not possible now"):
        run(eng, s, "tap hazard")
    s = run(eng, s, "tap remove S2", "tap done")
    assert s.event == "Sun Sanctuary: no more" and [t.id for t in s.removed] == ["S2"]
    assert eng.prompt(s).phase == "offer" and "step" not in eng.prompt(s).detail


# -- Garnet Garden -----------------------------------------------------------------------------
def gardener(**gems: int) -> tuple[BrokenPlanetEngine, BPState]:
    eng = engine()
    return eng, having(give(begin(eng=eng), "Ana", **gems), "Ana", "amber-anvil", "garnet-garden")


def test_the_garnet_garden_asks_which_temple_then_which_island() -> None:
    eng, s = gardener(sapphire=1)
    s = run(eng, s, "tap garden")
    assert s.event == "Garnet Garden: Ana moves a temple"
    prompt = eng.prompt(s)
    assert prompt.text == "Ana: which temple moves? (scan its token or tap it)"
    assert prompt.expects_scan
    assert {o.arg: o.label for o in prompt.options if o.word == "temple"} == {
        f"S{n}": f"the {gem} temple on {n}" for n, gem in STANDARD.items()
    }  # any temple on the map (P15): here the standard ones
    assert words(prompt)[-1] == "cancel"
    s = run(eng, s, "tap temple S3")
    prompt = eng.prompt(s)
    assert prompt.text == "Ana: to which island? (a locked slot costs a sapphire)"
    assert not prompt.expects_scan and words(prompt)[-1] == "cancel"
    # every island but the temple's own has a free slot; island 8's only one is locked
    assert islands(prompt) == {
        str(n): f"Island {n}" + (" (1 sapphire)" if n == 8 else "") for n in range(1, 15) if n != 3
    }
    s = run(eng, s, "tap island 8")
    assert (
        s.event
        == "Garnet Garden: the emerald temple moved from island 3 to 8 (1 sapphire for the lock)"
    )
    assert [t.id for t in s.temples[8]] == ["S8", "S3"] and hand(s, "Ana") == {}


def test_the_garnet_garden_takes_a_temple_named_first_then_asks_the_island() -> None:
    eng, s = gardener()
    s = run(eng, s, "tap garden S3")
    assert eng.prompt(s).text == "Ana: to which island? (a locked slot costs a sapphire)"
    s = run(eng, s, "tap island 1")  # an unlocked slot: nothing to pay
    assert s.event == "Garnet Garden: the emerald temple moved from island 3 to 1"
    assert [t.id for t in s.temples[1]] == ["S3"] and not s.temples[1][0].locked


def test_the_garnet_garden_moves_a_players_temple_scanned_by_its_token() -> None:
    eng, s = gardener(sapphire=2, emerald=1)
    shrine = token("red", "sapphire-shrine")
    s = run(
        eng, s, f"scan {shrine}", "tap island 4", "tap garden", f"scan {shrine}", "tap island 1"
    )
    assert s.event == "Garnet Garden: Ana's Sapphire Shrine moved from island 4 to 1"
    assert [t.id for t in s.temples[4]] == ["S4"] and [t.id for t in s.temples[1]] == [shrine]


def test_the_garnet_gardens_refusals() -> None:
    eng, s = gardener()
    with pytest.raises(
        IllegalInput, match="^Ana cannot pay for the locked slot on island 8: hold your name"
    ):
        run(eng, s, "tap garden S3 8")
    with pytest.raises(IllegalInput, match="The emerald temple already stands on island 3"):
        run(eng, s, "tap garden S3 3")
    attacked = run(eng, give(s, "Ana", ruby=1), "tap attack 5")  # P7: building is over
    garden = option(eng.prompt(attacked), "garden")
    why = "The Garnet Garden belongs to building temples, over for this offer phase"
    assert not garden.enabled and garden.reason == why
    with pytest.raises(IllegalInput, match=why):
        run(eng, attacked, "tap garden S3 1")


# -- Amber Anvil -------------------------------------------------------------------------------
def test_the_amber_anvil_asks_for_the_relic_given_back_then_the_one_taken() -> None:
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", ruby=1), "Ana", "amber-anvil")
    s.relics[relic("bronze")] = 0
    s = run(eng, s, "tap anvil")
    assert s.event == "Amber Anvil: Ana swaps a relic"
    prompt = eng.prompt(s)
    assert prompt.text == "Ana: scan the relic you give back" and prompt.expects_scan
    assert words(prompt) == ["relic", "cancel"]
    s = run(eng, s, "tap relic bronze")
    assert eng.prompt(s).text == "Ana: scan the relic you take from the pile"
    s = run(eng, s, "tap relic silver")
    assert [s.relic_kind(u) for u in s.relics_of(0)] == ["silver"] and hand(s, "Ana") == {}


def test_the_amber_anvil_needs_a_relic_a_ruby_and_the_crafting_step() -> None:
    eng = engine()
    s = having(begin(eng=eng), "Ana", "amber-anvil")
    anvil = option(eng.prompt(s), "anvil")
    assert not anvil.enabled and anvil.reason == "Ana has no relic to swap"
    with pytest.raises(IllegalInput, match="Ana has no relic to swap"):
        run(eng, s, "tap anvil")
    s.relics[relic("bronze")] = 0
    with pytest.raises(
        IllegalInput, match="^Ana cannot pay for the Amber Anvil: hold your name to see your hand$"
    ):
        run(eng, s, "tap anvil")
    s = run(eng, give(s, "Ana", ruby=2), "tap attack 5")  # P7: crafting is over
    why = "The Amber Anvil belongs to crafting relics, over for this offer phase"
    assert option(eng.prompt(s), "anvil").reason == why
    with pytest.raises(IllegalInput, match=why):
        run(eng, s, "tap anvil")


# -- Magma Monastery ---------------------------------------------------------------------------
def magma() -> tuple[BrokenPlanetEngine, BPState]:
    """Ana has just built the Magma Monastery on island 1 (its cost on the demo tablet)."""
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", emerald=2, ruby=2), "Ana", "obsidian-outpost")
    return eng, run(eng, s, "tap build magma-monastery 1")


def test_the_magma_monastery_asks_the_token_then_the_island() -> None:
    eng, s = magma()
    assert s.event.endswith("; Magma Monastery: place a hazardous or movement token on an island")
    assert words(eng.prompt(s)) == ["hazard", "movement", "skip"]  # no cancel: it was built
    with pytest.raises(IllegalInput, match="'gem' is not possible now"):
        run(eng, s, "tap gem ruby")
    s = run(eng, s, "tap hazard")
    prompt = eng.prompt(s)
    assert list(islands(prompt)) == [str(n) for n in range(1, 15)] and words(prompt)[-1] == "skip"
    s = run(eng, s, "tap island 3")
    assert s.event == "Magma Monastery: Ana placed a hazard token on island 3"
    assert eng.view(s).board["islands"][2]["hazard"] == 1
    s = run(eng, s, "tap done", "tap island 3 @Ben", "tap island 1 @Cleo")
    assert "Ben moves to island 3, nothing on hazardous island 3" in s.event
    assert hand(s, "Ben") == {}


def test_the_magma_monastery_may_place_no_token() -> None:
    eng, s = magma()
    s = run(eng, s, "tap skip")
    assert s.event == "Magma Monastery: no token placed"
    assert eng.prompt(s).phase == "offer" and "step" not in eng.prompt(s).detail
    board = eng.view(s).board["islands"]
    assert [i["hazard"] for i in board] == [1 if n in (7, 10, 13) else 0 for n in range(1, 15)]


# -- Onyx Oasis --------------------------------------------------------------------------------
def test_the_onyx_oasis_offers_the_piles_that_still_hold_a_gem() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Cleo", emerald=16, diamond=15)  # one diamond is left
    s = run(eng, having(s, "Ana", "onyx-oasis"), "tap done")
    prompt = eng.prompt(s)
    assert prompt.private and prompt.expects_scan
    assert [(o.word, o.arg, o.enabled) for o in prompt.options] == [
        ("gem", "diamond", True),
        ("gem", "emerald", False),
        ("gem", "ruby", True),
        ("gem", "sapphire", True),
        ("skip", None, True),
    ]
    assert option_for(prompt, "emerald").reason == "the pile is empty"
    with pytest.raises(IllegalInput, match="only 1 now"):
        run(eng, s, "tap gem diamond ruby")
    s = run(eng, s, "tap gem diamond")
    assert hand(s, "Ana") == {"diamond": 1} and s.supply["diamond"] == 0


def test_the_onyx_oasis_may_be_passed_and_the_compasses_follow() -> None:
    eng = engine()
    s = run(eng, having(begin(eng=eng), "Ana", "onyx-oasis"), "tap done", "tap skip")
    assert s.event.startswith("Onyx Oasis: no more")
    assert s.phase == "choose" and hand(s, "Ana") == {}


# -- the island a new temple goes to ------------------------------------------------------------
def test_the_build_step_offers_the_islands_with_a_free_slot_and_prices_a_locked_one() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", diamond=2, emerald=3, ruby=1, sapphire=5)
    s = run(eng, s, f"scan {token('red', 'obsidian-outpost')}")  # 2 emeralds and 1 ruby
    prompt = eng.prompt(s)
    assert prompt.text == (
        "Ana: which island for the Obsidian Outpost? (a locked slot: 1 sapphire more)"
    )
    assert not prompt.expects_scan and words(prompt)[-1] == "cancel"
    assert islands(prompt) == {
        str(n): f"Island {n}" + (" (2 emeralds, 1 ruby and 1 sapphire)" if n == 8 else "")
        for n in range(1, 15)
    }
    s = run(eng, s, "tap cancel", f"scan {token('red', 'sapphire-shrine')}")
    assert islands(eng.prompt(s))["8"] == "Island 8 (1 emerald and 3 sapphires)"
    s = run(eng, s, "tap island 8", "tap build temple-of-time")  # island 8 is now full
    assert list(islands(eng.prompt(s))) == [str(n) for n in range(1, 15) if n != 8]
