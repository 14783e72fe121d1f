"""What the engine says to players: repair buttons with prices and reasons, narration."""

from __future__ import annotations

from companion.engine import PlayerSetup
from companion.table import Table
from tests.companion.conftest import make_deck, play, uid

CARDS = [
    ("cup", "wave", 1),  # 1
    ("cup", "crane", 3),  # 2
    ("plate", "wave", 1),  # 3
    ("plate", "crane", 1),  # 4
    ("bowl", "wave", 1),  # 5: the leftover
    ("cup", "lattice", 1),  # 6: the top card
]


def repair_table(store) -> Table:
    players = [PlayerSetup("Ana", {"new_player": True}), PlayerSetup("Ben")]
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), players)
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    play(table, "scan 1", "tap keep", "scan 3", "tap keep", "scan 4", "tap keep")
    play(table, "scan 2", "tap keep", "scan 6", "tap done")
    return table


def test_every_broken_card_is_a_button_and_the_unaffordable_one_says_why(store) -> None:
    prompt = repair_table(store).prompt
    assert prompt.phase == "repair" and prompt.player == "Ana"
    repairs = {o.arg: o for o in prompt.options if o.word == "repair"}
    assert set(repairs) == {uid(1), uid(2)}
    assert repairs[uid(1)].enabled and repairs[uid(1)].label.endswith("1 ingot (card value)")
    assert not repairs[uid(2)].enabled and repairs[uid(2)].reason == "Ana has 1 ingot"
    assert [o.word for o in prompt.options][-1] == "pass"
    assert "Ana has 1 ingot" in prompt.text


def test_the_view_narrates_each_input_and_keeps_the_log(store) -> None:
    table = repair_table(store)
    view = table.view()
    assert view.narration == "Repairs begin"
    assert "Ana kept the wave cup" in view.log and view.log[-1] == "Repairs begin"
    assert [p.name for p in view.players if p.active] == ["Ana"]
    assert view.players[0].counters[0].text == "1 ingot"
    said = table.undo()
    assert said == "Undone: Repairs begin" and table.view().log[-1] != "Repairs begin"
