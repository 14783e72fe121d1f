"""Broken Planet's view, as the table and the map board show it: which islands are attacked,
who holds the Offer Card and who started, whose turn it is, the round on the status line,
each player's temples and relics, the relic pile, and the box the virtual table draws from.

Expected values come from the rulebook (shared/rules/broken-planet.txt) and
docs/broken-planet-map.md ("What the board widget gets")."""

from __future__ import annotations

from companion.engine import PlayerSetup, Setup
from tests.companion.test_broken_planet import (
    DECK,
    MAP,
    begin,
    engine,
    give,
    pawn,
    quiet_turn,
    relic,
    run,
    token,
)
from tests.companion.test_broken_planet_gems import CARDS, GEMS

NAMES = ("Ana", "Ben", "Cleo")


def marks(view) -> dict[str, tuple[str, ...]]:
    return {p.name: p.marks for p in view.players}


def active(view) -> list[str]:
    return [p.name for p in view.players if p.active]


def test_only_the_attacked_island_shows_attacked_and_only_for_that_turn() -> None:
    """Attacking: "Place a ruby from your hand for each island you think they will move to";
    the board marks those islands until the attacks are resolved at the end of the turn."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", ruby=2)
    s = run(eng, s, "tap attack 5")
    board = eng.view(s).board
    assert [i["number"] for i in board["islands"] if i["attacked"]] == [5]
    assert board["attacked"] == [5]
    s = run(eng, s, "tap attack 9")
    board = eng.view(s).board
    assert [i["number"] for i in board["islands"] if i["attacked"]] == [5, 9]
    s = run(eng, s, "tap done", "tap island 1 @Ben", "tap island 1 @Cleo")  # nobody is hit
    assert s.phase == "offer" and s.offer == 1
    board = eng.view(s).board
    assert not any(i["attacked"] for i in board["islands"]) and board["attacked"] == []


def test_the_offer_card_and_the_starting_player_appear_once_the_diamond_is_drawn() -> None:
    """The rulebook: "The player who has the diamond is the starting player ... Give the
    starting player the Offer Card". Before the diamond is drawn nobody holds either; the pawn's colour is
    the player's once they scanned it."""
    eng = engine()
    s = eng.new(Setup(tuple(PlayerSetup(n) for n in NAMES), CARDS, extra={"map": MAP}))
    view = eng.view(s)
    assert marks(view) == {"Ana": (), "Ben": (), "Cleo": ()} and view.board["offer"] is None
    s = run(eng, s, f"scan {pawn('red')}", f"scan {pawn('blue')}", f"scan {pawn('green')}")
    assert s.phase == "diamond"
    view = eng.view(s)
    assert marks(view) == {"Ana": ("red",), "Ben": ("blue",), "Cleo": ("green",)}
    assert view.board["offer"] is None
    s = run(eng, s, "tap diamond Ben")
    view = eng.view(s)  # Ben takes his first gems holding the Offer Card
    assert marks(view) == {
        "Ana": ("red",),
        "Ben": ("blue", "Offer Card", "starting player"),
        "Cleo": ("green",),
    }
    assert view.board["offer"] == "Ben"


def test_the_offer_card_passes_clockwise_and_the_starting_player_mark_stays() -> None:
    """The rulebook: "Give the new player in the offer phase the Offer Card"; the starting
    player does not change. When the game is over nobody holds the Offer Card any more."""
    eng = engine()
    s = begin(start="Ben", eng=eng)
    s = quiet_turn(eng, s)
    view = eng.view(s)
    assert marks(view) == {
        "Ana": ("red",),
        "Ben": ("blue", "starting player"),
        "Cleo": ("green", "Offer Card"),
    }
    assert view.board["offer"] == "Cleo"
    s = run(eng, s, "tap done")  # Cleo ends her offers: Ana and Ben choose islands
    assert marks(eng.view(s))["Cleo"] == ("green", "Offer Card")
    s = run(eng, s, "tap island 1 @Ana", "tap island 1 @Ben")
    assert marks(eng.view(s))["Ana"] == ("red", "Offer Card")
    while s.phase != "last":
        s = quiet_turn(eng, s)
    assert marks(eng.view(s))["Ben"] == ("blue", "Offer Card", "starting player")
    s = run(eng, s, "tap done", "tap done", "tap done")
    assert s.phase == "over"
    assert marks(eng.view(s)) == {
        "Ana": ("red",),
        "Ben": ("blue", "starting player"),
        "Cleo": ("green",),
    }


def test_whose_turn_it_is_the_offer_player_then_every_collect_player() -> None:
    """The offer player acts alone; then "the remaining players ... secretly decide their
    movement" at the same time: all of them are active until their compass is entered."""
    eng = engine()
    s = begin(eng=eng)
    assert active(eng.view(s)) == ["Ana"]
    s = run(eng, s, "tap done")
    assert active(eng.view(s)) == ["Ben", "Cleo"]
    s = run(eng, s, "tap island 1 @Ben")
    assert active(eng.view(s)) == ["Cleo"]
    s = run(eng, s, "tap island 1 @Cleo")
    assert active(eng.view(s)) == ["Ben"]  # Ben holds the Offer Card now


def test_the_status_line_names_the_round_then_the_last_offer() -> None:
    """The round indicator (4 rounds with 3 players on the demo map), then "the round
    indicator is moved to the 'Last Offer' spot", which it keeps once the game is over: on
    the board's indicator and in the status line, in words short enough for the top bar."""
    eng = engine()

    def shown(s: object) -> tuple[str, str]:
        view = eng.view(s)
        return view.status.split(" · piles: ")[0], view.board["indicator"][view.board["lit"]]

    setup = Setup(tuple(PlayerSetup(n) for n in NAMES), DECK.components, extra={"map": MAP})
    assert shown(eng.new(setup)) == ("Round 1 of 4 · Set-up", "1")  # pawns, diamond, gems
    s = begin(eng=eng)
    assert shown(s) == ("Round 1 of 4 · Offer", "1")
    assert shown(run(eng, s, "tap done")) == ("Round 1 of 4 · Collect", "1")
    for _ in range(3):
        s = quiet_turn(eng, s)
    assert shown(s) == ("Round 2 of 4 · Offer", "2")
    while s.phase != "last":
        s = quiet_turn(eng, s)
    assert shown(s) == ("Last Offer", "Last Offer")
    s = run(eng, s, "tap done", "tap done", "tap done")
    assert shown(s) == ("Game over", "Last Offer")


def test_the_gem_count_is_the_emphasised_figure_and_the_gems_themselves_stay_hidden() -> None:
    """The rulebook: "You must always show how many cards you are holding". The count is the figure players
    look for across the table; favor and relics are shown beside it, plainly."""
    eng = engine()
    s = give(begin(eng=eng), "Ben", ruby=2, emerald=1)
    ben = eng.view(s).players[1]
    assert [(c.key, c.value, c.emphasis) for c in ben.counters] == [
        ("gems", 3, True),
        ("favor", 0, False),
        ("relics", 0, False),
    ]
    shown = repr(eng.view(s).players)
    assert "ruby" not in shown and "emerald" not in shown


def test_each_players_temples_in_build_order_and_where_each_stands() -> None:
    """A player's temples are listed as they were built (the tablet's order), each saying
    which island it stands on."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", sapphire=6, emerald=4, diamond=2, ruby=1)
    s = run(eng, s, f"scan {token('red', 'sapphire-shrine')}", "tap island 4")
    s = run(eng, s, f"scan {token('red', 'temple-of-time')}", "tap island 3")
    temples = eng.view(s).zone("temples:0")
    assert temples is not None and temples.owner == "Ana"
    assert [(p.uid, p.label, p.state) for p in temples.pieces] == [
        (token("red", "sapphire-shrine"), "Sapphire Shrine", "island 4"),
        (token("red", "temple-of-time"), "Temple of Time", "island 3"),
    ]
    assert eng.view(s).zone("temples:1").pieces == ()


def test_relics_held_are_grouped_by_kind_and_the_pile_lists_the_rest() -> None:
    """A crafted relic leaves the pile for its crafter's collection, which the table shows
    grouped by kind (bronze, silver, golden)."""
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=4)
    s = run(eng, s, f"scan {relic('bronze', 1)}", f"scan {relic('bronze', 2)}")
    view = eng.view(s)
    mine = view.zone("relics:0")
    assert mine is not None and mine.group_by_kind and mine.owner == "Ana"
    assert [(p.uid, p.label) for p in mine.pieces] == [
        (relic("bronze", 1), "bronze relic"),
        (relic("bronze", 2), "bronze relic"),
    ]
    pile = view.zone("relic-pile")
    assert pile is not None and len(pile.pieces) == 36 - 2
    assert relic("bronze", 1) not in {p.uid for p in pile.pieces}
    assert relic("bronze", 3) in {p.uid for p in pile.pieces}


def test_the_box_lists_unused_pawns_tablet_temples_and_gem_cards_for_the_virtual_table() -> None:
    """Only the virtual table lists the box (offstage): pawns not on the map, temple tokens
    still on the tablets (every colour's), gem cards. Pawns on the map, built temples and
    relic cards (the relic pile is on the table) are not in it."""
    eng = engine()
    s = give(begin(eng=eng, components=CARDS), "Ana", sapphire=2, emerald=1)
    view = eng.view(s)
    assert [z.key for z in view.zones if z.offstage] == ["box"]
    box = view.zone("box")
    assert box is not None
    pawns = {p.uid for p in box.pieces if p.kind == "pawn"}
    assert pawns == {pawn("yellow"), pawn("purple")}
    temples = [p for p in box.pieces if p.kind == "temple"]
    assert len(temples) == 5 * 12
    assert "red Sapphire Shrine" in {p.label for p in temples}
    assert {p.uid for p in box.pieces if p.kind == "gem"} == set(GEMS)
    assert len(box.pieces) == 2 + 60 + len(GEMS)  # no relic card
    s = run(eng, s, f"scan {token('red', 'sapphire-shrine')}", "tap island 3")
    box = eng.view(s).zone("box")
    assert box is not None and token("red", "sapphire-shrine") not in {p.uid for p in box.pieces}
    assert len(box.pieces) == 2 + 59 + len(GEMS)
