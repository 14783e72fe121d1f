"""How Broken Planet reads what a player names or scans (issue "mutation score at least
90 %"): a tap made for another seat, gem words and gem cards, relic cards and relic kinds,
each refused in words that say what was wrong."""

from __future__ import annotations

import pytest

from companion.engine import PlayerSetup, Setup
from companion.inputs import IllegalInput, Scan, Tap
from tests.companion.test_broken_planet import (
    DECK,
    MAP,
    begin,
    engine,
    give,
    hand,
    pawn,
    relic,
    run,
)
from tests.companion.test_broken_planet_collect_strength import to_the_die
from tests.companion.test_broken_planet_effects import having


def test_a_tap_for_another_seat_is_refused_naming_whose_turn_it_is() -> None:
    eng = engine()
    s = begin(start="Ben", eng=eng)  # Ben offers first
    with pytest.raises(IllegalInput, match="^It is Ben's turn, not Ana's$"):
        eng.apply(s, Tap("done", None, 0))  # from Ana's seat (seat 0)
    assert eng.apply(s, Tap("done", None, 1)).phase == "choose"  # Ben's own seat


@pytest.mark.parametrize("seat", [3, -1])  # a 3-player table has seats 0, 1 and 2
def test_a_tap_for_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    eng = engine()
    with pytest.raises(IllegalInput, match="^That seat is not at this table$"):
        eng.apply(begin(eng=eng), Tap("done", None, seat))


def hit_and_discarding():
    """Cleo hit on island 12 (the demo map's die temple), the die's gem taken: she
    discards 2 of her 4 gems."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=1)
    s = give(s, "Cleo", diamond=3)
    s = run(eng, s, "tap attack 12")
    s = run(eng, to_the_die(eng, s), "tap die any", "tap gem sapphire")
    assert eng.prompt(s).text == "Cleo was hit: discard 2 gems of your choice to the piles"
    return eng, s


def test_a_card_that_is_no_gem_is_refused_where_a_gem_is_asked_for() -> None:
    eng, s = hit_and_discarding()
    s.relics[relic("bronze")] = 2
    with pytest.raises(IllegalInput, match="^The bronze relic is not a gem card: scan a gem"):
        eng.apply(s, Scan(relic("bronze")))


def test_the_first_word_that_is_no_gem_is_named() -> None:
    eng, s = hit_and_discarding()
    with pytest.raises(IllegalInput, match="^'opal' is not a gem \\(gems: "):
        run(eng, s, "tap discard diamond opal jade")


def test_a_relic_that_is_not_there_or_no_relic_is_refused_by_what_is_wrong() -> None:
    eng = engine()
    s = having(give(begin(eng=eng), "Ana", ruby=1), "Ana", "amber-anvil")
    s.relics |= {relic("bronze"): 0, relic("golden"): 1}
    s = run(eng, s, "tap anvil", "tap relic bronze")  # Ana gives her bronze back
    assert eng.prompt(s).text == "Ana: scan the relic you take from the pile"
    with pytest.raises(IllegalInput, match="^That golden relic is not in the pile$"):
        eng.apply(s, Scan(relic("golden")))  # Ben's
    for wrong in (Scan(pawn("red")), Tap("relic", "04FFFFFF000000")):  # a pawn; no such tag
        with pytest.raises(IllegalInput, match="^Scan a relic card, or tap relic with its kind"):
            eng.apply(s, wrong)
    s = begin(eng=eng)
    s = having(give(s, "Ana", ruby=1), "Ana", "amber-anvil")
    s.relics |= {relic("bronze"): 0, relic("golden"): 1}
    with pytest.raises(IllegalInput, match="^That golden relic is not in Ana's relics$"):
        run(eng, s, "tap anvil", f"scan {relic('golden')}")


def test_a_temple_the_map_makes_free_is_offered_and_built_for_nothing() -> None:
    """A map file may give a temple no cost (`cost = {}`): its price reads "nothing"."""
    free = [{**t, "cost": {}} if t["key"] == "sapphire-shrine" else t for t in MAP["temple"]]
    eng = engine()
    s = eng.new(Setup(tuple(PlayerSetup(n) for n in ("Ana", "Ben", "Cleo")), DECK.components,
                      extra={"map": {**MAP, "temple": free}}))  # fmt: skip
    s = run(eng, s, *(f"scan {pawn(c)}" for c in ("red", "blue", "green")), "tap diamond Ana")
    while s.phase == "picks":
        s = run(eng, s, "tap done")
    s = give(s, "Ana", emerald=1)  # a gem in hand changes nothing: the temple is free
    build = next(o for o in eng.prompt(s).options if o.arg == "sapphire-shrine")
    assert build.label == "Build Sapphire Shrine (nothing, 3 favor)" and build.enabled
    s = run(eng, s, "tap build sapphire-shrine 4")
    assert s.event == "Ana built the Sapphire Shrine on island 4 for nothing"
    assert hand(s, "Ana") == {"emerald": 1}
