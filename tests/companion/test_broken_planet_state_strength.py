"""The island table's bookkeeping as players read it (issue "mutation score at least 90 %"):
the narration's sentences, the tablet's action the board shows, gem cards laid down that do
not cover a price, a slot freed next to a sapphire-locked one (P8), and what the Sun
Sanctuary's removals say and leave (P15)."""

from __future__ import annotations

import pytest

from companion.games.broken_planet.state import MapTemple
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import begin, engine, give, hand, quiet_turn, run, token
from tests.companion.test_broken_planet_effects import having
from tests.companion.test_broken_planet_gems import SAPPHIRE_A, SAPPHIRE_B, SHRINE, offering
from tests.companion.test_broken_planet_properties import check


def test_the_narration_starts_each_sentence_with_a_capital():
    eng = engine()
    s = begin(eng=eng)  # everyone passes their first picks
    assert eng.narration(s) == "Cleo takes no more gems. Round 1: Ana offers"
    for _ in range(3):
        s = quiet_turn(eng, s)
    # a new sentence for the round (4 rounds with 3 players), a clause for the Offer Card
    assert eng.narration(s).endswith(". Round 2 of 4; Ana takes the Offer Card")


def test_the_board_shows_the_tablets_action_the_offer_has_reached_from_the_first_turn():
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=2, ruby=1)
    assert eng.view(s).board["stage"] == "build"
    s = run(eng, s, "tap craft bronze")
    assert eng.view(s).board["stage"] == "craft"
    s = run(eng, s, "tap attack 5")
    assert eng.view(s).board["stage"] == "attack"
    s = run(eng, s, "tap done", "tap island 1 @Ben", "tap island 1 @Cleo")
    assert eng.prompt(s).player == "Ben" and eng.view(s).board["stage"] == "build"


def test_gem_cards_laid_down_must_cover_every_gem_of_the_price():
    eng, s = offering(sapphire=2, emerald=1)
    s = run(eng, s, f"scan {SAPPHIRE_A}", f"scan {SAPPHIRE_B}")  # the emerald stays in hand
    with pytest.raises(
        IllegalInput,
        match="^Ana has laid down 2 sapphires; the Sapphire Shrine costs 1 emerald and 2 sapphires:",
    ):
        run(eng, s, f"scan {SHRINE}")


def test_a_slot_freed_beside_a_taken_locked_slot_is_built_at_its_own_price():
    """Island 8 has 2 slots, one sapphire-locked. The Garnet Garden moves the emerald temple
    of island 3 onto the locked one; the Sun Sanctuary removes the ruby temple from the
    unlocked one (and Ben's shrine from island 4); the freed slot then costs no sapphire."""
    eng = engine()
    s = begin(eng=eng)
    bens = token("blue", "sapphire-shrine")
    s.place(4, MapTemple(bens, "sapphire", 1, "sapphire-shrine", False))
    s = having(s, "Ben", "sapphire-shrine")
    s = give(give(s, "Ana", diamond=4, emerald=10, ruby=7, sapphire=3), "Ben", ruby=2)
    s = run(
        eng,
        s,
        "tap build amber-anvil 5",
        "tap build garnet-garden 5",
        "tap build obsidian-outpost 9",
        "tap build magma-monastery 9",
        "tap skip",
        "tap garden S3 8",
    )
    assert eng.narration(s) == (
        "Garnet Garden: the emerald temple moved from island 3 to 8 (1 sapphire for the lock)"
    )
    s = run(eng, s, "tap build sun-sanctuary 1")
    labels = [o.label for o in eng.prompt(s).options if o.word == "remove"]
    assert "the ruby temple on 8" in labels and "Ben's Sapphire Shrine on 4" in labels
    s = run(eng, s, "tap remove S8")
    assert eng.narration(s) == "Sun Sanctuary: the ruby temple on island 8 is removed from play"
    s = run(eng, s, f"scan {bens}")
    assert eng.narration(s) == (
        "Sun Sanctuary: Ben's Sapphire Shrine on island 4 is removed from play"
    )
    s = run(eng, s, "tap done", "tap build onyx-oasis 8")
    assert eng.narration(s) == (
        "Ana built the Onyx Oasis on island 8 for 1 diamond, 1 emerald and 1 ruby"
    )
    assert hand(s, "Ana") == {}
    assert [t.id for t in s.removed] == ["S8", bens]
    check(s)  # gems conserved; every temple on one island or removed, never both
