"""The round's limits and what its buttons say (issue 13): who may play, how big a deck must
be, when the Repair button is offered, why a repair costs what it costs, the round counter."""

from __future__ import annotations

import pytest

from companion.engine import PlayerSetup, Setup
from companion.games import definition
from companion.games.kintsugi.engine import ordinal
from companion.inputs import IllegalInput
from companion.table import Table
from tests.companion.conftest import keep_all, make_deck, play, uid

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")


def new_game(players: int, cards: int, first: int = 0, game: str = "broken-and-beautiful"):
    """The engine alone, as a new game engine would be driven: no table in front of it."""
    deck = make_deck(game, [("cup", "wave", 1)] * cards)
    setup = Setup(tuple(PlayerSetup(n) for n in NAMES[:players]), deck.components, first)
    return definition(game).make_engine().new(setup)


@pytest.mark.parametrize("game", ["broken-and-beautiful", "mintsugi"])
def test_two_to_four_players_and_no_one_else(game) -> None:
    for players in (2, 3, 4):
        assert len(new_game(players, 9, game=game).names) == players
    for players in (1, 5):
        with pytest.raises(ValueError, match=f"is for 2-4 players, not {players}"):
            new_game(players, 11, game=game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_must_deal_two_cards_per_player_plus_one(players) -> None:
    needed = 2 * players + 1
    assert new_game(players, needed).deal_size == needed
    with pytest.raises(ValueError, match=f"has {needed - 1} cards; .* at least {needed} "):
        new_game(players, needed - 1)


def test_the_first_player_is_one_of_the_seats() -> None:
    assert new_game(3, 7, first=2).first == 2
    for outside in (-1, 3):
        with pytest.raises(ValueError, match="first player must be one of the players"):
            new_game(3, 7, first=outside)


def test_every_player_needs_a_different_name() -> None:
    deck = make_deck("broken-and-beautiful", [("cup", "wave", 1)] * 5)
    setup = Setup((PlayerSetup("Ana"), PlayerSetup("Ana")), deck.components)
    with pytest.raises(ValueError, match="different name"):
        definition("broken-and-beautiful").make_engine().new(setup)


# Card N is uid(N): cups 1 (1 ingot) and 2 (2 ingots) are kept and broken by the leftover
# cup 5 and the top card 6 (a cup, or gold to make the first repair free).
CUPS = [("cup", "wave", 1), ("cup", "crane", 2), ("plate", None, 1), ("plate", None, 1)]


def broken_cups(
    store, ingots: list[int], top: str = "cup", game: str = "broken-and-beautiful", **settings
):
    cards = CUPS + [("cup", "lattice", 1), (top, None, 3)] + [("bowl", None, 1)] * 5
    table = Table.start(store, make_deck(game, cards), ["Ana", "Ben"], settings=settings)
    play(table, *(f"scan {n}" for n in (1, 3, 4, 2, 5)))
    keep_all(table, 1, 3, 4, 2)  # Ana: cup 1, cup 2; Ben: the plates
    play(table, "scan 6")
    table.state.ingots[:] = ingots
    if table.state.supply is not None:
        table.state.supply = 14 - sum(ingots)
    play(table, "tap done")
    return table


def repair_buttons(table: Table) -> dict[str, tuple[bool, str]]:
    return {o.arg: (o.enabled, o.label) for o in table.prompt.options if o.word == "repair"}


def test_a_repair_is_offered_when_its_cost_is_exactly_the_players_ingots(store) -> None:
    table = broken_cups(store, [2, 0])
    assert table.prompt.player == "Ana"
    assert repair_buttons(table) == {
        uid(1): (True, "Repair wave cup: 1 ingot (card value)"),
        uid(2): (True, "Repair crane cup: 2 ingots (card value)"),
    }
    assert {o.reason for o in table.prompt.options} == {""}
    one_short = broken_cups(store, [1, 0])
    (crane,) = (o for o in one_short.prompt.options if o.arg == uid(2))
    assert not crane.enabled and crane.reason == "Ana has 1 ingot"


def test_a_player_who_cannot_repair_is_named_on_the_next_players_prompt(store) -> None:
    table = broken_cups(store, [0, 1], top="plate")  # Ben's plates break too
    assert table.prompt.player == "Ben" and table.prompt.expects_scan
    assert table.prompt.text == (
        "Ben: repair a broken card (tap it or scan it) or pass — Ben has 1 ingot"
        " (Ana cannot repair and passed.)"
    )
    play(table, "tap pass")
    assert table.prompt.phase == "deal"
    assert table.narration == "Ben passed; round 2: Ben takes the first-player marker"


def test_the_second_repair_of_a_round_says_why_it_costs_one_more(store) -> None:
    table = broken_cups(store, [4, 0])
    play(table, "scan 1")  # 1 ingot: 3 left; Ben has nothing broken
    assert table.prompt.player == "Ana"
    assert repair_buttons(table) == {
        uid(2): (True, "Repair crane cup: 3 ingots (2 + 1: 2nd repair this round)")
    }
    play(table, "scan 2")
    assert table.state.ingots[0] == 0 and table.state.status[uid(2)] == "repaired"


def test_gold_showing_makes_the_first_repair_free_even_with_no_ingots(store) -> None:
    table = broken_cups(store, [0, 0], top="gold")
    assert table.prompt.player == "Ana"
    assert repair_buttons(table) == {
        uid(1): (True, "Repair wave cup: 0 ingots (free: gold is showing)"),
        uid(2): (True, "Repair crane cup: 0 ingots (free: gold is showing)"),
    }
    play(table, "scan 2")
    # The second repair costs its value + 1, which Ana cannot pay: the round ends.
    assert table.prompt.phase == "deal" and table.state.ingots == [0, 0]


def test_mintsugi_repairs_cost_the_card_value_with_no_escalation(store) -> None:
    table = broken_cups(store, [3, 0], game="mintsugi")
    assert repair_buttons(table)[uid(2)] == (True, "Repair crane cup: 2 ingots (card value)")
    play(table, "scan 1")  # one repair each: Ana's turn is over, Ben has nothing broken
    assert table.prompt.phase == "deal" and table.state.ingots[0] == 2


def test_the_round_counter_counts_rounds_one_by_one(store) -> None:
    table = broken_cups(store, [0, 0])
    assert table.prompt.text.startswith("Round 2: deal 5 cards")
    assert "round 2: Ben takes the first-player marker" in table.narration
    play(table, *(f"scan {n}" for n in (7, 8, 9, 10, 11)))
    assert table.prompt.text == "Ben: take a card from the draft area and scan it (pick 1 of 4)"


def test_ordinals_name_each_repair() -> None:
    said = [ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 20, 21, 22, 23, 24)]
    assert said == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th",
        "20th", "21st", "22nd", "23rd", "24th",
    ]  # fmt: skip


def test_each_prompt_says_whether_a_scan_is_expected_and_refusals_list_what_is_possible(
    store,
) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS * 3), ["Ana", "Ben"])
    expects = {}
    for step in ["scan 1", "scan 2", "scan 3", "scan 4", "scan 5", "scan 1", "tap keep"]:
        expects[table.prompt.phase] = table.prompt.expects_scan
        play(table, step)
    assert expects == {"deal": True, "draft": True, "keep": False}
    with pytest.raises(IllegalInput, match=r"'done' is not possible now \(you can: scan a card"):
        table.tap("done")
    keep_all(table, 2, 3, 4)
    assert table.prompt.phase == "breakage" and table.prompt.expects_scan
    assert table.prompt.detail["leftover"] == uid(5)
    play(table, "scan 6")
    assert table.prompt.phase == "broke" and not table.prompt.expects_scan
    with pytest.raises(IllegalInput, match=r"'keep' is not possible now \(you can: done, undo\)"):
        table.tap("keep")


def test_the_sell_button_says_what_the_card_pays(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS * 3), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    labels = []
    for card in (1, 2):
        play(table, f"scan {card}")
        labels.append([o.label for o in table.prompt.options])
        play(table, "tap keep")
    assert labels == [["Keep", "Sell for 1 ingot"], ["Keep", "Sell for 2 ingots"]]


def test_a_repair_can_be_typed_by_uid_in_any_case(store) -> None:
    table = broken_cups(store, [3, 0])
    with pytest.raises(IllegalInput, match="say which card to repair"):
        table.tap("repair", "not a uid")
    with pytest.raises(IllegalInput, match="say which card to repair"):
        table.tap("repair")
    table.tap("repair", uid(2).lower())
    assert table.state.status[uid(2)] == "repaired"


def test_a_shared_win_is_announced_for_every_winner(store) -> None:
    cards = [("cup", "wave", 1)] * 4 + [("plate", "wave", 1)]  # the plate is left over
    table = Table.start(store, make_deck("mintsugi", cards), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    keep_all(table, 1, 2, 3, 4)
    play(table, "tap done")
    assert (
        table.prompt.text
        == "Game over: Ana and Ben win (Ana and Ben tie on 2 points and share the win)"
    )


def test_sales_and_breakage_are_narrated_in_whole_sentences(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS * 3), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    said = []
    for step in ("scan 1", "tap sell", "scan 2", "tap sell", "scan 3", "tap keep"):
        play(table, step)
        said.append(table.narration)
    assert said[1] == "Ana sold the wave cup for 1 ingot"
    assert said[3] == "Ben sold the crane cup for 2 ingots"
    play(table, "scan 4", "tap sell", "scan 6")  # leftover cup, top cup: no cup kept
    assert table.narration == "0 cards broke"
    table.undo()
    play(table, "scan 7")  # a plate on top: Ben's plate 3 breaks
    assert table.narration == "1 card broke"


def test_when_everyone_passes_in_the_first_go_around_repairs_end(store) -> None:
    table = broken_cups(store, [5, 0])
    play(table, "tap pass")  # Ana could repair but passes; Ben has nothing broken
    assert table.prompt.phase == "deal" and table.state.status[uid(1)] == "broken"
