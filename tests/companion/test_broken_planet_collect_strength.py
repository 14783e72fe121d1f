"""The collect phase as players meet it (issue "mutation score at least 90 %"): whose compass
is taken, what the narration says of each pawn, the resource die, a gem of one's choice, and
the order of a hit (Round Overview 5-6, P13): the victim collects first, then discards half
the hand rounded down, then the attacker takes one relic per pawn hit.

Islands from the demo map (examples/broken-planet-demo-map.toml): 2 a diamond temple next to
island 1; 6 a ruby temple next to 1; 7 a sapphire temple on a hazardous island next to 1;
12 a die temple next to 13; every pawn starts on island 1, which has no temple."""

from __future__ import annotations

import pytest

from companion.engine import Prompt
from companion.games.broken_planet.engine import BrokenPlanetEngine
from companion.games.broken_planet.state import BPState
from companion.inputs import IllegalInput, Tap
from tests.companion.test_broken_planet import begin, engine, give, hand, relic, run, token
from tests.companion.test_broken_planet_effects import having


def labels(prompt: Prompt) -> list[tuple[str, str | None, bool]]:
    return [(o.label, o.arg, o.enabled) for o in prompt.options]


# -- the compasses -----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [3, -1])  # a 3-player table has seats 0, 1 and 2
def test_a_compass_for_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    eng = engine()
    s = run(eng, begin(eng=eng), "tap done")
    with pytest.raises(IllegalInput, match="That seat is not at this table"):
        eng.apply(s, Tap("island", "2", seat))


def test_the_compasses_take_islands_and_nothing_else() -> None:
    eng = engine()
    s = run(eng, begin(eng=eng), "tap done")
    with pytest.raises(IllegalInput, match=r"'done' is not possible now \(you can: island, undo\)"):
        run(eng, s, "tap done")
    with pytest.raises(IllegalInput, match="That scan is not possible now"):
        run(eng, s, f"scan {relic('bronze')}")


# -- moving and collecting ---------------------------------------------------------------------
def test_the_narration_says_where_each_pawn_went_and_what_it_collected() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=2, emerald=1)
    s = run(eng, s, f"scan {token('red', 'sapphire-shrine')}", "tap island 4", "tap done")
    s = run(eng, s, "tap island 4 @Ben", "tap island 7 @Cleo")  # both 1 route from island 1
    # island 4: its sapphire temple and Ana's shrine, one sapphire each; 7 is hazardous
    assert s.event.startswith(
        "Ben moves to island 4, collects 2 gems; Cleo moves to island 7, nothing on hazardous island 7"
    )
    assert hand(s, "Ben") == {"sapphire": 2} and hand(s, "Cleo") == {}
    s = run(eng, s, "tap done", "tap island 7 @Cleo", "tap island 1 @Ana")  # Ben offers
    assert s.event.startswith(  # clockwise from Ben: Cleo, then Ana
        "Cleo stays on island 7, nothing on hazardous island 7; "
        "Ana stays on island 1, collects 0 gems"
    )


@pytest.mark.parametrize("collects", ["yes", "no"])
def test_a_pawn_that_stays_collects_or_not_by_the_setting_and_is_hit_either_way(collects):
    """P2: staying (its own island, or one out of reach) collects by default; `no` collects
    nothing. Island 2 has a diamond temple; island 12 is 4 routes from it."""
    eng = engine(stay_collects=collects)
    s = begin(eng=eng)
    s.pawns[1], s.pawns[2] = [2], [2]
    s = run(eng, give(s, "Ana", ruby=1), "tap attack 2", "tap done")
    s = run(eng, s, "tap island 2 @Ben", "tap island 12 @Cleo")
    got = (
        "collects 1 gem"
        if collects == "yes"
        else "collects nothing (only a pawn that moves collects)"
    )
    assert s.event.startswith(
        f"Ben stays on island 2, {got}; "
        f"Cleo cannot reach island 12 (4 routes, may travel 2) and stays on 2, {got}; "
        "Ben is hit and discards 0 gems"
    )
    assert s.pawns[1:] == [[2], [2]] and "Cleo is hit" in s.event  # "can still be hit"
    held = {"diamond": 1} if collects == "yes" else {}  # 1 gem halved rounded down keeps 1
    assert hand(s, "Ben") == hand(s, "Cleo") == held


# -- the resource die --------------------------------------------------------------------------
def to_the_die(eng: BrokenPlanetEngine, s: BPState) -> BPState:
    """Ana offers nothing more; Cleo goes from island 13 to the die temple on 12, Ben stays."""
    s = s.clone()
    s.pawns[2] = [13]
    return run(eng, s, "tap done", "tap island 1 @Ben", "tap island 12 @Cleo")


def test_the_die_asks_its_face_for_the_island_rolled_on() -> None:
    eng = engine()
    s = to_the_die(eng, begin(eng=eng))
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("die", "Cleo")
    assert (
        prompt.text == "Cleo: roll the resource die for the die temple on island 12; tap its face"
    )
    assert labels(prompt) == [
        ("Diamond", "diamond", True),
        ("Emerald", "emerald", True),
        ("Ruby", "ruby", True),
        ("Sapphire", "sapphire", True),
        ("All four", "any", True),  # "Add a gemstone of your choice to your hand"
    ]
    s = run(eng, s, "tap die ruby")
    assert s.event == "Cleo rolled a ruby; Ben takes the Offer Card"
    assert hand(s, "Cleo") == {"ruby": 1}


def test_a_die_face_whose_pile_is_empty_gives_nothing_and_says_so() -> None:
    eng = engine()
    s = to_the_die(eng, give(begin(eng=eng), "Ana", ruby=16))
    s = run(eng, s, "tap die ruby")
    assert s.event == "Cleo rolled a ruby (the ruby pile is empty); Ben takes the Offer Card"
    assert hand(s, "Cleo") == {}


def test_all_four_with_every_pile_empty_gives_nothing_and_the_turn_ends() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", diamond=16, emerald=16, ruby=16, sapphire=16)
    s = run(eng, to_the_die(eng, s), "tap die any")
    assert s.event == "Cleo rolled all four gems; every gem pile is empty; Ben takes the Offer Card"
    assert (s.phase, s.offer) == ("offer", 1) and hand(s, "Cleo") == {}


def test_two_pawns_on_die_temples_each_roll() -> None:
    eng = engine()
    s = begin(eng=eng)
    s.pawns[1], s.pawns[2] = [11], [13]  # 10 and 12 are die temples, 1 route away each
    s = having(s, "Ben", "obsidian-outpost")  # island 10 is hazardous
    s = run(eng, s, "tap done", "tap island 10 @Ben", "tap island 12 @Cleo")
    assert "island 10" in eng.prompt(s).text and eng.prompt(s).player == "Ben"
    s = run(eng, s, "tap die diamond @Ben")
    assert "island 12" in eng.prompt(s).text and eng.prompt(s).player == "Cleo"
    s = run(eng, s, "tap die emerald @Cleo")
    assert hand(s, "Ben") == {"diamond": 1} and hand(s, "Cleo") == {"emerald": 1}


# -- a hit: collect, choose a gem, discard half, lose a relic ------------------------------------
def test_a_hit_on_the_die_temple_chooses_the_gem_then_discards_then_loses_one_relic() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = give(s, "Ben", emerald=16, sapphire=15)  # the emerald pile empty, one sapphire left
    s = give(s, "Cleo", diamond=3)
    s.relics |= {relic("bronze"): 2, relic("golden"): 2, relic("silver"): 1}
    s = run(eng, s, "tap attack 12")
    s = run(eng, to_the_die(eng, s), "tap die any")  # collecting comes first: the die
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("gem", "Cleo")
    assert (
        prompt.text == "Cleo: the die shows all four: a gem of your choice — take it from the piles"
    )
    assert prompt.private and prompt.expects_scan  # a hidden hand: a gem card may be scanned
    assert labels(prompt) == [
        ("Diamond", "diamond", True),
        ("Emerald", "emerald", False),
        ("Ruby", "ruby", True),
        ("Sapphire", "sapphire", True),
    ]
    assert prompt.options[1].reason == "the pile is empty"
    with pytest.raises(IllegalInput, match="only 1 now"):
        run(eng, s, "tap gem sapphire ruby")
    s = run(eng, s, "tap gem sapphire")  # the last sapphire: 4 gems, so 2 are discarded
    assert s.event == "Cleo took a gem; Cleo is hit and discards 2 gems"
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("discard", "Cleo")
    assert prompt.text == "Cleo was hit: discard 2 gems of your choice to the piles"
    assert prompt.private and prompt.expects_scan
    s = run(eng, s, "tap discard diamond diamond")
    assert hand(s, "Cleo") == {"diamond": 1, "sapphire": 1}
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("relic", "Ana")
    assert prompt.text == "Ana: take one of Cleo's relics (scan it or tap it)"
    assert prompt.expects_scan
    assert labels(prompt) == [  # Cleo's relics only, not Ben's silver one
        ("Bronze relic", relic("bronze"), True),
        ("Golden relic", relic("golden"), True),
    ]
    with pytest.raises(IllegalInput, match="'discard' is not possible now"):
        run(eng, s, "tap discard diamond")
    s = run(eng, s, "tap relic golden")  # one pawn hit: one relic
    assert s.event == "Ana takes Cleo's golden relic; Ben takes the Offer Card"
    assert s.relics_of(0) == [relic("golden")] and s.relics_of(2) == [relic("bronze")]
    assert (s.phase, s.offer) == ("offer", 1)


def test_two_players_hit_each_lose_a_relic_to_the_attacker() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=2)
    s.relics |= {relic("silver"): 1, relic("golden"): 2}
    s = run(eng, s, "tap attack 2", "tap attack 6", "tap done", "tap island 2 @Ben",
            "tap island 6 @Cleo")  # fmt: skip
    assert eng.prompt(s).text == "Ana: take one of Ben's relics (scan it or tap it)"
    s = run(eng, s, f"scan {relic('silver')}")
    assert eng.prompt(s).text == "Ana: take one of Cleo's relics (scan it or tap it)"
    s = run(eng, s, f"scan {relic('golden')}")
    assert s.relics_of(0) == [relic("silver"), relic("golden")] and s.phase == "offer"
