"""Broken and Beautiful and Mintsugi, rule by rule, through the table session."""

from __future__ import annotations

import pytest

from companion.deck import DeckError, parse_deck
from companion.engine import PlayerSetup
from companion.inputs import IllegalInput
from companion.table import Table
from tests.companion.conftest import keep_all, make_deck, play, uid

# Card N below is uid(N). Twelve cards: two rounds for two players, then 2 left.
CARDS = [
    ("cup", "wave", 1),  # 1
    ("cup", "crane", 2),  # 2
    ("saucer", "wave", 2),  # 3
    ("plate", "wave", 3),  # 4
    ("gold", None, 3),  # 5
    ("serving-tray", None, 2),  # 6
    ("teapot", "wave", 2),  # 7
    ("bowl", "crane", 1),  # 8
    ("storage-box", None, 2),  # 9
    ("vase", "crane", 1),  # 10
    ("plate", "crane", 1),  # 11
    ("cup", "lattice", 1),  # 12
]


def new_table(
    store, cards=CARDS, players=("Ana", "Ben"), game="broken-and-beautiful", **kw
) -> Table:
    return Table.start(store, make_deck(game, cards), list(players), **kw)


def deal(table: Table, *cards: int) -> None:
    play(table, *(f"scan {n}" for n in cards))


def test_new_players_take_an_ingot_from_the_supply_of_14(store) -> None:
    table = Table.start(
        store,
        make_deck("broken-and-beautiful", CARDS),
        [PlayerSetup("Ana", {"new_player": True}), PlayerSetup("Ben")],
    )
    assert table.state.ingots == [1, 0] and table.state.supply == 13


def test_player_count_and_deck_size_are_checked(store) -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        new_table(store, players=("Ana",))
    with pytest.raises(ValueError, match="at least 5"):
        new_table(store, cards=CARDS[:4])


def test_deal_takes_two_per_player_plus_one_then_snake_draft(store) -> None:
    table = new_table(store, players=("Ana", "Ben", "Cleo"), cards=CARDS + [("cup", "wave", 1)] * 3)
    assert table.prompt.phase == "deal"
    deal(table, 1, 2, 3, 4, 6, 7)
    assert table.prompt.phase == "deal"
    deal(table, 8)
    assert table.prompt.phase == "draft"
    order = []
    for card in (1, 2, 3, 4, 6, 7):
        order.append(table.prompt.player)
        play(table, f"scan {card}", "tap keep")
    assert order == ["Ana", "Ben", "Cleo", "Cleo", "Ben", "Ana"]
    assert table.prompt.phase == "breakage"
    assert table.state.draft == [uid(8)]


def test_keep_or_sell_before_the_next_pick(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    play(table, "scan 4")
    assert table.prompt.phase == "keep" and table.prompt.player == "Ana"
    with pytest.raises(IllegalInput, match="keep or sell"):
        play(table, "scan 1")
    play(table, "tap sell")
    assert table.state.ingots == [3, 0] and table.state.supply == 11
    assert uid(4) in table.state.gone


def test_gold_is_sold_on_its_scan_and_a_following_sell_is_accepted(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    play(table, "scan 5")
    assert table.prompt.phase == "draft" and table.prompt.player == "Ben"
    assert table.state.ingots == [3, 0]
    assert table.tap("sell") == "Nothing to do: the gold card was already sold"
    assert table.prompt.player == "Ben" and table.state.ingots == [3, 0]
    # a tap that changes nothing is not stored: Undo takes back the sale itself
    assert table.undo().startswith("Undone: Ana sold the gold card")
    assert table.state.ingots == [0, 0] and uid(5) in table.state.draft


def test_gold_can_never_be_kept(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    play(table, "scan 5")
    assert uid(5) not in table.state.collections[0]


def test_sale_pays_only_what_the_supply_holds(store) -> None:
    table = new_table(store)
    table.state.supply = 2  # the state is ours to shape in a test: a nearly empty supply
    deal(table, 1, 2, 3, 4, 5)
    play(table, "scan 4", "tap sell")
    assert table.state.ingots[0] == 2 and table.state.supply == 0


def test_scans_that_make_no_sense_are_refused_and_change_nothing(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    keep_all(table, 1)
    before = table.state
    with pytest.raises(IllegalInput, match="Ana's collection"):
        play(table, "scan 1")  # a card already taken
    with pytest.raises(IllegalInput, match="still in the deck"):
        play(table, "scan 9")  # a deck card during the draft
    with pytest.raises(IllegalInput, match="unknown tag"):
        table.scan("04FFFFFFFFFFFF")
    with pytest.raises(IllegalInput, match="not possible now"):
        table.tap("done")
    assert table.state is before


def test_collection_card_scanned_during_deal_is_refused(store) -> None:
    table = _first_round(store)
    play(table, "tap done")
    assert table.prompt.phase == "deal"
    with pytest.raises(IllegalInput, match="deal cards from the deck"):
        play(table, "scan 2")


def _first_round(store, top: int = 11) -> Table:
    """Ana keeps the wave cup and the plate, Ben the crane cup and the saucer; tray left over."""
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 6)
    keep_all(table, 1, 2, 3, 4)
    assert table.prompt.phase == "breakage"
    play(table, f"scan {top}")
    return table


def test_breakage_from_leftover_and_top_card_trays_cause_nothing(store) -> None:
    table = _first_round(store, top=12)  # leftover tray (no effect) + top card cup
    assert table.prompt.phase == "broke"
    assert table.prompt.detail["broke"] == {"Ana": [uid(1)], "Ben": [uid(2)]}
    assert table.state.status[uid(1)] == "broken" and table.state.status[uid(4)] == "unbroken"
    assert uid(6) in table.state.gone and uid(12) in table.state.deck


def test_top_card_must_come_from_the_deck(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 6)
    keep_all(table, 1, 2, 3, 4)
    with pytest.raises(IllegalInput, match="top card of the deck"):
        play(table, "scan 6")


def test_repair_escalates_and_continues_until_all_pass(store) -> None:
    table = _first_round(store, top=12)  # both cups broke; plate kept
    table.state.ingots[:] = [5, 0]
    table.state.supply = 9
    play(table, "tap done")
    # Ben has no ingots: passed automatically; Ana repairs (first player)
    assert table.prompt.phase == "repair" and table.prompt.player == "Ana"
    assert table.prompt.detail["costs"] == {uid(1): 1}
    play(table, "scan 1")
    assert table.state.ingots[0] == 4 and table.state.status[uid(1)] == "repaired"
    # nothing else to repair: the phase ends and the marker passes to Ben
    assert table.prompt.phase == "deal" and table.state.first == 1


def test_additional_repairs_cost_one_more_each(store) -> None:
    cards = [
        ("cup", "wave", 1),
        ("cup", "wave", 1),
        ("cup", "wave", 2),
        ("plate", None, 1),
        ("plate", None, 1),
    ]
    table = new_table(store, cards=cards + CARDS)
    deal(table, 1, 2, 3, 4, 5)
    play(
        table,
        "scan 1",
        "tap keep",
        "scan 4",
        "tap sell",
        "scan 5",
        "tap sell",
        "scan 2",
        "tap keep",
    )
    play(table, "scan 6")  # leftover cup 3 and top card (cup) break Ana's two cups
    table.state.ingots[:] = [9, 2]
    table.state.supply = 3
    play(table, "tap done", "scan 1")  # first repair: 1
    assert table.prompt.player == "Ana"  # Ben has nothing broken
    assert table.prompt.detail["costs"] == {uid(2): 2}  # second repair: 1 + 1
    play(table, "scan 2")
    assert table.state.ingots[0] == 6


def test_gold_showing_gives_one_free_repair_each(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)  # gold left over
    keep_all(table, 1, 2, 3, 4)
    play(table, "scan 12")  # top card cup: both cups break
    assert table.prompt.detail["gold"] is True
    play(table, "tap done")
    assert table.prompt.detail["costs"] == {uid(1): 0}
    play(table, "scan 1")
    assert table.prompt.player == "Ben" and table.prompt.detail["costs"] == {uid(2): 0}
    play(table, "tap pass")
    assert table.state.ingots == [0, 0]


def test_another_players_card_during_repair_is_refused(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    keep_all(table, 1, 2, 3, 4)
    play(table, "scan 12", "tap done")
    with pytest.raises(IllegalInput, match="Ana's turn to repair"):
        play(table, "scan 2")


def test_repaired_cards_never_break_again(store) -> None:
    table = new_table(store)
    deal(table, 1, 2, 3, 4, 5)
    keep_all(table, 1, 2, 3, 4)
    play(table, "scan 12", "tap done", "scan 1", "scan 2")  # free repairs for both
    assert table.prompt.phase == "deal"
    deal(table, 6, 7, 8, 9, 10)
    # Ben first now: Ben, Ana, Ana, Ben
    keep_all(table, 6, 7, 8, 9)
    play(table, "scan 12")  # leftover vase, top card cup again
    assert table.prompt.detail["broke"] == {"Ana": [], "Ben": []}
    assert table.state.status[uid(1)] == "repaired"


def test_game_ends_when_the_deck_cannot_deal(store) -> None:
    table = new_table(store, cards=CARDS[:11])
    deal(table, 1, 2, 3, 4, 6)
    keep_all(table, 1, 2, 3, 4)
    play(table, "scan 7", "tap done")
    deal(table, 7, 8, 9, 10, 11)
    assert table.state.deck == {uid(5)}
    keep_all(table, 7, 8, 9, 10)
    play(table, "scan 5")  # leftover plate breaks Ana's plate; top card gold: a free repair
    play(table, "tap done")
    assert table.prompt.player == "Ana" and table.prompt.detail["costs"] == {uid(4): 0}
    play(table, "scan 4")
    assert table.finished and "wins" in table.prompt.text


def test_last_round_with_an_empty_deck_skips_the_top_card(store) -> None:
    table = new_table(store, cards=CARDS[:5])
    deal(table, 1, 2, 3, 4, 5)
    keep_all(table, 1, 2, 3, 4)
    assert table.prompt.phase == "broke"  # the leftover gold alone, no top card
    play(table, "tap done")
    assert table.finished


def test_a_player_who_passed_may_repair_later_unless_the_setting_says_no(store) -> None:
    def scenario(setting: str) -> Table:
        cards = (
            [("cup", "wave", 1)] * 2
            + [("cup", "wave", 1), ("plate", None, 1), ("plate", None, 1)]
            + CARDS
        )
        table = new_table(store, cards=cards, settings={"repair_after_pass": setting})
        deal(table, 1, 2, 3, 4, 5)
        keep_all(table, 1, 2, 4, 5)
        play(table, "scan 6")  # cups break (leftover cup 3, top card cup)
        table.state.ingots[:] = [5, 5]
        table.state.supply = 4
        play(table, "tap done", "tap pass", "scan 2")  # Ana passes, Ben repairs
        return table

    assert scenario("yes").prompt.player == "Ana"
    assert (
        scenario("no").prompt.phase == "deal"
    )  # Ana is out and Ben has nothing broken: round over


def test_mintsugi_one_repair_each_at_full_price_and_no_new_player_ingot(store) -> None:
    cards = [
        (k, "wave", 1)
        for k in (
            "cup",
            "cup",
            "cup",
            "jug",
            "jug",
            "plate",
            "cup",
            "bowl",
            "bowl",
            "vase",
            "vase",
            "saucer",
        )
    ]
    table = Table.start(
        store,
        make_deck("mintsugi", cards),
        [PlayerSetup("Ana", {"new_player": True}), PlayerSetup("Ben")],
    )
    assert table.state.ingots == [0, 0]
    deal(table, 1, 2, 3, 4, 5)
    play(
        table,
        "scan 1",
        "tap keep",
        "scan 2",
        "tap keep",
        "scan 4",
        "tap sell",
        "scan 5",
        "tap sell",
    )
    play(table, "scan 7")  # leftover cup 3, top card cup 7: both kept cups break
    play(table, "tap done")
    assert table.prompt.player == "Ana" and table.prompt.detail["costs"] == {uid(1): 1}
    play(table, "scan 1")
    assert table.prompt.player == "Ben"
    play(table, "scan 2")
    assert table.prompt.phase == "deal"  # one repair each, then the round ends


def test_mintsugi_refuses_gold_cards_in_its_deck() -> None:
    text = 'game = "mintsugi"\n\n[[component]]\nuid = "04EE0000000001"\nkind = "gold"\n'
    with pytest.raises(DeckError, match="deck:3: component 1: kind 'gold' is not a Mintsugi kind"):
        parse_deck(text)
