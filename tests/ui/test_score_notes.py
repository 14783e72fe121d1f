"""The engine's notes on how each category was scored (shown by the score sheet's cells):
one per category, ending in that category's points, and never in `companion score`'s JSON."""

from __future__ import annotations

from companion.games.kintsugi.rules import BROKEN_AND_BEAUTIFUL, PUBLISHED
from companion.games.kintsugi.scoring import Holding, Item, score_holdings

ITEMS = (
    Item("cup"), Item("cup", "repaired"), Item("saucer"), Item("bowl"), Item("bowl"),
    Item("bowl", "repaired"), Item("plate"), Item("plate", "repaired"), Item("vase"),
    Item("vase", "broken"), Item("teapot", pattern="wave"), Item("cup", pattern="wave"),
    Item("tea-jar"), Item("serving-tray"), Item("storage-box"), Item("storage-box"),
)  # fmt: skip


def test_every_category_is_explained_down_to_its_points():
    sheet = score_holdings(
        BROKEN_AND_BEAUTIFUL, PUBLISHED, [Holding("Ana", 3, ITEMS), Holding("Ben", 0, ())]
    )
    ana = sheet.players[0]
    assert set(ana.notes) == set(ana.breakdown)
    for kind, points in ana.breakdown.items():
        assert ana.notes[kind].split(";")[0].endswith((f"= {points}", f"+{points}")), kind
    assert ana.notes["bowl"] == "3 bowls: 3 × 3 + 1 fixed × 1 = 10"
    assert ana.notes["storage-box"] == "2 storage boxes × 3 ingots (at most 4) = 6"
    assert ana.notes["vase"] == "1 vase = 1; 1 broken scores nothing"
    assert "notes" not in str(sheet.to_json())
