"""Broken Planet as players read it (issue 13): the favor count on the score screen (the Gold
Golem per temple, with or without itself, the sole survivor's sentence, ties by player
count), the pawns a setup needs, and what an offer's end says."""

from __future__ import annotations

import tomllib

import pytest

from companion.engine import PlayerSetup, Setup
from companion.games.broken_planet.scoring import Favor, Holding, score_holdings
from companion.view import Counter
from tests.companion.test_broken_planet import DECK, EXAMPLES, MAP, begin, engine, quiet_turn, run
from tests.companion.test_broken_planet_gems import SHRINE, offering

MAP_FILE = EXAMPLES / "broken-planet-demo-map.toml"
TOKENS = ("hazard", "movement")
NAMES = ("Ana", "Ben", "Cleo")

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


def pawns(count: int) -> dict:
    """The demo deck with only its first `count` pawns."""
    kept = [u for u, c in DECK.components.items() if c.kind == "pawn"][:count]
    return {u: c for u, c in DECK.components.items() if c.kind != "pawn" or u in kept}


def test_two_players_need_two_pawns_each_and_more_players_one() -> None:
    def new(players: int, count: int):
        setup = Setup(tuple(PlayerSetup(n) for n in ("Ana", "Ben", "Cleo", "Dev")[:players]),
                      pawns(count), extra={"map": MAP})  # fmt: skip
        return engine().new(setup)

    assert new(2, 4).pawns == [[1, 1], [1, 1]] and new(3, 3).pawns == [[1], [1], [1]]
    with pytest.raises(ValueError, match="the deck has 3 pawns; 4 are needed"):
        new(2, 3)
    with pytest.raises(ValueError, match="the deck has 2 pawns; 3 are needed"):
        new(3, 2)


def test_the_narration_says_what_the_scan_started() -> None:
    eng, s = offering(sapphire=2, emerald=1)
    s = run(eng, s, f"scan {SHRINE}")
    assert eng.narration(s) == "Ana builds the Sapphire Shrine: on which island?"


def test_a_player_without_gems_sees_a_count_of_none() -> None:
    eng, s = offering(sapphire=2)
    assert eng.secret(s, "Ben") == (Counter("gems", "no gems", 0),)
    assert eng.secret(s, "Ana") == (Counter("sapphire", "2 sapphires", 2),)


def test_the_map_starts_with_one_token_on_each_island_the_map_file_marks() -> None:
    """Set-up: "Place three Hazardous tokens (10) on three random islands" and "Place five
    Movement tokens (10) on random islands": one token to an island (the map file says
    which), and the board shows each."""
    islands = tomllib.loads(MAP_FILE.read_text(encoding="utf-8"))["island"]
    marked = {kind: {i["number"] for i in islands if i["token"] == kind} for kind in TOKENS}
    eng = engine()
    s = begin(eng=eng)
    board = eng.view(s).board["islands"]
    for kind in TOKENS:
        assert {i["number"]: i[kind] for i in board if i[kind]} == dict.fromkeys(marked[kind], 1)
    assert (len(marked["hazard"]), len(marked["movement"])) == (3, 5)


def test_the_board_gets_its_words_from_the_engine_title_markers_and_round_spots() -> None:
    """Every sentence a player reads comes from the engine: the map's title (a made-up map
    says so), what each marker means, and the round indicator's spots, lit as play moves."""
    eng = engine()
    s = begin(eng=eng)
    board = eng.view(s).board
    assert board["map_title"] == "Demo planet (made up, not the printed map)"
    assert board["markers"] == {
        "hazard": "hazard", "movement": "movement", "lock": "sapphire lock", "die": "die"
    }  # fmt: skip
    assert (board["indicator"], board["lit"]) == (["1", "2", "3", "4", "Last Offer"], 0)
    for _ in range(3):  # every player offers once: round 2
        s = quiet_turn(eng, s)
    assert eng.view(s).board["lit"] == 1
    for _ in range(9):
        s = quiet_turn(eng, s)
    assert s.phase == "last" and eng.view(s).board["lit"] == 4
    renamed = {**MAP, "name": "Our planet"}
    planet = eng.new(Setup(tuple(PlayerSetup(n) for n in NAMES), DECK.components,
                           extra={"map": renamed}))  # fmt: skip
    assert eng.view(planet).board["map_title"] == "Our planet (made up)"
    printed = eng.new(Setup(tuple(PlayerSetup(n) for n in NAMES), DECK.components,
                            extra={"map": {**renamed, "made_up": False}}))  # fmt: skip
    assert eng.view(printed).board["map_title"] == "Our planet"
