"""Who Broke It? as players read it (issue 13): the limits of a setup, what each prompt says
and whether it waits for a scan, and what a refused tap offers instead."""

from __future__ import annotations

import pytest

from companion.deck import make_component
from companion.engine import PlayerSetup, Setup
from companion.games import definition
from companion.games.who_broke_it.engine import WhoBrokeItEngine
from companion.inputs import IllegalInput
from companion.store import Store
from companion.table import Table
from tests.companion.test_who_broke_it import NAMES, Game, down_to_one_card, make_deck


def new(players: int, first: int = 0):
    engine = WhoBrokeItEngine(definition("who-broke-it").resolve(None))
    setup = Setup(tuple(PlayerSetup(n) for n in (NAMES * 2)[:players]), make_deck(28, []).components,
                  first)  # fmt: skip
    return engine.new(setup)


def test_two_to_six_players_and_a_first_player_among_them() -> None:
    assert len(new(2).names) == 2 and len(new(6, first=5).names) == 6
    for players in (1, 7):
        with pytest.raises(ValueError, match=f"is for 2-6 players, not {players}"):
            new(players)
    for first in (-1, 3):
        with pytest.raises(ValueError, match="first player must be one of the players"):
            new(3, first=first)


def test_before_the_deal_every_hand_shows_no_cards() -> None:
    table = Table.start(Store(), make_deck(12, []), ["Ana", "Ben"])
    view = table.view()
    assert [p.counters[0].text for p in view.players] == ["0 cards", "0 cards"]
    assert view.status == "Deal · deck 12" and view.zone("aside").size == 0
    with pytest.raises(IllegalInput, match=r"'player' is not possible now \(you can: dealt,"):
        table.tap("player", "Ana")


def test_only_the_falsely_accused_player_is_told_their_card_does_nothing() -> None:
    g = Game(3, 16, "false")
    assert g.text == "Ana: play a card and scan it"
    g.play("false")
    g.tap("player", "Ben")
    assert g.text == "Ben: play a card and scan it (False Accusation: this card does nothing)"
    g.play("spare")
    assert g.text == "Cleo: play a card and scan it"


def test_a_target_prompt_refuses_other_taps_and_offers_who_can_be_chosen() -> None:
    g = Game(3, 16, "false", "alibi", "mum")
    g.play("false")
    assert (
        g.refused(g.tap, "dealt")
        == "'dealt' is not possible now (you can: choose Ben, Cleo or Ana, undo)"
    )
    assert g.refused(g.tap, "player", "Dev") == "Choose one of: Ben, Cleo, Ana (e.g. 'player Ben')"
    g2 = Game(3, 16, "alibi", "mum")
    assert g2.play("alibi").startswith(
        "Ana played Alibi: Ana is immune to card effects until their next turn."
    )
    assert g2.play("mum") == "Ben played Call Mum: Ben must choose the player Mum checks."
    assert g2.table.prompt.text == "Ben: choose the player Mum checks (Cleo or Ben)"
    said = "Choose one of: Cleo, Ben (e.g. 'player Cleo')"  # W10: Ben himself too
    assert g2.refused(g2.tap, "player", "Dev") == said
    not_now = "A scan is not possible now (you can: choose Cleo or Ben, undo)"
    assert g2.refused(g2.table.scan, g2.card("spare")) == not_now
    g2.tap("player", "Cleo")
    assert g2.table.prompt.phase == "call-mum" and g2.table.prompt.expects_scan


def test_every_prompt_that_waits_for_a_card_says_so() -> None:
    g = Game(2, 12, "distraction")
    g.play("distraction")
    assert g.table.prompt.phase == "distract" and g.table.prompt.expects_scan
    reveal = down_to_one_card(3)
    prompt = reveal.table.prompt
    assert prompt.expects_scan and prompt.text == (
        "Everyone scans their last card on their own reader or the shared one"
        " (to go: Ana, Ben, Cleo)"
    )
    aside = down_to_one_card(2, vase_set_aside="setter-loses")
    aside.table.scan(aside.card("spare"))
    aside.table.scan(aside.card("spare"))
    prompt = aside.table.prompt
    assert prompt.expects_scan and prompt.text == (
        "Everyone scans their set-aside card on their own reader or the shared one"
        " (to go: Ana, Ben)"
    )


def test_at_the_reveal_a_player_with_no_card_is_told_so() -> None:
    g = Game(2, 8, "distraction")  # the deck is empty after the deal
    g.play("distraction", "spare")  # Ana discards one more: 1 left
    g.play("spare", "spare", "spare")  # Ben 2, Ana 0, Ben 1: the reveal
    assert g.table.prompt.waiting == ("Ben",)
    assert g.refused(g.table.scan, g.card("spare"), "seat1") == "Ana has no card to reveal"


def test_when_no_set_aside_card_is_the_vase_either_the_game_ends_asking_about_a_misscan() -> None:
    g = down_to_one_card(2, vase_set_aside="setter-loses")
    for _ in range(3):  # two last cards and Ana's set-aside card: no Broken Vase
        shown = g.card("spare")
        g.table.scan(shown)
    said = "The Spare Vase was already revealed: Ben scans a card from their hand"
    assert g.refused(g.table.scan, shown) == said
    sticker = make_component("who-broke-it", {"uid": "04EE00000000FF", "kind": "spare-vase"})
    g.table.enroll(sticker)  # the card Ben shows was never in the deck file: a mis-scan
    g.table.scan(sticker.uid)
    assert g.table.finished and g.table.scores().losers == ()
    assert g.table.prompt.text == (
        "Game over: nobody showed the Broken Vase (was a card mis-scanned?)"
    )


def test_before_anyone_loses_the_sheet_names_no_winner_and_no_hand_is_shown() -> None:
    g = Game(3, 16)
    g.play("spare")
    sheet = g.table.scores()
    assert (sheet.winners, sheet.losers, sheet.reason) == ((), (), "nobody has lost yet")
    assert g.table.secret("Ana") == ()  # the table never sees a hand, so none is its to show


@pytest.mark.parametrize(
    ("last", "said"),
    [
        ("hide", "Hide the Evidence: no effect: Ana has no card left to shuffle in."),
        ("distraction", "Distraction: no effect: Ana has no card left to discard."),
        ("fault", "It's Their Fault: no effect: Ana has no cards to give."),
        ("false", "False Accusation: Ana must choose the player whose next card does nothing."),
    ],
)
def test_a_last_card_does_what_it_can_without_a_hand(last, said) -> None:
    g = Game(2, 8, "distraction", last)  # the deck is empty after the deal
    g.play("distraction", "spare")  # Ana: 1 card left
    g.play("spare")  # Ben: 2
    assert g.play(last).startswith(f"Ana played {said}")


def test_the_loser_ranks_below_everyone_else() -> None:
    g = Game(3, 16)
    g.play("spare", "vase")  # Ben discards the Broken Vase
    sheet = g.table.scores()
    assert [(p.name, p.rank, p.total) for p in sheet.players] == [
        ("Ana", 1, None), ("Ben", 2, None), ("Cleo", 1, None),
    ]  # fmt: skip
    assert (sheet.winners, sheet.losers) == (("Ana", "Cleo"), ("Ben",))


def test_the_screen_marks_whose_turn_it_is_and_the_card_last_played() -> None:
    g = Game(3, 16, "alibi")
    g.play("spare", "alibi")
    view = g.table.view()
    assert [p.active for p in view.players] == [False, False, True]
    assert all(p.counters[0].emphasis for p in view.players)
    assert view.board["last_card"] == "alibi"  # the card on top of the discard pile
