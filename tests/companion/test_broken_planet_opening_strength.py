"""Broken Planet's opening as players read it: the diamond draw ("One player draws sapphire
gemstones equal to the amount of players -one. After that he also adds one diamond"), the
first picks ("The starting player takes Three gemstones of his choice. (In a 5 player game
the starting player may take Four gemstones.)", then clockwise "always one less than the
previous player"), an empty pile (ruling P9) and the refusals of inputs out of turn."""

from __future__ import annotations

import pytest

from companion.engine import Option, PlayerSetup, Setup
from companion.inputs import IllegalInput, Scan
from tests.companion.test_broken_planet import COLOURS, DECK, MAP, engine, give, hand, pawn, run
from tests.companion.test_broken_planet_gems import CARDS, GEMS

FIVE = ("Ana", "Ben", "Cleo", "Dev", "Eve")
SAPPHIRE_CARD = next(u for u, g in GEMS.items() if g == "sapphire")


def new_game(names=("Ana", "Ben", "Cleo"), components=None):
    eng = engine()
    setup = Setup(tuple(PlayerSetup(n) for n in names), components or DECK.components,
                  extra={"map": MAP})  # fmt: skip
    return eng, eng.new(setup)


def picking(names=("Ana", "Ben", "Cleo"), start="Ana", components=None):
    """Pawns scanned in seat order, the diamond drawn by `start`: the first picks begin."""
    eng, s = new_game(names, components)
    per = 2 if len(names) == 2 else 1
    s = run(eng, s, *(f"scan {pawn(c)}" for c in COLOURS[: len(names) * per]))
    return eng, run(eng, s, f"tap diamond {start}")


def asks(eng, s) -> tuple[str | None, str]:
    prompt = eng.prompt(s)
    return prompt.player, prompt.text.split(" of your choice")[0]


@pytest.mark.parametrize(
    ("names", "sapphires"),
    [(("Ana", "Ben"), "1 sapphire"), (("Ana", "Ben", "Cleo"), "2 sapphires"),
     (FIVE, "4 sapphires")],
)  # fmt: skip
def test_the_diamond_draw_has_one_sapphire_fewer_than_players_and_offers_every_name(
    names, sapphires
) -> None:
    eng, s = new_game(names)
    per = 2 if len(names) == 2 else 1
    s = run(eng, s, *(f"scan {pawn(c)}" for c in COLOURS[: len(names) * per]))
    prompt = eng.prompt(s)
    assert (prompt.phase, prompt.player) == ("diamond", None)
    assert prompt.text == (
        f"One player shuffles {sapphires} and 1 diamond; each other player draws one. "
        "Who has the diamond?"
    )
    assert prompt.options == tuple(Option("diamond", n, n) for n in names)


def test_five_players_start_with_four_gems_then_one_fewer_each_clockwise() -> None:
    eng, s = picking(FIVE, start="Cleo")
    assert s.event == "Cleo drew the diamond: the starting player takes the Offer Card"
    assert asks(eng, s) == ("Cleo", "Cleo: take 4 gems")
    s = run(eng, s, "tap take diamond diamond ruby emerald")
    assert asks(eng, s) == ("Dev", "Dev: take 3 gems")
    s = run(eng, s, "tap take sapphire sapphire sapphire")
    assert asks(eng, s) == ("Eve", "Eve: take 2 gems")
    s = run(eng, s, "tap take ruby ruby")
    assert asks(eng, s) == ("Ana", "Ana: take 1 gem")
    with pytest.raises(IllegalInput, match="That is 2 gems; only 1 now"):
        run(eng, s, "tap take emerald emerald")
    s = run(eng, s, "tap take emerald")
    assert s.phase == "offer" and s.offer == 2  # Ben's share is none: Cleo offers first
    assert s.event == "Ana took 1 gem. Round 1: Cleo offers"
    assert [s.hand_size(p) for p in range(5)] == [1, 0, 4, 3, 2]


def test_the_prompt_counts_down_what_is_left_of_a_players_first_pick() -> None:
    eng, s = picking(start="Cleo")
    assert asks(eng, s) == ("Cleo", "Cleo: take 3 gems")
    s = run(eng, s, "tap take ruby")
    assert s.event == "Cleo took 1 gem"
    assert asks(eng, s) == ("Cleo", "Cleo: take 2 gems")
    with pytest.raises(IllegalInput, match="That is 3 gems; only 2 now"):
        run(eng, s, "tap take ruby ruby ruby")
    s = run(eng, s, "tap take ruby ruby")
    assert asks(eng, s) == ("Ana", "Ana: take 2 gems")
    s = run(eng, s, "tap take diamond")
    assert asks(eng, s) == ("Ana", "Ana: take 1 gem")
    s = run(eng, s, "tap done")
    assert s.event == "Ana takes no more gems"
    assert asks(eng, s) == ("Ben", "Ben: take 1 gem")
    s = run(eng, s, "tap done")
    assert (s.phase, s.offer) == ("offer", 2)
    assert hand(s, "Cleo") == {"ruby": 3} and hand(s, "Ana") == {"diamond": 1}


def test_the_two_player_game_picks_three_then_two() -> None:
    eng, s = picking(("Ana", "Ben"), start="Ben")
    assert asks(eng, s) == ("Ben", "Ben: take 3 gems")
    s = run(eng, s, "tap take emerald emerald emerald")
    assert asks(eng, s) == ("Ana", "Ana: take 2 gems")
    s = run(eng, s, "tap take sapphire sapphire")
    assert (s.phase, s.offer) == ("offer", 1)


def test_an_empty_pile_is_shown_disabled_and_refused() -> None:
    eng, s = picking()
    s = give(s, "Ben", diamond=16)  # every diamond in a hand: its pile is empty
    options = eng.prompt(s).options
    assert [(o.word, o.arg, o.enabled) for o in options] == [
        ("take", "diamond", False), ("take", "emerald", True), ("take", "ruby", True),
        ("take", "sapphire", True), ("done", None, True),
    ]  # fmt: skip
    assert options[0].reason == "the pile is empty"
    with pytest.raises(IllegalInput, match="The diamond pile is empty: take another gem"):
        run(eng, s, "tap take diamond")
    s = run(eng, s, "tap take ruby")
    assert hand(s, "Ana") == {"ruby": 1} and eng.prompt(s).text.startswith("Ana: take 2 gems")


def test_the_last_gem_of_a_pile_can_be_picked_but_not_a_second() -> None:
    eng, s = picking()
    s = give(s, "Ben", diamond=15)  # one diamond is left
    assert eng.prompt(s).options[0].enabled
    with pytest.raises(IllegalInput, match="The diamond pile is empty: take another gem"):
        run(eng, s, "tap take diamond diamond")
    s = run(eng, s, "tap take diamond")
    assert hand(s, "Ana") == {"diamond": 1} and s.supply["diamond"] == 0
    assert not eng.prompt(s).options[0].enabled


def test_a_scanned_gem_card_is_a_first_pick() -> None:
    eng, s = picking(components=CARDS)
    s = eng.apply(s, Scan(SAPPHIRE_CARD))
    assert hand(s, "Ana") == {"sapphire": 1} and s.event == "Ana took 1 gem"
    assert asks(eng, s) == ("Ana", "Ana: take 2 gems")


def test_inputs_out_of_turn_are_refused_naming_what_the_table_asks_for() -> None:
    eng, s = new_game()
    with pytest.raises(IllegalInput, match=r"'done' is not possible now \(you can: scan, undo\)"):
        run(eng, s, "tap done")
    s = run(eng, s, *(f"scan {pawn(c)}" for c in COLOURS[:3]))
    with pytest.raises(IllegalInput, match=r"That scan is not possible now \(you can: diamond, undo\)"):  # fmt: skip
        run(eng, s, f"scan {pawn('yellow')}")
    with pytest.raises(IllegalInput, match=r"'done' is not possible now \(you can: diamond, undo\)"):  # fmt: skip
        run(eng, s, "tap done")
    s = run(eng, s, "tap diamond Ana")
    with pytest.raises(
        IllegalInput, match=r"'island' is not possible now \(you can: take, done, scan, undo\)"
    ):
        run(eng, s, "tap island 3")
    with pytest.raises(IllegalInput, match="It is Ana's turn, not Ben's"):
        run(eng, s, "tap take ruby @Ben")
