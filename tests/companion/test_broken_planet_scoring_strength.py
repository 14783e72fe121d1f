"""Broken Planet's favor count as the score screen shows it (issue 13): the Gold Golem per
temple, with or without itself, the sole survivor's sentence, and ties by player count;
and an offer's end that has nothing to give back says nothing about it."""

from __future__ import annotations

import pytest

from companion.games.broken_planet.scoring import Favor, Holding, score_holdings
from tests.companion.test_broken_planet import run
from tests.companion.test_broken_planet_gems import SHRINE, offering

FAVOR = Favor({"gold-golem": 2, "sun": 3, "moon": 1, "well": 4}, {"idol": 2})
RULES = {"golem_counts_itself": "yes", "shared_victory": "all"}


@pytest.mark.parametrize(("counts_itself", "golem"), [("yes", 3), ("no", 2)])
def test_the_gold_golem_adds_one_favor_per_temple(counts_itself, golem) -> None:
    settings = RULES | {"golem_counts_itself": counts_itself}
    holdings = [Holding("Ana", ("gold-golem", "sun", "moon"), ()), Holding("Ben", ("well",), ())]
    ana, ben = score_holdings(holdings, FAVOR, settings).players
    assert ana.breakdown == {"temples": 6, "relics": 0, "golem": golem}
    assert ana.notes == {"golem": "3 temples"} and ben.notes == {}


def test_a_sole_survivor_is_named_with_the_favor_that_won() -> None:
    holdings = [Holding("Ana", ("sun",), ("idol",)), Holding("Ben", ("well",), ()),
                Holding("Cleo", ("moon",), ())]  # fmt: skip
    sheet = score_holdings(holdings, FAVOR, RULES)
    assert sheet.winners == ("Ana",)
    assert sheet.reason == "Ana has the most favor (5): the sole survivor"
    assert [p.rank for p in sheet.players] == [1, 2, 3]


@pytest.mark.parametrize("shared", ["all", "two-player"])
def test_a_two_player_tie_is_always_shared(shared) -> None:
    holdings = [Holding("Ana", ("sun",), ()), Holding("Ben", ("sun",), ())]
    sheet = score_holdings(holdings, FAVOR, RULES | {"shared_victory": shared})
    assert sheet.winners == ("Ana", "Ben")
    assert sheet.reason == "Ana and Ben tie at 3 favor: the gods are merciful, all are victorious"


def test_a_tie_of_three_players_has_no_survivor_unless_victory_is_shared() -> None:
    holdings = [Holding(n, ("sun",), ()) for n in ("Ana", "Ben", "Cleo")]
    sheet = score_holdings(holdings, FAVOR, RULES | {"shared_victory": "two-player"})
    assert sheet.winners == ()
    assert sheet.reason == "Ana and Ben and Cleo tie at 3 favor: the gods choose no sole survivor"
    assert score_holdings(holdings, FAVOR, RULES).winners == ("Ana", "Ben", "Cleo")


def test_an_offer_that_laid_no_gem_down_takes_nothing_back() -> None:
    eng, s = offering(sapphire=2, emerald=1)
    s = run(eng, s, f"scan {SHRINE}", "tap island 4", "tap done")  # paid from the hand
    assert s.phase == "choose" and "takes back" not in s.event
    assert s.event.startswith("Ana has made all offers")
