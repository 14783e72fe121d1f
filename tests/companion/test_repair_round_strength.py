"""The breakage and repair phase as the table sees it (issue 13): what the breakage screen
says when nothing breaks, whose turn a repair is, and when the go-arounds end."""

from __future__ import annotations

from companion.table import Table
from tests.companion.conftest import keep_all, make_deck, play
from tests.companion.test_engine_strength import CUPS, broken_cups


def breakage_prompt(store, top: str):
    """Ana keeps cups 1 and 2, Ben the plates; the leftover bowl 5 and the top card show."""
    cards = CUPS + [("bowl", None, 1), (top, None, 1)] + [("bowl", None, 1)] * 5
    table = Table.start(store, make_deck("broken-and-beautiful", cards), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 3, 4, 2, 5)))
    keep_all(table, 1, 3, 4, 2)
    play(table, "scan 6")
    return table.prompt


def test_the_breakage_screen_only_cries_breakage_when_something_breaks(store) -> None:
    calm = breakage_prompt(store, top="bowl")  # nobody holds a bowl
    assert calm.detail["title"] == "Nothing breaks this round"
    assert [o.label for o in calm.options] == ["Continue"]
    assert "Nothing breaks." in calm.text
    loud = breakage_prompt(store, top="cup")  # Ana's cups break
    assert loud.detail["title"] == "Breakage! Turn these cards sideways:"
    assert [o.label for o in loud.options] == ["Done: the cards are turned"]


def test_repairs_go_around_the_table_in_seat_order_from_the_first_player(store) -> None:
    cards = [("cup", "wave", 1)] * 8 + [("bowl", None, 1)] * 7
    table = Table.start(store, make_deck("broken-and-beautiful", cards), ["Ana", "Ben", "Cleo"])
    play(table, *(f"scan {n}" for n in range(1, 8)))
    keep_all(table, 1, 2, 3, 4, 5, 6)
    play(table, "scan 8")  # every kept cup breaks
    table.state.ingots[:] = [5, 5, 5]
    table.state.supply = 0
    asked = []
    for step in ("tap done", "tap pass", "tap pass", "tap pass"):
        play(table, step)
        asked.append(table.prompt.player)
    assert asked == ["Ana", "Ben", "Cleo", None]
    assert table.narration.endswith("; round 2: Ben takes the first-player marker")
    play(table, *(f"scan {n}" for n in range(9, 16)))
    assert table.prompt.player == "Ben"  # the snake draft starts with the marker


def test_a_deck_with_exactly_one_more_deal_left_plays_that_round(store) -> None:
    cards = [("bowl", None, 1)] * 10  # five dealt; the top card goes back; five left
    table = Table.start(store, make_deck("broken-and-beautiful", cards), ["Ana", "Ben"])
    rounds = []
    while not table.finished:
        rounds.append(table.state.round)
        deck = sorted(table.state.deck)[:5]
        for card in deck:
            table.scan(card)
        for card in deck[:4]:
            table.scan(card)
            table.tap("keep")
        if table.prompt.phase == "breakage":
            table.scan(sorted(table.state.deck)[0])
        table.tap("done")
    assert rounds == [1, 2]


def test_a_go_around_of_passes_after_a_repair_ends_the_phase(store) -> None:
    table = broken_cups(store, [4, 0])  # Ben has nothing broken
    play(table, "scan 1")  # a repair: another go-around, where cup 2 costs Ana 2 + 1
    assert table.prompt.player == "Ana"
    play(table, "tap pass")
    assert table.prompt.phase == "deal" and table.state.ingots[0] == 3


def test_a_player_who_could_not_repair_is_named_once_not_at_every_go_around(store) -> None:
    table = broken_cups(store, [4, 0], repair_after_pass="no")
    play(table, "scan 1")
    assert "(Ben cannot repair and passed.)" in table.prompt.text
    play(table, "tap pass")
    assert table.narration == "Ana passed; round 2: Ben takes the first-player marker"
