"""Gem cards with stickers: scanning them pays ("gem cards may carry stickers too, and where
they do, scanning them pays"). A gem card laid on the reader is spent by the next payment
that asks for its gem; what is left over goes back to the hand when the offer ends."""

from __future__ import annotations

import pytest

from companion.deck import make_component
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import DECK, begin, engine, give, hand, run, token

GEMS = {f"04B004{n:02X}00000000"[:14]: gem for n, gem in enumerate(("sapphire", "sapphire", "emerald", "ruby"), 1)}  # fmt: skip
CARDS = {
    **DECK.components,
    **{u: make_component("broken-planet", {"uid": u, "kind": "gem", "gem": g}) for u, g in GEMS.items()},
}  # fmt: skip
SAPPHIRE_A, SAPPHIRE_B, EMERALD, RUBY = GEMS
SHRINE = token("red", "sapphire-shrine")  # 2 sapphires and 1 emerald on the demo tablet


def offering(**gems: int):
    eng = engine()
    return eng, give(begin(eng=eng, components=CARDS), "Ana", **gems)


def test_scanned_gems_pay_for_the_temple_they_were_laid_down_for():
    eng, s = offering(sapphire=2, emerald=1, ruby=1)
    s = run(eng, s, f"scan {SAPPHIRE_A}")
    assert s.event == "Ana lays down a sapphire (1 sapphire down)"
    s = run(eng, s, f"scan {SAPPHIRE_B}", f"scan {EMERALD}", f"scan {SHRINE}", "tap island 4")
    assert hand(s, "Ana") == {"ruby": 1} and s.tendered == {}
    assert s.event.startswith("Ana built the Sapphire Shrine on island 4")
    assert s.supply["sapphire"] + sum(h.get("sapphire", 0) for h in s.hands) == 16


def test_too_few_scanned_gems_ask_for_the_rest_and_a_gem_not_held_is_refused():
    eng, s = offering(sapphire=2, emerald=1)
    s = run(eng, s, f"scan {SAPPHIRE_A}")
    with pytest.raises(IllegalInput, match="has laid down 1 sapphire; .* scan the rest"):
        run(eng, s, f"scan {SHRINE}")
    with pytest.raises(
        IllegalInput, match="^Ana cannot lay down that gem: hold your name to see your hand; Undo"
    ):
        run(eng, s, f"scan {RUBY}")


def test_an_unscanned_cost_is_paid_from_the_hand_and_leftovers_go_back_at_the_end():
    eng, s = offering(sapphire=2, emerald=1, ruby=1)
    s = run(eng, s, f"scan {RUBY}", f"scan {SHRINE}", "tap island 4")  # no sapphire laid down
    assert hand(s, "Ana") == {"ruby": 1} and s.tendered == {"ruby": 1}
    s = run(eng, s, "tap done")
    assert "Ana takes back 1 ruby" in s.event and s.tendered == {}
    assert hand(s, "Ana") == {"ruby": 1}


def test_each_player_sees_only_their_own_gems_and_the_view_shows_counts():
    eng, s = offering(sapphire=2, emerald=1)
    assert [(c.key, c.text) for c in eng.secret(s, "Ana")] == [
        ("emerald", "1 emerald"),
        ("sapphire", "2 sapphires"),
    ]  # in the tablet's gem order
    assert [c.text for c in eng.secret(s, "Ben")] == ["no gems"]
    shown = repr(eng.view(s).players)
    assert "3 gems" in shown and "sapphire" not in shown
