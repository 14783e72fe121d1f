"""Pottery Scores, rule by rule, and the rulebook's scoring example."""

from __future__ import annotations

import pytest

from companion.games import definition
from companion.games.kintsugi.rules import BROKEN_AND_BEAUTIFUL as BNB
from companion.games.kintsugi.rules import MINTSUGI
from companion.games.kintsugi.scoring import Holding, Item, score_holdings


def sheet(
    items: list[Item],
    ingots: int = 0,
    others: list[list[Item]] | None = None,
    rules=BNB,
    **settings,
):
    holdings = [Holding("Ana", ingots, tuple(items))]
    holdings += [Holding(f"P{i}", 0, tuple(o)) for i, o in enumerate(others or [])]
    return score_holdings(rules, definition(rules.game).resolve(settings), holdings)


def total(items: list[Item], **kw) -> int:
    return sheet(items, **kw).players[0].total


U, B, R = "unbroken", "broken", "repaired"


def test_rulebook_example_scores_20() -> None:
    # Bowls 5 (2 bowls x2, +1 repaired); teapot 4 (five wave cards, one broken);
    # cup 1 (its saucer is broken); plates 8 (a pair, +2 repaired); vase 2 (1, +1 repaired).
    items = [
        Item("bowl", R, "wave"), Item("bowl", U, "crane"),
        Item("teapot", U, "wave"), Item("cup", U, "wave"), Item("saucer", B, "wave"),
        Item("plate", R, "wave"), Item("plate", U, "lattice"), Item("vase", R, "blossom"),
    ]  # fmt: skip
    result = sheet(items).players[0]
    assert result.breakdown == {
        "bowl": 5,
        "teapot": 4,
        "cup": 1,
        "saucer": 0,
        "plate": 8,
        "vase": 2,
    }
    assert result.total == 20
    assert result.tiebreaks["repaired"] == 3 and result.tiebreaks["items"] == 8


def test_cup_and_saucer_values() -> None:
    assert total([Item("cup", U)]) == 1
    assert total([Item("cup", R)]) == 3
    assert total([Item("cup", U), Item("saucer", U)]) == 2
    assert total([Item("cup", R), Item("saucer", R)]) == 9
    assert total([Item("saucer", R)]) == 0
    assert total([Item("cup", B), Item("saucer", U)]) == 0


def test_cups_and_saucers_are_paired_for_the_best_score() -> None:
    # Best: repaired cup (3) with the x3 saucer = 9, plain cup with the x2 saucer = 2.
    items = [Item("cup", U), Item("cup", R), Item("saucer", U), Item("saucer", R)]
    assert total(items) == 11
    # A saucer multiplies one cup only; the extra cup scores plain.
    assert total([Item("cup", U), Item("cup", U), Item("saucer", U)]) == 3


def test_plates() -> None:
    assert total([Item("plate", U)]) == 0
    assert total([Item("plate", U), Item("plate", U)]) == 6
    assert total([Item("plate", R), Item("plate", R), Item("plate", R)]) == 12
    assert total([Item("plate", R)]) == 2
    assert total([Item("plate", U), Item("plate", B)]) == 0


def test_bowls() -> None:
    assert total([Item("bowl", U)] * 3) == 9
    assert total([Item("bowl", U), Item("bowl", R), Item("bowl", B)]) == 5


def test_tea_jar_majority_ties_all_score() -> None:
    result = sheet([Item("tea-jar", U)], others=[[Item("tea-jar", R)], [Item("tea-jar", B)]])
    assert [p.total for p in result.players] == [6, 7, 0]


def test_no_tea_jars_nobody_scores_majority() -> None:
    assert total([Item("tea-jar", B)], others=[[Item("cup", U)]]) == 0


def test_vases() -> None:
    assert [total([Item("vase", U)] * n) for n in (1, 2, 3, 4)] == [1, 5, 15, 15]
    assert total([Item("vase", R), Item("vase", U)]) == 6


def test_teapot_counts_matching_unbroken_items_and_doubles_when_repaired() -> None:
    items = [
        Item("teapot", U, "wave"),
        Item("cup", U, "wave"),
        Item("bowl", B, "wave"),
        Item("plate", U, "crane"),
    ]
    assert sheet(items).players[0].breakdown["teapot"] == 2
    items[0] = Item("teapot", R, "wave")
    assert sheet(items).players[0].breakdown["teapot"] == 4


def test_trays_and_boxes() -> None:
    assert total([Item("serving-tray", U)] * 2) == 4
    assert total([Item("storage-box", U)] * 2, ingots=3) == 6
    assert total([Item("storage-box", U)], ingots=9) == 4


def test_ties_broken_by_repaired_then_items_then_shared() -> None:
    by_repaired = sheet([Item("cup", R)], others=[[Item("cup", U), Item("cup", U), Item("cup", U)]])
    assert by_repaired.winners == ("Ana",) and "most repaired" in by_repaired.reason
    by_items = sheet([Item("cup", U), Item("plate", U)], others=[[Item("cup", U)]])
    assert by_items.winners == ("Ana",) and "most items" in by_items.reason
    shared = sheet([Item("cup", U)], others=[[Item("cup", U)]])
    assert shared.winners == ("Ana", "P0") and "share" in shared.reason
    assert [p.rank for p in shared.players] == [1, 1]


def test_mintsugi_jug_tie_splits_evenly_rounding_up_or_down_or_full_by_setting() -> None:
    jugs = [[Item("jug", U)], [Item("jug", U)], [Item("jug", U)], [Item("jug", U)]]
    even = sheet(jugs[0], others=jugs[1:], rules=MINTSUGI)  # 6/4 = 1.5: nobody loses to rounding
    assert [p.total for p in even.players] == [2, 2, 2, 2]
    three = sheet(jugs[0], others=jugs[1:3], rules=MINTSUGI)
    assert [p.total for p in three.players] == [2, 2, 2]
    split = sheet(jugs[0], others=jugs[1:], rules=MINTSUGI, jug_tie="split")
    assert [p.total for p in split.players] == [1, 1, 1, 1]
    full = sheet(jugs[0], others=jugs[1:], rules=MINTSUGI, jug_tie="full")
    assert [p.total for p in full.players] == [6, 6, 6, 6]


def test_mintsugi_vase_has_no_repair_bonus_unless_chosen() -> None:
    assert total([Item("vase", R)], rules=MINTSUGI) == 1
    assert total([Item("vase", R)], rules=MINTSUGI, vase_repair_bonus="yes") == 2


def test_mintsugi_saucer_and_tiebreak_settings() -> None:
    fixed_saucer = [Item("cup", U), Item("saucer", R)]
    assert total(fixed_saucer, rules=MINTSUGI) == 2  # the prototype names no x3
    assert total(fixed_saucer, rules=MINTSUGI, saucer="published") == 3
    assert total(fixed_saucer, rules=MINTSUGI, saucer="double") == 2
    shared = sheet([Item("cup", R)], others=[[Item("cup", U)] * 3], rules=MINTSUGI)
    assert shared.winners == ("Ana", "P0")  # the prototype names no tie-break
    broken = sheet(
        [Item("cup", R)], others=[[Item("cup", U)] * 3], rules=MINTSUGI, tiebreak="published"
    )
    assert broken.winners == ("Ana",)


def test_unknown_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown setting"):
        definition(MINTSUGI.game).resolve({"jugs": "split"})
    with pytest.raises(ValueError, match="must be one of"):
        definition(MINTSUGI.game).resolve({"jug_tie": "half"})
