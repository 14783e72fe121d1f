"""Who Broke It? cards at the edges (issue 13): whom Call Mum may check, cards passed along
with immune or empty-handed players, the direction said in words, a Shouting Match with
nobody to shuffle with."""

from __future__ import annotations

from tests.companion.test_who_broke_it import Game


def ben_empty_handed(*kinds: str) -> Game:
    """Three players, the deck empty after the deal, Ben down to no cards on Cleo's turn."""
    g = Game(3, 12, "distraction", *kinds)
    g.play("spare")  # Ana 2
    g.play("distraction", "spare")  # Ben 1
    g.play("spare", "spare", "spare")  # Cleo 2, Ana 1, Ben 0
    assert g.s.hands == [1, 0, 2] and g.table.prompt.player == "Cleo"
    return g


def test_call_mum_cannot_check_an_empty_hand() -> None:
    g = ben_empty_handed("mum")
    g.play("mum")
    options = [(o.label, o.enabled, o.reason) for o in g.table.prompt.options]
    assert options == [("Ana", True, ""), ("Ben", False, "Ben holds no cards"), ("Cleo", True, "")]


def test_cards_passed_along_need_every_hand_in_the_ring() -> None:
    g = ben_empty_handed("blind")
    said = g.play("blind")
    assert said.startswith("Cleo played Blind Accusation: no effect: Ben has no card.")


def test_cards_passed_along_between_two_players_unless_the_other_is_immune() -> None:
    g = Game(2, 12, "blind", "alibi", "share")
    said = g.play("blind")
    assert said.startswith(
        "Ana played Blind Accusation: everyone takes one card, face down, from the next player,"
        " all at once (Ana from Ben, Ben from Ana)."
    )
    g.play("alibi")  # Ben is immune until his next turn
    said = g.play("share")
    assert said.startswith("Ana played Share the Blame: no effect: everyone else is immune.")


def test_excuses_excuses_says_which_way_play_now_goes() -> None:
    g = Game(3, 16, "excuses", "excuses")
    assert "play now goes anticlockwise" in g.play("excuses")  # Ana; Ben and Cleo hold 3
    assert "play now goes clockwise" in g.play("excuses")  # Cleo; Ana and Ben hold 3


def test_a_shouting_match_with_every_other_hand_kept_out_does_nothing() -> None:
    g = Game(2, 12, "alibi", "shout", shouting_match_alibi="keep")
    g.play("alibi")  # Ana is immune until her next turn
    said = g.play("shout")
    assert said.startswith(
        "Ben played Shouting Match: no effect: there are not two hands to shuffle together."
    )


def test_a_shouting_match_deals_from_the_next_player_in_the_words_too() -> None:
    g = Game(3, 16, "shout")
    said = g.play("shout")  # Ana 2, Ben 3, Cleo 3
    assert said.startswith(
        "Ana played Shouting Match: Ana shuffles 8 cards from 3 hands together and deals them"
        " one at a time from Ben (Ben 3, Cleo 3, Ana 2)."
    )
